"""PaddlePaddle's other names of dtypes (``paddle.float`` is float32, ``paddle.double``
float64, ...) and its numeric constants (``paddle.pi``, ``paddle.inf``, ...)."""
import math

from .dtypes import complex64, complex128, float16, float32, float64

__all__ = ["float", "double", "half", "cfloat", "cdouble", "pi", "e", "inf", "nan", "newaxis"]

float = float32  # noqa: A001  (PaddlePaddle's names shadow the builtins in paddle.*)
double = float64
half = float16
cfloat = complex64
cdouble = complex128

pi = math.pi
e = math.e
inf = math.inf
nan = math.nan
newaxis = None
