"""The layers of paddle.nn: forward against numpy or their functional form,
gradients for parameters, train/eval behaviour, bad input."""
import numpy as np
import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F

RNG = np.random.default_rng(0)


def _rand(*shape):
    return RNG.uniform(-1, 1, shape).astype("float32")


def test_linear_matches_numpy_with_parameter_gradients():
    layer = nn.Linear(3, 2)
    x_np = _rand(4, 3)
    x = paddle.to_tensor(x_np, stop_gradient=False)
    out = layer(x)
    w, b = layer.weight.numpy(), layer.bias.numpy()
    np.testing.assert_allclose(out.numpy(), x_np @ w + b, rtol=1e-5, atol=1e-6)
    (out * out).sum().backward()
    dy = 2 * (x_np @ w + b)
    np.testing.assert_allclose(layer.weight.grad.numpy(), x_np.T @ dy, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(layer.bias.grad.numpy(), dy.sum(0), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(x.grad.numpy(), dy @ w.T, rtol=1e-4, atol=1e-5)
    assert nn.Linear(3, 2, bias_attr=False).bias is None


def test_conv2d_layer_is_the_functional_with_its_parameters():
    conv = nn.Conv2D(3, 4, 3, stride=2, padding=1, groups=1)
    x = paddle.to_tensor(_rand(2, 3, 9, 9))
    want = F.conv2d(x, conv.weight, conv.bias, stride=2, padding=1)
    np.testing.assert_array_equal(conv(x).numpy(), want.numpy())
    conv(x).sum().backward()
    assert conv.weight.grad.shape == [4, 3, 3, 3]
    # d(sum)/d(bias) is the number of output positions per channel
    np.testing.assert_allclose(conv.bias.grad.numpy(), np.full(4, 2 * 5 * 5))
    assert nn.Conv2D(3, 4, 3, bias=False).bias is None
    assert nn.Conv2D(3, 4, 3, bias_attr=False).bias is None


def test_conv2d_padding_modes_pad_before_the_convolution():
    conv = nn.Conv2D(1, 1, 3, padding=1, padding_mode="replicate",
                     weight_attr=nn.initializer.Constant(1.0), bias_attr=False)
    x = paddle.to_tensor(np.arange(9, dtype="float32").reshape(1, 1, 3, 3))
    padded = np.pad(x.numpy()[0, 0], 1, mode="edge")
    want = np.array([[padded[i:i + 3, j:j + 3].sum() for j in range(3)] for i in range(3)])
    np.testing.assert_allclose(conv(x).numpy()[0, 0], want)


def test_pooling_layers():
    x = paddle.to_tensor(np.arange(32, dtype="float32").reshape(1, 2, 4, 4))
    np.testing.assert_array_equal(nn.MaxPool2D(2)(x).numpy()[0, 0], [[5, 7], [13, 15]])
    np.testing.assert_array_equal(nn.AvgPool2D(2)(x).numpy()[0, 0], [[2.5, 4.5], [10.5, 12.5]])
    np.testing.assert_array_equal(nn.AdaptiveAvgPool2D(1)(x).numpy().reshape(-1), [7.5, 23.5])
    np.testing.assert_array_equal(nn.AdaptiveMaxPool2D(1)(x).numpy().reshape(-1), [15, 31])
    assert nn.MaxPool2D(3, stride=1, padding=1)(x).shape == [1, 2, 4, 4]


def test_upsample_layer_is_interpolate():
    x = paddle.to_tensor(_rand(1, 2, 3, 3))
    up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)
    want = F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=True)
    np.testing.assert_array_equal(up(x).numpy(), want.numpy())
    assert repr(nn.Upsample(scale_factor=2)) == (
        "Upsample(scale_factor=2, mode=nearest, align_corners=False, align_mode=0, "
        "data_format=None)")
    assert F.upsample(x, size=[6, 6]).shape == [1, 2, 6, 6]


def test_flatten_and_identity():
    x = paddle.ones([2, 3, 4, 5])
    assert nn.Flatten()(x).shape == [2, 60]
    assert nn.Flatten(0, 2)(x).shape == [24, 5]
    assert nn.Identity(3, unused=True)(x) is x


