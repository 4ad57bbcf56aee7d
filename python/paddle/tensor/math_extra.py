"""More elementwise math: inverse trigonometric and hyperbolic functions,
logarithms, the gamma family, erfinv, stanh, logit, trunc/frac, angle
conversions, sign tests, the bitwise ops, fmax/fmin, heaviside, logaddexp
and hypot. Integer inputs of the float functions are computed in the default
float type, as PaddlePaddle autocasts them."""
import math as _math

import numpy as np

from .. import _core
from ..framework import dtypes as _dtype
from ._helpers import Tensor, check_tensor, op
from .creation import full_like
from .promotion import cast, operands

__all__ = [
    "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "bitwise_and",
    "bitwise_left_shift", "bitwise_not", "bitwise_or", "bitwise_right_shift", "bitwise_xor",
    "copysign", "i0", "i0e", "i1", "i1e", "nextafter", "cosh", "deg2rad", "digamma", "erfinv", "expm1",
    "fmax", "fmin", "frac", "gcd", "heaviside", "hypot", "isneginf", "isposinf", "isreal", "lcm",
    "ldexp", "lerp", "lgamma", "log10", "log2", "logaddexp", "logit", "nan_to_num", "rad2deg",
    "sgn", "signbit", "sinc", "sinh", "stanh", "tan", "trunc", "bitwise_invert",
]

_trunc = op("trunc", ["X"])
_stanh = op("stanh", ["X"], ["scale_a", "scale_b"])
_logit = op("logit", ["X"], ["eps"])
_scale = op("scale", ["X"], ["scale", "bias", "bias_after_scale"])
_where = op("where", ["Condition", "X", "Y"])
_isinf = op("isinf_v2", ["X"])


def _float_input(x, fn):
    """x itself if floating point; an integer tensor in the default float
    type (PaddlePaddle's autocast); bool and others are refused."""
    check_tensor(x, "x", fn)
    if _dtype.is_floating_point(x.dtype):
        return x
    if _dtype.is_integer(x.dtype) and x.dtype != _dtype.bool:
        return cast(x, _dtype.default_float_dtype())
    raise RuntimeError(f"[{fn}] expected a float or integer tensor, got {x.dtype.name}")


_FLOAT_UNARY_ARGS = """
    Args:
        x (Tensor): The input, a floating-point tensor of any shape; an integer tensor is
            computed in the default float dtype, a bool one is refused (RuntimeError).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The elementwise result, of x's shape and float dtype.
"""


def _float_unary(op_type, doc, example, result, slots=("X", "Out")):
    caller = op(op_type, [slots[0]], (), [slots[1]])

    def fn(x, name=None):
        return caller(_float_input(x, op_type))
    fn.__name__ = fn.__qualname__ = op_type
    fn.__doc__ = f"{doc}\n{_FLOAT_UNARY_ARGS}\n    Example:\n        >>> {example}\n        {result}\n"
    return fn


acos = _float_unary("acos", "Elementwise arc cosine (radians).",
                    "paddle.acos(paddle.to_tensor([1.0])).numpy()",
                    "array([0.], dtype=float32)")
asin = _float_unary("asin", "Elementwise arc sine (radians).",
                    "paddle.asin(paddle.to_tensor([0.0])).numpy()",
                    "array([0.], dtype=float32)")
atan = _float_unary("atan", "Elementwise arc tangent (radians).",
                    "paddle.atan(paddle.to_tensor([0.0])).numpy()",
                    "array([0.], dtype=float32)")
acosh = _float_unary("acosh", "Elementwise inverse hyperbolic cosine.",
                     "paddle.acosh(paddle.to_tensor([1.0])).numpy()",
                     "array([0.], dtype=float32)")
asinh = _float_unary("asinh", "Elementwise inverse hyperbolic sine.",
                     "paddle.asinh(paddle.to_tensor([0.0])).numpy()",
                     "array([0.], dtype=float32)")
atanh = _float_unary("atanh", "Elementwise inverse hyperbolic tangent.",
                     "paddle.atanh(paddle.to_tensor([0.0])).numpy()",
                     "array([0.], dtype=float32)")
cosh = _float_unary("cosh", "Elementwise hyperbolic cosine.",
                    "paddle.cosh(paddle.to_tensor([0.0])).numpy()",
                    "array([1.], dtype=float32)")
