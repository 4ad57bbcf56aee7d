"""paddle.linalg's LAPACK functions: each runs its C++ op (core/ops:
det_inverse_ops, solve_ops, decomposition_ops, lu_lstsq_ops), so it works in
eager and static mode and its gradient is the op's; and the composites
PaddlePaddle builds from them (pinv, cond, cholesky_inverse, lu_solve,
svdvals, matrix_exp, householder_product, ormqr, svd_lowrank, pca_lowrank).
Not star-exported to ``paddle`` (3.3.1 has these only in ``paddle.linalg``
and as Tensor methods)."""
import math as _pymath
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from . import creation, layout, manipulation, math_extra, numeric, search
from . import math as _math
from ._helpers import Tensor, check_tensor, op
from .aliases import _to_out

__all__ = []

_det = op("determinant", ["Input"])
_slogdet = op("slogdeterminant", ["Input"])
_solve = op("solve", ["X", "Y"])
_triangular_solve = op("triangular_solve", ["X", "Y"], ["upper", "transpose", "unitriangular"])
_cholesky_solve = op("cholesky_solve", ["X", "Y"], ["upper"])
_lu = op("lu", ["X"], ["pivots"], ["Out", "Pivots", "Infos"])
_lu_unpack = op("lu_unpack", ["X", "Pivots"], ["unpack_ludata", "unpack_pivots"],
                ["Pmat", "L", "U"])
_qr = op("qr", ["X"], ["mode"], ["Q", "R"])
_svd = op("svd", ["X"], ["full_matrices"], ["U", "S", "VH"])
_eigh = op("eigh", ["X"], ["UPLO"], ["Eigenvalues", "Eigenvectors"])
_eig = op("eig", ["X"], [], ["Eigenvalues", "Eigenvectors"])
_eigvals = op("eigvals", ["X"])
_lstsq = op("lstsq", ["X", "Y"], ["rcond", "driver"],
            ["Solution", "Residuals", "Rank", "SingularValues"])
_matrix_power = op("matrix_power", ["X"], ["n"])
_matrix_rank = op("matrix_rank", ["X", "TolTensor"], ["tol", "hermitian", "use_default_tol"])
_matrix_rank_atol_rtol = op("matrix_rank_atol_rtol", ["x", "atol", "rtol"], ["hermitian"], ["out"])
_inverse = op("inverse", ["Input"], [], ["Output"])

_FLOATS = (_dtype.float32, _dtype.float64)
# matrix_exp's most squarings: 1-norms up to 2^23 keep full precision.
_MAX_SQUARINGS = 24


def check_matrices(x, name, fn, square=False, ndim=2):
    """x: a float32/float64 Tensor of rank >= ndim (square in its last two dims
    when asked); TypeError or ValueError naming fn and the argument."""
    check_tensor(x, name, fn)
    if x.dtype not in _FLOATS:
        raise TypeError(f"[{fn}] {name} must be a float32 or float64 Tensor, got {x.dtype.name}")
    if square and (x.ndim < 2 or x.shape[-1] != x.shape[-2]):
        raise ValueError(f"[{fn}] {name} must be square matrices ([..., N, N]), got shape "
                         f"{list(x.shape)}")
    if x.ndim < ndim:
        raise ValueError(f"[{fn}] {name} must have rank >= {ndim} ([..., M, N]), got shape "
                         f"{list(x.shape)}")
    return x


def _same_dtype(x, y, fn):
    if x.dtype != y.dtype:
        raise TypeError(f"[{fn}] x and y must have the same dtype, got {x.dtype.name} and "
                        f"{y.dtype.name}")


def _mt(x):
    """x with its last two dims exchanged."""
    perm = list(range(x.ndim))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return manipulation.transpose(x, perm)


def det(x, name=None):
    """The determinant of each square matrix of x (the last two dims), from its LU factorization.

    Args:
        x (Tensor): float32 or float64, [..., N, N].
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The determinants, shape x.shape[:-2], x's dtype (0 for a singular matrix).

    Example:
        >>> paddle.linalg.det(paddle.to_tensor([[2.0, 1.0], [1.0, 3.0]])).item()
        5.0
    """
    return _det(check_matrices(x, "x", "det", square=True))


