"""Joining and splitting built from concat, stack, reshape and slice:
``hstack``/``vstack``/``dstack``/``column_stack``/``row_stack``,
``atleast_1d/2d/3d``, ``tensor_split``/``hsplit``/``vsplit``/``dsplit``,
``narrow``, ``unflatten``, ``meshgrid``, ``block_diag``, ``cartesian_prod``,
``combinations``. Gradients flow through the ops they are made of."""
import itertools
import numbers

import numpy as np

from . import creation, gather_scatter, layout, manipulation
from ._helpers import Tensor, axis_arg, check_tensor, shape_list

__all__ = [
    "atleast_1d", "atleast_2d", "atleast_3d", "block_diag", "cartesian_prod", "column_stack",
    "combinations", "dsplit", "dstack", "hsplit", "hstack", "meshgrid", "narrow",
    "row_stack", "tensor_split", "unflatten", "vsplit", "vstack",
]


def _tensors(x, fn):
    if isinstance(x, Tensor) or not isinstance(x, (list, tuple)):
        raise TypeError(f"[{fn}] x must be a list or tuple of Tensors, got {type(x).__name__}")
    if len(x) == 0:
        raise ValueError(f"[{fn}] x is empty")
    for i, t in enumerate(x):
        check_tensor(t, f"x[{i}]", fn)
    return list(x)


def _at_least(t, rank):
    """t reshaped to ``rank`` dims as numpy's atleast_Nd does: a vector [n]
    becomes [1, n] and then [1, n, 1]."""
    shape = list(t.shape)
    if len(shape) >= rank:
        return t
    if len(shape) == 0:
        shape = [1]
    if rank >= 2 and len(shape) == 1:
        shape = [1] + shape
    if rank == 3 and len(shape) == 2:
        shape = shape + [1]
    return manipulation.reshape(t, shape)


_ATLEAST_ARGS = """
    Args:
        *inputs (Tensor|numpy.ndarray|list|int|float): The inputs; what is not a Tensor is
            converted as paddle.to_tensor does.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|list[Tensor]: Each input with 1-sized dims added where it has too few; one
        tensor for one input, else a list.
"""


def _atleast(rank):
    def fn(*inputs, name=None):
        outs = [_at_least(t if isinstance(t, Tensor) else creation.to_tensor(t), rank)
                for t in inputs]
        return outs[0] if len(outs) == 1 else outs
    fn.__name__ = fn.__qualname__ = f"atleast_{rank}d"
    fn.__doc__ = (f"Each input with at least {rank} dims (numpy's atleast_{rank}d); one input "
                  f"gives a tensor, several a list.\n{_ATLEAST_ARGS}\n    Example:\n"
                  f"        >>> paddle.atleast_{rank}d(paddle.to_tensor(1.0)).ndim\n"
                  f"        {rank}\n")
    return fn


atleast_1d = _atleast(1)
atleast_2d = _atleast(2)
atleast_3d = _atleast(3)


def hstack(x, name=None):
    """The tensors joined along their second dim (the first for 1-D tensors).

    Args:
        x (list|tuple): The tensors, of one dtype and equal sizes in every dim but the second
            (the first for 1-D tensors); 0-D ones count as 1-D.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The tensors joined along dim 1 (dim 0 for 1-D tensors).

    Example:
        >>> paddle.hstack([paddle.ones([2, 1]), paddle.zeros([2, 3])]).shape
        paddle.Size([2, 4])
    """
    xs = [_at_least(t, 1) for t in _tensors(x, "hstack")]
    return manipulation.concat(xs, 0 if xs[0].ndim == 1 else 1)


def vstack(x, name=None):
    """The tensors, each made at least 2-D, joined along the first dim.

    Args:
        x (list|tuple): The Tensors to join, non-empty; 0-D and 1-D ones are made 2-D first
            ([n] becomes [1, n]). All must match apart from the first dim.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The joined Tensor.

    Example:
        >>> paddle.vstack([paddle.ones([3]), paddle.zeros([3])]).shape
        paddle.Size([2, 3])
    """
    return manipulation.concat([_at_least(t, 2) for t in _tensors(x, "vstack")], 0)


def row_stack(x, name=None):
    """Another name of paddle.vstack.

    Args:
        x (list|tuple): The Tensors to join, non-empty; 0-D and 1-D ones are made 2-D first
            ([n] becomes [1, n]). All must match apart from the first dim.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The joined Tensor.

    Example:
        >>> paddle.row_stack([paddle.ones([3]), paddle.zeros([3])]).shape
        paddle.Size([2, 3])
    """
    return manipulation.concat([_at_least(t, 2) for t in _tensors(x, "row_stack")], 0)


