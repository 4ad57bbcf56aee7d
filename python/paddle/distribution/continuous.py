"""The continuous distributions drawn from one uniform or Gaussian draw per
element (reparameterized): Normal, LogNormal, Uniform, Exponential, Laplace,
Gumbel, Cauchy. Samples come from the same random ops and formulas as
PaddlePaddle 3.3.1's, so under paddle.seed they give its numbers."""
import math

import numpy as np

from .distribution import Distribution, as_param, broadcast, check_values

__all__ = []

_TINY = float(np.finfo("float32").tiny)


def _paddle():
    import paddle
    return paddle


class _LocScale(Distribution):
    """A batch over loc and scale (scale > 0)."""

    def __init__(self, loc, scale):
        cls = type(self).__name__
        self.loc, self.scale = broadcast(as_param(loc, "loc", cls), as_param(scale, "scale", cls))
        check_values(self.scale, self.scale > 0, "scale", cls, "positive")
        self.dtype = self.loc.dtype
        super().__init__(self.loc.shape)

    def _draw_uniform(self, shape, low=0.0, high=1.0):
        return _paddle().uniform(list(self._extend_shape(shape)), dtype=self.dtype, min=low, max=high)


class Normal(_LocScale):
    r"""The normal (Gaussian) distribution with mean ``loc`` and standard deviation ``scale``:
    :math:`p(x) = \exp(-(x - loc)^2 / (2 scale^2)) / (\sqrt{2 \pi} scale)`.

    Args:
        loc (float|list|numpy.ndarray|Tensor): The mean.
        scale (float|list|numpy.ndarray|Tensor): The standard deviation, > 0 (ValueError
            otherwise); broadcast with loc.
        name (str, optional): Not read. Default None.

    Example:
        >>> dist = paddle.distribution.Normal(paddle.to_tensor([0.0]), paddle.to_tensor([2.0]))
        >>> dist.log_prob(paddle.to_tensor([0.0])).numpy().round(4)
        array([-1.6121], dtype=float32)
        >>> dist.entropy().numpy().round(4)
        array([2.1121], dtype=float32)
    """

    def __init__(self, loc, scale, name=None):
        super().__init__(loc, scale)

    def _mean(self):
        return self.loc.clone()

    def _variance(self):
        return self.scale.square()

    def _entropy(self):
        return 0.5 + 0.5 * math.log(2 * math.pi) + self.scale.log()

    def _log_prob(self, value):
        return -((value - self.loc) ** 2) / (2 * self.scale.square()) - self.scale.log() \
            - 0.5 * math.log(2 * math.pi)

    def _cdf(self, value):
        return 0.5 * (1 + _paddle().erf((value - self.loc) / (self.scale * math.sqrt(2))))

    def _icdf(self, value):
        return self.loc + self.scale * math.sqrt(2) * _paddle().erfinv(2 * value - 1)

    def _rsample(self, shape):
        eps = _paddle().normal(0.0, 1.0, list(self._extend_shape(shape))).astype(self.dtype)
        return self.loc + eps * self.scale


class LogNormal(_LocScale):
    r"""The log-normal distribution: ``exp(X)`` for X normal with mean ``loc`` and standard
    deviation ``scale``.

    Args:
        loc (float|list|numpy.ndarray|Tensor): The mean of log(X).
        scale (float|list|numpy.ndarray|Tensor): The standard deviation of log(X), > 0.

    Example:
        >>> dist = paddle.distribution.LogNormal(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
        >>> dist.mean.numpy().round(4)
        array([1.6487], dtype=float32)
    """

    def __init__(self, loc, scale):
        super().__init__(loc, scale)
        self._base = Normal(self.loc, self.scale)

    def _mean(self):
        return (self.loc + self.scale.square() / 2).exp()

    def _variance(self):
        s2 = self.scale.square()
        return s2.expm1() * (2 * self.loc + s2).exp()

    def _entropy(self):
        return self._base.entropy() + self.loc

    def _log_prob(self, value):
        return self._base.log_prob(value.log()) - value.log()

    def _cdf(self, value):
        return self._base.cdf(value.log())

    def _icdf(self, value):
        return self._base.icdf(value).exp()

    def _rsample(self, shape):
        return self._base.rsample(shape).exp()


class Uniform(Distribution):
    r"""The uniform distribution on ``[low, high)``: density ``1 / (high - low)`` inside, 0
    outside.

    Args:
        low (float|list|numpy.ndarray|Tensor): The lower bound.
        high (float|list|numpy.ndarray|Tensor): The upper bound, > low (ValueError otherwise).
        name (str, optional): Not read. Default None.

    Example:
        >>> dist = paddle.distribution.Uniform(paddle.to_tensor([0.0]), paddle.to_tensor([4.0]))
        >>> dist.prob(paddle.to_tensor([1.0])).numpy()
        array([0.25], dtype=float32)
    """

    def __init__(self, low, high, name=None):
        self.low, self.high = broadcast(as_param(low, "low", "Uniform"),
                                        as_param(high, "high", "Uniform"))
        check_values(self.high, self.high > self.low, "high", "Uniform", "greater than low")
        self.dtype = self.low.dtype
        super().__init__(self.low.shape)

    def _mean(self):
        return (self.low + self.high) / 2

    def _variance(self):
        return (self.high - self.low).square() / 12

    def _entropy(self):
        return (self.high - self.low).log()

    def _log_prob(self, value):
        inside = ((value >= self.low) & (value < self.high)).astype(self.dtype)
        return inside.log() - (self.high - self.low).log()

    def _cdf(self, value):
        return ((value - self.low) / (self.high - self.low)).clip(0.0, 1.0)

    def _icdf(self, value):
        return self.low + value * (self.high - self.low)

    def _rsample(self, shape):
        u = _paddle().uniform(list(self._extend_shape(shape)), dtype=self.dtype, min=0.0, max=1.0)
        return u * (self.high - self.low) + self.low