def slogdet(x, name=None):
    """The sign and the natural log of the absolute determinant of each square matrix of x.

    Args:
        x (Tensor): float32 or float64, [..., N, N].
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: [2, ...]: the signs (0 for a singular matrix), then the logs (-inf when singular).

    Example:
        >>> paddle.linalg.slogdet(paddle.to_tensor([[-2.0, 0.0], [0.0, 1.0]])).numpy()
        array([-1.       ,  0.6931472], dtype=float32)
    """
    return _slogdet(check_matrices(x, "x", "slogdet", square=True))


def solve(x, y, left=True, name=None, *, out=None):
    """The solution of x @ out = y (left) or out @ x = y, through x's LU factorization.

    Args:
        x (Tensor): Invertible square matrices, float32 or float64, [..., N, N].
        y (Tensor): Right-hand sides of x's dtype, [..., N, K], or [..., N] (rank 1, or x's
            rank minus 1) for vectors; the batch dims broadcast with x's.
        left (bool, optional): Solve x @ out = y (True) or out @ x = y (False). Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that receives the result; None makes a new one.

    Returns:
        Tensor: The solutions, the broadcast batch dims followed by y's last dims.

    Example:
        >>> x = paddle.to_tensor([[3.0, 1.0], [1.0, 2.0]])
        >>> paddle.linalg.solve(x, paddle.to_tensor([9.0, 8.0])).numpy()
        array([2., 3.], dtype=float32)
    """
    check_matrices(x, "x", "solve", square=True)
    check_tensor(y, "y", "solve")
    _same_dtype(x, y, "solve")
    if left:
        return _to_out(_solve(x, y), out)
    if y.ndim < 2:
        raise ValueError(f"[solve] with left=False y must be matrices [..., K, N], got shape "
                         f"{list(y.shape)}")
    return _to_out(_mt(_solve(_mt(x), _mt(y))), out)


def triangular_solve(x, y, upper=True, transpose=False, unitriangular=False, name=None):
    """The solution of op(x) @ out = y for triangular x: only its upper or lower triangle is read.

    Args:
        x (Tensor): Triangular matrices, float32 or float64, [..., N, N].
        y (Tensor): Right-hand sides of x's dtype, [..., N, K]; batch dims broadcast.
        upper (bool, optional): x is upper (True) or lower triangular. Default True.
        transpose (bool, optional): Solve with op(x) = x^T. Default False.
        unitriangular (bool, optional): Take x's diagonal as ones. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The solutions, the broadcast batch dims + [N, K].

    Example:
        >>> x = paddle.to_tensor([[2.0, 1.0], [0.0, 4.0]])
        >>> paddle.linalg.triangular_solve(x, paddle.to_tensor([[4.0], [8.0]])).numpy()
        array([[1.],
               [2.]], dtype=float32)
    """
    check_matrices(x, "x", "triangular_solve", square=True)
    check_matrices(y, "y", "triangular_solve")
    _same_dtype(x, y, "triangular_solve")
    return _triangular_solve(x, y, bool(upper), bool(transpose), bool(unitriangular))


def cholesky_solve(x, y, upper=False, name=None):
    """The solution of A @ out = x given A's Cholesky factor y (A = y @ y^T, or y^T @ y when upper).

    Args:
        x (Tensor): Right-hand sides, float32 or float64, [..., N, K].
        y (Tensor): Triangular Cholesky factors of x's dtype, [..., N, N]; batch dims broadcast.
        upper (bool, optional): y is the upper factor. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The solutions, the broadcast batch dims + [N, K].

    Example:
        >>> l = paddle.to_tensor([[2.0, 0.0], [1.0, 1.0]])  # A = [[4, 2], [2, 2]]
        >>> paddle.linalg.cholesky_solve(paddle.to_tensor([[6.0], [4.0]]), l).numpy()
        array([[1.],
               [1.]], dtype=float32)
    """
    check_matrices(x, "x", "cholesky_solve")
    check_matrices(y, "y", "cholesky_solve", square=True)
    _same_dtype(x, y, "cholesky_solve")
    return _cholesky_solve(x, y, bool(upper))