def test_dropout_train_eval_and_modes():
    paddle.seed(9)
    x = paddle.ones([200, 50])
    drop = nn.Dropout(0.4)
    y = drop(x).numpy()
    kept = y != 0
    assert abs(kept.mean() - 0.6) < 0.03
    np.testing.assert_allclose(y[kept], 1 / 0.6, rtol=1e-6)
    np.testing.assert_array_equal(drop.eval()(x).numpy(), x.numpy())
    down = nn.Dropout(0.4, mode="downscale_in_infer")
    assert set(np.unique(down(x).numpy())) <= {0.0, 1.0}
    np.testing.assert_allclose(down.eval()(x).numpy(), np.full([200, 50], 0.6), rtol=1e-6)
    np.testing.assert_array_equal(F.dropout(x, 0.0).numpy(), x.numpy())
    assert float(F.dropout(x, 1.0).abs().sum()) == 0.0


def test_dropout_along_an_axis_drops_whole_slices():
    paddle.seed(10)
    y = F.dropout(paddle.ones([6, 40, 3]), 0.5, axis=1).numpy()
    for row in y.transpose(1, 0, 2).reshape(40, -1):
        assert len(set(row.tolist())) == 1  # one draw per index of axis 1
    x = paddle.to_tensor(_rand(4, 5), stop_gradient=False)
    out = F.dropout(x, 0.5, axis=[0, 1])
    out.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), (out.numpy() != 0) * 2.0)


