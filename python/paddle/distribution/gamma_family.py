"""The distributions built on Gamma draws: Gamma, Chi2, Beta, Dirichlet,
StudentT. Gamma draws use Marsaglia and Tsang's method on paddle's Gaussian
and uniform draws (shape < 1 boosted by U^(1/shape)); rsample lets gradients
flow through that transformation of the accepted draws."""
import math

from .continuous import Normal
from .distribution import Distribution, as_param, broadcast, check_values
from .exponential_family import ExponentialFamily

__all__ = []


def _paddle():
    import paddle
    return paddle


def standard_gamma(concentration, shape):
    """Gamma(concentration, 1) draws of `shape` (concentration broadcast to it)."""
    paddle = _paddle()
    a = concentration.expand(list(shape))
    boost = a < 1
    a1 = paddle.where(boost, a + 1, a)
    d = a1 - 1.0 / 3
    c = 1.0 / (9 * d).sqrt()
    out = paddle.zeros_like(a1)
    done = paddle.zeros(list(shape), dtype="bool")
    for _ in range(64):
        x = paddle.randn(list(shape), dtype=a.dtype)
        v = (1 + c * x) ** 3
        u = paddle.rand(list(shape), dtype=a.dtype)
        ok = (v > 0) & (u.log() < 0.5 * x.square() + d - d * v + d * v.clip(min=1e-30).log())
        take = ok & ~done
        out = paddle.where(take, d * v, out)
        done = done | ok
        if bool(done.all()):
            break
    u = paddle.rand(list(shape), dtype=a.dtype)
    return paddle.where(boost, out * u.clip(min=1e-30) ** (1.0 / a), out)


class Gamma(ExponentialFamily):
    r"""The gamma distribution:
    :math:`p(x) = rate^{c} x^{c - 1} e^{-rate\, x} / \Gamma(c)`, c = concentration.

    Args:
        concentration (float|Tensor): The shape parameter, > 0 (ValueError otherwise).
        rate (float|Tensor): The rate (inverse scale), > 0.

    Example:
        >>> dist = paddle.distribution.Gamma(paddle.to_tensor([2.0]), paddle.to_tensor([4.0]))
        >>> dist.mean.numpy(), dist.variance.numpy()
        (array([0.5], dtype=float32), array([0.125], dtype=float32))
    """

    def __init__(self, concentration, rate):
        cls = type(self).__name__
        self.concentration, self.rate = broadcast(as_param(concentration, "concentration", cls),
                                                  as_param(rate, "rate", cls))
        check_values(self.concentration, self.concentration > 0, "concentration", cls, "positive")
        check_values(self.rate, self.rate > 0, "rate", cls, "positive")
        self.dtype = self.rate.dtype
        super().__init__(self.rate.shape)

    def _mean(self):
        return self.concentration / self.rate

    def _variance(self):
        return self.concentration / self.rate.square()

    def _entropy(self):
        a = self.concentration
        return a - self.rate.log() + a.lgamma() + (1 - a) * a.digamma()

    def _log_prob(self, value):
        a, b = self.concentration, self.rate
        return a * b.log() + (a - 1) * value.log() - b * value - a.lgamma()

    def _rsample(self, shape):
        return standard_gamma(self.concentration, self._extend_shape(shape)) / self.rate


class Chi2(Gamma):
    r"""The chi-squared distribution with ``df`` degrees of freedom: Gamma(df / 2, 1 / 2).

    Args:
        df (float|Tensor): The degrees of freedom, > 0 (ValueError otherwise).

    Example:
        >>> dist = paddle.distribution.Chi2(paddle.to_tensor([4.0]))
        >>> dist.mean.numpy(), dist.variance.numpy()
        (array([4.], dtype=float32), array([8.], dtype=float32))
    """

    def __init__(self, df):
        self.df = as_param(df, "df", "Chi2")
        check_values(self.df, self.df > 0, "df", "Chi2", "positive")
        super().__init__(self.df * 0.5, _paddle().full_like(self.df, 0.5))


class Beta(ExponentialFamily):
    r"""The beta distribution on [0, 1]:
    :math:`p(x) = x^{\alpha - 1} (1 - x)^{\beta - 1} / B(\alpha, \beta)`.

    Args:
        alpha (float|Tensor): The first shape parameter, > 0 (ValueError otherwise).
        beta (float|Tensor): The second shape parameter, > 0.

    Example:
        >>> dist = paddle.distribution.Beta(paddle.to_tensor([2.0]), paddle.to_tensor([2.0]))
        >>> dist.mean.numpy(), dist.prob(paddle.to_tensor([0.5])).numpy()
        (array([0.5], dtype=float32), array([1.5], dtype=float32))
    """

    def __init__(self, alpha, beta):
        self.alpha, self.beta = broadcast(as_param(alpha, "alpha", "Beta"),
                                          as_param(beta, "beta", "Beta"))
        check_values(self.alpha, self.alpha > 0, "alpha", "Beta", "positive")
        check_values(self.beta, self.beta > 0, "beta", "Beta", "positive")
        self.dtype = self.alpha.dtype
        super().__init__(self.alpha.shape)

    def _mean(self):
        return self.alpha / (self.alpha + self.beta)

    def _variance(self):
        total = self.alpha + self.beta
        return self.alpha * self.beta / (total.square() * (total + 1))

    # Natural parameters (alpha, beta) of T(x) = (log x, log(1 - x)); h(x) = 1 / (x (1 - x)).
    @property
    def _natural_parameters(self):
        return (self.alpha, self.beta)

    def _log_normalizer(self, x, y):
        return x.lgamma() + y.lgamma() - (x + y).lgamma()

    @property
    def _mean_carrier_measure(self):
        total = (self.alpha + self.beta).digamma()
        return -(self.alpha.digamma() - total) - (self.beta.digamma() - total)

    def _log_prob(self, value):
        return (self.alpha - 1) * value.log() + (self.beta - 1) * (-value).log1p() \
            - self._log_normalizer(self.alpha, self.beta)

    def _rsample(self, shape):
        shape = self._extend_shape(shape)
        x = standard_gamma(self.alpha, shape)
        y = standard_gamma(self.beta, shape)
        return x / (x + y)