def cholesky_inverse(x, upper=False, name=None):
    """The inverse of A given its Cholesky factor x (A = x @ x^T, or x^T @ x when upper).

    Args:
        x (Tensor): A triangular Cholesky factor, float32 or float64, [N, N] (2-D only, as
            in PaddlePaddle).
        upper (bool, optional): x is the upper factor. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A^-1, x's shape and dtype.

    Example:
        >>> paddle.linalg.cholesky_inverse(paddle.to_tensor([[2.0, 0.0], [0.0, 0.5]])).numpy()
        array([[0.25, 0.  ],
               [0.  , 4.  ]], dtype=float32)
    """
    check_matrices(x, "x", "cholesky_inverse", square=True)
    if x.ndim != 2:
        raise ValueError(f"[cholesky_inverse] x must be 2-D [N, N], got shape {list(x.shape)}")
    a = _math.matmul(x, x, transpose_x=bool(upper), transpose_y=not upper)
    return _inverse(a)


def lu(x, pivot=True, get_infos=False, name=None):
    """The LU factorization with partial pivoting of each matrix of x: x = P @ L @ U.

    Args:
        x (Tensor): float32 or float64, [..., M, N].
        pivot (bool, optional): Pivot rows; False is not implemented on the CPU. Default True.
        get_infos (bool, optional): Also return the int32 infos (0, or the 1-based index of
            U's first exact zero pivot). Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (LU, Pivots) or (LU, Pivots, Infos): L (unit diagonal, not stored) and U packed
        in x's shape, the 1-based int32 row swaps [..., min(M, N)], the infos [...].

    Example:
        >>> lu, piv = paddle.linalg.lu(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]))
        >>> piv.numpy()
        array([2, 2], dtype=int32)
    """
    check_matrices(x, "x", "lu")
    out, pivots, infos = _lu(x, bool(pivot))
    return (out, pivots, infos) if get_infos else (out, pivots)


def lu_unpack(x, y, unpack_ludata=True, unpack_pivots=True, name=None):
    """P, L and U from lu's packed factorization x and pivots y, so that A = P @ L @ U.

    Args:
        x (Tensor): lu's packed LU, float32 or float64, [..., M, N].
        y (Tensor): lu's int32 pivots, [..., min(M, N)].
        unpack_ludata (bool, optional): Return L and U. Default True.
        unpack_pivots (bool, optional): Return P. Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (P [..., M, M], L [..., M, K], U [..., K, N]), K = min(M, N).

    Example:
        >>> a = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> p, l, u = paddle.linalg.lu_unpack(*paddle.linalg.lu(a))
        >>> (p @ l @ u).numpy()
        array([[1., 2.],
               [3., 4.]], dtype=float32)
    """
    check_matrices(x, "x", "lu_unpack")
    check_tensor(y, "y", "lu_unpack")
    return tuple(_lu_unpack(x, y, bool(unpack_ludata), bool(unpack_pivots)))


def lu_solve(b, lu, pivots, trans="N", name=None):
    """The solution of A @ out = b (trans 'N') or A^T @ out = b ('T', 'C') from A's LU factorization.

    Args:
        b (Tensor): Right-hand sides, float32 or float64, [..., N, K].
        lu (Tensor): lu's packed LU of A, b's dtype, [..., N, N].
        pivots (Tensor): lu's int32 pivots, [..., N].
        trans (str, optional): 'N', 'T' or 'C' (the same as 'T' for real A). Default 'N'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The solutions, [..., N, K].

    Example:
        >>> a = paddle.to_tensor([[3.0, 1.0], [1.0, 2.0]])
        >>> lu, piv = paddle.linalg.lu(a)
        >>> paddle.linalg.lu_solve(paddle.to_tensor([[9.0], [8.0]]), lu, piv).numpy()
        array([[2.],
               [3.]], dtype=float32)
    """
    check_matrices(b, "b", "lu_solve")
    check_matrices(lu, "lu", "lu_solve", square=True)
    if trans not in ("N", "T", "C"):
        raise ValueError(f"[lu_solve] trans must be 'N', 'T' or 'C', got {trans!r}")
    p, low, up = _lu_unpack(lu, pivots, True, True)
    if trans == "N":  # A = P L U: out = U^-1 L^-1 P^T b
        y = _math.matmul(p, b, transpose_x=True)
        y = _triangular_solve(low, y, False, False, True)
        return _triangular_solve(up, y, True, False, False)
    y = _triangular_solve(up, b, True, True, False)  # A^T = U^T L^T P^T
    y = _triangular_solve(low, y, False, True, True)
    return _math.matmul(p, y)


