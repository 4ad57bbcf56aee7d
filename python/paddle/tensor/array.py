"""paddle.tensor's creation helpers of the static-graph era, as PaddlePaddle 3.3.1 runs
them in dynamic mode: ``create_tensor``, ``fill_constant``, and the tensor arrays
(``create_array``, ``array_write``, ``array_read``, ``array_length``: Python lists of
Tensors). Tensor arrays inside static programs need array ops this build lacks, so there
they raise NotImplementedError."""

from ..framework import dtypes as _dtype
from ._helpers import Tensor, check_tensor, write_out
from .creation import empty, full

__all__ = ["create_tensor", "fill_constant", "create_array", "array_write", "array_read",
           "array_length"]


def _static_arrays(fn):
    from ..static.mode import _building

    if _building():
        raise NotImplementedError(f"[{fn}] tensor arrays in static programs need the "
                                  f"write_to_array/read_from_array ops, which this build lacks; "
                                  f"use it in dynamic mode (a Python list)")


def create_tensor(dtype, name=None, persistable=False):
    """An empty 0-D tensor of ``dtype`` for later assignment (``paddle.assign(x, out)``).

    Args:
        dtype (str|paddle.dtype): the element type.
        name (str, optional): the tensor's name. Default: None (a unique one).
        persistable (bool, optional): whether the tensor is marked persistable. Default: False.

    Returns:
        Tensor: a 0-D tensor of dtype.

    Example:
        >>> t = paddle.tensor.create_tensor("float32")
        >>> t.dtype, t.shape
        (paddle.float32, paddle.Size([]))
    """
    from ..utils import unique_name

    out = empty([], dtype=_dtype.convert_dtype(dtype))
    out.name = name or unique_name.generate("create_tensor")
    out.persistable = bool(persistable)
    return out


def fill_constant(shape, dtype, value, force_cpu=False, out=None, place=None, name=None):
    """A tensor of ``shape`` and ``dtype`` with every element ``value`` (``paddle.full``),
    written into ``out`` when given.

    Args:
        shape (list|tuple|Tensor): the shape.
        dtype (str|paddle.dtype): the element type.
        value (bool|float|int|Tensor): the value (a one-element Tensor is read).
        force_cpu (bool, optional): unused (the data is on the CPU). Default: False.
        out (Tensor, optional): a tensor that takes the result and is returned. Default: None.
        place (str, optional): 'cpu' or None. Default: None.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: the filled tensor (out when given).

    Example:
        >>> paddle.tensor.fill_constant([2], "int64", 3).tolist()
        [3, 3]
    """
    if isinstance(value, Tensor):
        value = value.item()
    return write_out(out, full(shape, value, dtype=dtype), "fill_constant")


def create_array(dtype, initialized_list=None):
    """A tensor array: a Python list of Tensors of ``dtype``.

    Args:
        dtype (str|paddle.dtype): the element type of its tensors.
        initialized_list (list|tuple, optional): Tensors of dtype to start with. Default: None.

    Returns:
        list: the array.

    Example:
        >>> arr = paddle.tensor.create_array("float32", [paddle.ones([2])])
        >>> len(arr)
        1
    """
    _static_arrays("create_array")
    d = _dtype.convert_dtype(dtype)
    items = list(initialized_list or [])
    for k, t in enumerate(items):
        check_tensor(t, f"initialized_list[{k}]", "create_array")
        if t.dtype != d:
            raise TypeError(f"[create_array] initialized_list[{k}] must be {d.name}, got "
                            f"{t.dtype.name}")
    return items


def _index(i, fn):
    if not isinstance(i, Tensor):
        raise TypeError(f"[{fn}] i must be a Tensor (int64, one element), got "
                        f"{type(i).__name__}")
    if i.size != 1 or not _dtype.is_integer(i.dtype):
        raise ValueError(f"[{fn}] i must hold one integer, got {i.dtype.name} {i.shape}")
    return int(i.item())


def array_write(x, i, array=None):
    """Writes ``x`` at position ``i`` of a tensor array (appending when i is its length).

    Args:
        x (Tensor): the tensor to write.
        i (Tensor): the position: one integer, at most the array's length.
        array (list, optional): the array; None starts a new one. Default: None.

    Returns:
        list: the array.

    Example:
        >>> arr = paddle.tensor.array_write(paddle.ones([2]), paddle.zeros([1], "int64"))
        >>> paddle.tensor.array_length(arr)
        1
    """
    _static_arrays("array_write")
    check_tensor(x, "x", "array_write")
    pos = _index(i, "array_write")
    array = [] if array is None else array
    if not isinstance(array, list):
        raise TypeError(f"[array_write] array must be a list, got {type(array).__name__}")
    if not 0 <= pos <= len(array):
        raise IndexError(f"[array_write] i ({pos}) must be in [0, {len(array)}]")
    if pos == len(array):
        array.append(x)
    else:
        array[pos] = x
    return array


def array_read(array, i):
    """The tensor at position ``i`` of a tensor array.

    Args:
        array (list): the array.
        i (Tensor): the position: one integer.

    Returns:
        Tensor: the tensor there.

    Example:
        >>> arr = [paddle.ones([2])]
        >>> paddle.tensor.array_read(arr, paddle.zeros([1], "int64")).tolist()
        [1.0, 1.0]
    """
    _static_arrays("array_read")
    if not isinstance(array, list):
        raise TypeError(f"[array_read] array must be a list, got {type(array).__name__}")
    pos = _index(i, "array_read")
    if not 0 <= pos < len(array):
        raise IndexError(f"[array_read] i ({pos}) must be in [0, {len(array)})")
    return array[pos]


def array_length(array):
    """The number of tensors in a tensor array.

    Args:
        array (list): the array.

    Returns:
        int: its length.

    Example:
        >>> paddle.tensor.array_length([paddle.ones([1]), paddle.ones([1])])
        2
    """
    _static_arrays("array_length")
    if not isinstance(array, list):
        raise TypeError(f"[array_length] array must be a list, got {type(array).__name__}")
    return len(array)


