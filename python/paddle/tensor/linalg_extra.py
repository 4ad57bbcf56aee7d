"""inverse (paddle.linalg.inv), cholesky and eigvalsh (paddle.linalg), also
paddle.* and Tensor methods: each runs its C++ op over LAPACK (core/ops:
det_inverse_ops, solve_ops, decomposition_ops), in eager and static mode, with
the op's gradient. Batches of matrices in the leading dims."""
from ._helpers import op
from .linalg_lapack import check_matrices

__all__ = ["inverse", "cholesky", "eigvalsh"]

_inverse = op("inverse", ["Input"], [], ["Output"])
_cholesky = op("cholesky", ["X"], ["upper"])
_eigvalsh = op("eigvalsh", ["X"], ["UPLO", "is_test"], ["Eigenvalues", "Eigenvectors"])


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
    return _inverse(check_matrices(x, "x", "inverse", square=True))


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
    return _cholesky(check_matrices(x, "x", "cholesky", square=True), bool(upper))


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
    check_matrices(x, "x", "eigvalsh", square=True)
    return _eigvalsh(x, UPLO, False)[0]
