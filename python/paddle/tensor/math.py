"""Elementwise arithmetic, unary math, matmul and reductions."""
import builtins
import numbers

import numpy as np

from .. import _core
from ..framework import dtypes as _dtype
from ._helpers import Tensor, check_tensor, op
from .complex_numbers import complex_matmul
from .promotion import cast, operands

__all__ = [
    "abs", "add", "all", "amax", "amin", "any", "ceil", "cos", "divide", "erf", "exp", "floor",
    "floor_divide", "floor_mod", "log", "log1p", "matmul", "max", "maximum", "mean", "min",
    "minimum", "mod", "multiply", "neg", "pow", "prod", "reciprocal", "remainder", "round",
    "rsqrt", "scale", "sigmoid", "sign", "sin", "sqrt", "square", "subtract", "sum", "tanh",
]

_scale = op("scale", ["X"], ["scale", "bias", "bias_after_scale"])
_matmul = op("matmul_v2", ["X", "Y"], ["trans_x", "trans_y"])


def add(x, y, name=None):
    """Elementwise x + y, broadcasting as numpy does.


    Args:
        x (Tensor|int|float): The first operand.
        y (Tensor|int|float): The second operand; x and y broadcast together as in NumPy.
            Floats mix with floats and complex with real; float with integer tensors is
            refused (TypeError).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x + y, of the broadcast shape and the promoted dtype.

    Example:
        >>> paddle.add(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([3.0, 4.0])).numpy()
        array([4., 6.], dtype=float32)
    """
    return _core._add(x, y)


def subtract(x, y, name=None):
    """Elementwise x - y, broadcasting as numpy does.

    Args:
        x (Tensor): The first operand, a Tensor of a numeric dtype.
        y (Tensor|int|float): The second operand: a Tensor broadcastable with ``x`` (of x's
        dtype unless both are floating-point), or a number.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The differences, of the broadcast shape and the promoted dtype of x and y.

    Example:
        >>> paddle.subtract(paddle.to_tensor([3.0]), paddle.to_tensor([1.0])).numpy()
        array([2.], dtype=float32)
    """
    return _core._subtract(x, y)


def multiply(x, y, name=None):
    """Elementwise x * y, broadcasting as numpy does.

    Args:
        x (Tensor): The first operand, a Tensor of any numeric or bool dtype.
        y (Tensor|int|float): The second operand: a Tensor broadcastable with ``x`` (of x's
        dtype unless both are floating-point), or a number.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The products, of the broadcast shape and the promoted dtype of x and y.

    Example:
        >>> paddle.multiply(paddle.to_tensor([2.0]), paddle.to_tensor([3.0])).numpy()
        array([6.], dtype=float32)
    """
    return _core._multiply(x, y)


def divide(x, y, name=None):
    """Elementwise true division x / y; integer inputs give the default float type.


    Args:
        x (Tensor|int|float): The first operand.
        y (Tensor|int|float): The second operand; x and y broadcast together as in NumPy.
            Floats mix with floats and complex with real; float with integer tensors is
            refused (TypeError).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x / y, of the broadcast shape; float (the default float
            dtype for integer inputs).

    Example:
        >>> paddle.divide(paddle.to_tensor([3, 4]), paddle.to_tensor([2, 2])).numpy()
        array([1.5, 2. ], dtype=float32)
    """
    return _core._divide(x, y)


def floor_divide(x, y, name=None):
    """Elementwise floor(x / y).


    Args:
        x (Tensor|int|float): The first operand.
        y (Tensor|int|float): The second operand; x and y broadcast together as in NumPy.
            Floats mix with floats and complex with real; float with integer tensors is
            refused (TypeError).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: floor(x / y), of the broadcast shape and the promoted dtype.

    Example:
        >>> paddle.floor_divide(paddle.to_tensor([7, -7]), paddle.to_tensor([2, 2])).numpy()
        array([ 3, -4])
    """
    return _core._floor_divide(x, y)


