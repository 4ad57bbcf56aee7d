"""Numeric helpers on tensors: isnan/isinf/isfinite, clip, cumsum,
logsumexp, kron, count_nonzero, nansum/nanmean, and the in-place increment
and pow_."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import axis_arg, check_inplace, check_tensor, op, reshape_exact, scalar_value
from . import math as _math
from .creation import clone
from .promotion import cast

__all__ = [
    "clip", "count_nonzero", "cumsum", "increment", "isfinite", "isinf", "isnan", "kron",
    "logsumexp", "nanmean", "nansum", "pow_",
]

_isnan = op("isnan_v2", ["X"])
_isinf = op("isinf_v2", ["X"])
_isfinite = op("isfinite_v2", ["X"])
_fill_like = op("fill_any_like", ["X"], ["value", "dtype"])
_clip = op("clip", ["X"], ["min", "max"])
_cumsum = op("cumsum", ["X"], ["axis", "flatten", "exclusive", "reverse"])
_reshape = op("reshape2", ["X"], ["shape"])


_PREDICATE_ARGS = """
    Args:
        x (Tensor): The input tensor, of any dtype; integer and bool elements are always
            finite.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A bool tensor of x's shape.
"""


def _predicate(caller, name, integer_answer, doc, example_out):
    def fn(x, name=None):
        check_tensor(x, "x", fn.__name__)
        if _dtype.is_floating_point(x.dtype) or _dtype.is_complex(x.dtype):
            return caller(x)
        # Integers and bools are never NaN or infinite.
        return _fill_like(x, float(integer_answer), _dtype.bool.code)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"{doc}\n{_PREDICATE_ARGS}\n    Example:\n        >>> paddle.{name}(paddle.to_tensor("
                  f"[1.0, float('nan'), float('inf')])).numpy()\n        {example_out}\n")
    return fn


isnan = _predicate(_isnan, "isnan", False, "Elementwise: is x NaN (a bool tensor).",
                   "array([False,  True, False])")
isinf = _predicate(_isinf, "isinf", False, "Elementwise: is x +inf or -inf (a bool tensor).",
                   "array([False, False,  True])")
isfinite = _predicate(_isfinite, "isfinite", True,
                      "Elementwise: is x neither NaN nor infinite (a bool tensor).",
                      "array([ True, False, False])")


def _bound(v, name):
    v = scalar_value(v)
    if v is not None and (not isinstance(v, (numbers.Real, np.number)) or isinstance(v, bool)):
        raise TypeError(f"[clip] {name} must be a number or a one-element Tensor, got "
                        f"{type(v).__name__}")
    return v


def clip(x, min=None, max=None, name=None):  # noqa: A002  (PaddlePaddle's names)
    """x with every element limited to [min, max] (either bound may be None).
    An integer x with float bounds gives the default float type.

    Args:
        x (Tensor): The input tensor.
        min (int|float|Tensor, optional): The lower bound; None (the default) means none.
        max (int|float|Tensor, optional): The upper bound, not below min (ValueError
            otherwise); None (the default) means none.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of x's shape and dtype (the default float dtype for an integer x with
        fractional bounds).

    Example:
        >>> paddle.clip(paddle.to_tensor([1.0, 5.0, 9.0]), 2.0, 6.0).numpy()
        array([2., 5., 6.], dtype=float32)
    """
    check_tensor(x, "x", "clip")
    lo, hi = _bound(min, "min"), _bound(max, "max")
    if lo is not None and hi is not None and lo > hi:
        raise ValueError(f"[clip] max should be greater than or equal to min, got min={lo}, "
                         f"max={hi}")
    if not _dtype.is_floating_point(x.dtype):
        if all(v is None or float(v).is_integer() for v in (lo, hi)):
            out = x if lo is None else _math.maximum(x, int(lo))
            return out if hi is None else _math.minimum(out, int(hi))
        x = cast(x, _dtype.default_float_dtype())
    finfo = np.finfo(_dtype.to_numpy_dtype(x.dtype))
    return _clip(x, float(finfo.min if lo is None else lo), float(finfo.max if hi is None else hi))


def cumsum(x, axis=None, dtype=None, name=None):
    """The cumulative sum along ``axis`` (None: of the flattened tensor);
    integers sum in int64 unless ``dtype`` says otherwise.

    Args:
        x (Tensor): The input, a number tensor (bool is refused: TypeError).
        axis (int, optional): The dim to sum along, negative counting from the end; None (the
            default) sums the flattened tensor.
        dtype (str|paddle.dtype, optional): The dtype x is cast to before summing; None (the
            default) keeps floats and uses int64 for integers.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The running sums, of x's shape (1-D when axis is None).

    Example:
        >>> paddle.cumsum(paddle.to_tensor([[1, 2], [3, 4]]), axis=1).numpy()
        array([[1, 3],
               [3, 7]])
    """
    check_tensor(x, "x", "cumsum")
    if x.dtype == _dtype.bool:
        raise TypeError("[cumsum] x must be a number tensor, got bool")
    if dtype is not None:
        x = cast(x, _dtype.convert_dtype(dtype))
    elif _dtype.is_integer(x.dtype):
        x = cast(x, _dtype.int64)  # PaddlePaddle sums integers in int64
    if axis is None:
        return _cumsum(x, -1, True, False, False)
    axis = axis_arg(axis, x, "cumsum")
    if x.ndim == 0:
        return _reshape(_cumsum(x, -1, True, False, False), [])
    return _cumsum(x, axis, False, False, False)


def logsumexp(x, axis=None, keepdim=False, name=None):
    """log(sum(exp(x))) over ``axis`` (None: all), computed stably (the
    maximum is taken out first).

    Args:
        x (Tensor): The input; integer Tensors are computed in the default float dtype.
        axis (int|list|tuple, optional): The dims to reduce, each in [-rank, rank); None (the
            default) reduces all dims.
        keepdim (bool, optional): Whether the reduced dims stay, with size 1. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The results, of a floating-point dtype.

    Example:
        >>> paddle.logsumexp(paddle.to_tensor([0.0, 0.0])).item()  # log(2)
        0.6931...
    """
    check_tensor(x, "x", "logsumexp")
    if not _dtype.is_floating_point(x.dtype):
        x = cast(x, _dtype.default_float_dtype())
    # The shift is a constant for the gradient: d/dx of the result is softmax(x).
    shift = _math.max(x, axis=axis, keepdim=True)._detach()
    total = _math.sum(_math.exp(_math.subtract(x, shift)), axis=axis, keepdim=True)
    out = _math.add(_math.log(total), shift)
    if keepdim:
        return out
    if axis is None:
        return _reshape(out, [])
    axes = [axis] if isinstance(axis, (numbers.Integral, np.integer)) else list(axis)
    rank = max(x.ndim, 1)
    drop = {int(a) % rank for a in axes}
    return reshape_exact(out, [d for i, d in enumerate(x.shape) if i not in drop])


def increment(x, value=1.0, name=None):
    """Adds ``value`` to the one-element tensor x in place and returns x.

    Args:
        x (Tensor): A tensor with one element (ValueError otherwise), changed in place; a
            leaf tensor that needs a gradient is refused.
        value (int|float, optional): The amount added (truncated to an int for an integer x).
            Default 1.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x itself, holding x + value.

    Example:
        >>> counter = paddle.zeros([1], dtype="int64")
        >>> paddle.increment(counter).numpy()
        array([1])
    """
    check_tensor(x, "x", "increment")
    check_inplace(x, "increment")
    if x.size != 1:
        raise ValueError(f"[increment] x must have one element, got shape {x.shape}")
    step = int(value) if not _dtype.is_floating_point(x.dtype) else float(value)
    x._assign_from(_math.add(x, step))
    return x


def pow_(x, y, name=None):
    """x ** y written into x (in place); returns x.

    Args:
        x (Tensor): The base, overwritten with the result; the result must keep x's dtype (else
            TypeError).
        y (int|float|Tensor): The exponent: a number, or a Tensor broadcastable to x's shape.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x, now holding the powers.

    Example:
        >>> x = paddle.to_tensor([2.0, 3.0])
        >>> paddle.pow_(x, 2).numpy()
        array([4., 9.], dtype=float32)
    """
    check_tensor(x, "x", "pow_")
    check_inplace(x, "pow_")
    # pow keeps its input for the gradient: give it a copy, as x is replaced below.
    result = _math.pow(clone(x), y)
    if result.dtype != x.dtype:
        raise TypeError(f"[pow_] the result's dtype {result.dtype.name} differs from x's "
                        f"{x.dtype.name}; use paddle.pow")
    x._assign_from(result)
    return x


def kron(x, y, name=None):
    """The Kronecker product of x and y (the lower-rank one gets leading 1 dims).

    Args:
        x (Tensor): The first tensor.
        y (Tensor): The second tensor; the one of lower rank gets leading dims of size 1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor whose dims are the products of x's and y's matching dims.

    Example:
        >>> paddle.kron(paddle.to_tensor([[1, 2]]), paddle.to_tensor([[1], [10]])).numpy()
        array([[ 1,  2],
               [10, 20]])
    """
    check_tensor(x, "x", "kron")
    check_tensor(y, "y", "kron")
    rank = max(x.ndim, y.ndim)
    xs = [1] * (rank - x.ndim) + list(x.shape)
    ys = [1] * (rank - y.ndim) + list(y.shape)
    # Interleave: x as [a0, 1, a1, 1, ...] times y as [1, b0, 1, b1, ...].
    a = reshape_exact(x, [d for s in xs for d in (s, 1)])
    b = reshape_exact(y, [d for s in ys for d in (1, s)])
    return reshape_exact(_math.multiply(a, b), [p * q for p, q in zip(xs, ys)])


def count_nonzero(x, axis=None, keepdim=False, name=None):
    """The number of non-zero elements over ``axis`` (None: all), as int64.

    Args:
        x (Tensor): The input tensor.
        axis (int|list|tuple, optional): The dims to count over; None (the default) counts all.
        keepdim (bool, optional): Whether the counted dims stay in the result with size 1.
            Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The int64 counts (0-D when every dim is counted and keepdim is False).

    Example:
        >>> paddle.count_nonzero(paddle.to_tensor([[0, 1], [2, 0]]), axis=1).numpy()
        array([1, 1])
    """
    check_tensor(x, "x", "count_nonzero")
    from .logic import not_equal
    nonzero = not_equal(x, False if x.dtype == _dtype.bool else 0)
    return _math.sum(cast(nonzero, _dtype.int64), axis=axis, keepdim=keepdim)


def _without_nans(x, fn):
    check_tensor(x, "x", fn)
    if not _dtype.is_floating_point(x.dtype):
        return x, None
    nan = isnan(x)
    from .search import where
    return where(nan, 0.0, x), nan


def nansum(x, axis=None, dtype=None, keepdim=False, name=None):
    """The sum over ``axis`` (None: all) with NaNs counted as zero.

    Args:
        x (Tensor): The input, a Tensor of a numeric dtype.
        axis (int|list|tuple, optional): The dims to reduce, each in [-rank, rank); None (the
            default) reduces all dims.
        dtype (str|paddle.dtype, optional): The dtype to sum in and return, as in
            :func:`sum`. Default None.
        keepdim (bool, optional): Whether the reduced dims stay, with size 1. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The sums, of the dtype :func:`sum` gives.

    Example:
        >>> paddle.nansum(paddle.to_tensor([1.0, float("nan"), 2.0])).item()
        3.0
    """
    values, _ = _without_nans(x, "nansum")
    return _math.sum(values, axis=axis, dtype=dtype, keepdim=keepdim)


def nanmean(x, axis=None, keepdim=False, name=None):
    """The mean over ``axis`` (None: all) of the elements that are not NaN.

    Args:
        x (Tensor): The input, a floating-point Tensor (else TypeError).
        axis (int|list|tuple, optional): The dims to reduce, each in [-rank, rank); None (the
            default) reduces all dims.
        keepdim (bool, optional): Whether the reduced dims stay, with size 1. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The means, of x's dtype (NaN where every element is NaN).

    Example:
        >>> paddle.nanmean(paddle.to_tensor([1.0, float("nan"), 2.0])).item()
        1.5
    """
    values, nan = _without_nans(x, "nanmean")
    if nan is None:
        raise TypeError(f"[nanmean] x must be a floating-point Tensor, got {x.dtype.name}")
    from .logic import logical_not
    counted = _math.sum(cast(logical_not(nan), x.dtype), axis=axis, keepdim=keepdim)
    return _math.divide(_math.sum(values, axis=axis, keepdim=keepdim), counted)