class Dirichlet(ExponentialFamily):
    r"""The Dirichlet distribution over the simplex of the last axis of ``concentration``:
    :math:`p(x) = \Gamma(\sum_i \alpha_i) \prod_i x_i^{\alpha_i - 1} / \prod_i \Gamma(\alpha_i)`.

    Args:
        concentration (Tensor): The concentrations on the last axis (at least 1-D), > 0.

    Example:
        >>> dist = paddle.distribution.Dirichlet(paddle.to_tensor([1.0, 3.0]))
        >>> dist.mean.numpy()
        array([0.25, 0.75], dtype=float32)
    """

    def __init__(self, concentration):
        self.concentration = as_param(concentration, "concentration", "Dirichlet")
        if self.concentration.ndim < 1:
            raise ValueError("[Dirichlet] concentration must be at least 1-D, got a 0-D tensor")
        check_values(self.concentration, self.concentration > 0, "concentration", "Dirichlet",
                     "positive")
        self.dtype = self.concentration.dtype
        super().__init__(self.concentration.shape[:-1], self.concentration.shape[-1:])

    def _mean(self):
        return self.concentration / self.concentration.sum(-1, keepdim=True)

    def _variance(self):
        a = self.concentration
        a0 = a.sum(-1, keepdim=True)
        return a * (a0 - a) / (a0.square() * (a0 + 1))

    # Natural parameters alpha of T(x) = log x; h(x) = 1 / prod(x).
    @property
    def _natural_parameters(self):
        return (self.concentration,)

    def _log_normalizer(self, x):
        return x.lgamma().sum(-1) - x.sum(-1).lgamma()

    @property
    def _mean_carrier_measure(self):
        a = self.concentration
        return -(a.digamma() - a.sum(-1, keepdim=True).digamma()).sum(-1)

    def _log_prob(self, value):
        a = self.concentration
        return ((a - 1) * value.log()).sum(-1) - self._log_normalizer(a)

    def _rsample(self, shape):
        g = standard_gamma(self.concentration, self._extend_shape(shape))
        return g / g.sum(-1, keepdim=True)


class StudentT(Distribution):
    r"""Student's t distribution with ``df`` degrees of freedom, location ``loc`` and scale
    ``scale``.

    Args:
        df (float|Tensor): The degrees of freedom, > 0 (ValueError otherwise).
        loc (float|Tensor): The location.
        scale (float|Tensor): The scale, > 0.
        name (str, optional): Not read. Default None.

    Example:
        >>> dist = paddle.distribution.StudentT(paddle.to_tensor([3.0]), paddle.to_tensor([0.0]),
        ...                                     paddle.to_tensor([1.0]))
        >>> dist.variance.numpy()
        array([3.], dtype=float32)
    """

    def __init__(self, df, loc, scale, name=None):
        cls = "StudentT"
        self.df, self.loc, self.scale = broadcast(as_param(df, "df", cls), as_param(loc, "loc", cls),
                                                  as_param(scale, "scale", cls))
        check_values(self.df, self.df > 0, "df", cls, "positive")
        check_values(self.scale, self.scale > 0, "scale", cls, "positive")
        self.dtype = self.loc.dtype
        super().__init__(self.loc.shape)

    def _mean(self):
        paddle = _paddle()
        return paddle.where(self.df > 1, self.loc, paddle.full_like(self.loc, float("nan")))

    def _variance(self):
        paddle = _paddle()
        v = self.scale.square() * self.df / (self.df - 2)
        v = paddle.where(self.df > 2, v, paddle.full_like(v, float("inf")))
        return paddle.where(self.df > 1, v, paddle.full_like(v, float("nan")))

    def _log_prob(self, value):
        nu = self.df
        z = (value - self.loc) / self.scale
        return ((nu + 1) / 2).lgamma() - (nu / 2).lgamma() - 0.5 * (nu * math.pi).log() \
            - self.scale.log() - (nu + 1) / 2 * (z.square() / nu).log1p()

    def _entropy(self):
        nu = self.df
        half = (nu / 2)
        log_beta = half.lgamma() + math.lgamma(0.5) - (half + 0.5).lgamma()
        return self.scale.log() + (nu + 1) / 2 * ((nu + 1) / 2).digamma() \
            - (nu + 1) / 2 * half.digamma() + 0.5 * nu.log() + log_beta

    def _rsample(self, shape):
        shape = self._extend_shape(shape)
        chi2 = standard_gamma(self.df / 2, shape) * 2
        z = Normal(_paddle().zeros_like(self.loc), _paddle().ones_like(self.scale)).rsample(
            shape[:len(shape) - len(self.batch_shape)])
        return self.loc + self.scale * z / (chi2 / self.df).sqrt()
