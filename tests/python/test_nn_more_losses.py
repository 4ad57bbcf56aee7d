"""The later paddle.nn layers and losses against PaddlePaddle 3.3.1: the
cases of nn_more_cases.py that tools/oracle/record_nn_cases.py recorded
(tests/data/nn_more); rms_norm (which 3.3.1 runs on GPUs only) against its
formula; numeric gradients; static programs against eager mode; bad input."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from grad_check import check_grad
from nn_more_cases import CASES
from recorded_cases import assert_matches_recorded


@pytest.mark.parametrize("case", sorted(CASES))
def test_matches_paddle(case):
    assert_matches_recorded("nn_more", case, CASES[case](paddle))


def _rms_reference(x, dims, w, eps):
    axes = tuple(range(x.ndim - dims, x.ndim))
    inv = 1.0 / np.sqrt(np.mean(x * x, axis=axes, keepdims=True) + eps)
    out = x * inv
    return (out * w if w is not None else out), inv.reshape(x.shape[:x.ndim - dims])


@pytest.mark.parametrize("dims,with_weight,dtype", [(1, True, "float32"), (2, False, "float32"),
                                                    (2, True, "float64")])
def test_rms_norm_values(dims, with_weight, dtype):
    rng = np.random.default_rng(dims)
    x = rng.uniform(-2, 2, [3, 4, 5]).astype(dtype)
    w = rng.uniform(0.5, 1.5, [4, 5][2 - dims:]).astype(dtype) if with_weight else None
    out, invvar = F.rms_norm(paddle.to_tensor(x), list(x.shape[3 - dims:]),
                             None if w is None else paddle.to_tensor(w), eps=1e-3)
    want, want_inv = _rms_reference(x, dims, w, 1e-3)
    tol = 1e-12 if dtype == "float64" else 1e-6
    assert out.dtype == paddle.to_tensor(x).dtype and invvar.dtype == paddle.float32
    np.testing.assert_allclose(out.numpy(), want, rtol=tol * 10, atol=tol)
    np.testing.assert_allclose(invvar.numpy(), want_inv, rtol=1e-6)


def test_rms_norm_gradients_numerically():
    rng = np.random.default_rng(5)
    check_grad(lambda x, w: F.rms_norm(x, 4, w)[0], rng.uniform(-2, 2, [3, 4]),
               rng.uniform(0.5, 1.5, [4]))
    check_grad(lambda x: F.rms_norm(x, [2, 3], eps=1e-3)[0], rng.uniform(-2, 2, [2, 2, 3]))


def test_rms_norm_static_shapes():
    paddle.enable_static()
    try:
        x = paddle.static.data("x", [-1, 3, 4], "float64")
        out, invvar = F.rms_norm(x, [3, 4])
        assert out.shape == [-1, 3, 4] and invvar.shape == [-1]
        assert invvar.dtype == paddle.float32
    finally:
        paddle.disable_static()


def test_fractional_pool_gradient_numerically():
    x = np.random.default_rng(1).permutation(56).reshape(1, 1, 7, 8).astype("float64")
    check_grad(lambda t: F.fractional_max_pool2d(t, [3, 5], kernel_size=2, random_u=0.4), x)
    check_grad(lambda t: F.fractional_max_pool3d(t, [2, 3, 3], random_u=0.7),
               x.reshape(1, 1, 2, 4, 7))


def test_fractional_pool_draws_u_from_the_seed():
    x = paddle.rand([1, 1, 20, 20])
    paddle.seed(3)
    a = F.fractional_max_pool2d(x, 7, return_mask=True)[1].numpy()
    paddle.seed(3)
    b = F.fractional_max_pool2d(x, 7, return_mask=True)[1].numpy()
    np.testing.assert_array_equal(a, b)


def test_hsigmoid_gradients_numerically():
    rng = np.random.default_rng(3)
    label = paddle.to_tensor(np.array([0, 6, 3]))
    check_grad(lambda x, w, b: F.hsigmoid_loss(x, label, 7, w, b), rng.uniform(-1, 1, [3, 4]),
               rng.uniform(-1, 1, [6, 4]), rng.uniform(-1, 1, [6, 1]))


def _rnnt_inputs(lengths_dtype="int32"):
    rng = np.random.default_rng(9)
    return (paddle.to_tensor(np.array([[1, 2], [3, 0]], "int32")),
            paddle.to_tensor(np.array([3, 2], lengths_dtype)),
            paddle.to_tensor(np.array([2, 1], lengths_dtype)), rng.standard_normal((2, 3, 3, 4)))


def test_rnnt_gradient_numerically_and_int64_lengths():
    label, tl, ul, acts = _rnnt_inputs()
    check_grad(lambda x: F.rnnt_loss(x, label, tl, ul, fastemit_lambda=0.0, reduction="none"),
               acts)
    label64, tl64, ul64, _ = _rnnt_inputs("int64")
    x = paddle.to_tensor(acts)
    np.testing.assert_array_equal(F.rnnt_loss(x, label, tl, ul).numpy(),
                                  F.rnnt_loss(x, label64, tl64, ul64).numpy())


def test_adaptive_log_softmax_log_prob_sums_to_one():
    layer = paddle.nn.AdaptiveLogSoftmaxWithLoss(16, 12, [2, 5, 9], div_value=2.0, head_bias=True)
    x = paddle.rand([3, 16])
    np.testing.assert_allclose(paddle.exp(layer.log_prob(x)).sum(1).numpy(), np.ones(3),
                               rtol=1e-5)
    out, _ = layer(x, paddle.to_tensor([0, 7, 11]))
    full = layer.log_prob(x).numpy()
    np.testing.assert_allclose(out.numpy(), full[[0, 1, 2], [0, 7, 11]], rtol=1e-5, atol=1e-6)


def test_class_center_sample_negatives():
    label = paddle.to_tensor(np.array([3, 9, 3, 1], "int32"))
    paddle.seed(4)
    remapped, centers = F.class_center_sample(label, 50, 10)
    c = centers.numpy()
    assert c.dtype == np.int32 and len(c) == 10 and len(set(c)) == 10
    np.testing.assert_array_equal(c[:3], [1, 3, 9])  # the positives, sorted, come first
    assert all(0 <= v < 50 for v in c)
    np.testing.assert_array_equal(c[remapped.numpy()], label.numpy())
    paddle.seed(4)
    np.testing.assert_array_equal(F.class_center_sample(label, 50, 10)[1].numpy(), c)


def _margin_reference(x, label, m1, m2, m3, s):
    z = x.copy()
    rows = np.arange(len(label))
    z[rows, label] = np.cos(m1 * np.arccos(z[rows, label]) + m2) - m3
    z = z * s
    log_sum = np.log(np.exp(z - z.max(1, keepdims=True)).sum(1)) + z.max(1)
    return (log_sum - z[rows, label])[:, None], np.exp(z - log_sum[:, None])


@pytest.mark.parametrize("margins", [(1.0, 0.5, 0.0, 64.0), (1.35, 0.25, 0.1, 8.0),
                                     (1.0, 0.0, 0.35, 30.0)])
def test_margin_cross_entropy_values_and_gradient(margins):
    rng = np.random.default_rng(2)
    x = rng.uniform(-0.95, 0.95, [5, 7])
    label = np.array([0, 6, 3, 3, 1])
    loss, softmax = F.margin_cross_entropy(paddle.to_tensor(x), paddle.to_tensor(label),
                                           *margins, return_softmax=True, reduction=None)
    # the margins are float attributes: the op sees them rounded to float32
    want_loss, want_softmax = _margin_reference(x, label, *(float(np.float32(m)) for m in margins))
    np.testing.assert_allclose(loss.numpy(), want_loss, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(softmax.numpy(), want_softmax, rtol=1e-10, atol=1e-12)
    lab = paddle.to_tensor(label[:, None])
    check_grad(lambda t: F.margin_cross_entropy(t, lab, *margins, reduction="sum"), x,
               rtol=1e-5, atol=1e-6)


def test_bad_input():
    x = paddle.rand([2, 3, 4])
    with pytest.raises(ValueError, match=r"\[rms_norm\] input \[2, 3, 4\] must end in "):
        F.rms_norm(x, [3])
    with pytest.raises(TypeError, match=r"\[rms_norm\] input must be a floating-point"):
        F.rms_norm(paddle.ones([2, 3], "int64"), 3)
    with pytest.raises(TypeError, match=r"\[rms_norm\] weight must have input's dtype"):
        F.rms_norm(x, 4, paddle.ones([4], "float64"))
    with pytest.raises(ValueError, match=r"\[fractional_max_pool2d\] random_u must be a float"):
        F.fractional_max_pool2d(paddle.rand([1, 1, 5, 5]), 3, random_u=1.5)
    with pytest.raises(ValueError, match=r"\[fractional_max_pool2d\] x must be 4-D"):
        F.fractional_max_pool2d(x, 3)
    with pytest.raises(ValueError, match=r"\[fractional_max_pool3d\] output_size must be"):
        F.fractional_max_pool3d(paddle.rand([1, 1, 4, 4, 4]), [2, 2])
    with pytest.raises(ValueError, match=r"is less than output_size \+ kernel_size - 1"):
        F.fractional_max_pool2d(paddle.rand([1, 1, 5, 5]), 4, kernel_size=3)
    w = paddle.rand([4, 3])
    with pytest.raises(TypeError, match=r"\[hsigmoid_loss\] label must be an int64 Tensor"):
        F.hsigmoid_loss(paddle.rand([2, 3]), paddle.to_tensor([1, 2], "int32"), 5, w)
    with pytest.raises(ValueError, match=r"\[hsigmoid_loss\] num_classes must be >= 2"):
        F.hsigmoid_loss(paddle.rand([2, 3]), paddle.to_tensor([0, 0]), 1, w)
    with pytest.raises(ValueError, match=r"path_table and path_code must be given together"):
        F.hsigmoid_loss(paddle.rand([2, 3]), paddle.to_tensor([0, 0]), 5, w,
                        path_table=paddle.to_tensor([[0], [1]]))
    with pytest.raises(ValueError, match=r"\[hierarchical_sigmoid\] Label\[1\] = 7 is out of"):
        F.hsigmoid_loss(paddle.rand([2, 3]), paddle.to_tensor([0, 7]), 5, w)
    with pytest.raises(ValueError, match=r"\[hierarchical_sigmoid\] W \[4, 2\] must have X's"):
        F.hsigmoid_loss(paddle.rand([2, 3]), paddle.to_tensor([0, 1]), 5, paddle.rand([4, 2]))
    with pytest.raises(ValueError, match=r"\[HSigmoidLoss\] num_classes must be >= 2"):
        paddle.nn.HSigmoidLoss(3, 1)
    label, tl, ul, acts = _rnnt_inputs()
    x = paddle.to_tensor(acts)
    with pytest.raises(TypeError, match=r"\[rnnt_loss\] label must be an int32 Tensor"):
        F.rnnt_loss(x, label.astype("int64"), tl, ul)
    with pytest.raises(ValueError, match=r"\[warprnnt\] input_lengths\[1\] = 4 is out of"):
        F.rnnt_loss(x, label, paddle.to_tensor(np.array([3, 4], "int32")), ul)
    with pytest.raises(ValueError, match=r"\[warprnnt\] label\[0\]\[0\] = 0 must be a class"):
        F.rnnt_loss(x, label * 0, tl, ul)
    with pytest.raises(ValueError, match=r"\[warprnnt\] label \[2, 3\] must have Umax - 1"):
        F.rnnt_loss(x, paddle.to_tensor(np.ones([2, 3], "int32")), tl, ul)
    with pytest.raises(ValueError, match=r"The value of 'reduction' in rnnt_loss"):
        F.rnnt_loss(x, label, tl, ul, reduction="avg")
    with pytest.raises(ValueError, match=r"cutoffs must be unique, increasing ints"):
        paddle.nn.AdaptiveLogSoftmaxWithLoss(16, 10, [3, 3])
    with pytest.raises(ValueError, match=r"cluster 1's hidden size"):
        paddle.nn.AdaptiveLogSoftmaxWithLoss(8, 10, [3, 6])
    layer = paddle.nn.AdaptiveLogSoftmaxWithLoss(16, 10, [3, 6])
    with pytest.raises(ValueError, match=r"label values must be in \[0, 9\]"):
        layer(paddle.rand([2, 16]), paddle.to_tensor([1, 10]))
    with pytest.raises(ValueError, match=r"a 1-D label needs a 2-D input of as many rows"):
        layer(paddle.rand([3, 16]), paddle.to_tensor([1, 2]))
    with pytest.raises(ValueError, match=r"\[BeamSearchDecoder\] beam_size must be positive"):
        paddle.nn.BeamSearchDecoder(paddle.nn.GRUCell(2, 2), 0, 1, beam_size=0)
    with pytest.raises(TypeError, match=r"\[dynamic_decode\] decoder must be a"):
        paddle.nn.dynamic_decode("decoder", paddle.zeros([1, 2]))
    with pytest.raises(ValueError, match=r"\[class_center_sample\] num_samples must be at most"):
        F.class_center_sample(paddle.to_tensor([1, 2]), 5, 6)
    with pytest.raises(TypeError, match=r"\[class_center_sample\] label must be an int32 or"):
        F.class_center_sample(paddle.to_tensor([1.0]), 5, 2)
    with pytest.raises(ValueError, match=r"\[class_center_sample\] Label\[1\] = 9 is out of"):
        F.class_center_sample(paddle.to_tensor([1, 9]), 5, 2)
    with pytest.raises(ValueError, match=r"\[margin_cross_entropy\] Label\[0\] = 4 is out"):
        F.margin_cross_entropy(paddle.rand([1, 3]), paddle.to_tensor([4]))
    with pytest.raises(ValueError, match=r"\[margin_cross_entropy\] reduction must be"):
        F.margin_cross_entropy(paddle.rand([1, 3]), paddle.to_tensor([0]), reduction="avg")
    with pytest.raises(ValueError, match=r"\[margin_cross_entropy\] logits must be 2-D"):
        F.margin_cross_entropy(paddle.rand([3]), paddle.to_tensor([0]))
    paddle.enable_static()
    try:
        with pytest.raises(NotImplementedError, match=r"\[dynamic_decode\] runs in eager"):
            paddle.nn.dynamic_decode(paddle.nn.BeamSearchDecoder(None, 0, 1, 2), None)
    finally:
        paddle.disable_static()


def _losses(F, x, f, w, a, labels):
    """A sum over the new ops, the same in eager and static mode."""
    label, y, tl, ul, ml = labels
    return (F.fractional_max_pool2d(x, 3, random_u=0.4).sum()
            + F.hsigmoid_loss(f, label, 5, w).sum() + F.rnnt_loss(a, y, tl, ul)
            + F.rms_norm(f, 4)[0].sum() + F.margin_cross_entropy(paddle.tanh(f), ml, scale=2.0))


def test_static_program_gradients_match_eager():
    rng = np.random.default_rng(11)
    values = {"x": rng.random((2, 1, 6, 6)).astype("float32"),
              "f": rng.random((2, 4)).astype("float32"),
              "w": rng.uniform(-1, 1, (4, 4)).astype("float32"),
              "a": np.log(rng.dirichlet(np.ones(5), (2, 3, 3))).astype("float32")}
    label_values = [np.array([0, 4]), np.array([[1, 2], [3, 1]], "int32"),
                    np.array([3, 2], "int32"), np.array([2, 1], "int32"), np.array([1, 3])]
    eager = {k: paddle.to_tensor(v, stop_gradient=False) for k, v in values.items()}
    labels = [paddle.to_tensor(v) for v in label_values]
    eager_loss = _losses(F, eager["x"], eager["f"], eager["w"], eager["a"], labels)
    eager_grads = paddle.grad([eager_loss], list(eager.values()))
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            data = {}
            for k, v in values.items():
                data[k] = paddle.static.data(k, list(v.shape), "float32")
                data[k].stop_gradient = False
            label_vars = [paddle.static.data(f"label{i}", list(v.shape), v.dtype.name)
                          for i, v in enumerate(label_values)]
            loss = _losses(F, data["x"], data["f"], data["w"], data["a"], label_vars)
            grads = paddle.static.gradients([loss], list(data.values()))
        feed = dict(values, **{f"label{i}": v for i, v in enumerate(label_values)})
        out = paddle.static.Executor().run(main, feed=feed, fetch_list=[loss] + grads)
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(out[0], eager_loss.numpy(), rtol=1e-5)
    for got, want in zip(out[1:], eager_grads):
        np.testing.assert_allclose(got, want.numpy(), rtol=1e-5, atol=1e-6)
