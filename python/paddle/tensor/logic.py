"""Comparisons and logical ops (results are bool tensors), isclose/allclose
and equal_all."""
import numpy as np

from .. import _core
from ..framework import dtypes as _dtype
from ._helpers import Tensor, check_tensor, op

__all__ = [
    "allclose", "equal", "equal_all", "greater_equal", "greater_than", "isclose", "less_equal",
    "less_than", "logical_and", "logical_not", "logical_or", "logical_xor", "not_equal",
]


_COMPARE_ARGS = """
    Args:
        x (Tensor|int|float): The left operand.
        y (Tensor|int|float): The right operand; x and y broadcast together as in NumPy, and
            an integer tensor with a float one is refused (TypeError).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A bool tensor of the broadcast shape.
"""


def _compare(name, sym, result):
    run = getattr(_core, "_" + name)  # the C comparison behind the operator, same promotion

    def fn(x, y, name=None):
        return run(x, y)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"Elementwise x {sym} y, as a bool tensor (broadcasting).\n{_COMPARE_ARGS}"
                  "\n    Example:\n"
                  f"        >>> paddle.{name}(paddle.to_tensor([1, 2, 3]),\n"
                  f"        ...     paddle.to_tensor([2, 2, 2])).numpy()\n"
                  f"        {result}\n")
    return fn


equal = _compare("equal", "==", "array([False,  True, False])")
not_equal = _compare("not_equal", "!=", "array([ True, False,  True])")
less_than = _compare("less_than", "<", "array([ True, False, False])")
less_equal = _compare("less_equal", "<=", "array([ True,  True, False])")
greater_than = _compare("greater_than", ">", "array([False, False,  True])")
greater_equal = _compare("greater_equal", ">=", "array([False,  True,  True])")


_LOGICAL_ARGS = """    Args:
        x (Tensor): The first operand; non-bool values count as true when nonzero.
        y (Tensor): The second operand, broadcastable with x.
        out (Tensor, optional): Accepted for PaddlePaddle compatibility; not written: the
            result is a new Tensor. Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A bool Tensor of the broadcast shape.
"""


def _logical(op_type, name, doc, result):
    caller = op(op_type, ["X", "Y"])

    def fn(x, y, out=None, name=None):
        check_tensor(x, "x", fn.__name__)
        check_tensor(y, "y", fn.__name__)
        return caller(x, y)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"{doc}\n\n" + _LOGICAL_ARGS + "\n    Example:\n"
                  f"        >>> paddle.{name}(paddle.to_tensor([True, True, False, False]),\n"
                  f"        ...     paddle.to_tensor([True, False, True, False])).numpy()\n"
                  f"        {result}\n")
    return fn


logical_and = _logical("logical_and", "logical_and", "Elementwise x and y.",
                       "array([ True, False, False, False])")
logical_or = _logical("logical_or", "logical_or", "Elementwise x or y.",
                      "array([ True,  True,  True, False])")
logical_xor = _logical("logical_xor", "logical_xor", "Elementwise x xor y.",
                       "array([False,  True,  True, False])")
_not = op("logical_not", ["X"])


def logical_not(x, out=None, name=None):
    """Elementwise not x.

    Args:
        x (Tensor): The input; non-bool values count as true when nonzero.
        out (Tensor, optional): Accepted for PaddlePaddle compatibility; not written: the
            result is a new Tensor. Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A bool Tensor of x's shape.

    Example:
        >>> paddle.logical_not(paddle.to_tensor([True, False])).numpy()
        array([False,  True])
    """
    return _not(check_tensor(x, "x", "logical_not"))


_abs = op("abs", ["X"])
_sub = op("elementwise_sub", ["X", "Y"], ["axis"])
_scale = op("scale", ["X"], ["scale", "bias", "bias_after_scale"])
_isnan = op("isnan_v2", ["X"])
_reduce_all = op("reduce_all", ["X"], ["dim", "keep_dim", "reduce_all"])


def _close_operands(x, y, fn):
    check_tensor(x, "x", fn)
    check_tensor(y, "y", fn)
    if x.dtype != y.dtype or not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x and y must be floating-point Tensors of one dtype, got "
                        f"{x.dtype.name} and {y.dtype.name}")
    if x.shape != y.shape:
        raise ValueError(f"[{fn}] x and y must have one shape, got {x.shape} and {y.shape}")


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Elementwise |x - y| <= atol + rtol * |y| (equal infinities are close;
    NaNs are close to each other only with equal_nan).

    Args:
        x (Tensor): The first tensor, floating point.
        y (Tensor): The second tensor, of x's dtype and shape (TypeError for another or a
            non-float dtype, ValueError for another shape).
        rtol (float, optional): The relative tolerance. Default 1e-05.
        atol (float, optional): The absolute tolerance. Default 1e-08.
        equal_nan (bool, optional): Whether two NaNs count as close. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A bool tensor of x's shape.

    Example:
        >>> paddle.isclose(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([1.0, 2.1])).numpy()
        array([ True, False])
    """
    _close_operands(x, y, "isclose")
    tolerance = _scale(_abs(y), float(rtol), float(atol), True)
    close = logical_or(less_equal(_abs(_sub(x, y, -1)), tolerance), equal(x, y))
    if equal_nan:
        close = logical_or(close, logical_and(_isnan(x), _isnan(y)))
    return close


def allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Whether every element of x is close to y's (see :func:`isclose`), as a
    0-D bool tensor.

    Args:
        x (Tensor): The first tensor, floating point.
        y (Tensor): The second tensor, of x's dtype and shape (TypeError for another or a
            non-float dtype, ValueError for another shape).
        rtol (float, optional): The relative tolerance. Default 1e-05.
        atol (float, optional): The absolute tolerance. Default 1e-08.
        equal_nan (bool, optional): Whether two NaNs count as close. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D bool tensor, True when every element is close.

    Example:
        >>> paddle.allclose(paddle.to_tensor([1.0]), paddle.to_tensor([1.0 + 1e-9])).item()
        True
    """
    _close_operands(x, y, "allclose")
    return _reduce_all(isclose(x, y, rtol, atol, equal_nan), [0], False, True)


def equal_all(x, y, name=None):
    """Whether x and y have one shape and equal elements, as a 0-D bool tensor.

    Args:
        x (Tensor): The first tensor.
        y (Tensor): The second tensor, of x's dtype (TypeError otherwise).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D bool tensor: True when the shapes are equal and so is every element.

    Example:
        >>> paddle.equal_all(paddle.to_tensor([1, 2]), paddle.to_tensor([1, 2])).item()
        True
    """
    check_tensor(x, "x", "equal_all")
    check_tensor(y, "y", "equal_all")
    if x.dtype != y.dtype:
        raise TypeError(f"[equal_all] x and y must have one dtype, got {x.dtype.name} and "
                        f"{y.dtype.name}")
    if x.shape != y.shape:
        return Tensor._from_numpy(np.array(False))
    return _reduce_all(equal(x, y), [0], False, True)
