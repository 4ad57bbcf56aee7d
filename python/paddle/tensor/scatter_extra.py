"""Writing into tensors at computed positions: index_fill, index_put,
masked_scatter, scatter_add, scatter_reduce, diagonal_scatter,
select_scatter, slice_scatter; reading: index_sample, multiplex, argwhere,
isin. The positions are worked out on a tensor of flat positions with numpy
(as Tensor.__setitem__ does), then one scatter op writes them, so gradients
flow to x's untouched elements and to the written values."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, axis_arg, check_same_tensors, check_tensor, op, scalar_value
from .gather_scatter import check_bounds, check_index, put_along_axis, take_along_axis
from .indexing import to_kernel_dtype
from .layout import broadcast_as_needed
from .manipulation import stack
from .search import nonzero

__all__ = [
    "index_fill", "index_put", "index_sample", "masked_scatter", "scatter_add",
    "scatter_reduce", "diagonal_scatter", "select_scatter", "slice_scatter", "multiplex",
    "argwhere", "isin",
]

_reshape = op("reshape2", ["X"], ["shape"])
_scatter = op("scatter", ["X", "Ids", "Updates"], ["overwrite"])
_scatter_nd_add = op("scatter_nd_add", ["X", "Index", "Updates"])
_cast = op("cast", ["X"], ["in_dtype", "out_dtype"])
_slice = op("slice", ["Input"], ["axes", "starts", "ends", "infer_flags", "decrease_axis"])
_gather_nd = op("gather_nd", ["X", "Index"])
_fill = op("fill_constant", [], ["shape", "dtype", "value", "str_value"])


def _cast_to(t, d):
    return t if t.dtype == d else _cast(t, t.dtype.code, d.code)


def _flat_positions(shape):
    return np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)


def _write_at(x, positions, values, accumulate=False):
    """x with ``values`` (a Tensor of positions' shape) written at the flat
    ``positions`` (a numpy int array), or added there with accumulate."""
    if positions.size == 0:
        return _reshape(x, list(x.shape)) if x.ndim else x
    flat = _reshape(to_kernel_dtype(x), [-1])
    ids = Tensor._from_numpy(np.ascontiguousarray(positions.reshape(-1)))
    updates = _reshape(_cast_to(values, flat.dtype), [-1])
    if accumulate:
        out = _scatter_nd_add(flat, _reshape(ids, [-1, 1]), updates)
    else:
        out = _scatter(flat, ids, updates, True)
    return _cast_to(_reshape(out, list(x.shape)), x.dtype)


def _check_same_dtype(value, x, name, fn, base="x"):
    check_tensor(value, name, fn)
    if value.dtype != x.dtype:
        raise TypeError(f"[{fn}] {name} must have {base}'s dtype {x.dtype.name}, got "
                        f"{value.dtype.name}")


def _check_shape(value, shape, name, fn, what):
    if list(value.shape) != list(shape):
        raise ValueError(f"[{fn}] {name} must have shape {list(shape)} ({what}), got "
                         f"{list(value.shape)}")


def index_fill(x, index, axis, value, name=None):
    """x with its slices at ``index`` along ``axis`` set to ``value``.

    Args:
        x (Tensor): the input tensor.
        index (Tensor): 1-D int32/int64 tensor, the slices to fill.
        axis (int): the dim the slices are taken along.
        value (float|Tensor): the value to write (a number or a one-element tensor).
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype; the gradient of x is zero at the filled slices.

    Example:
        >>> x = paddle.to_tensor([[1, 2, 3], [4, 5, 6]])
        >>> paddle.index_fill(x, paddle.to_tensor([0, 2]), 1, -1).numpy()
        array([[-1,  2, -1],
               [-1,  5, -1]])
    """
    check_tensor(x, "x", "index_fill")
    check_index(index, "index_fill")
    axis = axis_arg(axis, x, "index_fill")
    if index.ndim > 1:
        raise ValueError(f"[index_fill] index must be 0-D or 1-D, got shape {index.shape}")
    value = scalar_value(value)
    if not isinstance(value, (numbers.Number, np.number)):
        raise TypeError(f"[index_fill] value must be a number or a one-element Tensor, got "
                        f"{type(value).__name__}")
    size = x.shape[axis] if x.ndim else 1
    check_bounds(index, size, axis, "index_fill")
    picks = np.unique(index.numpy().reshape(-1) % max(size, 1))
    positions = np.take(_flat_positions(x.shape), picks, axis=axis)
    fill = _fill(list(positions.shape), x.dtype.code, float(value), "")
    return _write_at(x, positions, fill)


def _index_positions(x, indices, fn):
    if not isinstance(indices, (list, tuple)) or not indices:
        raise TypeError(f"[{fn}] indices must be a non-empty list or tuple of Tensors, got "
                        f"{type(indices).__name__}")
    arrays = []
    for i, t in enumerate(indices):
        check_tensor(t, f"indices[{i}]", fn)
        if t.dtype not in (_dtype.int32, _dtype.int64, _dtype.bool):
            raise TypeError(f"[{fn}] indices[{i}] must be an int32, int64 or bool Tensor, got "
                            f"{t.dtype.name}")
        arrays.append(t.numpy())
    dims = sum(a.ndim if a.dtype == np.bool_ else 1 for a in arrays)
    if dims > x.ndim:
        raise IndexError(f"[{fn}] {len(arrays)} indices index {dims} dims of a {x.ndim}-D x")
    try:
        return _flat_positions(x.shape)[tuple(arrays)]
    except IndexError as e:
        raise IndexError(f"[{fn}] {e}") from None
    except ValueError as e:
        raise ValueError(f"[{fn}] indices do not broadcast together: {e}") from None


def index_put(x, indices, value, accumulate=False, name=None):
    """x with ``value`` written at ``x[indices]`` (indices: int tensors that
    broadcast together, or bool masks), or added there with accumulate (a
    repeated position then adds up).

    Args:
        x (Tensor): the input tensor.
        indices (list|tuple): int32/int64/bool tensors, one per indexed dim of x.
        value (Tensor): x's dtype, broadcast to the shape of ``x[indices]``.
        accumulate (bool, optional): add value instead of writing it. Default: False.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype.

    Example:
        >>> x = paddle.zeros([2, 3])
        >>> rows, cols = paddle.to_tensor([0, 1]), paddle.to_tensor([2, 0])
        >>> paddle.index_put(x, (rows, cols), paddle.to_tensor(5.0)).numpy()
        array([[0., 0., 5.],
               [5., 0., 0.]], dtype=float32)
    """
    check_tensor(x, "x", "index_put")
    _check_same_dtype(value, x, "value", "index_put")
    positions = _index_positions(x, indices, "index_put")
    target = list(positions.shape)
    if value.ndim > len(target) or not all(
            v in (1, t) for v, t in zip(value.shape[::-1], target[::-1])):
        raise ValueError(f"[index_put] value of shape {list(value.shape)} does not broadcast "
                         f"to x[indices]'s shape {target}")
    return _write_at(x, positions, broadcast_as_needed(value, target), bool(accumulate))


def index_sample(x, index):
    """Row i of the result holds x[i, index[i, j]] for each j: x and index are
    2-D with the same number of rows.

    Args:
        x (Tensor): a 2-D tensor.
        index (Tensor): a 2-D int32/int64 tensor with x's number of rows.

    Returns:
        Tensor: index's shape, x's dtype.

    Example:
        >>> x = paddle.to_tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
        >>> paddle.index_sample(x, paddle.to_tensor([[2, 0], [1, 1]])).numpy()
        array([[3., 1.],
               [5., 5.]], dtype=float32)
    """
    check_tensor(x, "x", "index_sample")
    check_index(index, "index_sample")
    if x.ndim != 2 or index.ndim != 2:
        raise ValueError(f"[index_sample] x and index must be 2-D, got shapes {x.shape} and "
                         f"{index.shape}")
    if x.shape[0] != index.shape[0]:
        raise ValueError(f"[index_sample] index must have x's {x.shape[0]} rows, got "
                         f"{index.shape[0]}")
    return take_along_axis(x, index, 1, broadcast=False)


def masked_scatter(x, mask, value, name=None):
    """x with the positions where ``mask`` (broadcast with x) is True filled, in
    row-major order, with the first elements of ``value``.

    Args:
        x (Tensor): the input tensor.
        mask (Tensor): a bool tensor that broadcasts with x.
        value (Tensor): x's dtype, with at least as many elements as mask has True.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: the broadcast shape of x and mask, x's dtype.

    Example:
        >>> x = paddle.zeros([2, 2])
        >>> mask = paddle.to_tensor([True, False])
        >>> paddle.masked_scatter(x, mask, paddle.to_tensor([1.0, 2.0, 3.0])).numpy()
        array([[1., 0.],
               [2., 0.]], dtype=float32)
    """
    check_tensor(x, "x", "masked_scatter")
    check_tensor(mask, "mask", "masked_scatter")
    if mask.dtype != _dtype.bool:
        raise TypeError(f"[masked_scatter] mask must be a bool Tensor, got {mask.dtype.name}")
    _check_same_dtype(value, x, "value", "masked_scatter")
    try:
        shape = list(np.broadcast_shapes(tuple(x.shape), tuple(mask.shape)))
    except ValueError:
        raise ValueError(f"[masked_scatter] mask of shape {list(mask.shape)} does not "
                         f"broadcast with x of shape {list(x.shape)}") from None
    x = broadcast_as_needed(x, shape)
    selected = np.broadcast_to(mask.numpy(), shape)
    positions = _flat_positions(shape)[selected]
    if positions.size > value.size:
        raise ValueError(f"[masked_scatter] value must have at least {positions.size} elements "
                         f"(the True entries of mask), got {value.size}")
    flat = _reshape(value, [-1])
    if positions.size < value.size:
        flat = _slice(flat, [0], [0], [int(positions.size)], [1], [])
    return _write_at(x, positions, flat)


def scatter_add(input, dim, index, src):  # noqa: A002  (PaddlePaddle's names)
    """input with each element of ``src`` added at the position ``index`` gives
    it along ``dim`` (``out[i][index[i][j]] += src[i][j]`` for dim 1).

    Args:
        input (Tensor): the input tensor.
        dim (int): the dim index points along.
        index (Tensor): int32/int64, input's number of dims, no larger than src.
        src (Tensor): input's dtype, the values to add.

    Returns:
        Tensor: input's shape and dtype.

    Example:
        >>> x = paddle.zeros([2, 3])
        >>> index = paddle.to_tensor([[0, 0], [2, 1]])
        >>> paddle.scatter_add(x, 1, index, paddle.ones([2, 2])).numpy()
        array([[2., 0., 0.],
               [0., 1., 1.]], dtype=float32)
    """
    return scatter_reduce(input, dim, index, src, "sum")


_SCATTER_REDUCES = {"sum": "add", "prod": "mul", "mean": "mean", "amin": "amin", "amax": "amax"}


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):  # noqa: A002
    """input with each element of ``src`` combined by ``reduce`` into the
    position ``index`` gives it along ``dim``.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dim index points along.
        index (Tensor): int32/int64, input's number of dims, no larger than src.
        src (Tensor): input's dtype, the values to combine.
        reduce (str): 'sum', 'prod', 'mean', 'amin' or 'amax'.
        include_self (bool, optional): whether input's own values take part. Default: True.

    Returns:
        Tensor: input's shape and dtype.

    Example:
        >>> x = paddle.to_tensor([[1.0, 2.0, 3.0]])
        >>> index = paddle.to_tensor([[0, 0, 2]])
        >>> src = paddle.to_tensor([[5.0, 7.0, 9.0]])
        >>> paddle.scatter_reduce(x, 1, index, src, 'amax').numpy()
        array([[7., 2., 9.]], dtype=float32)
    """
    fn = "scatter_reduce" if reduce != "sum" else "scatter_add"
    check_tensor(input, "input", fn)
    check_index(index, fn)
    _check_same_dtype(src, input, "src", fn, "input")
    if reduce not in _SCATTER_REDUCES:
        raise ValueError(f"[{fn}] reduce must be one of {list(_SCATTER_REDUCES)}, got "
                         f"{reduce!r}")
    if index.ndim != input.ndim or src.ndim != input.ndim:
        raise ValueError(f"[{fn}] index and src must have input's {input.ndim} dims, got "
                         f"shapes {index.shape} and {src.shape}")
    if any(i > s for i, s in zip(index.shape, src.shape)):
        raise ValueError(f"[{fn}] index {index.shape} must be no larger than src "
                         f"{src.shape} in any dim")
    if list(src.shape) != list(index.shape):
        src = _slice(src, list(range(src.ndim)), [0] * src.ndim, list(index.shape),
                     [1] * src.ndim, [])
    return put_along_axis(input, index, src, dim, _SCATTER_REDUCES[reduce],
                          include_self=bool(include_self), broadcast=False)


def diagonal_scatter(x, y, offset=0, axis1=0, axis2=1, name=None):
    """x with the diagonal that ``paddle.diagonal(x, offset, axis1, axis2)``
    reads replaced by y.

    Args:
        x (Tensor): the input tensor, at least 2-D.
        y (Tensor): x's dtype, the shape of that diagonal.
        offset (int, optional): the diagonal (0 main, > 0 above, < 0 below). Default: 0.
        axis1 (int, optional): the first dim of the matrices. Default: 0.
        axis2 (int, optional): the second dim of the matrices. Default: 1.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype.

    Example:
        >>> paddle.diagonal_scatter(paddle.zeros([2, 3]), paddle.ones([2]), offset=1).numpy()
        array([[0., 1., 0.],
               [0., 0., 1.]], dtype=float32)
    """
    check_tensor(x, "x", "diagonal_scatter")
    _check_same_dtype(y, x, "y", "diagonal_scatter")
    if x.ndim < 2:
        raise ValueError(f"[diagonal_scatter] x must be at least 2-D, got shape {x.shape}")
    axis1 = axis_arg(axis1, x, "diagonal_scatter")
    axis2 = axis_arg(axis2, x, "diagonal_scatter")
    if axis1 == axis2:
        raise ValueError(f"[diagonal_scatter] axis1 and axis2 must differ, both are {axis1}")
    positions = np.diagonal(_flat_positions(x.shape), int(offset), axis1, axis2)
    _check_shape(y, positions.shape, "y", "diagonal_scatter", "the diagonal's shape")
    return _write_at(x, positions, y)


def select_scatter(x, values, axis, index, name=None):
    """x with its slice at ``index`` along ``axis`` replaced by ``values``.

    Args:
        x (Tensor): the input tensor.
        values (Tensor): x's dtype, x's shape without dim ``axis``.
        axis (int): the dim the slice is taken along.
        index (int): the slice, in [-x.shape[axis], x.shape[axis]).
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype.

    Example:
        >>> x = paddle.zeros([2, 3])
        >>> paddle.select_scatter(x, paddle.to_tensor([1.0, 2.0]), 1, -1).numpy()
        array([[0., 0., 1.],
               [0., 0., 2.]], dtype=float32)
    """
    check_tensor(x, "x", "select_scatter")
    _check_same_dtype(values, x, "values", "select_scatter")
    axis = axis_arg(axis, x, "select_scatter")
    index = scalar_value(index)
    if not isinstance(index, (numbers.Integral, np.integer)) or isinstance(index, bool):
        raise TypeError(f"[select_scatter] index must be an int, got {type(index).__name__}")
    size = x.shape[axis]
    if not -size <= index < size:
        raise IndexError(f"[select_scatter] index {index} is out of bounds for axis {axis} "
                         f"with size {size}")
    positions = np.take(_flat_positions(x.shape), int(index) % size, axis=axis)
    _check_shape(values, positions.shape, "values", "select_scatter",
                 f"x's shape without dim {axis}")
    return _write_at(x, positions, values)


def slice_scatter(x, value, axes, starts, ends, strides, name=None):
    """x with the slice ``starts:ends:strides`` along each of ``axes`` replaced
    by ``value``.

    Args:
        x (Tensor): the input tensor.
        value (Tensor): x's dtype, the shape of that slice.
        axes (list|tuple): the sliced dims.
        starts (list|tuple): the first index along each of axes.
        ends (list|tuple): the end (exclusive) along each of axes.
        strides (list|tuple): the step along each of axes (positive).
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype.

    Example:
        >>> x = paddle.zeros([2, 4])
        >>> paddle.slice_scatter(x, paddle.ones([2, 2]), [1], [0], [4], [2]).numpy()
        array([[1., 0., 1., 0.],
               [1., 0., 1., 0.]], dtype=float32)
    """
    check_tensor(x, "x", "slice_scatter")
    _check_same_dtype(value, x, "value", "slice_scatter")
    lists = {"axes": axes, "starts": starts, "ends": ends, "strides": strides}
    for key, v in lists.items():
        if not isinstance(v, (list, tuple)):
            raise TypeError(f"[slice_scatter] {key} must be a list or tuple, got "
                            f"{type(v).__name__}")
    if not len(axes) == len(starts) == len(ends) == len(strides):
        raise ValueError(f"[slice_scatter] axes, starts, ends and strides must have one entry "
                         f"each, got lengths {[len(v) for v in lists.values()]}")
    slices = [slice(None)] * x.ndim
    for a, s, e, step in zip(axes, starts, ends, strides):
        a = axis_arg(a, x, "slice_scatter")
        step = int(scalar_value(step))
        if step <= 0:
            raise ValueError(f"[slice_scatter] strides must be positive, got {step} for axis {a}")
        slices[a] = slice(int(scalar_value(s)), int(scalar_value(e)), step)
    positions = _flat_positions(x.shape)[tuple(slices)]
    _check_shape(value, positions.shape, "value", "slice_scatter", "the slice's shape")
    return _write_at(x, positions, value)


def multiplex(inputs, index, name=None):
    """Row i of the result is row i of ``inputs[index[i]]``.

    Args:
        inputs (list|tuple): tensors of one shape and dtype, rows along dim 0.
        index (Tensor): int32/int64 of shape [rows, 1], each in [0, len(inputs)).
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: the shape and dtype of the inputs.

    Example:
        >>> a = paddle.to_tensor([[1, 2], [3, 4]])
        >>> b = paddle.to_tensor([[5, 6], [7, 8]])
        >>> paddle.multiplex([a, b], paddle.to_tensor([[1], [0]])).numpy()
        array([[5, 6],
               [3, 4]])
    """
    inputs = check_same_tensors(inputs, "multiplex")
    check_index(index, "multiplex")
    rows = inputs[0].shape[0] if inputs[0].ndim else 0
    if index.shape not in ([rows, 1], [rows]):
        raise ValueError(f"[multiplex] index must have shape [{rows}, 1] (one per row of the "
                         f"inputs), got {index.shape}")
    check_bounds(index, len(inputs), 0, "multiplex")
    picks = index.numpy().reshape(-1).astype(np.int64) % len(inputs)
    coords = np.stack([picks, np.arange(rows, dtype=np.int64)], axis=1)
    return _gather_nd(stack(inputs, 0), Tensor._from_numpy(np.ascontiguousarray(coords)))


def argwhere(input):  # noqa: A002  (PaddlePaddle's name)
    """The coordinates of the nonzero elements of ``input``, one row each.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: int64 of shape [number of nonzero elements, input.ndim].

    Example:
        >>> paddle.argwhere(paddle.to_tensor([[0, 3], [5, 0]])).numpy()
        array([[0, 1],
               [1, 0]])
    """
    check_tensor(input, "input", "argwhere")
    return nonzero(input)


_ISIN_DTYPES = (_dtype.float16, _dtype.bfloat16, _dtype.float32, _dtype.float64, _dtype.int32,
                _dtype.int64, _dtype.uint8, _dtype.int8, _dtype.int16)


def isin(x, test_x, assume_unique=False, invert=False, name=None):
    """Whether each element of x is among the elements of ``test_x``.

    Args:
        x (Tensor): the elements to look for.
        test_x (Tensor): the elements to look among (any shape).
        assume_unique (bool, optional): both hold unique values (a hint). Default: False.
        invert (bool, optional): whether the result is negated. Default: False.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: bool, x's shape.

    Example:
        >>> paddle.isin(paddle.to_tensor([1, 2, 3]), paddle.to_tensor([2, 5])).numpy()
        array([False,  True, False])
    """
    for key, t in (("x", x), ("test_x", test_x)):
        check_tensor(t, key, "isin")
        if t.dtype not in _ISIN_DTYPES:
            raise TypeError(f"[isin] {key} must be a float or integer Tensor, got "
                            f"{t.dtype.name}")
    found = np.isin(x.numpy(), test_x.numpy(), assume_unique=bool(assume_unique),
                    invert=bool(invert))
    return Tensor._from_numpy(np.array(found, order="C"))  # keeps a 0-D result 0-D
