"""Unpickling that a damaged file cannot crash.

numpy rebuilds a pickled array by calling ``dtype.__setstate__`` and
``ndarray.__setstate__`` on the state the file holds, and trusts it: a
damaged state can rewrite numpy's shared dtype objects (a pickle that drops
``copy=True`` edits ``np.dtype('f4')`` itself) and crash the process later.
Here the numpy globals such a pickle names are replaced by builders that
check the state and make the array from its raw bytes; every other global
loads as plain pickle loads it (a file may hold any Python object, as in
PaddlePaddle).
"""
import math
import pickle

import numpy as np

_BYTE_ORDERS = ("<", ">", "|", "=")
# The dtype kinds rebuilt here: bool, integers, floats, complex, bytes, str, objects.
_KINDS = "biufcSUO"


class _DTypeSpec:
    """Stands for a pickled ``numpy.dtype(spec, align, copy)`` until its state is read."""

    def __init__(self, spec, align=False, copy=False):
        self.spec, self.state = spec, None

    def __setstate__(self, state):
        self.state = state

    def resolve(self):
        if not isinstance(self.spec, str):
            raise pickle.UnpicklingError(f"a pickled numpy dtype names {self.spec!r}, not a type code")
        try:
            dtype = np.dtype(self.spec)
        except TypeError as e:
            raise pickle.UnpicklingError(f"a pickled numpy dtype names {self.spec!r}: {e}") from None
        if dtype.kind not in _KINDS:
            raise pickle.UnpicklingError(f"numpy dtype {self.spec!r} (kind {dtype.kind!r}) is not "
                                         "read from pickles here")
        order = "="
        if self.state is not None:
            if not isinstance(self.state, tuple) or len(self.state) < 2:
                raise pickle.UnpicklingError("a pickled numpy dtype has a damaged state")
            order = self.state[1]
            if order not in _BYTE_ORDERS:
                raise pickle.UnpicklingError(f"a pickled numpy dtype has byte order {order!r}")
        return dtype.newbyteorder(order) if order in "<>" and dtype.itemsize > 1 else dtype


def _as_dtype(d):
    if isinstance(d, _DTypeSpec):
        return d.resolve()
    if isinstance(d, np.dtype):
        return d
    raise pickle.UnpicklingError(f"a pickled numpy array has dtype {type(d).__name__}")


def _check_shape(shape):
    if not isinstance(shape, tuple) or not all(type(n) is int and n >= 0 for n in shape):
        raise pickle.UnpicklingError(f"a pickled numpy array has shape {shape!r}")
    return shape


def _check_data(raw, dtype, shape):
    count = math.prod(shape)
    if dtype.hasobject:
        if not isinstance(raw, list) or len(raw) != count:
            raise pickle.UnpicklingError("a pickled numpy object array has damaged items")
    elif not isinstance(raw, (bytes, bytearray)) or len(raw) != count * dtype.itemsize:
        raise pickle.UnpicklingError(
            f"a pickled numpy array of shape {shape} and dtype {dtype} holds "
            f"{len(raw) if isinstance(raw, (bytes, bytearray)) else type(raw).__name__} bytes")


class CheckedArray(np.ndarray):
    """An ndarray whose pickled state is checked before numpy reads it;
    ``plain`` gives it back as a plain ndarray once loaded."""

    def __setstate__(self, state):
        if not isinstance(state, tuple) or len(state) != 5:
            raise pickle.UnpicklingError("a pickled numpy array has a damaged state")
        version, shape, dtype, fortran, raw = state
        dtype = _as_dtype(dtype)
        if isinstance(raw, bytearray):
            raw = bytes(raw)  # numpy would keep exporting the bytearray's buffer
        _check_data(raw, dtype, _check_shape(shape))
        np.ndarray.__setstate__(self, (version, shape, dtype, bool(fortran), raw))


def _reconstruct(cls, shape, typecode):
    if cls is not np.ndarray:
        raise pickle.UnpicklingError(f"numpy array subclass {cls!r} is not read from pickles here")
    return np.ndarray.__new__(CheckedArray, (0,), np.uint8)


def _scalar(dtype, raw=None):
    dtype = _as_dtype(dtype)
    if dtype.hasobject:
        return raw
    _check_data(raw, dtype, ())
    return np.frombuffer(bytes(raw), dtype)[0].copy()


def _frombuffer(buf, dtype, shape, order):
    dtype = _as_dtype(dtype)
    _check_data(bytes(buf), dtype, _check_shape(shape))
    return np.frombuffer(bytes(buf), dtype).reshape(shape, order=order if order in "CF" else "C")


_NUMPY_GLOBALS = {
    ("numpy", "dtype"): _DTypeSpec,
    ("numpy", "ndarray"): np.ndarray,
}
for _module in ("numpy._core.multiarray", "numpy.core.multiarray"):
    _NUMPY_GLOBALS[(_module, "_reconstruct")] = _reconstruct
    _NUMPY_GLOBALS[(_module, "scalar")] = _scalar
for _module in ("numpy._core.numeric", "numpy.core.numeric"):
    _NUMPY_GLOBALS[(_module, "_frombuffer")] = _frombuffer


class CheckedUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        found = _NUMPY_GLOBALS.get((module, name))
        return found if found is not None else super().find_class(module, name)


def plain(obj):
    """``obj`` with the CheckedArrays and dtype stand-ins in its dicts, lists,
    tuples and sets made plain numpy objects."""
    if isinstance(obj, CheckedArray):
        return obj.view(np.ndarray)
    if isinstance(obj, _DTypeSpec):
        return obj.resolve()
    if isinstance(obj, dict):
        for k in list(obj):
            obj[k] = plain(obj[k])
        return obj
    if type(obj) is list:
        obj[:] = [plain(v) for v in obj]
        return obj
    if type(obj) is tuple:
        return tuple(plain(v) for v in obj)
    if type(obj) is set:
        return {plain(v) for v in obj}
    return obj


def load(f):
    """What pickle.load(f, encoding="latin1") gives, with numpy data checked."""
    return plain(CheckedUnpickler(f, encoding="latin1").load())
