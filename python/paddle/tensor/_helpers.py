"""Shared by the tensor functions: op callers, argument checks, shapes."""
import numbers

import numpy as np

from .. import _core
from ..framework import dtypes as _dtype

Tensor = _core.Tensor


def op(type, inputs, attrs=(), outputs=("Out",)):
    """An eager caller of one op, made once at import (slot and attribute
    names are resolved then, not per call)."""
    return _core.OpCaller(type, list(inputs), list(attrs), list(outputs))


def check_tensor(x, name, fn):
    if not isinstance(x, Tensor):
        raise TypeError(f"[{fn}] {name} must be a paddle.Tensor, got {type(x).__name__}")
    return x


def check_same_tensors(inputs, fn):
    """inputs: a non-empty list or tuple of Tensors of one shape and dtype."""
    if not isinstance(inputs, (list, tuple)) or not inputs:
        raise TypeError(f"[{fn}] inputs must be a non-empty list or tuple of Tensors, got "
                        f"{type(inputs).__name__}")
    for i, t in enumerate(inputs):
        check_tensor(t, f"inputs[{i}]", fn)
        if t.shape != inputs[0].shape or t.dtype != inputs[0].dtype:
            raise ValueError(f"[{fn}] inputs must share one shape and dtype: inputs[{i}] is "
                             f"{t.dtype.name} {t.shape}, inputs[0] {inputs[0].dtype.name} "
                             f"{inputs[0].shape}")
    return list(inputs)


def shape_list(shape, fn):
    """A shape given as a list/tuple of ints (or one-element Tensors), or a
    1-D int Tensor, as a list of ints."""
    if isinstance(shape, Tensor):
        return [int(v) for v in shape.numpy().reshape(-1)]
    if isinstance(shape, numbers.Integral):
        return [int(shape)]
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"[{fn}] shape must be a list, tuple or Tensor, got {type(shape).__name__}")
    out = []
    for d in shape:
        if isinstance(d, Tensor):
            d = d.item()
        if not isinstance(d, (numbers.Integral, np.integer)) or isinstance(d, bool):
            raise TypeError(f"[{fn}] shape entries must be ints, got {type(d).__name__} {d!r}")
        out.append(int(d))
    return out


def dtype_code(d):
    return _dtype.convert_dtype(d).code


def scalar_value(v):
    """A Python number from a number or a one-element Tensor."""
    if isinstance(v, Tensor):
        return v.item()
    return v


def write_out(out, result, fn):
    """The ``out=`` argument: result written into out (returned), or result itself."""
    if out is None:
        return result
    check_tensor(out, "out", fn)
    out._assign_from(result)
    return out


def check_inplace(x, fn):
    """An in-place change of a leaf that wants a gradient would lose that
    gradient's meaning: PaddlePaddle refuses it (unless under no_grad)."""
    if x.is_leaf and not x.stop_gradient and _core.is_grad_enabled():
        raise ValueError(f"[{fn}] Leaf Tensor ({x.name}) that doesn't stop gradient can't use "
                         "inplace strategy: change a copy (x.clone()) or use paddle.no_grad()")


def graph_alias(x):
    """What an in-place op reads in place of x: x itself, or, when x is in a
    graph that records gradients, a copy of x made by an op (reshape to x's
    shape). The grad nodes of the op then keep the copy, so x can take the
    result (``_assign_from`` bumps x's version) and the gradient of what x
    held stays computable, as PaddlePaddle's in-place ops allow."""
    if x.stop_gradient or not _core.is_grad_enabled():
        return x
    return reshape_exact(x, list(x.shape))


def axis_arg(axis, x, fn):
    """One axis (an int or a one-element Tensor) of x, checked to be in
    [-rank, rank) (a 0-D x has the one axis 0), made non-negative."""
    if isinstance(axis, Tensor):
        axis = axis.item()
    if not isinstance(axis, (numbers.Integral, np.integer)) or isinstance(axis, bool):
        raise TypeError(f"[{fn}] axis must be an int, got {type(axis).__name__}")
    rank = max(x.ndim, 1)
    if not -rank <= axis < rank:
        raise ValueError(f"[{fn}] axis {axis} is out of range for a {x.ndim}-D tensor "
                         f"(expected in [{-rank}, {rank - 1}])")
    return int(axis) % rank


_reshape2 = op("reshape2", ["X"], ["shape"])
_fill_constant = op("fill_constant", [], ["shape", "dtype", "value", "str_value"])


def reshape_exact(x, shape):
    """x with exactly ``shape`` (no -1, and a 0 means an empty dim, where
    reshape2 reads 0 as "copy X's dim"). An empty result holds no values to
    differentiate, so it is made afresh."""
    if 0 not in shape:
        return _reshape2(x, list(shape))
    out = _fill_constant(list(shape), x.dtype.code, 0.0, "")
    out.stop_gradient = x.stop_gradient
    return out
