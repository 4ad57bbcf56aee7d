"""The objects the paddle.save/load fixtures (tests/data/save_load) are made
of, written as JSON specs so the real PaddlePaddle (save_load_oracle.py) and
our paddle (tests/python/test_save_load.py) build the very same objects, and
`describe`, which turns what was saved or loaded back into such a spec.

A spec is a JSON scalar (int, float, str, bool, null) or a one-key object:
    {"tensor": {"name", "dtype", "shape", "values"}}   a paddle.Tensor
    {"ndarray": {"dtype", "shape", "values"}}          a numpy array
    {"dict": [[key, spec], ...]}, {"odict": [...]}     dict, OrderedDict
    {"list": [...]}, {"tuple": [...]}, {"set": [...]}

Run with our paddle installed, `python -m tools.oracle.save_load_cases DIR`
writes every case with our paddle.save into DIR (<case>.bin) for the oracle's
check-ours step.
"""
import collections
import json
import pathlib
import sys

import numpy as np

HERE = pathlib.Path(__file__).resolve()
DATA = HERE.parents[2] / "tests" / "data" / "save_load"


def _t(name, dtype, shape, values):
    return {"tensor": {"name": name, "dtype": dtype, "shape": shape, "values": values}}


def _n(dtype, shape, values):
    return {"ndarray": {"dtype": dtype, "shape": shape, "values": values}}


W = _t("linear_0.w_0", "float32", [2, 3], [0.5, -1.0, 2.0, 3.25, 0.0, -7.5])
B = _t("linear_0.b_0", "float32", [3], [0.1, 0.2, 0.3])

# name -> (spec, file suffix, protocol)
CASES = {
    "tensor": (_t("w0", "float32", [2, 3], [0, 1, 2, 3, 4, 5]), ".pdtensor", 4),
    "scalar_tensor": (_t("s", "float32", [], [3.0]), ".pdtensor", 4),
    "linear_state": ({"dict": [["weight", W], ["bias", B]]}, ".pdparams", 4),
    "adam_state": ({"dict": [
        ["linear_0.w_0_moment1_0", _t("linear_0.w_0_moment1_0", "float32", [2, 3], [0.1] * 6)],
        ["linear_0.b_0_moment1_0", _t("linear_0.b_0_moment1_0", "float32", [3], [0.1] * 3)],
        ["linear_0.w_0_beta1_pow_acc_0", _t("linear_0.w_0_beta1_pow_acc_0", "float32", [1], [0.81])],
        ["LR_Scheduler", {"dict": [["last_epoch", 3], ["last_lr", 0.05]]}],
    ]}, ".pdopt", 4),
    "state_protocol2": ({"dict": [["weight", W], ["bias", B]]}, ".pdparams", 2),
    "state_protocol3": ({"odict": [["weight", W], ["bias", B]]}, ".pdparams", 3),
    "nested": ({"dict": [
        ["a", {"list": [W, 1, "str", {"dict": [["b", B]]}]}],
        ["n", _n("float64", [2], [1.0, 2.0])],
        ["t", {"tuple": [B, "k"]}],
        ["s", {"set": [1, 2]}],
        ["none", None],
        ["f", 1.5],
    ]}, ".pkl", 4),
    "dtypes_protocol2": ({"list": [
        _t("i64", "int64", [3], [1, -2, 3]),
        _t("i32", "int32", [2], [7, 8]),
        _t("b", "bool", [2], [True, False]),
        _t("h", "float16", [2], [0.5, -2.0]),
        _t("d", "float64", [2, 1], [1e-300, 2.5]),
        _t("u8", "uint8", [2], [0, 255]),
        _t("i8", "int8", [2], [-128, 127]),
        _t("bf", "bfloat16", [3], [1.0, -2.5, 0.015625]),
    ]}, ".pkl", 2),
    "same_tensor_twice": ({"tuple": [W, W]}, ".pkl", 3),
    "numpy_only": ({"dict": [["n", _n("float32", [2], [1.0, 2.0])],
                             ["l", {"list": [_n("int64", [1], [5]), 3]}]]}, ".pkl", 4),
    "plain": ({"dict": [["a", {"dict": [["b", 1]]}], ["c", "two"]]}, ".pkl", 4),
    "empty_state": ({"dict": []}, ".pdparams", 4),
}