def dstack(x, name=None):
    """The tensors, each made at least 3-D, joined along the third dim.

    Args:
        x (list|tuple): The tensors, of one dtype, made at least 3-D and of equal sizes in
            every dim but the third.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The tensors joined along dim 2.

    Example:
        >>> paddle.dstack([paddle.ones([2, 3]), paddle.zeros([2, 3])]).shape
        paddle.Size([2, 3, 2])
    """
    return manipulation.concat([_at_least(t, 3) for t in _tensors(x, "dstack")], 2)


def column_stack(x, name=None):
    """1-D tensors as columns (and 2-D ones as they are) joined along dim 1.

    Args:
        x (list|tuple): The tensors, of one dtype; 0-D and 1-D ones become columns, and all
            must then have one rank and equal sizes in every dim but the second.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The columns joined along dim 1.

    Example:
        >>> paddle.column_stack([paddle.ones([3]), paddle.zeros([3, 2])]).shape
        paddle.Size([3, 3])
    """
    xs = _tensors(x, "column_stack")
    cols = [manipulation.reshape(t, [-1, 1]) if t.ndim <= 1 else t for t in xs]
    return manipulation.concat(cols, 1)


def _split_points(num_or_indices, size, fn):
    """The (start, end) of each part: n near-equal parts (the first size % n
    one longer), or cut before each listed index (clamped to the dim)."""
    if isinstance(num_or_indices, (numbers.Integral, np.integer)) and \
            not isinstance(num_or_indices, bool):
        n = int(num_or_indices)
        if n <= 0:
            raise ValueError(f"[{fn}] the number of sections must be positive, got {n}")
        base, extra = divmod(size, n)
        sizes = [base + 1] * extra + [base] * (n - extra)
        bounds = list(itertools.accumulate([0] + sizes))
        return list(zip(bounds[:-1], bounds[1:]))
    if not isinstance(num_or_indices, (list, tuple)):
        raise ValueError(f"[{fn}] num_or_indices must be an int or a list/tuple of ints, "
                        f"got {type(num_or_indices).__name__}")
    cuts = [min(max(i + size if i < 0 else i, 0), size)
            for i in shape_list(list(num_or_indices), fn)]
    starts = [0] + cuts
    ends = cuts + [size]
    return [(s, max(s, e)) for s, e in zip(starts, ends)]


def _split_along(x, num_or_indices, axis, fn):
    parts = []
    for start, end in _split_points(num_or_indices, x.shape[axis], fn):
        parts.append(manipulation.slice(x, [axis], [start], [end]))
    return parts


def tensor_split(x, num_or_indices, axis=0, name=None):
    """x split along ``axis`` into ``num_or_indices`` parts (sizes differ by at
    most one, the longer first) or before each of the listed indices.

    Args:
        x (Tensor): The input, a Tensor of rank >= 1.
        num_or_indices (int|list|tuple): A positive number of parts, or the indices to cut
            before (negative ones count from the end; out-of-range ones are clamped).
        axis (int|Tensor, optional): The dim to split, in [-rank, rank). Default 0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        list[Tensor]: The parts, in order, each of x's dtype.

    Example:
        >>> [t.shape[0] for t in paddle.tensor_split(paddle.arange(7), 3)]
        [3, 2, 2]
        >>> [t.tolist() for t in paddle.tensor_split(paddle.arange(5), [1, 3])]
        [[0], [1, 2], [3, 4]]
    """
    check_tensor(x, "x", "tensor_split")
    if x.ndim == 0:
        raise ValueError("[tensor_split] x must have at least 1 dim, got a 0-D tensor")
    return _split_along(x, num_or_indices, axis_arg(axis, x, "tensor_split"), "tensor_split")


def _directional_split(fn, axis, min_rank):
    def split(x, num_or_indices, name=None):
        check_tensor(x, "x", fn)
        if x.ndim < min_rank:
            raise ValueError(f"[{fn}] x must have at least {min_rank} dims, got {x.ndim}")
        along = 0 if (fn == "hsplit" and x.ndim == 1) else axis
        return _split_along(x, num_or_indices, along, fn)
    split.__name__ = split.__qualname__ = fn
    return split


hsplit = _directional_split("hsplit", 1, 1)
hsplit.__doc__ = """x split along its second dim (the first for a 1-D x) into parts (as
    tensor_split) or before the listed indices.

    Args:
        x (Tensor): The tensor to split, with at least 1 dim (ValueError otherwise).
        num_or_indices (int|list|tuple): A positive int n: n parts whose sizes differ by at
            most 1 (the first ones longer); or the indices to cut before, clamped to the dim.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        list[Tensor]: The parts, of x's dtype.

    Example:
        >>> [t.shape for t in paddle.hsplit(paddle.ones([2, 4]), 2)]
        [paddle.Size([2, 2]), paddle.Size([2, 2])]
    """