def qr(x, mode="reduced", name=None):
    """The QR decomposition of each matrix of x: Q with orthonormal columns, R upper triangular.

    Args:
        x (Tensor): float32 or float64, [..., M, N].
        mode (str, optional): 'reduced' (Q [..., M, K], R [..., K, N], K = min(M, N)),
            'complete' (Q [..., M, M], R [..., M, N]) or 'r' (R only). Default 'reduced'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple|Tensor: (Q, R), or R for mode 'r'.

    Example:
        >>> q, r = paddle.linalg.qr(paddle.to_tensor([[3.0, 0.0], [4.0, 5.0]]))
        >>> (q @ r).numpy().round(4)
        array([[3., 0.],
               [4., 5.]], dtype=float32)
    """
    check_matrices(x, "x", "qr")
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"[qr] mode must be 'reduced', 'complete' or 'r', got {mode!r}")
    q, r = _qr(x, mode)
    return r if mode == "r" else (q, r)


def svd(x, full_matrices=False, name=None, *, out=None):
    """The singular value decomposition of each matrix of x: x = U @ diag(S) @ VH, S descending.

    Args:
        x (Tensor): float32 or float64, [..., M, N].
        full_matrices (bool, optional): Square U [..., M, M] and VH [..., N, N] instead of
            [..., M, K] and [..., K, N] (K = min(M, N)). Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (tuple, optional): Three tensors that receive U, S and VH; None makes new ones.

    Returns:
        tuple: (U, S, VH).

    Example:
        >>> u, s, vh = paddle.linalg.svd(paddle.to_tensor([[3.0, 0.0], [0.0, -4.0]]))
        >>> s.numpy()
        array([4., 3.], dtype=float32)
    """
    check_matrices(x, "x", "svd")
    u, s, vh = _svd(x, bool(full_matrices))
    if out is None:
        return u, s, vh
    return tuple(_to_out(r, o) for r, o in zip((u, s, vh), out))


def svdvals(x, name=None):
    """The singular values, descending, of each matrix of x.

    Args:
        x (Tensor): float32 or float64, [..., M, N].
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: [..., min(M, N)], x's dtype.

    Example:
        >>> paddle.linalg.svdvals(paddle.to_tensor([[0.0, 2.0], [1.0, 0.0]])).numpy()
        array([2., 1.], dtype=float32)
    """
    return _svd(check_matrices(x, "x", "svdvals"), False)[1]


def eigh(x, UPLO="L", name=None):  # noqa: N803  (PaddlePaddle's name)
    """The eigenvalues (ascending) and orthonormal eigenvectors of each symmetric matrix of x.

    Args:
        x (Tensor): Symmetric matrices, float32 or float64, [..., N, N]; only the triangle
            UPLO names is read.
        UPLO (str, optional): 'L' (lower) or 'U' (upper). Default 'L'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (eigenvalues [..., N], eigenvectors as columns [..., N, N]).

    Example:
        >>> w, v = paddle.linalg.eigh(paddle.to_tensor([[2.0, 1.0], [1.0, 2.0]]))
        >>> w.numpy()
        array([1., 3.], dtype=float32)
    """
    check_matrices(x, "x", "eigh", square=True)
    if UPLO not in ("L", "U"):
        raise ValueError(f"[eigh] UPLO must be 'L' or 'U', got {UPLO!r}")
    return tuple(_eigh(x, UPLO))


def eig(x, name=None):
    """The eigenvalues and right eigenvectors (unit columns) of each square matrix of x, complex.

    Args:
        x (Tensor): float32 or float64, [..., N, N].
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (eigenvalues [..., N], eigenvectors [..., N, N]), complex64 for float32 x and
        complex128 for float64. No gradient.

    Example:
        >>> w, v = paddle.linalg.eig(paddle.to_tensor([[2.0, 0.0], [0.0, 3.0]]))
        >>> w.numpy()
        array([2.+0.j, 3.+0.j], dtype=complex64)
    """
    return tuple(_eig(check_matrices(x, "x", "eig", square=True)))


def eigvals(x, name=None):
    """The eigenvalues of each square matrix of x, complex.

    Args:
        x (Tensor): float32 or float64, [..., N, N].
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: [..., N], complex64 for float32 x, complex128 for float64. No gradient.

    Example:
        >>> paddle.linalg.eigvals(paddle.to_tensor([[0.0, -1.0], [1.0, 0.0]])).numpy()
        array([0.+1.j, 0.-1.j], dtype=complex64)
    """
    return _eigvals(check_matrices(x, "x", "eigvals", square=True))


