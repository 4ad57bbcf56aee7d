"""ContinuousBernoulli: the distribution on [0, 1] with density proportional
to probs^x (1 - probs)^(1 - x). Its normalizing constant and moments have a
removable singularity at probs = 1/2: inside ``lims`` a Taylor expansion
around 1/2 is used, as in PaddlePaddle."""
import math

from .distribution import Distribution, as_param, check_values

__all__ = []


def _paddle():
    import paddle
    return paddle


def _atanh(x):
    return 0.5 * ((x).log1p() - (-x).log1p())


class ContinuousBernoulli(Distribution):
    r"""The continuous Bernoulli distribution on [0, 1]:
    :math:`p(x) = C(\lambda) \lambda^x (1 - \lambda)^{1 - x}`, λ = probs, C the normalizing
    constant (a Taylor expansion near λ = 1/2, for λ inside ``lims``).

    Args:
        probs (float|Tensor): λ, in (0, 1) (ValueError otherwise).
        lims (tuple[float], optional): The interval around 1/2 where the Taylor expansions are
            used. Default (0.499, 0.501).

    Example:
        >>> dist = paddle.distribution.ContinuousBernoulli(paddle.to_tensor([0.5]))
        >>> dist.mean.numpy(), dist.prob(paddle.to_tensor([0.3])).numpy()
        (array([0.5], dtype=float32), array([1.], dtype=float32))
    """

    def __init__(self, probs, lims=(0.499, 0.501)):
        self.probs = as_param(probs, "probs", "ContinuousBernoulli")
        check_values(self.probs, (self.probs > 0) & (self.probs < 1), "probs",
                     "ContinuousBernoulli", "in (0, 1)")
        if len(lims) != 2 or not lims[0] < 0.5 < lims[1]:
            raise ValueError(f"[ContinuousBernoulli] lims must be (low, high) around 0.5, got "
                             f"{lims!r}")
        self.lims = tuple(float(v) for v in lims)
        self.dtype = self.probs.dtype
        super().__init__(self.probs.shape)

    def _outside(self):
        return (self.probs <= self.lims[0]) | (self.probs >= self.lims[1])

    def _safe_probs(self):
        """probs outside lims; a fixed value inside (where the exact formulas are not used)."""
        return _paddle().where(self._outside(), self.probs, _paddle().full_like(self.probs,
                                                                               self.lims[0]))

    def _log_constant(self):
        paddle = _paddle()
        p = self._safe_probs()
        exact = (2.0 * _atanh(1.0 - 2.0 * p).abs()).log() - (1.0 - 2.0 * p).abs().log()
        x = (self.probs - 0.5).square()
        taylor = math.log(2.0) + (4.0 / 3.0 + 104.0 / 45.0 * x) * x
        return paddle.where(self._outside(), exact, taylor)

    def _mean(self):
        p = self._safe_probs()
        exact = p / (2.0 * p - 1.0) + 1.0 / (2.0 * _atanh(1.0 - 2.0 * p))
        x = self.probs - 0.5
        taylor = 0.5 + (1.0 / 3.0 + 16.0 / 45.0 * x.square()) * x
        return _paddle().where(self._outside(), exact, taylor)

    def _variance(self):
        p = self._safe_probs()
        exact = p * (p - 1.0) / (1.0 - 2.0 * p).square() + 1.0 / ((-p).log1p() - p.log()).square()
        x = (self.probs - 0.5).square()
        taylor = 1.0 / 12.0 - (1.0 / 15.0 - 128.0 / 945.0 * x) * x
        return _paddle().where(self._outside(), exact, taylor)

    def _log_prob(self, value):
        log_p, log_q = self.probs.log(), (-self.probs).log1p()
        return self._log_constant() + value * log_p + (1.0 - value) * log_q

    def _entropy(self):
        paddle = _paddle()
        log_p, log_q = self.probs.log(), (-self.probs).log1p()
        h = -self._log_constant() + self.mean * (log_q - log_p) - log_q
        return paddle.where(self.probs == 0.5, paddle.zeros_like(h), h)

    def _cdf(self, value):
        paddle = _paddle()
        p = self._safe_probs()
        exact = (p.pow(value) * (1.0 - p).pow(1.0 - value) + p - 1.0) / (2.0 * p - 1.0)
        inside = paddle.where(self._outside(), exact, value)
        zeros, ones = paddle.zeros_like(inside), paddle.ones_like(inside)
        return paddle.where(value <= 0, zeros, paddle.where(value >= 1, ones, inside))

    def _icdf(self, value):
        p = self._safe_probs()
        exact = ((-p + value * (2.0 * p - 1.0)).log1p() - (-p).log1p()) / (p.log() - (-p).log1p())
        return _paddle().where(self._outside(), exact, value)

    def _rsample(self, shape):
        u = _paddle().uniform(list(self._extend_shape(shape)), dtype=self.dtype, min=0.0, max=1.0)
        return self._icdf(u)
