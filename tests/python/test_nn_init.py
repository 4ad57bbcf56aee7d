"""Parameters and initializers: create_parameter and ParamAttr, the
initializers' distributions and fan computations, the layers' defaults,
paddle.seed repeatability."""
import math

import numpy as np
import pytest

import paddle
import paddle.nn as nn
from paddle.nn import initializer as I


def _param(shape, init, dtype="float32"):
    return paddle.create_parameter(shape, dtype, default_initializer=init)


def test_create_parameter_defaults_and_attr():
    w = paddle.create_parameter([2, 3], "float32")
    b = paddle.create_parameter([3], "float64", is_bias=True)
    assert isinstance(w, paddle.base.framework.EagerParamBase) and w.trainable
    assert not w.stop_gradient and w.persistable and w.need_clip
    assert w.optimize_attr == {"learning_rate": 1.0} and w.regularizer is None
    assert w.name.startswith("create_parameter_") and w.name.endswith(".w_0")
    assert b.dtype == paddle.float64 and float(b.abs().sum()) == 0.0
    attr = paddle.ParamAttr(name="frozen_w", learning_rate=0.5, trainable=False, need_clip=False,
                            initializer=I.Constant(2.0))
    f = paddle.create_parameter([2], "float32", attr=attr)
    assert f.name == "frozen_w" and f.stop_gradient and not f.trainable
    assert f.optimize_attr == {"learning_rate": 0.5} and not f.need_clip
    np.testing.assert_array_equal(f.numpy(), [2.0, 2.0])
    assert "Parameter containing:" in repr(f)


@pytest.mark.parametrize("call, error", [
    (lambda: paddle.create_parameter([2, 0], "float32"), ValueError),
    (lambda: paddle.create_parameter([2], "int64"), TypeError),
    (lambda: paddle.create_parameter("2", "float32"), TypeError),
    (lambda: paddle.ParamAttr(initializer="zeros"), TypeError),
    (lambda: paddle.ParamAttr(learning_rate="fast"), TypeError),
    (lambda: paddle.ParamAttr(trainable=1), TypeError),
    (lambda: nn.Linear(2, 2, weight_attr=3), TypeError),
    (lambda: I.Normal(0.0, -1.0), ValueError),
    (lambda: I.Uniform(1.0, -1.0), ValueError),
    (lambda: I.TruncatedNormal(a=1.0, b=0.0), ValueError),
    (lambda: I.KaimingNormal(mode="fan_avg"), ValueError),
    (lambda: I.KaimingUniform(fan_in=3, mode="fan_out"), ValueError),
    (lambda: I.calculate_gain("swish"), ValueError),
    (lambda: I.Assign("values"), TypeError),
    (lambda: _param([2, 2], I.Assign([1.0, 2.0, 3.0])), ValueError),
    (lambda: I.Constant(1.0)(np.zeros(2)), TypeError),
    (lambda: I.set_global_initializer("zeros"), TypeError),
])
def test_bad_arguments_raise_typed_errors(call, error):
    with pytest.raises(error):
        call()


def test_trainable_toggles_stop_gradient():
    w = paddle.create_parameter([2], "float32")
    w.trainable = False
    assert w.stop_gradient
    with pytest.raises(ValueError):
        w.trainable = 1


def test_constant_uniform_normal_truncated():
    paddle.seed(11)
    np.testing.assert_array_equal(_param([3], I.Constant(1.5)).numpy(), [1.5] * 3)
    u = _param([20000], I.Uniform(-0.5, 1.5)).numpy()
    assert u.min() >= -0.5 and u.max() < 1.5 and abs(u.mean() - 0.5) < 0.02
    n = _param([20000], I.Normal(1.0, 2.0)).numpy()
    assert abs(n.mean() - 1.0) < 0.05 and abs(n.std() - 2.0) < 0.05
    t = _param([20000], I.TruncatedNormal(0.0, 1.0, -1.0, 1.5)).numpy()
    assert t.min() >= -1.0 and t.max() <= 1.5
    d = _param([4], I.Normal(), dtype="float64")
    assert d.dtype == paddle.float64


def test_xavier_uses_fan_in_plus_fan_out():
    paddle.seed(3)
    w = _param([300, 100], I.XavierUniform()).numpy()
    limit = math.sqrt(6.0 / 400)
    assert np.abs(w).max() <= limit and np.abs(w).max() > 0.95 * limit
    conv = _param([64, 16, 3, 3], I.XavierNormal(gain=2.0)).numpy()  # fans 16*9, 64*9
    assert abs(conv.std() - 2.0 * math.sqrt(2.0 / (16 * 9 + 64 * 9))) < 0.005
    fixed = _param([10, 10], I.XavierUniform(fan_in=2.0, fan_out=4.0)).numpy()
    assert np.abs(fixed).max() <= 1.0


