"""Assign: the values of a numpy array, a list or a Tensor."""
import numpy as np

from ... import _core
from .initializer import Initializer

__all__ = []  # the public names live in paddle.nn.initializer, as in PaddlePaddle

Tensor = _core.Tensor


class Assign(Initializer):
    """Sets the parameter to ``value`` (its shape must match).

    Args:
        value (numpy.ndarray|list|tuple|Tensor|int|float): The values, of the parameter's
            shape or with as many elements; cast to the parameter's dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Assign: The initializer, for a ``ParamAttr`` or ``default_initializer``.

    Example:
        >>> linear = paddle.nn.Linear(2, 1, weight_attr=paddle.nn.initializer.Assign([[1.0], [2.0]]))
        >>> linear.weight.numpy()
        array([[1.],
               [2.]], dtype=float32)
    """

    def __init__(self, value, name=None):
        if isinstance(value, Tensor):
            value = value.numpy()
        elif not isinstance(value, (np.ndarray, list, tuple, int, float)):
            raise TypeError("[Assign] value must be a numpy.ndarray, list, tuple or Tensor, got "
                            f"{type(value).__name__}")
        self._value = np.array(value)

    def _values(self, shape, dtype):
        from ...framework.dtypes import to_numpy_dtype

        if list(self._value.shape) != list(shape) and self._value.size != int(np.prod(shape)):
            raise ValueError(f"[Assign] the value's shape {list(self._value.shape)} does not "
                             f"match the parameter's shape {shape}")
        return Tensor._from_numpy(self._value.reshape(shape).astype(to_numpy_dtype(dtype)))
