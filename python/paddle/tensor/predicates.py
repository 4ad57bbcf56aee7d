"""Questions about tensors and dtypes: ``is_tensor``, ``is_complex``,
``is_floating_point``, ``is_integer``, ``is_empty``, and the limits of
floating-point and integer dtypes (``finfo``, ``iinfo``, with PaddlePaddle's
attribute names)."""
import math as _pymath

import numpy as np

from ..framework import dtypes as _dtype
from . import creation
from ._helpers import Tensor

__all__ = ["finfo", "iinfo", "is_complex", "is_empty", "is_floating_point", "is_integer",
           "is_tensor"]


def is_tensor(x):
    """Whether x is a paddle.Tensor.

    Args:
        x (object): Any object.

    Returns:
        bool: True when x is a paddle.Tensor.

    Example:
        >>> paddle.is_tensor(paddle.ones([1])), paddle.is_tensor([1.0])
        (True, False)
    """
    return isinstance(x, Tensor)


def _tensor_arg(x):
    if not isinstance(x, Tensor):
        raise TypeError(f"Expected Tensor, but received type of x: {type(x)}")
    return x


def is_complex(x):
    """Whether x's dtype is complex64 or complex128.

    Args:
        x (Tensor): The tensor whose dtype is tested (TypeError for anything else).

    Returns:
        bool: True for complex64 and complex128.

    Example:
        >>> paddle.is_complex(paddle.ones([1]))
        False
    """
    return _dtype.is_complex(_tensor_arg(x).dtype)


def is_floating_point(x):
    """Whether x's dtype is a floating-point one (float16, bfloat16, float32, float64).

    Args:
        x (Tensor): The tensor whose dtype is tested (TypeError for anything else).

    Returns:
        bool: True for float16, bfloat16, float32 and float64.

    Example:
        >>> paddle.is_floating_point(paddle.ones([1]))
        True
    """
    return _dtype.is_floating_point(_tensor_arg(x).dtype)


def is_integer(x):
    """Whether x's dtype is an integer one (uint8, int8, int16, int32, int64; not bool).

    Args:
        x (Tensor): The tensor whose dtype is tested (TypeError for anything else).

    Returns:
        bool: True for uint8, int8, int16, int32 and int64.

    Example:
        >>> paddle.is_integer(paddle.to_tensor([1]))
        True
    """
    return _dtype.is_integer(_tensor_arg(x).dtype)


def is_empty(x, name=None):
    """Whether x holds no elements, as a 0-D bool tensor.

    Args:
        x (Tensor): The tensor tested (ValueError for anything else).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D bool tensor, True when some dim of x is 0.

    Example:
        >>> paddle.is_empty(paddle.ones([0, 2])).item()
        True
    """
    if not isinstance(x, Tensor):
        raise ValueError(f"[is_empty] argument 'x' (position 0) must be Tensor, "
                         f"but got {type(x).__name__}")
    return creation.to_tensor(bool(np.prod(x.shape) == 0))


# bfloat16 is float32 with a 7-bit mantissa: numpy has no type for it.
_BFLOAT16 = {"bits": 16, "eps": 2.0 ** -7, "max": 3.3895313892515355e+38,
             "tiny": 1.1754943508222875e-38}


class finfo:  # noqa: N801  (PaddlePaddle's name)
    """The limits of a floating-point dtype (a complex dtype gives its real
    part's): bits, eps, min, max, tiny, smallest_normal, resolution, dtype.

    Args:
        dtype (paddle.dtype|str|numpy.dtype): A floating-point or complex dtype: float16,
            bfloat16, float32, float64, complex64 or complex128 (ValueError otherwise).

    Example:
        >>> paddle.finfo(paddle.float16).max
        65504.0
    """

    def __init__(self, dtype):
        try:
            d = _dtype.convert_dtype(dtype)
        except TypeError:
            d = None
        if d is None or not (_dtype.is_floating_point(d) or _dtype.is_complex(d)):
            raise ValueError("The argument of paddle.finfo can only be paddle.float32, "
                             "paddle.float64, paddle.float16, paddle.bfloat16, paddle.complex64 "
                             f"or paddle.complex128, got {dtype!r}")
        if d.name == "bfloat16":
            info = dict(_BFLOAT16)
            self.dtype = "bfloat16"
        else:
            real = np.finfo(np.dtype({"complex64": "float32", "complex128": "float64"}
                                     .get(d.name, d.name)))
            info = {"bits": int(real.bits), "eps": float(real.eps), "max": float(real.max),
                    "tiny": float(real.tiny)}
            self.dtype = real.dtype.name
        self.bits = info["bits"]
        self.eps = info["eps"]
        self.max = info["max"]
        self.min = -info["max"]
        self.tiny = self.smallest_normal = info["tiny"]
        self.resolution = 10.0 ** -_pymath.floor(-_pymath.log10(self.eps))

    def __repr__(self):
        return (f"paddle.finfo(min={self.min:g}, max={self.max:g}, eps={self.eps:g}, "
                f"resolution={self.resolution:g}, smallest_normal={self.smallest_normal:g}, "
                f"tiny={self.tiny:g}, bits={self.bits}, dtype={self.dtype})")

    __str__ = __repr__


class iinfo:  # noqa: N801  (PaddlePaddle's name)
    """The limits of an integer dtype: bits, min, max, dtype.

    Args:
        dtype (paddle.dtype|str|numpy.dtype): An integer dtype: uint8, int8, int16, int32 or
            int64 (ValueError otherwise).

    Example:
        >>> paddle.iinfo(paddle.int8)
        paddle.iinfo(min=-128, max=127, bits=8, dtype=int8)
    """

    def __init__(self, dtype):
        try:
            d = _dtype.convert_dtype(dtype)
        except TypeError:
            d = None
        if d is None or not _dtype.is_integer(d):
            raise ValueError("the argument of paddle.iinfo can only be paddle.int8, "
                             f"paddle.int16, paddle.int32, paddle.int64, or paddle.uint8, "
                             f"got {dtype!r}")
        info = np.iinfo(np.dtype(d.name))
        self.bits, self.min, self.max = int(info.bits), int(info.min), int(info.max)
        self.dtype = d.name

    def __repr__(self):
        return (f"paddle.iinfo(min={self.min}, max={self.max}, bits={self.bits}, "
                f"dtype={self.dtype})")

    __str__ = __repr__
