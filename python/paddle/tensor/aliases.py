"""PaddlePaddle's other names for tensor functions (torch-style names and
NumPy's): each checks what its target does not and calls the target, so
gradients flow as they do through the target."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from . import gather_scatter, layout, logic, manipulation, math, numeric
from ._helpers import Tensor, axis_arg, check_tensor, shape_list

__all__ = [
    "cat", "clamp", "concatenate", "div", "eq", "ge", "greater", "gt", "le", "less", "lt",
    "matrix_transpose", "mul", "ne", "negative", "permute", "positive", "ravel", "reverse",
    "sub", "swapaxes", "swapdims", "take_along_dim", "true_divide", "view", "view_as",
]


def _to_out(result, out):
    """The result, also written into ``out`` when one is given (the ``out=`` keyword)."""
    if out is None:
        return result
    check_tensor(out, "out", "out")
    out._assign_from(result)
    return out


_OUT = ("out (Tensor, optional): A tensor that receives the result (its data, dtype and "
        "shape),\n            and is returned; None (the default) makes a new tensor.")
_COMPARISON_ARGS = f"""
    Args:
        x (Tensor|int|float): The left operand.
        y (Tensor|int|float): The right operand; x and y broadcast together as in NumPy, and
            an integer tensor with a float one is refused (TypeError).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        {_OUT}

    Returns:
        Tensor: A bool tensor of the broadcast shape (out when given).
"""


def _comparison(name, target):
    def fn(x, y, name=None, *, out=None):
        return _to_out(target(x, y), out)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"Another name of paddle.{target.__name__}.\n{_COMPARISON_ARGS}"
                  "\n    Example:\n"
                  f"        >>> paddle.{name}(paddle.to_tensor([1, 2]),\n"
                  "        ...               paddle.to_tensor([2, 2])).shape\n"
                  "        paddle.Size([2])\n")
    return fn


gt = _comparison("gt", logic.greater_than)
greater = _comparison("greater", logic.greater_than)
ge = _comparison("ge", logic.greater_equal)
lt = _comparison("lt", logic.less_than)
less = _comparison("less", logic.less_than)
le = _comparison("le", logic.less_equal)
eq = _comparison("eq", logic.equal)
ne = _comparison("ne", logic.not_equal)


def cat(x, axis=0, name=None, *, out=None):
    """Another name of paddle.concat.

    Args:
        x (list|tuple): The tensors to join, of one dtype (TypeError otherwise) and equal sizes
            in every dim but axis.
        axis (int|Tensor, optional): The dim to join along, negative counting from the end.
            Default 0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that receives the result (its data, dtype and shape),
            and is returned; None (the default) makes a new tensor.

    Returns:
        Tensor: The joined tensor (out when given); its size along axis is the sum of the
        inputs' sizes.

    Example:
        >>> paddle.cat([paddle.ones([1, 2]), paddle.zeros([2, 2])]).shape
        paddle.Size([3, 2])
    """
    return _to_out(manipulation.concat(x, axis), out)


def concatenate(x, axis=0, name=None, *, out=None):
    """Another name of paddle.concat.

    Args:
        x (list|tuple): The tensors to join, of one dtype (TypeError otherwise) and equal sizes
            in every dim but axis.
        axis (int|Tensor, optional): The dim to join along, negative counting from the end.
            Default 0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that receives the result (its data, dtype and shape),
            and is returned; None (the default) makes a new tensor.

    Returns:
        Tensor: The joined tensor (out when given); its size along axis is the sum of the
        inputs' sizes.

    Example:
        >>> paddle.concatenate([paddle.ones([2, 1]), paddle.zeros([2, 2])], axis=1).shape
        paddle.Size([2, 3])
    """
    return _to_out(manipulation.concat(x, axis), out)


def clamp(x, min=None, max=None, name=None, *, out=None):  # noqa: A002  (PaddlePaddle's names)
    """Another name of paddle.clip.

    Args:
        x (Tensor): The input tensor.
        min (int|float|Tensor, optional): The lower bound; None (the default) means none.
        max (int|float|Tensor, optional): The upper bound, not below min (ValueError
            otherwise); None (the default) means none.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that receives the result (its data, dtype and shape),
            and is returned; None (the default) makes a new tensor.

    Returns:
        Tensor: x limited to [min, max], of x's shape (out when given).

    Example:
        >>> paddle.clamp(paddle.to_tensor([-2.0, 0.5, 3.0]), -1.0, 1.0).numpy()
        array([-1. ,  0.5,  1. ], dtype=float32)
    """
    return _to_out(numeric.clip(x, min, max), out)


def _dims(first, rest, fn):
    """The dims given as one list or as separate ints (``x.permute(2, 0, 1)``)."""
    if rest:
        return [first, *rest]
    if isinstance(first, (numbers.Integral, Tensor)):
        raise TypeError(f"[{fn}] dims must be a list or tuple of ints, got {first!r}")
    return list(first)


def permute(input, dims, *more_dims):  # noqa: A002  (PaddlePaddle's name)
    """input with its dims in the order ``dims`` (a list, or the dims as separate ints).

    Args:
        input (Tensor): The input, a Tensor of any dtype.
        dims (list|tuple|int): A permutation of input's dims, or its first dim when the dims are
            given as separate ints.
        *more_dims (int): The other dims, when they are given as separate ints.

    Returns:
        Tensor: input with permuted dims, of input's dtype.

    Example:
        >>> paddle.permute(paddle.ones([2, 3, 4]), [2, 0, 1]).shape
        paddle.Size([4, 2, 3])
        >>> paddle.ones([2, 3, 4]).permute(2, 0, 1).shape
        paddle.Size([4, 2, 3])
    """
    return manipulation.transpose(input, _dims(dims, more_dims, "permute"))


def _swap(x, perm, second, fn):
    """paddle.transpose's perm, or, given two ints, the two dims to exchange."""
    check_tensor(x, "x", fn)
    if isinstance(perm, numbers.Integral) and isinstance(second, numbers.Integral):
        order = list(range(x.ndim))
        a, b = (axis_arg(d, x, fn) for d in (perm, second))
        order[a], order[b] = order[b], order[a]
        return manipulation.transpose(x, order)
    return manipulation.transpose(x, perm)