def lstsq(x, y, rcond=None, driver=None, name=None):
    """The least-squares solution of x @ out = y for each matrix pair (LAPACK gels/gelsy/gelsd/gelss).

    Args:
        x (Tensor): Coefficient matrices, float32 or float64, [..., M, N].
        y (Tensor): Right-hand sides of x's dtype, [..., M, K], the same batch dims.
        rcond (float, optional): Singular values below rcond times the largest count as zero;
            None is 1e-7 * max(M, N) for float32 and 1e-15 * max(M, N) for float64.
        driver (str, optional): 'gels', 'gelsy', 'gelsd' or 'gelss'; None is 'gelsy'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (solution [..., N, K]; residuals [..., K] (squared, for M > N and a driver other
        than gelsy, else empty); rank [...] int32 (empty int64 for gels); singular values
        [..., min(M, N)] (gelsd, gelss; else empty)). No gradient.

    Example:
        >>> x = paddle.to_tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
        >>> paddle.linalg.lstsq(x, paddle.to_tensor([[1.0], [2.0], [3.0]]))[0].numpy().round(4)
        array([[1.],
               [2.]], dtype=float32)
    """
    check_matrices(x, "x", "lstsq")
    check_matrices(y, "y", "lstsq")
    if x.dtype != y.dtype:
        raise ValueError(f"[lstsq] x and y must have the same dtype, got {x.dtype.name} and "
                         f"{y.dtype.name}")
    if driver not in (None, "gels", "gelss", "gelsd", "gelsy"):
        raise ValueError(f"[lstsq] driver must be 'gels', 'gelss', 'gelsd', 'gelsy' or None, "
                         f"got {driver!r}")
    if x.shape[-2] != y.shape[-2]:
        raise ValueError(f"[lstsq] x {list(x.shape)} and y {list(y.shape)} must have the same "
                         f"number of rows")
    driver = driver or "gelsy"
    if rcond is None:
        rcond = (1e-7 if x.dtype == _dtype.float32 else 1e-15) * max(x.shape[-2], x.shape[-1])
    solution, residuals, rank, values = _lstsq(x, y, float(rcond), driver)
    if driver == "gels":
        rank = creation.zeros([0], "int64")
    if driver in ("gels", "gelsy"):
        values = creation.zeros([0], x.dtype)
    return solution, residuals, rank, values


def _inverse_of_values(s, keep):
    """1/s where keep, else 0, with no division by the dropped values (their
    gradients would be nan)."""
    safe = search.where(keep, s, creation.ones_like(s))
    return search.where(keep, 1.0 / safe, creation.zeros_like(s))


def pinv(x, rcond=1e-15, hermitian=False, name=None):
    """The Moore-Penrose pseudo-inverse of each matrix of x, from its SVD (eigh when hermitian).

    Args:
        x (Tensor): float32 or float64, [..., M, N] (square and symmetric when hermitian).
        rcond (float|Tensor, optional): Singular values at or below rcond times the largest are
            dropped. Default 1e-15.
        hermitian (bool, optional): x is symmetric: use its eigendecomposition. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: [..., N, M], x's dtype.

    Example:
        >>> paddle.linalg.pinv(paddle.to_tensor([[2.0, 0.0], [0.0, 0.0]])).numpy()
        array([[0.5, 0. ],
               [0. , 0. ]], dtype=float32)
    """
    check_matrices(x, "x", "pinv", square=bool(hermitian))
    if hermitian:
        s, u = _eigh(x, "L")
        big = _math.max(_math.abs(s), axis=-1, keepdim=True)
        st = _inverse_of_values(s, _math.abs(s) > big * rcond)
        return _math.matmul(u * manipulation.unsqueeze(st, -2), u, transpose_y=True)
    u, s, vh = _svd(x, False)
    big = _math.max(s, axis=-1, keepdim=True)
    st = _inverse_of_values(s, s > big * rcond)
    return _math.matmul(vh * manipulation.unsqueeze(st, -1), u, transpose_x=True,
                        transpose_y=True)


