"""Reading and writing elements at index tensors: gather, gather_nd, take,
repeat_interleave, scatter, scatter_nd_add, scatter_nd, index_add,
take_along_axis, put_along_axis."""
import numpy as np

from .. import _core
from ..framework import dtypes as _dtype
from ._helpers import Tensor, axis_arg, check_tensor, op, reshape_exact, shape_list
from .layout import broadcast_as_needed

__all__ = [
    "gather", "gather_nd", "index_add", "put_along_axis", "repeat_interleave", "scatter",
    "scatter_nd", "scatter_nd_add", "take", "take_along_axis",
]

_gather = op("gather", ["X", "Index"], ["axis"])
_gather_nd = op("gather_nd", ["X", "Index"])
_scatter = op("scatter", ["X", "Ids", "Updates"], ["overwrite"])
_scatter_nd_add = op("scatter_nd_add", ["X", "Index", "Updates"])
_take_along_axis = op("take_along_axis", ["Input", "Index"], ["Axis"], ["Result"])
_put_along_axis = op("put_along_axis", ["Input", "Index", "Value"],
                     ["Axis", "Reduce", "Include_self"], ["Result"])
_reshape = op("reshape2", ["X"], ["shape"])
_squeeze = op("squeeze2", ["X"], ["axes"])
_fill = op("fill_constant", [], ["shape", "dtype", "value", "str_value"])
_index_select = op("index_select", ["X", "Index"], ["dim"])
_transpose = op("transpose2", ["X"], ["axis"])
_unsqueeze = op("unsqueeze2", ["X"], ["axes"])
_scale = op("scale", ["X"], ["scale", "bias", "bias_after_scale"])

_REDUCES = ("assign", "add", "mul", "multiply", "mean", "amin", "amax")


def check_index(index, fn, name="index"):
    check_tensor(index, name, fn)
    if index.dtype not in (_dtype.int32, _dtype.int64):  # PaddlePaddle: InvalidArgument
        raise ValueError(f"[{fn}] {name} must be an int32 or int64 Tensor, got "
                         f"{index.dtype.name}")
    return index


def check_bounds(index, size, axis, fn):
    """IndexError naming the first index outside [-size, size) along ``axis``
    (in eager mode: while a program is built the index holds no values yet)."""
    if _core._build_target()[0] is not None:
        return
    values = index.numpy()
    bad = (values < -size) | (values >= size)
    if bad.any():
        raise IndexError(f"[{fn}] index {int(values[bad].reshape(-1)[0])} is out of bounds for "
                         f"axis {axis} with size {size}")


def _check_updates(updates, x, fn, error):
    """updates is a Tensor of x's dtype; ``error`` is the class PaddlePaddle
    raises otherwise (scatter: ValueError, scatter_nd_add: TypeError)."""
    check_tensor(updates, "updates", fn)
    if updates.dtype != x.dtype:
        raise error(f"[{fn}] updates must have x's dtype {x.dtype.name}, got "
                    f"{updates.dtype.name}")


def gather(x, index, axis=None, name=None):
    """The slices of x at ``index`` (a 0-D or 1-D int tensor) along ``axis``
    (None: 0); a 0-D index drops that dim.

    Args:
        x (Tensor): The input tensor.
        index (Tensor): A 0-D or 1-D int32/int64 tensor of indices in [0, x.shape[axis])
            (IndexError otherwise).
        axis (int|Tensor, optional): The dim to gather along; None (the default) is 0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x's slices at index, of x's dtype: x's shape with the size along axis
        replaced by len(index) (removed for a 0-D index).

    Example:
        >>> x = paddle.to_tensor([[1, 2], [3, 4], [5, 6]])
        >>> paddle.gather(x, paddle.to_tensor([0, 2])).numpy()
        array([[1, 2],
               [5, 6]])
    """
    check_tensor(x, "x", "gather")
    check_index(index, "gather")
    axis = 0 if axis is None else axis_arg(axis, x, "gather")
    if index.ndim > 1:
        raise ValueError(f"[gather] index must be 0-D or 1-D, got shape {index.shape}")
    check_bounds(index, x.shape[axis], axis, "gather")
    if index.ndim == 0:
        return _squeeze(_gather(x, _reshape(index, [1]), axis), [axis])
    return _gather(x, index, axis)