def test_batch_norm_updates_running_statistics_only_in_training():
    bn = nn.BatchNorm2D(3, momentum=0.8)
    x_np = _rand(4, 3, 5, 5) * 3 + 1
    x = paddle.to_tensor(x_np)
    y = bn(x).numpy()
    mean, var = x_np.mean((0, 2, 3)), x_np.var((0, 2, 3))
    want = (x_np - mean[None, :, None, None]) / np.sqrt(var[None, :, None, None] + 1e-5)
    np.testing.assert_allclose(y, want, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(bn._mean.numpy(), 0.2 * mean, rtol=1e-5, atol=1e-6)
    running_mean, running_var = bn._mean.numpy().copy(), bn._variance.numpy().copy()
    bn.eval()
    y_eval = bn(x).numpy()
    np.testing.assert_array_equal(bn._mean.numpy(), running_mean)
    want_eval = (x_np - running_mean[None, :, None, None]) / np.sqrt(
        running_var[None, :, None, None] + 1e-5)
    np.testing.assert_allclose(y_eval, want_eval, rtol=1e-4, atol=1e-4)


def test_batch_norm_gradients_reach_weight_and_bias():
    bn = nn.BatchNorm1D(3)
    x = paddle.to_tensor(_rand(8, 3), stop_gradient=False)
    bn(x).sum().backward()
    assert bn._mean.stop_gradient and bn._mean.is_leaf  # updated outside the graph
    np.testing.assert_allclose(bn.bias.grad.numpy(), np.full(3, 8.0), rtol=1e-5)
    np.testing.assert_allclose(bn.weight.grad.numpy(), np.zeros(3), atol=1e-4)
    assert bn._mean.grad is None
    frozen = nn.BatchNorm1D(3, weight_attr=False, bias_attr=False)
    assert frozen.weight.stop_gradient and frozen.bias.stop_gradient


def test_layer_norm_matches_numpy():
    ln = nn.LayerNorm([4, 5], weight_attr=nn.initializer.Constant(2.0),
                      bias_attr=nn.initializer.Constant(0.5))
    x_np = _rand(3, 4, 5)
    mu = x_np.reshape(3, -1).mean(1)[:, None, None]
    var = x_np.reshape(3, -1).var(1)[:, None, None]
    np.testing.assert_allclose(ln(paddle.to_tensor(x_np)).numpy(),
                               2 * (x_np - mu) / np.sqrt(var + 1e-5) + 0.5, rtol=1e-4, atol=1e-5)
    plain = nn.LayerNorm(5, elementwise_affine=False)
    assert plain.weight is None and plain.bias is None and plain.parameters() == []
    assert nn.GroupNorm(2, 4, affine=False).parameters() == []
    assert nn.InstanceNorm1D(3, weight_attr=False, bias_attr=False).parameters() == []
    assert [n for n, _ in nn.InstanceNorm2D(3).named_parameters()] == ["scale", "bias"]


def _group_norm_np(x, groups, eps, weight=None, bias=None):
    n, c = x.shape[:2]
    xr = x.reshape(n, groups, -1)
    y = ((xr - xr.mean(-1, keepdims=True)) / np.sqrt(xr.var(-1, keepdims=True) + eps))
    y = y.reshape(x.shape)
    shape = [1, c] + [1] * (x.ndim - 2)
    if weight is not None:
        y = y * weight.reshape(shape) + bias.reshape(shape)
    return y


def _finite_difference(f, x, h=1e-6):
    grad = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[i] += h
        down[i] -= h
        grad[i] = (f(up) - f(down)) / (2 * h)
    return grad


@pytest.mark.parametrize("shape, groups, affine", [([2, 4, 3, 3], 2, True), ([2, 6, 5], 3, False)])
def test_group_norm_gradients_match_finite_differences(shape, groups, affine):
    x = RNG.uniform(-2, 2, shape)
    w = RNG.uniform(0.5, 1.5, shape)
    g, b = (RNG.uniform(-1, 1, shape[1]), RNG.uniform(-1, 1, shape[1])) if affine else (None, None)
    tx = paddle.to_tensor(x.astype("float32"), stop_gradient=False)
    params = [paddle.to_tensor(v.astype("float32"), stop_gradient=False) for v in (g, b)] if affine \
        else [None, None]
    out = F.group_norm(tx, groups, 1e-5, params[0], params[1],
                       data_format="NCHW" if len(shape) == 4 else "NCL")
    np.testing.assert_allclose(out.numpy(), _group_norm_np(x, groups, 1e-5, g, b), rtol=1e-4,
                               atol=1e-5)
    (out * paddle.to_tensor(w.astype("float32"))).sum().backward()
    loss = lambda xv, gv=g, bv=b: (_group_norm_np(xv, groups, 1e-5, gv, bv) * w).sum()  # noqa: E731
    np.testing.assert_allclose(tx.grad.numpy(), _finite_difference(loss, x), rtol=1e-3, atol=1e-4)
    if affine:
        np.testing.assert_allclose(params[0].grad.numpy(),
                                   _finite_difference(lambda gv: loss(x, gv, b), g), rtol=1e-3,
                                   atol=1e-4)
        np.testing.assert_allclose(params[1].grad.numpy(),
                                   _finite_difference(lambda bv: loss(x, g, bv), b), rtol=1e-3,
                                   atol=1e-4)


def test_embedding_padding_row_is_zero_and_gets_no_gradient():
    emb = nn.Embedding(5, 3, padding_idx=1)
    ids = paddle.to_tensor([[1, 2, 1], [4, 0, 2]])
    out = emb(ids)
    np.testing.assert_array_equal(out.numpy()[0, 0], np.zeros(3))
    np.testing.assert_array_equal(out.numpy()[1, 0], emb.weight.numpy()[4])
    out.sum().backward()
    np.testing.assert_array_equal(emb.weight.grad.numpy()[:, 0], [1, 0, 2, 0, 1])
    frozen = nn.Embedding(5, 3, _freeze=True)
    assert frozen.weight.stop_gradient
    capped = nn.Embedding(5, 3, max_norm=0.1, scale_grad_by_freq=True)
    out = capped(paddle.to_tensor([2, 2, 4]))
    assert np.linalg.norm(capped.weight.numpy()[[2, 4]], axis=1).max() <= 0.1 + 1e-6
    out.sum().backward()
    np.testing.assert_allclose(capped.weight.grad.numpy()[[0, 2, 4], 0], [0.0, 1.0, 1.0])


def test_prelu_learns_its_slope():
    prelu = nn.PReLU(2, init=0.5)
    x = paddle.to_tensor([[[-2.0], [3.0]], [[4.0], [-1.0]]])  # [N=2, C=2, L=1]
    np.testing.assert_array_equal(prelu(x).numpy().reshape(-1), [-1.0, 3.0, 4.0, -0.5])
    prelu(x).sum().backward()
    np.testing.assert_array_equal(prelu.parameters()[0].grad.numpy(), [-2.0, -1.0])


@pytest.mark.parametrize("layer, fn", [
    (nn.ReLU(), F.relu), (nn.ReLU6(), F.relu6), (nn.Sigmoid(), F.sigmoid), (nn.Tanh(), F.tanh),
    (nn.GELU(True), lambda x: F.gelu(x, True)), (nn.Softmax(0), lambda x: F.softmax(x, 0)),
    (nn.LogSoftmax(), F.log_softmax), (nn.SiLU(), F.silu), (nn.ELU(0.5), lambda x: F.elu(x, 0.5)),
    (nn.CELU(2.0), lambda x: F.celu(x, 2.0)), (nn.SELU(), F.selu), (nn.Hardswish(), F.hardswish),
    (nn.Hardsigmoid(), F.hardsigmoid), (nn.Softplus(2, 10), lambda x: F.softplus(x, 2, 10)),
    (nn.LeakyReLU(0.3), lambda x: F.leaky_relu(x, 0.3)), (nn.Mish(), F.mish),
    (nn.Softsign(), F.softsign), (nn.LogSigmoid(), F.log_sigmoid), (nn.Swish(), F.swish),
])
def test_activation_layers_call_their_functional(layer, fn):
    x = paddle.to_tensor(_rand(3, 4) * 4)
    np.testing.assert_array_equal(layer(x).numpy(), fn(x).numpy())


def test_activation_numbers():
    x = paddle.to_tensor([-2.0, 0.5, 7.0])
    np.testing.assert_allclose(F.relu6(x).numpy(), [0, 0.5, 6])
    np.testing.assert_allclose(F.hardsigmoid(x).numpy(), np.clip(x.numpy() / 6 + 0.5, 0, 1),
                               rtol=1e-6)
    np.testing.assert_allclose(F.leaky_relu(x).numpy(), [-0.02, 0.5, 7.0], rtol=1e-6)
    np.testing.assert_allclose(F.softmax(x).numpy().sum(), 1.0, rtol=1e-6)
    assert F.softmax(paddle.to_tensor([1, 2], dtype="float32"), dtype="float64").dtype == paddle.float64


@pytest.mark.parametrize("layer, fn, args", [
    (nn.CrossEntropyLoss(reduction="sum"), lambda x, y: F.cross_entropy(x, y, reduction="sum"), "ce"),
    (nn.NLLLoss(), F.nll_loss, "ce"),
    (nn.MSELoss("none"), lambda x, y: F.mse_loss(x, y, "none"), "reg"),
    (nn.L1Loss(), F.l1_loss, "reg"),
    (nn.SmoothL1Loss(delta=0.5), lambda x, y: F.smooth_l1_loss(x, y, delta=0.5), "reg"),
    (nn.BCELoss(), F.binary_cross_entropy, "prob"),
    (nn.BCEWithLogitsLoss(), F.binary_cross_entropy_with_logits, "reg"),
    (nn.KLDivLoss("sum"), lambda x, y: F.kl_div(x, y, "sum"), "reg"),
])
def test_loss_layers_call_their_functional(layer, fn, args):
    if args == "ce":
        x, y = paddle.to_tensor(_rand(4, 3)), paddle.to_tensor([0, 2, 1, 2])
    elif args == "prob":
        x, y = paddle.to_tensor(np.abs(_rand(4, 3)) * 0.9 + 0.05), paddle.to_tensor(
            (_rand(4, 3) > 0).astype("float32"))
    else:
        x, y = paddle.to_tensor(_rand(4, 3)), paddle.to_tensor(_rand(4, 3))
    np.testing.assert_array_equal(layer(x, y).numpy(), fn(x, y).numpy())


def test_mse_loss_gradient():
    x_np, y_np = _rand(3, 4), _rand(3, 4)
    x = paddle.to_tensor(x_np, stop_gradient=False)
    F.mse_loss(x, paddle.to_tensor(y_np)).backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * (x_np - y_np) / 12, rtol=1e-5, atol=1e-7)


