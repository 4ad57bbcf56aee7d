"""TransformedDistribution: the distribution of f(X) for X ~ base and f a
chain of transforms (change of variables)."""
from .distribution import Distribution
from .transform import ChainTransform, Transform

__all__ = []


class TransformedDistribution(Distribution):
    r"""The distribution of ``f(X)``, X ~ ``base``, f the chain of ``transforms``:
    :math:`\log p(y) = \log p_X(f^{-1}(y)) - \log |\det J_f(f^{-1}(y))|`.

    Args:
        base (Distribution): The distribution of X.
        transforms (Sequence[Transform]): The transforms, in the order they apply.

    Example:
        >>> base = paddle.distribution.Normal(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
        >>> dist = paddle.distribution.TransformedDistribution(
        ...     base, [paddle.distribution.ExpTransform()])
        >>> dist.log_prob(paddle.to_tensor([1.0])).numpy().round(4)
        array([-0.9189], dtype=float32)
    """

    def __init__(self, base, transforms):
        if not isinstance(base, Distribution):
            raise TypeError(f"[TransformedDistribution] base must be a Distribution, got "
                            f"{type(base).__name__}")
        if not isinstance(transforms, (list, tuple)) or \
                not all(isinstance(t, Transform) for t in transforms):
            raise TypeError("[TransformedDistribution] transforms must be a list or tuple of "
                            "Transforms")
        self._base = base
        self.transforms = list(transforms)
        self._chain = ChainTransform(self.transforms)
        self.dtype = getattr(base, "dtype", None)
        shape = self._chain.forward_shape(tuple(base.batch_shape) + tuple(base.event_shape))
        event_rank = max(len(base.event_shape), self._chain._event_rank)
        super().__init__(shape[:len(shape) - event_rank], shape[len(shape) - event_rank:])

    def _value(self, value):
        return self._base._value(value)

    def _sample(self, shape):
        return self._chain.forward(self._base.sample(shape))

    def _rsample(self, shape):
        return self._chain.forward(self._base.rsample(shape))

    def _log_prob(self, value):
        log_prob = 0.0
        y = value
        event_rank = len(self.event_shape)
        for t in reversed(self.transforms):
            x = t.inverse(y)
            ldj = t.forward_log_det_jacobian(x)
            extra = event_rank - t._event_rank
            log_prob = log_prob - (ldj.sum(axis=list(range(-extra, 0))) if extra > 0 else ldj)
            y = x
        base = self._base.log_prob(y)
        extra = event_rank - len(self._base.event_shape)
        return log_prob + (base.sum(axis=list(range(-extra, 0))) if extra > 0 else base)
