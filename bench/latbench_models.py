"""Makes the models of inference_latency_bench.py with the real PaddlePaddle 3.3.1.

    FLAGS_enable_pir_api=0 /work/venvs/paddle/bin/python bench/latbench_models.py [--out DIR]

Into DIR (default ~/.cache/paddle-bench; never committed, ResNet-18 alone is 45 MB), one
folder per model:

  model.pdmodel, model.pdiparams  the legacy ProgramDesc export (paddle.jit.save);
  io.npz                          batch-1 inputs (`in:<feed>`) and the outputs PaddlePaddle's
                                  own predictor computed (`out:<fetch>`, oneDNN off, no passes);
  graph.json, weights.npz         the program's ops, variable shapes and persistable tensors in a
                                  neutral form, from which latbench_peers.py builds the ONNX graph
                                  and the PyTorch module of the same model and weights.

Models: ResNet-18 (paddle.vision.models.resnet18, 224x224), MobileNetV2 (224x224), a BERT-like
encoder (2 layers, hidden 128, 2 heads, FFN 512, sequence 32), and the oracle models of
tests/data (their own exports, sliced to batch 1). Weights: each layer's default initializer
under a fixed seed, batch-norm statistics drawn from a seeded generator so they matter.
"""
import argparse
import json
import os
import pathlib
import shutil
import sys
import tempfile

if os.environ.get("FLAGS_enable_pir_api") != "0":
    sys.exit("run with FLAGS_enable_pir_api=0, so jit.save writes a .pdmodel ProgramDesc")

import numpy as np
import paddle
from paddle import inference
from paddle.static import InputSpec

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools" / "oracle"))
from export_models import EncoderLayer  # noqa: E402  (the oracle's encoder layer, jit.save-safe)

DEFAULT_OUT = pathlib.Path(os.path.expanduser("~/.cache/paddle-bench"))
# Oracle models of tests/data benchmarked at batch 1 (their recorded inputs' first row).
ORACLE_MODELS = ["mlp", "lenet", "embed_pool", "mobilenet_block", "resnet_block",
                 "transformer_encoder", "tiny_resnet224"]


class BertLike(paddle.nn.Layer):
    """Two encoder layers (hidden 128, 2 heads, FFN 512, GELU) and a final LayerNorm on [N, 32, 128]."""

    def __init__(self):
        super().__init__()
        self.layers = paddle.nn.LayerList([EncoderLayer(128, 2, 512) for _ in range(2)])
        self.norm = paddle.nn.LayerNorm(128)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)


def resnet18():
    return paddle.vision.models.resnet18()


def mobilenet_v2():
    return paddle.vision.models.mobilenet_v2()


# name: (builder, feed name, batch-1 input shape, seed)
GENERATED = {
    "resnet18": (resnet18, "x", [1, 3, 224, 224], 9001),
    "mobilenet_v2": (mobilenet_v2, "x", [1, 3, 224, 224], 9002),
    "bert_like": (BertLike, "x", [1, 32, 128], 9003),
}


def draw_norm_statistics(layer, rng):
    for name, buf in layer.named_buffers():
        if name.endswith("_mean"):
            buf.set_value(rng.uniform(-0.1, 0.1, buf.shape).astype("float32"))
        elif name.endswith("_variance"):
            buf.set_value(rng.uniform(0.5, 1.5, buf.shape).astype("float32"))


def export(name, out):
    build, feed, shape, seed = GENERATED[name]
    paddle.disable_static()
    paddle.seed(seed)
    rng = np.random.default_rng(seed)
    layer = build()
    draw_norm_statistics(layer, rng)
    layer.eval()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        paddle.jit.save(layer, os.path.join(tmp, "model"),
                        input_spec=[InputSpec([None] + shape[1:], "float32", feed)])
        for ext in ("pdmodel", "pdiparams"):
            shutil.copyfile(os.path.join(tmp, "model." + ext), out / ("model." + ext))
    x = rng.uniform(-1, 1, shape).astype("float32")
    want = layer(paddle.to_tensor(x)).numpy()
    outputs = predict(out, {feed: x})
    got = next(iter(outputs.values()))
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    np.savez(out / "io.npz", **{"in:" + feed: x}, **{"out:" + k: v for k, v in outputs.items()})