sinh = _float_unary("sinh", "Elementwise hyperbolic sine.",
                    "paddle.sinh(paddle.to_tensor([0.0])).numpy()",
                    "array([0.], dtype=float32)")
tan = _float_unary("tan", "Elementwise tangent (radians).",
                   "paddle.tan(paddle.to_tensor([0.0])).numpy()",
                   "array([0.], dtype=float32)")
log2 = _float_unary("log2", "Elementwise base-2 logarithm.",
                    "paddle.log2(paddle.to_tensor([8.0])).numpy()",
                    "array([3.], dtype=float32)")
log10 = _float_unary("log10", "Elementwise base-10 logarithm.",
                     "paddle.log10(paddle.to_tensor([100.0])).numpy()",
                     "array([2.], dtype=float32)")
expm1 = _float_unary("expm1", "Elementwise e ** x - 1, accurate for small x.",
                     "paddle.expm1(paddle.to_tensor([0.0])).numpy()",
                     "array([0.], dtype=float32)")
lgamma = _float_unary("lgamma", "Elementwise log |Gamma(x)|.",
                      "paddle.lgamma(paddle.to_tensor([3.0])).numpy()",
                      "array([0.6931472], dtype=float32)")
digamma = _float_unary("digamma", "Elementwise digamma, the derivative of lgamma.",
                       "paddle.digamma(paddle.to_tensor([1.0])).numpy()",
                       "array([-0.5772157], dtype=float32)")
_LOWER = ("x", "out")  # the slot names of PaddlePaddle's newer ops
i0 = _float_unary("i0", "Elementwise modified Bessel function of the first kind, order 0.",
                  "paddle.i0(paddle.to_tensor([0.0])).numpy()", "array([1.], dtype=float32)",
                  _LOWER)
i0e = _float_unary("i0e", "Elementwise exp(-|x|) * i0(x), finite for large |x|.",
                   "paddle.i0e(paddle.to_tensor([0.0])).numpy()", "array([1.], dtype=float32)",
                   _LOWER)
i1 = _float_unary("i1", "Elementwise modified Bessel function of the first kind, order 1.",
                  "paddle.i1(paddle.to_tensor([0.0])).numpy()", "array([0.], dtype=float32)",
                  _LOWER)
i1e = _float_unary("i1e", "Elementwise exp(-|x|) * i1(x), finite for large |x|.",
                   "paddle.i1e(paddle.to_tensor([0.0])).numpy()", "array([0.], dtype=float32)",
                   _LOWER)
erfinv = _float_unary("erfinv", "Elementwise inverse error function: erf(out) = x.",
                      "paddle.erfinv(paddle.to_tensor([0.0])).numpy()",
                      "array([0.], dtype=float32)")


def trunc(input, name=None):
    """Elementwise rounding toward zero; integer tensors are returned as they are.

    Args:
        input (Tensor): The input, a float or integer tensor of any shape.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The truncated values, of input's shape and dtype.

    Example:
        >>> paddle.trunc(paddle.to_tensor([1.7, -1.7])).numpy()
        array([ 1., -1.], dtype=float32)
    """
    check_tensor(input, "input", "trunc")
    return _trunc(input)


def frac(x, name=None):
    """Elementwise fractional part, x - trunc(x), with x's sign.

    Args:
        x (Tensor): The input tensor.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The fractional parts, of x's shape and dtype.

    Example:
        >>> paddle.frac(paddle.to_tensor([1.5, -2.25])).numpy()
        array([ 0.5 , -0.25], dtype=float32)
    """
    check_tensor(x, "x", "frac")
    return x - _trunc(x)