def swapaxes(x, perm, name=None):
    """paddle.transpose under another name: ``perm`` lists every dim, or
    ``swapaxes(x, 0, 2)`` exchanges two dims (as PaddlePaddle accepts).

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        perm (list|tuple|int): A permutation of x's dims, or the first of two dims to exchange.
        name (int|str, optional): The second dim to exchange when ``perm`` is an int; otherwise
            unused (PaddlePaddle's op name). Default None.

    Returns:
        Tensor: x with permuted dims, of x's dtype.

    Example:
        >>> paddle.swapaxes(paddle.ones([2, 3]), [1, 0]).shape
        paddle.Size([3, 2])
        >>> paddle.swapaxes(paddle.ones([2, 3, 4]), 0, 2).shape
        paddle.Size([4, 3, 2])
    """
    return _swap(x, perm, name, "swapaxes")


def swapdims(x, perm, name=None):
    """paddle.transpose under another name: ``perm`` lists every dim, or
    ``swapdims(x, 0, 2)`` exchanges two dims (as PaddlePaddle accepts).

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        perm (list|tuple|int): A permutation of x's dims, or the first of two dims to exchange.
        name (int|str, optional): The second dim to exchange when ``perm`` is an int; otherwise
            unused (PaddlePaddle's op name). Default None.

    Returns:
        Tensor: x with permuted dims, of x's dtype.

    Example:
        >>> paddle.swapdims(paddle.ones([2, 3, 1]), [2, 0, 1]).shape
        paddle.Size([1, 2, 3])
    """
    return _swap(x, perm, name, "swapdims")


_ROUNDING = {None: math.divide, "trunc": None, "floor": math.floor_divide}


def div(x, y, name=None, *, rounding_mode=None, out=None):
    """x / y: true division (rounding_mode None), rounded toward zero
    ('trunc') or toward minus infinity ('floor').

    Args:
        x (Tensor|int|float): The dividend.
        y (Tensor|int|float): The divisor; x and y broadcast together as in NumPy.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        rounding_mode (str, optional): None (the default) for true division (float result),
            'trunc' to round toward zero or 'floor' toward minus infinity (both keep integer
            dtypes); anything else raises ValueError.
        out (Tensor, optional): A tensor that receives the result (its data, dtype and shape),
            and is returned; None (the default) makes a new tensor.

    Returns:
        Tensor: The quotient, of the broadcast shape (out when given).

    Example:
        >>> paddle.div(paddle.to_tensor([7.0, -7.0]), paddle.to_tensor([2.0, 2.0]),
        ...            rounding_mode='trunc').numpy()
        array([ 3., -3.], dtype=float32)
    """
    if rounding_mode not in _ROUNDING:
        raise ValueError(f"[div] rounding_mode must be None, 'trunc' or 'floor', "
                         f"got {rounding_mode!r}")
    if rounding_mode is None:
        return _to_out(math.divide(x, y), out)
    check_tensor(x, "x", "div")
    if rounding_mode == "floor":
        return _to_out(math.floor_divide(x, y), out)
    if _dtype.is_floating_point(x.dtype):
        quotient = math.divide(x, y)
        # trunc(q) = sign(q) * floor(|q|), made of differentiable ops
        return _to_out(math.multiply(math.sign(quotient), math.floor(math.abs(quotient))), out)
    # integers: floor division, then one step back toward zero where the
    # signs differ and the division was not exact
    floored = math.floor_divide(x, y)
    inexact = logic.not_equal(math.multiply(floored, y), x)
    negative_q = logic.logical_xor(logic.less_than(x, math.multiply(x, 0)),
                                   logic.less_than(y, math.multiply(y, 0)))
    step = manipulation.cast(logic.logical_and(inexact, negative_q), floored.dtype)
    return _to_out(math.add(floored, step), out)


