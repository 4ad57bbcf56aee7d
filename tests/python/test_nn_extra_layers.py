"""The padding layers (Pad1D, Pad3D, Zero/Constant/Reflection/Replication/
CircularPad1D-3D, F.zeropad2d) and the extra activations (hardshrink, ...,
the in-place relu_, ...) against PaddlePaddle 3.3.1: the outputs and input
gradients of nn_extra_cases.py that tools/oracle/record_nn_extra.py recorded
(tests/data/nn_extra), their defaults, static mode, and the errors bad
arguments raise."""
import pathlib

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from nn_extra_cases import CASES
from nn_functional_cases import cotangent

DATA = np.load(pathlib.Path(__file__).resolve().parents[1] / "data" / "nn_extra" / "cases.npz")


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_paddlepaddle(name):
    inputs, diff, call = CASES[name]
    tensors = [paddle.to_tensor(a, stop_gradient=i not in diff) for i, a in enumerate(inputs)]
    out = call(paddle, F, *tensors)
    want = DATA[f"{name}:out:0"]
    assert out.shape == list(want.shape)
    assert out.numpy().dtype == want.dtype
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-5, atol=1e-6)
    weight = paddle.to_tensor(cotangent(out.shape, name))
    grads = paddle.grad([(out * weight).sum()], [tensors[i] for i in diff])
    for i, g in zip(diff, grads):
        np.testing.assert_allclose(g.numpy(), DATA[f"{name}:grad:{i}"], rtol=1e-5, atol=1e-6,
                                   err_msg=f"gradient of input {i}")


def test_rrelu_training_draws_slopes_between_lower_and_upper():
    x = -paddle.ones([2000])
    y = F.rrelu(x, 0.2, 0.4).numpy()
    assert y.min() >= -0.4 and y.max() <= -0.2 and y.std() > 0.03
    assert (F.rrelu(paddle.ones([5])).numpy() == 1).all()
    layer = paddle.nn.RReLU(0.2, 0.4)
    assert layer(x).numpy().std() > 0.03  # a new layer is in training mode
    layer.eval()
    np.testing.assert_allclose(layer(x).numpy(), -0.3, rtol=1e-6)


def test_in_place_forms_change_and_return_x():
    x = paddle.to_tensor([-1.0, 0.5, 2.0])
    assert F.relu_(x) is x
    np.testing.assert_array_equal(x.numpy(), [0.0, 0.5, 2.0])
    assert F.hardtanh_(x, 0.0, 1.0) is x
    np.testing.assert_array_equal(x.numpy(), [0.0, 0.5, 1.0])
    leaf = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(ValueError, match="relu_"):
        F.relu_(leaf)


def test_defaults_and_repr():
    assert paddle.nn.ZeroPad2D(1)._pad == [1, 1, 1, 1]
    assert paddle.nn.Pad3D(2)._pad == [2] * 6
    assert "mode=reflect" in repr(paddle.nn.ReflectionPad1D(1))
    assert "data_format=NCDHW" in repr(paddle.nn.CircularPad3D(1))
    assert "threshold=0.5" in repr(paddle.nn.Hardshrink())
    assert "min=-1.0, max=1.0" in repr(paddle.nn.Hardtanh())


def test_static_mode():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [1, 2, 3], "float32")
            outs = [paddle.nn.ReflectionPad1D([1, 1])(x), F.softshrink(x, 0.5),
                    F.hardtanh(x), F.glu(x, axis=1), F.thresholded_relu(x)]
        exe = paddle.static.Executor()
        feed = np.arange(-3, 3, dtype="float32").reshape(1, 2, 3)
        got = exe.run(main, feed={"x": feed}, fetch_list=outs)
    finally:
        paddle.disable_static()
    np.testing.assert_array_equal(got[0][0, 0], [-2.0, -3.0, -2.0, -1.0, -2.0])
    np.testing.assert_allclose(got[1], np.where(np.abs(feed) > 0.5, feed - np.sign(feed) * 0.5, 0))
    np.testing.assert_array_equal(got[2], np.clip(feed, -1, 1))
    assert got[3].shape == (1, 1, 3)
    np.testing.assert_array_equal(got[4], np.where(feed > 1, feed, 0))


@pytest.mark.parametrize("call, error, words", [
    (lambda: paddle.nn.Pad1D([1, 2, 3]), ValueError, "Pad1D] padding"),
    (lambda: paddle.nn.ZeroPad2D([1, 2]), ValueError, "ZeroPad2D] padding"),
    (lambda: paddle.nn.ConstantPad3D("1", 0.0), ValueError, "ConstantPad3D] padding"),
    (lambda: paddle.nn.Pad1D(1, mode="edge")(paddle.ones([1, 1, 3])), ValueError, "mode"),
    (lambda: paddle.nn.ZeroPad2D(1, data_format="NCL")(paddle.ones([1, 1, 3, 3])), ValueError,
     "data_format"),
    (lambda: F.zeropad2d(paddle.ones([1, 2, 3]), [1, 1, 1, 1]), ValueError, "zeropad2d] x"),
    (lambda: F.softshrink(paddle.ones([2]), -1.0), ValueError, "threshold"),
    (lambda: F.hardshrink(paddle.to_tensor([1, 2])), TypeError, "hardshrink] x"),
    (lambda: F.hardtanh(paddle.ones([2]), "a"), TypeError, "hardtanh] min"),
    (lambda: F.glu(paddle.ones([2, 3])), ValueError, "glu] the size"),
    (lambda: F.glu(paddle.ones([2, 4]), axis=2), ValueError, "glu] axis"),
    (lambda: F.maxout(paddle.ones([1, 3, 2, 2]), 2), ValueError, "divisible by groups"),
    (lambda: F.maxout(paddle.ones([1, 4, 2, 2]), 2, axis=2), ValueError, "maxout] axis"),
    (lambda: F.maxout(paddle.ones([1, 4, 2]), 2), ValueError, "maxout] x must be 4-D"),
    (lambda: F.rrelu(paddle.ones([2]), 0.5, 0.2), ValueError, "lower"),
    (lambda: F.rrelu(paddle.ones([2]), -0.1, 0.2), ValueError, "lower must be in"),
    (lambda: F.tanh_([1.0]), TypeError, "tanh_"),
])
def test_bad_arguments(call, error, words):
    with pytest.raises(error, match=words.replace("[", r"\[").replace("]", r"\]")):
        call()