def stanh(x, scale_a=0.67, scale_b=1.7159, name=None):
    """Scaled tanh: scale_b * tanh(scale_a * x).

    Args:
        x (Tensor): The input, a floating-point tensor of any shape; an integer tensor is
            computed in the default float dtype, a bool one is refused (RuntimeError).
        scale_a (float, optional): The scale of x inside tanh. Default 0.67.
        scale_b (float, optional): The scale of tanh's result. Default 1.7159.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of x's shape and float dtype.

    Example:
        >>> paddle.stanh(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    return _stanh(_float_input(x, "stanh"), float(scale_a), float(scale_b))


def logit(x, eps=None, name=None):
    """log(x / (1 - x)), x first clipped to [eps, 1 - eps] when eps is given
    (None: no clipping; NaN outside [0, 1]).

    Args:
        x (Tensor): The input, a floating-point tensor of any shape; an integer tensor is
            computed in the default float dtype, a bool one is refused (RuntimeError).
        eps (float, optional): The clipping margin, in [0, 1]; None (the default) clips nothing.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The log-odds, of x's shape and float dtype.

    Example:
        >>> paddle.logit(paddle.to_tensor([0.5])).numpy()
        array([0.], dtype=float32)
    """
    return _logit(_float_input(x, "logit"), 0.0 if eps is None else float(eps))


def _scaled(x, factor, fn):
    return _scale(_float_input(x, fn), factor, 0.0, True)


def deg2rad(x, name=None):
    """Degrees to radians, x * pi / 180 (integers give the default float type).

    Args:
        x (Tensor): The input, a floating-point tensor of any shape; an integer tensor is
            computed in the default float dtype, a bool one is refused (RuntimeError).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The converted angles, of x's shape and float dtype.

    Example:
        >>> paddle.deg2rad(paddle.to_tensor([180.0])).numpy()
        array([3.1415927], dtype=float32)
    """
    return _scaled(x, _math.pi / 180.0, "deg2rad")


def rad2deg(x, name=None):
    """Radians to degrees, x * 180 / pi (integers give the default float type).

    Args:
        x (Tensor): The input, a floating-point tensor of any shape; an integer tensor is
            computed in the default float dtype, a bool one is refused (RuntimeError).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The converted angles, of x's shape and float dtype.

    Example:
        >>> paddle.rad2deg(paddle.to_tensor([3.1415927])).numpy()
        array([180.], dtype=float32)
    """
    return _scaled(x, 180.0 / _math.pi, "rad2deg")


def sinc(x, name=None):
    """Normalized sinc, sin(pi x) / (pi x), and 1 at 0.

    Args:
        x (Tensor): The input, a floating-point tensor of any shape (TypeError otherwise).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of x's shape and dtype.

    Example:
        >>> paddle.sinc(paddle.to_tensor([0.0, 0.5])).numpy()
        array([1.        , 0.63661975], dtype=float32)
    """
    check_tensor(x, "x", "sinc")
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[sinc] x must be a float tensor, got {x.dtype.name}")
    zero = x == 0
    one = full_like(x, 1.0)
    safe = _where(zero, one, x * _math.pi)  # no 0 / 0, even in the gradient
    return _where(zero, one, safe.sin() / safe)


def signbit(x, name=None):
    """Elementwise: is the sign bit set (true for -0.0 and negative numbers)?

    Args:
        x (Tensor): The input, a tensor of any real dtype and shape.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A bool tensor of x's shape.

    Example:
        >>> paddle.signbit(paddle.to_tensor([-0.0, 1.0])).numpy()
        array([ True, False])
    """
    check_tensor(x, "x", "signbit")  # a bit test: -0.0 compares equal to 0.0
    return Tensor._from_numpy(np.signbit(x.numpy()))


def _infinity_test(x, negative, fn):
    check_tensor(x, "x", fn)
    if not _dtype.is_floating_point(x.dtype):
        return full_like(x, False, dtype=_dtype.bool)
    side = x < 0 if negative else x > 0
    return _isinf(x) & side


def isneginf(x, name=None):
    """Elementwise: is x negative infinity (false for every integer)?

    Args:
        x (Tensor): The input, a tensor of any dtype and shape.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A bool tensor of x's shape, true where x is -inf.

    Example:
        >>> paddle.isneginf(paddle.to_tensor([-float('inf'), 1.0])).numpy()
        array([ True, False])
    """
    return _infinity_test(x, True, "isneginf")


def isposinf(x, name=None):
    """Elementwise: is x positive infinity (false for every integer)?

    Args:
        x (Tensor): The input, a tensor of any dtype and shape.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A bool tensor of x's shape, true where x is +inf.

    Example:
        >>> paddle.isposinf(paddle.to_tensor([float('inf'), 1.0])).numpy()
        array([ True, False])
    """
    return _infinity_test(x, False, "isposinf")


def isreal(x, name=None):
    """Elementwise: is x real (a complex number with zero imaginary part, or any real)?

    Args:
        x (Tensor): The input, a tensor of any dtype and shape.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A bool tensor of x's shape.

    Example:
        >>> paddle.isreal(paddle.to_tensor([1.0])).numpy()
        array([ True])
    """
    check_tensor(x, "x", "isreal")
    return Tensor._from_numpy(np.isreal(x.numpy()).reshape(x.shape))


def sgn(x, name=None):
    """The sign of a real tensor (-1, 0 or 1), x / |x| of a complex one.

    Args:
        x (Tensor): The input, a float16/float32/float64/complex64/complex128 tensor (TypeError
            otherwise).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The signs, of x's shape and dtype (0 where x is 0).

    Example:
        >>> paddle.sgn(paddle.to_tensor([-2.0, 0.0])).numpy()
        array([-1.,  0.], dtype=float32)
    """
    check_tensor(x, "x", "sgn")
    if not (_dtype.is_floating_point(x.dtype) or _dtype.is_complex(x.dtype)):
        raise TypeError("[sgn] The data type of input must be one of ['float16', 'float32', "
                        f"'float64', 'complex64', 'complex128'], but got {x.dtype}")
    if _dtype.is_complex(x.dtype):
        a = x.abs()
        return _where(a == 0, x * 0, x / cast(a, x.dtype))
    return x.sign()


def _bitwise_operands(x, y, fn):
    check_tensor(x, "x", fn)
    check_tensor(y, "y", fn)
    if x.dtype != y.dtype:
        raise ValueError(f"[{fn}] x and y must have the same dtype, got {x.dtype.name} and "
                         f"{y.dtype.name}")
    _check_bitwise_dtype(x, fn)
    return x, y


def _check_bitwise_dtype(x, fn):
    shift = "shift" in fn
    if not (_dtype.is_integer(x.dtype) or (x.dtype == _dtype.bool and not shift)):
        kinds = "an integer" if shift else "a bool or integer"
        raise RuntimeError(f"[{fn}] expected {kinds} tensor, got {x.dtype.name}")


_BITWISE_ARGS = """
    Args:
        x (Tensor): A bool or integer tensor (RuntimeError for other dtypes).
        y (Tensor): A tensor of x's dtype (ValueError otherwise); x and y broadcast together.
        out (Tensor, optional): A tensor that receives the result (its data, dtype and
            shape), and is returned; None (the default) makes a new tensor.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of the broadcast shape and x's dtype (out when given).
