"""Exports test models with the real PaddlePaddle 3.3.1 into tests/data/<name>/.

Not run by CI (it needs PaddlePaddle itself). Run it from a virtual env
outside the repo that has `paddlepaddle==3.3.1` and NumPy:

    FLAGS_enable_pir_api=0 /path/to/venv/bin/python tools/oracle/export_models.py [names...]

Each model is an eval-mode `paddle.nn.Layer` with seeded weights (batch-norm
running statistics drawn too, so they matter), saved by `paddle.jit.save` in
the ProgramDesc format (`model.pdmodel` + `model.pdiparams`), then loaded by
PaddlePaddle's own inference predictor on seeded inputs. `io.npz` holds those
inputs (`in:<feed>`) and the outputs PaddlePaddle computed (`out:<fetch>`);
`meta.json` the feed and fetch order and the op types of the program.
"""
import json
import os
import pathlib
import sys
import tempfile

if os.environ.get("FLAGS_enable_pir_api") != "0":
    sys.exit("run with FLAGS_enable_pir_api=0, so jit.save writes a .pdmodel ProgramDesc")

import numpy as np
import paddle
import paddle.nn as nn
import paddle.nn.functional as F
from paddle import inference
from paddle.base.layer_helper import LayerHelper
from paddle.static import InputSpec

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"


