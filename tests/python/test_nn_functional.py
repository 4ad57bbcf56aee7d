"""paddle.nn.functional against PaddlePaddle 3.3.1: each case of
nn_functional_cases.py gives the outputs and input gradients that
tools/oracle/nn_functional_oracle.py recorded (tests/data/nn_functional)."""
import pathlib

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from nn_functional_cases import CASES, cotangent

DATA = np.load(pathlib.Path(__file__).resolve().parents[1] / "data" / "nn_functional" / "cases.npz")


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_paddlepaddle(name):
    inputs, diff, call = CASES[name]
    tensors = [paddle.to_tensor(a, stop_gradient=i not in diff) for i, a in enumerate(inputs)]
    outs = call(paddle, F, *tensors)
    outs = outs if isinstance(outs, tuple) else (outs,)
    for k, o in enumerate(outs):
        want = DATA[f"{name}:out:{k}"]
        assert o.shape == list(want.shape), f"output {k}"
        assert o.numpy().dtype == want.dtype, f"output {k}"
        np.testing.assert_allclose(o.numpy(), want, rtol=1e-4, atol=1e-5, err_msg=f"output {k}")
    if diff:
        weight = paddle.to_tensor(cotangent(outs[0].shape, name))
        grads = paddle.grad([(outs[0] * weight).sum()], [tensors[i] for i in diff])
        for i, g in zip(diff, grads):
            np.testing.assert_allclose(g.numpy(), DATA[f"{name}:grad:{i}"], rtol=1e-4, atol=1e-5,
                                       err_msg=f"gradient of input {i}")
