"""What paddle.save writes into its pickle and how paddle.load turns it back
into tensors: PaddlePaddle's format, so files move between the two both ways.

* A Tensor pickles as the call ``tuple(((name, ndarray),))``: the file
  unpickles without paddle into a ``(name, ndarray)`` pair, which load makes a
  Tensor named ``name`` again.
* A state_dict (a dict of Tensors, optionally with plain dicts beside them, as
  an optimizer's has) is saved as a dict of bare ndarrays plus the table
  ``"StructuredToParameterName@@"`` (key -> tensor name). Pickle protocols 2
  and 3 cannot hold an object over 4 GiB, so there an array of more than
  1 GiB is cut into flat slices ``"<key>@@.<i>"`` listed under
  ``"UnpackBigParamInfor@@"`` (key -> {"OriginShape", "slices"}).
* bfloat16 has no numpy type: its raw bits travel as uint16, and a uint16
  array loads as bfloat16 (as PaddlePaddle's ``to_tensor`` reads one).
"""
import collections
import math
import pickle
from collections.abc import Iterable

import numpy as np

from .. import _core
from . import dtypes as _dtype

Tensor = _core.Tensor

NAME_TABLE = "StructuredToParameterName@@"
BIG_PARAM_INFO = "UnpackBigParamInfor@@"  # PaddlePaddle's spelling, part of the format
# The most bytes one array may pickle as under protocols 2 and 3.
MAX_SLICE_BYTES = 2**30 - 1

_CONTAINERS = (dict, collections.OrderedDict, list, tuple)


def tensor_to_numpy(t):
    """``t``'s data as an ndarray (bfloat16 as its uint16 bits). It shares
    the tensor's memory: save pickles it at once, so no copy is needed."""
    if t.dtype == _dtype.bfloat16:
        # Every bfloat16 value is exact in float32, whose top 16 bits it is.
        as_f32 = np.ascontiguousarray(t.astype("float32").numpy())
        return (as_f32.view(np.uint32) >> 16).astype(np.uint16)
    return t.numpy()


def numpy_to_tensor(arr, name=None):
    """A Tensor (stop_gradient=True) holding ``arr``; uint16 is bfloat16 bits."""
    from ..tensor.creation import to_tensor

    if arr.dtype == np.uint16:
        bits = np.ascontiguousarray(arr).astype(np.uint32) << 16
        t = to_tensor(bits.view(np.float32)).astype("bfloat16")
    else:
        t = to_tensor(arr)
    if name is not None:
        t.name = name
    return t


def _reduce_tensor(t):
    return tuple, ((t.name, tensor_to_numpy(t)),)


class TensorPickler(pickle.Pickler):
    """A pickler that writes every Tensor (subclasses too) as ``(name, ndarray)``."""

    def reducer_override(self, obj):
        if isinstance(obj, Tensor):
            return _reduce_tensor(obj)
        return NotImplemented


def _is_layer(obj):
    import sys

    nn = sys.modules.get("paddle.nn")
    layer = getattr(nn, "Layer", None)
    return layer is not None and isinstance(obj, layer)


def check_picklable(obj):
    """Raises as PaddlePaddle does for what save refuses: a Layer, or an
    iterable other than dict/OrderedDict/list/tuple/set/str/ndarray/Tensor
    (a generator, range, bytes, a dict subclass ...), anywhere inside ``obj``."""
    if _is_layer(obj):
        raise ValueError("paddle do not support saving `paddle.nn.Layer` object.")
    if type(obj) in (dict, collections.OrderedDict):
        for v in obj.values():
            check_picklable(v)
    elif type(obj) in (list, tuple, set):
        for v in obj:
            check_picklable(v)
    elif isinstance(obj, Iterable) and not isinstance(obj, (str, np.ndarray, Tensor)):
        raise NotImplementedError(
            "The iterable objects supported are tuple, list, dict, OrderedDict, string. "
            f"But received {type(obj)}.")


def _contains(obj, pred):
    """Whether ``pred`` holds for ``obj`` or anything inside its dicts, lists and tuples."""
    if pred(obj):
        return True
    if type(obj) in (dict, collections.OrderedDict):
        return any(_contains(v, pred) for v in obj.values())
    if type(obj) in (list, tuple):
        return any(_contains(v, pred) for v in obj)
    return False