def conv_bn(cin, cout, k, stride=1, groups=1):
    return nn.Sequential(nn.Conv2D(cin, cout, k, stride, k // 2, groups=groups, bias_attr=False),
                         nn.BatchNorm2D(cout))


class MobileNetBlock(nn.Layer):
    """Stem conv, a depthwise-separable block (depthwise 3x3, pointwise 1x1), pooling, classifier."""

    def __init__(self):
        super().__init__()
        self.stem = conv_bn(3, 8, 3, stride=2)
        self.dw = conv_bn(8, 8, 3, groups=8)
        self.pw = conv_bn(8, 16, 1)
        self.fc = nn.Linear(16, 10)

    def forward(self, x):
        x = F.relu6(self.stem(x))
        x = F.relu6(self.dw(x))
        x = F.hardswish(self.pw(x))
        x = paddle.flatten(F.adaptive_avg_pool2d(x, 1), 1)
        return F.softmax(self.fc(x))


class ResNetBlock(nn.Layer):
    """A basic residual block with a strided 1x1 shortcut, then max pooling and a classifier."""

    def __init__(self):
        super().__init__()
        self.a = conv_bn(8, 16, 3, stride=2)
        self.b = conv_bn(16, 16, 3)
        self.short = conv_bn(8, 16, 1, stride=2)
        self.fc = nn.Linear(16 * 4 * 4, 5)

    def forward(self, x):
        y = self.b(F.relu(self.a(x)))
        y = F.relu(y + self.short(x))
        y = F.max_pool2d(y, 2, 2)
        return self.fc(paddle.flatten(y, 1))


def gelu(x):
    return 0.5 * x * (1 + paddle.erf(x * 0.5**0.5))


class EncoderLayer(nn.Layer):
    """Pre-norm multi-head self-attention and a GELU feed-forward, each with dropout and a residual.

    Written out rather than nn.TransformerEncoderLayer: with FLAGS_enable_pir_api=0,
    PaddlePaddle 3.3.1's jit.save fails on paddle.matmul and F.gelu (their PIR-only
    paths), so attention uses `@` and GELU is written with erf."""

    def __init__(self, d, heads, ff):
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.ff1, self.ff2 = nn.Linear(d, ff), nn.Linear(ff, d)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        n, t, d = x.shape[0], x.shape[1], x.shape[2]
        qkv = self.qkv(self.norm1(x)).reshape([0, t, 3, self.heads, d // self.heads])
        qkv = qkv.transpose([2, 0, 3, 1, 4])  # [3, n, heads, t, dh]
        q, k, v = qkv[0], qkv[1], qkv[2]
        att = F.softmax((q * (d // self.heads) ** -0.5) @ k.transpose([0, 1, 3, 2]), axis=-1)
        y = (self.drop(att) @ v).transpose([0, 2, 1, 3]).reshape([0, t, d])
        x = x + self.drop(self.proj(y))
        return x + self.drop(self.ff2(self.drop(gelu(self.ff1(self.norm2(x))))))


class TransformerEncoder(nn.Layer):
    """Two pre-norm encoder layers (multi-head attention, GELU feed-forward), a final norm and a mean-pooled head."""

    def __init__(self):
        super().__init__()
        self.layers = nn.LayerList([EncoderLayer(32, 4, 64) for _ in range(2)])
        self.norm = nn.LayerNorm(32)
        self.head = nn.Linear(32, 3)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x).mean(axis=1))


class LSTMClassifier(nn.Layer):
    """Embedding, a 2-layer bidirectional LSTM, the last step's features, a classifier."""

    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(50, 16, padding_idx=0)
        self.lstm = nn.LSTM(16, 24, num_layers=2, direction="bidirect")
        self.fc = nn.Linear(48, 4)

    def forward(self, ids):
        out, _ = self.lstm(self.embed(ids))
        return F.softmax(self.fc(out[:, -1, :]))


class InterpPReLU(nn.Layer):
    """Conv, channel PReLU, bilinear 2x upsampling, conv, nearest resize, single-alpha PReLU."""

    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2D(3, 6, 3, padding=1)
        self.p1 = nn.PReLU(6, init=0.2)
        self.c2 = nn.Conv2D(6, 4, 3, padding=1)
        self.p2 = nn.PReLU(1, init=0.1)

    def forward(self, x):
        x = self.p1(self.c1(x))
        x = F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)
        x = self.c2(x)
        x = F.interpolate(x, size=[11, 13], mode="nearest")
        return self.p2(x)


def logical_reduce(op_type, x, axis=None, keepdim=False):
    """paddle.all / paddle.any (reduce_all / reduce_any). PaddlePaddle 3.3.1's all/any build
    only PIR programs, so in the legacy static graph their op is appended as its proto reads."""
    if paddle.in_dynamic_mode():
        return (paddle.all if op_type == "reduce_all" else paddle.any)(x, axis, keepdim)
    helper = LayerHelper(op_type)
    out = helper.create_variable_for_type_inference("bool")
    helper.append_op(type=op_type, inputs={"X": [x]}, outputs={"Out": [out]},
                     attrs={"dim": [0] if axis is None else axis, "keep_dim": keepdim,
                            "reduce_all": axis is None})
    return out


class ConstMask(nn.Layer):
    """Constants of every assign_value dtype (paddle.assign of NumPy arrays, paddle.to_tensor), row masks from reduce_all / reduce_any, a gather."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        offset = paddle.assign(np.array([[0.5, -0.25, 1.0, -1.5]], "float32"))
        y = self.fc(x + offset)
        keep = paddle.to_tensor([True, False, True])
        pos = y > 0
        row_all = logical_reduce("reduce_all", pos, [1], True)
        row_any = logical_reduce("reduce_any", y * paddle.cast(keep, "float32") > 0.25, [-1], True)
        every = logical_reduce("reduce_all", pos)
        order = paddle.gather(y, paddle.to_tensor([2, 0, 1]), axis=1)
        step = paddle.cast(paddle.assign(np.array([1, -2, 3], "int32")), "float32")
        out = (order * paddle.cast(row_all, "float32") + paddle.cast(row_any, "float32")
               + paddle.cast(every, "float32") + step)
        scale = paddle.assign(np.array([[0.1, 2.5, -3.0]], "float64"))
        return out, paddle.cast(out, "float64") * scale


class TinyResNet224(nn.Layer):
    """An ImageNet-shaped classifier ([N, 3, 224, 224] in, 1000 logits out) of about 60 KB: stem conv, max pooling, one basic residual block, global pooling; what PaddlePaddle's C++ resnet50 demo feeds."""

    def __init__(self):
        super().__init__()
        self.stem = conv_bn(3, 8, 7, stride=2)
        self.conv1 = conv_bn(8, 8, 3)
        self.conv2 = conv_bn(8, 8, 3)
        self.fc = nn.Linear(8, 1000)

    def forward(self, x):
        x = (x - 12.7) / 12.7  # the demo's pixel values (0 to 25.4) to [-1, 1]
        x = F.max_pool2d(F.relu(self.stem(x)), 3, 2, 1)
        x = F.relu(x + self.conv2(F.relu(self.conv1(x))))
        x = paddle.flatten(F.adaptive_avg_pool2d(x, 1), 1)
        return self.fc(x)  # logits: a softmax of such large values would be all 0 and 1


# name: (layer class, {feed: (shape, dtype, low, high)}, seed)
MODELS = {
    "mobilenet_block": (MobileNetBlock, {"x": ([2, 3, 32, 32], "float32", -1, 1)}, 2001),
    "resnet_block": (ResNetBlock, {"x": ([2, 8, 16, 16], "float32", -1, 1)}, 2002),
    "transformer_encoder": (TransformerEncoder, {"x": ([2, 8, 32], "float32", -1, 1)}, 2003),
    "lstm_classifier": (LSTMClassifier, {"ids": ([3, 7], "int64", 0, 50)}, 2004),
    "interp_prelu": (InterpPReLU, {"x": ([2, 3, 9, 10], "float32", -1, 1)}, 2005),
    "const_mask": (ConstMask, {"x": ([6, 4], "float32", -2, 2)}, 2006),
    "tiny_resnet224": (TinyResNet224, {"x": ([1, 3, 224, 224], "float32", 0, 25.4)}, 2007),
}


def randomize(layer, rng):
    """Every parameter and buffer drawn from a seeded generator (variances positive)."""
    for name, p in list(layer.named_parameters()) + list(layer.named_buffers()):
        shape = p.shape
        if name.endswith("_variance"):
            v = rng.uniform(0.5, 1.5, shape)
        elif name.endswith("_mean"):
            v = rng.uniform(-0.2, 0.2, shape)
        else:
            v = rng.uniform(-0.5, 0.5, shape)
        p.set_value(v.astype(p.numpy().dtype))


def export(name):
    cls, feeds, seed = MODELS[name]
    paddle.seed(seed)
    rng = np.random.default_rng(seed)
    layer = cls()
    randomize(layer, rng)
    layer.eval()
    specs = [InputSpec([None] + shape[1:], dtype, feed) for feed, (shape, dtype, _, _) in feeds.items()]
    out_dir = DATA / name
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        paddle.jit.save(layer, os.path.join(tmp, "model"), input_spec=specs)
        for ext in ("pdmodel", "pdiparams"):
            (out_dir / f"model.{ext}").write_bytes(pathlib.Path(tmp, f"model.{ext}").read_bytes())

    config = inference.Config(str(out_dir / "model.pdmodel"), str(out_dir / "model.pdiparams"))
    config.disable_mkldnn()
    config.switch_ir_optim(False)
    predictor = inference.create_predictor(config)
    inputs = {}
    for feed, (shape, dtype, low, high) in feeds.items():
        if dtype.startswith("int"):
            inputs[feed] = rng.integers(low, high, shape).astype(dtype)
        else:
            inputs[feed] = rng.uniform(low, high, shape).astype(dtype)
    feed_order = predictor.get_input_names()
    for feed in feed_order:
        predictor.get_input_handle(feed).copy_from_cpu(inputs[feed])
    predictor.run()
    fetch_order = predictor.get_output_names()
    outputs = {f: predictor.get_output_handle(f).copy_to_cpu() for f in fetch_order}

    # The eager layer and the saved program agree (the export is what was meant).
    eager = layer(*[paddle.to_tensor(inputs[f]) for f in feeds])
    eager = eager if isinstance(eager, (list, tuple)) else [eager]
    for want, got in zip(eager, outputs.values()):
        np.testing.assert_allclose(got, want.numpy(), rtol=0, atol=1e-5)

    np.savez(out_dir / "io.npz", **{f"in:{k}": v for k, v in inputs.items()},
             **{f"out:{k}": v for k, v in outputs.items()})
    paddle.enable_static()
    program, _, _ = paddle.static.load_inference_model(
        str(out_dir / "model"), paddle.static.Executor(paddle.CPUPlace()))
    ops = sorted({op.type for op in program.global_block().ops})
    paddle.disable_static()
    meta = {
        "name": name, "seed": seed, "paddle": paddle.__version__,
        "feeds": {f: {"dtype": str(inputs[f].dtype), "shape": list(inputs[f].shape)} for f in feed_order},
        "feed_order": feed_order, "fetch_order": fetch_order,
        "fetch_shapes": {f: list(v.shape) for f, v in outputs.items()},
        "ops": ops,
    }
    (out_dir / "meta.json").write_text(json.dumps(meta, indent=1) + "\n")
    (out_dir / "README.md").write_text(
        f"`{cls.__name__}` ({cls.__doc__}) exported by the real PaddlePaddle "
        f"{paddle.__version__} with `tools/oracle/export_models.py` (seed {seed}): `model.pdmodel`, "
        "`model.pdiparams`, and in `io.npz` the inputs and the outputs PaddlePaddle's own "
        "predictor computed from the saved files; `meta.json` lists feeds, fetches and op types.\n")
    print(f"{name}: ops {ops}")


if __name__ == "__main__":
    paddle.disable_static()
    for name in sys.argv[1:] or MODELS:
        export(name)
