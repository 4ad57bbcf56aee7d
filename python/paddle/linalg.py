"""paddle.linalg: linear algebra (matmul, multi_dot and the norms)."""
from .tensor.linalg import matmul, matrix_norm, norm, vector_norm
from .tensor.linalg_composite import multi_dot

__all__ = ["matmul", "matrix_norm", "multi_dot", "norm", "vector_norm"]
