"""Tensor.__getitem__ for basic indices: ints, slices (any step), None and
Ellipsis, as numpy reads them. An int past the end is an IndexError."""
import numbers

import numpy as np

from ._helpers import Tensor, op

_strided_slice = op("strided_slice", ["Input"], ["axes", "starts", "ends", "strides"])
_reshape = op("reshape2", ["X"], ["shape"])


def _is_int(v):
    return isinstance(v, (numbers.Integral, np.integer)) and not isinstance(v, (bool, np.bool_))


def basic_index(x, index):
    """x[index] for a basic index; None when the index needs advanced indexing."""
    items = index if isinstance(index, tuple) else (index,)
    for it in items:
        if it is None or it is Ellipsis or isinstance(it, slice) or _is_int(it):
            continue
        if isinstance(it, Tensor) and it.ndim == 0 and _is_int_dtype(it):
            continue
        return None
    shape = x.shape
    consuming = sum(1 for it in items if it is not None and it is not Ellipsis)
    if sum(1 for it in items if it is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consuming > len(shape):
        raise IndexError(f"too many indices for a tensor of {len(shape)} dims: {consuming} given")
    axes, starts, ends, strides, out_shape = [], [], [], [], []
    d = 0
    for it in items:
        if it is None:
            out_shape.append(1)
        elif it is Ellipsis:
            for _ in range(len(shape) - consuming):
                out_shape.append(shape[d])
                d += 1
        elif isinstance(it, slice):
            start, stop, step = it.indices(shape[d])
            if step < 0 and stop < 0:
                stop = -shape[d] - 1  # "before the first element", not "the last"
            n = len(range(*it.indices(shape[d])))
            axes.append(d)
            starts.append(start)
            ends.append(stop)
            strides.append(step)
            out_shape.append(n)
            d += 1
        else:
            i = int(it.item() if isinstance(it, Tensor) else it)
            if not -shape[d] <= i < shape[d]:
                raise IndexError(f"index {i} is out of bounds for axis {d} with size {shape[d]}")
            i %= shape[d]
            axes.append(d)
            starts.append(i)
            ends.append(i + 1)
            strides.append(1)
            d += 1
    out_shape.extend(shape[d:])
    y = _strided_slice(x, axes, starts, ends, strides) if axes else x
    return _reshape(y, out_shape)


def _is_int_dtype(t):
    return t.dtype.name in ("int32", "int64", "int16", "int8", "uint8")
