"""paddle.tile/expand/broadcast_to/expand_as/broadcast_tensors/flip/roll/
tril/triu and chunk/unstack/unbind/slice/strided_slice against numpy."""
import numpy as np
import pytest

import paddle
from grad_check import check_grad

A = np.arange(6, dtype="float64").reshape(2, 3)


def test_tile():
    x = paddle.to_tensor(A)
    np.testing.assert_array_equal(paddle.tile(x, [2, 1]).numpy(), np.tile(A, [2, 1]))
    np.testing.assert_array_equal(x.tile([2, 1, 2]).numpy(), np.tile(A, [2, 1, 2]))
    assert paddle.tile(x, [2]).shape == [2, 6]
    check_grad(lambda t: paddle.tile(t, [2, 2]), A)
    assert paddle.tile(x, [0, 1]).shape == [0, 3]  # as PaddlePaddle: an empty tensor
    with pytest.raises(ValueError, match="repeat_times"):
        paddle.tile(x, [-1, 1])
    with pytest.raises(TypeError, match="repeat_times"):
        paddle.tile(x, "2")


def test_expand_broadcast_to_expand_as():
    row = np.array([[1.0, 2.0, 3.0]])
    x = paddle.to_tensor(row)
    np.testing.assert_array_equal(paddle.expand(x, [2, 2, 3]).numpy(),
                                  np.broadcast_to(row, (2, 2, 3)))
    assert paddle.expand(x, [4, -1]).shape == [4, 3]
    assert paddle.expand(x, [1, 3]) is not x  # a new tensor even when nothing is repeated
    assert paddle.broadcast_to(x, [2, 3]).shape == [2, 3]
    assert x.expand_as(paddle.zeros([5, 3])).shape == [5, 3]
    check_grad(lambda t: paddle.expand(t, [4, 3]), row)
    with pytest.raises(ValueError, match="cannot be expanded"):
        paddle.expand(x, [2, 4])
    with pytest.raises(ValueError, match="fewer dims"):
        paddle.expand(x, [3])
    with pytest.raises(TypeError, match="y must be a paddle.Tensor"):
        paddle.expand_as(x, [2, 3])
    check_grad(lambda t: paddle.chunk(t, 3, axis=1)[1] * 2.0, A)


def test_broadcast_shape_and_tensors():
    assert paddle.broadcast_shape([2, 1, 3], [4, 1]) == [2, 4, 3]
    a, b = paddle.broadcast_tensors([paddle.ones([2, 1]), paddle.zeros([3])])
    assert a.shape == b.shape == [2, 3]
    with pytest.raises(ValueError, match="cannot be broadcast"):
        paddle.broadcast_shape([2], [3])
    with pytest.raises(TypeError, match="list or tuple"):
        paddle.broadcast_tensors(paddle.ones([2]))


def test_flip_and_roll():
    x = paddle.to_tensor(A)
    np.testing.assert_array_equal(paddle.flip(x, 0).numpy(), A[::-1])
    np.testing.assert_array_equal(x.flip([0, 1]).numpy(), A[::-1, ::-1])
    np.testing.assert_array_equal(paddle.roll(x, 1).numpy(), np.roll(A, 1))
    np.testing.assert_array_equal(paddle.roll(x, [1, -1], axis=[0, 1]).numpy(),
                                  np.roll(A, [1, -1], axis=[0, 1]))
    check_grad(lambda t: paddle.flip(t, [1]), A)
    check_grad(lambda t: paddle.roll(t, 2, axis=1), A)
    with pytest.raises(ValueError, match="one length"):
        paddle.roll(x, [1, 2], axis=0)
    with pytest.raises(ValueError, match="one int"):
        paddle.roll(x, [1, 2])
    with pytest.raises(ValueError, match="out of range"):
        paddle.flip(x, 2)


def test_tril_triu():
    m = np.arange(12, dtype="float64").reshape(3, 4)
    x = paddle.to_tensor(m)
    for k in (-1, 0, 2):
        np.testing.assert_array_equal(paddle.tril(x, k).numpy(), np.tril(m, k))
        np.testing.assert_array_equal(x.triu(k).numpy(), np.triu(m, k))
    batch = np.ones((2, 3, 3))
    np.testing.assert_array_equal(paddle.tril(paddle.to_tensor(batch)).numpy(), np.tril(batch))
    check_grad(lambda t: paddle.triu(t, 1), m)
    with pytest.raises(ValueError, match="at least 2 dims"):
        paddle.tril(paddle.ones([3]))
    with pytest.raises(TypeError, match="diagonal"):
        paddle.triu(x, 0.5)


