"""Running products, log-sum-exps, maxima and minima along an axis
(`cumprod`, `logcumsumexp`, `cummax`, `cummin`) and n-th differences (`diff`);
`cumsum` is in numeric.py."""
import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, axis_arg, check_tensor, op
from .gather_scatter import take_along_axis
from .manipulation import concat, reshape
from .promotion import cast

__all__ = ["cummax", "cummin", "cumprod", "diff", "logcumsumexp"]

_cumprod = op("cumprod", ["X"], ["dim", "exclusive", "reverse"])
_logcumsumexp = op("logcumsumexp", ["X"], ["axis", "flatten", "exclusive", "reverse"])


def _flat_or_axis(x, axis, fn):
    """x flattened with axis 0 when ``axis`` is None (a 0-D x as one element),
    else x and ``axis`` checked."""
    if axis is None:
        return reshape(x, [-1]), 0
    return x, axis_arg(axis, x, fn)


def cumprod(x, dim=None, dtype=None, name=None):
    """The running product along ``dim`` (None: of the flattened tensor), in
    ``dtype`` when given.

    Args:
        x (Tensor): The input, a number tensor (bool is refused: RuntimeError).
        dim (int, optional): The dim to multiply along, negative counting from the end; None
            (the default) multiplies the flattened tensor.
        dtype (str|paddle.dtype, optional): The dtype x is cast to first; None (the default)
            keeps x's.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The running products, of x's shape (1-D when dim is None).

    Example:
        >>> paddle.cumprod(paddle.to_tensor([[1, 2], [3, 4]]), dim=1).numpy()
        array([[ 1,  2],
               [ 3, 12]])
    """
    check_tensor(x, "x", "cumprod")
    if dtype is not None:
        x = cast(x, _dtype.convert_dtype(dtype))
    if x.dtype == _dtype.bool:
        raise RuntimeError("[cumprod] x must be a number tensor, got bool")
    shape = x.shape
    x, dim = _flat_or_axis(x, dim, "cumprod")
    out = _cumprod(x, dim, False, False)
    return out if len(shape) > 0 or dim != 0 else reshape(out, shape)


def logcumsumexp(x, axis=None, dtype=None, name=None):
    """The running log(sum(exp(x))) along ``axis`` (None: of the flattened
    tensor), without overflow; integers give the default float type.

    Args:
        x (Tensor): The input, a tensor of any shape; integers are computed in the default
            float dtype.
        axis (int, optional): The dim to accumulate along, negative counting from the end; None
            (the default) accumulates the flattened tensor.
        dtype (str|paddle.dtype, optional): The dtype x is cast to first; None (the default)
            keeps x's float dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The running log-sum-exps, of x's shape (1-D when axis is None and x is not
        0-D) and float dtype.

    Example:
        >>> paddle.logcumsumexp(paddle.to_tensor([0.0, 0.0, 0.0])).numpy()
        array([0.       , 0.6931472, 1.0986123], dtype=float32)
    """
    check_tensor(x, "x", "logcumsumexp")
    if dtype is not None:
        x = cast(x, _dtype.convert_dtype(dtype))
    elif not _dtype.is_floating_point(x.dtype):
        x = cast(x, _dtype.default_float_dtype())
    shape = x.shape
    x, axis = _flat_or_axis(x, axis, "logcumsumexp")
    out = _logcumsumexp(x, axis, False, False, False)
    return out if len(shape) > 0 else reshape(out, shape)


def _running_extreme(x, axis, dtype, fn, better):
    check_tensor(x, "x", fn)
    d = _dtype.convert_dtype(dtype)
    if d not in (_dtype.int32, _dtype.int64):
        raise ValueError(f"[{fn}] dtype must be int32 or int64, got {d.name}")
    shape = x.shape
    x, axis = _flat_or_axis(x, axis, fn)
    a = np.moveaxis(x.numpy(), axis, -1)
    idx = np.zeros(a.shape, dtype=np.int64)
    if a.shape[-1]:
        best = a[..., 0].copy()
        for k in range(1, a.shape[-1]):  # ties take the later index, as PaddlePaddle does
            v = a[..., k]
            take = better(v, best) | (v == best) | np.isnan(v)
            take &= ~np.isnan(best)
            best = np.where(take, v, best)
            idx[..., k] = np.where(take, k, idx[..., k - 1])
    index = Tensor._from_numpy(np.ascontiguousarray(np.moveaxis(idx, -1, axis)))
    out = take_along_axis(x, index, axis)  # gathered from x, so the gradient flows
    if len(shape) == 0:
        out, index = reshape(out, shape), reshape(index, shape)
    return out, cast(index, d)


