"""Distribution: the base of paddle.distribution's classes. Its public methods
(sample, rsample, log_prob, prob, entropy, cdf, icdf, kl_divergence) and
properties (mean, variance, stddev, batch_shape, event_shape) check their
arguments and call the hooks a subclass defines (_rsample, _sample,
_log_prob, _entropy, _cdf, _icdf, _mean, _variance); a hook a class lacks is
a NotImplementedError naming the class, as in PaddlePaddle."""
import numbers

import numpy as np

from .. import _core
from ..autograd import no_grad

__all__ = []


def _tensor_type():
    return _core.Tensor


def as_param(value, name, cls):
    """A parameter as a float Tensor: a Tensor stays (float64 stays float64, an integer one
    becomes float32); a Python number, list or tuple takes the default dtype (float32); an
    ndarray keeps float64, else becomes float32."""
    import paddle
    if isinstance(value, _tensor_type()):
        return value if value.dtype in (paddle.float32, paddle.float64) else value.astype("float32")
    if isinstance(value, bool) or not isinstance(value, (numbers.Real, list, tuple, np.ndarray)):
        raise TypeError(f"[{cls}] {name} must be a float, list, tuple, numpy.ndarray or Tensor, "
                        f"got {type(value).__name__}")
    array = np.asarray(value)
    if array.dtype.kind not in "biuf":
        raise TypeError(f"[{cls}] {name} must hold real numbers, got dtype {array.dtype}")
    # Python numbers and lists take the default dtype; a float64 ndarray stays float64.
    keep64 = isinstance(value, np.ndarray) and value.dtype == np.float64
    return paddle.to_tensor(array.astype("float64" if keep64 else paddle.get_default_dtype()))


def broadcast(*tensors):
    """The tensors broadcast to one shape (the first's dtype for all)."""
    import paddle
    dtype = tensors[0].dtype
    tensors = [t if t.dtype == dtype else t.astype(dtype) for t in tensors]
    if all(t.shape == tensors[0].shape for t in tensors):
        return list(tensors)
    return paddle.broadcast_tensors(list(tensors))


def check_values(tensor, ok, name, cls, expected):
    """Raises ValueError naming `name` when `ok` (a bool Tensor) is false anywhere."""
    if not bool(ok.all()):
        raise ValueError(f"[{cls}] {name} must be {expected}, got {tensor.numpy().tolist()}")


def sample_shape(shape, cls):
    if isinstance(shape, _tensor_type()):
        shape = shape.numpy().tolist()
    if not isinstance(shape, (list, tuple, np.ndarray)):
        raise TypeError(f"[{cls}] sample shape must be a list or tuple of ints, got "
                        f"{type(shape).__name__}")
    out = []
    for d in shape:
        if isinstance(d, bool) or not isinstance(d, (numbers.Integral, np.integer)) or d < 0:
            raise TypeError(f"[{cls}] sample shape must hold non-negative ints, got {list(shape)}")
        out.append(int(d))
    return tuple(out)