def remainder(x, y, name=None):
    """Elementwise x mod y with the sign of y (Python's %).

    Args:
        x (Tensor): The dividend, a Tensor of a numeric dtype.
        y (Tensor|int|float): The divisor: a Tensor broadcastable with ``x`` (of x's dtype unless
            both are floating-point), or a number.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The remainders, of the broadcast shape and the promoted dtype.

    Example:
        >>> paddle.remainder(paddle.to_tensor([7, -7]), paddle.to_tensor([3, 3])).numpy()
        array([1, 2])
    """
    return _core._remainder(x, y)


mod = remainder
floor_mod = remainder


def pow(x, y, name=None):  # noqa: A001  (PaddlePaddle's name)
    """Elementwise x ** y (y a number or a Tensor).

    Args:
        x (Tensor): The base, a Tensor of a numeric dtype.
        y (int|float|Tensor): The exponent: a number, or a Tensor broadcastable with ``x``.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The powers, of the broadcast shape (an integer x with a float y gives a float
    Tensor).

    Example:
        >>> paddle.pow(paddle.to_tensor([2.0, 3.0]), 2).numpy()
        array([4., 9.], dtype=float32)
    """
    check_tensor(x, "x", "pow")
    return _core._pow(x, y)


def maximum(x, y, name=None):
    """Elementwise maximum.

    Args:
        x (Tensor): The first operand, a Tensor of a numeric dtype.
        y (Tensor): The second operand, broadcastable with ``x`` (of x's dtype unless both are
        floating-point).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The larger of each pair, of the broadcast shape and the promoted dtype.

    Example:
        >>> paddle.maximum(paddle.to_tensor([1.0, 5.0]), paddle.to_tensor([3.0, 2.0])).numpy()
        array([3., 5.], dtype=float32)
    """
    return _core._maximum(x, y)


def minimum(x, y, name=None):
    """Elementwise minimum.

    Args:
        x (Tensor): The first operand, a Tensor of a numeric dtype.
        y (Tensor): The second operand, broadcastable with ``x`` (of x's dtype unless both are
        floating-point).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The smaller of each pair, of the broadcast shape and the promoted dtype.

    Example:
        >>> paddle.minimum(paddle.to_tensor([1.0, 5.0]), paddle.to_tensor([3.0, 2.0])).numpy()
        array([1., 2.], dtype=float32)
    """
    return _core._minimum(x, y)


def neg(x, name=None):
    """Elementwise -x.

    Args:
        x (Tensor): The input, a Tensor of a numeric dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: -x, of x's shape and dtype.

    Example:
        >>> paddle.neg(paddle.to_tensor([1.0, -2.0])).numpy()
        array([-1.,  2.], dtype=float32)
    """
    return -check_tensor(x, "x", "neg")  # the C negation: scale(-1) for floats, else 0 - x


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """scale * x + bias (or scale * (x + bias) when bias_after_scale is False).

    Args:
        x (Tensor): The input, a Tensor of a numeric dtype.
        scale (float|Tensor, optional): The factor (a number or a one-element Tensor).
            Default 1.0.
        bias (float, optional): The value added. Default 0.0.
        bias_after_scale (bool, optional): True (the default) computes scale * x + bias, False
            scale * (x + bias).
        act (str, optional): An activation applied after; not supported here: anything but
            None raises ValueError. Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of x's shape and dtype.

    Example:
        >>> paddle.scale(paddle.to_tensor([1.0, 2.0]), 2.0, 1.0).numpy()
        array([3., 5.], dtype=float32)
    """
    check_tensor(x, "x", "scale")
    if isinstance(scale, Tensor):
        scale = scale.item()
    out = _scale(x, float(scale), float(bias), bool(bias_after_scale))
    if act is not None:
        raise ValueError(f"[scale] act is not supported, got {act!r}")
    return out


_UNARY_ARGS = """
    Args:
        x (Tensor): The input tensor, of any shape.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The elementwise result, of x's shape and dtype.
"""


def _unary(op_type, name, doc, example, result):
    caller = op(op_type, ["X"])

    def fn(x, name=None):
        check_tensor(x, "x", fn.__name__)
        return caller(x)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"{doc}\n{_UNARY_ARGS}\n    Example:\n        >>> {example}\n        {result}\n"
    return fn


