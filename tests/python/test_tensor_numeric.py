"""paddle.isnan/isinf/isfinite, clip, cumsum, logsumexp, increment, kron,
isclose/allclose/equal_all against numpy."""
import numpy as np
import pytest

import paddle
from grad_check import check_grad

SPECIAL = np.array([1.0, np.nan, np.inf, -np.inf, 0.0], dtype="float32")


def test_nan_inf_finite_predicates():
    x = paddle.to_tensor(SPECIAL)
    np.testing.assert_array_equal(paddle.isnan(x).numpy(), np.isnan(SPECIAL))
    np.testing.assert_array_equal(x.isinf().numpy(), np.isinf(SPECIAL))
    np.testing.assert_array_equal(paddle.isfinite(x).numpy(), np.isfinite(SPECIAL))
    ints = paddle.to_tensor([1, 2])
    assert paddle.isnan(ints).tolist() == [False, False] and paddle.isnan(ints).dtype == paddle.bool
    assert paddle.isfinite(ints).tolist() == [True, True]
    with pytest.raises(TypeError, match="Tensor"):
        paddle.isnan(SPECIAL)


def test_clip():
    a = np.array([-2.0, 0.5, 3.0, 7.0])
    x = paddle.to_tensor(a)
    np.testing.assert_array_equal(paddle.clip(x, 0.0, 5.0).numpy(), np.clip(a, 0, 5))
    np.testing.assert_array_equal(x.clip(min=1.0).numpy(), np.clip(a, 1, None))
    np.testing.assert_array_equal(paddle.clip(x, max=paddle.to_tensor(2.0)).numpy(),
                                  np.clip(a, None, 2))
    ints = paddle.clip(paddle.to_tensor([1, 5, 9]), 2, 6)
    assert ints.tolist() == [2, 5, 6] and ints.dtype == paddle.int64
    floats = paddle.clip(paddle.to_tensor([1, 5], dtype="int32"), 2.5, 3.5)
    assert floats.dtype == paddle.float32 and floats.tolist() == [2.5, 3.5]
    check_grad(lambda t: paddle.clip(t, 0.0, 5.0), a)
    with pytest.raises(ValueError, match="greater than or equal to min"):
        paddle.clip(x, 3.0, 2.0)
    with pytest.raises(TypeError, match="min"):
        paddle.clip(x, "0")


def test_cumsum():
    m = np.arange(6, dtype="float64").reshape(2, 3)
    x = paddle.to_tensor(m)
    np.testing.assert_array_equal(paddle.cumsum(x).numpy(), np.cumsum(m))
    np.testing.assert_array_equal(x.cumsum(axis=1).numpy(), np.cumsum(m, 1))
    np.testing.assert_array_equal(paddle.cumsum(x, axis=-2).numpy(), np.cumsum(m, 0))
    assert paddle.cumsum(x, dtype="float32").dtype == paddle.float32
    ints = paddle.cumsum(paddle.to_tensor([1, 2, 3], dtype="int32"))
    assert ints.tolist() == [1, 3, 6] and ints.dtype == paddle.int64  # as PaddlePaddle sums
    assert paddle.cumsum(paddle.to_tensor([1], dtype="int32"), dtype="int32").dtype == paddle.int32
    check_grad(lambda t: paddle.cumsum(t, axis=1), m)
    with pytest.raises(ValueError, match="out of range"):
        paddle.cumsum(x, axis=2)
    with pytest.raises(TypeError, match="bool"):
        paddle.cumsum(paddle.to_tensor([True]))


def test_logsumexp_is_stable_and_has_softmax_gradient():
    m = np.array([[1.0, 2.0, 3.0], [1000.0, 1000.0, -5.0]])
    x = paddle.to_tensor(m)
    shift = m.max(1, keepdims=True)
    ref = (np.log(np.exp(m - shift).sum(1, keepdims=True)) + shift)
    np.testing.assert_allclose(paddle.logsumexp(x, axis=1).numpy(), ref[:, 0])
    np.testing.assert_allclose(x.logsumexp(axis=1, keepdim=True).numpy(), ref)
    small = m[:1]
    np.testing.assert_allclose(paddle.logsumexp(paddle.to_tensor(small)).item(),
                               np.log(np.exp(small).sum()))
    assert paddle.logsumexp(paddle.to_tensor([1, 2])).dtype == paddle.float32
    assert paddle.logsumexp(x, axis=[0, 1]).shape == []
    check_grad(lambda t: paddle.logsumexp(t, axis=0), m[:1] * np.ones((2, 1)))


