"""The discrete distributions: Bernoulli, Categorical, Geometric, Poisson,
Binomial, Multinomial. Bernoulli and Geometric sample with the random ops
PaddlePaddle 3.3.1 uses (the same numbers under paddle.seed); the others draw
from paddle.multinomial or by inverting the CDF over uniform draws."""
import math

import numpy as np

from .distribution import Distribution, as_param, broadcast, check_values, sample_shape

__all__ = []

_TINY = float(np.finfo("float32").tiny)


def _paddle():
    import paddle
    return paddle


def _probs(probs, cls, name="probs"):
    p = as_param(probs, name, cls)
    check_values(p, (p >= 0) & (p <= 1), name, cls, "in [0, 1]")
    return p


def _xlogy(x, y):
    """x * log(y), 0 where x is 0."""
    return _paddle().where(x == 0, _paddle().zeros_like(y), x * y.log())


class Bernoulli(Distribution):
    r"""The Bernoulli distribution: 1 with probability ``probs``, 0 otherwise.

    Args:
        probs (float|Tensor): The probability of 1, in [0, 1] (ValueError otherwise).
        name (str, optional): Not read. Default None.

    Example:
        >>> dist = paddle.distribution.Bernoulli(paddle.to_tensor([0.25]))
        >>> dist.mean.numpy(), dist.prob(paddle.to_tensor([1.0])).numpy()
        (array([0.25], dtype=float32), array([0.25], dtype=float32))
    """

    def __init__(self, probs, name=None):
        self.probs = _probs(probs, "Bernoulli")
        self.logits = self.probs.log() - (-self.probs).log1p()
        self.dtype = self.probs.dtype
        super().__init__(self.probs.shape)

    def _mean(self):
        return self.probs.clone()

    def _variance(self):
        return self.probs * (1 - self.probs)

    def _entropy(self):
        return -(_xlogy(self.probs, self.probs) + _xlogy(1 - self.probs, 1 - self.probs))

    def _log_prob(self, value):
        return _xlogy(value, self.probs) + _xlogy(1 - value, 1 - self.probs)

    def _cdf(self, value):
        paddle = _paddle()
        below = paddle.zeros_like(value + self.probs)
        return paddle.where(value < 0, below,
                            paddle.where(value < 1, below + 1 - self.probs, below + 1))

    def _sample(self, shape):
        return _paddle().bernoulli(self.probs.expand(list(self._extend_shape(shape))))

    def rsample(self, shape=(), temperature=1.0):
        """Draws relaxed (Gumbel-softmax) samples, differentiable in ``probs``: the logistic
        noise ``log(u) - log(1 - u)`` plus ``logits``, divided by ``temperature`` (as in
        PaddlePaddle, not squashed by a sigmoid).

        Args:
            shape (Sequence[int], optional): The sample shape. Default ().
            temperature (float, optional): The relaxation temperature, > 0. Default 1.0.

        Returns:
            Tensor: The relaxed samples, of shape ``shape + batch_shape``.
        """
        if isinstance(temperature, bool) or not isinstance(temperature, (int, float)) \
                or temperature <= 0:
            raise ValueError(f"[Bernoulli] temperature must be a positive float, got "
                             f"{temperature!r}")
        u = _paddle().rand(list(self._extend_shape(sample_shape(shape, "Bernoulli"))),
                           dtype=self.dtype)
        return (u.log() - (-u).log1p() + self.logits) / temperature


class Categorical(Distribution):
    r"""The categorical distribution over the last axis of ``logits``. As in PaddlePaddle,
    ``probs``/``prob``/``log_prob`` read ``logits`` as unnormalized probabilities
    (``logits / sum(logits)``) while ``sample``, ``entropy`` and ``kl_divergence`` use
    ``softmax(logits)``.

    Args:
        logits (list|numpy.ndarray|Tensor): Weights of the categories on the last axis.
        name (str, optional): Not read. Default None.

    Example:
        >>> dist = paddle.distribution.Categorical(paddle.to_tensor([1.0, 1.0, 2.0]))
        >>> dist.probs(paddle.to_tensor([2])).numpy()
        array([0.5], dtype=float32)
    """

    def __init__(self, logits, name=None):
        self.logits = as_param(logits, "logits", "Categorical")
        if self.logits.ndim == 0:
            raise ValueError("[Categorical] logits must have at least one axis, got a 0-D tensor")
        self._prob = self.logits / self.logits.sum(axis=-1, keepdim=True)
        self.dtype = self.logits.dtype
        super().__init__(self.logits.shape[:-1])

    def _value(self, value):
        if not isinstance(value, _paddle().Tensor):
            value = _paddle().to_tensor(np.asarray(value, dtype="int64"))
        return value.astype("int64") if value.dtype != _paddle().int64 else value

    def _softmax(self):
        return _paddle().nn.functional.softmax(self.logits, axis=-1)

    def _mean(self):
        self._missing("mean")

    def _entropy(self):
        log_p = _paddle().nn.functional.log_softmax(self.logits, axis=-1)
        return -(log_p.exp() * log_p).sum(axis=-1)

    def probs(self, value):
        """The probability of each category index in ``value``.

        Args:
            value (Tensor): Category indices (int). With a batch of distributions, a 1-D
                ``value`` is taken against every distribution (the result has the batch shape
                plus ``value``'s length), as in PaddlePaddle.

        Returns:
            Tensor: The probabilities.
        """
        paddle = _paddle()
        value = self._value(value)
        if self._prob.ndim == 1:
            return paddle.gather(self._prob, value.reshape([-1])).reshape(value.shape)
        if value.ndim == 1:
            index = value.reshape([1] * (self._prob.ndim - 1) + [-1])
            return paddle.take_along_axis(self._prob, index, axis=-1)
        return paddle.take_along_axis(self._prob, value, axis=-1)

    def prob(self, value):
        """The probability of each category index in ``value`` (``probs``).

        Args:
            value (Tensor): Category indices (int).

        Returns:
            Tensor: The probabilities.
        """
        return self.probs(value)

    def _log_prob(self, value):
        return self.probs(value).log()

    def _sample(self, shape):
        paddle = _paddle()
        n = int(np.prod(shape)) if shape else 1
        flat = self._softmax().reshape([-1, self.logits.shape[-1]])
        index = paddle.multinomial(flat, n, replacement=True)  # [batch, n]
        return index.transpose([1, 0]).reshape(list(shape) + list(self.batch_shape))


