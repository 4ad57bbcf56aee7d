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
    if not diff:
        return
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


def test_channel_dropout_drops_whole_channels_and_scales_the_rest():
    y = F.dropout2d(paddle.ones([4, 16, 3, 3]), 0.5).numpy()
    per_channel = y.reshape(4, 16, 9)
    assert (per_channel == per_channel[:, :, :1]).all()  # one draw per (sample, channel)
    assert set(np.unique(y)) <= {0.0, 2.0} and 0 < (y == 0).mean() < 1
    z = F.dropout3d(paddle.ones([2, 2, 2, 2, 8]), 0.5, data_format="NDHWC").numpy()
    assert (z == z[:, :1, :1, :1, :]).all()  # channels last: shared over D, H, W
    layer = paddle.nn.Dropout2D(0.5)
    layer.eval()
    np.testing.assert_array_equal(layer(paddle.ones([1, 2, 2, 2])).numpy(), 1.0)


def test_alpha_dropout_keeps_mean_and_variance():
    paddle.seed(5)
    x = paddle.randn([200000])
    y = F.alpha_dropout(x, 0.2).numpy()
    assert abs(y.mean()) < 0.02 and abs(y.std() - 1.0) < 0.02
    alpha_p = -1.6732632423543772 * 1.0507009873554805
    a = ((1 - 0.2) * (1 + 0.2 * alpha_p ** 2)) ** -0.5
    dropped = np.isclose(y, a * alpha_p - a * alpha_p * 0.2, atol=1e-6)
    assert 0.18 < dropped.mean() < 0.22
    f = F.feature_alpha_dropout(paddle.ones([3, 4, 5]), 0.5).numpy()
    assert (f == f[:, :, :1]).all()
    assert (F.alpha_dropout(x, 1.0).numpy() == 0).all()


def test_unfold_and_fold_are_adjoint():
    x = paddle.rand([2, 3, 6, 5])
    cols = paddle.rand([2, 3 * 6, 9])
    kw = dict(kernel_sizes=[3, 2], strides=[2, 1], paddings=[1, 0], dilations=[1, 2])
    left = float((F.unfold(x, **kw) * cols).sum())
    right = float((x * F.fold(cols, [6, 5], **kw)).sum())
    assert abs(left - right) < 1e-3 * abs(left)


def test_more_static_mode():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [1, 4, 2, 2], "float32")
            lengths = paddle.static.data("lengths", [2], "int64")
            theta = paddle.static.data("theta", [1, 2, 3], "float32")
            outs = [F.pixel_shuffle(x, 2), F.unfold(x, 2), F.local_response_norm(x, 3),
                    F.sequence_mask(lengths, 3), paddle.nn.ChannelShuffle(2)(x),
                    F.affine_grid(theta, [1, 1, 2, 2])]
        exe = paddle.static.Executor()
        feed = np.arange(16, dtype="float32").reshape(1, 4, 2, 2)
        identity = np.array([[[1, 0, 0], [0, 1, 0]]], "float32")
        got = exe.run(main, feed={"x": feed, "lengths": np.array([1, 3]), "theta": identity},
                      fetch_list=outs)
    finally:
        paddle.disable_static()
    np.testing.assert_array_equal(got[0], F.pixel_shuffle(paddle.to_tensor(feed), 2).numpy())
    np.testing.assert_array_equal(got[1], feed.reshape(1, 16, 1))
    np.testing.assert_allclose(got[2], F.local_response_norm(paddle.to_tensor(feed), 3).numpy())
    np.testing.assert_array_equal(got[3], [[1, 0, 0], [1, 1, 1]])
    np.testing.assert_array_equal(got[4][0, :, 0, 0], [0.0, 8.0, 4.0, 12.0])
    np.testing.assert_array_equal(got[5][0], [[[-1, -1], [1, -1]], [[-1, 1], [1, 1]]])