def test_increment_is_in_place():
    counter = paddle.zeros([1], dtype="int64")
    assert paddle.increment(counter) is counter
    paddle.increment(counter, 2.0)
    assert counter.tolist() == [3] and counter.dtype == paddle.int64
    f = paddle.to_tensor([1.5])
    f.increment(0.25)
    assert f.item() == 1.75
    with pytest.raises(ValueError, match="one element"):
        paddle.increment(paddle.ones([2]))


def test_kron():
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    b = np.array([[0.0, 1.0, 2.0]])
    np.testing.assert_array_equal(paddle.kron(paddle.to_tensor(a), paddle.to_tensor(b)).numpy(),
                                  np.kron(a, b))
    c = np.arange(3.0)
    np.testing.assert_array_equal(paddle.to_tensor(a).kron(paddle.to_tensor(c)).numpy(),
                                  np.kron(a, c))
    three = np.ones((2, 1, 2))
    assert paddle.kron(paddle.to_tensor(three), paddle.to_tensor(a)).shape == [2, 2, 4]
    check_grad(paddle.kron, a, b)


def test_isclose_allclose_equal_all():
    x = paddle.to_tensor(SPECIAL)
    np.testing.assert_array_equal(paddle.isclose(x, x).numpy(), np.isclose(SPECIAL, SPECIAL))
    np.testing.assert_array_equal(x.isclose(x, equal_nan=True).numpy(), [True] * 5)
    near = paddle.to_tensor([1.0, 2.0])
    assert paddle.allclose(near, paddle.to_tensor([1.0 + 1e-6, 2.0])).item() is True
    assert paddle.allclose(near, paddle.to_tensor([1.1, 2.0])).item() is False
    assert paddle.allclose(near, paddle.to_tensor([1.1, 2.0]), atol=0.2).shape == []
    assert paddle.equal_all(near, near).item() is True
    assert paddle.equal_all(near, paddle.to_tensor([1.0])).item() is False
    assert paddle.to_tensor([1, 2]).equal_all(paddle.to_tensor([1, 3])).item() is False
    with pytest.raises(TypeError, match="floating-point"):
        paddle.isclose(paddle.to_tensor([1]), paddle.to_tensor([1]))
    with pytest.raises(ValueError, match="one shape"):
        paddle.allclose(near, paddle.ones([3]))
    with pytest.raises(TypeError, match="one dtype"):
        paddle.equal_all(near, paddle.to_tensor([1, 2]))


def test_pow_in_place():
    x = paddle.to_tensor([2.0, 3.0])
    assert paddle.pow_(x, 2) is x and x.tolist() == [4.0, 9.0]
    base = paddle.to_tensor([1.5, 2.0], stop_gradient=False)
    y = base * 1.0
    y.pow_(3)
    y.sum().backward()
    np.testing.assert_allclose(base.grad.numpy(), 3 * np.array([1.5, 2.0]) ** 2)
    leaf = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(ValueError, match="Leaf Tensor"):
        leaf.pow_(2)
    with pytest.raises(TypeError, match="dtype"):
        paddle.pow_(paddle.to_tensor([2]), 0.5)


def test_count_nonzero_nansum_nanmean():
    m = np.array([[0, 1, 2], [3, 0, 0]])
    assert paddle.count_nonzero(paddle.to_tensor(m)).item() == 3
    np.testing.assert_array_equal(paddle.to_tensor(m).count_nonzero(axis=1, keepdim=True).numpy(),
                                  [[2], [1]])
    assert paddle.count_nonzero(paddle.to_tensor([True, False])).dtype == paddle.int64
    f = np.array([[1.0, np.nan, 2.0], [np.nan, np.nan, 4.0]])
    x = paddle.to_tensor(f)
    np.testing.assert_allclose(paddle.nansum(x).item(), np.nansum(f))
    np.testing.assert_allclose(x.nansum(axis=0).numpy(), np.nansum(f, 0))
    np.testing.assert_allclose(paddle.nanmean(x, axis=1).numpy(), np.nanmean(f, 1))
    assert np.isnan(paddle.nanmean(paddle.to_tensor([np.nan])).item())
    assert paddle.nansum(paddle.to_tensor([1, 2], dtype="int32")).item() == 3
    clean = np.array([[1.0, 2.0], [3.0, 5.0]])
    check_grad(lambda t: paddle.nanmean(t, axis=0), clean)
    base = paddle.to_tensor(f, stop_gradient=False)
    paddle.nansum(base).backward()
    np.testing.assert_array_equal(base.grad.numpy(), np.where(np.isnan(f), 0.0, 1.0))
    with pytest.raises(TypeError, match="floating-point"):
        paddle.nanmean(paddle.to_tensor([1, 2]))
