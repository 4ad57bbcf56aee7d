"""LKJCholesky: the LKJ distribution over correlation matrices, given by their
lower Cholesky factors, sampled by the onion or the C-vine method from Beta
draws (Lewandowski, Kurowicka and Joe, 2009)."""
import math

from .distribution import Distribution, as_param, check_values
from .gamma_family import Beta

__all__ = []


def _paddle():
    import paddle
    return paddle


class LKJCholesky(Distribution):
    r"""The LKJ distribution of ``dim`` x ``dim`` correlation matrices C, over their lower
    Cholesky factors L (C = L L^T): :math:`p(C) \propto \det(C)^{\eta - 1}`, η = concentration.

    Args:
        dim (int): The matrices' size, >= 2 (ValueError otherwise).
        concentration (float|Tensor, optional): η > 0; 1 is uniform over correlation matrices,
            larger values favour the identity. Default 1.0.
        sample_method (str, optional): 'onion' or 'cvine'. Default 'onion'.

    Example:
        >>> dist = paddle.distribution.LKJCholesky(3, 2.0)
        >>> L = dist.sample()
        >>> L.shape, bool(paddle.allclose((L * L).sum(-1), paddle.ones([3])))
        (paddle.Size([3, 3]), True)
    """

    def __init__(self, dim=2, concentration=1.0, sample_method="onion"):
        paddle = _paddle()
        if isinstance(dim, bool) or not isinstance(dim, int):
            raise TypeError(f"[LKJCholesky] dim must be an int, got {type(dim).__name__}")
        if dim < 2:
            raise ValueError(f"[LKJCholesky] dim must be >= 2, got {dim}")
        if sample_method not in ("onion", "cvine"):
            raise ValueError(f"[LKJCholesky] sample_method must be 'onion' or 'cvine', got "
                             f"{sample_method!r}")
        self.concentration = as_param(concentration, "concentration", "LKJCholesky")
        check_values(self.concentration, self.concentration > 0, "concentration", "LKJCholesky",
                     "positive")
        self.dim = dim
        self.sample_method = sample_method
        self.dtype = self.concentration.dtype
        marginal = self.concentration.unsqueeze(-1) + 0.5 * (dim - 2)
        offset = paddle.arange(dim - 1, dtype=self.dtype)
        if sample_method == "onion":
            # Row i of the factor draws its squared norm off the diagonal from
            # Beta(i / 2, marginal - (i - 1) / 2).
            offset = paddle.concat([paddle.zeros([1], dtype=self.dtype), offset])
            self._beta = Beta(offset + 0.5, marginal - 0.5 * offset)
        else:
            # Partial correlation (i, j), i > j: 2 Beta(b, b) - 1, b = marginal - j / 2
            # (a full [dim, dim] matrix of parameters, the strictly lower triangle used).
            cols = paddle.arange(dim, dtype=self.dtype)
            b = marginal.unsqueeze(-1) - 0.5 * cols
            b = b.expand(list(self.concentration.shape) + [dim, dim])
            self._beta = Beta(b.clip(min=0.5), b.clip(min=0.5))
        super().__init__(self.concentration.shape, (dim, dim))

    def _onion(self, shape):
        paddle = _paddle()
        y = self._beta.sample(shape).unsqueeze(-1)
        u = paddle.randn(list(self._extend_shape(shape)), dtype=self.dtype).tril(-1)
        norm = u.norm(axis=-1, keepdim=True)
        u = paddle.where(norm > 0, u / paddle.where(norm > 0, norm, paddle.ones_like(norm)),
                         paddle.zeros_like(u))
        w = y.sqrt() * u
        tiny = float(paddle.finfo(w.dtype).tiny)
        diag = (1 - w.square().sum(-1)).clip(min=tiny).sqrt()
        return w + paddle.diag_embed(diag)

    def _cvine(self, shape):
        paddle = _paddle()
        r = (2 * self._beta.sample(shape) - 1).tril(-1)
        rest = (1 - r.square()).sqrt().cumprod(dim=-1)
        ones = paddle.ones(list(rest.shape[:-1]) + [1], dtype=self.dtype)
        shifted = paddle.concat([ones, rest[..., :-1]], axis=-1)
        return (r + paddle.eye(self.dim, dtype=self.dtype)) * shifted

    def _sample(self, shape):
        return self._onion(shape) if self.sample_method == "onion" else self._cvine(shape)

    def _log_prob(self, value):
        paddle = _paddle()
        diag = value.diagonal(axis1=-2, axis2=-1)[..., 1:]
        order = paddle.arange(2, self.dim + 1, dtype=self.dtype)
        order = 2 * (self.concentration - 1).unsqueeze(-1) + self.dim - order
        unnormalized = (order * diag.log()).sum(-1)
        dm1 = self.dim - 1
        alpha = self.concentration + 0.5 * dm1
        # log of the multivariate gamma function Gamma_{dm1}(alpha - 1/2).
        mvlgamma = dm1 * (dm1 - 1) / 4 * math.log(math.pi) + sum(
            (alpha - 0.5 + (1 - j) / 2).lgamma() for j in range(1, dm1 + 1))
        normalizer = 0.5 * dm1 * math.log(math.pi) + mvlgamma - alpha.lgamma() * dm1
        return unnormalized - normalizer
