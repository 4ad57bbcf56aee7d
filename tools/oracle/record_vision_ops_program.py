"""Saves a static program of PaddlePaddle 3.3.1's paddle.vision.ops detection
operators (legacy ProgramDesc: model.pdmodel + model.pdiparams) with its
inputs and the outputs PaddlePaddle computed, for
tests/data/vision_ops/program/ (test_vision_ops.py loads and runs it).

Not run by CI (it needs PaddlePaddle itself). Run it from the repository root:

    FLAGS_enable_pir_api=0 /path/to/venv/bin/python tools/oracle/record_vision_ops_program.py
"""
import json
import os
import pathlib
import sys

if os.environ.get("FLAGS_enable_pir_api") != "0":
    sys.exit("run with FLAGS_enable_pir_api=0, so the program is saved as a ProgramDesc")

import numpy as np
import paddle
from paddle.vision import ops

OUT = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "vision_ops" / "program"


def main():
    rng = np.random.default_rng(21)
    xy = rng.uniform(0, 10, (4, 2))
    feeds = {
        "feature": rng.normal(0, 1, (2, 8, 8, 8)).astype("float32"),
        "boxes": np.concatenate([xy, xy + rng.uniform(2, 6, (4, 2))], 1).astype("float32"),
        "boxes_num": np.array([1, 3], "int32"),
        "head": rng.normal(0, 1, (2, 14, 4, 4)).astype("float32"),
        "img_size": np.array([[128, 128], [96, 120]], "int32"),
        "offset": rng.normal(0, 1, (2, 18, 6, 6)).astype("float32"),
        "mask": rng.uniform(0, 1, (2, 9, 6, 6)).astype("float32"),
    }
    paddle.enable_static()
    main_prog, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main_prog, startup):
        v = {k: paddle.static.data(k, list(a.shape), str(a.dtype)) for k, a in feeds.items()}
        weight = paddle.static.create_parameter(
            [4, 8, 3, 3], "float32", name="deform_weight",
            default_initializer=paddle.nn.initializer.Normal(0, 0.3))
        outs = {
            "roi_align": ops.roi_align(v["feature"], v["boxes"], v["boxes_num"], 2, 0.5),
            "roi_pool": ops.roi_pool(v["feature"], v["boxes"], v["boxes_num"], (2, 3), 0.5),
            "prior_boxes": ops.prior_box(v["feature"], v["head"], [4.0], [9.0], [2.0],
                                         flip=True, clip=True)[0],
            "yolo_boxes": ops.yolo_box(v["head"], v["img_size"], [10, 13, 16, 30], 2, 0.3, 32)[0],
            "decoded": ops.box_coder(v["boxes"], [0.1, 0.1, 0.2, 0.2],
                                     paddle.reshape(v["boxes"], [1, 4, 4]) * 0.1,
                                     "decode_center_size"),
            "deform_v2": ops.deform_conv2d(v["feature"], v["offset"], weight, mask=v["mask"]),
            "deform_v1": ops.deform_conv2d(v["feature"], v["offset"], weight),
        }
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    names = list(outs)
    got = exe.run(main_prog, feed=feeds, fetch_list=[outs[n] for n in names])
    OUT.mkdir(parents=True, exist_ok=True)
    paddle.static.save_inference_model(str(OUT / "model"), [v[k] for k in feeds],
                                       [outs[n] for n in names], exe, program=main_prog)
    np.savez_compressed(OUT / "io.npz", **{f"in:{k}": a for k, a in feeds.items()},
                        **{f"out:{n}": g for n, g in zip(names, got)})
    types = sorted({op.type for op in main_prog.global_block().ops})
    (OUT / "meta.json").write_text(json.dumps({"paddle": paddle.__version__, "feeds": list(feeds),
                                               "fetches": names, "op_types": types}, indent=1)
                                   + "\n")
    print(f"{len(names)} outputs, ops {types} -> {OUT}")


if __name__ == "__main__":
    main()