def matrix_power(x, n, name=None):
    """x to the integer power n for each square matrix (n < 0: powers of the inverse, 0: identity).

    Args:
        x (Tensor): float32 or float64, [..., N, N] (invertible when n < 0).
        n (int): The exponent.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x^n, x's shape and dtype.

    Example:
        >>> paddle.linalg.matrix_power(paddle.to_tensor([[1.0, 1.0], [0.0, 1.0]]), 3).numpy()
        array([[1., 3.],
               [0., 1.]], dtype=float32)
    """
    check_matrices(x, "x", "matrix_power", square=True)
    if not isinstance(n, (numbers.Integral, np.integer)) or isinstance(n, bool):
        raise TypeError(f"[matrix_power] n must be an int, got {type(n).__name__}")
    return _matrix_power(x, int(n))


def matrix_rank(x, tol=None, hermitian=False, atol=None, rtol=None, name=None):
    """The rank of each matrix of x: how many singular values exceed the tolerance.

    Args:
        x (Tensor): float32 or float64, [..., M, N] (square and symmetric when hermitian).
        tol (float|Tensor, optional): The tolerance; None is max(M, N) * the largest singular
            value * the dtype's epsilon. Not with atol or rtol.
        hermitian (bool, optional): x is symmetric: use |eigenvalues|. Default False.
        atol (float|Tensor, optional): An absolute tolerance; with rtol the tolerance is
            max(atol, rtol * the largest singular value). Default None.
        rtol (float|Tensor, optional): A relative tolerance; None is max(M, N) * epsilon when
            atol is None or 0, else 0. Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The ranks, int64, [...].

    Example:
        >>> paddle.linalg.matrix_rank(paddle.to_tensor([[1.0, 2.0], [2.0, 4.0]])).item()
        1
    """
    check_matrices(x, "x", "matrix_rank", square=bool(hermitian))
    if atol is None and rtol is None:
        if isinstance(tol, Tensor):
            return _matrix_rank(x, manipulation.cast(tol, x.dtype), 0.0, bool(hermitian), False)
        if tol is None:
            return _matrix_rank(x, None, 0.0, bool(hermitian), True)
        return _matrix_rank(x, None, float(tol), bool(hermitian), False)
    if tol is not None:
        raise ValueError("[matrix_rank] use tol alone, or atol and rtol without tol")
    atol = _as_tensor(0.0 if atol is None else atol, x.dtype)
    rtol = None if rtol is None else _as_tensor(rtol, x.dtype)
    return _matrix_rank_atol_rtol(x, atol, rtol, bool(hermitian))


def _as_tensor(v, dtype):
    if isinstance(v, Tensor):
        return manipulation.cast(v, dtype)
    return creation.full([], float(v), dtype)


def _matrix_norm(x, p):
    if p == "fro":
        return _math.sqrt(_math.sum(x * x, axis=[-2, -1]))
    if p == "nuc":
        return _math.sum(_svd(x, False)[1], axis=-1)
    col = p in (1, -1)  # 1: the largest column sum of |x|; inf: the largest row sum
    sums = _math.sum(_math.abs(x), axis=-2 if col else -1)
    return _math.max(sums, axis=-1) if p in (1, _pymath.inf) else _math.min(sums, axis=-1)


def cond(x, p=None, name=None):
    """The condition number of each matrix of x in the matrix norm p.

    Args:
        x (Tensor): float32 or float64, [..., M, N] for p in (2, -2, None), else invertible
            square [..., N, N].
        p (float|str, optional): 'fro', 'nuc', 1, -1, 2, -2, inf or -inf; None is 2 (the ratio
            of the largest to the smallest singular value). Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: [...], x's dtype.

    Example:
        >>> paddle.linalg.cond(paddle.to_tensor([[2.0, 0.0], [0.0, 0.5]])).item()
        4.0
    """
    check_matrices(x, "x", "cond")
    p = 2 if p is None else p
    if p not in ("fro", "nuc", 1, -1, 2, -2, _pymath.inf, -_pymath.inf):
        raise ValueError(f"[cond] p must be 'fro', 'nuc', 1, -1, 2, -2, inf or -inf, got {p!r}")
    if p in (2, -2):
        s = _svd(x, False)[1]
        big, small = _math.max(s, axis=-1), _math.min(s, axis=-1)
        return big / small if p == 2 else small / big
    check_matrices(x, "x", "cond", square=True)
    return _matrix_norm(x, p) * _matrix_norm(_inverse(x), p)


