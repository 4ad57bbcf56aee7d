"""Orthogonal, Dirac and Bilinear initializers against PaddlePaddle 3.3.1
(tests/data/nn_initializer/structured.json,
tools/oracle/record_structured_initializers.py): the same numbers under
paddle.seed, their structure, and bad shapes."""
import json
import pathlib

import numpy as np
import pytest

import paddle

I = paddle.nn.initializer
FIXTURE = json.loads((pathlib.Path(__file__).resolve().parents[1] / "data" / "nn_initializer" /
                      "structured.json").read_text())


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_matches_3_3_1(name):
    case = FIXTURE[name]
    paddle.seed(7)
    w = paddle.create_parameter(case["shape"], "float32",
                                default_initializer=eval(case["init"], {"I": I}))
    np.testing.assert_allclose(w.numpy(), case["value"], rtol=1e-5, atol=1e-6)


def test_structure():
    w = paddle.create_parameter([4, 6], "float64", default_initializer=I.Orthogonal(gain=3.0))
    np.testing.assert_allclose(w.numpy() @ w.numpy().T, 9 * np.eye(4), atol=1e-10)
    conv = paddle.nn.Conv2D(3, 3, 3, padding=1, bias_attr=False, weight_attr=I.Dirac())
    x = paddle.rand([1, 3, 5, 5])
    np.testing.assert_allclose(conv(x).numpy(), x.numpy(), rtol=1e-6)
    up = paddle.nn.Conv2DTranspose(1, 1, 4, stride=2, padding=1, bias_attr=False,
                                   weight_attr=I.Bilinear())
    y = up(paddle.ones([1, 1, 3, 3]))
    assert list(y.shape) == [1, 1, 6, 6] and float(y[0, 0, 1, 1]) == pytest.approx(1.0)


def test_bad_shapes_and_arguments():
    with pytest.raises(ValueError, match=r"\[Orthogonal\] only tensors of 2 or more"):
        paddle.create_parameter([3], "float32", default_initializer=I.Orthogonal())
    with pytest.raises(ValueError, match=r"\[Dirac\] only tensors of 3, 4 or 5"):
        paddle.create_parameter([3, 3], "float32", default_initializer=I.Dirac())
    with pytest.raises(ValueError, match=r"\[Dirac\] shape\[0\] \(3\) must be divisible"):
        paddle.create_parameter([3, 3, 3], "float32", default_initializer=I.Dirac(groups=2))
    with pytest.raises(ValueError, match=r"\[Dirac\] groups must be a positive int"):
        I.Dirac(groups=0)
    with pytest.raises(ValueError, match=r"\[Bilinear\] shape\[2\] must be equal to shape\[3\]"):
        paddle.create_parameter([1, 1, 2, 3], "float32", default_initializer=I.Bilinear())
    with pytest.raises(TypeError, match=r"\[Orthogonal\] gain must be a float"):
        I.Orthogonal(gain="2")