def gather_nd(x, index, name=None):
    """The slices of x at the coordinate tuples in the last dim of ``index``:
    the result has shape index.shape[:-1] + x.shape[index.shape[-1]:].

    Args:
        x (Tensor): The input tensor.
        index (Tensor): An int32/int64 tensor whose last dim holds coordinates into x's
            leading dims (at most x.ndim of them).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of x's dtype and shape index.shape[:-1] + x.shape[index.shape[-1]:].

    Example:
        >>> x = paddle.to_tensor([[1, 2], [3, 4]])
        >>> paddle.gather_nd(x, paddle.to_tensor([[0, 1], [1, 0]])).numpy()
        array([2, 3])
    """
    check_tensor(x, "x", "gather_nd")
    check_index(index, "gather_nd")
    return _gather_nd(x, index)


_TAKE_MODES = ("raise", "wrap", "clip")


def take(x, index, mode="raise", name=None):
    """The elements of x read as a flat tensor at ``index`` (any shape; the
    result has its shape). mode: 'raise' (indices in [-size, size)), 'wrap'
    (taken modulo size) or 'clip' (clamped to [0, size - 1]).

    Args:
        x (Tensor): The input, a Tensor of any dtype, read as flat.
        index (Tensor): An int32/int64 Tensor of any shape.
        mode (str, optional): How out-of-range indices are handled: 'raise' (the default:
            ValueError), 'wrap' or 'clip'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of index's shape and x's dtype.

    Example:
        >>> x = paddle.to_tensor([[1, 2], [3, 4]])
        >>> paddle.take(x, paddle.to_tensor([[0, -1]])).numpy()
        array([[1, 4]])
    """
    check_tensor(x, "x", "take")
    check_index(index, "take")
    if mode not in _TAKE_MODES:
        raise ValueError(f"[take] mode must be one of {list(_TAKE_MODES)}, got {mode!r}")
    size = x.size
    positions = index.numpy().astype(np.int64)
    if mode == "raise":
        bad = (positions < -size) | (positions >= size)
        if bad.any():  # PaddlePaddle: InvalidArgument
            raise ValueError(f"[take] index {int(positions[bad].reshape(-1)[0])} is out of "
                             f"range for x of {size} elements")
        positions = positions % max(size, 1)
    elif mode == "wrap":
        positions = positions % max(size, 1)
    else:
        positions = np.clip(positions, 0, size - 1)
    flat = _reshape(x, [-1])
    picked = _index_select(flat, Tensor._from_numpy(np.ascontiguousarray(positions.reshape(-1))),
                           0)
    return reshape_exact(picked, index.shape)


def repeat_interleave(x, repeats, axis=None, name=None):
    """Each slice of x along ``axis`` (None: x flattened) repeated ``repeats``
    times (an int, or a 1-D int Tensor with a count per slice).

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        repeats (int|Tensor): The count for every slice, or a 1-D int Tensor with a
            non-negative count per slice.
        axis (int, optional): The dim to repeat along; None (the default) flattens x first.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The repeated Tensor, of x's dtype.

    Example:
        >>> paddle.repeat_interleave(paddle.to_tensor([[1, 2], [3, 4]]), 2, axis=1).numpy()
        array([[1, 1, 2, 2],
               [3, 3, 4, 4]])
    """
    check_tensor(x, "x", "repeat_interleave")
    if axis is None:
        x = _reshape(x, [-1])
        axis = 0
    axis = axis_arg(axis, x, "repeat_interleave")
    n = x.shape[axis] if x.ndim else 1
    if isinstance(repeats, Tensor):
        check_index(repeats, "repeat_interleave", "repeats")
        counts = repeats.numpy().reshape(-1)
        if counts.size == 1:
            counts = np.full(n, counts[0])
    elif isinstance(repeats, (int, np.integer)) and not isinstance(repeats, bool):
        counts = np.full(n, repeats)
    else:
        raise TypeError(f"[repeat_interleave] repeats must be an int or an int Tensor, got "
                        f"{type(repeats).__name__}")
    if counts.size != n or (counts < 0).any():
        raise ValueError(f"[repeat_interleave] repeats must be one non-negative count per "
                         f"slice ({n} along axis {axis}), got {counts.tolist()}")
    picks = np.repeat(np.arange(n, dtype=np.int64), counts)
    return _index_select(x, Tensor._from_numpy(picks), axis)


