"""Tensor.__setitem__ for basic and advanced indices, out of place: the new
tensor is x with the indexed elements replaced (scatter on the flat
positions that x[index] reads), and x takes its data and its place in the
graph, so gradients flow to x's untouched elements and to the value."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, check_inplace, op, reshape_exact
from .indexing import get_index, to_kernel_dtype
from .layout import broadcast_as_needed

__all__ = []  # used by Tensor.__getitem__/__setitem__; nothing public

_reshape = op("reshape2", ["X"], ["shape"])
_scatter = op("scatter", ["X", "Ids", "Updates"], ["overwrite"])
_cast = op("cast", ["X"], ["in_dtype", "out_dtype"])

def _cast_to(t, d):
    return t if t.dtype == d else _cast(t, t.dtype.code, d.code)


def _value_tensor(value, dtype):
    if isinstance(value, Tensor):
        return _cast_to(value, dtype)
    if isinstance(value, (numbers.Number, np.number, np.bool_, np.ndarray, list, tuple)):
        arr = np.asarray(value)
        if arr.dtype.kind not in "biufc":
            raise TypeError(f"can only assign numbers, arrays or Tensors to a Tensor, got "
                            f"{arr.dtype}")
        return Tensor._from_numpy(np.ascontiguousarray(arr.astype(_dtype.to_numpy_dtype(dtype))))
    raise TypeError(f"can only assign numbers, arrays or Tensors to a Tensor, got "
                    f"{type(value).__name__}")


def _broadcast_value(value, target, index):
    """value expanded to the target shape by numpy's assignment rule."""
    shape = list(value.shape)
    while len(shape) > len(target) and shape[0] == 1:
        shape.pop(0)
    ok = len(shape) <= len(target) and all(
        v in (1, t) for v, t in zip(shape[::-1], target[::-1]))
    if not ok:
        raise ValueError(f"cannot assign a value of shape {value.shape} to x[{index!r}] of "
                         f"shape {target}")
    if shape != value.shape:
        value = reshape_exact(value, shape)
    return broadcast_as_needed(value, target)


def set_index(x, index, value):
    """x[index] = value, out of place (see the module docstring)."""
    check_inplace(x, "__setitem__")
    # The flat positions x[index] reads, in its layout (one indexing code path).
    flat_positions = Tensor._from_numpy(np.arange(x.size, dtype=np.int64).reshape(x.shape))
    positions = get_index(flat_positions, index).numpy()
    target = list(positions.shape)
    value = _broadcast_value(_value_tensor(value, x.dtype), target, index)
    if positions.size == 0:
        return
    flat = _reshape(to_kernel_dtype(x), [-1])
    ids = Tensor._from_numpy(np.ascontiguousarray(np.reshape(positions, [-1])))
    updates = _reshape(_cast_to(value, flat.dtype), [-1])
    out = _reshape(_scatter(flat, ids, updates, True), x.shape)
    x._assign_from(_cast_to(out, x.dtype))