class Geometric(Distribution):
    r"""The geometric distribution: the number of failures before the first success,
    :math:`P(X = k) = (1 - probs)^k probs`, k = 0, 1, ...

    Args:
        probs (float|Tensor): The probability of success, in (0, 1] (ValueError otherwise).

    Example:
        >>> dist = paddle.distribution.Geometric(paddle.to_tensor([0.5]))
        >>> dist.mean.numpy(), dist.pmf(paddle.to_tensor([1.0])).numpy()
        (array([1.], dtype=float32), array([0.25], dtype=float32))
    """

    def __init__(self, probs):
        self.probs = as_param(probs, "probs", "Geometric")
        check_values(self.probs, (self.probs > 0) & (self.probs <= 1), "probs", "Geometric",
                     "in (0, 1]")
        self.dtype = self.probs.dtype
        super().__init__(self.probs.shape)

    def _mean(self):
        return 1.0 / self.probs - 1.0

    def _variance(self):
        return (1.0 / self.probs - 1.0) / self.probs

    def _entropy(self):
        p = self.probs
        return -(_xlogy(p, p) + _xlogy(1 - p, 1 - p)) / p

    def _log_prob(self, value):
        return _xlogy(value, 1 - self.probs) + self.probs.log()

    def pmf(self, k):
        """The probability mass at ``k`` failures.

        Args:
            k (Tensor): Counts of failures (non-negative whole numbers).

        Returns:
            Tensor: P(X = k).
        """
        return self.log_prob(k).exp()

    def log_pmf(self, k):
        """The log of the probability mass at ``k`` failures.

        Args:
            k (Tensor): Counts of failures (non-negative whole numbers).

        Returns:
            Tensor: log P(X = k).
        """
        return self.log_prob(k)

    def _cdf(self, value):
        return 1.0 - (1.0 - self.probs) ** (value + 1)

    def _rsample(self, shape):
        u = _paddle().uniform(list(self._extend_shape(shape)), dtype=self.dtype, min=_TINY, max=1.0)
        return (u.log() / (-self.probs).log1p()).floor()


def _count_by_inverse_cdf(u, log_pmf, limit):
    """The smallest k with CDF(k) >= u, for each u, k in [0, limit]; log_pmf(k) gives the
    log-masses of k (a Tensor broadcast with u)."""
    paddle = _paddle()
    k = paddle.zeros_like(u)
    cdf = log_pmf(k).exp()
    for step in range(1, int(limit) + 1):
        below = u > cdf
        if not bool(below.any()):
            break
        kk = paddle.full_like(u, float(step))
        k = paddle.where(below, kk, k)
        cdf = cdf + log_pmf(kk).exp()
    return k


class Poisson(Distribution):
    r"""The Poisson distribution: :math:`P(X = k) = rate^k e^{-rate} / k!`.

    Args:
        rate (float|Tensor): The rate, > 0 (ValueError otherwise).

    Example:
        >>> dist = paddle.distribution.Poisson(paddle.to_tensor([2.0]))
        >>> dist.prob(paddle.to_tensor([0.0])).numpy().round(4)
        array([0.1353], dtype=float32)
    """

    def __init__(self, rate):
        self.rate = as_param(rate, "rate", "Poisson")
        check_values(self.rate, self.rate > 0, "rate", "Poisson", "positive")
        self.dtype = self.rate.dtype
        super().__init__(self.rate.shape)

    def _mean(self):
        return self.rate.clone()

    def _variance(self):
        return self.rate.clone()

    def _support_limit(self):
        top = float(self.rate.max())
        return int(top + 30 * np.sqrt(top) + 30)

    def _log_prob(self, value):
        return _xlogy(value, self.rate) - self.rate - (value + 1).lgamma()

    def _entropy(self):
        paddle = _paddle()
        k = paddle.arange(0, self._support_limit() + 1, dtype=self.dtype)
        k = k.reshape([-1] + [1] * self.rate.ndim)
        log_p = self._log_prob(k)
        return -(log_p.exp() * log_p).sum(axis=0)

    def _sample(self, shape):
        u = _paddle().rand(list(self._extend_shape(shape)), dtype=self.dtype)
        return _count_by_inverse_cdf(u, self._log_prob, self._support_limit())


