"""Statistics over tensors: var, std, median, numel; composed from ops so
gradients flow."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, axis_arg, check_tensor, op
from . import math as _math
from .promotion import cast

__all__ = ["median", "numel", "std", "var"]

_argsort = op("argsort", ["X"], ["axis", "descending", "stable"], ["Out", "Indices"])
_reshape = op("reshape2", ["X"], ["shape"])
_slice = op("slice", ["Input"], ["axes", "starts", "ends", "decrease_axis"])
_fill = op("fill_constant", [], ["shape", "dtype", "value", "str_value"])


def _count(x, axis):
    if axis is None:
        return x.size
    axes = [axis] if isinstance(axis, (numbers.Integral, np.integer)) else list(axis)
    if not axes:
        return x.size
    rank = max(x.ndim, 1)
    return int(np.prod([x.shape[a % rank] if x.ndim else 1 for a in axes]))


def var(x, axis=None, unbiased=None, keepdim=False, name=None, *, correction=1):
    """The variance over ``axis`` (None: all): the mean squared deviation with
    ``n - correction`` as divisor (unbiased=True: correction 1, False: 0).
    Integer inputs stay integers, as in PaddlePaddle: the mean and the result
    are truncated toward zero.

    Args:
        x (Tensor): The input, a Tensor of a numeric dtype.
        axis (int|list|tuple, optional): The dims to reduce, each in [-rank, rank); None (the
            default) reduces all dims.
        unbiased (bool, optional): True divides by n - 1, False by n; None (the default) uses
            ``correction``.
        keepdim (bool, optional): Whether the reduced dims stay, with size 1. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        correction (int, optional): Keyword only: the divisor is n - correction, when unbiased
            is None. Default 1.

    Returns:
        Tensor: The variances, of x's dtype.

    Example:
        >>> paddle.var(paddle.to_tensor([1.0, 2.0, 3.0, 4.0])).item()
        1.6666...
    """
    check_tensor(x, "x", "var")
    if unbiased is not None:
        correction = 1 if unbiased else 0
    n = _count(x, axis)
    total = _math.sum(x, axis=axis, keepdim=True)
    if _dtype.is_floating_point(x.dtype):
        deviation = _math.subtract(x, _math.scale(total, 1.0 / n if n else float("nan")))
        squares = _math.sum(_math.square(deviation), axis=axis, keepdim=keepdim)
        return _math.divide(squares, float(n - correction) if n else 0.0)  # empty: 0/0, NaN
    mean = cast(_math.divide(total, n), x.dtype)  # the cast truncates toward zero
    deviation = _math.subtract(x, mean)
    squares = _math.sum(_math.multiply(deviation, deviation), axis=axis, keepdim=keepdim)
    return cast(_math.divide(squares, float(n - correction)), x.dtype)


def std(x, axis=None, unbiased=True, keepdim=False, name=None):
    """The standard deviation over ``axis`` (None: all): sqrt(var), in the
    default float type for integer inputs.

    Args:
        x (Tensor): The input, a Tensor of a numeric dtype.
        axis (int|list|tuple, optional): The dims to reduce, each in [-rank, rank); None (the
            default) reduces all dims.
        unbiased (bool, optional): True (the default) divides the variance by n - 1, False by n.
        keepdim (bool, optional): Whether the reduced dims stay, with size 1. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The standard deviations, of x's dtype (the default float dtype for integer x).

    Example:
        >>> paddle.std(paddle.to_tensor([1.0, 3.0]), unbiased=False).item()
        1.0
    """
    check_tensor(x, "x", "std")
    variance = var(x, axis=axis, unbiased=unbiased, keepdim=keepdim)
    if not _dtype.is_floating_point(variance.dtype):
        variance = cast(variance, _dtype.default_float_dtype())
    return _math.sqrt(variance)


def numel(x, name=None):
    """The number of elements of x as an int64 0-D tensor.

    Args:
        x (Tensor): The input, a Tensor of any dtype and shape.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D int64 Tensor.

    Example:
        >>> paddle.numel(paddle.ones([2, 3])).item()
        6
    """
    check_tensor(x, "x", "numel")
    return Tensor._from_numpy(np.array(x.size, dtype=np.int64))


def _take(t, axis, i, keepdim):
    return _slice(t, [axis], [i], [i + 1], [] if keepdim else [axis])


def median(x, axis=None, keepdim=False, mode="avg", name=None):
    """The median over ``axis`` (None: all elements). mode='avg' averages the
    two middle values of an even count (float result); mode='min' takes the
    lower one and, with an axis, also returns its indices.

    Args:
        x (Tensor): The input, a Tensor of a numeric dtype.
        axis (int, optional): The dim to reduce, in [-rank, rank); None (the default) takes the
            median of all elements (of an empty x: NaN).
        keepdim (bool, optional): Whether the reduced dims stay, with size 1. Default False.
        mode (str, optional): 'avg' (the default) averages the two middle values of an even
            count; 'min' takes the lower one. Other values raise ValueError.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|tuple: The medians (with 'avg', float for integer x); with mode='min' and an
        axis, a tuple (values, int64 indices).

    Example:
        >>> paddle.median(paddle.to_tensor([3.0, 1.0, 4.0, 2.0])).item()
        2.5
    """
    check_tensor(x, "x", "median")
    if mode not in ("avg", "min"):
        raise ValueError(f"[median] mode must be 'avg' or 'min', got {mode!r}")
    if x.size == 0:
        if axis is None:  # as PaddlePaddle: the median of nothing is NaN
            return _fill([1] * x.ndim if keepdim else [], _dtype.default_float_dtype().code,
                         float("nan"), "")
        raise ValueError(f"[median] x is empty (shape {x.shape}); give axis=None for NaN")
    src = x
    if axis is None:
        x = _reshape(x, [-1])
        ax = 0
    else:
        ax = axis_arg(axis, x, "median")
        if x.ndim == 0:
            x = _reshape(x, [1])
    values, indices = _argsort(x, ax, False, False)
    n = x.shape[ax]
    keep = keepdim and axis is not None
    low = _take(values, ax, (n - 1) // 2, keep)
    if mode == "min":
        if axis is None:
            return _reshape(low, [1] * src.ndim) if keepdim else low
        return low, _take(indices, ax, (n - 1) // 2, keep)
    if not _dtype.is_floating_point(values.dtype):
        values = cast(values, _dtype.default_float_dtype())
        low = cast(low, values.dtype)
    out = low if n % 2 else _math.scale(_math.add(low, _take(values, ax, n // 2, keep)), 0.5)
    if axis is None and keepdim:
        return _reshape(out, [1] * src.ndim)
    return out