vsplit = _directional_split("vsplit", 0, 2)
vsplit.__doc__ = """x (at least 2-D) split along its first dim into parts (as
    tensor_split) or before the listed indices.

    Args:
        x (Tensor): The tensor to split, with at least 2 dims (ValueError otherwise).
        num_or_indices (int|list|tuple): A positive int n: n parts whose sizes differ by at
            most 1 (the first ones longer); or the indices to cut before, clamped to the dim.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        list[Tensor]: The parts, of x's dtype.

    Example:
        >>> [t.shape for t in paddle.vsplit(paddle.ones([4, 2]), [1])]
        [paddle.Size([1, 2]), paddle.Size([3, 2])]
    """
dsplit = _directional_split("dsplit", 2, 3)
dsplit.__doc__ = """x (at least 3-D) split along its third dim into parts (as
    tensor_split) or before the listed indices.

    Args:
        x (Tensor): The tensor to split, with at least 3 dims (ValueError otherwise).
        num_or_indices (int|list|tuple): A positive int n: n parts whose sizes differ by at
            most 1 (the first ones longer); or the indices to cut before, clamped to the dim.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        list[Tensor]: The parts, of x's dtype.

    Example:
        >>> [t.shape for t in paddle.dsplit(paddle.ones([1, 2, 4]), 2)]
        [paddle.Size([1, 2, 2]), paddle.Size([1, 2, 2])]
    """


def narrow(input, dim, start, length):  # noqa: A002  (PaddlePaddle's names)
    """The ``length`` entries of ``input`` along ``dim`` from ``start`` (which may be negative).

    Args:
        input (Tensor): The input, a Tensor of any dtype.
        dim (int): The dim to narrow, in [-rank, rank).
        start (int|Tensor): The first index kept, in [-size, size] (negative counts from the
            end).
        length (int): How many entries are kept; start + length must not pass the end.

    Returns:
        Tensor: The narrowed Tensor, of input's rank and dtype.

    Example:
        >>> paddle.narrow(paddle.arange(6).reshape([2, 3]), 1, 1, 2).tolist()
        [[1, 2], [4, 5]]
    """
    check_tensor(input, "input", "narrow")
    axis = axis_arg(dim, input, "narrow")
    if isinstance(start, Tensor):
        start = start.item()
    size = input.shape[axis]
    if not -size <= start <= size:
        raise ValueError(f"[narrow] start {start} is out of range for dim {axis} of size {size}")
    start = start + size if start < 0 else start
    if length < 0 or start + length > size:
        raise ValueError(f"[narrow] start {start} + length {length} exceeds dim {axis} of "
                         f"size {size}")
    return manipulation.slice(input, [axis], [start], [start + length])


def unflatten(x, axis, shape, name=None):
    """x with dim ``axis`` expanded into ``shape`` (one entry may be -1).

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        axis (int): The dim to expand, in [-rank, rank).
        shape (list|tuple|Tensor): The new dims, non-empty, whose product is the size of dim
            ``axis`` (one entry may be -1).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The reshaped Tensor, of x's dtype.

    Example:
        >>> paddle.unflatten(paddle.ones([2, 6]), 1, [2, -1]).shape
        paddle.Size([2, 2, 3])
    """
    check_tensor(x, "x", "unflatten")
    axis = axis_arg(axis, x, "unflatten")
    if isinstance(shape, Tensor) and shape.ndim != 1:
        raise TypeError(f"[unflatten] shape must be a 1-D Tensor, got {shape.ndim}-D")
    dims = shape_list(shape, "unflatten")
    if len(dims) == 0:
        raise ValueError("[unflatten] shape must not be empty")
    size = x.shape[axis]
    known = int(np.prod([d for d in dims if d != -1]))
    if dims.count(-1) > 1 or (-1 not in dims and known != size) or \
            (-1 in dims and (known == 0 or size % known)):
        raise ValueError(f"[unflatten] shape {dims} does not match dim {axis} of size {size}")
    return manipulation.reshape(x, list(x.shape[:axis]) + dims + list(x.shape[axis + 1:]))


