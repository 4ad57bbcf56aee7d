"""paddle.argmax/argmin/argsort/sort/topk/where/nonzero/index_select/
masked_select against numpy: values, dtypes, gradients, bad input."""
import numpy as np
import pytest

import paddle
from grad_check import check_grad

X = np.array([[1.0, 3.0, 3.0], [2.0, 0.0, 5.0]], dtype="float32")


def test_argmax_argmin_follow_numpy_and_take_the_first_tie():
    x = paddle.to_tensor(X)
    np.testing.assert_array_equal(paddle.argmax(x, axis=1).numpy(), np.argmax(X, 1))
    np.testing.assert_array_equal(paddle.argmin(x, axis=0).numpy(), np.argmin(X, 0))
    assert paddle.argmax(x).shape == [] and paddle.argmax(x).item() == 5
    assert paddle.argmax(x).dtype == paddle.int64
    assert paddle.argmax(x, keepdim=True).shape == [1, 1]
    assert paddle.argmax(x, axis=1, keepdim=True).shape == [2, 1]
    assert paddle.argmax(x, 1, dtype="int32").dtype == paddle.int32
    assert x.argmin(axis=-1).tolist() == [0, 1]
    assert paddle.argmax(paddle.to_tensor([1, 7, 7])).item() == 1
    assert paddle.argmax(x, axis=1).stop_gradient


def test_argmax_bad_input():
    x = paddle.to_tensor(X)
    with pytest.raises(ValueError, match="int32 or int64"):
        paddle.argmax(x, dtype="float32")
    with pytest.raises(ValueError, match="out of range"):
        paddle.argmin(x, axis=2)
    with pytest.raises(TypeError, match="axis"):
        paddle.argmax(x, axis=1.5)


def test_sort_and_argsort():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((3, 5)).astype("float32")
    x = paddle.to_tensor(a)
    np.testing.assert_array_equal(paddle.sort(x).numpy(), np.sort(a, -1))
    np.testing.assert_array_equal(paddle.sort(x, axis=0, descending=True).numpy(),
                                  -np.sort(-a, 0))
    np.testing.assert_array_equal(paddle.argsort(x, axis=0).numpy(), np.argsort(a, 0))
    assert paddle.argsort(x).dtype == paddle.int64
    ints = paddle.to_tensor([3, 1, 2])
    assert ints.sort().tolist() == [1, 2, 3] and ints.sort().dtype == paddle.int64
    assert paddle.argsort(paddle.to_tensor([2, 1, 2, 1]), stable=True).tolist() == [1, 3, 0, 2]
    check_grad(lambda t: paddle.sort(t, axis=1, descending=True), a.astype("float64"))
    with pytest.raises(ValueError, match="out of range"):
        paddle.sort(x, axis=2)


def test_topk_values_indices_and_gradient():
    x = paddle.to_tensor(X)
    values, indices = paddle.topk(x, 2)
    np.testing.assert_array_equal(values.numpy(), [[3, 3], [5, 2]])
    assert indices.dtype == paddle.int64
    np.testing.assert_array_equal(np.take_along_axis(X, indices.numpy(), 1), values.numpy())
    small = paddle.topk(x, 1, axis=0, largest=False)
    np.testing.assert_array_equal(small.values.numpy(), X.min(0, keepdims=True))
    np.testing.assert_array_equal(small.indices.numpy(), X.argmin(0)[None])
    check_grad(lambda t: paddle.topk(t, 2)[0], np.array([[0.3, 2.0, -1.0], [4.0, 1.5, 0.2]]))
    with pytest.raises(ValueError, match="out of range"):
        paddle.topk(x, 4)
    with pytest.raises(ValueError, match="out of range"):
        paddle.topk(x, 0)
    with pytest.raises(TypeError, match="k must be an int"):
        paddle.topk(x, 1.5)


def test_where_three_args_broadcasts_and_promotes():
    c = np.array([True, False, True])
    y = np.array([[9.0], [8.0]], dtype="float32")
    out = paddle.where(paddle.to_tensor(c), paddle.to_tensor(X), paddle.to_tensor(y))
    np.testing.assert_array_equal(out.numpy(), np.where(c, X, y))
    assert paddle.where(paddle.to_tensor(X) > 1, 1.0, 0.0).dtype == paddle.float32
    assert paddle.where(paddle.to_tensor(X) > 1, 1, 0).dtype == paddle.int64
    mixed = paddle.where(paddle.to_tensor(X) > 1, paddle.to_tensor(X), 0.0)
    np.testing.assert_array_equal(mixed.numpy(), np.where(X > 1, X, 0))
    cond = paddle.to_tensor(c)
    check_grad(lambda a, b: paddle.where(cond, a, b), np.ones((2, 3)) * 2.0,
               np.array([[1.5], [0.5]]))
    with pytest.raises(ValueError, match="together"):
        paddle.where(cond, paddle.to_tensor(X))
    with pytest.raises(ValueError, match="broadcast"):
        paddle.where(cond, paddle.ones([2, 2]), 0.0)
    with pytest.raises(TypeError, match="condition"):
        paddle.where(c, 1.0, 0.0)
    with pytest.raises(ValueError, match="bool Tensor"):
        paddle.where(paddle.to_tensor([1, 0, 1]), 1.0, 0.0)


