"""More of PaddlePaddle 3.3.1's shape functions: ``tolist``, ``crop``, ``unfold`` (sliding
windows), ``as_strided`` (a strided view of the flat data, copied) and ``shard_index`` (each
its op), ``split_with_sizes``, ``repeat`` (tile), the diagonal fills ``fill_diagonal_`` and
``fill_diagonal_tensor(_)``, ``resize_`` and ``set_``. unfold's windows gather the flat
positions (worked out with numpy), so gradients add up over the windows."""
import numbers

import numpy as np

from ._helpers import (
    Tensor, axis_arg, check_inplace, check_tensor, graph_alias, op, shape_list,
)
from .creation import to_tensor
from .layout import tile
from .manipulation import moveaxis, reshape, slice, split
from .scatter_extra import diagonal_scatter
from .search import index_select, where

_as_strided = op("as_strided", ["input"], ["dims", "stride", "offset"], outputs=["out"])
_shard_index = op("shard_index", ["X"], ["index_num", "nshards", "shard_id", "ignore_value"])

__all__ = ["tolist", "crop", "unfold", "as_strided", "shard_index", "split_with_sizes",
           "repeat", "fill_diagonal_", "fill_diagonal_tensor", "fill_diagonal_tensor_",
           "resize_", "set_"]


def _int(v, name, fn, low=None):
    if isinstance(v, Tensor):
        v = v.item()
    if not isinstance(v, (numbers.Integral, np.integer)) or isinstance(v, bool):
        raise TypeError(f"[{fn}] {name} must be an int, got {type(v).__name__}")
    if low is not None and v < low:
        raise ValueError(f"[{fn}] {name} must be >= {low}, got {v}")
    return int(v)


def tolist(x):
    """The values of x as nested Python lists (a number for a 0-D x).

    Args:
        x (Tensor): the tensor.

    Returns:
        list|int|float|bool|complex: the values.

    Example:
        >>> paddle.tolist(paddle.to_tensor([[1, 2], [3, 4]]))
        [[1, 2], [3, 4]]
    """
    check_tensor(x, "x", "tolist")
    return x.numpy().tolist()


def crop(x, shape=None, offsets=None, name=None):
    """The box of x of size ``shape`` starting at ``offsets``.

    Args:
        x (Tensor): the tensor.
        shape (list|tuple|Tensor, optional): the box's size per dim; -1 takes the rest of
            the dim after its offset. Default: None (x's shape).
        offsets (list|tuple|Tensor, optional): where the box starts per dim. Default: None
            (zeros).
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: the box, x's dtype; gradients flow to it.

    Example:
        >>> x = paddle.arange(12).reshape([3, 4])
        >>> paddle.crop(x, shape=[2, 2], offsets=[1, 1]).tolist()
        [[5, 6], [9, 10]]
    """
    check_tensor(x, "x", "crop")
    dims = list(x.shape)
    size = dims if shape is None else shape_list(shape, "crop")
    start = [0] * len(dims) if offsets is None else shape_list(offsets, "crop")
    if len(size) != len(dims) or len(start) != len(dims):
        raise ValueError(f"[crop] shape and offsets must have one entry per dim of x "
                         f"({len(dims)}), got shape {size} and offsets {start}")
    ends = []
    for i, (d, s, o) in enumerate(zip(dims, size, start)):
        s = d - o if s == -1 else s
        if o < 0 or s <= 0 or o + s > d:
            raise ValueError(f"[crop] dim {i}: the box [{o}, {o + s}) must lie in [0, {d}) "
                             f"with a positive size, got offset {o} and size {size[i]}")
        ends.append(o + s)
    return slice(x, list(range(len(dims))), start, ends)


