"""KaimingUniform and KaimingNormal (He): a spread set by the fan and the
nonlinearity's gain."""
import math

from .initializer import Initializer, _float_dtype, _number, calculate_gain
from .normal import _gaussian
from .uniform import uniform_values

__all__ = []  # the public names live in paddle.nn.initializer, as in PaddlePaddle


class _Kaiming(Initializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu", mode="fan_in"):
        who = type(self).__name__
        if mode not in ("fan_in", "fan_out"):
            raise ValueError(f"The mode of KaimingNormal/KaimingUniform should be 'fan_in' or "
                             f"'fan_out', but received {mode!r}")
        if mode == "fan_out" and fan_in is not None:
            raise ValueError("The mode of KaimingNormal/KaimingUniform is 'fan_out', but fan_in "
                             "is set. Please set fan_in to None.")
        self._fan_in = None if fan_in is None else _number(fan_in, "fan_in", who)
        self._negative_slope = _number(negative_slope, "negative_slope", who)
        self._gain = calculate_gain(nonlinearity, self._negative_slope)
        self._mode = mode

    def _fan(self, shape):
        f_in, f_out = self._compute_fans(shape)
        fan = f_out if self._mode == "fan_out" else (
            f_in if self._fan_in is None else self._fan_in)
        if fan <= 0:
            raise ValueError(f"[{type(self).__name__}] the fan must be positive, got {fan}")
        return float(fan)


class KaimingUniform(_Kaiming):
    """Values drawn uniformly from [-limit, limit], limit = gain * sqrt(3 / fan).

    Example:
        >>> linear = paddle.nn.Linear(6, 3, weight_attr=paddle.nn.initializer.KaimingUniform())
        >>> bool((linear.weight.abs() <= 1.0).all())
        True
    """

    def _values(self, shape, dtype):
        limit = self._gain * math.sqrt(3.0 / self._fan(shape))
        return uniform_values(shape, dtype, -limit, limit, "KaimingUniform")


class KaimingNormal(_Kaiming):
    """Values drawn from N(0, std²), std = gain / sqrt(fan).

    Example:
        >>> linear = paddle.nn.Linear(4, 3, weight_attr=paddle.nn.initializer.KaimingNormal())
        >>> linear.weight.shape
        paddle.Size([4, 3])
    """

    def _values(self, shape, dtype):
        std = self._gain / math.sqrt(self._fan(shape))
        return _gaussian(shape, 0.0, std, 0, _float_dtype(dtype, "KaimingNormal").code)