class Distribution:
    """The base of the probability distributions: a batch of independent distributions
    (``batch_shape``), each over events of ``event_shape``.

    Args:
        batch_shape (Sequence[int], optional): The shape of the batch of distributions.
            Default ().
        event_shape (Sequence[int], optional): The shape of one draw. Default ().

    Example:
        >>> dist = paddle.distribution.Normal(paddle.zeros([3]), paddle.ones([3]))
        >>> isinstance(dist, paddle.distribution.Distribution), dist.batch_shape
        (True, (3,))
    """

    def __init__(self, batch_shape=(), event_shape=()):
        self._batch_shape = tuple(int(d) for d in batch_shape)
        self._event_shape = tuple(int(d) for d in event_shape)

    @property
    def batch_shape(self):
        """The shape of the batch of distributions.

        Returns:
            tuple: The batch shape.
        """
        return self._batch_shape

    @property
    def event_shape(self):
        """The shape of one draw.

        Returns:
            tuple: The event shape.
        """
        return self._event_shape

    def _name(self):
        return type(self).__name__

    def _missing(self, what):
        raise NotImplementedError(f"[{self._name()}] has no {what}")

    @property
    def mean(self):
        """The mean of each distribution of the batch.

        Returns:
            Tensor: Of shape ``batch_shape + event_shape``.
        """
        return self._mean()

    @property
    def variance(self):
        """The variance of each distribution of the batch.

        Returns:
            Tensor: Of shape ``batch_shape + event_shape``.
        """
        return self._variance()

    @property
    def stddev(self):
        """The standard deviation: the square root of the variance.

        Returns:
            Tensor: Of shape ``batch_shape + event_shape``.
        """
        return self.variance.sqrt()

    def sample(self, shape=()):
        """Draws samples, without gradients.

        Args:
            shape (Sequence[int], optional): The sample shape, prepended to
                ``batch_shape + event_shape``. Default ().

        Returns:
            Tensor: The samples.
        """
        shape = sample_shape(shape, self._name())
        with no_grad():
            return self._sample(shape)

    def rsample(self, shape=()):
        """Draws reparameterized samples: gradients flow back to the parameters.

        Args:
            shape (Sequence[int], optional): The sample shape, prepended to
                ``batch_shape + event_shape``. Default ().

        Returns:
            Tensor: The samples.
        """
        return self._rsample(sample_shape(shape, self._name()))

    def log_prob(self, value):
        """The log of the probability density (or mass) at ``value``.

        Args:
            value (Tensor): Values broadcastable to ``batch_shape + event_shape``.

        Returns:
            Tensor: The log-densities, of the broadcast batch shape.
        """
        return self._log_prob(self._value(value))

    def prob(self, value):
        """The probability density (or mass) at ``value``: ``exp(log_prob(value))``.

        Args:
            value (Tensor): Values broadcastable to ``batch_shape + event_shape``.

        Returns:
            Tensor: The densities.
        """
        return self.log_prob(value).exp()

    def probs(self, value):
        """The probability density (or mass) at ``value`` (``prob``).

        Args:
            value (Tensor): Values broadcastable to ``batch_shape + event_shape``.

        Returns:
            Tensor: The densities.
        """
        return self.prob(value)

    def entropy(self):
        """The (differential) entropy of each distribution of the batch.

        Returns:
            Tensor: Of shape ``batch_shape``.
        """
        return self._entropy()

    def cdf(self, value):
        """The cumulative distribution function at ``value``.

        Args:
            value (Tensor): Values broadcastable to ``batch_shape``.

        Returns:
            Tensor: P(X <= value).
        """
        return self._cdf(self._value(value))

    def icdf(self, value):
        """The inverse of the cumulative distribution function: the quantile of ``value``.

        Args:
            value (Tensor): Probabilities in [0, 1], broadcastable to ``batch_shape``.

        Returns:
            Tensor: The quantiles.
        """
        return self._icdf(self._value(value))

    def kl_divergence(self, other):
        """The Kullback-Leibler divergence KL(self || other) (``kl_divergence``).

        Args:
            other (Distribution): The other distribution.

        Returns:
            Tensor: Of the batch shape.
        """
        from .kl import kl_divergence
        return kl_divergence(self, other)

    # ---- hooks a subclass defines ----
    def _mean(self):
        self._missing("mean")

    def _variance(self):
        self._missing("variance")

    def _entropy(self):
        self._missing("entropy")

    def _log_prob(self, value):
        self._missing("log_prob")

    def _cdf(self, value):
        self._missing("cdf")

    def _icdf(self, value):
        self._missing("icdf")

    def _rsample(self, shape):
        self._missing("rsample (it has no reparameterized sampling)")

    def _sample(self, shape):
        return self._rsample(shape)

    def _value(self, value):
        """`value` as a Tensor of the parameters' dtype (``self.dtype``)."""
        import paddle
        dtype = getattr(self, "dtype", paddle.float32)
        if not isinstance(value, _tensor_type()):
            return paddle.to_tensor(np.asarray(value), dtype=dtype)
        return value if value.dtype == dtype else value.astype(dtype)

    def _extend_shape(self, sample_shape):
        return tuple(sample_shape) + self._batch_shape + self._event_shape

    def __repr__(self):
        return f"{self._name()}(batch_shape={list(self._batch_shape)}, " \
               f"event_shape={list(self._event_shape)})"
