"""Shape and layout: cast, reshape, transpose/moveaxis, squeeze/unsqueeze, flatten,
concat/stack and their inverses split/chunk/unstack/unbind, slice and
strided_slice."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, check_tensor, op, shape_list
from .promotion import cast as _cast_to

__all__ = [
    "cast", "chunk", "concat", "flatten", "moveaxis", "reshape", "slice", "split", "squeeze",
    "stack", "strided_slice", "transpose", "unbind", "unsqueeze", "unstack",
]

_reshape = op("reshape2", ["X"], ["shape"])
_transpose = op("transpose2", ["X"], ["axis"])
_squeeze = op("squeeze2", ["X"], ["axes"])
_unsqueeze = op("unsqueeze2", ["X"], ["axes"])
_flatten = op("flatten_contiguous_range", ["X"], ["start_axis", "stop_axis"])
_concat = op("concat", ["X"], ["axis"])
_stack = op("stack", ["X"], ["axis"], ["Y"])
_split = op("split", ["X"], ["sections", "num", "axis"], ["Out"])
_unstack = op("unstack", ["X"], ["axis", "num"], ["Y"])
_slice = op("slice", ["Input"], ["axes", "starts", "ends"])
_strided_slice = op("strided_slice", ["Input"], ["axes", "starts", "ends", "strides"])


def cast(x, dtype):
    """x converted to ``dtype`` (gradients flow back through the conversion).

    Args:
        x (Tensor): The input tensor.
        dtype (str|paddle.dtype|numpy.dtype): The target dtype, e.g. 'float32', paddle.int64 or
            numpy.float64. A float to integer conversion truncates toward zero.

    Returns:
        Tensor: A tensor of x's shape and the given dtype.

    Example:
        >>> paddle.cast(paddle.to_tensor([1.5, 2.5]), "int32").numpy()
        array([1, 2], dtype=int32)
    """
    check_tensor(x, "x", "cast")
    return _cast_to(x, _dtype.convert_dtype(dtype))


def reshape(x, shape, name=None):
    """x with a new shape of the same number of elements; one dim may be -1
    (inferred) and 0 keeps the input's dim.

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        shape (list|tuple|Tensor): The new shape: a list or tuple of ints (or one-element
            Tensors), or a 1-D int Tensor. One entry may be -1 (inferred from the others); 0
            keeps x's dim at that position.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x's elements in the new shape, of x's dtype.

    Example:
        >>> paddle.reshape(paddle.arange(6), [2, -1]).shape
        paddle.Size([2, 3])
    """
    check_tensor(x, "x", "reshape")
    return _reshape(x, shape_list(shape, "reshape"))


def transpose(x, perm, name=None):
    """x with its dims permuted: output dim i is input dim perm[i].

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        perm (list|tuple): A permutation of x's dims (negative dims count from the end);
            otherwise ValueError.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x with permuted dims, of x's dtype.

    Example:
        >>> paddle.transpose(paddle.ones([2, 3]), [1, 0]).shape
        paddle.Size([3, 2])
    """
    check_tensor(x, "x", "transpose")
    perm = list(perm)
    if sorted(a % max(x.ndim, 1) for a in perm) != list(range(x.ndim)):
        raise ValueError(f"[transpose] perm {perm} is not a permutation of the {x.ndim} dims "
                         f"of x (shape {x.shape})")
    return _transpose(x, perm)


def moveaxis(x, source, destination, name=None):
    """x with the dims in ``source`` moved to the positions in ``destination``
    (the other dims keep their order).

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        source (int|list|tuple): The dims to move, each in [-rank, rank), without repeats.
        destination (int|list|tuple): Their new positions, as many as ``source``, without
            repeats.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x with its dims moved, of x's dtype.

    Example:
        >>> paddle.moveaxis(paddle.to_tensor([[[1, 2]], [[3, 4]]]), 0, -1).numpy()
        array([[[1, 3],
                [2, 4]]])
    """
    check_tensor(x, "x", "moveaxis")
    src = _axis_list(source, "moveaxis")
    dst = _axis_list(destination, "moveaxis")
    if len(src) != len(dst):
        raise ValueError(f"[moveaxis] source {src} and destination {dst} must have one length")
    src = [_axis_in_range(a, x, "moveaxis") for a in src]
    dst = [_axis_in_range(a, x, "moveaxis") for a in dst]
    if len(set(src)) != len(src) or len(set(dst)) != len(dst):
        raise ValueError(f"[moveaxis] source {src} and destination {dst} must not repeat a dim")
    rest = iter(d for d in range(x.ndim) if d not in src)
    placed = dict(zip(dst, src))
    perm = [placed[i] if i in placed else next(rest) for i in range(x.ndim)]
    return _transpose(x, perm)


def _axis_list(axis, fn):
    if axis is None:
        return []
    if isinstance(axis, Tensor):
        axis = axis.tolist()
    if isinstance(axis, (numbers.Integral, np.integer)):
        return [int(axis)]
    return [int(a) for a in axis]


def squeeze(x, axis=None, name=None):
    """x without the size-1 dims listed in ``axis`` (None: all size-1 dims).

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        axis (int|list|tuple|Tensor, optional): The dims to remove (negative dims count from the
            end); a listed dim whose size is not 1 stays. None (the default) removes every
            size-1 dim.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x without those dims, of x's dtype.

    Example:
        >>> paddle.squeeze(paddle.ones([1, 3, 1]), axis=0).shape
        paddle.Size([3, 1])
    """
    check_tensor(x, "x", "squeeze")
    return _squeeze(x, _axis_list(axis, "squeeze"))


def unsqueeze(x, axis, name=None):
    """x with size-1 dims inserted at ``axis``.

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        axis (int|list|tuple|Tensor): Where to insert the size-1 dims, counted in the result
            (negative dims count from the end).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x with the new dims, of x's dtype.

    Example:
        >>> paddle.unsqueeze(paddle.ones([3]), 0).shape
        paddle.Size([1, 3])
    """
    check_tensor(x, "x", "unsqueeze")
    return _unsqueeze(x, _axis_list(axis, "unsqueeze"))


def flatten(x, start_axis=0, stop_axis=-1, name=None):
    """x with dims start_axis..stop_axis merged into one.

    Args:
        x (Tensor): The input tensor.
        start_axis (int, optional): The first dim to merge. Default 0.
        stop_axis (int, optional): The last dim to merge (inclusive), not before start_axis.
            Default -1 (the last dim).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x's data with dims start_axis..stop_axis merged into one (their product); a
        0-D x gives shape [1].

    Example:
        >>> paddle.flatten(paddle.ones([2, 3, 4]), 1).shape
        paddle.Size([2, 12])
    """
    check_tensor(x, "x", "flatten")
    if x.ndim == 0:
        return _reshape(x, [1])
    return _flatten(x, int(start_axis), int(stop_axis))


def _tensor_list(xs, fn):
    if isinstance(xs, Tensor) or not isinstance(xs, (list, tuple)):
        raise TypeError(f"[{fn}] x must be a list or tuple of Tensors, got {type(xs).__name__}")
    if len(xs) == 0:
        raise ValueError(f"[{fn}] x is empty")
    for i, t in enumerate(xs):
        check_tensor(t, f"x[{i}]", fn)
    d = xs[0].dtype
    for i, t in enumerate(xs):
        if t.dtype != d:
            raise TypeError(f"[{fn}] all tensors must have one dtype: x[0] is {d.name}, "
                            f"x[{i}] is {t.dtype.name}")
    return list(xs)


def concat(x, axis=0, name=None):
    """The tensors of x joined along ``axis``.

    Args:
        x (list|tuple): The tensors to join, of one dtype (TypeError otherwise) and equal sizes
            in every dim but axis.
        axis (int|Tensor, optional): The dim to join along, negative counting from the end.
            Default 0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of x's dtype whose size along axis is the sum of the inputs' sizes.

    Example:
        >>> paddle.concat([paddle.ones([1, 2]), paddle.zeros([1, 2])]).shape
        paddle.Size([2, 2])
    """
    xs = _tensor_list(x, "concat")
    if isinstance(axis, Tensor):
        axis = axis.item()
    return _concat(xs, int(axis))


def stack(x, axis=0, name=None):
    """The tensors of x (one shape) stacked along a new ``axis``.

    Args:
        x (list|tuple): The Tensors to stack, non-empty, all of one shape and dtype.
        axis (int, optional): The position of the new dim in the result, in
            [-(rank + 1), rank + 1). Default 0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of rank x[0].ndim + 1, of the inputs' dtype.

    Example:
        >>> paddle.stack([paddle.ones([2]), paddle.zeros([2])]).shape
        paddle.Size([2, 2])
    """
    return _stack(_tensor_list(x, "stack"), int(axis))


def split(x, num_or_sections, axis=0, name=None):
    """x split along ``axis`` into ``num_or_sections`` equal parts, or parts of
    the listed sizes (one size may be -1).

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        num_or_sections (int|list|tuple): The number of equal parts (it must divide the size of
            dim ``axis``), or the size of each part (one size may be -1: the rest).
        axis (int|Tensor, optional): The dim to split, in [-rank, rank). Default 0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        list[Tensor]: The parts, in order, each of x's dtype.

    Example:
        >>> [t.shape for t in paddle.split(paddle.ones([4, 2]), 2)]
        [paddle.Size([2, 2]), paddle.Size([2, 2])]
    """
    check_tensor(x, "x", "split")
    if isinstance(axis, Tensor):
        axis = axis.item()
    axis = int(axis)
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"[split] axis {axis} is out of range for a {x.ndim}-D tensor")
    if isinstance(num_or_sections, (numbers.Integral, np.integer)):
        n = int(num_or_sections)
        if n <= 0 or x.shape[axis] % n != 0:
            raise ValueError(f"[split] cannot split dim {axis} of size {x.shape[axis]} into "
                             f"{n} equal parts")
        return _split(x, [], n, axis, n)
    sections = shape_list(num_or_sections, "split")
    return _split(x, sections, 0, axis, len(sections))


def chunk(x, chunks, axis=0, name=None):
    """x split along ``axis`` into ``chunks`` equal parts.

    Args:
        x (Tensor): The tensor to split.
        chunks (int): The number of parts; x's size along axis must be divisible by it
            (ValueError otherwise), and a non-int is refused (TypeError).
        axis (int|Tensor, optional): The dim to split, negative counting from the end.
            Default 0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        list[Tensor]: chunks tensors, each of x's shape but with size / chunks along axis.

    Example:
        >>> [t.shape for t in paddle.chunk(paddle.ones([2, 6]), 3, axis=1)]
        [paddle.Size([2, 2]), paddle.Size([2, 2]), paddle.Size([2, 2])]
    """
    check_tensor(x, "x", "chunk")
    if not isinstance(chunks, (numbers.Integral, np.integer)) or isinstance(chunks, bool):
        raise TypeError(f"[chunk] chunks must be an int, got {type(chunks).__name__}")
    return split(x, int(chunks), axis)


def _axis_in_range(axis, x, fn):
    if isinstance(axis, Tensor):
        axis = axis.item()
    if not isinstance(axis, (numbers.Integral, np.integer)) or isinstance(axis, bool):
        raise TypeError(f"[{fn}] axis must be an int, got {type(axis).__name__}")
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"[{fn}] axis {axis} is out of range for a {x.ndim}-D tensor")
    return int(axis) % x.ndim


def unstack(x, axis=0, num=None):
    """The slices of x along ``axis``, each without that dim.

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        axis (int, optional): The dim to unstack, in [-rank, rank). Default 0.
        num (int, optional): The expected number of slices; when given it must equal the size
            of dim ``axis`` (else ValueError). Default None.

    Returns:
        list[Tensor]: The slices, each of rank x.ndim - 1 and x's dtype.

    Example:
        >>> [t.shape for t in paddle.unstack(paddle.ones([2, 3]), axis=1)]
        [paddle.Size([2]), paddle.Size([2]), paddle.Size([2])]
    """
    check_tensor(x, "x", "unstack")
    axis = _axis_in_range(axis, x, "unstack")
    n = x.shape[axis]
    if num is not None and num != n:
        raise ValueError(f"[unstack] num {num} does not match dim {axis} of size {n}")
    if n == 0:
        return []
    return _unstack(x, axis, n, n)


def unbind(input, axis=0):  # noqa: A002  (PaddlePaddle's name)
    """The slices of input along ``axis``, each without that dim (as unstack).

    Args:
        input (Tensor): The input, a Tensor of any dtype.
        axis (int, optional): The dim to unbind, in [-rank, rank). Default 0.

    Returns:
        list[Tensor]: The slices, each of rank input.ndim - 1 and input's dtype.

    Example:
        >>> [t.shape for t in paddle.unbind(paddle.ones([2, 3]))]
        [paddle.Size([3]), paddle.Size([3])]
    """
    check_tensor(input, "input", "unbind")
    return unstack(input, axis)


def _bounds(v, name, fn):
    if isinstance(v, Tensor):
        return [int(a) for a in v.numpy().reshape(-1)]
    if not isinstance(v, (list, tuple)):
        raise TypeError(f"[{fn}] {name} must be a list, tuple or Tensor, got {type(v).__name__}")
    return [int(a.item() if isinstance(a, Tensor) else a) for a in v]


def _slice_args(x, axes, lists, fn):
    axes = _bounds(axes, "axes", fn)
    for name, values in lists.items():
        if len(values) != len(axes):
            raise ValueError(f"[{fn}] {name} {values} and axes {axes} must have one length")
    for a in axes:
        if not -x.ndim <= a < x.ndim:
            raise ValueError(f"[{fn}] axis {a} is out of range for a {x.ndim}-D tensor")
    return axes


def slice(input, axes, starts, ends):  # noqa: A001,A002  (PaddlePaddle's names)
    """input[starts[i]:ends[i]] along each dim axes[i] (negative bounds count
    from the end; bounds past the end are clamped).

    Args:
        input (Tensor): The input, a Tensor of any dtype.
        axes (list|tuple|Tensor): The dims to slice, each in [-rank, rank).
        starts (list|tuple|Tensor): The start index along each of ``axes`` (as many entries),
            included.
        ends (list|tuple|Tensor): The end index along each of ``axes`` (as many entries),
            excluded.

    Returns:
        Tensor: The slice, of input's rank and dtype.

    Example:
        >>> paddle.slice(paddle.arange(6).reshape([2, 3]), [1], [1], [3]).numpy()
        array([[1, 2],
               [4, 5]])
    """
    check_tensor(input, "input", "slice")
    starts, ends = _bounds(starts, "starts", "slice"), _bounds(ends, "ends", "slice")
    axes = _slice_args(input, axes, {"starts": starts, "ends": ends}, "slice")
    return _slice(input, axes, starts, ends)


def strided_slice(x, axes, starts, ends, strides, name=None):
    """x[starts[i]:ends[i]:strides[i]] along each dim axes[i], as Python slices.

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        axes (list|tuple|Tensor): The dims to slice, each in [-rank, rank).
        starts (list|tuple|Tensor): The start index along each of ``axes`` (as many entries).
        ends (list|tuple|Tensor): The end index along each of ``axes``, excluded.
        strides (list|tuple|Tensor): The step along each of ``axes``; nonzero (negative steps
            walk backwards).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The slice, of x's rank and dtype.

    Example:
        >>> paddle.strided_slice(paddle.arange(6), [0], [0], [6], [2]).numpy()
        array([0, 2, 4])
    """
    check_tensor(x, "x", "strided_slice")
    starts = _bounds(starts, "starts", "strided_slice")
    ends = _bounds(ends, "ends", "strided_slice")
    strides = _bounds(strides, "strides", "strided_slice")
    axes = _slice_args(x, axes, {"starts": starts, "ends": ends, "strides": strides},
                       "strided_slice")
    if 0 in strides:
        raise ValueError(f"[strided_slice] strides must not be 0, got {strides}")
    return _strided_slice(x, axes, starts, ends, strides)