def copy_oracle(name, out):
    """An oracle model at batch 1: its files, its recorded inputs' first row, Paddle's outputs for it."""
    src = REPO / "tests" / "data" / name
    out.mkdir(parents=True, exist_ok=True)
    for f in ("model.pdmodel", "model.pdiparams"):
        shutil.copyfile(src / f, out / f)
    io = np.load(src / "io.npz")
    feeds = {k[3:]: io[k][:1] for k in io.files if k.startswith("in:")}
    outputs = predict(out, feeds)
    for k, v in outputs.items():  # batch rows are independent: row 0 is the recorded row 0
        np.testing.assert_allclose(v, io["out:" + k][:1], rtol=1e-5, atol=1e-5)
    np.savez(out / "io.npz", **{"in:" + k: v for k, v in feeds.items()},
             **{"out:" + k: v for k, v in outputs.items()})


def predict(model_dir, feeds):
    config = inference.Config(str(model_dir / "model.pdmodel"), str(model_dir / "model.pdiparams"))
    config.disable_mkldnn()
    config.switch_ir_optim(False)
    predictor = inference.create_predictor(config)
    for name in predictor.get_input_names():
        predictor.get_input_handle(name).copy_from_cpu(feeds[name])
    predictor.run()
    return {n: predictor.get_output_handle(n).copy_to_cpu() for n in predictor.get_output_names()}


def plain(value):
    """An op attribute as JSON, or None for the ones a converter never needs (blocks, vars)."""
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(v, (bool, int, float, str)) for v in value):
        return list(value)
    return None


def dump_graph(model_dir):
    """graph.json (feeds, fetches, ops, variable shapes) and weights.npz (persistables) of the export."""
    paddle.enable_static()
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        program, feeds, fetches = paddle.static.load_inference_model(str(model_dir / "model"), exe)
        block = program.global_block()
        ops = []
        for op in block.ops:
            if op.type in ("feed", "fetch"):
                continue
            attrs = {a: plain(op.attr(a)) for a in op.attr_names}
            ops.append({"type": op.type,
                        "inputs": {s: op.input(s) for s in op.input_names},
                        "outputs": {s: op.output(s) for s in op.output_names},
                        "attrs": {k: v for k, v in attrs.items() if v is not None}})
        shapes = {name: list(var.shape) for name, var in block.vars.items()
                  if var.type == paddle.base.core.VarDesc.VarType.LOD_TENSOR}
        weights = {name: np.array(scope.find_var(name).get_tensor())
                   for name, var in block.vars.items()
                   if var.persistable and name not in ("feed", "fetch")}
    paddle.disable_static()
    graph = {"feeds": list(feeds), "fetches": [v.name for v in fetches], "ops": ops, "shapes": shapes}
    (model_dir / "graph.json").write_text(json.dumps(graph) + "\n")
    np.savez(model_dir / "weights.npz", **weights)
    return sorted({op["type"] for op in ops})


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT)
    ap.add_argument("names", nargs="*", help="models to make (default: all)")
    args = ap.parse_args()
    for name in args.names or list(GENERATED) + ORACLE_MODELS:
        out = args.out / name
        if name in GENERATED:
            export(name, out)
        elif name in ORACLE_MODELS:
            copy_oracle(name, out)
        else:
            sys.exit(f"unknown model {name!r}; known: {', '.join(list(GENERATED) + ORACLE_MODELS)}")
        print(f"{name}: {out}, ops {dump_graph(out)}")


if __name__ == "__main__":
    sys.exit(main())
