"""paddle.geometric's segment reductions: rows of data with the same
(sorted) segment id reduced into one output row, as PaddlePaddle's segment_pool
op does (empty segments read 0)."""
from ..static.mode import _building
from ..tensor._helpers import check_tensor
from ._scatter import check_index, index_values, reduce_rows

__all__ = ["segment_sum", "segment_mean", "segment_max", "segment_min"]


def _segment(data, segment_ids, reduce_op, fn):
    check_tensor(data, "data", fn)
    if data.ndim < 1:
        raise ValueError(f"[{fn}] data must have at least 1 dim, got a 0-D Tensor")
    check_index(segment_ids, "segment_ids", fn, data.shape[0])
    if _building():
        raise RuntimeError(f"[{fn}] the output's rows come from segment_ids' values: call it "
                           "in eager mode")
    ids = index_values(segment_ids)
    if ids.size and ids.min() < 0:
        raise ValueError(f"[{fn}] segment_ids must be non-negative, got {ids.min()}")
    unsorted = (ids[1:] < ids[:-1]).nonzero()[0]
    if unsorted.size:
        i = int(unsorted[0])
        raise ValueError(f"[{fn}] segment_ids must be sorted, got segment_ids[{i}] = {ids[i]} > "
                         f"segment_ids[{i + 1}] = {ids[i + 1]}")
    rows = int(ids[-1]) + 1 if ids.size else 0
    return reduce_rows(data, segment_ids, rows, reduce_op, fn)


def segment_sum(data, segment_ids, name=None):
    """Segment sum: output row i is the sum of the rows of ``data`` whose
    segment id is i (0 for an id no row has).

    Args:
        data (Tensor): The input, float32/float64/int32/int64, at least 1-D.
        segment_ids (Tensor): A 1-D int32/int64 Tensor of ``data.shape[0]`` sorted,
            non-negative segment ids.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of ``data``'s other dims and dtype.

    Example:
        >>> data = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> ids = paddle.to_tensor([0, 0, 1])
        >>> paddle.geometric.segment_sum(data, ids).numpy()
        array([[4., 6.],
               [5., 6.]], dtype=float32)
    """
    return _segment(data, segment_ids, "sum", "segment_sum")


def segment_mean(data, segment_ids, name=None):
    """Segment mean: output row i is the mean of the rows of ``data`` whose
    segment id is i (0 for an id no row has).

    Args:
        data (Tensor): The input, float32/float64/int32/int64, at least 1-D.
        segment_ids (Tensor): A 1-D int32/int64 Tensor of ``data.shape[0]`` sorted,
            non-negative segment ids.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of ``data``'s other dims and dtype.

    Example:
        >>> data = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> ids = paddle.to_tensor([0, 0, 1])
        >>> paddle.geometric.segment_mean(data, ids).numpy()
        array([[2., 3.],
               [5., 6.]], dtype=float32)
    """
    return _segment(data, segment_ids, "mean", "segment_mean")


def segment_max(data, segment_ids, name=None):
    """Segment max: output row i is the largest of the rows of ``data`` whose
    segment id is i (0 for an id no row has).

    Args:
        data (Tensor): The input, float32/float64/int32/int64, at least 1-D.
        segment_ids (Tensor): A 1-D int32/int64 Tensor of ``data.shape[0]`` sorted,
            non-negative segment ids.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of ``data``'s other dims and dtype.

    Example:
        >>> data = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> ids = paddle.to_tensor([0, 0, 1])
        >>> paddle.geometric.segment_max(data, ids).numpy()
        array([[3., 4.],
               [5., 6.]], dtype=float32)
    """
    return _segment(data, segment_ids, "max", "segment_max")


def segment_min(data, segment_ids, name=None):
    """Segment min: output row i is the smallest of the rows of ``data`` whose
    segment id is i (0 for an id no row has).

    Args:
        data (Tensor): The input, float32/float64/int32/int64, at least 1-D.
        segment_ids (Tensor): A 1-D int32/int64 Tensor of ``data.shape[0]`` sorted,
            non-negative segment ids.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of ``data``'s other dims and dtype.

    Example:
        >>> data = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> ids = paddle.to_tensor([0, 0, 1])
        >>> paddle.geometric.segment_min(data, ids).numpy()
        array([[1., 2.],
               [5., 6.]], dtype=float32)
    """
    return _segment(data, segment_ids, "min", "segment_min")