def test_chunk_unstack_unbind():
    x = paddle.to_tensor(A)
    parts = paddle.chunk(x, 3, axis=1)
    assert [p.shape for p in parts] == [[2, 1]] * 3
    np.testing.assert_array_equal(parts[2].numpy(), A[:, 2:])
    rows = paddle.unstack(x)
    assert [r.tolist() for r in rows] == A.tolist()
    cols = x.unbind(1)
    assert len(cols) == 3 and cols[1].tolist() == list(A[:, 1])
    check_grad(lambda t: paddle.unstack(t, axis=1)[1], A)
    with pytest.raises(ValueError, match="equal parts"):
        paddle.chunk(x, 4, axis=1)
    with pytest.raises(ValueError, match="num"):
        paddle.unstack(x, num=3)
    with pytest.raises(ValueError, match="out of range"):
        paddle.unbind(x, 2)


def test_slice_and_strided_slice():
    m = np.arange(20, dtype="float64").reshape(4, 5)
    x = paddle.to_tensor(m)
    np.testing.assert_array_equal(paddle.slice(x, [0, 1], [1, -3], [3, 100]).numpy(),
                                  m[1:3, -3:])
    np.testing.assert_array_equal(
        paddle.slice(x, [1], paddle.to_tensor([1]), [paddle.to_tensor(4)]).numpy(), m[:, 1:4])
    np.testing.assert_array_equal(paddle.strided_slice(x, [0, 1], [3, 0], [0, 5], [-2, 2]).numpy(),
                                  m[3:0:-2, 0:5:2])
    check_grad(lambda t: paddle.strided_slice(t, [1], [4], [0], [-2]), m)
    check_grad(lambda t: x.slice([0], [1], [3]) * t, m[1:3])
    with pytest.raises(ValueError, match="one length"):
        paddle.slice(x, [0], [1, 2], [3])
    with pytest.raises(ValueError, match="strides"):
        paddle.strided_slice(x, [0], [0], [3], [0])
    with pytest.raises(ValueError, match="out of range"):
        paddle.slice(x, [2], [0], [1])


def test_diag_builds_and_reads_diagonals():
    v = np.array([1.0, 2.0, 3.0])
    for k in (-2, 0, 1):
        np.testing.assert_array_equal(paddle.diag(paddle.to_tensor(v), k).numpy(), np.diag(v, k))
    padded = paddle.diag(paddle.to_tensor([1.0, 2.0]), -1, padding_value=9)
    assert padded.tolist() == [[9, 9, 9], [1, 9, 9], [9, 2, 9]]
    m = np.arange(12.0).reshape(3, 4)
    for k in (-2, 0, 3, 5):
        np.testing.assert_array_equal(paddle.to_tensor(m).diag(k).numpy(), np.diag(m, k))
    assert paddle.diag(paddle.to_tensor(3)).tolist() == [[3]]
    check_grad(lambda t: paddle.diag(t, 1), v)
    check_grad(lambda t: paddle.diag(t, -1), m)
    with pytest.raises(ValueError, match="at most 2 dims"):
        paddle.diag(paddle.ones([2, 2, 2]))
    with pytest.raises(TypeError, match="offset"):
        paddle.diag(paddle.ones([2]), 0.5)


def test_moveaxis():
    t = np.zeros((2, 3, 4, 5))
    x = paddle.to_tensor(t)
    for src, dst in ((0, -1), ([0, 1], [2, 0]), ([3, 1], [0, 3])):
        assert paddle.moveaxis(x, src, dst).shape == list(np.moveaxis(t, src, dst).shape)
    m = np.arange(24.0).reshape(2, 3, 4)
    np.testing.assert_array_equal(paddle.to_tensor(m).moveaxis([0, 2], [2, 0]).numpy(),
                                  np.moveaxis(m, [0, 2], [2, 0]))
    check_grad(lambda v: paddle.moveaxis(v, 0, 2), m)
    with pytest.raises(ValueError, match="one length"):
        paddle.moveaxis(x, [0], [0, 1])
    with pytest.raises(ValueError, match="repeat"):
        paddle.moveaxis(x, [0, 0], [1, 2])
    with pytest.raises(ValueError, match="out of range"):
        paddle.moveaxis(x, 4, 0)


def test_rot90():
    m = np.arange(24.0).reshape(2, 3, 4)
    x = paddle.to_tensor(m)
    for k, axes in ((1, [0, 1]), (2, [1, 2]), (3, [0, 2]), (-1, [2, 0]), (4, [0, 1])):
        np.testing.assert_array_equal(paddle.rot90(x, k, axes).numpy(), np.rot90(m, k, axes))
    assert x.rot90().shape == [3, 2, 4]
    check_grad(lambda t: paddle.rot90(t, 1, [1, 2]), m)
    with pytest.raises(ValueError, match="two different dims"):
        paddle.rot90(x, 1, [1, 1])
    with pytest.raises(ValueError, match="two dims"):
        paddle.rot90(x, 1, [0])