# Single tensors saved with use_binary_format=True (the C++ tensor stream).
BINARY_CASES = {
    "binary_tensor": _t("w0", "float32", [2, 3], [0, 1, 2, 3, 4, 5]),
    "binary_int64_scalar": _t("n", "int64", [], [-7]),
    "binary_bfloat16": _t("bf", "bfloat16", [2], [1.0, -2.5]),
}

# A state_dict saved with protocol 2 while arrays over BIG_SPLIT_MAX_BYTES
# count as big (PaddlePaddle's limit is 1 GiB): w is stored in two slices.
BIG_SPLIT_STATE = {"dict": [
    ["w", _t("linear_9.w_0", "float32", [2, 3], [0, 1, 2, 3, 4, 5])],
    ["b", _t("linear_9.b_0", "float32", [2], [1, 1])],
]}
BIG_SPLIT_MAX_BYTES = 16


def build(spec, paddle):
    """The object a spec stands for, with `paddle`'s Tensor."""
    if not isinstance(spec, dict):
        return spec
    (kind, body), = spec.items()
    if kind == "tensor":
        if body["dtype"] == "bfloat16":
            t = paddle.to_tensor(np.array(body["values"], "float32").reshape(body["shape"]))
            t = t.astype("bfloat16")
        else:
            t = paddle.to_tensor(np.array(body["values"], body["dtype"]).reshape(body["shape"]))
        t.name = body["name"]
        return t
    if kind == "ndarray":
        return np.array(body["values"], body["dtype"]).reshape(body["shape"])
    if kind == "dict":
        return {k: build(v, paddle) for k, v in body}
    if kind == "odict":
        return collections.OrderedDict((k, build(v, paddle)) for k, v in body)
    items = [build(v, paddle) for v in body]
    return {"list": list, "tuple": tuple, "set": set}[kind](items)


def _values(arr):
    return [v.item() for v in np.asarray(arr).reshape(-1)]


def describe(obj, tensor_type=None):
    """The spec of `obj` (anything else becomes {"other": repr})."""
    if tensor_type is not None and isinstance(obj, tensor_type):
        dtype = str(obj.dtype).replace("paddle.", "")
        arr = obj.astype("float32").numpy() if dtype == "bfloat16" else obj.numpy()
        # A name the loader did not set is a counter's, which differs run to run.
        name = "generated_tensor_*" if obj.name.startswith("generated_tensor") else obj.name
        return _t(name, dtype, list(obj.shape), _values(arr))
    if isinstance(obj, np.ndarray):
        return _n(str(obj.dtype), list(obj.shape), _values(obj))
    if type(obj) in (dict, collections.OrderedDict):
        kind = "dict" if type(obj) is dict else "odict"
        return {kind: [[k, describe(v, tensor_type)] for k, v in obj.items()]}
    if type(obj) in (list, tuple):
        return {type(obj).__name__: [describe(v, tensor_type) for v in obj]}
    if type(obj) is set:
        return {"set": sorted(describe(v, tensor_type) for v in obj)}
    if obj is None or type(obj) in (int, float, str, bool):
        return obj
    return {"other": repr(obj)}


def write_ours(out_dir):
    import paddle
    from paddle.framework import _saved_format

    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, (spec, suffix, protocol) in CASES.items():
        paddle.save(build(spec, paddle), str(out_dir / (name + suffix)), protocol=protocol)
    for name, spec in BINARY_CASES.items():
        paddle.save(build(spec, paddle), str(out_dir / (name + ".pdtensor")), use_binary_format=True)
    _saved_format.MAX_SLICE_BYTES = BIG_SPLIT_MAX_BYTES
    paddle.save(build(BIG_SPLIT_STATE, paddle), str(out_dir / "big_split.pdparams"), protocol=2)


if __name__ == "__main__":
    write_ours(sys.argv[1])
