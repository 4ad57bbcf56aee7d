"""Functions of the sorted order whose results have no gradient (indices,
counts, distinct values), computed on the values with numpy: unique,
searchsorted, bucketize."""
import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, axis_arg, check_tensor

__all__ = ["bucketize", "searchsorted", "unique"]


def _index_dtype(dtype, fn):
    d = _dtype.convert_dtype(dtype)
    if d not in (_dtype.int32, _dtype.int64):
        raise ValueError(f"[{fn}] dtype must be int32 or int64, got {d.name}")
    return _dtype.to_numpy_dtype(d)


def _tensor(arr):
    return Tensor._from_numpy(np.ascontiguousarray(arr))


def unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None,
           dtype="int64", sorted=True, name=None):  # noqa: A002  (PaddlePaddle's name)
    """The distinct values of x in ascending order (of the slices along
    ``axis``; None: of the flattened x), and on request the index of each
    one's first occurrence, the index into them of each element, and their
    counts (as a tuple, in that order). NaNs are never merged.

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        return_index (bool, optional): Whether to also return the index of each distinct
            value's first occurrence. Default False.
        return_inverse (bool, optional): Whether to also return, for each element, the index of
            its value among the distinct ones. Default False.
        return_counts (bool, optional): Whether to also return how often each distinct value
            occurs. Default False.
        axis (int, optional): The dim whose slices are compared; None (the default) flattens x.
        dtype (str|paddle.dtype, optional): The dtype of the indices and counts, int32 or int64
            (others raise ValueError). Default "int64".
        sorted (bool, optional): Accepted for PaddlePaddle compatibility; the values always come
            in ascending order. Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|tuple: The distinct values (of x's dtype); with any of the return_* flags, a
        tuple of them followed by the requested 1-D index/count Tensors.

    Example:
        >>> paddle.unique(paddle.to_tensor([3, 1, 2, 3, 1])).numpy()
        array([1, 2, 3])
    """
    check_tensor(x, "x", "unique")
    index_dtype = _index_dtype(dtype, "unique")
    values = x.numpy()
    if axis is not None:
        axis = axis_arg(axis, x, "unique")
    found = np.unique(values, return_index=True, return_inverse=True, return_counts=True,
                      axis=axis, equal_nan=False)
    out = [_tensor(found[0])]
    for wanted, part in zip((return_index, return_inverse, return_counts), found[1:]):
        if wanted:
            out.append(_tensor(part.reshape(-1).astype(index_dtype)))
    return out[0] if len(out) == 1 else tuple(out)


def searchsorted(sorted_sequence, values, out_int32=False, right=False, name=None):
    """For each of ``values``, the index where it would go in the innermost dim
    of ``sorted_sequence`` (the leading dims of both must match; a 1-D
    sequence serves every value) to keep it sorted: before equal elements, or
    after them with right=True.

    Args:
        sorted_sequence (Tensor): The sorted sequence(s), a Tensor of rank >= 1, sorted along
            its last dim.
        values (Tensor): The values to place; its leading dims match sorted_sequence's unless
            that is 1-D.
        out_int32 (bool, optional): Whether the indices are int32 instead of int64. Default
            False.
        right (bool, optional): Whether a value goes after equal elements instead of before.
            Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The indices, of values' shape.

    Example:
        >>> seq = paddle.to_tensor([1, 3, 5, 7])
        >>> paddle.searchsorted(seq, paddle.to_tensor([3, 6])).numpy()
        array([1, 3])
    """
    check_tensor(sorted_sequence, "sorted_sequence", "searchsorted")
    check_tensor(values, "values", "searchsorted")
    seq, vals = sorted_sequence.numpy(), values.numpy()
    if seq.ndim == 0:
        raise ValueError("[searchsorted] sorted_sequence must have at least 1 dim")
    side = "right" if right else "left"
    if seq.ndim == 1:
        found = np.searchsorted(seq, vals, side=side)
    else:
        if list(seq.shape[:-1]) != list(vals.shape[:-1]):
            raise ValueError(f"[searchsorted] the leading dims of sorted_sequence "
                             f"{list(seq.shape)} and values {list(vals.shape)} must match")
        rows = seq.reshape(-1, seq.shape[-1])
        queries = vals.reshape(len(rows), -1)
        found = np.stack([np.searchsorted(r, q, side=side) for r, q in zip(rows, queries)])
        found = found.reshape(vals.shape)
    return _tensor(np.asarray(found).astype(np.int32 if out_int32 else np.int64))


def bucketize(x, sorted_sequence, out_int32=False, right=False, name=None):
    """For each element of x, the index of its bucket in the 1-D
    ``sorted_sequence`` (see :func:`searchsorted`).

    Args:
        x (Tensor): The values to place, of any shape.
        sorted_sequence (Tensor): A 1-D tensor in ascending order (ValueError for another rank).
        out_int32 (bool, optional): Whether the indices are int32 rather than int64.
            Default False.
        right (bool, optional): For a value equal to a boundary: False (the default) gives the
            boundary's index, True the index after it.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The indices, of x's shape.

    Example:
        >>> paddle.bucketize(paddle.to_tensor([3, 6]), paddle.to_tensor([1, 3, 5, 7])).numpy()
        array([1, 3])
    """
    check_tensor(sorted_sequence, "sorted_sequence", "bucketize")
    if sorted_sequence.ndim != 1:
        raise ValueError(f"[bucketize] sorted_sequence must be 1-D, got shape "
                         f"{sorted_sequence.shape}")
    return searchsorted(sorted_sequence, x, out_int32, right)