def cummax(x, axis=None, dtype="int64", name=None):
    """The running maximum along ``axis`` (None: of the flattened tensor) and
    the index where each was found (NaN wins once met).

    Args:
        x (Tensor): The input, a tensor of any shape.
        axis (int, optional): The dim to scan along, negative counting from the end; None (the
            default) scans the flattened tensor.
        dtype (str|paddle.dtype, optional): The indices' dtype, int32 or int64 (the default);
            anything else raises ValueError.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (values, indices): the running maximums, of x's dtype, and where each was found,
        of ``dtype``; both of x's shape (1-D when axis is None and x is not 0-D).

    Example:
        >>> values, indices = paddle.cummax(paddle.to_tensor([1.0, 3.0, 2.0]))
        >>> values.numpy(), indices.numpy()
        (array([1., 3., 3.], dtype=float32), array([0, 1, 1]))
    """
    return _running_extreme(x, axis, dtype, "cummax", np.greater)


def cummin(x, axis=None, dtype="int64", name=None):
    """The running minimum along ``axis`` (None: of the flattened tensor) and
    the index where each was found (NaN wins once met).

    Args:
        x (Tensor): The input, a tensor of any shape.
        axis (int, optional): The dim to scan along, negative counting from the end; None (the
            default) scans the flattened tensor.
        dtype (str|paddle.dtype, optional): The indices' dtype, int32 or int64 (the default);
            anything else raises ValueError.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (values, indices): the running minimums, of x's dtype, and where each was found,
        of ``dtype``; both of x's shape (1-D when axis is None and x is not 0-D).

    Example:
        >>> values, indices = paddle.cummin(paddle.to_tensor([3.0, 1.0, 2.0]))
        >>> values.numpy(), indices.numpy()
        (array([3., 1., 1.], dtype=float32), array([0, 1, 1]))
    """
    return _running_extreme(x, axis, dtype, "cummin", np.less)


def diff(x, n=1, axis=-1, prepend=None, append=None, name=None):
    """The n-th forward difference along ``axis``, with ``prepend`` and
    ``append`` joined to x there first (bools: x[i + 1] != x[i]).

    Args:
        x (Tensor): The input, with at least one dim (ValueError for a 0-D tensor).
        n (int, optional): How many times to take the difference. Default 1.
        axis (int, optional): The dim to take it along, negative counting from the end. Default
            -1.
        prepend (Tensor, optional): Values joined before x along ``axis`` (the other dims must
            match x's). Default None.
        append (Tensor, optional): Values joined after x along ``axis``. Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The differences, of x's dtype, ``n`` shorter than the joined tensor along
        ``axis``.

    Example:
        >>> paddle.diff(paddle.to_tensor([1.0, 4.0, 9.0, 16.0])).numpy()
        array([3., 5., 7.], dtype=float32)
    """
    check_tensor(x, "x", "diff")
    axis = axis_arg(axis, x, "diff")
    if x.ndim == 0:
        raise ValueError("[diff] x must have at least one dim, got a 0-D tensor")
    parts = [t for t in (prepend, x, append) if t is not None]
    for t in parts:
        check_tensor(t, "prepend/append", "diff")
    if len(parts) > 1:
        x = concat(parts, axis=axis)
    for _ in range(int(n)):
        length = x.shape[axis]
        hi = x.slice([axis], [1], [max(length, 1)])
        lo = x.slice([axis], [0], [max(length - 1, 0)])
        x = hi != lo if x.dtype == _dtype.bool else hi - lo
    return x
