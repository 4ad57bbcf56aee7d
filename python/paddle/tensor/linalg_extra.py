"""Matrix functions computed with numpy's LAPACK inside a PyLayer whose
backward is the matrix derivative: inverse (paddle.linalg.inv), cholesky and
eigvalsh (paddle.linalg). Batches of matrices in the leading dims."""
import numpy as np

from ..autograd.py_layer import PyLayer
from ..framework import dtypes as _dtype
from ._helpers import Tensor, check_tensor

__all__ = ["inverse", "cholesky", "eigvalsh"]


def _from_numpy(arr, dtype):
    return Tensor._from_numpy(np.array(arr, dtype=_dtype.to_numpy_dtype(dtype), order="C"))


def _square_batch(x, fn):
    check_tensor(x, "x", fn)
    if x.dtype not in (_dtype.float32, _dtype.float64):
        raise TypeError(f"[{fn}] x must be a float32 or float64 Tensor, got {x.dtype.name}")
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"[{fn}] x must be square matrices ([..., n, n]), got shape {x.shape}")
    return x.numpy().astype(np.float64)


def _t(a):
    return np.swapaxes(a, -1, -2)


class _Inverse(PyLayer):
    @staticmethod
    def forward(ctx, x):
        a = _square_batch(x, "inverse")
        try:
            inv = np.linalg.inv(a)
        except np.linalg.LinAlgError:
            raise ValueError("[inverse] x is singular: it has no inverse") from None
        ctx.inv = inv
        return _from_numpy(inv, x.dtype)

    @staticmethod
    def backward(ctx, grad):
        inv_t = _t(ctx.inv)
        return _from_numpy(-(inv_t @ grad.numpy().astype(np.float64) @ inv_t), grad.dtype)


def inverse(x, name=None):
    """The inverse of each square matrix of x (the last two dims).

    Args:
        x (Tensor): float32 or float64, [..., n, n], invertible.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype.

    Example:
        >>> paddle.inverse(paddle.to_tensor([[2.0, 0.0], [0.0, 4.0]])).numpy()
        array([[0.5 , 0.  ],
               [0.  , 0.25]], dtype=float32)
    """
    _square_batch(x, "inverse")
    return _Inverse.apply(x)


class _Cholesky(PyLayer):
    @staticmethod
    def forward(ctx, x, upper):
        a = _square_batch(x, "cholesky")
        try:
            low = np.linalg.cholesky(a)
        except np.linalg.LinAlgError:
            raise ValueError("[cholesky] x must be symmetric positive definite: the "
                             "factorization failed") from None
        ctx.low, ctx.upper = low, upper
        return _from_numpy(_t(low) if upper else low, x.dtype)

    @staticmethod
    def backward(ctx, grad):
        low = ctx.low
        g = grad.numpy().astype(np.float64)
        if ctx.upper:
            g = _t(g)
        # dA = sym(L^-T phi(L^T dL) L^-1), phi: the lower triangle, diagonal halved
        phi = np.tril(_t(low) @ g)
        idx = np.arange(low.shape[-1])
        phi[..., idx, idx] *= 0.5
        inv = np.linalg.inv(low)
        s = _t(inv) @ phi @ inv
        return _from_numpy(0.5 * (s + _t(s)), grad.dtype)


def cholesky(x, upper=False, name=None):
    """The Cholesky factor of each symmetric positive definite matrix of x:
    L lower triangular with x = L L^T (upper: U = L^T, x = U^T U).

    Args:
        x (Tensor): float32 or float64, [..., n, n], symmetric positive definite.
        upper (bool, optional): return the upper factor. Default: False.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype.

    Example:
        >>> paddle.linalg.cholesky(paddle.to_tensor([[4.0, 2.0], [2.0, 5.0]])).numpy()
        array([[2., 0.],
               [1., 2.]], dtype=float32)
    """
    _square_batch(x, "cholesky")
    return _Cholesky.apply(x, bool(upper))


class _Eigvalsh(PyLayer):
    @staticmethod
    def forward(ctx, x, uplo):
        a = _square_batch(x, "eigvalsh")
        values, vectors = np.linalg.eigh(a, UPLO=uplo)
        ctx.vectors = vectors
        return _from_numpy(values, x.dtype)

    @staticmethod
    def backward(ctx, grad):
        v = ctx.vectors
        g = grad.numpy().astype(np.float64)
        return _from_numpy((v * g[..., None, :]) @ _t(v), grad.dtype)


def eigvalsh(x, UPLO="L", name=None):  # noqa: N803  (PaddlePaddle's name)
    """The eigenvalues, ascending, of each symmetric matrix of x, read from its
    lower ('L') or upper ('U') triangle.

    Args:
        x (Tensor): float32 or float64, [..., n, n].
        UPLO (str, optional): 'L' or 'U', the triangle that is read. Default: 'L'.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: [..., n], x's dtype.

    Example:
        >>> paddle.linalg.eigvalsh(paddle.to_tensor([[2.0, 1.0], [1.0, 2.0]])).numpy()
        array([1., 3.], dtype=float32)
    """
    if UPLO not in ("L", "U"):
        raise ValueError(f"[eigvalsh] UPLO must be 'L' or 'U', got {UPLO!r}")
    _square_batch(x, "eigvalsh")
    return _Eigvalsh.apply(x, UPLO)
