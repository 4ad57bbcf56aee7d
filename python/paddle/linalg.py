"""paddle.linalg: linear algebra: matmul, multi_dot, the norms, cov and corrcoef,
cross, vecdot, diagonal, matrix_transpose, and the LAPACK functions (inv,
det, slogdet, solve, triangular_solve, cholesky and its solve and inverse,
lu and its unpack and solve, qr, svd, svdvals, eigh, eigvalsh, eig, eigvals,
lstsq, pinv, matrix_power, matrix_rank, cond, matrix_exp,
householder_product, ormqr, svd_lowrank, pca_lowrank)."""
from .tensor.linalg import diagonal, matmul, matrix_norm, norm, vector_norm
from .tensor.linalg_composite import multi_dot
from .tensor.stat_extra import corrcoef, cov
from .tensor.linalg_extra import cholesky, eigvalsh
from .tensor.linalg_extra import inverse as inv
from .tensor.creation_extra import cross, vecdot
from .tensor.aliases import matrix_transpose
from .tensor.linalg_lapack import (
    cholesky_inverse, cholesky_solve, cond, det, eig, eigh, eigvals, householder_product,
    lstsq, lu, lu_solve, lu_unpack, matrix_exp, matrix_power, matrix_rank, ormqr, pca_lowrank,
    pinv, qr, slogdet, solve, svd, svd_lowrank, svdvals, triangular_solve,
)

__all__ = ["matmul", "matrix_norm", "multi_dot", "norm", "vector_norm", "corrcoef", "cov",
           "cholesky", "eigvalsh", "inv", "cross", "vecdot", "diagonal", "matrix_transpose",
           "cholesky_inverse", "cholesky_solve", "cond", "det", "eig", "eigh", "eigvals",
           "householder_product", "lstsq", "lu", "lu_solve", "lu_unpack", "matrix_exp",
           "matrix_power", "matrix_rank", "ormqr", "pca_lowrank", "pinv", "qr", "slogdet",
           "solve", "svd", "svd_lowrank", "svdvals", "triangular_solve"]
