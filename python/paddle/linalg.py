"""paddle.linalg: linear algebra (matmul, norm)."""
from .tensor.linalg import matmul, norm

__all__ = ["matmul", "norm"]
