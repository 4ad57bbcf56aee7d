"""Searching and sorting: argmax/argmin, argsort/sort, topk, kthvalue, where,
masked_fill, nonzero, index_select, masked_select."""
import collections
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, axis_arg, check_tensor, op
from .gather_scatter import check_index
from .layout import broadcast_as_needed, broadcast_shape
from .promotion import operands

__all__ = [
    "argmax", "argmin", "argsort", "index_select", "kthvalue", "masked_fill", "masked_select",
    "nonzero", "sort", "topk", "where",
]

_arg_max = op("arg_max", ["X"], ["axis", "keepdims", "flatten", "dtype"])
_arg_min = op("arg_min", ["X"], ["axis", "keepdims", "flatten", "dtype"])
_argsort = op("argsort", ["X"], ["axis", "descending", "stable"], ["Out", "Indices"])
_top_k = op("top_k_v2", ["X"], ["k", "axis", "largest", "sorted"], ["Out", "Indices"])
_where = op("where", ["Condition", "X", "Y"])
_index_select = op("index_select", ["X", "Index"], ["dim"])
_masked_select = op("masked_select", ["X", "Mask"], [], ["Y"])
_reshape = op("reshape2", ["X"], ["shape"])
_slice = op("slice", ["Input"], ["axes", "starts", "ends", "decrease_axis"])

TopKRetType = collections.namedtuple("TopKRetType", ["values", "indices"])


def _arg(caller, x, axis, keepdim, dtype, fn):
    check_tensor(x, "x", fn)
    if dtype is None:
        raise ValueError(f"[{fn}] dtype must be int32 or int64, got None")
    d = _dtype.convert_dtype(dtype)
    if d not in (_dtype.int32, _dtype.int64):
        raise ValueError(f"[{fn}] dtype must be int32 or int64, got {d.name}")
    if x.size == 0:
        raise ValueError(f"[{fn}] x is empty (shape {x.shape})")
    if axis is None:
        out = caller(x, 0, False, True, d.code)
        return _reshape(out, [1] * x.ndim) if keepdim else out
    return caller(x, axis_arg(axis, x, fn), bool(keepdim), False, d.code)


def argmax(x, axis=None, keepdim=False, dtype="int64", name=None):
    """The index of the largest element along ``axis`` (None: of the
    flattened tensor); the first on ties.

    Args:
        x (Tensor): The input tensor.
        axis (int, optional): The dim to search, negative counting from the end; None (the
            default) searches the flattened tensor.
        keepdim (bool, optional): Whether the searched dim stays in the result with size 1.
            Default False.
        dtype (str|paddle.dtype, optional): The index dtype, 'int32' or 'int64' (ValueError
            otherwise). Default 'int64'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The indices, x's shape without axis (0-D for axis None unless keepdim).

    Example:
        >>> paddle.argmax(paddle.to_tensor([[1, 5], [7, 2]]), axis=1).numpy()
        array([1, 0])
    """
    return _arg(_arg_max, x, axis, keepdim, dtype, "argmax")


def argmin(x, axis=None, keepdim=False, dtype="int64", name=None):
    """The index of the smallest element along ``axis`` (None: of the
    flattened tensor); the first on ties.

    Args:
        x (Tensor): The input tensor.
        axis (int, optional): The dim to search, negative counting from the end; None (the
            default) searches the flattened tensor.
        keepdim (bool, optional): Whether the searched dim stays in the result with size 1.
            Default False.
        dtype (str|paddle.dtype, optional): The index dtype, 'int32' or 'int64' (ValueError
            otherwise). Default 'int64'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The indices, x's shape without axis (0-D for axis None unless keepdim).

    Example:
        >>> paddle.argmin(paddle.to_tensor([[1, 5], [7, 2]]), axis=1).numpy()
        array([0, 1])
    """
    return _arg(_arg_min, x, axis, keepdim, dtype, "argmin")


def argsort(x, axis=-1, descending=False, stable=False, name=None):
    """The indices that sort x along ``axis``.

    Args:
        x (Tensor): The input tensor.
        axis (int, optional): The dim to sort along, negative counting from the end.
            Default -1.
        descending (bool, optional): Whether the largest values come first. Default False.
        stable (bool, optional): Whether equal values keep their order. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: int64 indices, of x's shape.

    Example:
        >>> paddle.argsort(paddle.to_tensor([3.0, 1.0, 2.0])).numpy()
        array([1, 2, 0])
    """
    check_tensor(x, "x", "argsort")
    return _argsort(x, axis_arg(axis, x, "argsort"), bool(descending), bool(stable))[1]


def sort(x, axis=-1, descending=False, stable=False, name=None):
    """x sorted along ``axis`` (gradients flow back to the original positions).

    Args:
        x (Tensor): The input, a Tensor of a numeric dtype.
        axis (int|Tensor, optional): The dim to sort along, in [-rank, rank). Default -1.
        descending (bool, optional): Whether to sort from largest to smallest. Default False.
        stable (bool, optional): Whether equal elements keep their order. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The sorted values, of x's shape and dtype.

    Example:
        >>> paddle.sort(paddle.to_tensor([3.0, 1.0, 2.0]), descending=True).numpy()
        array([3., 2., 1.], dtype=float32)
    """
    check_tensor(x, "x", "sort")
    return _argsort(x, axis_arg(axis, x, "sort"), bool(descending), bool(stable))[0]