def mul(x, y, name=None, *, out=None):
    """Another name of paddle.multiply.

    Args:
        x (Tensor): The first operand, a Tensor of any numeric or bool dtype.
        y (Tensor|int|float): The second operand: a Tensor broadcastable with ``x`` (of x's
        dtype unless both are floating-point), or a number.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): Keyword only: a Tensor the result is also written into.
            Default None.

    Returns:
        Tensor: The products (``out`` when given), of the broadcast shape and promoted dtype.

    Example:
        >>> paddle.mul(paddle.to_tensor([2.0]), paddle.to_tensor([3.0])).numpy()
        array([6.], dtype=float32)
    """
    return _to_out(math.multiply(x, y), out)


def sub(x, y, name=None, *, alpha=1, out=None):
    """x - alpha * y.

    Args:
        x (Tensor): The first operand, a Tensor of a numeric dtype.
        y (Tensor|int|float): The second operand: a Tensor broadcastable with ``x`` (of x's
        dtype unless both are floating-point), or a number.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        alpha (int|float, optional): Keyword only: the factor of y. Default 1.
        out (Tensor, optional): Keyword only: a Tensor the result is also written into.
            Default None.

    Returns:
        Tensor: The differences (``out`` when given), of the broadcast shape and promoted dtype.

    Example:
        >>> paddle.sub(paddle.to_tensor([5.0]), paddle.to_tensor([1.0]), alpha=2).numpy()
        array([3.], dtype=float32)
    """
    if alpha != 1:
        y = math.scale(y, float(alpha)) if isinstance(y, Tensor) else y * alpha
    return _to_out(math.subtract(x, y), out)


def true_divide(input, other, *, out=None):  # noqa: A002  (PaddlePaddle's name)
    """Another name of paddle.divide.

    Args:
        input (Tensor): The dividend, a Tensor of a numeric dtype.
        other (Tensor|int|float): The divisor: a Tensor broadcastable with ``input``, or a number.
        out (Tensor, optional): Keyword only: a Tensor the result is also written into.
            Default None.

    Returns:
        Tensor: The quotients (``out`` when given); integer inputs give the default float dtype.

    Example:
        >>> paddle.true_divide(paddle.to_tensor([3, 4]), paddle.to_tensor([2, 2])).numpy()
        array([1.5, 2. ], dtype=float32)
    """
    return _to_out(math.divide(input, other), out)


def negative(x, name=None):
    """Another name of paddle.neg: -x.

    Args:
        x (Tensor): The input, a Tensor of a numeric dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: -x, of x's shape and dtype.

    Example:
        >>> paddle.negative(paddle.to_tensor([1.0, -2.0])).numpy()
        array([-1.,  2.], dtype=float32)
    """
    return math.neg(x)


def positive(x, name=None):
    """x itself (+x); a bool tensor has no sign and is refused.

    Args:
        x (Tensor): The input, a Tensor of a numeric dtype (bool raises TypeError).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x itself.

    Example:
        >>> paddle.positive(paddle.to_tensor([1.0, -2.0])).numpy()
        array([ 1., -2.], dtype=float32)
    """
    check_tensor(x, "x", "positive")
    if x.dtype.name == "bool":
        raise TypeError("[positive] the unary + operator (positive) does not support bool "
                        "tensors")
    return x


def ravel(input):  # noqa: A002  (PaddlePaddle's name)
    """input flattened to one dim.

    Args:
        input (Tensor): The input, a Tensor of any dtype.

    Returns:
        Tensor: A 1-D Tensor of input's elements in row-major order and input's dtype.

    Example:
        >>> paddle.ravel(paddle.ones([2, 3])).shape
        paddle.Size([6])
    """
    return manipulation.flatten(input)