@pytest.mark.parametrize("call, error, words", [
    (lambda: F.pixel_shuffle(paddle.ones([1, 6, 2, 2]), 2), ValueError, "divisible"),
    (lambda: F.pixel_shuffle(paddle.ones([1, 4, 2]), 2), ValueError, "pixel_shuffle] x must"),
    (lambda: F.pixel_shuffle(paddle.ones([1, 4, 2, 2]), 2, "NCL"), ValueError, "data_format"),
    (lambda: F.pixel_unshuffle(paddle.ones([1, 1, 3, 4]), 2), ValueError, "divisible"),
    (lambda: F.channel_shuffle(paddle.ones([1, 5, 2, 2]), 2), ValueError, "divisible by groups"),
    (lambda: F.channel_shuffle(paddle.ones([1, 4, 2, 2]), 0), ValueError, "groups must"),
    (lambda: F.unfold(paddle.ones([1, 2, 3]), 2), ValueError, "unfold] x must be 4-D"),
    (lambda: F.unfold(paddle.ones([1, 1, 3, 3]), 2, paddings=[1, 2, 3]), ValueError, "paddings"),
    (lambda: F.unfold(paddle.ones([1, 1, 2, 2]), 3), ValueError, "smaller than"),
    (lambda: F.unfold(paddle.ones([1, 1, 3, 3]), 0), ValueError, "kernel_sizes"),
    (lambda: F.fold(paddle.ones([1, 4, 5]), [3, 3], 2), ValueError, "fold] x has 5 blocks"),
    (lambda: F.fold(paddle.ones([1, 5, 4]), [3, 3], 2), ValueError, "divisible by kh"),
    (lambda: F.pairwise_distance(paddle.ones([2]), paddle.ones([2], "float64")), TypeError,
     "same dtype"),
    (lambda: F.dropout2d(paddle.ones([1, 2, 3]), 0.5), ValueError, "dropout2d] x must be 4-D"),
    (lambda: F.dropout3d(paddle.ones([1, 1, 2, 2, 2]), 0.5, data_format="NCHW"), ValueError,
     "data_format"),
    (lambda: F.alpha_dropout(paddle.ones([2]), 1.5), ValueError, "between 0 and 1"),
    (lambda: F.feature_alpha_dropout(paddle.ones([2]), 0.5), ValueError, "at least 2 dims"),
    (lambda: F.local_response_norm(paddle.ones([2, 3]), 3), ValueError, "3-, 4- or 5-D"),
    (lambda: F.local_response_norm(paddle.ones([1, 2, 3, 3]), 0), ValueError, "size must"),
    (lambda: F.local_response_norm(paddle.ones([1, 2, 3]), 2, data_format="NCHW"), ValueError,
     "data_format"),
    (lambda: F.sequence_mask(paddle.ones([2])), TypeError, "integer Tensor"),
    (lambda: paddle.nn.Unflatten(1, [4, 2])(paddle.ones([2, 6])), ValueError, "does not match"),
    (lambda: paddle.nn.InstanceNorm3D(2)(paddle.ones([1, 2, 3, 3])), ValueError,
     "InstanceNorm3D] expected"),
    (lambda: F.affine_grid(paddle.ones([1, 2, 3]), [1, 1, 2, 2, 2]), ValueError,
     "theta must be [N, 3, 4]"),
    (lambda: F.affine_grid(paddle.ones([1, 2, 3]), [1, 2]), ValueError, "out_shape must be"),
    (lambda: F.affine_grid(paddle.ones([2, 2, 3]), [1, 1, 2, 2]), ValueError, "2 transforms"),
    (lambda: F.affine_grid(paddle.ones([1, 2, 3], "int32"), [1, 1, 2, 2]), TypeError,
     "floating-point"),
])
def test_bad_arguments_of_shuffles_blocks_and_dropouts(call, error, words):
    with pytest.raises(error, match=words.replace("[", r"\[").replace("]", r"\]")):
        call()