def topk(x, k, axis=None, largest=True, sorted=True, name=None):  # noqa: A002
    """The ``k`` largest (or smallest) elements along ``axis`` (None: the last)
    and their indices, as (values, indices).

    Args:
        x (Tensor): The input, a Tensor of a numeric dtype.
        k (int|Tensor): How many elements, in [1, size of dim ``axis``].
        axis (int|Tensor, optional): The dim to search, in [-rank, rank); None (the default)
            is the last dim.
        largest (bool, optional): True (the default) takes the largest elements, False the
            smallest.
        sorted (bool, optional): Whether the results are in sorted order. Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (values, indices): values of x's dtype and int64 indices, both of x's shape with
        dim ``axis`` of size k.

    Example:
        >>> values, indices = paddle.topk(paddle.to_tensor([1.0, 4.0, 3.0]), k=2)
        >>> indices.numpy()
        array([1, 2])
    """
    check_tensor(x, "x", "topk")
    if isinstance(k, Tensor):
        k = k.item()
    if not isinstance(k, (numbers.Integral, np.integer)) or isinstance(k, bool):
        raise TypeError(f"[topk] k must be an int, got {type(k).__name__}")
    axis = -1 if axis is None else axis_arg(axis, x, "topk")
    size = x.shape[axis] if x.ndim else 1
    if not 1 <= k <= size:
        raise ValueError(f"[topk] k {k} is out of range for a dim of size {size}")
    values, indices = _top_k(x, int(k), axis, bool(largest), bool(sorted))
    return TopKRetType(values, indices)


def kthvalue(x, k, axis=None, keepdim=False, name=None):
    """The k-th smallest element along ``axis`` (None: the last) and its
    index, as a tuple (values, indices).

    Args:
        x (Tensor): The input tensor.
        k (int): Which smallest element, from 1 to the size of axis (ValueError otherwise;
            TypeError for a non-int).
        axis (int, optional): The dim to search, negative counting from the end; None (the
            default) is the last dim.
        keepdim (bool, optional): Whether the searched dim stays in the results with size 1.
            Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (values, indices): the k-th smallest values (x's dtype) and their int64 indices
        along axis, both of x's shape without axis.

    Example:
        >>> values, indices = paddle.kthvalue(paddle.to_tensor([[3.0, 1.0, 2.0]]), 2)
        >>> values.numpy(), indices.numpy()
        (array([2.], dtype=float32), array([2]))
    """
    check_tensor(x, "x", "kthvalue")
    if not isinstance(k, (numbers.Integral, np.integer)) or isinstance(k, bool):
        raise TypeError(f"[kthvalue] k must be an int, got {type(k).__name__}")
    axis = axis_arg(-1 if axis is None else axis, x, "kthvalue")
    size = x.shape[axis] if x.ndim else 1
    if not 1 <= k <= size:
        raise ValueError(f"[kthvalue] k {k} is out of range for a dim of size {size}")
    y = _reshape(x, [1]) if x.ndim == 0 else x
    values, indices = _argsort(y, axis, False, True)
    drop = [] if keepdim and x.ndim else [axis]
    return (_slice(values, [axis], [k - 1], [k], drop),
            _slice(indices, [axis], [k - 1], [k], drop))


def nonzero(x, as_tuple=False):
    """The indices of the non-zero elements of x: an int64 [N, rank] tensor, or
    (as_tuple) one [N] tensor per dim.

    Args:
        x (Tensor): The input, a Tensor of rank >= 1 (0-D raises ValueError).
        as_tuple (bool, optional): Whether to return one 1-D index Tensor per dim instead of
            one [N, rank] Tensor. Default False.

    Returns:
        Tensor|tuple: The int64 indices of the N non-zero elements.

    Example:
        >>> paddle.nonzero(paddle.to_tensor([[1, 0], [0, 3]])).numpy()
        array([[0, 0],
               [1, 1]])
    """
    check_tensor(x, "x", "nonzero")
    if x.ndim == 0:
        raise ValueError("[nonzero] x must have at least 1 dim, got a 0-D tensor")
    # No gradient and a data-dependent shape: read the values once.
    coords = np.argwhere(x.numpy()).astype(np.int64)
    if as_tuple:
        return tuple(Tensor._from_numpy(np.ascontiguousarray(coords[:, i]))
                     for i in range(x.ndim))
    return Tensor._from_numpy(coords)


def _as_operand(v, name):
    if isinstance(v, Tensor):
        return v
    if isinstance(v, (numbers.Number, np.number, np.bool_)):
        return v
    if isinstance(v, (np.ndarray, list, tuple)):
        from .creation import to_tensor
        return to_tensor(v)
    raise TypeError(f"[where] {name} must be a Tensor or a number, got {type(v).__name__}")


