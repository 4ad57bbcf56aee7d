"""PaddlePaddle's typed tensor constructors (``paddle.FloatTensor``, ``paddle.LongTensor``,
...): classes whose call makes a ``paddle.Tensor`` of one dtype, as in 3.3.1."""
import numbers

import numpy as np

from ._helpers import Tensor
from .creation import empty, to_tensor
from .manipulation import cast

__all__ = ["FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "ByteTensor",
           "CharTensor", "ShortTensor", "IntTensor", "LongTensor", "BoolTensor"]


def _make(name, dtype):
    def __new__(cls, *args, **kwargs):
        if kwargs:
            raise TypeError(f"[{name}] takes no keyword arguments, got {sorted(kwargs)}")
        if all(isinstance(a, numbers.Integral) and not isinstance(a, bool) for a in args):
            # made as float32 and cast: fill_constant makes no 16-bit floats
            return cast(empty([int(a) for a in args] if args else [0], dtype="float32"), dtype)
        if len(args) == 1 and isinstance(args[0], Tensor):
            return cast(args[0], dtype)
        if len(args) == 1 and isinstance(args[0], (list, tuple, np.ndarray)):
            if dtype == "bfloat16":  # (numpy has no bfloat16: converted through float32)
                return cast(to_tensor(args[0], dtype="float32"), dtype)
            return to_tensor(args[0], dtype=dtype)
        raise TypeError(f"[{name}] expected sizes (ints), data (a list, tuple or numpy array) "
                        f"or a Tensor, got {', '.join(type(a).__name__ for a in args)}")

    doc = f"""A constructor of {dtype} tensors: calling it makes a ``paddle.Tensor`` of dtype
    {dtype} (the class itself is never the result's type).

    ``{name}()`` is an empty 1-D tensor, ``{name}(2, 3)`` one of shape [2, 3] whose values
    are unspecified (as ``paddle.empty``), ``{name}(data)`` the data (a list, tuple or
    numpy array) converted, and ``{name}(tensor)`` the tensor cast.

    Args:
        *args (int|list|tuple|numpy.ndarray|Tensor): the sizes, or the data.

    Example:
        >>> paddle.{name}([1, 0]).dtype
        paddle.{dtype}
        >>> paddle.{name}(2, 3).shape
        paddle.Size([2, 3])
    """
    return type(name, (), {"__new__": __new__, "__doc__": doc, "__module__": __name__})


FloatTensor = _make("FloatTensor", "float32")
DoubleTensor = _make("DoubleTensor", "float64")
HalfTensor = _make("HalfTensor", "float16")
BFloat16Tensor = _make("BFloat16Tensor", "bfloat16")
ByteTensor = _make("ByteTensor", "uint8")
CharTensor = _make("CharTensor", "int8")
ShortTensor = _make("ShortTensor", "int16")
IntTensor = _make("IntTensor", "int32")
LongTensor = _make("LongTensor", "int64")
BoolTensor = _make("BoolTensor", "bool")