def unfold(x, axis, size, step, name=None):
    """The windows of ``size`` elements along ``axis``, every ``step`` elements: the axis
    becomes the window count and a last dim of ``size`` is added.

    Args:
        x (Tensor): the tensor.
        axis (int): the dim to slide along.
        size (int): the window length (positive, at most the dim's size).
        step (int): the distance between window starts (positive).
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: shape x.shape with shape[axis] = (dim - size) // step + 1, then size.

    Example:
        >>> paddle.unfold(paddle.arange(6.0), 0, 3, 2).tolist()
        [[0.0, 1.0, 2.0], [2.0, 3.0, 4.0]]
    """
    check_tensor(x, "x", "unfold")
    axis = axis_arg(axis, x, "unfold")
    size, step = _int(size, "size", "unfold", 1), _int(step, "step", "unfold", 1)
    length = x.shape[axis] if x.ndim else 1
    if size > length:
        raise ValueError(f"[unfold] size {size} exceeds the size {length} of axis {axis}")
    count = (length - size) // step + 1
    idx = (np.arange(count)[:, None] * step + np.arange(size)).reshape(-1)
    src = reshape(x, [1]) if x.ndim == 0 else x
    picked = index_select(src, to_tensor(idx, dtype="int64"), axis=axis)
    dims = list(src.shape)
    windows = reshape(picked, dims[:axis] + [count, size] + dims[axis + 1:])
    return moveaxis(windows, axis + 1, -1)


def as_strided(x, shape, stride, offset=0, name=None):
    """The elements of x's row-major data at ``offset + sum(i[k] * stride[k])`` for each index
    i of ``shape`` (strides and offset in elements). Here the result is a copy, not a view.

    Args:
        x (Tensor): the tensor (its row-major data is read).
        shape (list|tuple): the result's shape.
        stride (list|tuple): the step in x's flat data per dim of the result (non-negative).
        offset (int, optional): the flat position of the first element. Default: 0.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: ``shape``, x's dtype; gradients flow to the elements read.

    Example:
        >>> x = paddle.arange(6.0)
        >>> paddle.as_strided(x, [2, 2], [1, 2], 1).tolist()
        [[1.0, 3.0], [2.0, 4.0]]
    """
    check_tensor(x, "x", "as_strided")
    shape, stride = shape_list(shape, "as_strided"), shape_list(stride, "as_strided")
    if len(shape) != len(stride):
        raise ValueError(f"[as_strided] shape and stride must have one length, got {shape} and "
                         f"{stride}")
    return _as_strided(x, shape, stride, _int(offset, "offset", "as_strided", 0))


def shard_index(input, index_num, nshards, shard_id, ignore_value=-1):  # noqa: A002
    """Labels as indices into one shard: a label in shard ``shard_id`` (of ``nshards``
    shards of ceil(index_num / nshards) labels) becomes its position in that shard, any
    other label ``ignore_value``.

    Args:
        input (Tensor): int32 or int64 labels in [0, index_num), rank >= 2, last dim 1.
        index_num (int): the number of labels.
        nshards (int): the number of shards (positive).
        shard_id (int): the shard, in [0, nshards).
        ignore_value (int, optional): the value of labels of other shards. Default: -1.

    Returns:
        Tensor: input's shape and dtype.

    Example:
        >>> label = paddle.to_tensor([[16], [1]])
        >>> paddle.shard_index(label, index_num=20, nshards=2, shard_id=0).tolist()
        [[-1], [1]]
    """
    check_tensor(input, "input", "shard_index")
    if input.dtype.name not in ("int32", "int64"):
        raise TypeError(f"[shard_index] input must be int32 or int64, got {input.dtype.name}")
    if input.ndim < 2 or input.shape[-1] != 1:
        raise ValueError(f"[shard_index] input must have rank >= 2 and a last dim of 1, got "
                         f"shape {input.shape}")
    index_num = _int(index_num, "index_num", "shard_index", 1)
    nshards = _int(nshards, "nshards", "shard_index", 1)
    shard_id = _int(shard_id, "shard_id", "shard_index", 0)
    if shard_id >= nshards:
        raise ValueError(f"[shard_index] shard_id must be in [0, {nshards}), got {shard_id}")
    return _shard_index(input, index_num, nshards, shard_id,
                        _int(ignore_value, "ignore_value", "shard_index"))


def split_with_sizes(self, split_sizes, dim=0):
    """``self`` (the tensor) split along ``dim`` into pieces of the given sizes (which sum
    to the dim's size).

    Args:
        split_sizes (list|tuple): the piece sizes (non-negative ints).
        dim (int, optional): the dim to split. Default: 0.

    Returns:
        list: the pieces (Tensors); gradients flow back.

    Example:
        >>> parts = paddle.tensor.split_with_sizes(paddle.arange(5), [2, 3])
        >>> [p.tolist() for p in parts]
        [[0, 1], [2, 3, 4]]
    """
    check_tensor(self, "self", "split_with_sizes")
    dim = axis_arg(dim, self, "split_with_sizes")
    sizes = shape_list(split_sizes, "split_with_sizes")
    if any(s < 0 for s in sizes) or sum(sizes) != self.shape[dim]:
        raise ValueError(f"[split_with_sizes] split_sizes must be non-negative and sum to the "
                         f"size {self.shape[dim]} of dim {dim}, got {sizes}")
    return split(self, sizes, axis=dim)


