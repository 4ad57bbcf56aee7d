"""Normal and TruncatedNormal: values from a (truncated) Gaussian, drawn with
the seeded random ops so paddle.seed repeats them."""
from ...tensor._helpers import op
from .initializer import Initializer, _float_dtype, _number

__all__ = []  # the public names live in paddle.nn.initializer, as in PaddlePaddle

_gaussian = op("gaussian_random", [], ["shape", "mean", "std", "seed", "dtype"])
_truncated = op("truncated_gaussian_random", [], ["shape", "mean", "std", "seed", "a", "b", "dtype"])


class Normal(Initializer):
    """Values drawn from N(mean, std²).

    Args:
        mean (float, optional): The distribution's mean. Default 0.0.
        std (float, optional): Its standard deviation, not negative. Default 1.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Normal: The initializer (floating-point parameters only).

    Example:
        >>> _ = paddle.seed(1)
        >>> w = paddle.create_parameter([100], "float32",
        ...                             default_initializer=paddle.nn.initializer.Normal(0.0, 2.0))
        >>> abs(float(w.numpy().std()) - 2.0) < 0.5
        True
    """

    def __init__(self, mean=0.0, std=1.0, name=None):
        self._mean = _number(mean, "mean", "Normal")
        self._std = _number(std, "std", "Normal")
        if self._std < 0:
            raise ValueError(f"[Normal] std must not be negative, got {std}")

    def _values(self, shape, dtype):
        return _gaussian(shape, self._mean, self._std, 0, _float_dtype(dtype, "Normal").code)


class TruncatedNormal(Initializer):
    """Values drawn from N(mean, std²), redrawn until they lie in [a, b].

    Args:
        mean (float, optional): The distribution's mean. Default 0.0.
        std (float, optional): Its standard deviation, positive. Default 1.0.
        a (float, optional): The lowest value kept. Default -2.0.
        b (float, optional): The highest value kept, greater than ``a``. Default 2.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        TruncatedNormal: The initializer (floating-point parameters only).

    Example:
        >>> w = paddle.create_parameter(
        ...     [100], "float32", default_initializer=paddle.nn.initializer.TruncatedNormal(0.0, 1.0))
        >>> bool((w.abs() <= 2.0).all())
        True
    """

    def __init__(self, mean=0.0, std=1.0, a=-2.0, b=2.0, name=None):
        self._mean = _number(mean, "mean", "TruncatedNormal")
        self._std = _number(std, "std", "TruncatedNormal")
        self._a = _number(a, "a", "TruncatedNormal")
        self._b = _number(b, "b", "TruncatedNormal")
        if self._std <= 0:
            raise ValueError(f"[TruncatedNormal] std must be positive, got {std}")
        if self._a >= self._b:
            raise ValueError(f"[TruncatedNormal] a ({a}) must be less than b ({b})")

    def _values(self, shape, dtype):
        return _truncated(shape, self._mean, self._std, 0, self._a, self._b,
                          _float_dtype(dtype, "TruncatedNormal").code)