def matrix_exp(x, name=None):
    """The matrix exponential of each square matrix of x (scaling and squaring of a Taylor series).

    Args:
        x (Tensor): float32 or float64, [..., N, N].
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: exp(x), x's shape and dtype; made of matmuls, so the gradient flows.

    Example:
        >>> paddle.linalg.matrix_exp(paddle.to_tensor([[0.0, 1.0], [0.0, 0.0]])).numpy()
        array([[1., 1.],
               [0., 1.]], dtype=float32)
    """
    check_matrices(x, "x", "matrix_exp", square=True)
    # Squarings s per matrix so that |x / 2^s|_1 <= 1/2, where 18 Taylor terms are
    # exact to float64; chosen with ops (not read back), so static programs work too.
    norm = _math.max(_math.sum(_math.abs(x), axis=-2), axis=-1, keepdim=True)
    squarings = numeric.clip(_math.ceil(math_extra.log2(numeric.clip(norm, min=1e-30))) + 1.0,
                             0.0, float(_MAX_SQUARINGS))
    squarings = manipulation.unsqueeze(squarings, -1)  # [..., 1, 1]
    a = x * _math.exp(squarings * -_pymath.log(2.0))
    result = creation.eye(x.shape[-1], dtype=x.dtype) + a
    term = a
    for k in range(2, 19):
        term = _math.matmul(term, a) * (1.0 / k)
        result = result + term
    for i in range(_MAX_SQUARINGS):
        result = search.where(squarings > i, _math.matmul(result, result), result)
    return result


def _reflectors(x, tau, fn):
    """The Householder vectors of geqrf's packed x (unit diagonal, below it x's
    entries) as V [..., M, K], checked against tau [..., K]."""
    check_matrices(x, "x", fn)
    check_tensor(tau, "tau", fn)
    m, n = x.shape[-2], x.shape[-1]
    k = tau.shape[-1] if tau.ndim else 0
    if tau.ndim != x.ndim - 1 or k > min(m, n) or list(tau.shape[:-1]) != list(x.shape[:-2]):
        raise ValueError(f"[{fn}] tau must be [..., K] with x's batch dims and K <= min(M, N), "
                         f"got tau {list(tau.shape)} for x {list(x.shape)}")
    return layout.tril(x, -1) + creation.eye(m, n, dtype=x.dtype), k


def _householder_full(v, tau, k, m):
    """H_1 ... H_k as [..., M, M], H_i = I - tau_i v_i v_i^T."""
    q = creation.eye(m, dtype=v.dtype) + creation.zeros_like(_math.matmul(v, v, transpose_y=True))
    for i in range(k):
        vi = v[..., :, i:i + 1]
        ti = manipulation.unsqueeze(tau[..., i:i + 1], -1)
        q = q - _math.matmul(_math.matmul(q, vi) * ti, vi, transpose_y=True)
    return q


def householder_product(x, tau, name=None):
    """The first N columns of the product of Householder reflections H_1 ... H_K (geqrf's form).

    Args:
        x (Tensor): float32 or float64, [..., M, N] (M >= N); column i below the diagonal is
            reflector i's vector (its diagonal entry taken as 1).
        tau (Tensor): The reflectors' scales, x's dtype, [..., K], K <= N.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: [..., M, N], x's dtype.

    Example:
        >>> x = paddle.to_tensor([[1.0], [1.0]])
        >>> paddle.linalg.householder_product(x, paddle.to_tensor([1.0])).numpy()
        array([[ 0.],
               [-1.]], dtype=float32)
    """
    v, k = _reflectors(x, tau, "householder_product")
    m, n = x.shape[-2], x.shape[-1]
    if m < n:
        raise ValueError(f"[householder_product] x must have M >= N, got shape {list(x.shape)}")
    return _householder_full(v, tau, k, m)[..., :, :n]


