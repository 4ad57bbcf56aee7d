"""PaddlePaddle's type promotion for binary ops: two tensors of different
floating (or complex) types meet at the wider one, a float and an integer
tensor are an error; a Python scalar takes the tensor's type, except that a
float scalar turns an integer or bool tensor into the default float type."""
# Plumbing of paddle.Tensor, not API: nothing here is public (the spec and the docs skip it).
__all__ = []
import numbers

import numpy as np

from .. import _core
from ..framework import dtypes as _dtype
from ._helpers import Tensor, op

_cast = op("cast", ["X"], ["in_dtype", "out_dtype"])
_fill = op("fill_constant", [], ["shape", "dtype", "value", "str_value"])

_RANK = {_dtype.float16: 1, _dtype.bfloat16: 1, _dtype.float32: 2, _dtype.float64: 3,
         _dtype.complex64: 4, _dtype.complex128: 5}


def cast(x, d):
    return x if x.dtype == d else _cast(x, x.dtype.code, d.code)


def scalar_tensor(value, d):
    """A 0-D tensor of dtype ``d`` holding ``value``."""
    if _dtype.is_complex(d):
        return Tensor._from_numpy(np.array(value, dtype=_dtype.to_numpy_dtype(d)))
    if isinstance(value, (bool, np.bool_)):
        return _fill([], d.code, float(value), "")
    exact = _dtype.is_integer(d) and float(value).is_integer()
    return _fill([], d.code, float(value), str(int(value)) if exact else "")


def _wider(a, b, fn):
    if a == b:
        return a
    if a in _RANK and b in _RANK:
        if {a, b} == {_dtype.float16, _dtype.bfloat16}:
            return _dtype.float32
        if _dtype.is_complex(a) or _dtype.is_complex(b):
            wide = max(_RANK[a], _RANK[b])
            return _dtype.complex128 if wide == 5 or _dtype.float64 in (a, b) else _dtype.complex64
        return a if _RANK[a] > _RANK[b] else b
    raise TypeError(f"[{fn}] Type promotion only supports calculations between floating-point "
                    f"numbers and between complex and real numbers, but got different data types "
                    f"x: {a.name}, y: {b.name}")


def scalar_dtype(t, value):
    """The dtype of ``t <op> value`` for a Python scalar ``value``."""
    if isinstance(value, (bool, np.bool_)):
        return t.dtype
    if isinstance(value, complex):
        return _dtype.complex128 if t.dtype == _dtype.float64 else (
            t.dtype if _dtype.is_complex(t.dtype) else _dtype.complex64)
    if isinstance(value, (numbers.Integral, np.integer)):
        return _dtype.int64 if t.dtype == _dtype.bool else t.dtype
    if _dtype.is_floating_point(t.dtype) or _dtype.is_complex(t.dtype):
        return t.dtype
    return _dtype.default_float_dtype()


def is_scalar(v):
    return isinstance(v, (numbers.Number, np.number, np.bool_))


def operands(x, y, fn):
    """x and y as tensors of one dtype (the promoted one)."""
    if isinstance(x, Tensor) and isinstance(y, Tensor):
        d = _wider(x.dtype, y.dtype, fn)
        return cast(x, d), cast(y, d)
    if isinstance(x, Tensor) and is_scalar(y):
        d = scalar_dtype(x, y)
        return cast(x, d), scalar_tensor(y, d)
    if isinstance(y, Tensor) and is_scalar(x):
        d = scalar_dtype(y, x)
        return scalar_tensor(x, d), cast(y, d)
    if isinstance(x, Tensor) and isinstance(y, (np.ndarray, list, tuple)):
        return operands(x, _as_tensor(y, x), fn)
    if isinstance(y, Tensor) and isinstance(x, (np.ndarray, list, tuple)):
        return operands(_as_tensor(x, y), y, fn)
    raise TypeError(f"[{fn}] expects Tensors (or a Tensor and a number), got "
                    f"{type(x).__name__} and {type(y).__name__}")


def _as_tensor(data, like):
    from .creation import to_tensor
    return to_tensor(data, dtype=None if isinstance(data, np.ndarray) else like.dtype)


def binary_fallback(name, x, y):
    """The operands the C fast path (core/pybind/eager_math.cc) leaves to
    Python: numpy arrays, lists, complex numbers, ints beyond 64 bits."""
    if not (isinstance(x, (Tensor, np.ndarray, list, tuple)) or is_scalar(x)) or \
            not (isinstance(y, (Tensor, np.ndarray, list, tuple)) or is_scalar(y)):
        return NotImplemented
    a, b = operands(x, y, name)
    if name == "matmul" and _dtype.is_complex(a.dtype):  # four real products (math.matmul)
        from .math import matmul
        return matmul(a, b)
    return getattr(_core, "_" + name)(a, b)


_core._set_binary_fallback(binary_fallback)
