"""Element types: ``paddle.float32`` and friends are members of ``paddle.dtype``
(one C-level object per C++ DataType, compared by identity); ``convert_dtype`` accepts every spelling users pass."""
# The public names; the helpers below serve paddle's own modules.
__all__ = ["dtype", "bool", "int8", "uint8", "int16", "int32", "int64", "float16", "bfloat16",
           "float32", "float64", "complex64", "complex128", "set_default_dtype",
           "get_default_dtype", "uint16", "uint32", "uint64", "float8_e4m3fn", "float8_e5m2",
           "pstring", "raw"]
import builtins

import numpy as np

from .. import _core

dtype = _core.dtype
bool = dtype.BOOL  # noqa: A001  (PaddlePaddle's name)
int8 = dtype.INT8
uint8 = dtype.UINT8
int16 = dtype.INT16
int32 = dtype.INT32
int64 = dtype.INT64
float16 = dtype.FLOAT16
bfloat16 = dtype.BFLOAT16
float32 = dtype.FLOAT32
float64 = dtype.FLOAT64
complex64 = dtype.COMPLEX64
complex128 = dtype.COMPLEX128
# PaddlePaddle's dtypes that no kernel here takes (dtype.holds_tensors False): named so code
# that mentions them runs; a tensor of one is refused (convert_dtype).
uint16 = dtype.UINT16
uint32 = dtype.UINT32
uint64 = dtype.UINT64
float8_e4m3fn = dtype.FLOAT8_E4M3FN
float8_e5m2 = dtype.FLOAT8_E5M2
pstring = dtype.PSTRING
raw = dtype.RAW

_FLOATING = {float16, bfloat16, float32, float64}
_COMPLEX = {complex64, complex128}
_INTEGER = {int8, uint8, int16, int32, int64}
_ALIASES = {"float": "float32", "double": "float64", "int": "int64", "long": "int64",
            "half": "float16", "bool_": "bool"}
_default = float32


def convert_dtype(value):
    """``value`` (a paddle.dtype, a str such as ``'float32'``, a numpy dtype or
    type) as a ``paddle.dtype``; TypeError for anything else."""
    if isinstance(value, dtype):
        if not value.holds_tensors:
            raise TypeError(f"{value} has no kernels in this build: tensors hold bool, int8, "
                            f"uint8, int16, int32, int64, float16, bfloat16, float32, float64, "
                            f"complex64 or complex128")
        return value
    if isinstance(value, str):
        name = _ALIASES.get(value, value)
        if name.startswith("paddle."):
            name = name[len("paddle."):]
        try:
            return _core.dtype_from_name(name)
        except ValueError:
            raise TypeError(f"unknown dtype {value!r}") from None
    if value is builtins.float:
        return float32 if _default == float32 else _default
    if value is builtins.int:
        return int64
    if value is builtins.bool:
        return bool
    try:
        np_dtype = np.dtype(value)
    except TypeError:
        raise TypeError(f"expected a dtype (paddle.float32, 'float32', numpy.float32, ...), "
                        f"got {type(value).__name__} {value!r}") from None
    return convert_dtype(np_dtype.name)


def to_numpy_dtype(value):
    """The numpy dtype of a paddle dtype (bfloat16 has none)."""
    d = convert_dtype(value)
    if d == bfloat16:
        raise TypeError("numpy has no bfloat16 type")
    return np.dtype(d.name)


def is_floating_point(value):
    return convert_dtype(value) in _FLOATING


def is_complex(value):
    return convert_dtype(value) in _COMPLEX


def is_integer(value):
    return convert_dtype(value) in _INTEGER


def set_default_dtype(d):
    """Sets the dtype that floating-point data without a dtype becomes
    (``paddle.to_tensor(1.0)``, layer parameters): float16, float32 or float64.

    Args:
        d (str|paddle.dtype|numpy.dtype): The new default: float16, float32, float64 or
            bfloat16 (others raise TypeError).

    Returns:
        None.

    Example:
        >>> paddle.set_default_dtype("float64")
    """
    global _default
    d = convert_dtype(d)
    if d not in (float16, float32, float64, bfloat16):
        raise TypeError(f"set_default_dtype only supports [float16, float32, float64, bfloat16], "
                        f"but received {d.name}")
    _default = d


def get_default_dtype():
    """The default floating-point dtype, as a str (``'float32'`` unless changed).

    Returns:
        str: 'float16', 'bfloat16', 'float32' or 'float64'.

    Example:
        >>> paddle.get_default_dtype()
        'float32'
    """
    return _default.name


def default_float_dtype():
    return _default