def test_triplet_layer_uses_its_distance_function():
    a, pos, neg = paddle.zeros([1, 2]), paddle.ones([1, 2]), paddle.to_tensor([[0.0, 2.0]])
    l1 = paddle.nn.TripletMarginWithDistanceLoss(lambda u, v: (u - v).abs().sum(-1), margin=1.0)
    assert l1(a, pos, neg).item() == 1.0  # 2 - 2 + 1, where the 2-norm would give ~0.414
    with pytest.raises(ValueError, match="negative distance"):
        F.triplet_margin_with_distance_loss(a, pos, neg, lambda u, v: -(u - v).abs().sum(-1))


def test_loss_static_mode():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [2, 3], "float32")
            y = paddle.static.data("y", [2, 3], "float32")
            label = paddle.static.data("label", [2], "int64")
            outs = [F.multi_margin_loss(x, label), F.gaussian_nll_loss(x, y, y * y + 1.0),
                    F.triplet_margin_with_distance_loss(x, y, y * 2.0),
                    paddle.nn.SoftMarginLoss()(x, y)]
        exe = paddle.static.Executor()
        xv = np.arange(6, dtype="float32").reshape(2, 3) / 6
        yv = np.ones([2, 3], "float32")
        got = exe.run(main, feed={"x": xv, "y": yv, "label": np.array([0, 2])}, fetch_list=outs)
    finally:
        paddle.disable_static()
    eager = [F.multi_margin_loss(paddle.to_tensor(xv), paddle.to_tensor([0, 2])),
             F.gaussian_nll_loss(paddle.to_tensor(xv), paddle.to_tensor(yv),
                                 paddle.to_tensor(yv * yv + 1.0)),
             F.triplet_margin_with_distance_loss(paddle.to_tensor(xv), paddle.to_tensor(yv),
                                                 paddle.to_tensor(yv * 2.0)),
             paddle.nn.SoftMarginLoss()(paddle.to_tensor(xv), paddle.to_tensor(yv))]
    for g, e in zip(got, eager):
        np.testing.assert_allclose(g, e.numpy(), rtol=1e-6)


