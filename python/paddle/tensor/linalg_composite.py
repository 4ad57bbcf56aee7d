"""Linear algebra and integration made of existing ops (so gradients flow):
``tensordot``, ``addmm``, ``baddbmm``, ``multi_dot`` (paddle.linalg),
``vander``, ``diag_embed``, ``diagflat``, ``trapezoid``,
``cumulative_trapezoid``, ``cdist``, ``dist``, ``renorm``."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from . import creation, layout, manipulation, numeric, search
from . import math as _math
from ._helpers import Tensor, axis_arg, check_tensor, reshape_exact
from .linalg import _vector_norm

__all__ = [
    "addmm", "baddbmm", "cdist", "cumulative_trapezoid", "diag_embed", "diagflat", "dist",
    "multi_dot", "renorm", "tensordot", "trapezoid", "vander",
]


def _contracted_axes(axes, x, y):
    """tensordot's ``axes`` as two equal-length lists of dims of x and y."""
    if isinstance(axes, Tensor):
        axes = axes.tolist()
    if isinstance(axes, (numbers.Integral, np.integer)) and not isinstance(axes, bool):
        n = int(axes)
        if n < 0 or n > min(x.ndim, y.ndim):
            raise ValueError(f"[tensordot] axes {n} must be in [0, {min(x.ndim, y.ndim)}]")
        return list(range(x.ndim - n, x.ndim)), list(range(n))
    if not isinstance(axes, (list, tuple)) or len(axes) == 0:
        raise TypeError(f"[tensordot] axes must be an int, a list of dims or a pair of lists, "
                        f"got {axes!r}")
    if all(isinstance(a, (numbers.Integral, np.integer)) for a in axes):
        ax_x = ax_y = list(axes)
    else:
        ax_x = list(axes[0])
        ax_y = list(axes[1]) if len(axes) > 1 else list(axes[0])
    # the shorter list goes on with the longer one's remaining dims (PaddlePaddle's rule)
    ax_x = ax_x + ax_y[len(ax_x):]
    ax_y = ax_y + ax_x[len(ax_y):]
    ax_x = [axis_arg(a, x, "tensordot") for a in ax_x]
    ax_y = [axis_arg(a, y, "tensordot") for a in ax_y]
    for a, b in zip(ax_x, ax_y):
        if x.shape[a] != y.shape[b] and 1 not in (x.shape[a], y.shape[b]):
            raise ValueError(f"[tensordot] dim {a} of x (size {x.shape[a]}) and dim {b} of y "
                             f"(size {y.shape[b]}) must have one size (or one of them 1)")
    return ax_x, ax_y


def tensordot(x, y, axes=2, name=None):
    """The sum of x * y over the contracted dims: the last ``axes`` of x with
    the first of y, or the dims listed (one list for both, or a pair).

    Args:
        x (Tensor): The first operand.
        y (Tensor): The second operand, of x's dtype (else ValueError).
        axes (int|list|tuple|Tensor, optional): An int n in [0, min(x.ndim, y.ndim)]: the last
            n dims of x with the first n of y; a list of dims for both; or a pair of lists
            [dims of x, dims of y]. Default 2.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of x's free dims followed by y's free dims, of x's dtype.

    Example:
        >>> paddle.tensordot(paddle.ones([2, 3, 4]), paddle.ones([3, 4, 5])).shape
        paddle.Size([2, 5])
        >>> paddle.tensordot(paddle.ones([2, 3]), paddle.ones([3, 2]), [[1], [0]]).tolist()
        [[3.0, 3.0], [3.0, 3.0]]
    """
    check_tensor(x, "x", "tensordot")
    check_tensor(y, "y", "tensordot")
    if x.dtype != y.dtype:
        raise ValueError(f"[tensordot] x and y must have one dtype, got {x.dtype.name} and "
                         f"{y.dtype.name}")
    ax_x, ax_y = _contracted_axes(axes, x, y)
    for a, b in zip(ax_x, ax_y):
        # a size-1 dim against a longer one: the longer is summed first (it broadcasts)
        if x.shape[a] == 1 and y.shape[b] != 1:
            y = _math.sum(y, axis=b, keepdim=True)
        elif y.shape[b] == 1 and x.shape[a] != 1:
            x = _math.sum(x, axis=a, keepdim=True)
    free_x = [d for d in range(x.ndim) if d not in ax_x]
    free_y = [d for d in range(y.ndim) if d not in ax_y]
    k = int(np.prod([x.shape[a] for a in ax_x]))
    left = manipulation.reshape(manipulation.transpose(x, free_x + ax_x), [-1, k])
    right = manipulation.reshape(manipulation.transpose(y, ax_y + free_y), [k, -1])
    out_shape = [x.shape[d] for d in free_x] + [y.shape[d] for d in free_y]
    if _dtype.is_floating_point(x.dtype):
        return reshape_exact(_math.matmul(left, right), out_shape)
    # matmul has float kernels only: integers go through float64 (exact below 2**53)
    product = _math.matmul(manipulation.cast(left, "float64"), manipulation.cast(right, "float64"))
    return reshape_exact(manipulation.cast(product, x.dtype), out_shape)


