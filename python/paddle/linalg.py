"""paddle.linalg: linear algebra (matmul and the norms)."""
from .tensor.linalg import matmul, matrix_norm, norm, vector_norm

__all__ = ["matmul", "matrix_norm", "norm", "vector_norm"]