@pytest.mark.parametrize("call, error, words", [
    (lambda: F.margin_ranking_loss(paddle.ones([2]), paddle.ones([2]), paddle.ones([2]),
                                   reduction="avg"), ValueError, "reduction"),
    (lambda: paddle.nn.HingeEmbeddingLoss(reduction="max"), ValueError, "HingeEmbeddingLoss"),
    (lambda: F.cosine_embedding_loss(paddle.ones([2, 3]), paddle.ones([2, 3]),
                                     paddle.ones([2, 1])), ValueError, "label must be a 1-D"),
    (lambda: F.cosine_embedding_loss(paddle.ones([2, 3]), paddle.ones([2, 4]),
                                     paddle.ones([2])), ValueError, "shapes must be equal"),
    (lambda: F.cosine_embedding_loss(paddle.ones([1, 2, 3]), paddle.ones([1, 2, 3]),
                                     paddle.ones([1])), ValueError, "1-D or 2-D"),
    (lambda: F.soft_margin_loss(paddle.ones([2]), paddle.ones([3])), ValueError, "shapes"),
    (lambda: F.multi_label_soft_margin_loss(paddle.ones([2, 3]), paddle.ones([2, 2])),
     ValueError, "shapes"),
    (lambda: F.multi_margin_loss(paddle.ones([2, 3]), paddle.ones([2])), TypeError,
     "integer Tensor"),
    (lambda: F.multi_margin_loss(paddle.ones([2, 3]), paddle.to_tensor([0, 1, 2])), ValueError,
     "shape\\[0\\]"),
    (lambda: F.multi_margin_loss(paddle.ones([2, 3]), paddle.to_tensor([0, 1]),
                                 weight=paddle.ones([2])), ValueError, "weight must be"),
    (lambda: F.triplet_margin_loss(paddle.ones([2, 3]), paddle.ones([2, 3]), paddle.ones([2, 3]),
                                   margin=-1.0), ValueError, "margin must not be negative"),
    (lambda: F.triplet_margin_loss(paddle.ones([2, 3]), paddle.ones([2, 3]), paddle.ones([1, 3])),
     ValueError, "shapes must be equal"),
    (lambda: F.triplet_margin_with_distance_loss(paddle.ones([2, 3]), paddle.ones([2, 3]),
                                                 paddle.ones([2, 3]), "l1"), TypeError,
     "callable"),
    (lambda: F.poisson_nll_loss(paddle.ones([2]), paddle.ones([2]), epsilon=0.0), ValueError,
     "epsilon must be positive"),
    (lambda: paddle.nn.PoissonNLLLoss(epsilon=-1.0), ValueError, "epsilon"),
    (lambda: F.gaussian_nll_loss(paddle.ones([2, 3]), paddle.ones([2, 3]), paddle.ones([3, 2])),
     ValueError, "variance \\(shape"),
    (lambda: F.gaussian_nll_loss(paddle.ones([2]), paddle.ones([2]), -paddle.ones([2])),
     ValueError, "negative entries"),
    (lambda: F.gaussian_nll_loss(paddle.ones([2]), paddle.ones([2]), paddle.ones([2]),
                                 reduction="all"), ValueError, "reduction"),
])
def test_bad_loss_arguments(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_gaussian_nll_loss_gives_variance_no_gradient():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    var = paddle.to_tensor([0.5, 2.0], stop_gradient=False)
    F.gaussian_nll_loss(x, paddle.zeros([2]), var).backward()
    assert x.grad is not None and var.grad is None  # as PaddlePaddle's clamp under no_grad


def test_gumbel_softmax_samples_the_categorical_distribution():
    paddle.seed(11)
    logits = paddle.log(paddle.to_tensor([[0.7, 0.2, 0.1]])).expand([20000, 3])
    soft = F.gumbel_softmax(logits, temperature=0.5)
    np.testing.assert_allclose(soft.sum(axis=-1).numpy(), 1.0, rtol=1e-5)
    x = logits.clone()
    x.stop_gradient = False
    hard = F.gumbel_softmax(x, hard=True)
    values = hard.numpy()
    assert set(np.unique(values)) == {0.0, 1.0} and (values.sum(-1) == 1).all()
    np.testing.assert_allclose(values.mean(0), [0.7, 0.2, 0.1], atol=0.02)
    (hard * paddle.to_tensor([1.0, 2.0, 3.0])).sum().backward()
    assert x.grad is not None and np.abs(x.grad.numpy()).sum() > 0  # straight-through


def test_dropout1d_drops_whole_channels():
    y = F.dropout1d(paddle.ones([4, 16, 5]), 0.5).numpy()
    assert (y == y[:, :, :1]).all() and set(np.unique(y)) <= {0.0, 2.0}
    z = F.dropout1d(paddle.ones([16, 5]), 0.5).numpy()
    assert z.shape == (16, 5) and (z == z[:, :1]).all()


@pytest.mark.parametrize("call, error, words", [
    (lambda: F.log_loss(paddle.ones([2, 1]), paddle.ones([3, 1])), ValueError, "shapes"),
    (lambda: F.sigmoid_focal_loss(paddle.ones([2, 1]), paddle.ones([2, 1]),
                                  paddle.ones([1, 1])), ValueError, "normalizer must"),
    (lambda: F.sigmoid_focal_loss(paddle.ones([2, 1]), paddle.ones([2, 1]), reduction="x"),
     ValueError, "reduction"),
    (lambda: F.dice_loss(paddle.ones([2, 3]), paddle.ones([2, 1])), TypeError, "integer"),
    (lambda: F.dice_loss(paddle.ones([2, 3]), paddle.ones([2, 2], "int64")), ValueError,
     "last dim of 1"),
    (lambda: F.multi_label_margin_loss(paddle.ones([2, 3]), paddle.to_tensor([[0, 3, -1]] * 2)),
     ValueError, "label values"),
    (lambda: F.multi_label_margin_loss(paddle.ones([3]), paddle.to_tensor([0, 1, -1])),
     ValueError, "2-D"),
    (lambda: F.gumbel_softmax(paddle.ones([2]), temperature=0.0), ValueError, "temperature"),
    (lambda: F.swiglu(paddle.ones([2, 3])), ValueError, "even"),
    (lambda: F.swiglu(paddle.ones([2, 3]), paddle.ones([3, 2])), ValueError, "same shape"),
    (lambda: F.pdist(paddle.ones([2, 3, 4])), ValueError, "2-D"),
    (lambda: F.bilinear(paddle.ones([2, 2]), paddle.ones([2, 3]), paddle.ones([1, 3, 2])),
     ValueError, "weight must be"),
    (lambda: F.dropout1d(paddle.ones([2, 3, 4, 5])), RuntimeError, "2-D or 3-D"),
    (lambda: F.dropout1d(paddle.ones([2, 3]), 2.0), ValueError, "p must be"),
    (lambda: paddle.nn.Softmax2D()(paddle.ones([2, 3])), ValueError, "3-D or 4-D"),
    (lambda: F.gather_tree(paddle.ones([2, 1, 2], "int64"), paddle.ones([1, 1, 2], "int64")),
     ValueError, "\\[T, B, beam\\]"),
    (lambda: F.gather_tree(paddle.ones([2, 1, 2]), paddle.ones([2, 1, 2])), TypeError,
     "integer Tensors"),
    (lambda: F.temporal_shift(paddle.ones([3, 4, 1, 1]), 2), ValueError, "divisible by seg_num"),
    (lambda: F.temporal_shift(paddle.ones([4, 4, 1, 1]), 2, 0.7), ValueError, "shift_ratio"),
    (lambda: F.temporal_shift(paddle.ones([4, 4, 1]), 2), ValueError, "4-D"),
    (lambda: F.temporal_shift(paddle.ones([4, 4, 1, 1]), 2, data_format="NCL"), ValueError,
     "data_format"),
    (lambda: F.lp_pool2d(paddle.ones([1, 1, 4, 4]), 0, 2), ValueError, "norm_type cannot be 0"),
    (lambda: F.lp_pool2d(paddle.ones([1, 4, 4]), 2, 2), ValueError, "lp_pool2d] x must be 4-D"),
    (lambda: F.lp_pool1d(paddle.ones([1, 1, 4]), 2, 2, data_format="NCHW"), ValueError,
     "data_format"),
    (lambda: F.lp_pool1d(paddle.ones([1, 1, 4]), 2, 2, padding=[1, 2, 3]), ValueError,
     "padding must be"),
    (lambda: F.lp_pool2d(paddle.ones([1, 1, 2, 2]), 2, 3), ValueError, "smaller than"),
])
def test_bad_arguments_of_the_other_functions(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_max_unpool_static_mode():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [1, 1, 2, 2], "float32")
            mask = paddle.static.data("mask", [1, 1, 2, 2], "int32")
            out = F.max_unpool2d(x, mask, 2)
        feed = {"x": np.array([[[[1, 2], [3, 4]]]], "float32"),
                "mask": np.array([[[[0, 3], [9, 14]]]], "int32")}
        got = paddle.static.Executor().run(main, feed=feed, fetch_list=[out])[0]
    finally:
        paddle.disable_static()
    np.testing.assert_array_equal(got.ravel()[[0, 3, 9, 14]], [1, 2, 3, 4])
    assert got.sum() == 10


@pytest.mark.parametrize("call, error, words", [
    (lambda: F.max_unpool2d(paddle.ones([1, 1, 2, 2]), paddle.zeros([1, 1, 2, 2], "int32"), 2,
                            output_size=[9, 4]), ValueError, "invalid output_size"),
    (lambda: F.max_unpool2d(paddle.ones([1, 1, 2, 2]), paddle.zeros([1, 1, 2, 1], "int32"), 2),
     ValueError, "indices \\(shape"),
    (lambda: F.max_unpool2d(paddle.ones([1, 1, 2, 2]), paddle.zeros([1, 1, 2, 2]), 2),
     TypeError, "integer Tensor"),
    (lambda: F.max_unpool2d(paddle.ones([1, 1, 2, 2]), paddle.full([1, 1, 2, 2], 16, "int32"),
                            2), ValueError, "indices must be in \\[0, 16\\)"),
    (lambda: F.max_unpool1d(paddle.ones([1, 2]), paddle.zeros([1, 2], "int32"), 2), ValueError,
     "3-D"),
    (lambda: F.max_unpool3d(paddle.ones([1, 1, 1, 1, 1]), paddle.zeros([1, 1, 1, 1, 1], "int32"),
                            2, data_format="NDHWC"), ValueError, "data_format"),
])
def test_bad_max_unpool_arguments(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_parameter_dict_registers_its_parameters():
    params = paddle.nn.ParameterDict({"w": paddle.create_parameter([2], "float32")})
    params["b"] = paddle.create_parameter([3], "float32")
    params.update([("c", paddle.create_parameter([1], "float32"))])
    params.update(paddle.nn.ParameterDict({"d": paddle.create_parameter([4], "float32")}))
    assert list(params) == ["w", "b", "c", "d"] and len(params) == 4
    assert params["b"].shape == [3]

    class Model(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.extra = params
    assert [n for n, _ in Model().named_parameters()] == ["extra.w", "extra.b", "extra.c",
                                                          "extra.d"]
    with pytest.raises(TypeError, match="ParameterDict"):
        params["x"] = paddle.ones([2])
    with pytest.raises(ValueError, match="element 0"):
        params.update([("only-a-name",)])
    with pytest.raises(TypeError, match="ParameterDict"):
        paddle.nn.ParameterDict(3)


def test_grid_sample_static_mode_and_identity_grid():
    x = np.arange(12, dtype="float32").reshape(1, 1, 3, 4)
    theta = np.array([[[1, 0, 0], [0, 1, 0]]], "float32")
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            xs = paddle.static.data("x", [1, 1, 3, 4], "float32")
            ts = paddle.static.data("theta", [1, 2, 3], "float32")
            out = F.grid_sample(xs, F.affine_grid(ts, [1, 1, 3, 4]))
        got = paddle.static.Executor().run(main, feed={"x": x, "theta": theta},
                                           fetch_list=[out])[0]
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got, x, rtol=1e-6, atol=1e-5)  # the identity transform


@pytest.mark.parametrize("call, error, words", [
    (lambda: F.grid_sample(paddle.ones([1, 1, 2, 2]), paddle.ones([1, 2, 2, 2]), "bicubic"),
     ValueError, "mode must be"),
    (lambda: F.grid_sample(paddle.ones([1, 1, 2, 2]), paddle.ones([1, 2, 2, 2]),
                           padding_mode="edge"), ValueError, "padding_mode must be"),
    (lambda: F.grid_sample(paddle.ones([1, 1, 2, 2]), paddle.ones([1, 2, 2, 3])), ValueError,
     "grid \\[N, H_out, W_out, 2\\]"),
    (lambda: F.grid_sample(paddle.ones([1, 1, 2, 2]), paddle.ones([1, 2, 2, 2], "float64")),
     TypeError, "one dtype"),
])
def test_bad_grid_sample_arguments(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_embedding_renorm_changes_the_table_in_place():
    emb = paddle.nn.Embedding(4, 2)
    with paddle.no_grad():
        emb.weight.set_value(np.array([[3, 4], [6, 8], [0.3, 0.4], [1, 0]], "float32"))
    out = F.embedding_renorm_(paddle.to_tensor([1, 2, 1]), emb.weight, 5.0)
    assert out is emb.weight and not emb.weight.stop_gradient
    np.testing.assert_allclose(emb.weight.numpy(), [[3, 4], [3, 4], [0.3, 0.4], [1, 0]],
                               rtol=1e-6)  # row 0 is not looked up: left as it is
    with pytest.raises(TypeError, match="ids"):
        F.embedding_renorm_(paddle.to_tensor([1.0]), emb.weight, 1.0)


def test_spectral_norm_gradient_treats_the_vectors_as_constants():
    paddle.seed(4)
    layer = paddle.nn.SpectralNorm([3, 4], power_iters=2)
    w0 = np.random.default_rng(2).uniform(-1, 1, (3, 4)).astype("float32")
    w = paddle.to_tensor(w0, stop_gradient=False)
    g = np.random.default_rng(3).uniform(0.5, 1.5, (3, 4)).astype("float32")
    (layer(w) * paddle.to_tensor(g)).sum().backward()
    u, v = layer.weight_u.numpy(), layer.weight_v.numpy()
    for _ in range(2):
        v = w0.T @ u
        v /= np.linalg.norm(v) + 1e-12
        u = w0 @ v
        u /= np.linalg.norm(u) + 1e-12
    sigma = u @ w0 @ v
    want = g / sigma - (g * w0).sum() / sigma ** 2 * np.outer(u, v)
    np.testing.assert_allclose(w.grad.numpy(), want, rtol=1e-4, atol=1e-5)
    assert layer.weight_u.grad is None and layer.weight_u.stop_gradient
    with pytest.raises(ValueError, match="weight must have shape"):
        layer(paddle.ones([4, 3]))
    with pytest.raises(ValueError, match="dim 2 is out of range"):
        paddle.nn.SpectralNorm([3, 4], dim=2)


def test_sync_batch_norm_is_batch_norm_in_one_process():
    paddle.seed(6)
    x = paddle.rand([4, 3, 2, 2])
    bn, sync = paddle.nn.BatchNorm2D(3), paddle.nn.SyncBatchNorm(3)
    np.testing.assert_allclose(sync(x).numpy(), bn(x).numpy(), rtol=1e-6)
    np.testing.assert_allclose(sync._mean.numpy(), bn._mean.numpy(), rtol=1e-6)
    sync.eval()
    bn.eval()
    np.testing.assert_allclose(sync(x).numpy(), bn(x).numpy(), rtol=1e-6)
    nlc = paddle.nn.SyncBatchNorm(3, data_format="NLC")
    y = nlc(paddle.rand([2, 5, 3])).numpy()
    np.testing.assert_allclose(y.mean(axis=(0, 1)), 0.0, atol=1e-5)  # normalized per channel
    model = paddle.nn.Sequential(paddle.nn.Conv2D(3, 4, 1), paddle.nn.BatchNorm2D(4))
    weight = model[1].weight
    converted = paddle.nn.SyncBatchNorm.convert_sync_batchnorm(model)
    assert isinstance(converted[1], paddle.nn.SyncBatchNorm) and converted[1].weight is weight
    with pytest.raises(ValueError, match="2-D to 5-D"):
        sync(paddle.ones([3]))


def test_ctc_loss_static_mode_and_bad_arguments():
    scores = np.random.default_rng(8).uniform(-1, 1, (4, 2, 3)).astype("float32")
    labels = np.array([[1, 2], [2, 0]], "int32")
    steps, lengths = np.array([4, 3]), np.array([2, 1])
    eager = F.ctc_loss(paddle.to_tensor(scores), paddle.to_tensor(labels),
                       paddle.to_tensor(steps), paddle.to_tensor(lengths)).numpy()
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [4, 2, 3], "float32")
            label = paddle.static.data("label", [2, 2], "int32")
            t = paddle.static.data("t", [2], "int64")
            n = paddle.static.data("n", [2], "int64")
            out = F.ctc_loss(x, label, t, n)
        got = paddle.static.Executor().run(
            main, feed={"x": scores, "label": labels, "t": steps, "n": lengths},
            fetch_list=[out])[0]
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got, eager, rtol=1e-5)
    x = paddle.to_tensor(scores)
    with pytest.raises(TypeError, match="labels must be an integer"):
        F.ctc_loss(x, paddle.ones([2, 2]), paddle.to_tensor(steps), paddle.to_tensor(lengths))
    with pytest.raises(ValueError, match="\\[T, N, C\\]"):
        F.ctc_loss(x[0], paddle.to_tensor(labels), paddle.to_tensor(steps),
                   paddle.to_tensor(lengths))
    with pytest.raises(ValueError, match="reduction"):
        F.ctc_loss(x, paddle.to_tensor(labels), paddle.to_tensor(steps),
                   paddle.to_tensor(lengths), reduction="avg")
