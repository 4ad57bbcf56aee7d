"""paddle.gather/gather_nd/scatter/scatter_nd_add/scatter_nd/take_along_axis/
put_along_axis against numpy: values, gradients, bad input."""
import numpy as np
import pytest

import paddle
from grad_check import check_grad

A = np.arange(12, dtype="float64").reshape(3, 4) / 4.0


def test_gather_along_an_axis():
    x = paddle.to_tensor(A)
    idx = paddle.to_tensor([2, 0, 2])
    np.testing.assert_array_equal(paddle.gather(x, idx).numpy(), A[[2, 0, 2]])
    np.testing.assert_array_equal(paddle.gather(x, idx, axis=1).numpy(), A[:, [2, 0, 2]])
    np.testing.assert_array_equal(x.gather(paddle.to_tensor(1)).numpy(), A[1])
    check_grad(lambda t: paddle.gather(t, idx, axis=1), A)
    with pytest.raises(IndexError, match="out of bounds"):
        paddle.gather(x, paddle.to_tensor([3]))
    with pytest.raises(ValueError, match="int32 or int64"):
        paddle.gather(x, paddle.to_tensor([0.0]))
    with pytest.raises(ValueError, match="0-D or 1-D"):
        paddle.gather(x, paddle.to_tensor([[0]]))


def test_gather_nd():
    x = paddle.to_tensor(A)
    idx = np.array([[0, 1], [2, 3], [0, 1]])
    np.testing.assert_array_equal(paddle.gather_nd(x, paddle.to_tensor(idx)).numpy(),
                                  A[idx[:, 0], idx[:, 1]])
    rows = paddle.gather_nd(x, paddle.to_tensor([[2], [1]]))
    np.testing.assert_array_equal(rows.numpy(), A[[2, 1]])
    check_grad(lambda t: paddle.gather_nd(t, paddle.to_tensor(idx)), A)
    with pytest.raises(ValueError):
        paddle.gather_nd(x, paddle.to_tensor([[0, 0, 0]]))


def test_scatter_overwrite_and_add():
    x = paddle.to_tensor(A)
    upd = np.ones((2, 4))
    out = paddle.scatter(x, paddle.to_tensor([2, 0]), paddle.to_tensor(upd))
    expect = A.copy()
    expect[[2, 0]] = upd
    np.testing.assert_array_equal(out.numpy(), expect)
    summed = paddle.scatter(x, paddle.to_tensor([1, 1]), paddle.to_tensor(upd), overwrite=False)
    expect = A.copy()
    expect[1] = 2.0
    np.testing.assert_array_equal(summed.numpy(), expect)
    check_grad(lambda t, u: paddle.scatter(t, paddle.to_tensor([2, 0]), u), A, upd)
    with pytest.raises(ValueError, match="dtype"):
        paddle.scatter(x, paddle.to_tensor([0]), paddle.ones([1, 4]))


def test_scatter_nd_add_and_scatter_nd():
    x = paddle.to_tensor(A)
    idx = np.array([[1, 1], [1, 1], [0, 3]])
    upd = np.array([1.0, 2.0, 5.0])
    expect = A.copy()
    np.add.at(expect, (idx[:, 0], idx[:, 1]), upd)
    out = paddle.scatter_nd_add(x, paddle.to_tensor(idx), paddle.to_tensor(upd))
    np.testing.assert_array_equal(out.numpy(), expect)
    check_grad(lambda t, u: paddle.scatter_nd_add(t, paddle.to_tensor(idx), u), A, upd)
    made = paddle.scatter_nd(paddle.to_tensor([[1], [1]]), paddle.to_tensor([1.0, 2.0]), [3])
    assert made.tolist() == [0.0, 3.0, 0.0] and made.dtype == paddle.float32
    check_grad(lambda u: paddle.scatter_nd(paddle.to_tensor([[2], [0], [2]]), u, [4]),
               np.array([1.0, 2.0, 3.0]))
    with pytest.raises(TypeError, match="shape"):
        paddle.scatter_nd(paddle.to_tensor([[1]]), paddle.ones([1]), "3")
    with pytest.raises(TypeError, match="dtype"):
        paddle.scatter_nd_add(x, paddle.to_tensor(idx), paddle.to_tensor(upd.astype("float32")))


def test_take_along_axis_broadcasts():
    x = paddle.to_tensor(A)
    idx = np.array([[3, 0], [1, 1], [0, 2]])
    out = paddle.take_along_axis(x, paddle.to_tensor(idx), 1)
    np.testing.assert_array_equal(out.numpy(), np.take_along_axis(A, idx, 1))
    row = np.array([[2, 0, 1, 1]])
    np.testing.assert_array_equal(x.take_along_axis(paddle.to_tensor(row), 0).numpy(),
                                  np.take_along_axis(A, row, 0))
    wide = paddle.take_along_axis(paddle.to_tensor(A[:, :1]), paddle.to_tensor([[0, 0]]), 0)
    assert wide.shape == [1, 2]
    check_grad(lambda t: paddle.take_along_axis(t, paddle.to_tensor(idx), 1), A)
    with pytest.raises(ValueError, match="same number of dims"):
        paddle.take_along_axis(x, paddle.to_tensor([0]), 0)
    with pytest.raises(IndexError, match="out of bounds"):
        paddle.take_along_axis(x, paddle.to_tensor([[4]]), 1)


