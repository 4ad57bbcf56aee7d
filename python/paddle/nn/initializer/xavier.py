"""XavierUniform and XavierNormal (Glorot): a spread set by fan_in + fan_out."""
import math

from .initializer import Initializer, _float_dtype, _number
from .normal import _gaussian
from .uniform import uniform_values

__all__ = []  # the public names live in paddle.nn.initializer, as in PaddlePaddle


class _Xavier(Initializer):
    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        who = type(self).__name__
        self._fan_in = None if fan_in is None else _number(fan_in, "fan_in", who)
        self._fan_out = None if fan_out is None else _number(fan_out, "fan_out", who)
        self._gain = _number(gain, "gain", who)

    def _fans(self, shape):
        f_in, f_out = self._compute_fans(shape)
        f_in = f_in if self._fan_in is None else self._fan_in
        f_out = f_out if self._fan_out is None else self._fan_out
        if f_in + f_out <= 0:
            raise ValueError(f"[{type(self).__name__}] fan_in + fan_out must be positive, got "
                             f"{f_in} + {f_out}")
        return f_in, f_out


class XavierUniform(_Xavier):
    """Values drawn uniformly from [-limit, limit], limit =
    gain * sqrt(6 / (fan_in + fan_out)). The default for layer weights.

    Example:
        >>> linear = paddle.nn.Linear(2, 3, weight_attr=paddle.nn.initializer.XavierUniform())
        >>> bool((linear.weight.abs() <= (6 / 5) ** 0.5).all())
        True
    """

    def _values(self, shape, dtype):
        f_in, f_out = self._fans(shape)
        limit = self._gain * math.sqrt(6.0 / float(f_in + f_out))
        return uniform_values(shape, dtype, -limit, limit, "XavierUniform")


class XavierNormal(_Xavier):
    """Values drawn from N(0, std²), std = gain * sqrt(2 / (fan_in + fan_out)).

    Example:
        >>> linear = paddle.nn.Linear(2, 3, weight_attr=paddle.nn.initializer.XavierNormal())
        >>> linear.weight.shape
        paddle.Size([2, 3])
    """

    def _values(self, shape, dtype):
        f_in, f_out = self._fans(shape)
        std = self._gain * math.sqrt(2.0 / float(f_in + f_out))
        return _gaussian(shape, 0.0, std, 0, _float_dtype(dtype, "XavierNormal").code)
