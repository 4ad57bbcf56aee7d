"""Helpers for the optimizers' state tensors: creating them and loading a
saved value into them."""
import numpy as np

from ..framework import dtypes as _dtype
from ..tensor._helpers import Tensor


def numpy_dtype(dtype):
    return _dtype.to_numpy_dtype(dtype)


def filled(name, shape, dtype, value):
    """A persistable tensor named ``name`` of ``shape`` filled with ``value``
    (exactly: the value is rounded once, to ``dtype``). In static mode: a
    persistable variable that the startup program fills."""
    from ..static.mode import _building

    if _building():
        from ..static import create_global_var

        return create_global_var(list(shape), value, dtype, persistable=True, name=name)
    t = Tensor._from_numpy(np.full(list(shape), value, dtype=numpy_dtype(dtype)))
    t.name = name
    t.persistable = True
    t.stop_gradient = True
    return t


def set_value(var, value):
    """Copies ``value`` (a Tensor or array-like) into ``var``'s own memory."""
    arr = value.numpy() if isinstance(value, Tensor) else np.asarray(value)
    dst = var.numpy()
    if list(arr.shape) != list(dst.shape):
        raise ValueError(f"The shape of the value to load into {var.name} is {list(arr.shape)}, "
                         f"which does not match its shape {list(dst.shape)}")
    dst[...] = arr.astype(dst.dtype, copy=False)