def test_put_along_axis_reductions():
    x = paddle.to_tensor(A)
    idx = np.array([[1], [0], [3]])
    out = paddle.put_along_axis(x, paddle.to_tensor(idx), 9.0, 1)
    expect = A.copy()
    np.put_along_axis(expect, idx, 9.0, 1)
    np.testing.assert_array_equal(out.numpy(), expect)
    added = paddle.put_along_axis(x, paddle.to_tensor(idx), 1.0, 1, reduce="add")
    np.testing.assert_array_equal(added.numpy(), A + (expect == 9.0))
    times = paddle.put_along_axis(x, paddle.to_tensor(idx), 2.0, 1, reduce="multiply")
    np.testing.assert_array_equal(times.numpy(), np.where(expect == 9.0, 2 * A, A))
    vals = np.array([[5.0], [6.0], [7.0]])
    check_grad(lambda t, v: paddle.put_along_axis(t, paddle.to_tensor(idx), v, 1), A, vals)
    with pytest.raises(ValueError, match="reduce"):
        paddle.put_along_axis(x, paddle.to_tensor(idx), 1.0, 1, reduce="max")
    with pytest.raises(IndexError, match="out of bounds"):
        paddle.put_along_axis(x, paddle.to_tensor([[4]]), 1.0, 1)
    with pytest.raises(ValueError, match="dtype"):
        paddle.put_along_axis(x, paddle.to_tensor(idx), paddle.ones([3, 1]), 1)


def test_take_reads_the_flat_tensor():
    x = paddle.to_tensor(A)
    idx = np.array([[0, -1], [5, 11]])
    np.testing.assert_array_equal(paddle.take(x, paddle.to_tensor(idx)).numpy(),
                                  np.take(A, idx))
    far = paddle.to_tensor([13, -14])
    np.testing.assert_array_equal(x.take(far, mode="wrap").numpy(), np.take(A, [13, -14],
                                                                             mode="wrap"))
    np.testing.assert_array_equal(paddle.take(x, far, mode="clip").numpy(), [A.flat[11], A.flat[0]])
    check_grad(lambda t: paddle.take(t, paddle.to_tensor(idx)), A)
    with pytest.raises(ValueError, match="out of range"):
        paddle.take(x, paddle.to_tensor([12]))
    with pytest.raises(ValueError, match="mode"):
        paddle.take(x, far, mode="nearest")


def test_repeat_interleave():
    x = paddle.to_tensor(A[:2, :3])
    np.testing.assert_array_equal(paddle.repeat_interleave(x, 2).numpy(), np.repeat(A[:2, :3], 2))
    np.testing.assert_array_equal(x.repeat_interleave(2, axis=1).numpy(),
                                  np.repeat(A[:2, :3], 2, axis=1))
    counts = paddle.to_tensor([0, 3])
    np.testing.assert_array_equal(paddle.repeat_interleave(x, counts, axis=0).numpy(),
                                  np.repeat(A[:2, :3], [0, 3], axis=0))
    check_grad(lambda t: paddle.repeat_interleave(t, paddle.to_tensor([1, 2, 0]), axis=1),
               A[:2, :3])
    with pytest.raises(ValueError, match="one non-negative count per"):
        paddle.repeat_interleave(x, paddle.to_tensor([1, 2, 3]), axis=0)
    with pytest.raises(TypeError, match="repeats"):
        paddle.repeat_interleave(x, 1.5)


def test_index_add():
    x = paddle.to_tensor(A)
    value = np.arange(6.0).reshape(3, 2)
    idx = np.array([3, 0])
    out = paddle.index_add(x, paddle.to_tensor(idx), 1, paddle.to_tensor(value), alpha=2)
    expect = A.copy()
    np.add.at(expect, (slice(None), idx), 2 * value)
    np.testing.assert_array_equal(out.numpy(), expect)
    twice = x.index_add(paddle.to_tensor([1, 1]), 0, paddle.ones([2, 4], dtype="float64"))
    np.testing.assert_array_equal(twice.numpy()[1], A[1] + 2)
    check_grad(lambda t, v: paddle.index_add(t, paddle.to_tensor(idx), 1, v, alpha=3), A, value)
    with pytest.raises(ValueError, match="value must have shape"):
        paddle.index_add(x, paddle.to_tensor([0, 1]), 0, paddle.ones([3, 4], dtype="float64"))
    with pytest.raises(IndexError, match="out of bounds"):
        paddle.index_add(x, paddle.to_tensor([5]), 0, paddle.ones([1, 4], dtype="float64"))