def view(x, shape_or_dtype, *more_dims, name=None):
    """x with another shape (a list of ints or separate ints, one may be -1), or its
    bytes read as another dtype (the last dim scales by the ratio of the item
    sizes; no gradient flows through a dtype view).

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        shape_or_dtype (list|tuple|Tensor|int|str|paddle.dtype): The new shape (a list, or its
            first dim when the dims are given as separate ints; one may be -1), or the dtype to
            read x's bytes as.
        *more_dims (int): The other dims, when they are given as separate ints.
        name (str, optional): Keyword only; for PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x in the new shape, or x's bytes as the new dtype (its last dim scaled by the
        ratio of the item sizes; ValueError when they do not divide evenly).

    Example:
        >>> paddle.view(paddle.ones([2, 3]), [3, 2]).shape
        paddle.Size([3, 2])
        >>> paddle.view(paddle.ones([2, 2], dtype='float32'), 'int32').tolist()[0]
        [1065353216, 1065353216]
    """
    check_tensor(x, "x", "view")
    if more_dims or isinstance(shape_or_dtype, numbers.Integral):
        shape_or_dtype = [shape_or_dtype, *more_dims]
    if isinstance(shape_or_dtype, (list, tuple, Tensor)):
        return manipulation.reshape(x, shape_list(shape_or_dtype, "view"))
    target = _dtype.convert_dtype(shape_or_dtype)
    arr = np.ascontiguousarray(x.numpy())
    new_np = _dtype.to_numpy_dtype(target)
    if x.ndim == 0 or (arr.shape[-1] * arr.itemsize) % np.dtype(new_np).itemsize:
        raise ValueError(f"[view] cannot view a {x.dtype.name} tensor of shape {list(x.shape)} "
                         f"as {target.name}: the last dim's bytes do not divide evenly")
    from .creation import to_tensor
    return to_tensor(arr.view(new_np))


def view_as(x, other, name=None):
    """x with the shape of ``other``.

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        other (Tensor): The Tensor whose shape the result takes; it must have x's number of
            elements.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x in other's shape, of x's dtype.

    Example:
        >>> paddle.view_as(paddle.ones([6]), paddle.zeros([2, 3])).shape
        paddle.Size([2, 3])
    """
    check_tensor(other, "other", "view_as")
    return manipulation.reshape(x, list(other.shape))


def matrix_transpose(x, name=None):
    """x with its last two dims exchanged.

    Args:
        x (Tensor): The input, a Tensor of rank >= 2 (else ValueError).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x with its last two dims exchanged, of x's dtype.

    Example:
        >>> paddle.matrix_transpose(paddle.ones([4, 2, 3])).shape
        paddle.Size([4, 3, 2])
    """
    check_tensor(x, "x", "matrix_transpose")
    if x.ndim < 2:
        raise ValueError(f"[matrix_transpose] x must have at least 2 dims, got {x.ndim}")
    perm = list(range(x.ndim))
    perm[-2], perm[-1] = perm[-1], perm[-2]
    return manipulation.transpose(x, perm)


def take_along_dim(arr, indices, axis, broadcast=True, *, out=None):
    """Another name of paddle.take_along_axis.

    Args:
        arr (Tensor): The input, a Tensor of any dtype.
        indices (Tensor): An int32/int64 Tensor of arr's rank, with indices along ``axis``.
        axis (int): The dim to take along, in [-rank, rank).
        broadcast (bool, optional): Whether arr and indices broadcast over the other dims.
            Default True.
        out (Tensor, optional): Keyword only: a Tensor the result is also written into.
            Default None.

    Returns:
        Tensor: A Tensor of arr's dtype and (broadcast) indices' shape (``out`` when given).

    Example:
        >>> arr = paddle.to_tensor([[3.0, 1.0]])
        >>> paddle.take_along_dim(arr, paddle.to_tensor([[1]]), 1).numpy()
        array([[1.]], dtype=float32)
    """
    return _to_out(gather_scatter.take_along_axis(arr, indices, axis, broadcast), out)


def reverse(x, axis, name=None):
    """Another name of paddle.flip.

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        axis (int|list|tuple): The dim or dims to reverse.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x reversed along those dims, of x's shape and dtype.

    Example:
        >>> paddle.reverse(paddle.to_tensor([1, 2, 3]), 0).numpy()
        array([3, 2, 1])
    """
    if isinstance(axis, numbers.Integral):
        axis = [axis]
    return layout.flip(x, axis)
