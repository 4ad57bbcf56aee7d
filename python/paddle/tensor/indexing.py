"""Tensor.__getitem__ as numpy reads an index: basic indices (ints, slices,
None, Ellipsis) through strided_slice, advanced ones (int arrays, lists and
Tensors per axis, bool masks) through gather_nd, so gradients flow. An index
past the end is an IndexError."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, op, reshape_exact

__all__ = []  # used by Tensor.__getitem__/__setitem__; nothing public

_strided_slice = op("strided_slice", ["Input"], ["axes", "starts", "ends", "strides"])
_transpose = op("transpose2", ["X"], ["axis"])
_gather_nd = op("gather_nd", ["X", "Index"])
_cast = op("cast", ["X"], ["in_dtype", "out_dtype"])
_masked_select = op("masked_select", ["X", "Mask"], [], ["Y"])

# The dtypes gather_nd and scatter have kernels for; others go through int32 or float32.
_KERNEL_DTYPES = (_dtype.float32, _dtype.float64, _dtype.int32, _dtype.int64, _dtype.complex64,
                  _dtype.complex128)


def _is_int(v):
    return isinstance(v, (numbers.Integral, np.integer)) and not isinstance(v, (bool, np.bool_))


def _is_int_dtype(t):
    return t.dtype.name in ("int32", "int64", "int16", "int8", "uint8")


def _slice_bounds(sl, size):
    """(start, stop, step, count) of a Python slice on a dim of ``size``, with a
    negative-step stop that strided_slice reads as "before the first element"."""
    start, stop, step = sl.indices(size)
    n = len(range(start, stop, step))
    if step < 0 and stop < 0:
        stop = -size - 1
    return start, stop, step, n


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
            start, stop, step, n = _slice_bounds(it, shape[d])
            if (start, step, n) != (0, 1, shape[d]):  # a whole dim needs no slicing
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
    return reshape_exact(y, out_shape)


def numpy_items(index):
    """The index as a tuple numpy understands: Tensors and lists become arrays."""
    items = index if isinstance(index, tuple) else (index,)
    out = []
    for it in items:
        if isinstance(it, Tensor):
            it = it.numpy()
        elif isinstance(it, list):
            it = np.asarray([v.numpy() if isinstance(v, Tensor) else v for v in it])
            if it.size == 0:
                it = it.astype(np.int64)
        if isinstance(it, np.ndarray) and it.dtype.kind not in "iub":
            raise IndexError(f"index arrays must hold ints or bools, got {it.dtype}")
        if isinstance(it, np.ndarray) and it.ndim == 0 and it.dtype.kind in "iu":
            it = int(it)  # a 0-D int tensor is an int index
        if isinstance(it, (bool, np.bool_)) or (isinstance(it, np.ndarray) and it.ndim == 0
                                                and it.dtype == np.bool_):
            raise IndexError("a bool scalar index is not supported; use a bool mask tensor")
        if not (it is None or it is Ellipsis or isinstance(it, (slice, np.ndarray))
                or _is_int(it)):
            raise IndexError(f"unsupported index {it!r}: use ints, slices, None, '...', "
                             "int arrays or bool masks")
        out.append(it)
    return tuple(out)


def _expand_items(items, shape):
    """Ellipsis as full slices, bool masks as their nonzero int arrays, and
    full slices for the dims left over."""
    if sum(1 for it in items if it is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    consuming = sum(it.ndim if isinstance(it, np.ndarray) and it.dtype == np.bool_ else 1
                    for it in items if it is not None and it is not Ellipsis)
    if consuming > len(shape):
        raise IndexError(f"too many indices for a tensor of {len(shape)} dims: {consuming} given")
    out, d = [], 0
    for it in items:
        if it is Ellipsis:
            out.extend([slice(None)] * (len(shape) - consuming))
            d += len(shape) - consuming
        elif isinstance(it, np.ndarray) and it.dtype == np.bool_:
            if list(it.shape) != list(shape[d:d + it.ndim]):
                raise IndexError(f"the bool mask of shape {list(it.shape)} does not match the "
                                 f"indexed dims {shape[d:d + it.ndim]} from axis {d}")
            out.extend(np.nonzero(it))
            d += it.ndim
        else:
            out.append(it)
            d += it is not None
    out.extend([slice(None)] * (len(shape) - d))
    return out


def to_kernel_dtype(x):
    """x, or x cast to int32 / float32 where gather_nd and scatter have no
    kernel for its dtype."""
    if x.dtype in _KERNEL_DTYPES:
        return x
    work = _dtype.float32 if _dtype.is_floating_point(x.dtype) else _dtype.int32
    return _cast(x, x.dtype.code, work.code)


def _is_whole_mask(items, x):
    if len(items) != 1 or not isinstance(items[0], np.ndarray):
        return False
    mask = items[0]
    return (mask.dtype == np.bool_ and list(mask.shape) == x.shape and x.ndim > 0
            and x.dtype in _KERNEL_DTYPES)


def advanced_index(x, index):
    """x[index] where the index has int arrays or bool masks. As PaddlePaddle
    (and torch) read it, ints and slices apply first; then numpy's rule for
    the arrays: their dims go where the first one is when the arrays are next
    to each other, else first."""
    items = numpy_items(index)
    if _is_whole_mask(items, x):  # the common x[x > 0]: one masked_select
        return _masked_select(x, Tensor._from_numpy(np.ascontiguousarray(items[0])))
    items = _expand_items(items, x.shape)
    y = basic_index(x, tuple(slice(None) if isinstance(it, np.ndarray) else it for it in items))
    # The dims of y: one per None, slice and array; ints are gone.
    items = [it for it in items if not _is_int(it)]
    arrays, positions = [], []
    for d, it in enumerate(items):
        if not isinstance(it, np.ndarray):
            continue
        a = it.astype(np.int64)
        size = y.shape[d]
        bad = (a < -size) | (a >= size)
        if bad.any():
            raise IndexError(f"index {int(a[bad].reshape(-1)[0])} is out of bounds for dim {d} "
                             f"with size {size}")
        arrays.append(a % max(size, 1))
        positions.append(d)
    try:
        arrays = np.broadcast_arrays(*arrays)
    except ValueError:
        shapes = [list(a.shape) for a in arrays]
        raise IndexError(f"shape mismatch: the index arrays of shapes {shapes} cannot be "
                         "broadcast together") from None
    rest = [d for d in range(y.ndim) if d not in positions]
    if positions + rest != list(range(y.ndim)):
        y = _transpose(y, positions + rest)
    coords = Tensor._from_numpy(np.ascontiguousarray(np.stack(arrays, axis=-1)))
    out = _gather_nd(to_kernel_dtype(y), coords)
    if out.dtype != y.dtype:
        out = _cast(out, out.dtype.code, y.dtype.code)
    first, nb = positions[0], arrays[0].ndim
    if positions == list(range(first, first + len(positions))) and first > 0:
        out = _transpose(out, list(range(nb, nb + first)) + list(range(nb))
                         + list(range(nb + first, out.ndim)))
    return out


def get_index(x, index):
    """x[index] for any supported index."""
    out = basic_index(x, index)
    return advanced_index(x, index) if out is None else out