# Transcendental results are rounded in the examples: the last float32 digit
# may differ between math libraries.
exp = _unary("exp", "exp", "Elementwise e ** x.",
             "paddle.exp(paddle.to_tensor([0.0, 1.0])).numpy().round(4)",
             "array([1.    , 2.7183], dtype=float32)")
log = _unary("log", "log", "Elementwise natural logarithm.",
             "paddle.log(paddle.to_tensor([1.0, 2.0])).numpy().round(4)",
             "array([0.    , 0.6931], dtype=float32)")
log1p = _unary("log1p", "log1p", "Elementwise log(1 + x).",
               "paddle.log1p(paddle.to_tensor([0.0, 1.0])).numpy().round(4)",
               "array([0.    , 0.6931], dtype=float32)")
sqrt = _unary("sqrt", "sqrt", "Elementwise square root.",
              "paddle.sqrt(paddle.to_tensor([4.0, 9.0])).numpy()",
              "array([2., 3.], dtype=float32)")
rsqrt = _unary("rsqrt", "rsqrt", "Elementwise 1 / sqrt(x).",
               "paddle.rsqrt(paddle.to_tensor([4.0, 16.0])).numpy()",
               "array([0.5 , 0.25], dtype=float32)")
abs = _unary("abs", "abs", "Elementwise absolute value.",  # noqa: A001
             "paddle.abs(paddle.to_tensor([-1.0, 2.0])).numpy()",
             "array([1., 2.], dtype=float32)")
sin = _unary("sin", "sin", "Elementwise sine.",
             "paddle.sin(paddle.to_tensor([0.0, 1.0])).numpy().round(4)",
             "array([0.    , 0.8415], dtype=float32)")
cos = _unary("cos", "cos", "Elementwise cosine.",
             "paddle.cos(paddle.to_tensor([0.0, 1.0])).numpy().round(4)",
             "array([1.    , 0.5403], dtype=float32)")
tanh = _unary("tanh", "tanh", "Elementwise hyperbolic tangent.",
              "paddle.tanh(paddle.to_tensor([0.0, 1.0])).numpy().round(4)",
              "array([0.    , 0.7616], dtype=float32)")
sigmoid = _unary("sigmoid", "sigmoid", "Elementwise 1 / (1 + e ** -x).",
                 "paddle.sigmoid(paddle.to_tensor([0.0, 2.0])).numpy().round(4)",
                 "array([0.5   , 0.8808], dtype=float32)")
square = _unary("square", "square", "Elementwise x * x.",
                "paddle.square(paddle.to_tensor([3.0, -2.0])).numpy()",
                "array([9., 4.], dtype=float32)")
reciprocal = _unary("reciprocal", "reciprocal", "Elementwise 1 / x.",
                    "paddle.reciprocal(paddle.to_tensor([4.0, 0.5])).numpy()",
                    "array([0.25, 2.  ], dtype=float32)")
floor = _unary("floor", "floor", "Elementwise floor.",
               "paddle.floor(paddle.to_tensor([1.5, -1.5])).numpy()",
               "array([ 1., -2.], dtype=float32)")
ceil = _unary("ceil", "ceil", "Elementwise ceiling.",
              "paddle.ceil(paddle.to_tensor([1.5, -1.5])).numpy()",
              "array([ 2., -1.], dtype=float32)")
round = _unary("round", "round",  # noqa: A001
               "Elementwise rounding to the nearest integer, halves to even (0.5 -> 0, 1.5 -> 2).",
               "paddle.round(paddle.to_tensor([0.5, 1.5, 2.5, -2.7])).numpy()",
               "array([ 0.,  2.,  2., -3.], dtype=float32)")
sign = _unary("sign", "sign", "Elementwise sign (-1, 0 or 1).",
              "paddle.sign(paddle.to_tensor([-2.0, 0.0, 3.0])).numpy()",
              "array([-1.,  0.,  1.], dtype=float32)")
erf = _unary("erf", "erf", "Elementwise error function.",
             "paddle.erf(paddle.to_tensor([0.0, 1.0])).numpy().round(4)",
             "array([0.    , 0.8427], dtype=float32)")