def repeat(input, repeats):  # noqa: A002  (PaddlePaddle's name)
    """x repeated ``repeats[k]`` times along each dim k (as ``tile``; more repeats than dims
    add leading dims).

    Args:
        input (Tensor): the tensor.
        repeats (int|list|tuple|Tensor): the repeat count per dim (positive ints).

    Returns:
        Tensor: input's dtype; gradients flow back.

    Example:
        >>> paddle.tensor.repeat(paddle.to_tensor([1, 2]), [2, 2]).tolist()
        [[1, 2, 1, 2], [1, 2, 1, 2]]
    """
    check_tensor(input, "input", "repeat")
    times = shape_list(repeats, "repeat")
    if len(times) < input.ndim:
        raise ValueError(f"[repeat] repeats must have at least one entry per dim of input "
                         f"({input.ndim}), got {times}")
    return tile(input, times)


def _diagonal_positions(dims, offset, wrap, fn):
    """The flat positions fill_diagonal_ writes, as PaddlePaddle 3.3.1 walks them: every
    sum-of-strides elements from 0 (up to the square part of a 2-D x unless wrap), each
    shifted by offset when that stays within the row."""
    if len(dims) < 2:
        raise ValueError(f"[{fn}] x must have at least 2 dims, got shape {dims}")
    if len(dims) > 2 and len(set(dims)) != 1:
        raise ValueError(f"[{fn}] a tensor of more than 2 dims must have equal dims, got "
                         f"{dims}")
    numel = int(np.prod(dims, dtype=np.int64))
    step = sum(int(np.prod(dims[k + 1:], dtype=np.int64)) for k in range(len(dims)))
    size = min(numel, dims[1] * dims[1]) if len(dims) == 2 and not wrap else numel
    starts = np.arange(0, size, step, dtype=np.int64)
    col = starts % dims[1] + offset
    return starts[(col >= 0) & (col < dims[1])] + offset


def fill_diagonal_(x, value, offset=0, wrap=False, name=None):
    """Fills the main diagonal of x (shifted by ``offset``) with ``value``, in place.

    Args:
        x (Tensor): a tensor of 2 or more dims (more dims: all of one size).
        value (float|int): the value to write.
        offset (int, optional): the diagonal: 0 the main one, > 0 above, < 0 below. Default: 0.
        wrap (bool, optional): for a tall 2-D x, whether the diagonal starts again below the
            square part (every cols + 1 elements). Default: False.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.zeros([2, 3])
        >>> x.fill_diagonal_(1.0).tolist()
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    """
    check_tensor(x, "x", "fill_diagonal_")
    check_inplace(x, "fill_diagonal_")
    offset = _int(offset, "offset", "fill_diagonal_")
    if not isinstance(value, numbers.Number):
        raise TypeError(f"[fill_diagonal_] value must be a number, got {type(value).__name__}")
    mask = np.zeros(x.size, bool)
    mask[_diagonal_positions(list(x.shape), offset, bool(wrap), "fill_diagonal_")] = True
    mask = mask.reshape(list(x.shape))
    src = graph_alias(x)
    x._assign_from(where(to_tensor(mask), to_tensor(value, dtype=x.dtype), src))
    return x


def fill_diagonal_tensor(x, y, offset=0, dim1=0, dim2=1, name=None):
    """x with the diagonal over dims ``dim1`` and ``dim2`` (shifted by ``offset``) replaced
    by y (as ``diagonal_scatter``).

    Args:
        x (Tensor): the tensor (2 or more dims).
        y (Tensor): the new diagonal: x's shape without dim1 and dim2, then the diagonal's
            length.
        offset (int, optional): the diagonal: 0 the main one, > 0 above, < 0 below. Default: 0.
        dim1 (int, optional): the first dim of the matrices. Default: 0.
        dim2 (int, optional): the second dim of the matrices. Default: 1.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype; gradients flow to x (off the diagonal) and y.

    Example:
        >>> x = paddle.zeros([2, 3])
        >>> x.fill_diagonal_tensor(paddle.to_tensor([1.0, 2.0]), offset=1).tolist()
        [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0]]
    """
    check_tensor(x, "x", "fill_diagonal_tensor")
    check_tensor(y, "y", "fill_diagonal_tensor")
    return diagonal_scatter(x, y, offset=offset, axis1=dim1, axis2=dim2)