def is_state_dict(obj):
    """PaddlePaddle's test: a dict whose values are Tensors, or dicts that hold
    no Tensor (an optimizer's LR_Scheduler entry). An empty dict is one."""
    if not isinstance(obj, dict):
        return False
    for value in obj.values():
        if isinstance(value, dict):
            if any(_contains(v, lambda o: isinstance(o, Tensor) or _is_layer(o))
                   for v in value.values()):
                return False
        elif not isinstance(value, Tensor):
            return False
    return True


def state_dict_payload(state_dict, protocol):
    """The dict paddle.save pickles for a state_dict: ndarrays, the name table,
    and under protocols 2 and 3 big arrays cut into slices."""
    payload, names = {}, {}
    for key, value in state_dict.items():
        if isinstance(value, Tensor):
            payload[key] = tensor_to_numpy(value)
            names[key] = value.name
        else:
            payload[key] = value
    payload[NAME_TABLE] = names
    if protocol < 4:
        split_big_arrays(payload)
    return payload


def split_big_arrays(payload):
    """Replaces each top-level ndarray over MAX_SLICE_BYTES by flat slices of
    at most that size and records how to join them under BIG_PARAM_INFO."""
    info = {}
    for key in list(payload):
        value = payload[key]
        if not isinstance(value, np.ndarray):
            continue
        per_slice = MAX_SLICE_BYTES // value.dtype.itemsize
        if value.size <= per_slice:
            continue
        flat = value.reshape(-1)
        slices = [f"{key}@@.{i}" for i in range(math.ceil(value.size / per_slice))]
        info[key] = {"OriginShape": value.shape, "slices": slices}
        del payload[key]
        for i, part in enumerate(slices):
            payload[part] = flat[i * per_slice:(i + 1) * per_slice]
    if info:
        payload[BIG_PARAM_INFO] = info
    return payload


def join_big_arrays(loaded):
    """Undoes split_big_arrays on a loaded dict (in place)."""
    info = loaded.pop(BIG_PARAM_INFO, None)
    if not isinstance(info, dict):
        return loaded
    for key, entry in info.items():
        try:
            parts = [loaded.pop(part) for part in entry["slices"]]
            loaded[key] = np.concatenate(parts).reshape(entry["OriginShape"])
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"paddle.load: the slices of the big parameter '{key}' are "
                             f"missing or do not fit its shape ({e})") from None
    return loaded


def _is_named_array(obj):
    return (type(obj) is tuple and len(obj) == 2 and isinstance(obj[0], str)
            and isinstance(obj[1], np.ndarray))


def _convert_each(obj, pred, convert):
    """``obj`` with every part for which ``pred`` holds converted, through
    dicts, lists, tuples and sets; other iterables raise as in PaddlePaddle."""
    if pred(obj):
        return convert(obj)
    if type(obj) in (dict, collections.OrderedDict):
        for k in list(obj):
            obj[k] = _convert_each(obj[k], pred, convert)
        return obj
    if type(obj) is list:
        obj[:] = [_convert_each(v, pred, convert) for v in obj]
        return obj
    if type(obj) is tuple:
        return tuple(_convert_each(v, pred, convert) for v in obj)
    if type(obj) is set:
        return {_convert_each(v, pred, convert) for v in obj}
    if isinstance(obj, Iterable) and not isinstance(obj, (str, np.ndarray, Tensor)):
        raise NotImplementedError(
            "The iterable objects supported are tuple, list, dict, OrderedDict, string. "
            f"But received {type(obj)}.")
    return obj


def restore(loaded, return_numpy, keep_name_table):
    """The object paddle.load returns for what the pickle held."""
    if isinstance(loaded, dict):
        join_big_arrays(loaded)
        if NAME_TABLE in loaded:
            names = loaded[NAME_TABLE]
            if not isinstance(names, dict):
                raise ValueError(f"paddle.load: '{NAME_TABLE}' must map keys to tensor names, "
                                 f"got {type(names).__name__}")
            for key, name in names.items():
                value = loaded.get(key)
                if isinstance(value, np.ndarray) and not return_numpy:
                    loaded[key] = numpy_to_tensor(value, name)
            if not keep_name_table:
                del loaded[NAME_TABLE]
            return loaded
    # Files with (name, ndarray) pairs (saved Tensors) keep their other arrays
    # as numpy; files without any (numpy data only) get every array as a Tensor.
    if _contains(loaded, _is_named_array):
        convert = (lambda p: p[1]) if return_numpy else (lambda p: numpy_to_tensor(p[1], p[0]))
        return _convert_each(loaded, _is_named_array, convert)
    convert = (lambda a: a) if return_numpy else numpy_to_tensor
    return _convert_each(loaded, lambda o: isinstance(o, np.ndarray), convert)