def _mm_plus(input, x, y, beta, alpha, rank, fn):  # noqa: A002
    for name, t in (("input", input), ("x", x), ("y", y)):
        check_tensor(t, name, fn)
    if x.ndim != rank or y.ndim != rank:
        raise ValueError(f"[{fn}] x and y must be {rank}-D, got shapes {list(x.shape)} and "
                         f"{list(y.shape)}")
    if x.shape[-1] != y.shape[-2] or (rank == 3 and x.shape[0] != y.shape[0]):
        raise ValueError(f"[{fn}] x {list(x.shape)} and y {list(y.shape)} cannot be multiplied")
    out_shape = list(x.shape[:-1]) + [y.shape[-1]]
    if layout.broadcast_shape(list(input.shape), out_shape) != out_shape:
        raise ValueError(f"[{fn}] input of shape {list(input.shape)} does not broadcast to the "
                         f"product's shape {out_shape}")
    return _math.add(_math.scale(input, float(beta)), _math.scale(_math.matmul(x, y), float(alpha)))


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002  (PaddlePaddle's name)
    """beta * input + alpha * (x @ y) for 2-D x and y (input broadcasts).

    Args:
        input (Tensor): The tensor added, broadcastable to the product's shape (ValueError
            otherwise).
        x (Tensor): The left factor, a 2-D [M, K] tensor.
        y (Tensor): The right factor, a 2-D [K, N] tensor; x's and y's shapes must multiply
            (ValueError otherwise).
        beta (float, optional): The factor of input. Default 1.0.
        alpha (float, optional): The factor of the product. Default 1.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: beta * input + alpha * (x @ y), of shape [M, N].

    Example:
        >>> paddle.addmm(paddle.ones([2, 2]), paddle.ones([2, 3]), paddle.ones([3, 2]),
        ...              beta=0.5, alpha=2.0).tolist()
        [[6.5, 6.5], [6.5, 6.5]]
    """
    return _mm_plus(input, x, y, beta, alpha, 2, "addmm")


def baddbmm(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002  (PaddlePaddle's name)
    """beta * input + alpha * (x @ y) for batches of matrices (3-D x and y).

    Args:
        input (Tensor): The tensor added, broadcastable to the product's shape (ValueError
            otherwise).
        x (Tensor): The left factor, a 3-D [B, M, K] tensor.
        y (Tensor): The right factor, a 3-D [B, K, N] tensor; x's and y's shapes must multiply
            (ValueError otherwise).
        beta (float, optional): The factor of input. Default 1.0.
        alpha (float, optional): The factor of the product. Default 1.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: beta * input + alpha * (x @ y), of shape [B, M, N].

    Example:
        >>> paddle.baddbmm(paddle.zeros([2, 1, 1]), paddle.ones([2, 1, 3]),
        ...                paddle.ones([2, 3, 1])).tolist()
        [[[3.0]], [[3.0]]]
    """
    return _mm_plus(input, x, y, beta, alpha, 3, "baddbmm")


def multi_dot(x, name=None):
    """The product x[0] @ x[1] @ ... of 2-D tensors; the first and the last
    may be 1-D (a row and a column vector).

    Args:
        x (list|tuple): At least 2 Tensors of one dtype: 2-D ones, except that the first and
            the last may be 1-D; neighbours' inner dims must agree.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The product, of x's dtype: 2-D, 1-D when one end is 1-D, 0-D when both are.

    Example:
        >>> paddle.linalg.multi_dot([paddle.ones([3]), paddle.ones([3, 4]),
        ...                          paddle.ones([4])]).item()
        12.0
    """
    if isinstance(x, Tensor) or not isinstance(x, (list, tuple)):
        raise TypeError(f"[multi_dot] x must be a list or tuple of Tensors, "
                        f"got {type(x).__name__}")
    if len(x) < 2:
        raise ValueError(f"[multi_dot] x must hold at least 2 tensors, got {len(x)}")
    for i, t in enumerate(x):
        check_tensor(t, f"x[{i}]", "multi_dot")
        allowed = (1, 2) if i in (0, len(x) - 1) else (2,)
        if t.ndim not in allowed:
            raise ValueError(f"[multi_dot] x[{i}] must be {' or '.join(map(str, allowed))}-D, "
                             f"got {t.ndim}-D")
        if t.dtype != x[0].dtype:
            raise TypeError(f"[multi_dot] all tensors must have one dtype: x[0] is "
                            f"{x[0].dtype.name}, x[{i}] is {t.dtype.name}")
    out = x[0]
    for i, t in enumerate(x[1:], 1):
        if out.shape[-1] != t.shape[0]:
            raise ValueError(f"[multi_dot] x[{i - 1}] and x[{i}] cannot be multiplied: "
                             f"{out.shape[-1]} != {t.shape[0]}")
        out = _math.matmul(out, t)
    return out


def vander(x, n=None, increasing=False, name=None):
    """The Vandermonde matrix of the 1-D x: column j is x ** (n - 1 - j)
    (x ** j when ``increasing``); n defaults to len(x).

    Args:
        x (Tensor): The input, a 1-D Tensor (else ValueError).
        n (int, optional): The number of columns, non-negative; None (the default) is len(x).
        increasing (bool, optional): Whether the powers increase from left to right. Default
            False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of shape [len(x), n] and x's dtype.

    Example:
        >>> paddle.vander(paddle.to_tensor([1, 2, 3]), 3).tolist()
        [[1, 1, 1], [4, 2, 1], [9, 3, 1]]
    """
    check_tensor(x, "x", "vander")
    if x.ndim != 1:
        raise ValueError(f"[vander] x must be a 1-D Tensor, got {x.ndim}-D")
    n = x.shape[0] if n is None else int(n)
    if n < 0:
        raise ValueError(f"[vander] n must be non-negative, got {n}")
    column = manipulation.reshape(x, [-1, 1])
    cols = [creation.ones_like(column)] if n > 0 else []
    for _ in range(1, n):
        cols.append(_math.multiply(cols[-1], column))  # products, so x = 0 has a gradient
    if not cols:
        return creation.zeros([x.shape[0], 0], x.dtype)
    return manipulation.concat(cols if increasing else cols[::-1], 1)


def diag_embed(input, offset=0, dim1=-2, dim2=-1):  # noqa: A002  (PaddlePaddle's name)
    """Each last-dim vector of input on the ``offset`` diagonal of a matrix
    placed in dims ``dim1`` and ``dim2`` of the result (one more dim than input).

    Args:
        input (Tensor|numpy.ndarray|list): The vectors, in the last dim (at least 1-D).
        offset (int, optional): The diagonal: 0 (the default) the main one, positive above,
            negative below.
        dim1 (int, optional): The result's dim of the matrices' rows. Default -2.
        dim2 (int, optional): The result's dim of their columns, not dim1 (ValueError).
            Default -1.

    Returns:
        Tensor: A tensor of input's dtype with one more dim; each matrix is n + |offset|
        square, n being input's last dim.

    Example:
        >>> paddle.diag_embed(paddle.to_tensor([1.0, 2.0]), offset=1).tolist()
        [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]]
    """
    if not isinstance(input, Tensor):
        input = creation.to_tensor(input)
    if input.ndim < 1:
        raise ValueError("[diag_embed] input must have at least 1 dim, got a 0-D tensor")
    rank = input.ndim + 1
    d1, d2 = (axis_arg(d, creation.zeros([1] * rank), "diag_embed") for d in (dim1, dim2))
    if d1 == d2:
        raise ValueError(f"[diag_embed] dim1 and dim2 must differ, both are {d1}")
    n = input.shape[-1]
    m = n + abs(int(offset))
    pad = creation.zeros(list(input.shape[:-1]) + [abs(int(offset))], input.dtype)
    rows = input if offset == 0 else manipulation.concat(
        [input, pad] if offset > 0 else [pad, input], -1)
    mask = creation.to_tensor(np.eye(m, k=int(offset)).astype(
        _dtype.to_numpy_dtype(input.dtype)))
    out = _math.multiply(manipulation.unsqueeze(rows, -1), mask)
    return manipulation.moveaxis(out, [rank - 2, rank - 1], [d1, d2])


def diagflat(x, offset=0, name=None):
    """The elements of x (flattened) on the ``offset`` diagonal of a square matrix.

    Args:
        x (Tensor): The input, flattened to the diagonal's values.
        offset (int, optional): The diagonal: 0 (the default) the main one, positive above,
            negative below.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A square 2-D tensor of side x.size + |offset| and x's dtype.

    Example:
        >>> paddle.diagflat(paddle.to_tensor([[1, 2]]), -1).tolist()
        [[0, 0, 0], [1, 0, 0], [0, 2, 0]]
    """
    check_tensor(x, "x", "diagflat")
    return layout.diag(manipulation.flatten(x), offset)


def _trapezoid_terms(y, x, dx, axis, fn):
    """The area of each interval along ``axis``: (y[i] + y[i+1]) / 2 * width."""
    check_tensor(y, "y", fn)
    if x is not None and dx is not None:
        raise ValueError(f"[{fn}] give x or dx, not both")
    if not _dtype.is_floating_point(y.dtype):
        raise TypeError(f"[{fn}] y must be a floating-point Tensor, got {y.dtype.name}")
    axis = axis_arg(axis, y, fn)
    size = y.shape[axis]
    heads = manipulation.slice(y, [axis], [0], [max(size - 1, 0)])
    tails = manipulation.slice(y, [axis], [1], [size])
    mean = _math.scale(_math.add(heads, tails), 0.5)
    if x is None:
        return _math.scale(mean, 1.0 if dx is None else float(dx)), axis
    check_tensor(x, "x", fn)
    if x.ndim == 1:
        if x.shape[0] != size:
            raise ValueError(f"[{fn}] x has {x.shape[0]} points, y {size} along axis {axis}")
        view = [1] * y.ndim
        view[axis] = -1
        x = manipulation.reshape(x, view)
        x_axis = axis
    else:
        x_axis = axis
    n = x.shape[x_axis]
    widths = _math.subtract(manipulation.slice(x, [x_axis], [1], [n]),
                            manipulation.slice(x, [x_axis], [0], [max(n - 1, 0)]))
    return _math.multiply(mean, widths), axis


def trapezoid(y, x=None, dx=None, axis=-1, name=None):
    """The integral of y along ``axis`` by the trapezoidal rule, with sample
    points x (a 1-D x applies along axis) or a spacing dx (default 1).

    Args:
        y (Tensor): The values to integrate, a floating-point Tensor.
        x (Tensor, optional): The sample points: a 1-D Tensor (as long as dim ``axis`` of y)
            or a Tensor of y's shape. Default None.
        dx (float, optional): The spacing of the samples when x is None; None (the default)
            means 1. Give x or dx, not both.
        axis (int, optional): The dim to integrate along. Default -1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The integrals, of y's shape without dim ``axis`` and y's dtype.

    Example:
        >>> paddle.trapezoid(paddle.to_tensor([1.0, 2.0, 3.0])).item()
        4.0
        >>> paddle.trapezoid(paddle.to_tensor([1.0, 2.0, 3.0]), dx=0.5).item()
        2.0
    """
    terms, axis = _trapezoid_terms(y, x, dx, axis, "trapezoid")
    return _math.sum(terms, axis=axis)


def cumulative_trapezoid(y, x=None, dx=None, axis=-1, name=None):
    """The running trapezoidal integral of y along ``axis`` (one value fewer than y).

    Args:
        y (Tensor): The floating-point values to integrate (TypeError otherwise).
        x (Tensor, optional): The sample points: 1-D with y's size along axis, or of y's
            shape. None (the default) spaces the points dx apart.
        dx (float, optional): The spacing when x is None; None (the default) is 1. Giving both
            x and dx raises ValueError.
        axis (int, optional): The dim to integrate along. Default -1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The running integrals: y's shape with one fewer element along axis.

    Example:
        >>> paddle.cumulative_trapezoid(paddle.to_tensor([1.0, 2.0, 3.0])).tolist()
        [1.5, 4.0]
    """
    terms, axis = _trapezoid_terms(y, x, dx, axis, "cumulative_trapezoid")
    return numeric.cumsum(terms, axis=axis)


_CDIST_MODES = ("use_mm_for_euclid_dist_if_necessary", "use_mm_for_euclid_dist",
                "donot_use_mm_for_euclid_dist")


def cdist(x, y, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary", name=None):
    """The p-norm distance between each row of x [..., P, M] and each row of
    y [..., R, M]: a [..., P, R] tensor.

    Args:
        x (Tensor): A floating-point tensor of shape [..., P, M] (at least 2-D).
        y (Tensor): A floating-point tensor of shape [..., R, M]; the batch dims broadcast with
            x's, and a different M raises ValueError.
        p (float, optional): The order of the norm, non-negative (ValueError otherwise).
            Default 2.0.
        compute_mode (str, optional): 'use_mm_for_euclid_dist_if_necessary' (the default),
            'use_mm_for_euclid_dist' or 'donot_use_mm_for_euclid_dist'; every mode computes the
            differences directly here.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The [..., P, R] distances.

    Example:
        >>> paddle.cdist(paddle.to_tensor([[0.0, 0.0]]), paddle.to_tensor([[3.0, 4.0]])).tolist()
        [[5.0]]
    """
    check_tensor(x, "x", "cdist")
    check_tensor(y, "y", "cdist")
    if compute_mode not in _CDIST_MODES:
        raise ValueError(f"[cdist] compute_mode must be one of {_CDIST_MODES}, "
                         f"got {compute_mode!r}")
    if x.ndim < 2 or y.ndim < 2:
        raise ValueError(f"[cdist] x and y must be at least 2-D, got {x.ndim}-D and {y.ndim}-D")
    if x.shape[-1] != y.shape[-1]:
        raise ValueError(f"[cdist] x and y must have one last dim, got {x.shape[-1]} and "
                         f"{y.shape[-1]}")
    if not _dtype.is_floating_point(x.dtype) or not _dtype.is_floating_point(y.dtype):
        raise TypeError(f"[cdist] x and y must be floating-point, got {x.dtype.name} and "
                        f"{y.dtype.name}")
    if p < 0:
        raise ValueError(f"[cdist] p must be non-negative, got {p}")
    diff = _math.subtract(manipulation.unsqueeze(x, -2), manipulation.unsqueeze(y, -3))
    return _vector_norm(diff, float(p), -1, False)


def dist(x, y, p=2, name=None):
    """The p-norm of x - y (broadcast): p = 0 counts the non-zeros, inf and
    -inf give the largest and smallest absolute difference.

    Args:
        x (Tensor): A floating-point tensor (TypeError otherwise).
        y (Tensor): A tensor of x's dtype (ValueError otherwise) that broadcasts with x.
        p (float, optional): The order of the norm: 0, a positive number, inf or -inf.
            Default 2.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D tensor of x's dtype.

    Example:
        >>> paddle.dist(paddle.to_tensor([3.0, 4.0]), paddle.zeros([2])).item()
        5.0
    """
    check_tensor(x, "x", "dist")
    check_tensor(y, "y", "dist")
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[dist] x must be a floating-point Tensor, got {x.dtype.name}")
    if x.dtype != y.dtype:
        raise ValueError(f"[dist] x and y must have one dtype, got {x.dtype.name} and "
                         f"{y.dtype.name}")
    return _vector_norm(_math.subtract(x, y), float(p), None, False)


def renorm(x, p, axis, max_norm):
    """x with each slice along ``axis`` whose p-norm exceeds ``max_norm``
    scaled down to norm ``max_norm``.

    Args:
        x (Tensor): The input, a floating-point Tensor (else TypeError).
        p (float): The order of the norm.
        axis (int): The dim whose slices are measured, in [-rank, rank).
        max_norm (float): The largest norm a slice keeps.

    Returns:
        Tensor: A Tensor of x's shape and dtype.

    Example:
        >>> paddle.renorm(paddle.to_tensor([[3.0, 4.0], [0.3, 0.4]]), 2, 0, 1.0).numpy().round(3)
        array([[0.6, 0.8],
               [0.3, 0.4]], dtype=float32)
    """
    check_tensor(x, "x", "renorm")
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[renorm] x must be a floating-point Tensor, got {x.dtype.name}")
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"[renorm] axis {axis} is out of range for a {x.ndim}-D tensor")
    axis = axis % x.ndim
    others = [d for d in range(x.ndim) if d != axis]
    norms = _vector_norm(x, float(p), others, True) if others else _math.abs(x)
    too_big = norms > float(max_norm)
    factor = search.where(too_big, _math.divide(creation.full_like(norms, float(max_norm)),
                                                _math.scale(norms, 1.0, 1e-7)),
                          creation.ones_like(norms))
    return _math.multiply(x, factor)
