"""More statistics: quantile/nanquantile/nanmedian and mode (the order is
found with argsort, the values read back with take_along_axis, so gradients
flow to the elements picked), msort, cov/corrcoef (composed of differentiable
ops), and the counting functions bincount, histogram, histogram_bin_edges,
unique_consecutive (no gradient: computed on the values with numpy)."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from . import math as _math
from ._helpers import Tensor, axis_arg, check_tensor, op, scalar_value
from .aliases import _to_out
from .gather_scatter import take_along_axis  # with its bounds check, for computed indices
from .manipulation import cast, stack, transpose
from .numeric import clip
from .search import argsort, masked_select, where

__all__ = [
    "bincount", "histogram", "histogram_bin_edges", "mode", "msort", "nanmedian", "quantile",
    "nanquantile", "cov", "corrcoef", "unique_consecutive",
]

_reshape = op("reshape2", ["X"], ["shape"])
# the op itself where the indices come from argsort (in range; no bounds check, which
# reads values, so msort works in a static program too)
_take_along_axis = op("take_along_axis", ["Input", "Index"], ["Axis"], ["Result"])
_fill = op("fill_constant", [], ["shape", "dtype", "value", "str_value"])


def _from_numpy(arr):
    return Tensor._from_numpy(np.array(arr, order="C"))  # ascontiguousarray makes 0-D 1-D


def _int_tensor(x, name, fn):
    check_tensor(x, name, fn)
    if not _dtype.is_integer(x.dtype) or x.dtype == _dtype.bool:
        raise TypeError(f"[{fn}] {name} must be an integer Tensor, got {x.dtype.name}")
    return x


def _float_tensor(x, name, fn):
    check_tensor(x, name, fn)
    if x.dtype not in (_dtype.float32, _dtype.float64):
        raise TypeError(f"[{fn}] {name} must be a float32 or float64 Tensor, got "
                        f"{x.dtype.name}")
    return x


def bincount(x, weights=None, minlength=0, name=None):
    """How often each value 0, 1, ..., max(x) occurs in x (the sum of their
    ``weights`` with weights).

    Args:
        x (Tensor): 1-D tensor of non-negative integers.
        weights (Tensor, optional): x's shape, a weight per element. Default: None.
        minlength (int, optional): the least length of the result. Default: 0.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: 1-D, length max(max(x) + 1, minlength); int64 without weights,
        float32 for float32 weights, float64 otherwise.

    Example:
        >>> paddle.bincount(paddle.to_tensor([1, 1, 3])).numpy()
        array([0, 2, 0, 1])
    """
    _int_tensor(x, "x", "bincount")
    if x.ndim != 1:
        raise ValueError(f"[bincount] x must be 1-D, got shape {x.shape}")
    values = x.numpy().astype(np.int64)
    if (values < 0).any():
        raise ValueError(f"[bincount] x must be non-negative, got {int(values.min())}")
    minlength = scalar_value(minlength)
    if not isinstance(minlength, (numbers.Integral, np.integer)) or minlength < 0:
        raise ValueError(f"[bincount] minlength must be a non-negative int, got {minlength!r}")
    if weights is None:
        return _from_numpy(np.bincount(values, minlength=int(minlength)).astype(np.int64))
    check_tensor(weights, "weights", "bincount")
    if weights.shape != x.shape:
        raise ValueError(f"[bincount] weights must have x's shape {x.shape}, got "
                         f"{weights.shape}")
    out_type = np.float32 if weights.dtype == _dtype.float32 else np.float64
    counts = np.bincount(values, weights=weights.numpy().astype(np.float64),
                         minlength=int(minlength))
    return _from_numpy(counts.astype(out_type))


def _histogram_range(values, bins, low, high, fn):
    if not isinstance(bins, (numbers.Integral, np.integer)) or isinstance(bins, bool) or bins < 1:
        raise ValueError(f"[{fn}] bins must be a positive int, got {bins!r}")
    low, high = float(scalar_value(low)), float(scalar_value(high))
    if high < low:
        raise ValueError(f"[{fn}] max must be larger than or equal to min, got min {low} and "
                         f"max {high}")
    if low == high == 0.0 and values.size:
        low, high = float(values.min()), float(values.max())
    if low == high:  # one value: a range of width 1 around it, as numpy
        low, high = low - 0.5, high + 0.5
    return low, high


def histogram(input, bins=100, min=0.0, max=0.0, weight=None, density=False,  # noqa: A002
              name=None):
    """The counts of input's elements in ``bins`` equal-width bins over
    [min, max] (both 0: over [input.min(), input.max()]); elements outside are
    not counted.

    Args:
        input (Tensor): the values (any shape).
        bins (int, optional): the number of bins. Default: 100.
        min (float, optional): the lower end of the range. Default: 0.0.
        max (float, optional): the upper end of the range. Default: 0.0.
        weight (Tensor, optional): input's shape, a weight per element. Default: None.
        density (bool, optional): whether the result is a density (integrates to 1). Default:
            False.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: 1-D of length bins; int64 counts, or float32 with weight or density.

    Example:
        >>> paddle.histogram(paddle.to_tensor([1.0, 2.0, 1.0]), bins=4, min=0, max=3).numpy()
        array([0, 2, 1, 0])
    """
    check_tensor(input, "input", "histogram")
    values = input.numpy().reshape(-1).astype(np.float64)
    low, high = _histogram_range(values, bins, min, max, "histogram")
    weights = None
    if weight is not None:
        check_tensor(weight, "weight", "histogram")
        if weight.shape != input.shape:
            raise ValueError(f"[histogram] weight must have input's shape {input.shape}, got "
                             f"{weight.shape}")
        weights = weight.numpy().reshape(-1).astype(np.float64)
    counts, _ = np.histogram(values, bins=int(bins), range=(low, high), weights=weights,
                             density=bool(density))
    if weights is None and not density:
        return _from_numpy(counts.astype(np.int64))
    return _from_numpy(counts.astype(np.float32))


def histogram_bin_edges(input, bins=100, min=0.0, max=0.0, name=None):  # noqa: A002
    """The bins + 1 edges of the bins :func:`histogram` counts in.

    Args:
        input (Tensor): the values (any shape).
        bins (int, optional): the number of bins. Default: 100.
        min (float, optional): the lower end of the range. Default: 0.0.
        max (float, optional): the upper end of the range. Default: 0.0.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: float32, 1-D of length bins + 1.

    Example:
        >>> paddle.histogram_bin_edges(paddle.to_tensor([1.0, 2.0]), bins=4).numpy()
        array([1.  , 1.25, 1.5 , 1.75, 2.  ], dtype=float32)
    """
    check_tensor(input, "input", "histogram_bin_edges")
    values = input.numpy().reshape(-1).astype(np.float64)
    low, high = _histogram_range(values, bins, min, max, "histogram_bin_edges")
    return _from_numpy(np.linspace(low, high, int(bins) + 1).astype(np.float32))


def mode(x, axis=-1, keepdim=False, name=None):
    """The most frequent value along ``axis`` (the smallest of those tied) and
    the index of its last occurrence.

    Args:
        x (Tensor): the input tensor.
        axis (int, optional): the dim to look along. Default: -1.
        keepdim (bool, optional): whether that dim stays, with size 1. Default: False.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        tuple: (values, indices): values of x's dtype, int64 indices.

    Example:
        >>> values, indices = paddle.mode(paddle.to_tensor([[1, 2, 2, 3, 3], [5, 4, 4, 5, 1]]))
        >>> values.numpy(), indices.numpy()
        (array([2, 4]), array([2, 2]))
    """
    check_tensor(x, "x", "mode")
    axis = axis_arg(axis, x, "mode")
    if x.ndim == 0:
        return x, _from_numpy(np.zeros((), np.int64))
    if x.shape[axis] == 0:
        raise ValueError(f"[mode] x has no elements along axis {axis} (shape {x.shape})")
    arr = np.moveaxis(x.numpy(), axis, -1)
    rows = arr.reshape(-1, arr.shape[-1])
    picks = np.empty(rows.shape[0], np.int64)
    for r, row in enumerate(rows):
        values, counts = np.unique(row, return_counts=True)
        best = values[np.argmax(counts)]  # np.unique sorts: the smallest of the tied
        picks[r] = np.flatnonzero(row == best)[-1]
    index = np.moveaxis(picks.reshape(arr.shape[:-1] + (1,)), -1, axis)
    values = take_along_axis(x, _from_numpy(index), axis)
    if keepdim:
        return values, _from_numpy(index)
    return _squeeze(values, axis), _from_numpy(np.squeeze(index, axis))


def _squeeze(t, axis):
    shape = list(t.shape)
    del shape[axis]
    return _reshape(t, shape)


def msort(input, *, out=None):  # noqa: A002  (PaddlePaddle's name)
    """input sorted along its first dim (gradients flow back).

    Args:
        input (Tensor): the input tensor, at least 1-D.
        out (Tensor, optional): a tensor that also takes the result. Default: None.

    Returns:
        Tensor: input's shape and dtype (``out`` when given).

    Example:
        >>> paddle.msort(paddle.to_tensor([[3, 1], [2, 4]])).numpy()
        array([[2, 1],
               [3, 4]])
    """
    check_tensor(input, "input", "msort")
    if input.ndim == 0:
        raise ValueError("[msort] input must be at least 1-D, got a 0-D tensor")
    return _to_out(_take_along_axis(input, argsort(input, 0), 0), out)


_INTERPOLATIONS = ("linear", "lower", "higher", "nearest", "midpoint")


def _to_last_axis(x, axis, fn):
    """x with the reduced dims (None: all) moved to the end and merged into
    one, and the shape of the result with keepdim."""
    if axis is None:
        return _reshape(x, [1, -1]) if x.ndim else _reshape(x, [1, 1]), [1] * x.ndim, None
    axes = axis if isinstance(axis, (list, tuple)) else [axis]
    if not axes:
        raise ValueError(f"[{fn}] axis must not be an empty list")
    axes = sorted({axis_arg(a, x, fn) for a in axes})
    if len(axes) != len(axis if isinstance(axis, (list, tuple)) else [axis]):
        raise ValueError(f"[{fn}] axis has a repeated dim: {axis}")
    if x.ndim == 0:
        return _reshape(x, [1, 1]), [], []
    kept = [d for d in range(x.ndim) if d not in axes]
    moved = transpose(x, kept + axes) if kept + axes != list(range(x.ndim)) else x
    rest = [x.shape[d] for d in kept]
    keep_shape = [1 if d in axes else x.shape[d] for d in range(x.ndim)]
    return _reshape(moved, [int(np.prod(rest)), -1]), keep_shape, rest


def _quantile(x, q, axis, keepdim, interpolation, ignore_nan, fn):
    _float_tensor(x, "x", fn)
    if interpolation not in _INTERPOLATIONS:
        raise ValueError(f"[{fn}] interpolation must be one of {list(_INTERPOLATIONS)}, got "
                         f"{interpolation!r}")
    scalar_q = isinstance(q, (numbers.Real, np.number)) or (isinstance(q, Tensor) and q.ndim == 0)
    qs = np.asarray(q.numpy() if isinstance(q, Tensor) else q, dtype=np.float64).reshape(-1)
    if qs.size == 0 or isinstance(q, bool):
        raise ValueError(f"[{fn}] q must be a number, or a non-empty list or 1-D Tensor of them")
    if ((qs < 0) | (qs > 1)).any():
        raise ValueError(f"[{fn}] q must be in [0, 1], got {qs.tolist()}")
    rows, keep_shape, rest = _to_last_axis(x, axis, fn)
    n = rows.shape[1]
    if n == 0:
        raise ValueError(f"[{fn}] x has no elements to take a quantile of (shape {x.shape})")
    data = rows.numpy()
    nan = np.isnan(data)
    count = (n - nan.sum(axis=1)) if ignore_nan else np.full(data.shape[0], n)
    order = argsort(rows, 1)  # NaNs sort last
    ordered = _take_along_axis(rows, order, 1)
    results = []
    for qv in qs:
        pos = qv * np.maximum(count - 1, 0)
        low, high = np.floor(pos), np.ceil(pos)
        if interpolation == "lower":
            high = low
        elif interpolation == "higher":
            low = high
        elif interpolation == "nearest":
            low = high = np.round(pos)  # halves to even, as PaddlePaddle's round
        picked = [take_along_axis(ordered, _from_numpy(p.astype(np.int64)[:, None]), 1)
                  for p in (low, high)]
        if interpolation == "midpoint":
            weight = np.where(high > low, 0.5, 0.0)
        else:
            weight = pos - low
        w = _from_numpy(weight[:, None].astype(data.dtype))
        value = _math.add(picked[0], _math.multiply(_math.subtract(picked[1], picked[0]), w))
        empty = (count == 0) if ignore_nan else nan.any(axis=1)
        if empty.any():  # no value to take (nanquantile) or a NaN among them (quantile)
            value = where(_from_numpy(empty[:, None]),
                          _fill([data.shape[0], 1], x.dtype.code, float("nan"), ""), value)
        if keepdim:
            value = _reshape(value, keep_shape)
        else:
            value = _reshape(value, rest or [])
        results.append(value)
    if scalar_q:
        return results[0]
    return stack(results, 0)


def quantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None, *, out=None):
    """The ``q``-th quantile(s) of x over ``axis`` (None: all elements); a NaN
    among the values makes that quantile NaN.

    Args:
        x (Tensor): float32 or float64.
        q (float|list|Tensor): in [0, 1]; several give a leading dim, one per q.
        axis (int|list, optional): the dim(s) to reduce (None: all). Default: None.
        keepdim (bool, optional): whether the reduced dims stay, with size 1. Default: False.
        interpolation (str, optional): between the two values around the position:
            'linear', 'lower', 'higher', 'nearest' or 'midpoint'. Default: 'linear'.
        name (str, optional): unused, for PaddlePaddle compatibility.
        out (Tensor, optional): a tensor that also takes the result. Default: None.

    Returns:
        Tensor: x's dtype (``out`` when given).

    Example:
        >>> paddle.quantile(paddle.to_tensor([1.0, 2.0, 3.0, 4.0]), 0.5).item()
        2.5
    """
    return _to_out(_quantile(x, q, axis, keepdim, interpolation, False, "quantile"), out)


def nanquantile(x, q, axis=None, keepdim=False, interpolation="linear"):
    """The ``q``-th quantile(s) of x over ``axis``, ignoring NaNs (NaN where
    all are NaN).

    Args:
        x (Tensor): float32 or float64.
        q (float|list|Tensor): in [0, 1]; several give a leading dim, one per q.
        axis (int|list, optional): the dim(s) to reduce (None: all). Default: None.
        keepdim (bool, optional): whether the reduced dims stay, with size 1. Default: False.
        interpolation (str, optional): 'linear', 'lower', 'higher', 'nearest' or
            'midpoint'. Default: 'linear'.

    Returns:
        Tensor: x's dtype.

    Example:
        >>> x = paddle.to_tensor([1.0, float('nan'), 3.0])
        >>> paddle.nanquantile(x, 0.5).item()
        2.0
    """
    return _quantile(x, q, axis, keepdim, interpolation, True, "nanquantile")


def nanmedian(x, axis=None, keepdim=False, mode="avg", name=None):  # noqa: A002
    """The median over ``axis`` (None: all elements), ignoring NaNs (NaN where
    all are NaN). mode='avg' averages the two middle values of an even count;
    mode='min' takes the lower one and, with an axis, also returns its index
    (its last occurrence; -1 where all are NaN).

    Args:
        x (Tensor): float32 or float64.
        axis (int|list, optional): the dim(s) to reduce (None: all). Default: None.
        keepdim (bool, optional): whether the reduced dims stay, with size 1. Default: False.
        mode (str, optional): 'avg' or 'min'. Default: 'avg'.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's dtype, or with mode='min' and an axis, (values, int64 indices).

    Example:
        >>> x = paddle.to_tensor([[1.0, float('nan'), 3.0, 2.0]])
        >>> paddle.nanmedian(x, axis=1).numpy()
        array([2.], dtype=float32)
    """
    if mode not in ("avg", "min"):
        raise ValueError(f"[nanmedian] mode must be 'avg' or 'min', got {mode!r}")
    if mode == "avg":
        return _quantile(x, 0.5, axis, keepdim, "midpoint", True, "nanmedian")
    values = _quantile(x, 0.5, axis, keepdim, "lower", True, "nanmedian")
    if axis is None:
        return values
    rows, keep_shape, rest = _to_last_axis(x, axis, "nanmedian")
    data = rows.numpy()
    median = values.numpy().reshape(-1, 1)
    # PaddlePaddle's index: the last occurrence of the median in the row.
    hits = data == median
    last = data.shape[1] - 1 - np.argmax(hits[:, ::-1], axis=1)
    index = np.where(hits.any(axis=1), last, -1)
    return values, _from_numpy(index.reshape(keep_shape if keepdim else (rest or [])))


def cov(x, rowvar=True, ddof=True, fweights=None, aweights=None, name=None):
    """The covariance matrix of the variables in x's rows (rowvar) or columns,
    with integer frequency weights and float observation weights.

    Args:
        x (Tensor): 1-D or 2-D, float32 or float64.
        rowvar (bool, optional): whether each row is a variable. Default: True.
        ddof (bool, optional): divide by N - 1 (unbiased) instead of N. Default: True.
        fweights (Tensor, optional): 1-D int, a count per observation. Default: None.
        aweights (Tensor, optional): 1-D float, a weight per observation. Default: None.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: [variables, variables] (0-D for one variable), x's dtype.

    Example:
        >>> x = paddle.to_tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]])
        >>> paddle.linalg.cov(x).numpy()
        array([[1., 2.],
               [2., 4.]], dtype=float32)
    """
    _float_tensor(x, "x", "cov")
    if x.ndim > 2:
        raise ValueError(f"[cov] x must be 1-D or 2-D, got shape {x.shape}")
    obs = _reshape(x, [1, -1]) if x.ndim < 2 else x
    if not rowvar and x.ndim == 2:
        obs = transpose(obs, [1, 0])
    n = obs.shape[1]
    weight = None
    for key, w, integer in (("fweights", fweights, True), ("aweights", aweights, False)):
        if w is None:
            continue
        check_tensor(w, key, "cov")
        if integer and (not _dtype.is_integer(w.dtype) or w.dtype == _dtype.bool):
            raise TypeError(f"[cov] fweights must be an integer Tensor, got {w.dtype.name}")
        if not integer and w.dtype not in (_dtype.float32, _dtype.float64):
            raise TypeError(f"[cov] aweights must be a float Tensor, got {w.dtype.name}")
        if w.shape != [n]:
            raise ValueError(f"[cov] {key} must have shape [{n}] (one per observation), got "
                             f"{w.shape}")
        if (w.numpy() < 0).any():
            raise ValueError(f"[cov] {key} must be non-negative")
        w = cast(w, x.dtype)
        weight = w if weight is None else _math.multiply(weight, w)
    if weight is None:
        weight = _fill([n], x.dtype.code, 1.0, "")
    total = _math.sum(weight)
    mean = _math.divide(_math.sum(_math.multiply(obs, weight), axis=1, keepdim=True), total)
    centered = _math.subtract(obs, mean)
    if not ddof:
        norm = total
    elif aweights is None:
        norm = _math.scale(total, 1.0, -1.0)
    else:
        aw = cast(aweights, x.dtype)
        norm = _math.subtract(total, _math.divide(_math.sum(_math.multiply(weight, aw)), total))
    product = _math.matmul(_math.multiply(centered, weight), centered, transpose_y=True)
    out = _math.divide(product, norm)
    return _reshape(out, []) if out.shape == [1, 1] else out


def corrcoef(x, rowvar=True, name=None):
    """The Pearson correlation coefficients of the variables in x's rows
    (rowvar) or columns, clipped to [-1, 1].

    Args:
        x (Tensor): 1-D or 2-D, float32 or float64.
        rowvar (bool, optional): whether each row is a variable. Default: True.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: [variables, variables] (0-D for one variable), x's dtype.

    Example:
        >>> x = paddle.to_tensor([[1.0, 2.0, 3.0], [3.0, 2.0, 1.0]])
        >>> paddle.linalg.corrcoef(x).numpy()
        array([[ 1., -1.],
               [-1.,  1.]], dtype=float32)
    """
    _float_tensor(x, "x", "corrcoef")
    c = cov(x, rowvar)
    if c.ndim == 0:
        return _math.divide(c, c)
    n = c.shape[0]
    eye = _from_numpy(np.eye(n, dtype=bool))
    std = _math.sqrt(masked_select(c, eye))
    out = _math.divide(_math.divide(c, _reshape(std, [n, 1])), _reshape(std, [1, n]))
    return clip(out, -1.0, 1.0)


def unique_consecutive(x, return_inverse=False, return_counts=False, axis=None,
                       dtype="int64", name=None):
    """x with each run of equal consecutive elements (slices along ``axis``;
    None: of the flattened x) reduced to one, and on request the run each
    element belongs to and the length of each run.

    Args:
        x (Tensor): the input tensor.
        return_inverse (bool, optional): also return the run of each element. Default: False.
        return_counts (bool, optional): also return the length of each run. Default: False.
        axis (int, optional): the dim the slices are compared along (None: flattened).
            Default: None.
        dtype (str, optional): int32 or int64, the dtype of inverse and counts. Default: 'int64'.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor|tuple: the output, then inverse and counts when asked for.

    Example:
        >>> paddle.unique_consecutive(paddle.to_tensor([1, 1, 2, 2, 3, 1])).numpy()
        array([1, 2, 3, 1])
    """
    check_tensor(x, "x", "unique_consecutive")
    index_dtype = _dtype.convert_dtype(dtype)
    if index_dtype not in (_dtype.int32, _dtype.int64):
        raise TypeError(f"[unique_consecutive] dtype must be int32 or int64, got "
                        f"{index_dtype.name}")
    arr = x.numpy()
    if axis is None:
        arr = arr.reshape(-1)
        ax = 0
    else:
        ax = axis_arg(axis, x, "unique_consecutive")
    moved = np.moveaxis(arr, ax, 0)
    n = moved.shape[0]
    if n:
        flat = moved.reshape(n, -1)
        starts = np.concatenate([[True], (flat[1:] != flat[:-1]).any(axis=1)])
    else:
        starts = np.zeros(0, bool)
    out = np.moveaxis(moved[starts], 0, ax)
    inverse = np.cumsum(starts) - 1
    counts = np.diff(np.append(np.flatnonzero(starts), n))
    np_index = _dtype.to_numpy_dtype(index_dtype)
    results = [_from_numpy(out)]
    if return_inverse:
        results.append(_from_numpy(inverse.astype(np_index)))
    if return_counts:
        results.append(_from_numpy(counts.astype(np_index)))
    return results[0] if len(results) == 1 else tuple(results)
