"""paddle.dot/bmm/mm/t, paddle.linalg.norm/matmul, var/std/median/numel/shape
against numpy: values, dtypes, gradients, bad input."""
import numpy as np
import pytest

import paddle
from grad_check import check_grad

M = np.array([[1.0, -3.0, 3.0], [2.0, 0.5, 5.0]])


def test_dot_bmm_mm_t():
    a, b = np.array([1.0, 2.0, 3.0]), np.array([4.0, -1.0, 0.5])
    assert paddle.dot(paddle.to_tensor(a), paddle.to_tensor(b)).item() == pytest.approx(a @ b)
    rows = paddle.to_tensor(M).dot(paddle.to_tensor(M))
    np.testing.assert_allclose(rows.numpy(), (M * M).sum(1))
    check_grad(paddle.dot, a, b)
    x, y = np.arange(12.0).reshape(2, 2, 3), np.arange(6.0).reshape(2, 3, 1)
    np.testing.assert_allclose(paddle.bmm(paddle.to_tensor(x), paddle.to_tensor(y)).numpy(), x @ y)
    check_grad(paddle.bmm, x, y)
    np.testing.assert_allclose(paddle.mm(paddle.to_tensor(M), paddle.to_tensor(M.T)).numpy(),
                               M @ M.T)
    assert paddle.t(paddle.to_tensor(M)).shape == [3, 2]
    assert paddle.to_tensor(a).t().tolist() == a.tolist()
    with pytest.raises(ValueError, match="one shape"):
        paddle.dot(paddle.to_tensor(a), paddle.to_tensor(b[:2]))
    with pytest.raises(ValueError, match="3-D"):
        paddle.bmm(paddle.to_tensor(M), paddle.to_tensor(M))
    with pytest.raises(ValueError, match="do not match"):
        paddle.bmm(paddle.to_tensor(x), paddle.to_tensor(x))
    with pytest.raises(ValueError, match="at most 2 dims"):
        paddle.t(paddle.to_tensor(x))


@pytest.mark.parametrize("p, axis, ref", [
    (None, None, lambda m: np.linalg.norm(m)),
    ("fro", None, lambda m: np.linalg.norm(m)),
    (1, None, lambda m: np.abs(m).sum()),
    (np.inf, None, lambda m: np.abs(m).max()),
    (-np.inf, None, lambda m: np.abs(m).min()),
    (0, None, lambda m: float(np.count_nonzero(m))),
    (2, 1, lambda m: np.linalg.norm(m, axis=1)),
    (3, 1, lambda m: (np.abs(m) ** 3).sum(1) ** (1 / 3)),
    (0.5, -1, lambda m: np.sqrt(np.abs(m)).sum(-1) ** 2),
    ("fro", [0], lambda m: np.linalg.norm(m, axis=0)),
    ("fro", [0, 1], lambda m: np.linalg.norm(m, "fro")),
    (1, [0, 1], lambda m: np.linalg.norm(m, 1)),
    (-1, [0, 1], lambda m: np.linalg.norm(m, -1)),
    (np.inf, [0, 1], lambda m: np.linalg.norm(m, np.inf)),
    (-np.inf, (0, 1), lambda m: np.linalg.norm(m, -np.inf)),
    (1, [1, 0], lambda m: np.linalg.norm(m, np.inf)),
])
def test_norm_matches_numpy(p, axis, ref):
    out = paddle.linalg.norm(paddle.to_tensor(M), p=p, axis=axis)
    np.testing.assert_allclose(out.numpy(), ref(M), rtol=1e-6)  # pow's factor is float32