def matmul(x, y, transpose_x=False, transpose_y=False, name=None):
    """Matrix product with numpy's broadcasting of batch dimensions; 1-D
    operands are vectors.

    Args:
        x (Tensor): The left operand, a Tensor of rank >= 1.
        y (Tensor): The right operand, a Tensor of rank >= 1, of x's dtype unless both are
        floating-point (the wider one is used).
        transpose_x (bool, optional): Whether to transpose the last two dims of x before the
            product. Default False.
        transpose_y (bool, optional): Whether to transpose the last two dims of y before the
            product. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The product: batch dims broadcast, the dims of 1-D operands removed.

    Example:
        >>> paddle.matmul(paddle.ones([2, 3]), paddle.ones([3, 4])).shape
        paddle.Size([2, 4])
    """
    check_tensor(x, "x", "matmul")
    check_tensor(y, "y", "matmul")
    a, b = operands(x, y, "matmul")
    if _dtype.is_complex(a.dtype):
        return complex_matmul(a, b, bool(transpose_x), bool(transpose_y))
    return _matmul(a, b, bool(transpose_x), bool(transpose_y))


def _axes(axis, x, fn):
    """(dims, reduce_all) for a reduction over `axis` (None: all)."""
    if axis is None or (isinstance(axis, (list, tuple)) and len(axis) == 0):
        return [0], True
    if isinstance(axis, Tensor):
        axis = axis.tolist()
    axes = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    rank = x.ndim
    n = builtins.max(rank, 1)
    for a in axes:
        if not isinstance(a, (numbers.Integral, np.integer)) or isinstance(a, bool):
            raise TypeError(f"[{fn}] axis must be an int or a list of ints, got {a!r}")
        if not -n <= a < n:
            raise ValueError(f"[{fn}] axis {a} is out of range for a {rank}-D tensor "
                             f"(expected in [{-n}, {n - 1}])")
    full = sorted({a % n for a in axes}) == list(range(rank))
    return [int(a) for a in axes], full


def _reduce_op(op_type):
    return op(op_type, ["X"], ["dim", "keep_dim", "reduce_all", "out_dtype"])


_reduce_sum = _reduce_op("reduce_sum")
_reduce_mean = _reduce_op("reduce_mean")
_reduce_max = op("reduce_max", ["X"], ["dim", "keep_dim", "reduce_all"])
_reduce_min = op("reduce_min", ["X"], ["dim", "keep_dim", "reduce_all"])
_reduce_prod = op("reduce_prod", ["X"], ["dim", "keep_dim", "reduce_all"])
_reduce_all = op("reduce_all", ["X"], ["dim", "keep_dim", "reduce_all"])
_reduce_any = op("reduce_any", ["X"], ["dim", "keep_dim", "reduce_all"])


def sum(x, axis=None, dtype=None, keepdim=False, name=None):  # noqa: A001
    """Sum over ``axis`` (None: all). bool and int32 inputs sum into int64.

    Args:
        x (Tensor): The input, a Tensor of any numeric or bool dtype.
        axis (int|list|tuple, optional): The dims to reduce, each in [-rank, rank); None (the
            default) or an empty list reduces all dims.
        dtype (str|paddle.dtype, optional): The dtype to sum in and return; None (the default)
            keeps x's dtype, except that bool, int8, int16, int32 and uint8 sum into int64.
        keepdim (bool, optional): Whether the reduced dims stay, with size 1. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The sums; a 0-D Tensor when every dim is reduced and keepdim is False.

    Example:
        >>> paddle.sum(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]), axis=0).numpy()
        array([4., 6.], dtype=float32)
    """
    check_tensor(x, "x", "sum")
    dims, full = _axes(axis, x, "sum")
    if dtype is not None:
        d = _dtype.convert_dtype(dtype)
    elif x.dtype in (_dtype.bool, _dtype.int32, _dtype.int8, _dtype.uint8, _dtype.int16):
        d = _dtype.int64
    else:
        d = x.dtype
    return _reduce_sum(cast(x, d), dims, bool(keepdim), full, -1)