class Exponential(Distribution):
    r"""The exponential distribution with rate ``rate``: :math:`p(x) = rate\, e^{-rate\, x}`,
    x >= 0.

    Args:
        rate (float|Tensor): The rate, > 0 (ValueError otherwise).

    Example:
        >>> dist = paddle.distribution.Exponential(paddle.to_tensor([2.0]))
        >>> dist.mean.numpy(), dist.cdf(paddle.to_tensor([0.5])).numpy().round(4)
        (array([0.5], dtype=float32), array([0.6321], dtype=float32))
    """

    def __init__(self, rate):
        self.rate = as_param(rate, "rate", "Exponential")
        check_values(self.rate, self.rate > 0, "rate", "Exponential", "positive")
        self.dtype = self.rate.dtype
        super().__init__(self.rate.shape)

    def _mean(self):
        return self.rate.reciprocal()

    def _variance(self):
        return self.rate.square().reciprocal()

    def _entropy(self):
        return 1.0 - self.rate.log()

    def _log_prob(self, value):
        return self.rate.log() - self.rate * value

    def _cdf(self, value):
        return 1 - (-self.rate * value).exp()

    def _icdf(self, value):
        return -(-value).log1p() / self.rate

    def _rsample(self, shape):
        u = _paddle().uniform(list(self._extend_shape(shape)), dtype=self.dtype, min=_TINY, max=1.0)
        return -u.log() / self.rate


class Laplace(_LocScale):
    r"""The Laplace distribution: :math:`p(x) = e^{-|x - loc| / scale} / (2 scale)`.

    Args:
        loc (float|Tensor): The location (mean).
        scale (float|Tensor): The scale, > 0 (ValueError otherwise).

    Example:
        >>> dist = paddle.distribution.Laplace(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
        >>> dist.cdf(paddle.to_tensor([0.0])).numpy()
        array([0.5], dtype=float32)
    """

    def _mean(self):
        return self.loc.clone()

    def _variance(self):
        return 2 * self.scale.square()

    def _entropy(self):
        return 1 + (2 * self.scale).log()

    def _log_prob(self, value):
        return -(2 * self.scale).log() - (value - self.loc).abs() / self.scale

    def _cdf(self, value):
        z = value - self.loc
        return 0.5 - 0.5 * z.sign() * (-(z.abs()) / self.scale).expm1()

    def _icdf(self, value):
        t = value - 0.5
        return self.loc - self.scale * t.sign() * (-2 * t.abs()).log1p()

    def _rsample(self, shape):
        eps = float(np.finfo(self.loc.numpy().dtype).eps)
        u = self._draw_uniform(shape, float(np.nextafter(-1, 1)) + eps / 2, 1.0 - eps / 2)
        return self.loc - self.scale * u.sign() * (-u.abs()).log1p()


class Gumbel(_LocScale):
    r"""The Gumbel (type-I extreme value) distribution:
    :math:`p(x) = e^{-(z + e^{-z})} / scale`, z = (x - loc) / scale.

    Args:
        loc (float|Tensor): The location.
        scale (float|Tensor): The scale, > 0 (ValueError otherwise).

    Example:
        >>> dist = paddle.distribution.Gumbel(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
        >>> dist.mean.numpy().round(4)
        array([0.5772], dtype=float32)
    """

    _EULER = 0.57721566490153286060

    def _mean(self):
        return self.loc + self.scale * self._EULER

    def _variance(self):
        return self.scale.square() * (math.pi ** 2 / 6)

    def _entropy(self):
        return self.scale.log() + 1 + self._EULER

    def _log_prob(self, value):
        z = (value - self.loc) / self.scale
        return -(z + (-z).exp()) - self.scale.log()

    def _cdf(self, value):
        return (-(-(value - self.loc) / self.scale).exp()).exp()

    def _icdf(self, value):
        return self.loc - self.scale * (-value.log()).log()

    def _rsample(self, shape):
        u = self._draw_uniform(shape)
        return self.loc - self.scale * (-u.log()).log()


class Cauchy(_LocScale):
    r"""The Cauchy distribution: :math:`p(x) = 1 / (\pi scale (1 + ((x - loc) / scale)^2))`.
    It has no mean or variance (ValueError).

    Args:
        loc (float|Tensor): The location (median).
        scale (float|Tensor): The scale, > 0 (ValueError otherwise).
        name (str, optional): Not read. Default None.

    Example:
        >>> dist = paddle.distribution.Cauchy(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
        >>> dist.cdf(paddle.to_tensor([1.0])).numpy()
        array([0.75], dtype=float32)
    """

    def __init__(self, loc, scale, name=None):
        super().__init__(loc, scale)

    def _mean(self):
        raise ValueError("Cauchy distribution has no mean.")

    def _variance(self):
        raise ValueError("Cauchy distribution has no variance.")

    def _entropy(self):
        return (4 * math.pi * self.scale).log()

    def _log_prob(self, value):
        z = (value - self.loc) / self.scale
        return -math.log(math.pi) - self.scale.log() - z.square().log1p()

    def _cdf(self, value):
        return _paddle().atan((value - self.loc) / self.scale) / math.pi + 0.5

    def _icdf(self, value):
        return self.loc + self.scale * _paddle().tan(math.pi * (value - 0.5))

    def _rsample(self, shape):
        u = _paddle().rand(list(self._extend_shape(shape)), dtype=self.dtype)
        return self.loc + self.scale * _paddle().tan(math.pi * (u - 0.5))