def where(condition, x=None, y=None, name=None):
    """Elementwise x where ``condition`` is true, else y (broadcasting all three);
    with only ``condition``, the same as ``nonzero(condition, as_tuple=True)``.

    Args:
        condition (Tensor): A bool Tensor, broadcast with x and y.
        x (Tensor|int|float, optional): The values where condition is true. Default None.
        y (Tensor|int|float, optional): The values where condition is false. Default None. x and
            y are given together or not at all.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|tuple: With x and y, a Tensor of the broadcast shape and their promoted dtype;
        without them, a tuple of one int64 index Tensor per dim of condition.

    Example:
        >>> c = paddle.to_tensor([True, False])
        >>> paddle.where(c, paddle.to_tensor([1.0, 2.0]), 0.0).numpy()
        array([1., 0.], dtype=float32)
    """
    check_tensor(condition, "condition", "where")
    if x is None and y is None:
        return nonzero(condition, as_tuple=True)
    if x is None or y is None:
        raise ValueError("[where] x and y must be given together (or neither)")
    a = _as_operand(x, "x")
    b = _as_operand(y, "y")
    if not isinstance(a, Tensor) and not isinstance(b, Tensor):
        from .creation import to_tensor
        a = to_tensor(a)
    a, b = operands(a, b, "where")
    if condition.dtype != _dtype.bool:
        raise ValueError(f"[where] condition must be a bool Tensor, got {condition.dtype.name}")
    shape = broadcast_shape(broadcast_shape(condition.shape, a.shape), b.shape)
    return _where(broadcast_as_needed(condition, shape), broadcast_as_needed(a, shape),
                  broadcast_as_needed(b, shape))


def masked_fill(x, mask, value, name=None):
    """x with ``value`` (a number or a one-element Tensor, converted to x's
    dtype) where ``mask`` (bool, broadcast with x) is true.

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        mask (Tensor): A bool Tensor broadcastable with x; other dtypes raise TypeError.
        value (int|float|bool|Tensor): The fill value: a number or a one-element Tensor,
            converted to x's dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The filled Tensor, of the broadcast shape and x's dtype.

    Example:
        >>> x = paddle.to_tensor([1.0, -2.0, 3.0])
        >>> paddle.masked_fill(x, x < 0, 0.0).numpy()
        array([1., 0., 3.], dtype=float32)
    """
    check_tensor(x, "x", "masked_fill")
    check_tensor(mask, "mask", "masked_fill")
    if mask.dtype != _dtype.bool:
        raise TypeError(f"[masked_fill] mask must be a bool Tensor, got {mask.dtype.name}")
    if isinstance(value, Tensor):
        if value.size != 1:
            raise ValueError(f"[masked_fill] value must have one element, got shape {value.shape}")
        from .manipulation import cast
        fill = cast(value, x.dtype)
    elif isinstance(value, (numbers.Number, np.number, np.bool_)) and not isinstance(value, complex):
        from .creation import to_tensor
        fill = to_tensor(value, dtype=x.dtype)
    else:
        raise TypeError(f"[masked_fill] value must be a number or a Tensor, got "
                        f"{type(value).__name__}")
    shape = broadcast_shape(x.shape, mask.shape)
    return _where(broadcast_as_needed(mask, shape), broadcast_as_needed(fill, shape),
                  broadcast_as_needed(x, shape))


def index_select(x, index, axis=0, name=None):
    """The slices of x at ``index`` (a 1-D int tensor) along ``axis``.

    Args:
        x (Tensor): The input tensor.
        index (Tensor): A 1-D (or 0-D) int32/int64 tensor of indices along axis.
        axis (int, optional): The dim to select along, negative counting from the end.
            Default 0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of x's dtype: x's shape with the size along axis replaced by
        len(index).

    Example:
        >>> x = paddle.to_tensor([[1, 2], [3, 4], [5, 6]])
        >>> paddle.index_select(x, paddle.to_tensor([2, 0])).numpy()
        array([[5, 6],
               [1, 2]])
    """
    check_tensor(x, "x", "index_select")
    check_index(index, "index_select")
    axis = axis_arg(axis, x, "index_select")
    if index.ndim > 1:
        raise ValueError(f"[index_select] index must be 1-D, got shape {index.shape}")
    return _index_select(x, _reshape(index, [-1]) if index.ndim == 0 else index, axis)


def masked_select(x, mask, name=None):
    """The elements of x where ``mask`` (a bool tensor, broadcast with x) is
    true, as a 1-D tensor.

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        mask (Tensor): A bool Tensor broadcastable with x; other dtypes raise TypeError.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 1-D Tensor of x's dtype with the selected elements, in row-major order.

    Example:
        >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> paddle.masked_select(x, x > 2).numpy()
        array([3., 4.], dtype=float32)
    """
    check_tensor(x, "x", "masked_select")
    check_tensor(mask, "mask", "masked_select")
    if mask.dtype != _dtype.bool:
        raise TypeError(f"[masked_select] mask must be a bool Tensor, got {mask.dtype.name}")
    shape = broadcast_shape(x.shape, mask.shape)
    return _masked_select(broadcast_as_needed(x, shape), broadcast_as_needed(mask, shape))
