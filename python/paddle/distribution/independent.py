"""Independent: reinterprets the rightmost batch axes of a distribution as
event axes (their log-densities and entropies are summed)."""
from .distribution import Distribution

__all__ = []


class Independent(Distribution):
    r"""Treats the rightmost ``reinterpreted_batch_rank`` batch axes of ``base`` as event axes:
    log_prob and entropy sum over them.

    Args:
        base (Distribution): The distribution.
        reinterpreted_batch_rank (int): How many batch axes become event axes, in
            [1, len(base.batch_shape)] (ValueError otherwise).

    Example:
        >>> base = paddle.distribution.Normal(paddle.zeros([2, 3]), paddle.ones([2, 3]))
        >>> dist = paddle.distribution.Independent(base, 1)
        >>> dist.batch_shape, dist.event_shape
        ((2,), (3,))
    """

    def __init__(self, base, reinterpreted_batch_rank):
        if not isinstance(base, Distribution):
            raise TypeError(f"[Independent] base must be a Distribution, got {type(base).__name__}")
        rank = reinterpreted_batch_rank
        if isinstance(rank, bool) or not isinstance(rank, int) or \
                not 0 < rank <= len(base.batch_shape):
            raise ValueError(f"[Independent] reinterpreted_batch_rank must be in [1, "
                             f"{len(base.batch_shape)}], got {rank!r}")
        self._base = base
        self._reinterpreted_batch_rank = rank
        self.dtype = getattr(base, "dtype", None)
        split = len(base.batch_shape) - rank
        super().__init__(base.batch_shape[:split], base.batch_shape[split:] + base.event_shape)

    def _sum_rightmost(self, value):
        axes = list(range(-self._reinterpreted_batch_rank, 0))
        return value.sum(axis=axes)

    def _value(self, value):
        return self._base._value(value)

    def _mean(self):
        return self._base.mean

    def _variance(self):
        return self._base.variance

    def _log_prob(self, value):
        return self._sum_rightmost(self._base.log_prob(value))

    def _entropy(self):
        return self._sum_rightmost(self._base.entropy())

    def _sample(self, shape):
        return self._base.sample(shape)

    def _rsample(self, shape):
        return self._base.rsample(shape)