def test_norm_keepdim_gradient_and_errors():
    x = paddle.to_tensor(M)
    assert paddle.linalg.norm(x, keepdim=True).shape == [1, 1]
    assert x.norm(p=1, axis=[0, 1], keepdim=True).shape == [1, 1]
    assert paddle.linalg.norm(x, 2, axis=1, keepdim=True).shape == [2, 1]
    assert paddle.linalg.norm(paddle.to_tensor(M.astype("float32"))).dtype == paddle.float32
    check_grad(lambda t: paddle.linalg.norm(t, p=2, axis=1), M)
    check_grad(lambda t: paddle.linalg.norm(t, p=3), M)
    check_grad(lambda t: paddle.linalg.norm(t, p=1, axis=[0, 1]), M)
    with pytest.raises(ValueError, match="'fro' or 'nuc'"):
        paddle.linalg.norm(x, p="abc")
    with pytest.raises(ValueError, match="over two dims"):
        paddle.linalg.norm(x, p=3, axis=[0, 1])
    with pytest.raises(NotImplementedError, match="singular values"):
        paddle.linalg.norm(x, p="nuc")
    with pytest.raises(ValueError, match="out of range"):
        paddle.linalg.norm(x, p=1, axis=3)
    with pytest.raises(TypeError, match="floating-point"):
        paddle.linalg.norm(paddle.to_tensor([3, 4]))
    np.testing.assert_allclose(paddle.linalg.matmul(x, x.t()).numpy(), M @ M.T)


def test_var_std():
    x = paddle.to_tensor(M)
    np.testing.assert_allclose(paddle.var(x).numpy(), M.var(ddof=1))
    np.testing.assert_allclose(x.var(axis=1, unbiased=False).numpy(), M.var(1))
    np.testing.assert_allclose(paddle.var(x, axis=0, keepdim=True).numpy(),
                               M.var(0, ddof=1, keepdims=True))
    np.testing.assert_allclose(paddle.var(x, correction=0).numpy(), M.var())
    np.testing.assert_allclose(paddle.std(x, axis=0).numpy(), M.std(0, ddof=1))
    np.testing.assert_allclose(x.std(unbiased=False).numpy(), M.std())
    assert np.isnan(paddle.var(paddle.to_tensor([1.0])).item())
    # PaddlePaddle keeps integers: the mean and the result are truncated.
    ints = paddle.var(paddle.to_tensor([-1, -2, -4]))
    assert ints.dtype == paddle.int64 and ints.item() == 2
    assert paddle.var(paddle.to_tensor([1, 2, 4], dtype="int32")).dtype == paddle.int32
    root = paddle.std(paddle.to_tensor([1, 2, 4]))
    assert root.dtype == paddle.float32 and root.item() == pytest.approx(2 ** 0.5)
    check_grad(lambda t: paddle.var(t, axis=1), M)
    check_grad(lambda t: paddle.std(t, axis=0), M)


def test_median():
    a = np.array([[1.0, 5.0, 2.0, 8.0], [3.0, 2.0, 0.0, 9.0], [4.0, 4.5, 7.0, 1.0]])
    x = paddle.to_tensor(a)
    assert paddle.median(x).item() == np.median(a)
    np.testing.assert_array_equal(paddle.median(x, axis=1).numpy(), np.median(a, 1))
    np.testing.assert_array_equal(x.median(axis=0, keepdim=True).numpy(),
                                  np.median(a, 0, keepdims=True))
    values, indices = paddle.median(x, axis=1, mode="min")
    np.testing.assert_array_equal(values.numpy(), np.sort(a, 1)[:, 1])
    np.testing.assert_array_equal(indices.numpy(), np.argsort(a, 1)[:, 1])
    assert paddle.median(x, mode="min").item() == np.sort(a.reshape(-1))[5]
    ints = paddle.to_tensor([3, 1, 2, 4])
    assert paddle.median(ints).dtype == paddle.float32 and paddle.median(ints).item() == 2.5
    assert paddle.median(ints, mode="min").dtype == paddle.int64
    assert paddle.median(x, keepdim=True).shape == [1, 1]
    check_grad(lambda t: paddle.median(t, axis=1), a)
    check_grad(lambda t: paddle.median(t), a[:, :3])
    with pytest.raises(ValueError, match="mode"):
        paddle.median(x, mode="max")
    with pytest.raises(ValueError, match="out of range"):
        paddle.median(x, axis=2)


def test_numel_and_shape():
    x = paddle.ones([2, 3, 4])
    assert paddle.numel(x).item() == 24 and paddle.numel(x).dtype == paddle.int64
    assert x.numel().shape == []
    assert paddle.shape(x).tolist() == [2, 3, 4] and paddle.shape(x).dtype == paddle.int64
    with pytest.raises(TypeError, match="Tensor"):
        paddle.shape([1, 2])