"""


def _bitwise(op_type, doc, example, result):
    caller = op(op_type, ["X", "Y"])

    def fn(x, y, out=None, name=None):
        result = caller(*_bitwise_operands(x, y, op_type))
        if out is not None:
            out._assign_from(result)
            return out
        return result
    fn.__name__ = fn.__qualname__ = op_type
    fn.__doc__ = f"{doc}\n{_BITWISE_ARGS}\n    Example:\n        >>> {example}\n        {result}\n"
    return fn


bitwise_and = _bitwise("bitwise_and", "Elementwise x & y of bool or integer tensors.",
                       "paddle.bitwise_and(paddle.to_tensor([12]), paddle.to_tensor([10])).numpy()",
                       "array([8])")
bitwise_or = _bitwise("bitwise_or", "Elementwise x | y of bool or integer tensors.",
                      "paddle.bitwise_or(paddle.to_tensor([12]), paddle.to_tensor([10])).numpy()",
                      "array([14])")
bitwise_xor = _bitwise("bitwise_xor", "Elementwise x ^ y of bool or integer tensors.",
                       "paddle.bitwise_xor(paddle.to_tensor([12]), paddle.to_tensor([10])).numpy()",
                       "array([6])")
_bitwise_not = op("bitwise_not", ["X"])
_shift_left = op("bitwise_left_shift", ["x", "y"], ["is_arithmetic"], ["out"])
_shift_right = op("bitwise_right_shift", ["x", "y"], ["is_arithmetic"], ["out"])
_atan2 = op("atan2", ["X1", "X2"])
_nextafter = op("nextafter", ["x", "y"], (), ["out"])
_copysign = op("copysign", ["x", "y"], (), ["out"])


def _into(result, out):
    if out is None:
        return result
    out._assign_from(result)
    return out


def bitwise_left_shift(x, y, is_arithmetic=True, out=None, name=None):
    """Elementwise x << y of integer tensors (0 where y is negative or not
    below the bit width).

    Args:
        x (Tensor): An integer tensor (RuntimeError for other dtypes).
        y (Tensor): The shift amounts, of x's dtype (ValueError otherwise); x and y broadcast
            together.
        is_arithmetic (bool, optional): Accepted for symmetry with the right shift; a left shift
            is the same either way. Default True.
        out (Tensor, optional): A tensor that receives the result (its data, dtype and shape),
            and is returned; None (the default) makes a new tensor.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The shifted values, of the broadcast shape and x's dtype (out when given).

    Example:
        >>> paddle.bitwise_left_shift(paddle.to_tensor([1, -8]), paddle.to_tensor([2, 1])).numpy()
        array([  4, -16])
    """
    x, y = _bitwise_operands(x, y, "bitwise_left_shift")
    return _into(_shift_left(x, y, bool(is_arithmetic)), out)


def bitwise_right_shift(x, y, is_arithmetic=True, out=None, name=None):
    """Elementwise x >> y of integer tensors: arithmetic (the sign kept) or
    logical (the bits as unsigned).

    Args:
        x (Tensor): An integer tensor (RuntimeError for other dtypes).
        y (Tensor): The shift amounts, of x's dtype (ValueError otherwise); x and y broadcast
            together.
        is_arithmetic (bool, optional): True (the default) keeps the sign (arithmetic shift);
            False shifts the bits as unsigned (logical shift).
        out (Tensor, optional): A tensor that receives the result (its data, dtype and shape),
            and is returned; None (the default) makes a new tensor.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The shifted values, of the broadcast shape and x's dtype (out when given).

    Example:
        >>> paddle.bitwise_right_shift(paddle.to_tensor([-8, 8]), paddle.to_tensor([1, 2])).numpy()
        array([-4,  2])
    """
    x, y = _bitwise_operands(x, y, "bitwise_right_shift")
    return _into(_shift_right(x, y, bool(is_arithmetic)), out)


def atan2(x, y, name=None):
    """Elementwise arc tangent of x / y in the quadrant of (y, x), in radians;
    integer tensors give float64, as PaddlePaddle's.

    Args:
        x (Tensor): The numerator (the y coordinate), a float or integer tensor.
        y (Tensor): The denominator (the x coordinate), likewise; x and y broadcast together and
            are promoted to one dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The angles in [-pi, pi], of the broadcast shape and the promoted float dtype.

    Example:
        >>> paddle.atan2(paddle.to_tensor([1.0]), paddle.to_tensor([-1.0])).numpy()
        array([2.3561945], dtype=float32)
    """
    check_tensor(x, "x", "atan2")
    check_tensor(y, "y", "atan2")
    if not _dtype.is_floating_point(x.dtype):
        x = cast(x, _dtype.float64)
    if not _dtype.is_floating_point(y.dtype):  # each one, as PaddlePaddle casts them
        y = cast(y, _dtype.float64)
    return _atan2(*operands(x, y, "atan2"))


def nextafter(x, y, name=None):
    """Elementwise: the next representable number after x toward y.

    Args:
        x (Tensor): The starting values, a float32/float64 tensor.
        y (Tensor): The directions, likewise; x and y broadcast together and are promoted to one
            dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The next values, of the broadcast shape and the promoted dtype.

    Example:
        >>> paddle.nextafter(paddle.to_tensor([1.0]), paddle.to_tensor([2.0])).numpy()
        array([1.0000001], dtype=float32)
    """
    check_tensor(x, "x", "nextafter")
    check_tensor(y, "y", "nextafter")
    return _nextafter(*operands(x, y, "nextafter"))


def bitwise_not(x, out=None, name=None):
    """Elementwise ~x of a bool or integer tensor.

    Args:
        x (Tensor): A bool or integer tensor (RuntimeError for other dtypes).
        out (Tensor, optional): A tensor that receives the result (its data, dtype and shape),
            and is returned; None (the default) makes a new tensor.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: ~x, of x's shape and dtype (out when given).

    Example:
        >>> paddle.bitwise_not(paddle.to_tensor([0, 5])).numpy()
        array([-1, -6])
    """
    check_tensor(x, "x", "bitwise_not")
    _check_bitwise_dtype(x, "bitwise_not")
    result = _bitwise_not(x)
    if out is not None:
        out._assign_from(result)
        return out
    return result


bitwise_invert = bitwise_not  # PaddlePaddle's other name (array API)


_PROMOTED_BINARY_ARGS = """
    Args:
        x (Tensor): The first input, a tensor of a real dtype.
        y (Tensor): The second input; x and y broadcast together and are promoted to one
            dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The elementwise result, of the broadcast shape and the promoted dtype.