def test_kaiming_uses_the_fan_and_the_gain():
    paddle.seed(4)
    w = _param([32, 16, 3, 3], I.KaimingNormal()).numpy()  # fan_in 16 * 9
    assert abs(w.std() - math.sqrt(2.0 / 144)) < 0.005
    u = _param([500, 40], I.KaimingUniform(nonlinearity="leaky_relu", negative_slope=0.2)).numpy()
    limit = math.sqrt(2.0 / (1 + 0.04)) * math.sqrt(3.0 / 500)
    assert np.abs(u).max() <= limit and np.abs(u).max() > 0.95 * limit
    out = _param([40, 500], I.KaimingUniform(mode="fan_out")).numpy()
    assert np.abs(out).max() <= math.sqrt(2.0) * math.sqrt(3.0 / 500)


def test_calculate_gain_values():
    assert I.calculate_gain("tanh") == 5.0 / 3
    assert I.calculate_gain("relu") == math.sqrt(2.0)
    assert I.calculate_gain("conv2d") == 1.0
    assert I.calculate_gain("selu") == 0.75
    assert I.calculate_gain("leaky_relu") == math.sqrt(2.0 / (1 + 0.01 ** 2))
    assert I.calculate_gain("leaky_relu", 0.5) == math.sqrt(2.0 / 1.25)


def test_assign_takes_arrays_lists_and_tensors():
    values = np.arange(6, dtype="float32").reshape(2, 3)
    for v in (values, values.tolist(), paddle.to_tensor(values)):
        np.testing.assert_array_equal(_param([2, 3], I.Assign(v)).numpy(), values)


def test_layer_defaults_follow_paddlepaddle():
    paddle.seed(5)
    linear = nn.Linear(200, 100)
    limit = math.sqrt(6.0 / 300)  # XavierUniform over [in, out]
    assert np.abs(linear.weight.numpy()).max() <= limit
    assert float(linear.bias.abs().sum()) == 0.0
    conv = nn.Conv2D(16, 64, 3)  # Normal(0, sqrt(2 / (in * kh * kw)))
    assert abs(conv.weight.numpy().std() - math.sqrt(2.0 / 144)) < 0.005
    bn = nn.BatchNorm2D(4)
    np.testing.assert_array_equal(bn.weight.numpy(), np.ones(4))
    np.testing.assert_array_equal(bn._variance.numpy(), np.ones(4))
    np.testing.assert_array_equal(bn._mean.numpy(), np.zeros(4))
    np.testing.assert_array_equal(nn.PReLU(3, init=0.1).parameters()[0].numpy(), np.float32([0.1] * 3))
    ln = nn.LayerNorm([2, 3])
    assert ln.weight.shape == [6] and float(ln.weight.sum()) == 6.0
    emb = nn.Embedding(10, 4, padding_idx=-1)
    np.testing.assert_array_equal(emb.weight.numpy()[9], np.zeros(4))
    assert emb.padding_idx == 9


def test_seed_makes_initialization_repeat():
    def draw():
        paddle.seed(123)
        return [p.numpy().copy() for p in nn.Sequential(nn.Linear(4, 5), nn.Conv2D(2, 3, 3),
                                                         nn.Embedding(6, 2)).parameters()]
    for a, b in zip(draw(), draw()):
        np.testing.assert_array_equal(a, b)


def test_global_initializer_applies_until_reset():
    I.set_global_initializer(I.Constant(0.5), I.Constant(-1.0))
    try:
        linear = nn.Linear(2, 2)
        own = nn.Linear(2, 2, weight_attr=I.Constant(2.0))
        conv = nn.Conv2D(1, 2, 3)  # over the layer's default Normal too
    finally:
        I.set_global_initializer(None)
    np.testing.assert_array_equal(linear.weight.numpy(), np.full([2, 2], 0.5))
    np.testing.assert_array_equal(linear.bias.numpy(), [-1.0, -1.0])
    np.testing.assert_array_equal(own.weight.numpy(), np.full([2, 2], 2.0))
    np.testing.assert_array_equal(conv.weight.numpy(), np.full([2, 1, 3, 3], 0.5))
    assert float(nn.Linear(2, 2).bias.abs().sum()) == 0.0


def test_initializing_does_not_record_gradients():
    w = _param([2], I.Constant(1.0))
    I.Normal()(w)
    assert w.is_leaf and not w.stop_gradient
    (w * 2).sum().backward()
    np.testing.assert_array_equal(w.grad.numpy(), [2.0, 2.0])