def test_one_hot_infers_the_class_count():
    np.testing.assert_array_equal(F.one_hot(paddle.to_tensor([2, 0]), -1).numpy(),
                                  [[0, 0, 1], [1, 0, 0]])


@pytest.mark.parametrize("call, error", [
    (lambda: nn.Linear(4, 2)(paddle.rand([2, 3])), ValueError),
    (lambda: nn.Linear(0, 2), ValueError),
    (lambda: F.linear(paddle.rand([2, 3]), paddle.rand([3])), ValueError),
    (lambda: nn.Conv2D(4, 2, 3)(paddle.rand([1, 3, 5, 5])), ValueError),
    (lambda: nn.Conv2D(3, 2, 3, data_format="NCWH"), ValueError),
    (lambda: nn.Conv2D(3, 2, 3, groups=2), ValueError),
    (lambda: nn.Conv2D(3, 2, 3, padding_mode="wrap"), ValueError),
    (lambda: nn.Conv2D(3, 2, 3, padding=[1, 2], padding_mode="reflect"), TypeError),
    (lambda: F.conv2d(paddle.rand([1, 3, 5, 5]), paddle.rand([2, 3, 3, 3]), padding="FOO"), ValueError),
    (lambda: F.conv2d(paddle.rand([3, 5, 5]), paddle.rand([2, 3, 3, 3])), ValueError),
    (lambda: F.conv2d(paddle.rand([1, 3, 5, 5]), paddle.rand([2, 3, 3, 3]), stride=0), ValueError),
    (lambda: F.conv2d(paddle.rand([1, 3, 5, 5]), paddle.rand([2, 3, 3, 3]), padding=[1, 2, 3]), ValueError),
    (lambda: F.avg_pool2d(paddle.rand([1, 1, 4, 4]), 2, padding="VALID", ceil_mode=True), ValueError),
    (lambda: F.max_pool2d(paddle.rand([1, 4, 4]), 2), ValueError),
    (lambda: F.max_pool2d(paddle.rand([1, 4, 4, 1]), 2, return_mask=True, data_format="NHWC"),
     ValueError),
    (lambda: F.adaptive_avg_pool2d(paddle.rand([1, 1, 4, 4]), [1, 2, 3]), ValueError),
    (lambda: nn.BatchNorm2D(3)(paddle.rand([2, 3, 4])), ValueError),
    (lambda: nn.BatchNorm2D(3, data_format="NCL"), ValueError),
    (lambda: F.batch_norm(paddle.rand([2, 3]), paddle.zeros([4]), paddle.ones([4])), ValueError),
    (lambda: F.layer_norm(paddle.rand([2, 3]), 4), ValueError),
    (lambda: nn.Embedding(3, 2, padding_idx=5), ValueError),
    (lambda: F.embedding(paddle.to_tensor([0.5]), paddle.rand([3, 2])), TypeError),
    (lambda: F.one_hot(paddle.to_tensor([1.0]), 3), TypeError),
    (lambda: F.embedding(paddle.to_tensor([5]), paddle.rand([3, 2])), ValueError),
    (lambda: F.embedding(paddle.to_tensor([1]), paddle.rand([3, 2]), max_norm=-1.0), ValueError),
    (lambda: F.dropout(paddle.rand([2]), 1.5), ValueError),
    (lambda: F.dropout(paddle.rand([2]), "half"), TypeError),
    (lambda: F.dropout(paddle.rand([2]), 0.5, mode="sometimes"), ValueError),
    (lambda: F.dropout(paddle.rand([2]), 0.5, axis=3), ValueError),
    (lambda: F.pad(paddle.rand([1, 1, 4, 4]), [1, 1, 1, 1], mode="wrap"), ValueError),
    (lambda: F.pad(paddle.rand([1, 1, 4, 4]), [1, 1, 1], mode="reflect"), ValueError),
    (lambda: F.relu([1.0, 2.0]), TypeError),
    (lambda: F.softmax(paddle.rand([2, 3]), axis=3), ValueError),
    (lambda: F.gelu(paddle.rand([2]), approximate="fast"), ValueError),
    (lambda: F.prelu(paddle.rand([2, 3, 4, 4]), paddle.rand([5])), ValueError),
    (lambda: nn.CrossEntropyLoss(reduction="avg"), ValueError),
    (lambda: F.cross_entropy(paddle.rand([2, 3]), paddle.to_tensor([0.0, 1.0])), TypeError),
    (lambda: F.cross_entropy(paddle.rand([2, 3]), paddle.to_tensor([[[0]]])), ValueError),
    (lambda: F.cross_entropy(paddle.rand([2, 3]), paddle.to_tensor([0, 1]), weight=paddle.rand([4])), ValueError),
    (lambda: F.cross_entropy(paddle.rand([2, 3]), paddle.rand([2, 3]), soft_label=True, ignore_index=1), ValueError),
    (lambda: F.nll_loss(paddle.rand([2, 3]), paddle.to_tensor([0, 1, 2])), ValueError),
    (lambda: F.mse_loss(paddle.rand([2]), paddle.rand([2]), "avg"), ValueError),
    (lambda: F.kl_div(paddle.rand([2]), paddle.rand([2]), "avg"), ValueError),
    (lambda: F.binary_cross_entropy(paddle.rand([2]), paddle.rand([3])), ValueError),
    (lambda: F.smooth_l1_loss(paddle.rand([2]), paddle.rand([2]), delta=0.0), ValueError),
    (lambda: F.l1_loss(paddle.to_tensor([1, 2]), paddle.rand([2]), "avg"), ValueError),
    (lambda: F.label_smooth(paddle.rand([2, 3]), epsilon=2.0), ValueError),
    (lambda: F.label_smooth(paddle.to_tensor([[0, 1]]), epsilon=0.1), TypeError),
    (lambda: F.normalize(paddle.rand([2, 3]), axis=2), ValueError),
    (lambda: F.cosine_similarity(paddle.rand([2, 3]), [1.0, 2.0, 3.0]), TypeError),
    (lambda: F.group_norm(paddle.rand([2, 4, 3]), 3, data_format="NCL"), ValueError),
    (lambda: F.group_norm(paddle.rand([2, 4, 3]), 2, data_format="NCHWX"), ValueError),
    (lambda: F.instance_norm(paddle.rand([2, 4, 3]), weight=paddle.ones([3])), ValueError),
    (lambda: nn.GroupNorm(3, 4), ValueError),
    (lambda: nn.InstanceNorm2D(3, data_format="NHWC"), ValueError),
    (lambda: nn.BatchNorm3D(3)(paddle.rand([2, 3, 4, 4])), ValueError),
    (lambda: F.interpolate(paddle.rand([1, 1, 2, 2])), ValueError),
    (lambda: F.interpolate(paddle.rand([1, 1, 2, 2]), size=[4, 4], scale_factor=2), ValueError),
    (lambda: F.interpolate(paddle.rand([1, 1, 2, 2]), size=4, align_corners=True), ValueError),
    (lambda: F.interpolate(paddle.rand([1, 1, 2, 2]), size=4, mode="cubic"), ValueError),
    (lambda: F.interpolate(paddle.rand([1, 1, 2, 2]), size=4, mode="bicubic"), NotImplementedError),
    (lambda: F.interpolate(paddle.rand([1, 2, 2]), size=4), ValueError),
    (lambda: F.interpolate(paddle.rand([1, 1, 2, 2]), size=[4, 4, 4]), ValueError),
    (lambda: F.interpolate(paddle.rand([1, 1, 2, 2]), scale_factor=-1.0), ValueError),
])
def test_bad_input_raises_typed_errors(call, error):
    with pytest.raises(error):
        call()