def mean(x, axis=None, keepdim=False, name=None):
    """Mean over ``axis`` (None: all).

    Args:
        x (Tensor): The input, a floating-point (float16/bfloat16/float32/float64) or complex
            Tensor; other dtypes raise TypeError.
        axis (int|list|tuple, optional): The dims to reduce, each in [-rank, rank); None (the
            default) or an empty list reduces all dims.
        keepdim (bool, optional): Whether the reduced dims stay, with size 1. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The means, of x's dtype; a 0-D Tensor when every dim is reduced and keepdim is
        False.

    Example:
        >>> paddle.mean(paddle.to_tensor([1.0, 2.0, 3.0])).item()
        2.0
    """
    check_tensor(x, "x", "mean")
    if not (_dtype.is_floating_point(x.dtype) or _dtype.is_complex(x.dtype)):
        raise TypeError(f"[mean] x must be a floating-point Tensor, got {x.dtype.name}")
    dims, full = _axes(axis, x, "mean")
    return _reduce_mean(x, dims, bool(keepdim), full, -1)


_REDUCE_ARGS = """
    Args:
        x (Tensor): The input tensor; all and any treat nonzero elements as true.
        axis (int|list|tuple, optional): The dims to reduce, negative ones counting from the
            end; None (the default) reduces every dim.
        keepdim (bool, optional): Whether the reduced dims stay in the result with size 1.
            Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The reduction, of x's dtype (bool for all and any); a 0-D tensor when
        every dim is reduced and keepdim is False.
"""


def _simple_reduce(caller, name, doc, example, result):
    def fn(x, axis=None, keepdim=False, name=None):
        check_tensor(x, "x", fn.__name__)
        dims, full = _axes(axis, x, fn.__name__)
        return caller(x, dims, bool(keepdim), full)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"{doc}\n{_REDUCE_ARGS}\n    Example:\n        >>> {example}\n        {result}\n"
    return fn


max = _simple_reduce(_reduce_max, "max", "Maximum over ``axis`` (None: all).",  # noqa: A001
                     "paddle.max(paddle.to_tensor([[1.0, 3.0], [4.0, 2.0]]), axis=1).numpy()",
                     "array([3., 4.], dtype=float32)")
min = _simple_reduce(_reduce_min, "min", "Minimum over ``axis`` (None: all).",  # noqa: A001
                     "paddle.min(paddle.to_tensor([[1.0, 3.0], [4.0, 2.0]]), axis=1).numpy()",
                     "array([1., 2.], dtype=float32)")
amax = _simple_reduce(_reduce_max, "amax", "Maximum over ``axis`` (None: all).",
                      "paddle.amax(paddle.to_tensor([[1.0, 3.0], [4.0, 2.0]])).item()", "4.0")
amin = _simple_reduce(_reduce_min, "amin", "Minimum over ``axis`` (None: all).",
                      "paddle.amin(paddle.to_tensor([[1.0, 3.0], [4.0, 2.0]])).item()", "1.0")
all = _simple_reduce(_reduce_all, "all", "True where every element over ``axis`` is true.",  # noqa: A001
                     "paddle.all(paddle.to_tensor([[True, False], [True, True]]), axis=1).numpy()",
                     "array([False,  True])")
any = _simple_reduce(_reduce_any, "any", "True where some element over ``axis`` is true.",  # noqa: A001
                     "paddle.any(paddle.to_tensor([[True, False], [False, False]]), axis=1).numpy()",
                     "array([ True, False])")


def prod(x, axis=None, keepdim=False, dtype=None, name=None):
    """Product over ``axis`` (None: all).

    Args:
        x (Tensor): The input, a Tensor of any numeric dtype.
        axis (int|list|tuple, optional): The dims to reduce, each in [-rank, rank); None (the
            default) reduces all dims.
        keepdim (bool, optional): Whether the reduced dims stay, with size 1. Default False.
        dtype (str|paddle.dtype, optional): x is cast to this dtype before the product; None (the
            default) keeps x's dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The products; a 0-D Tensor when every dim is reduced and keepdim is False.

    Example:
        >>> paddle.prod(paddle.to_tensor([2.0, 3.0])).item()
        6.0
    """
    check_tensor(x, "x", "prod")
    if dtype is not None:
        x = cast(x, _dtype.convert_dtype(dtype))
    dims, full = _axes(axis, x, "prod")
    return _reduce_prod(x, dims, bool(keepdim), full)