class Binomial(Distribution):
    r"""The binomial distribution: successes in ``total_count`` trials of probability
    ``probs``.

    Args:
        total_count (int|Tensor): The number of trials, >= 0 (ValueError otherwise).
        probs (float|Tensor): The probability of success, in [0, 1].

    Example:
        >>> dist = paddle.distribution.Binomial(4, paddle.to_tensor([0.5]))
        >>> dist.mean.numpy(), dist.prob(paddle.to_tensor([2.0])).numpy()
        (array([2.], dtype=float32), array([0.375], dtype=float32))
    """

    def __init__(self, total_count, probs):
        probs = _probs(probs, "Binomial")
        count = as_param(total_count, "total_count", "Binomial").astype(probs.dtype)
        check_values(count, (count >= 0) & (count == count.floor()), "total_count", "Binomial",
                     "non-negative whole numbers")
        self.total_count, self.probs = broadcast(count, probs)
        self.dtype = self.probs.dtype
        super().__init__(self.probs.shape)

    def _mean(self):
        return self.total_count * self.probs

    def _variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    def _log_prob(self, value):
        n, p = self.total_count, self.probs
        return (n + 1).lgamma() - (value + 1).lgamma() - (n - value + 1).lgamma() \
            + _xlogy(value, p) + _xlogy(n - value, 1 - p)

    def _entropy(self):
        paddle = _paddle()
        top = int(self.total_count.max())
        k = paddle.arange(0, top + 1, dtype=self.dtype).reshape([-1] + [1] * self.probs.ndim)
        log_p = self._log_prob(k)
        inside = k <= self.total_count
        terms = paddle.where(inside, log_p.exp() * log_p, paddle.zeros_like(log_p))
        return -terms.sum(axis=0)

    def _sample(self, shape):
        u = _paddle().rand(list(self._extend_shape(shape)), dtype=self.dtype)
        return _count_by_inverse_cdf(u, self._log_prob, int(self.total_count.max()))


class Multinomial(Distribution):
    r"""The multinomial distribution: the counts of each category in ``total_count`` draws
    from the categorical distribution ``probs`` (normalized over the last axis).

    Args:
        total_count (int): The number of draws, >= 1 (ValueError otherwise).
        probs (Tensor): The probabilities of the categories on the last axis, >= 0.

    Example:
        >>> dist = paddle.distribution.Multinomial(4, paddle.to_tensor([0.25, 0.75]))
        >>> dist.mean.numpy()
        array([1., 3.], dtype=float32)
    """

    def __init__(self, total_count, probs):
        if isinstance(total_count, bool) or not isinstance(total_count, (int, np.integer)) \
                or total_count < 1:
            raise ValueError(f"[Multinomial] total_count must be a positive int, got "
                             f"{total_count!r}")
        probs = as_param(probs, "probs", "Multinomial")
        if probs.ndim == 0:
            raise ValueError("[Multinomial] probs must have at least one axis, got a 0-D tensor")
        check_values(probs, probs >= 0, "probs", "Multinomial", "non-negative")
        self.total_count = int(total_count)
        self.probs = probs / probs.sum(axis=-1, keepdim=True)
        self.dtype = self.probs.dtype
        super().__init__(self.probs.shape[:-1], self.probs.shape[-1:])

    def _mean(self):
        return self.probs * self.total_count

    def _variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    def _log_prob(self, value):
        return math.lgamma(self.total_count + 1) - (value + 1).lgamma().sum(-1) \
            + _xlogy(value, self.probs).sum(-1)

    def _entropy(self):
        # n H(categorical) - log n! + sum_i E[log X_i!], X_i ~ Binomial(n, p_i).
        paddle = _paddle()
        n = self.total_count
        k = paddle.arange(0, n + 1, dtype=self.dtype).reshape([-1] + [1] * self.probs.ndim)
        binomial = Binomial(paddle.full_like(self.probs, float(n)), self.probs)
        expected = (binomial.log_prob(k).exp() * (k + 1).lgamma()).sum(axis=0).sum(-1)
        categorical = -_xlogy(self.probs, self.probs).sum(-1)
        return n * categorical - math.lgamma(n + 1) + expected

    def _sample(self, shape):
        paddle = _paddle()
        m = int(np.prod(shape)) if shape else 1
        k = self.probs.shape[-1]
        flat = self.probs.reshape([-1, k])
        draws = paddle.multinomial(flat, m * self.total_count, replacement=True)
        draws = draws.reshape([flat.shape[0], m, self.total_count])
        counts = paddle.nn.functional.one_hot(draws, k).sum(axis=2).astype(self.dtype)
        return counts.transpose([1, 0, 2]).reshape(list(shape) + list(self.probs.shape))
