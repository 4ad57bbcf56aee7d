"""Uniform: values drawn from [low, high)."""
from ...tensor._helpers import op
from .initializer import Initializer, _float_dtype, _number

__all__ = []  # the public names live in paddle.nn.initializer, as in PaddlePaddle

_uniform = op("uniform_random", [], ["shape", "dtype", "min", "max", "seed"])


def uniform_values(shape, dtype, low, high, who):
    return _uniform(shape, _float_dtype(dtype, who).code, low, high, 0)


class Uniform(Initializer):
    """Values drawn uniformly from [low, high).

    Args:
        low (float, optional): The lower bound, included. Default -1.0.
        high (float, optional): The upper bound, excluded; not less than ``low``. Default 1.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Uniform: The initializer (floating-point parameters only).

    Example:
        >>> w = paddle.create_parameter(
        ...     [10], "float32", default_initializer=paddle.nn.initializer.Uniform(-0.5, 0.5))
        >>> bool((w.abs() <= 0.5).all())
        True
    """

    def __init__(self, low=-1.0, high=1.0, name=None):
        self._low = _number(low, "low", "Uniform")
        self._high = _number(high, "high", "Uniform")
        if self._low > self._high:
            raise ValueError(f"[Uniform] low ({low}) must not exceed high ({high})")

    def _values(self, shape, dtype):
        return uniform_values(shape, dtype, self._low, self._high, "Uniform")