def scatter(x, index, updates, overwrite=True, name=None):
    """x with the rows at ``index`` (1-D) replaced by the rows of ``updates``
    (overwrite) or, with overwrite=False, set to the sum of the updates given
    for them.

    Args:
        x (Tensor): The input, a Tensor of rank >= 1.
        index (Tensor): A 1-D int32/int64 Tensor of row indices into x's first dim.
        updates (Tensor): The new rows, of x's dtype, with index's length as first dim.
        overwrite (bool, optional): True (the default) replaces the rows (for repeated indices
            the last wins); False sets each indexed row to the sum of its updates.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of x's shape and dtype.

    Example:
        >>> x = paddle.zeros([3, 2])
        >>> paddle.scatter(x, paddle.to_tensor([2]), paddle.ones([1, 2])).numpy()
        array([[0., 0.],
               [0., 0.],
               [1., 1.]], dtype=float32)
    """
    check_tensor(x, "x", "scatter")
    check_index(index, "scatter")
    _check_updates(updates, x, "scatter", ValueError)
    return _scatter(x, index, updates, bool(overwrite))


def scatter_nd_add(x, index, updates, name=None):
    """x with ``updates`` added at the coordinate tuples in the last dim of
    ``index`` (repeated tuples add up).

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        index (Tensor): An int32/int64 Tensor whose last dim holds coordinates into x's leading
            dims.
        updates (Tensor): The values to add, of x's dtype, of shape
            index.shape[:-1] + x.shape[index.shape[-1]:].
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of x's shape and dtype.

    Example:
        >>> x = paddle.zeros([3])
        >>> paddle.scatter_nd_add(x, paddle.to_tensor([[1], [1]]), paddle.ones([2])).numpy()
        array([0., 2., 0.], dtype=float32)
    """
    check_tensor(x, "x", "scatter_nd_add")
    check_index(index, "scatter_nd_add")
    _check_updates(updates, x, "scatter_nd_add", TypeError)
    return _scatter_nd_add(x, index, updates)


def scatter_nd(index, updates, shape, name=None):
    """Zeros of ``shape`` with ``updates`` added at the coordinate tuples of
    ``index`` (see :func:`scatter_nd_add`).

    Args:
        index (Tensor): An int32/int64 Tensor whose last dim holds coordinates.
        updates (Tensor): The values to add, of shape index.shape[:-1] + shape[index.shape[-1]:].
        shape (list|tuple|Tensor): The shape of the result.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of ``shape`` and updates' dtype.

    Example:
        >>> paddle.scatter_nd(paddle.to_tensor([[1]]), paddle.ones([1]), [3]).numpy()
        array([0., 1., 0.], dtype=float32)
    """
    check_tensor(updates, "updates", "scatter_nd")
    zeros = _fill(shape_list(shape, "scatter_nd"), updates.dtype.code, 0.0, "")
    return scatter_nd_add(zeros, index, updates)


def index_add(x, index, axis, value, alpha=1, name=None):
    """x with ``alpha * value`` added to its slices at ``index`` (1-D) along
    ``axis``: slice i of value (along axis) goes to slice index[i] of x, and
    repeated indices add up.

    Args:
        x (Tensor): The input tensor.
        index (Tensor): A 1-D int32/int64 tensor of indices in [0, x.shape[axis]) (ValueError
            for another rank, IndexError when out of range).
        axis (int): The dim the indices select along.
        value (Tensor): The tensor added, of x's dtype and shape but with len(index) along axis
            (ValueError otherwise).
        alpha (int|float, optional): The factor of value. Default 1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A new tensor of x's shape and dtype.

    Example:
        >>> out = paddle.index_add(paddle.zeros([3, 2]), paddle.to_tensor([0, 0]), 0,
        ...                        paddle.ones([2, 2]))
        >>> out.numpy()
        array([[2., 2.],
               [0., 0.],
               [0., 0.]], dtype=float32)
    """
    check_tensor(x, "x", "index_add")
    check_index(index, "index_add")
    _check_updates(value, x, "index_add", TypeError)
    axis = axis_arg(axis, x, "index_add")
    if index.ndim != 1:
        raise ValueError(f"[index_add] index must be 1-D, got shape {index.shape}")
    expect = list(x.shape)
    expect[axis] = index.shape[0]
    if value.shape != expect:
        raise ValueError(f"[index_add] value must have shape {expect} (x's with dim {axis} the "
                         f"length of index), got {value.shape}")
    check_bounds(index, x.shape[axis], axis, "index_add")
    if alpha != 1:
        value = _scale(value, float(alpha), 0.0, True)
    # scatter_nd_add works on the leading dim: bring axis to the front and back.
    perm = [axis] + [d for d in range(x.ndim) if d != axis]
    back = sorted(range(x.ndim), key=perm.__getitem__)
    moved = _scatter_nd_add(_transpose(x, perm), _unsqueeze(index, [1]), _transpose(value, perm))
    return _transpose(moved, back)


def _same_rank(arr, indices, fn):
    if arr.ndim != indices.ndim:
        raise ValueError(f"[{fn}] indices and arr must have the same number of dims, got "
                         f"{indices.shape} and {arr.shape}")


