"""paddle.unique, searchsorted and bucketize against numpy: values, index
dtypes, shapes, bad input."""
import numpy as np
import pytest

import paddle


def test_unique_with_its_optional_outputs():
    a = np.array([3, 1, 2, 3, 1])
    x = paddle.to_tensor(a)
    assert paddle.unique(x).tolist() == [1, 2, 3]
    values, first, inverse, counts = x.unique(return_index=True, return_inverse=True,
                                              return_counts=True)
    ref = np.unique(a, return_index=True, return_inverse=True, return_counts=True)
    for got, expect in zip((values, first, inverse, counts), ref):
        np.testing.assert_array_equal(got.numpy(), expect)
    assert first.dtype == paddle.int64
    _, inverse32 = paddle.unique(x, return_inverse=True, dtype="int32")
    assert inverse32.dtype == paddle.int32
    rows = np.array([[1, 2], [1, 2], [0, 5]])
    got_rows, row_inverse = paddle.unique(paddle.to_tensor(rows), axis=0, return_inverse=True)
    assert got_rows.tolist() == [[0, 5], [1, 2]] and row_inverse.tolist() == [1, 1, 0]
    with_nans = paddle.unique(paddle.to_tensor([1.0, np.nan, np.nan]))
    assert with_nans.shape == [3]  # NaNs are never merged, as in PaddlePaddle
    with pytest.raises(ValueError, match="int32 or int64"):
        paddle.unique(x, dtype="float32")
    with pytest.raises(ValueError, match="out of range"):
        paddle.unique(x, axis=1)


def test_searchsorted_and_bucketize():
    seq = np.array([1, 3, 5, 7])
    vals = np.array([[3, 6], [0, 9]])
    got = paddle.searchsorted(paddle.to_tensor(seq), paddle.to_tensor(vals))
    np.testing.assert_array_equal(got.numpy(), np.searchsorted(seq, vals))
    assert got.dtype == paddle.int64
    right = paddle.searchsorted(paddle.to_tensor(seq), paddle.to_tensor([3]), out_int32=True,
                                right=True)
    assert right.tolist() == [2] and right.dtype == paddle.int32
    batched = paddle.searchsorted(paddle.to_tensor([[1, 3], [2, 4]]), paddle.to_tensor([[2], [3]]))
    assert batched.tolist() == [[1], [1]]
    buckets = paddle.to_tensor([3, 6]).bucketize(paddle.to_tensor(seq))
    assert buckets.tolist() == [1, 3]
    with pytest.raises(ValueError, match="leading dims"):
        paddle.searchsorted(paddle.to_tensor([[1, 3], [2, 4]]), paddle.to_tensor([2]))
    with pytest.raises(ValueError, match="1-D"):
        paddle.bucketize(paddle.to_tensor([1]), paddle.to_tensor([[1, 2]]))
