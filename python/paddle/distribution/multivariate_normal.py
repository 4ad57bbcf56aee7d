"""MultivariateNormal: a Gaussian over vectors, kept as the Cholesky factor of
its covariance (given as covariance, precision or that factor)."""
import math

from .distribution import Distribution, as_param

__all__ = []


def _paddle():
    import paddle
    return paddle


class MultivariateNormal(Distribution):
    r"""The multivariate normal distribution with mean ``loc`` and a covariance given by exactly
    one of ``covariance_matrix``, ``precision_matrix`` (its inverse) or ``scale_tril`` (its
    lower Cholesky factor L, covariance = L L^T).

    Args:
        loc (Tensor): The mean, [..., k].
        covariance_matrix (Tensor, optional): Symmetric positive definite [..., k, k].
            Default None.
        precision_matrix (Tensor, optional): The inverse covariance. Default None.
        scale_tril (Tensor, optional): Lower triangular with a positive diagonal.
            Default None.

    Example:
        >>> dist = paddle.distribution.MultivariateNormal(
        ...     paddle.to_tensor([0.0, 0.0]), covariance_matrix=paddle.eye(2))
        >>> round(float(dist.log_prob(paddle.to_tensor([0.0, 0.0]))), 4)
        -1.8379
    """

    def __init__(self, loc, covariance_matrix=None, precision_matrix=None, scale_tril=None):
        paddle = _paddle()
        cls = "MultivariateNormal"
        given = [m is not None for m in (covariance_matrix, precision_matrix, scale_tril)]
        if sum(given) != 1:
            raise ValueError(f"[{cls}] exactly one of covariance_matrix, precision_matrix or "
                             f"scale_tril must be given, got {sum(given)}")
        self.loc = as_param(loc, "loc", cls)
        if self.loc.ndim < 1:
            raise ValueError(f"[{cls}] loc must be at least 1-D, got a 0-D tensor")
        k = self.loc.shape[-1]
        matrix = next(m for m in (covariance_matrix, precision_matrix, scale_tril) if m is not None)
        name = ("covariance_matrix", "precision_matrix", "scale_tril")[given.index(True)]
        matrix = as_param(matrix, name, cls).astype(self.loc.dtype)
        if matrix.ndim < 2 or matrix.shape[-1] != k or matrix.shape[-2] != k:
            raise ValueError(f"[{cls}] {name} must be [..., {k}, {k}] to match loc "
                             f"{self.loc.shape}, got {matrix.shape}")
        if scale_tril is not None:
            self.scale_tril = matrix
        elif covariance_matrix is not None:
            self.scale_tril = paddle.linalg.cholesky(matrix)
        else:
            self.scale_tril = paddle.linalg.cholesky(paddle.inverse(matrix))
        if not bool((self.scale_tril.diagonal(axis1=-2, axis2=-1) > 0).all()):
            raise ValueError(f"[{cls}] {name} must be positive definite")
        batch = paddle.broadcast_shape(self.loc.shape[:-1], self.scale_tril.shape[:-2])
        self.loc = self.loc.expand(batch + [k])
        self.scale_tril = self.scale_tril.expand(batch + [k, k])
        self.covariance_matrix = self.scale_tril.matmul(self.scale_tril, transpose_y=True)
        self.dtype = self.loc.dtype
        super().__init__(batch, [k])

    def _mean(self):
        return self.loc.clone()

    def _variance(self):
        return self.scale_tril.square().sum(-1)

    def _half_log_det(self):
        return self.scale_tril.diagonal(axis1=-2, axis2=-1).log().sum(-1)

    def _entropy(self):
        k = self.event_shape[0]
        return 0.5 * k * (1 + math.log(2 * math.pi)) + self._half_log_det()

    def _log_prob(self, value):
        paddle = _paddle()
        diff = (value - self.loc).unsqueeze(-1)
        solved = paddle.inverse(self.scale_tril).matmul(diff).squeeze(-1)
        k = self.event_shape[0]
        return -0.5 * (k * math.log(2 * math.pi) + solved.square().sum(-1)) - self._half_log_det()

    def _rsample(self, shape):
        paddle = _paddle()
        eps = paddle.normal(0.0, 1.0, list(self._extend_shape(shape))).astype(self.dtype)
        return self.loc + self.scale_tril.matmul(eps.unsqueeze(-1)).squeeze(-1)
