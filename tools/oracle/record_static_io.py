"""The static-mode model files both ways between this paddle and PaddlePaddle 3.3.1.

`export` (run with this paddle): trains a small conv + batch_norm + fc program in static mode,
saves it with paddle.static.save_inference_model into tests/data/static_io/ours.* and the input
and this paddle's outputs into ours_io.npz.
`check` (run with PaddlePaddle 3.3.1, legacy ProgramDesc mode): loads ours.* with
paddle.static.load_inference_model and with paddle.inference, runs the input, and writes what
it computed into paddle_runs_ours.npz; tests/python/test_static_io.py checks they agree.

Run: python tools/oracle/record_static_io.py (runs both, with .venv/bin/python and
/work/venvs/paddle/bin/python, or PADDLE_PYTHON)."""
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "tests/data/static_io"


def export():
    import numpy as np
    import paddle

    paddle.enable_static()
    paddle.seed(11)
    rng = np.random.RandomState(3)
    images = rng.rand(16, 1, 8, 8).astype("float32")
    labels = rng.randint(0, 4, size=[16, 1]).astype("int64")
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("image", [None, 1, 8, 8])
        label = paddle.static.data("label", [None, 1], "int64")
        h = paddle.static.nn.conv2d(x, 4, 3, padding=1, act="relu")
        h = paddle.static.nn.batch_norm(h)
        h = paddle.nn.functional.max_pool2d(h, 2)
        logits = paddle.static.nn.fc(paddle.flatten(h, 1), 4)
        probs = paddle.nn.functional.softmax(logits)
        loss = paddle.mean(paddle.nn.functional.cross_entropy(logits, label))
        paddle.optimizer.Adam(0.01).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    for _ in range(3):
        exe.run(main, feed={"image": images, "label": labels}, fetch_list=[loss])
    paddle.static.save_inference_model(str(OUT / "ours"), [x], [probs], exe, program=main)
    prog, feeds, fetches = paddle.static.load_inference_model(str(OUT / "ours"), exe)
    (out,) = exe.run(prog, feed={feeds[0]: images[:5]}, fetch_list=fetches)
    np.savez(OUT / "ours_io.npz", image=images[:5], probs=out)


def check():
    import numpy as np
    import paddle
    import paddle.inference as infer

    data = np.load(OUT / "ours_io.npz")
    paddle.enable_static()
    exe = paddle.static.Executor(paddle.CPUPlace())
    prog, feeds, fetches = paddle.static.load_inference_model(str(OUT / "ours"), exe)
    (static_out,) = exe.run(prog, feed={feeds[0]: data["image"]}, fetch_list=fetches)
    config = infer.Config(str(OUT / "ours.pdmodel"), str(OUT / "ours.pdiparams"))
    predictor = infer.create_predictor(config)
    handle = predictor.get_input_handle(predictor.get_input_names()[0])
    handle.copy_from_cpu(data["image"])
    predictor.run()
    infer_out = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
    np.savez(OUT / "paddle_runs_ours.npz", feeds=np.array(feeds), static=static_out,
             inference=infer_out, version=np.array(paddle.__version__))


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    ours = str(ROOT / ".venv/bin/python")
    theirs = os.environ.get("PADDLE_PYTHON", "/work/venvs/paddle/bin/python")
    subprocess.run([ours, __file__, "export"], check=True)
    subprocess.run([theirs, __file__, "check"], check=True,
                   env={**os.environ, "FLAGS_enable_pir_api": "0"})


if __name__ == "__main__":
    {"export": export, "check": check}.get(sys.argv[1] if len(sys.argv) > 1 else "", main)()
