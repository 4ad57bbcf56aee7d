"""paddle.autograd.jacobian and hessian against PaddlePaddle 3.3.1
(tests/data/autograd/functional.json, tools/oracle/record_autograd_functional.py),
their shapes, indexing, a second derivative through a Jacobian, and bad input."""
import json
import pathlib

import numpy as np
import pytest

import paddle

FIXTURE = json.loads((pathlib.Path(__file__).resolve().parents[1] / "data" / "autograd" /
                      "functional.json").read_text())["cases"]


def _inputs():
    def t(v):
        return paddle.to_tensor(v, dtype="float32", stop_gradient=False)
    return {"paddle": paddle, "x": t([1.0, 2.0, 3.0]), "z": t(2.0), "xb": t([[1.0, 2.0], [3.0, 4.0]]),
            "x1": t([1.0, 2.0]), "x2": t([3.0])}


def _compare(got, want, where):
    if isinstance(want, list):
        assert isinstance(got, tuple) and len(got) == len(want), where
        for i, (g, w) in enumerate(zip(got, want)):
            _compare(g, w, f"{where}[{i}]")
        return
    assert got.shape == want["shape"], where
    if want["value"] is not None:
        np.testing.assert_allclose(got[:].numpy(), want["value"], rtol=1e-5, err_msg=where)


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_matches_3_3_1(name):
    case = FIXTURE[name]
    _compare(eval(case["expr"], _inputs()), case["result"], name)


def test_indexing_arithmetic_and_second_derivatives():
    x = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
    J = paddle.autograd.jacobian(x ** 3, x)
    np.testing.assert_allclose(J[1].numpy(), [0.0, 12.0, 0.0])
    np.testing.assert_allclose(J[:, 2].numpy(), [0.0, 0.0, 27.0])
    np.testing.assert_allclose((J + J).numpy(), 2 * J[:].numpy())
    np.testing.assert_allclose(J.numpy(), J[:].numpy())  # Tensor attributes act on the matrix
    (d,) = paddle.grad(J[:].sum(), [x])  # the Jacobian keeps its graph
    np.testing.assert_allclose(d.numpy(), [6.0, 12.0, 18.0])
    z = paddle.to_tensor(2.0, stop_gradient=False)
    with pytest.raises(IndexError, match="0-D tensor can not be indexed"):
        paddle.autograd.jacobian(z * z, z)[:]


def test_bad_input():
    x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
    with pytest.raises(ValueError, match="xs.ndim should be 0 or 1 when is_batched=False"):
        paddle.autograd.jacobian(x.sum(), x)
    with pytest.raises(ValueError, match=r"\[jacobian\] batch_axis should be None or 0"):
        paddle.autograd.jacobian(x, x, batch_axis=1)
    with pytest.raises(ValueError, match=r"\[hessian\] Only support ys.numel\(\)\(2\)==1"):
        paddle.autograd.hessian(x * 2, x)