def test_where_one_arg_and_nonzero():
    x = paddle.to_tensor(X)
    coords = paddle.nonzero(x)
    np.testing.assert_array_equal(coords.numpy(), np.argwhere(X))
    assert coords.dtype == paddle.int64 and coords.shape == [5, 2]
    rows, cols = paddle.nonzero(x, as_tuple=True)
    assert rows.shape == [5] and cols.tolist() == list(np.nonzero(X)[1])
    parts = paddle.where(x > 1)
    assert [p.tolist() for p in parts] == [list(v) for v in np.nonzero(X > 1)]
    assert paddle.nonzero(paddle.zeros([3])).shape == [0, 1]
    with pytest.raises(ValueError, match="at least 1 dim"):
        paddle.nonzero(paddle.to_tensor(3.0))


def test_index_select():
    x = paddle.to_tensor(X)
    idx = paddle.to_tensor([2, 0, 2])
    np.testing.assert_array_equal(paddle.index_select(x, idx, axis=1).numpy(), X[:, [2, 0, 2]])
    np.testing.assert_array_equal(x.index_select(paddle.to_tensor([1], dtype="int32")).numpy(),
                                  X[[1]])
    check_grad(lambda t: paddle.index_select(t, idx, axis=1), X.astype("float64"))
    with pytest.raises(ValueError, match="int32 or int64"):
        paddle.index_select(x, paddle.to_tensor([1.0]))
    with pytest.raises(ValueError, match="1-D"):
        paddle.index_select(x, paddle.to_tensor([[1]]))
    with pytest.raises(ValueError):
        paddle.index_select(x, paddle.to_tensor([5]))


def test_masked_select_broadcasts_the_mask():
    x = paddle.to_tensor(X)
    np.testing.assert_array_equal(paddle.masked_select(x, x > 1).numpy(), X[X > 1])
    row_mask = paddle.to_tensor([True, False, True])
    np.testing.assert_array_equal(x.masked_select(row_mask).numpy(), X[:, [0, 2]].reshape(-1))
    check_grad(lambda t: paddle.masked_select(t, row_mask), X.astype("float64"))
    with pytest.raises(TypeError, match="bool"):
        paddle.masked_select(x, paddle.to_tensor([1, 0, 1]))
    with pytest.raises(ValueError, match="broadcast"):
        paddle.masked_select(x, paddle.to_tensor([True, False]))


def test_masked_fill():
    x = paddle.to_tensor(X)
    np.testing.assert_array_equal(paddle.masked_fill(x, x > 2, 0.5).numpy(),
                                  np.where(X > 2, 0.5, X))
    row = paddle.to_tensor([True, False, True])
    np.testing.assert_array_equal(x.masked_fill(row, paddle.to_tensor(9.0)).numpy(),
                                  np.where([True, False, True], 9.0, X))
    ints = paddle.masked_fill(paddle.to_tensor([1, 2]), paddle.to_tensor([True, False]), 2.7)
    assert ints.tolist() == [2, 2] and ints.dtype == paddle.int64
    check_grad(lambda t, v: paddle.masked_fill(t, row, v), X.astype("float64"), np.array(3.0))
    with pytest.raises(TypeError, match="bool"):
        paddle.masked_fill(x, paddle.to_tensor([1, 0, 1]), 0.0)
    with pytest.raises(ValueError, match="one element"):
        paddle.masked_fill(x, row, paddle.ones([2]))
    with pytest.raises(TypeError, match="number or a Tensor"):
        paddle.masked_fill(x, row, "0")


def test_kthvalue():
    a = np.array([[3.0, 1.0, 2.0, 7.0], [5.0, 4.0, 6.0, 0.0]])
    values, indices = paddle.kthvalue(paddle.to_tensor(a), 2)
    np.testing.assert_array_equal(values.numpy(), np.sort(a, 1)[:, 1])
    np.testing.assert_array_equal(indices.numpy(), np.argsort(a, 1)[:, 1])
    v0, i0 = paddle.to_tensor(a).kthvalue(1, axis=0, keepdim=True)
    assert v0.shape == [1, 4] and i0.tolist() == [[0, 0, 0, 1]]
    check_grad(lambda t: paddle.kthvalue(t, 3)[0], a)
    with pytest.raises(ValueError, match="out of range"):
        paddle.kthvalue(paddle.to_tensor(a), 5)
    with pytest.raises(TypeError, match="k must be an int"):
        paddle.kthvalue(paddle.to_tensor(a), 1.0)