"""


def _promoted_binary(op_type, name, doc, example, result):
    caller = op(op_type, ["X", "Y"])

    def fn(x, y, name=None):
        check_tensor(x, "x", fn.__name__)
        check_tensor(y, "y", fn.__name__)
        return caller(*operands(x, y, fn.__name__))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"{doc}\n{_PROMOTED_BINARY_ARGS}\n"
                  f"    Example:\n        >>> {example}\n        {result}\n")
    return fn


fmax = _promoted_binary("elementwise_fmax", "fmax",
                        "Elementwise maximum that ignores NaN (NaN only where both are).",
                        "paddle.fmax(paddle.to_tensor([1.0, float('nan')]), "
                        "paddle.to_tensor([2.0, 3.0])).numpy()",
                        "array([2., 3.], dtype=float32)")
fmin = _promoted_binary("elementwise_fmin", "fmin",
                        "Elementwise minimum that ignores NaN (NaN only where both are).",
                        "paddle.fmin(paddle.to_tensor([1.0, float('nan')]), "
                        "paddle.to_tensor([2.0, 3.0])).numpy()",
                        "array([1., 3.], dtype=float32)")
heaviside = _promoted_binary("elementwise_heaviside", "heaviside",
                             "Step function: 0 where x < 0, 1 where x > 0, y where x == 0.",
                             "paddle.heaviside(paddle.to_tensor([-1.0, 0.0, 2.0]), "
                             "paddle.to_tensor([0.5])).numpy()",
                             "array([0. , 0.5, 1. ], dtype=float32)")


def logaddexp(x, y, name=None):
    """Elementwise log(exp(x) + exp(y)), without overflow (integers give the
    default float type).

    Args:
        x (Tensor): A float or integer tensor (integers are computed in the default float
            dtype).
        y (Tensor): Likewise; x and y broadcast together.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A float tensor of the broadcast shape.

    Example:
        >>> paddle.logaddexp(paddle.to_tensor([0.0]), paddle.to_tensor([0.0])).numpy()
        array([0.6931472], dtype=float32)
    """
    x, y = operands(_float_input(x, "logaddexp"), _float_input(y, "logaddexp"), "logaddexp")
    m = _core._maximum(x, y)
    return m + (-(x - y).abs()).exp().log1p()


def hypot(x, y, name=None):
    """Elementwise sqrt(x ** 2 + y ** 2) (integers give the default float type).

    Args:
        x (Tensor): A float or integer tensor (integers are computed in the default float
            dtype).
        y (Tensor): Likewise; x and y broadcast together.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A float tensor of the broadcast shape.

    Example:
        >>> paddle.hypot(paddle.to_tensor([3.0]), paddle.to_tensor([4.0])).numpy()
        array([5.], dtype=float32)
    """
    x, y = operands(_float_input(x, "hypot"), _float_input(y, "hypot"), "hypot")
    return (x * x + y * y).sqrt()


def lerp(x, y, weight, name=None):
    """Linear interpolation x + weight * (y - x); ``weight`` a float or a
    tensor (no gradient flows to it, as in PaddlePaddle), all broadcast together.

    Args:
        x (Tensor): The start values, a floating-point tensor (RuntimeError otherwise).
        y (Tensor): The end values; broadcast with x and promoted to one dtype.
        weight (float|Tensor): The interpolation weight, a number or a tensor broadcast with x.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The interpolated values, of the broadcast shape and the promoted dtype.

    Example:
        >>> paddle.lerp(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([3.0, 4.0]), 0.5).numpy()
        array([2., 3.], dtype=float32)
    """
    check_tensor(x, "x", "lerp")
    check_tensor(y, "y", "lerp")
    if not _dtype.is_floating_point(x.dtype):
        raise RuntimeError(f"[lerp] x must be a float tensor, got {x.dtype.name}")
    x, y = operands(x, y, "lerp")
    if not isinstance(weight, Tensor):
        return x + (y - x) * float(weight)
    x, weight = operands(x, weight, "lerp")
    return x + weight.detach() * (y - x)  # PaddlePaddle's lerp has no gradient for weight


def nan_to_num(x, nan=0.0, posinf=None, neginf=None, name=None):
    """x with NaN replaced by ``nan``, +inf by ``posinf`` and -inf by ``neginf``
    (None: the dtype's largest and lowest finite values).

    Args:
        x (Tensor): The input, a floating-point tensor of any shape (TypeError otherwise).
        nan (float, optional): The value that replaces NaN. Default 0.0.
        posinf (float, optional): The value that replaces +inf; None (the default) is the
            dtype's largest finite value.
        neginf (float, optional): The value that replaces -inf; None (the default) is the
            dtype's lowest finite value.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of x's shape and dtype.

    Example:
        >>> paddle.nan_to_num(paddle.to_tensor([float('nan'), 1.0])).numpy()
        array([0., 1.], dtype=float32)
    """
    check_tensor(x, "x", "nan_to_num")
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[nan_to_num] x must be a float tensor, got {x.dtype.name}")
    info = np.finfo(_dtype.to_numpy_dtype(x.dtype))
    big = float(info.max) if posinf is None else float(posinf)
    low = float(info.min) if neginf is None else float(neginf)
    out = _where(x != x, full_like(x, float(nan)), x)
    out = _where(_isinf(x) & (x > 0), full_like(x, big), out)
    return _where(_isinf(x) & (x < 0), full_like(x, low), out)


def _gcd_arrays(x, y, fn):
    """x, y promoted, as numpy arrays of the result dtype, and that dtype."""
    check_tensor(x, "x", fn)
    check_tensor(y, "y", fn)
    x, y = operands(x, y, fn)
    if x.dtype == _dtype.bool:
        raise TypeError(f"[{fn}] x and y must be number tensors, got bool")
    a, b = np.broadcast_arrays(np.abs(x.numpy()), np.abs(y.numpy()))
    return a, b


def _gcd_of(a, b):
    if a.dtype.kind in "iu":
        return np.gcd(a, b)
    a, b = a.copy(), b.copy()
    while np.any(b != 0):  # Euclid's steps, for floats as PaddlePaddle takes them
        nz = b != 0
        a, b = np.where(nz, b, a), np.where(nz, np.fmod(a, np.where(nz, b, 1)), 0)
    return a


def gcd(x, y, name=None):
    """Elementwise greatest common divisor (non-negative; gcd(0, 0) = 0).

    Args:
        x (Tensor): A number tensor (TypeError for bool).
        y (Tensor): A number tensor; x and y broadcast together.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The divisors, of the broadcast shape and the promoted dtype.

    Example:
        >>> paddle.gcd(paddle.to_tensor([12, -18]), paddle.to_tensor([8, 12])).numpy()
        array([4, 6])
    """
    a, b = _gcd_arrays(x, y, "gcd")
    return Tensor._from_numpy(np.ascontiguousarray(_gcd_of(a, b)))


def lcm(x, y, name=None):
    """Elementwise least common multiple (non-negative; 0 where either is 0).

    Args:
        x (Tensor): A number tensor (TypeError for bool).
        y (Tensor): A number tensor; x and y broadcast together.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The multiples, of the broadcast shape and the promoted dtype.

    Example:
        >>> paddle.lcm(paddle.to_tensor([12, -18]), paddle.to_tensor([8, 12])).numpy()
        array([24, 36])
    """
    a, b = _gcd_arrays(x, y, "lcm")
    g = _gcd_of(a, b)
    safe = np.where(g == 0, 1, g).astype(a.dtype)
    return Tensor._from_numpy(np.ascontiguousarray(np.where(g == 0, 0, a // safe * b)
                                                    .astype(a.dtype)))


def ldexp(x, y, name=None):
    """Elementwise x * 2 ** y (integer x gives the default float type).

    Args:
        x (Tensor): The mantissas, a float or integer tensor (integers are computed in the
            default float dtype).
        y (Tensor): The exponents, a tensor that broadcasts with x.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A float tensor of the broadcast shape.

    Example:
        >>> paddle.ldexp(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([2, 3])).numpy()
        array([ 4., 16.], dtype=float32)
    """
    x = _float_input(x, "ldexp")
    check_tensor(y, "y", "ldexp")
    return x * (cast(y, x.dtype) * _math.log(2.0)).exp()


def copysign(x, y, name=None):
    """Elementwise |x| with the sign of y (-0.0 counts as negative); y a tensor
    or a number.

    Args:
        x (Tensor): The magnitudes.
        y (Tensor|int|float): The signs: a tensor that broadcasts with x, or a number.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of the broadcast shape and the promoted dtype.

    Example:
        >>> paddle.copysign(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([-0.0, 3.0])).numpy()
        array([-1.,  2.], dtype=float32)
    """
    check_tensor(x, "x", "copysign")
    if not isinstance(y, Tensor):
        y = full_like(x, float(y))
    return _copysign(*operands(x, y, "copysign"))