def fill_diagonal_tensor_(x, y, offset=0, dim1=0, dim2=1, name=None):
    """In-place :func:`fill_diagonal_tensor`: x's diagonal replaced by y.

    Args:
        x (Tensor): the tensor (2 or more dims), changed in place.
        y (Tensor): the new diagonal (see fill_diagonal_tensor).
        offset (int, optional): the diagonal. Default: 0.
        dim1 (int, optional): the first dim of the matrices. Default: 0.
        dim2 (int, optional): the second dim of the matrices. Default: 1.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.zeros([2, 2])
        >>> x.fill_diagonal_tensor_(paddle.to_tensor([3.0, 4.0])).tolist()
        [[3.0, 0.0], [0.0, 4.0]]
    """
    check_tensor(x, "x", "fill_diagonal_tensor_")
    check_inplace(x, "fill_diagonal_tensor_")
    x._assign_from(fill_diagonal_tensor(graph_alias(x), y, offset, dim1, dim2))
    return x


def resize_(x, shape, fill_zero=False, name=None):
    """Gives x a new shape in place: its row-major data is kept as far as it goes, cut off or
    extended with zeros.

    Args:
        x (Tensor): the tensor, changed in place.
        shape (list|tuple): the new shape (non-negative ints).
        fill_zero (bool, optional): zeros for the new elements (they are zeros here either way,
            never left uninitialised). Default: False.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x, without gradient.

    Example:
        >>> x = paddle.to_tensor([1.0, 2.0, 3.0])
        >>> x.resize_([2, 2]).tolist()
        [[1.0, 2.0], [3.0, 0.0]]
    """
    check_tensor(x, "x", "resize_")
    check_inplace(x, "resize_")
    shape = shape_list(shape, "resize_")
    if any(d < 0 for d in shape):
        raise ValueError(f"[resize_] shape must be non-negative, got {shape}")
    data = x.numpy().reshape(-1)
    out = np.zeros(int(np.prod(shape, dtype=np.int64)), data.dtype)
    n = min(out.size, data.size)
    out[:n] = data[:n]
    x._assign_from(to_tensor(out.reshape(shape)))
    x.stop_gradient = True
    return x


def set_(x, source=None, shape=None, stride=None, offset=0, name=None):
    """Replaces x, in place, by ``source`` (or the strided part of it ``shape``, ``stride``
    and ``offset`` read, as :func:`as_strided`); with no source x becomes empty. The data is
    copied into x (PaddlePaddle 3.3.1 shares source's memory).

    Args:
        x (Tensor): the tensor, changed in place.
        source (Tensor, optional): the new data, x's dtype. Default: None (an empty tensor).
        shape (list|tuple, optional): the shape to read; None: source's shape. Default: None.
        stride (list|tuple, optional): the strides (elements) to read with; None: row-major
            for ``shape``. Default: None.
        offset (int, optional): the flat position of the first element read. Default: 0.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.to_tensor([1.0, 2.0])
        >>> x.set_(paddle.to_tensor([5.0, 6.0, 7.0])).tolist()
        [5.0, 6.0, 7.0]
    """
    check_tensor(x, "x", "set_")
    check_inplace(x, "set_")
    if source is None:
        x._assign_from(reshape(x, [-1])[0:0])
        return x
    check_tensor(source, "source", "set_")
    if source.dtype != x.dtype:
        raise TypeError(f"[set_] source must have x's dtype {x.dtype.name}, got "
                        f"{source.dtype.name}")
    shape = list(source.shape) if shape is None else shape_list(shape, "set_")
    if stride is None:
        stride = [int(np.prod(shape[k + 1:], dtype=np.int64)) for k in range(len(shape))]
    x._assign_from(as_strided(source, shape, stride, offset))
    return x
