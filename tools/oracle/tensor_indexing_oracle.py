"""Records PaddlePaddle 3.3.1's results of Tensor indexing and item
assignment into tests/data/tensor_api/indexing.npz, for
tests/python/test_tensor_indexing.py. Each case is Python source for the
index (and value) evaluated with T = paddle.to_tensor, np and MASK*. Left
out: None next to an index array (3.3.1 gives shapes numpy does not, e.g.
x[None, [1]] is [1, 2, 3, 4]) and a 2-D index array with a reversed slice
(3.3.1 crashes); the tests check those against numpy.

Run with the real PaddlePaddle: /work/venvs/paddle/bin/python tools/oracle/tensor_indexing_oracle.py
"""
import json
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "tensor_api"

X = np.arange(24, dtype="float32").reshape(2, 3, 4)
MASK2 = np.array([[True, False, True], [False, False, True]])
MASK3 = X % 5 == 1

GET_CASES = [
    "[[0, 1]]",
    "T([1, 0])",
    "(slice(None), [2, 0])",
    "(slice(None), [2, 0], [1, 3])",
    "([1, 0], slice(None), [3, 1])",
    "(0, slice(None), [1, 2])",
    "(slice(None), 1, [1, 2])",
    "(Ellipsis, [0, 3])",
    "T(MASK2)",
    "T(MASK3)",
    "(slice(None), T([True, False, True]))",
    "([-1, -2],)",
    "(T([[1], [0]]), T([0, 2]))",
    "(slice(None), [[0, 2], [1, 1]], slice(0, 4, 2))",
    "(1, T([2, 0]), T([3]))",
    "(0, slice(None), [1, 2])",
    "(Ellipsis, 0, [1, 2])",
    "([[0], [1]], 0, T([1, 2]))",
    "MASK2",
]

SET_CASES = [
    ("0", "5.0"),
    ("(slice(None), [0, 2])", "T([[1.0], [2.0]]).reshape([2, 1, 1])"),
    ("T(MASK3)", "0.0"),
    ("(Ellipsis, 1)", "np.ones((2, 3), 'float32')"),
    ("([1, 0], slice(None), [3, 1])", "T([7.0, 8.0, 9.0])"),
    ("(slice(None), slice(1, 3))", "T([[1.0, 2.0, 3.0, 4.0]])"),
    ("(slice(None, None, -1), 0, slice(None, None, 2))", "T([[10.0, 20.0]])"),
    ("T(MASK2)", "T([-1.0, -2.0, -3.0, -4.0])"),
    ("(0, slice(None), [1, 2])", "T([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])"),
]


def main():
    import paddle

    env = {"T": paddle.to_tensor, "np": np, "MASK2": MASK2, "MASK3": MASK3}
    arrays = {"x": X}
    for i, src in enumerate(GET_CASES):
        arrays[f"get{i}"] = paddle.to_tensor(X)[eval(src, env)].numpy()
    for i, (src, value) in enumerate(SET_CASES):
        t = paddle.to_tensor(X)
        t[eval(src, env)] = eval(value, env)
        arrays[f"set{i}"] = t.numpy()
    OUT.mkdir(parents=True, exist_ok=True)
    np.savez(OUT / "indexing.npz", **arrays)
    (OUT / "indexing.json").write_text(json.dumps(
        {"get": GET_CASES, "set": SET_CASES, "paddle": paddle.__version__}, indent=1) + "\n")


if __name__ == "__main__":
    main()