def test_empty_inputs():
    empty = paddle.zeros([0, 3])
    assert np.isnan(paddle.var(paddle.zeros([0])).item())
    assert np.isnan(paddle.var(empty, axis=0).numpy()).all()
    assert np.isnan(paddle.median(empty).item())
    assert paddle.linalg.norm(empty).item() == 0.0
    assert paddle.kron(empty, paddle.ones([2, 2])).shape == [0, 6]
    with pytest.raises(ValueError, match="empty"):
        paddle.median(empty, axis=0)


def test_vector_norm_and_matrix_norm():
    x = paddle.to_tensor(M)
    np.testing.assert_allclose(paddle.linalg.vector_norm(x).item(), np.linalg.norm(M))
    np.testing.assert_allclose(paddle.linalg.vector_norm(x, p=1, axis=[0, 1]).item(),
                               np.abs(M).sum())
    np.testing.assert_array_equal(paddle.linalg.vector_norm(x, p=0, axis=1).numpy(), [3, 3])
    np.testing.assert_allclose(paddle.linalg.matrix_norm(x).item(), np.linalg.norm(M, "fro"))
    np.testing.assert_allclose(paddle.linalg.matrix_norm(x, p=1).item(), np.linalg.norm(M, 1))
    batch = np.stack([M, -2 * M])
    out = paddle.linalg.matrix_norm(paddle.to_tensor(batch), p=np.inf, axis=[1, 2], keepdim=True)
    np.testing.assert_allclose(out.numpy(), [[[np.linalg.norm(M, np.inf)]],
                                             [[2 * np.linalg.norm(M, np.inf)]]])
    check_grad(lambda t: paddle.linalg.vector_norm(t, p=3, axis=0), M)
    with pytest.raises(ValueError, match="two dims"):
        paddle.linalg.matrix_norm(x, axis=[0])
    with pytest.raises(ValueError, match="int or a float"):
        paddle.linalg.vector_norm(x, p="fro")


def test_mv_outer_inner():
    v = np.array([1.0, -2.0, 0.5])
    np.testing.assert_allclose(paddle.mv(paddle.to_tensor(M), paddle.to_tensor(v)).numpy(), M @ v)
    np.testing.assert_allclose(paddle.outer(paddle.to_tensor(v), paddle.to_tensor(M)).numpy(),
                               np.outer(v, M))
    np.testing.assert_allclose(paddle.to_tensor(M).inner(paddle.to_tensor(M)).numpy(),
                               np.inner(M, M))
    three = np.arange(24.0).reshape(2, 4, 3)
    assert paddle.inner(paddle.to_tensor(three), paddle.to_tensor(M)).shape == [2, 4, 2]
    check_grad(paddle.outer, v, v[:2])
    check_grad(paddle.inner, M, three[0])
    check_grad(paddle.mv, M, v)
    with pytest.raises(ValueError, match="last dims"):
        paddle.inner(paddle.to_tensor(M), paddle.to_tensor(v[:2]))
    with pytest.raises(ValueError, match=r"\[M, N\]"):
        paddle.mv(paddle.to_tensor(M), paddle.to_tensor(v[:2]))


def test_diagonal_and_trace():
    a = np.arange(24.0).reshape(2, 3, 4)
    x = paddle.to_tensor(a)
    for offset, a1, a2 in ((0, 0, 1), (1, 1, 2), (-1, 2, 1), (2, 0, 2), (-5, 0, 1)):
        np.testing.assert_array_equal(paddle.diagonal(x, offset, a1, a2).numpy(),
                                      np.diagonal(a, offset, a1, a2))
        np.testing.assert_array_equal(x.trace(offset, a1, a2).numpy(), np.trace(a, offset, a1, a2))
    check_grad(lambda t: paddle.diagonal(t, 1, 2, 0), a)
    check_grad(lambda t: paddle.trace(t), M)
    with pytest.raises(ValueError, match="must differ"):
        paddle.diagonal(x, 0, 1, 1)
    with pytest.raises(ValueError, match="at least 2 dims"):
        paddle.trace(paddle.ones([3]))