def take_along_axis(arr, indices, axis, broadcast=True):
    """The elements of arr at ``indices`` along ``axis`` (numpy's
    take_along_axis); with broadcast, arr and indices broadcast over the
    other dims.

    Args:
        arr (Tensor): The input, a Tensor of any dtype.
        indices (Tensor): An int32/int64 Tensor of arr's rank, with indices along ``axis``.
        axis (int): The dim to take along, in [-rank, rank).
        broadcast (bool, optional): Whether arr and indices broadcast over the other dims.
            Default True.

    Returns:
        Tensor: A Tensor of arr's dtype and (broadcast) indices' shape.

    Example:
        >>> x = paddle.to_tensor([[1, 2], [3, 4]])
        >>> paddle.take_along_axis(x, paddle.to_tensor([[1], [0]]), 1).numpy()
        array([[2],
               [3]])
    """
    check_tensor(arr, "arr", "take_along_axis")
    check_index(indices, "take_along_axis", "indices")
    _same_rank(arr, indices, "take_along_axis")
    axis = axis_arg(axis, arr, "take_along_axis")
    if broadcast:
        shape = [max(a, i) for a, i in zip(arr.shape, indices.shape)]
        shape[axis] = indices.shape[axis]
        indices = broadcast_as_needed(indices, shape)
        shape[axis] = arr.shape[axis]
        arr = broadcast_as_needed(arr, shape)
    else:
        for i, (a, n) in enumerate(zip(arr.shape, indices.shape)):
            if i != axis and n > a:
                raise ValueError(f"[take_along_axis] indices {indices.shape} must not be "
                                 f"larger than arr {arr.shape} apart from axis {axis}")
    check_bounds(indices, arr.shape[axis], axis, "take_along_axis")
    return _take_along_axis(arr, indices, axis)


def put_along_axis(arr, indices, values, axis, reduce="assign", include_self=True,
                   broadcast=True):
    """arr with ``values`` written at ``indices`` along ``axis`` (numpy's
    put_along_axis), or combined with what is there by ``reduce`` ('add',
    'mul'/'multiply', 'mean', 'amin', 'amax'); include_self=False leaves arr's
    own value out of the reduction.

    Args:
        arr (Tensor): The input, a Tensor of any dtype.
        indices (Tensor): An int32/int64 Tensor of arr's rank, with indices along ``axis``.
        values (Tensor|int|float): The values to write, of arr's dtype (a number is converted),
            broadcast to indices' shape.
        axis (int): The dim to write along, in [-rank, rank).
        reduce (str, optional): 'assign' (the default) or how to combine with what is there:
            'add', 'mul'/'multiply', 'mean', 'amin', 'amax'.
        include_self (bool, optional): Whether arr's own value takes part in the reduction.
            Default True.
        broadcast (bool, optional): Whether indices and values broadcast over the other dims.
            Default True.

    Returns:
        Tensor: A Tensor of arr's shape and dtype.

    Example:
        >>> x = paddle.zeros([2, 2])
        >>> paddle.put_along_axis(x, paddle.to_tensor([[1], [0]]), 5.0, 1).numpy()
        array([[0., 5.],
               [5., 0.]], dtype=float32)
    """
    check_tensor(arr, "arr", "put_along_axis")
    check_index(indices, "put_along_axis", "indices")
    _same_rank(arr, indices, "put_along_axis")
    if reduce not in _REDUCES:
        raise ValueError(f"[put_along_axis] reduce must be one of {list(_REDUCES)}, got "
                         f"{reduce!r}")
    axis = axis_arg(axis, arr, "put_along_axis")
    if not isinstance(values, Tensor):
        from .creation import to_tensor
        values = to_tensor(values, dtype=arr.dtype)
    if values.dtype != arr.dtype:
        raise ValueError(f"[put_along_axis] values must have arr's dtype {arr.dtype.name}, got "
                        f"{values.dtype.name}")
    if broadcast:
        if all(n <= a for a, n in zip(arr.shape, indices.shape)):
            shape = list(arr.shape)
            shape[axis] = indices.shape[axis]
            indices = broadcast_as_needed(indices, shape)
        values = broadcast_as_needed(values, indices.shape)
    elif values.size == 1:
        values = broadcast_as_needed(_reshape(values, [1] * indices.ndim), indices.shape)
    check_bounds(indices, arr.shape[axis], axis, "put_along_axis")
    op_reduce = "mul" if reduce == "multiply" else reduce
    return _put_along_axis(arr, indices, values, axis, op_reduce, bool(include_self))
