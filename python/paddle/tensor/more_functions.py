"""PaddlePaddle 3.3.1's top-level ``paddle.softmax`` (its torch-style signature, with
``dim``), ``paddle.range`` (end included; deprecated there for ``arange``) and
``histogramdd``."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, check_tensor, write_out
from .creation import to_tensor
from .creation_extra import _number

__all__ = ["softmax", "range", "histogramdd"]


def softmax(input, dim=None, dtype=None, *, out=None):  # noqa: A002  (PaddlePaddle's name)
    """exp(input) / sum(exp(input)) along ``dim``: ``paddle.nn.functional.softmax`` with the
    torch-style names. Without dim: dim 0 for 0-, 1- and 3-D inputs, else dim 1.

    Args:
        input (Tensor): float32 or float64.
        dim (int, optional): the dim to normalize along. Default: None.
        dtype (str|paddle.dtype, optional): input is cast to it first. Default: None.
        out (Tensor, optional): keyword only: a tensor that also takes the result.
            Default: None.

    Returns:
        Tensor: input's shape; gradients flow back.

    Example:
        >>> paddle.softmax(paddle.to_tensor([[0.0, 0.0]]), dim=1).tolist()
        [[0.5, 0.5]]
    """
    from ..nn.functional.activation import softmax as _softmax  # (nn builds on paddle.tensor)

    check_tensor(input, "input", "softmax")
    if dim is None:
        dim = 0 if input.ndim in (0, 1, 3) else 1
    return write_out(out, _softmax(input, axis=dim, dtype=dtype), "softmax")


def range(start=0, end=None, step=1, dtype=None, *, out=None, device=None,  # noqa: A001
          requires_grad=False, name=None):
    """Values from ``start`` to ``end`` inclusive, by ``step``: floor((end - start) / step) + 1
    of them (PaddlePaddle's deprecated ``paddle.range``; ``arange`` leaves end out).

    Args:
        start (float|int|Tensor, optional): the first value; with end None, the range is
            [0, start]. Default: 0.
        end (float|int|Tensor, optional): the last value (included when reached).
            Default: None.
        step (float|int|Tensor, optional): the gap between values (non-zero). Default: 1.
        dtype (str|paddle.dtype, optional): int32, int64, float32 or float64. Default: None
            (float32).
        out (Tensor, optional): keyword only: a tensor that also takes the result.
            Default: None.
        device (str, optional): keyword only: 'cpu' or None. Default: None.
        requires_grad (bool, optional): keyword only: whether the result records gradients
            (stop_gradient=False). Default: False.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: 1-D.

    Example:
        >>> paddle.range(1, 3).tolist()
        [1.0, 2.0, 3.0]
    """
    start, step = _number(start, "start", "range"), _number(step, "step", "range")
    if end is None:
        start, end = 0, start
    end = _number(end, "end", "range")
    if step == 0:
        raise ValueError("[range] step must be non-zero")
    if device is not None and not str(device).lower().startswith(("cpu", "place(cpu")):
        raise ValueError(f"[range] device must be 'cpu' or None, got {device!r}")
    d = _dtype.convert_dtype("float32" if dtype is None else dtype)
    if d.name not in ("int32", "int64", "float32", "float64"):
        raise TypeError(f"[range] dtype must be int32, int64, float32 or float64, got {d.name}")
    count = max(int(np.floor((end - start) / step)) + 1, 0)
    values = np.asarray(start, np.float64) + step * np.arange(count, dtype=np.float64)
    return write_out(out, to_tensor(values.astype(d.name), stop_gradient=not requires_grad),
                     "range")


def _edges(bins, ranges, dims):
    """numpy.histogramdd's bins and range from PaddlePaddle's bins and flat ranges."""
    if isinstance(bins, numbers.Integral) and not isinstance(bins, bool):
        bins = [int(bins)] * dims
    elif isinstance(bins, Tensor):
        bins = [int(v) for v in bins.numpy().reshape(-1)]
    elif isinstance(bins, (list, tuple)):
        bins = [b.numpy().astype(np.float64) if isinstance(b, Tensor) else b for b in bins]
    else:
        raise TypeError(f"[histogramdd] bins must be an int, a list of ints or of edge "
                        f"Tensors, got {type(bins).__name__}")
    if len(bins) != dims:
        raise ValueError(f"[histogramdd] bins must have one entry per dim of the points "
                         f"({dims}), got {len(bins)}")
    for b in bins:
        if not isinstance(b, np.ndarray) and (not isinstance(b, numbers.Integral) or b < 1):
            raise ValueError(f"[histogramdd] each bin count must be a positive int, got {b!r}")
    pairs = None
    if ranges is not None:
        flat = [float(v) for v in ranges]
        if len(flat) != 2 * dims:
            raise ValueError(f"[histogramdd] ranges must hold a (min, max) pair per dim "
                             f"({2 * dims} numbers), got {len(flat)}")
        pairs = [(flat[2 * i], flat[2 * i + 1]) for i in np.arange(dims)]
        for low, high in pairs:
            if not low <= high:
                raise ValueError(f"[histogramdd] each range needs min <= max, got "
                                 f"({low}, {high})")
    return bins, pairs


def histogramdd(x, bins=10, ranges=None, density=False, weights=None, name=None):
    """The counts of points in the cells of a D-dimensional grid (numpy's histogramdd): x's
    last dim holds each point's D coordinates.

    Args:
        x (Tensor): float32 or float64 points, shape [..., D].
        bins (int|list|Tensor, optional): the bins per dim: one count for all, a count per
            dim, or per dim a 1-D Tensor of increasing edges. Default: 10.
        ranges (list|tuple, optional): [min0, max0, min1, max1, ...], the grid's extent;
            None: each dim's smallest and largest coordinate. Default: None.
        density (bool, optional): whether the result is a density (sums, times the cell
            volumes, to 1). Default: False.
        weights (Tensor, optional): a weight per point (x's shape without the last dim), x's
            dtype. Default: None.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        tuple: the histogram (a D-dim Tensor, x's dtype) and the list of the D edge Tensors.

    Example:
        >>> x = paddle.to_tensor([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]])
        >>> hist, edges = paddle.histogramdd(x, bins=2)
        >>> hist.tolist()
        [[0.0, 1.0], [1.0, 1.0]]
    """
    check_tensor(x, "x", "histogramdd")
    if x.dtype.name not in ("float32", "float64"):
        raise TypeError(f"[histogramdd] x must be float32 or float64, got {x.dtype.name}")
    if x.ndim < 2:
        raise ValueError(f"[histogramdd] x must have at least 2 dims ([..., D]), got shape "
                         f"{x.shape}")
    dims = x.shape[-1]
    points = x.numpy().reshape(-1, dims).astype(np.float64)
    w = None
    if weights is not None:
        check_tensor(weights, "weights", "histogramdd")
        if list(weights.shape) != list(x.shape[:-1]):
            raise ValueError(f"[histogramdd] weights must have shape {list(x.shape[:-1])}, got "
                             f"{weights.shape}")
        w = weights.numpy().reshape(-1).astype(np.float64)
    bins, pairs = _edges(bins, ranges, dims)
    hist, edges = np.histogramdd(points, bins=bins, range=pairs, density=bool(density),
                                 weights=w)
    dtype = x.dtype.name
    return to_tensor(hist.astype(dtype)), [to_tensor(e.astype(dtype)) for e in edges]
