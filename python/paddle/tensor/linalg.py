"""Linear algebra on tensors: dot, bmm, mm, mv, t, outer, inner, diagonal,
trace, and norm / vector_norm / matrix_norm composed from ops (so their
gradients flow); matmul lives in math.py."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, axis_arg, check_tensor, op, reshape_exact
from . import math as _math
from .math import matmul
from .promotion import cast

__all__ = [
    "bmm", "diagonal", "dot", "inner", "matmul", "matrix_norm", "mm", "mv", "norm", "outer", "t",
    "trace", "vector_norm",
]

_dot = op("dot", ["X", "Y"])
_bmm = op("bmm", ["X", "Y"])
_transpose = op("transpose2", ["X"], ["axis"])
_gather_nd = op("gather_nd", ["X", "Index"])


def dot(x, y, name=None):
    """The inner product of two 1-D tensors, or of the rows of two 2-D ones.

    Args:
        x (Tensor): A 1-D or 2-D tensor.
        y (Tensor): A tensor of x's shape and dtype (ValueError for another shape, TypeError
            for another dtype).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D tensor for 1-D inputs; for 2-D ones, one value per row (shape [N]).

    Example:
        >>> paddle.dot(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([3.0, 4.0])).item()
        11.0
    """
    check_tensor(x, "x", "dot")
    check_tensor(y, "y", "dot")
    if x.ndim not in (1, 2) or x.shape != y.shape:
        raise ValueError(f"[dot] x and y must be 1-D or 2-D tensors of one shape, got {x.shape} "
                         f"and {y.shape}")
    if x.dtype != y.dtype:
        raise TypeError(f"[dot] x and y must have one dtype, got {x.dtype.name} and "
                        f"{y.dtype.name}")
    return _dot(x, y)


def bmm(x, y, name=None):
    """Batched matrix product of [B, M, K] and [B, K, N] tensors.

    Args:
        x (Tensor): The left operand, of shape [B, M, K].
        y (Tensor): The right operand, of shape [B, K, N] and x's dtype; other shapes raise
            ValueError, another dtype TypeError.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The [B, M, N] products, of x's dtype.

    Example:
        >>> paddle.bmm(paddle.ones([2, 3, 4]), paddle.ones([2, 4, 5])).shape
        paddle.Size([2, 3, 5])
    """
    check_tensor(x, "x", "bmm")
    check_tensor(y, "y", "bmm")
    if x.ndim != 3 or y.ndim != 3:
        raise ValueError(f"[bmm] x and y must be 3-D, got shapes {x.shape} and {y.shape}")
    if x.shape[0] != y.shape[0] or x.shape[2] != y.shape[1]:
        raise ValueError(f"[bmm] shapes {x.shape} and {y.shape} do not match ([B, M, K] and "
                         "[B, K, N])")
    if x.dtype != y.dtype:
        raise TypeError(f"[bmm] x and y must have one dtype, got {x.dtype.name} and "
                        f"{y.dtype.name}")
    return _bmm(x, y)


def mm(input, mat2, name=None):  # noqa: A002  (PaddlePaddle's name)
    """The matrix product of input and mat2 (the same as :func:`matmul`).

    Args:
        input (Tensor): The left operand, a Tensor of rank >= 1.
        mat2 (Tensor): The right operand, a Tensor of rank >= 1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The product, as :func:`matmul` gives it.

    Example:
        >>> paddle.mm(paddle.ones([2, 3]), paddle.ones([3, 4])).shape
        paddle.Size([2, 4])
    """
    return matmul(input, mat2)


def t(input, name=None):  # noqa: A002
    """The transpose of a tensor of at most 2 dims (0-D and 1-D come back as they are).

    Args:
        input (Tensor): The input, a Tensor of at most 2 dims (more raise ValueError).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The transpose, of input's dtype.

    Example:
        >>> paddle.t(paddle.ones([2, 3])).shape
        paddle.Size([3, 2])
    """
    check_tensor(input, "input", "t")
    if input.ndim > 2:
        raise ValueError(f"[t] input must have at most 2 dims, got shape {input.shape}; use "
                         "paddle.transpose")
    return _transpose(input, [1, 0]) if input.ndim == 2 else input


def mv(x, vec, name=None):
    """The product of the matrix x [M, N] and the vector vec [N].

    Args:
        x (Tensor): The matrix, a 2-D Tensor of shape [M, N].
        vec (Tensor): The vector, a 1-D Tensor of shape [N].
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 1-D Tensor of shape [M].

    Example:
        >>> paddle.mv(paddle.ones([2, 3]), paddle.ones([3])).numpy()
        array([3., 3.], dtype=float32)
    """
    check_tensor(x, "x", "mv")
    check_tensor(vec, "vec", "mv")
    if x.ndim != 2 or vec.ndim != 1 or x.shape[1] != vec.shape[0]:
        raise ValueError(f"[mv] x must be [M, N] and vec [N], got {x.shape} and {vec.shape}")
    return matmul(x, vec)


def outer(x, y, name=None):
    """The outer product of x and y (both flattened): out[i, j] = x[i] * y[j].

    Args:
        x (Tensor): The first vector; a Tensor of any shape is flattened.
        y (Tensor): The second vector; a Tensor of any shape is flattened. Of x's dtype unless
        both are floating-point.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 2-D Tensor of shape [x.size, y.size] and the promoted dtype.

    Example:
        >>> paddle.outer(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([3.0, 4.0])).numpy()
        array([[3., 4.],
               [6., 8.]], dtype=float32)
    """
    check_tensor(x, "x", "outer")
    check_tensor(y, "y", "outer")
    return _math.multiply(reshape_exact(x, [x.size, 1]), reshape_exact(y, [1, y.size]))


def inner(x, y, name=None):
    """The sums of products over the last dims of x and y: the result has
    shape x.shape[:-1] + y.shape[:-1].

    Args:
        x (Tensor): The first tensor.
        y (Tensor): The second tensor, whose last dim equals x's (ValueError otherwise); a 0-D x
            or y multiplies elementwise instead.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of shape x.shape[:-1] + y.shape[:-1].

    Example:
        >>> paddle.inner(paddle.ones([2, 3]), paddle.ones([1, 3])).numpy()
        array([[3.],
               [3.]], dtype=float32)
    """
    check_tensor(x, "x", "inner")
    check_tensor(y, "y", "inner")
    if x.ndim == 0 or y.ndim == 0:
        return _math.multiply(x, y)
    if x.shape[-1] != y.shape[-1]:
        raise ValueError(f"[inner] the last dims of x {x.shape} and y {y.shape} must match")
    k = x.shape[-1]
    flat = matmul(reshape_exact(x, [x.size // max(k, 1), k]),
                  reshape_exact(y, [y.size // max(k, 1), k]), transpose_y=True)
    return reshape_exact(flat, x.shape[:-1] + y.shape[:-1])


def diagonal(x, offset=0, axis1=0, axis2=1, name=None):
    """The ``offset``-th diagonal of the planes spanned by dims axis1 and axis2,
    as the last dim of the result (offset > 0: above the main diagonal).

    Args:
        x (Tensor): The input, with at least 2 dims (ValueError otherwise).
        offset (int, optional): Which diagonal: 0 (the default) the main one, positive above
            it, negative below.
        axis1 (int, optional): The first dim of the planes. Default 0.
        axis2 (int, optional): The second dim of the planes, not axis1 (ValueError). Default 1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x's other dims followed by the diagonal's length, of x's dtype.

    Example:
        >>> paddle.diagonal(paddle.to_tensor([[1, 2], [3, 4]])).numpy()
        array([1, 4])
    """
    check_tensor(x, "x", "diagonal")
    if x.ndim < 2:
        raise ValueError(f"[diagonal] x must have at least 2 dims, got shape {x.shape}")
    a1, a2 = axis_arg(axis1, x, "diagonal"), axis_arg(axis2, x, "diagonal")
    if a1 == a2:
        raise ValueError(f"[diagonal] axis1 and axis2 must differ, got {axis1} and {axis2}")
    if not isinstance(offset, (numbers.Integral, np.integer)) or isinstance(offset, bool):
        raise TypeError(f"[diagonal] offset must be an int, got {type(offset).__name__}")
    rest = [d for d in range(x.ndim) if d not in (a1, a2)]
    planes = _transpose(x, [a1, a2] + rest)
    row0, col0 = max(-offset, 0), max(offset, 0)
    n = max(min(x.shape[a1] - row0, x.shape[a2] - col0), 0)
    coords = np.stack([np.arange(n) + row0, np.arange(n) + col0], axis=-1).reshape(n, 2)
    picked = _gather_nd(planes, Tensor._from_numpy(coords.astype(np.int64)))
    return _transpose(picked, list(range(1, picked.ndim)) + [0])


def trace(x, offset=0, axis1=0, axis2=1, name=None):
    """The sum of the ``offset``-th diagonal (see :func:`diagonal`).

    Args:
        x (Tensor): The input, a Tensor of rank >= 2.
        offset (int, optional): Which diagonal: 0 (the default) the main one, positive above
            it, negative below it.
        axis1 (int, optional): The first dim of the planes. Default 0.
        axis2 (int, optional): The second dim of the planes. Default 1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The sums, of shape x's without axis1 and axis2 (0-D for a matrix).

    Example:
        >>> paddle.trace(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])).item()
        5.0
    """
    return _math.sum(diagonal(x, offset, axis1, axis2), axis=-1)


def _abs_pow_sum(x, p, axis, keepdim):
    return _math.sum(_math.pow(_math.abs(x), p), axis=axis, keepdim=keepdim)


def _vector_norm(x, p, axis, keepdim):
    """The p-norm of x over ``axis`` (None: all elements) as one vector."""
    if p == np.inf:
        return _math.max(_math.abs(x), axis=axis, keepdim=keepdim)
    if p == -np.inf:
        return _math.min(_math.abs(x), axis=axis, keepdim=keepdim)
    if p == 0:
        from .logic import not_equal
        return _math.sum(cast(not_equal(x, 0.0), x.dtype), axis=axis, keepdim=keepdim)
    if p == 2:
        return _math.sqrt(_math.sum(_math.square(x), axis=axis, keepdim=keepdim))
    if p == 1:
        return _math.sum(_math.abs(x), axis=axis, keepdim=keepdim)
    return _math.pow(_abs_pow_sum(x, float(p), axis, keepdim), 1.0 / float(p))


def _matrix_norm(x, p, axes, keepdim):
    """The induced (1, inf) or Frobenius norm over the two dims in ``axes``."""
    if p == "fro":
        return _vector_norm(x, 2, axes, keepdim)
    if p in ("nuc", 2, -2):
        raise NotImplementedError(f"[norm] p={p!r} over two dims needs singular values, which "
                                  "this build has no op for")
    # 1: the largest column sum (sum over rows first); inf: the largest row sum.
    inner, outer = (axes[0], axes[1]) if abs(p) == 1 else (axes[1], axes[0])
    sums = _math.sum(_math.abs(x), axis=inner, keepdim=True)
    pick = _math.max if p > 0 else _math.min
    out = pick(sums, axis=outer, keepdim=True)
    if keepdim:
        return out
    drop = {a % x.ndim for a in axes}
    return reshape_exact(out, [d for i, d in enumerate(x.shape) if i not in drop])


def _norm_axes(axis, x):
    if axis is None:
        return None
    axes = [axis] if isinstance(axis, (numbers.Integral, np.integer)) else list(axis)
    rank = max(x.ndim, 1)
    for a in axes:
        if not isinstance(a, (numbers.Integral, np.integer)) or isinstance(a, bool):
            raise TypeError(f"[norm] axis must be an int or a list of ints, got {axis!r}")
        if not -rank <= a < rank:
            raise ValueError(f"[norm] axis {a} is out of range for a {x.ndim}-D tensor")
    if len(axes) not in (1, 2) or len({a % rank for a in axes}) != len(axes):
        raise ValueError(f"[norm] axis must name one dim or two different dims, got {axis!r}")
    return [int(a) for a in axes]


_MATRIX_P = ("fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf)


def norm(x, p=None, axis=None, keepdim=False, out=None, dtype=None, name=None):
    """The norm of x: a vector p-norm over one dim (p any number, inf, -inf;
    0 counts non-zeros), a matrix norm over two dims ('fro', 1, -1, inf,
    -inf), or with axis=None the vector norm of all elements ('fro' and None
    mean 2).

    Args:
        x (Tensor): The input, a float16/bfloat16/float32/float64 Tensor of any shape.
        p (float|int|str, optional): The order: over one dim (or all elements) any number,
            inf or -inf; over two dims 'fro', 1, -1, inf or -inf ('nuc', 2 and -2 raise
            NotImplementedError); 'nuc' with axis None needs a 2-D x. None (the default) is
            2 for vectors and 'fro' for matrices.
        axis (int|list|tuple, optional): One dim (a vector norm) or two different dims (a
            matrix norm); None (the default) takes all elements as one vector.
        keepdim (bool, optional): Whether the reduced dims stay in the result with size 1.
            Default False.
        out (Tensor, optional): A Tensor the result is written into (and returned). Default
            None.
        dtype (str|paddle.dtype, optional): A floating-point dtype x is cast to first. Default
            None (x's dtype).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The norm, of x's dtype, with x's shape less the reduced dims (0-D when all are
        reduced and keepdim is False).

    Example:
        >>> x = paddle.to_tensor([[3.0, 4.0], [0.0, 0.0]])
        >>> paddle.linalg.norm(x).item()
        5.0
        >>> paddle.linalg.norm(x, p=1, axis=1).numpy()
        array([7., 0.], dtype=float32)
    """
    check_tensor(x, "x", "norm")
    if dtype is not None:
        x = cast(x, _dtype.convert_dtype(dtype))
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[norm] x must be a floating-point Tensor, got {x.dtype.name}")
    axes = _norm_axes(axis, x)
    if isinstance(p, str) and p not in ("fro", "nuc"):
        raise ValueError(f"[norm] p must be a number, 'fro' or 'nuc', got {p!r}")
    if p is not None and not isinstance(p, (str, numbers.Real)):
        raise TypeError(f"[norm] p must be a number or a string, got {type(p).__name__}")
    if axes is not None and len(axes) == 2:
        if p not in _MATRIX_P and p is not None:
            raise ValueError(f"[norm] over two dims p must be one of 'fro', 'nuc', 1, -1, 2, "
                             f"-2, inf, -inf, got {p!r}")
        result = _matrix_norm(x, "fro" if p is None else p, axes, keepdim)
    elif p == "nuc":
        if x.ndim != 2:
            raise ValueError(f"[norm] p='nuc' needs a 2-D x or two axes, got shape {x.shape}")
        result = _matrix_norm(x, p, [0, 1], keepdim)
    else:
        result = _vector_norm(x, 2 if p in (None, "fro") else p, axes, keepdim)
    if out is not None:
        out._assign_from(result)
        return out
    return result


def _float_input(x, fn):
    check_tensor(x, "x", fn)
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x must be a floating-point Tensor, got {x.dtype.name}")


def vector_norm(x, p=2.0, axis=None, keepdim=False, name=None):
    """The p-norm of the elements over ``axis`` (None: all; several dims count
    as one vector): any number p, inf, -inf; 0 counts non-zeros.

    Args:
        x (Tensor): The input, a floating-point Tensor of any shape.
        p (float|int, optional): The order: any number, inf or -inf (else ValueError).
            Default 2.0.
        axis (int|list|tuple, optional): The dims to reduce; None (the default) reduces all.
        keepdim (bool, optional): Whether the reduced dims stay in the result with size 1.
            Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The norm, of x's dtype, with x's shape less the reduced dims.

    Example:
        >>> paddle.linalg.vector_norm(paddle.to_tensor([[3.0, 4.0], [0.0, 0.0]])).item()
        5.0
    """
    _float_input(x, "vector_norm")
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise ValueError(f"[vector_norm] p must be an int or a float, got {p!r}")
    axes = None
    if axis is not None:
        axes = [axis] if isinstance(axis, (numbers.Integral, np.integer)) else list(axis)
        for a in axes:
            if not -max(x.ndim, 1) <= a < max(x.ndim, 1):
                raise ValueError(f"[vector_norm] axis {a} is out of range for a {x.ndim}-D tensor")
    return _vector_norm(x, p, axes, keepdim)


def matrix_norm(x, p="fro", axis=(-2, -1), keepdim=False, name=None):
    """The matrix norm over the two dims in ``axis``: 'fro', or the induced
    1, -1 (column sums), inf, -inf (row sums) norms.

    Args:
        x (Tensor): The input, a floating-point Tensor of rank >= 2.
        p (str|int|float, optional): The norm: 'fro' (the default), 1, -1, inf or -inf;
            'nuc', 2 and -2 raise NotImplementedError, other values ValueError.
        axis (list|tuple, optional): The two different dims that hold the matrices. Default
            (-2, -1).
        keepdim (bool, optional): Whether the two reduced dims stay in the result with size 1.
            Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The norms, of x's dtype, with x's shape less the two dims of ``axis``.

    Example:
        >>> paddle.linalg.matrix_norm(paddle.to_tensor([[1.0, -2.0], [3.0, 4.0]]), p=1).item()
        6.0
    """
    _float_input(x, "matrix_norm")
    axes = _norm_axes(axis, x)
    if axes is None or len(axes) != 2:
        raise ValueError(f"[matrix_norm] axis must name two dims, got {axis!r}")
    if p not in _MATRIX_P:
        raise ValueError(f"[matrix_norm] p must be one of 'fro', 'nuc', 1, -1, 2, -2, inf, -inf, "
                         f"got {p!r}")
    return _matrix_norm(x, p, axes, keepdim)