def ormqr(x, tau, y, left=True, transpose=False, name=None):
    """y multiplied by op(Q), Q = householder_product(x, tau), from the left or the right.

    Args:
        x (Tensor): float32 or float64, [..., M, K] reflector vectors (see householder_product).
        tau (Tensor): The reflectors' scales, x's dtype, [..., K].
        y (Tensor): x's dtype and rank; op(Q) @ y or y @ op(Q) must be defined.
        left (bool, optional): op(Q) @ y (True) or y @ op(Q). Default True.
        transpose (bool, optional): op(Q) = Q^T. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The product, x's dtype.

    Example:
        >>> x = paddle.to_tensor([[1.0], [1.0]])
        >>> y = paddle.to_tensor([[1.0, 2.0]])
        >>> paddle.linalg.ormqr(x, paddle.to_tensor([1.0]), y).numpy()
        array([[ 0.,  0.],
               [-1., -2.]], dtype=float32)
    """
    check_matrices(y, "y", "ormqr")
    q = householder_product(x, tau)
    if y.ndim != x.ndim or tau.shape[-1] != x.shape[-1]:
        raise ValueError(f"[ormqr] y must have x's rank and tau x's last dim, got x "
                         f"{list(x.shape)}, tau {list(tau.shape)}, y {list(y.shape)}")
    # Q is [..., M, K]: the dim of op(Q) that meets y.
    m, k = x.shape[-2], x.shape[-1]
    y_dim = y.shape[-2] if left else y.shape[-1]
    want = (m if transpose else k) if left else (k if transpose else m)
    if y_dim != want:
        raise ValueError(f"[ormqr] y {list(y.shape)} must have {want} "
                         f"{'rows' if left else 'columns'} for x {list(x.shape)}, left={left}, "
                         f"transpose={transpose}")
    if left:
        return _math.matmul(q, y, transpose_x=bool(transpose))
    return _math.matmul(y, q, transpose_y=bool(transpose))


def svd_lowrank(x, q=None, niter=2, M=None, name=None):  # noqa: N803  (PaddlePaddle's name)
    """An approximate rank-q SVD of each matrix of x - M by randomized subspace iteration.

    Args:
        x (Tensor): float32 or float64, [..., M, N].
        q (int, optional): The rank; None is min(6, M, N).
        niter (int, optional): Subspace iterations. Default 2.
        M (Tensor, optional): Subtracted from x first (broadcast). Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (U [..., M, q], S [..., q], V [..., N, q]) with x - M ~= U diag(S) V^T.

    Example:
        >>> x = paddle.to_tensor([[3.0, 0.0], [0.0, 1.0], [0.0, 0.0]])
        >>> u, s, v = paddle.linalg.svd_lowrank(x, q=2)
        >>> s.numpy().round(4)
        array([3., 1.], dtype=float32)
    """
    check_matrices(x, "x", "svd_lowrank")
    m, n = x.shape[-2], x.shape[-1]
    q = min(6, m, n) if q is None else q
    if not isinstance(q, (numbers.Integral, np.integer)) or not 0 < q <= min(m, n):
        raise ValueError(f"[svd_lowrank] q must be an int in [1, min(M, N) = {min(m, n)}], "
                         f"got {q!r}")
    a = x if M is None else x - M
    # The range of A from a random start, refined by niter passes of (A A^T).
    basis = _qr(_math.matmul(a, creation.randn(list(a.shape[:-1][:-1]) + [n, q], x.dtype)),
                "reduced")[0]
    for _ in range(int(niter)):
        basis = _qr(_math.matmul(a, basis, transpose_x=True), "reduced")[0]
        basis = _qr(_math.matmul(a, basis), "reduced")[0]
    b = _math.matmul(basis, a, transpose_x=True)
    u, s, vh = _svd(b, False)
    return _math.matmul(basis, u), s, _mt(vh)


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    """An approximate principal component analysis of each matrix of x (svd_lowrank of the centred x).

    Args:
        x (Tensor): float32 or float64, [..., M, N] (M samples of N features).
        q (int, optional): The rank; None is min(6, M, N).
        center (bool, optional): Subtract each column's mean first. Default True.
        niter (int, optional): Subspace iterations. Default 2.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (U [..., M, q], S [..., q], V [..., N, q]).

    Example:
        >>> x = paddle.to_tensor([[1.0, 0.0], [-1.0, 0.0], [0.0, 0.5], [0.0, -0.5]])
        >>> u, s, v = paddle.linalg.pca_lowrank(x, q=2)
        >>> s.numpy().round(4)
        array([1.4142, 0.7071], dtype=float32)
    """
    check_matrices(x, "x", "pca_lowrank")
    if center:
        x = x - _math.mean(x, axis=-2, keepdim=True)
    return svd_lowrank(x, q=q, niter=niter)
