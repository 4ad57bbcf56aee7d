"""paddle.linalg: linear algebra (matmul, multi_dot, the norms, cov and corrcoef, inv, cholesky, eigvalsh, cross, vecdot)."""
from .tensor.linalg import matmul, matrix_norm, norm, vector_norm
from .tensor.linalg_composite import multi_dot
from .tensor.stat_extra import corrcoef, cov
from .tensor.linalg_extra import cholesky, eigvalsh
from .tensor.linalg_extra import inverse as inv
from .tensor.creation_extra import cross, vecdot

__all__ = ["matmul", "matrix_norm", "multi_dot", "norm", "vector_norm", "corrcoef", "cov",
           "cholesky", "eigvalsh", "inv", "cross", "vecdot"]