def meshgrid(*args, **kwargs):
    """Coordinate grids of 1-D tensors: the i-th output repeats args[i] along
    dim i ('ij' indexing); a single list or tuple of tensors works too.

    Args:
        *args (Tensor): The 0-D or 1-D Tensors, all of one dtype, given one by one or as one
            list or tuple.
        **kwargs: Accepted for PaddlePaddle compatibility (such as ``name``); unused.

    Returns:
        list[Tensor]: One grid per input, each of shape [len(args[0]), len(args[1]), ...].

    Example:
        >>> a, b = paddle.meshgrid(paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4, 5]))
        >>> a.shape, b.tolist()[1]
        (paddle.Size([2, 3]), [3, 4, 5])
    """
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = tuple(args[0])
    xs = _tensors(list(args), "meshgrid")
    for i, t in enumerate(xs):
        if t.ndim > 1:
            raise ValueError(f"[meshgrid] each input must be 0-D or 1-D, x[{i}] is {t.ndim}-D")
        if t.dtype != xs[0].dtype:
            raise ValueError(f"[meshgrid] all inputs must have one dtype: x[0] is "
                             f"{xs[0].dtype.name}, x[{i}] is {t.dtype.name}")
    sizes = [int(np.prod(t.shape)) for t in xs]
    outs = []
    for i, t in enumerate(xs):
        view = [1] * len(xs)
        view[i] = sizes[i]
        outs.append(layout.expand(manipulation.reshape(t, view), sizes))
    return outs


def block_diag(inputs, name=None):
    """The tensors (0-D, 1-D or 2-D) along the diagonal of one 2-D tensor, zeros elsewhere.

    Args:
        inputs (list|tuple): The tensors, each 0-D, 1-D (a row) or 2-D (ValueError for more
            dims), of one dtype (TypeError otherwise).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 2-D tensor whose height and width are the sums of the blocks' heights and
        widths.

    Example:
        >>> paddle.block_diag([paddle.ones([1, 2]), paddle.full([2, 1], 2.0)]).tolist()
        [[1.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 2.0]]
    """
    xs = _tensors(inputs, "block_diag")
    blocks = []
    for i, t in enumerate(xs):
        if t.ndim > 2:
            raise ValueError(f"[block_diag] each input must have at most 2 dims, inputs[{i}] "
                             f"has {t.ndim}")
        blocks.append(manipulation.reshape(t, [1, -1]) if t.ndim < 2 else t)
    dtype = xs[0].dtype
    for b in blocks[1:]:
        if b.dtype != dtype:
            raise TypeError(f"[block_diag] all inputs must have one dtype: {dtype.name} and "
                            f"{b.dtype.name}")
    width = sum(b.shape[1] for b in blocks)
    rows, left = [], 0
    for b in blocks:
        h, w = b.shape
        parts = [creation.zeros([h, left], dtype), b, creation.zeros([h, width - left - w], dtype)]
        rows.append(manipulation.concat([p for p in parts if p.shape[1] > 0] or [b], 1))
        left += w
    return manipulation.concat(rows, 0)


def cartesian_prod(x, name=None):
    """Every combination of one element from each 1-D tensor, one per row
    (a single tensor gives itself).

    Args:
        x (list|tuple): The 1-D tensors (ValueError for another rank), of one dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A [prod of the lengths, len(x)] tensor (the tensor itself for one input).

    Example:
        >>> paddle.cartesian_prod([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])]).tolist()
        [[1, 3], [1, 4], [2, 3], [2, 4]]
    """
    xs = _tensors(x, "cartesian_prod")
    for i, t in enumerate(xs):
        if t.ndim != 1:
            raise ValueError(f"[cartesian_prod] each input must be 1-D, x[{i}] is {t.ndim}-D")
    if len(xs) == 1:
        return xs[0]
    grids = meshgrid(xs)
    return manipulation.stack([manipulation.reshape(g, [-1]) for g in grids], 1)


def combinations(x, r=2, with_replacement=False, name=None):
    """The length-``r`` combinations of the elements of the 1-D x (as
    itertools.combinations, or combinations_with_replacement), one per row.

    Args:
        x (Tensor): A 1-D tensor (TypeError for another rank).
        r (int, optional): The length of each combination, a non-negative int (ValueError
            otherwise). Default 2.
        with_replacement (bool, optional): Whether an element may repeat in a combination.
            Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A [number of combinations, r] tensor of x's dtype (1-D and empty for r = 0).

    Example:
        >>> paddle.combinations(paddle.to_tensor([1, 2, 3])).tolist()
        [[1, 2], [1, 3], [2, 3]]
    """
    check_tensor(x, "x", "combinations")
    if x.ndim != 1:
        raise TypeError(f"[combinations] x must be 1-D, got {x.ndim}-D")
    if not isinstance(r, (numbers.Integral, np.integer)) or r < 0:
        raise ValueError(f"[combinations] r must be a non-negative int, got {r!r}")
    if r == 0:
        return creation.zeros([0], x.dtype)
    pick = itertools.combinations_with_replacement if with_replacement else \
        itertools.combinations
    rows = list(pick(range(x.shape[0]), int(r)))
    if not rows:
        return creation.zeros([0, int(r)], x.dtype)
    index = creation.to_tensor(np.array(rows, dtype="int64").T.reshape(-1))
    return manipulation.reshape(gather_scatter.gather(x, index), [int(r), -1]).T
