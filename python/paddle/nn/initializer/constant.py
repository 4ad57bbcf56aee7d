"""Constant: every element one value."""
from ...tensor.creation import full
from .initializer import Initializer, _number

__all__ = []  # the public names live in paddle.nn.initializer, as in PaddlePaddle


class Constant(Initializer):
    """Sets every element to ``value``.

    Args:
        value (int|float, optional): The number every element gets. Default 0.0.

    Returns:
        Constant: The initializer, for a ``ParamAttr`` or ``default_initializer``.

    Example:
        >>> linear = paddle.nn.Linear(2, 2, weight_attr=paddle.nn.initializer.Constant(2.0))
        >>> linear.weight.numpy()
        array([[2., 2.],
               [2., 2.]], dtype=float32)
    """

    def __init__(self, value=0.0):
        self._value = _number(value, "value", "Constant")

    def _values(self, shape, dtype):
        return full(shape, self._value, dtype)
