"""Repeating and rearranging elements: tile, expand/broadcast_to/expand_as,
broadcast_tensors, flip, rot90, roll, tril/triu, diag."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, check_tensor, op, shape_list
from .promotion import cast

__all__ = [
    "broadcast_shape", "broadcast_tensors", "broadcast_to", "diag", "expand", "expand_as",
    "flip", "roll", "rot90", "tile", "tril", "triu",
]

_tile = op("tile", ["X"], ["repeat_times"])
_expand = op("expand_v2", ["X"], ["shape"])
_flip = op("flip", ["X"], ["axis"])
_roll = op("roll", ["X"], ["shifts", "axis"])
_tril_triu = op("tril_triu", ["X"], ["diagonal", "lower"])
_gather_nd = op("gather_nd", ["X", "Index"])
_scatter_nd_add = op("scatter_nd_add", ["X", "Index", "Updates"])
_reshape = op("reshape2", ["X"], ["shape"])
_transpose = op("transpose2", ["X"], ["axis"])
_fill = op("fill_constant", [], ["shape", "dtype", "value", "str_value"])


def _int_list(v, name, fn):
    """An int, or a list/tuple of ints (or one-element Tensors), as a list of ints."""
    if isinstance(v, Tensor):
        return [int(a) for a in v.numpy().reshape(-1)]
    if isinstance(v, (numbers.Integral, np.integer)) and not isinstance(v, bool):
        return [int(v)]
    if isinstance(v, (list, tuple)):
        out = []
        for a in v:
            a = a.item() if isinstance(a, Tensor) else a
            if not isinstance(a, (numbers.Integral, np.integer)) or isinstance(a, bool):
                raise TypeError(f"[{fn}] {name} entries must be ints, got {a!r}")
            out.append(int(a))
        return out
    raise TypeError(f"[{fn}] {name} must be an int, a list/tuple of ints or a Tensor, "
                    f"got {type(v).__name__}")


def tile(x, repeat_times, name=None):
    """x repeated ``repeat_times[i]`` times along dim i (leading dims are added
    when repeat_times is longer than x's rank; 0 repeats give an empty dim).

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        repeat_times (list|tuple|int|Tensor): The number of repeats of each dim, non-negative
            ints (or one-element Tensors), or a 1-D int Tensor.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The tiled Tensor, of rank max(x.ndim, len(repeat_times)) and x's dtype.

    Example:
        >>> paddle.tile(paddle.to_tensor([1, 2]), [2, 2]).numpy()
        array([[1, 2, 1, 2],
               [1, 2, 1, 2]])
    """
    check_tensor(x, "x", "tile")
    times = _int_list(repeat_times, "repeat_times", "tile")
    if 0 in times and all(t >= 0 for t in times):
        # Zero repeats give an empty tensor (the tile op wants >= 1).
        rank = max(x.ndim, len(times))
        dims = [1] * (rank - x.ndim) + list(x.shape)
        reps = [1] * (rank - len(times)) + times
        return _fill([d * r for d, r in zip(dims, reps)], x.dtype.code, 0.0, "")
    return _tile(x, times)


def broadcast_shape(x_shape, y_shape):
    """The shape two operands of these shapes broadcast to (numpy's rule).

    Args:
        x_shape (list|tuple): The first shape, a sequence of ints.
        y_shape (list|tuple): The second shape; the two must broadcast together (ValueError
            otherwise).

    Returns:
        list[int]: The broadcast shape.

    Example:
        >>> paddle.broadcast_shape([2, 1, 3], [4, 1])
        [2, 4, 3]
    """
    try:
        return list(np.broadcast_shapes(tuple(x_shape), tuple(y_shape)))
    except ValueError:
        raise ValueError(f"[broadcast_shape] shapes {list(x_shape)} and {list(y_shape)} "
                         "cannot be broadcast together") from None


def expand(x, shape, name=None):
    """x broadcast to ``shape``: each dim of x must be 1 or equal to the target
    dim; -1 keeps x's size; new dims are added in front.

    Args:
        x (Tensor): The input tensor.
        shape (list|tuple|Tensor): The target shape, with at least x.ndim dims; each of x's
            dims must be 1 or equal to its target (ValueError otherwise); -1 keeps x's size.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of the target shape and x's dtype.

    Example:
        >>> paddle.expand(paddle.to_tensor([1, 2, 3]), [2, 3]).shape
        paddle.Size([2, 3])
    """
    check_tensor(x, "x", "expand")
    target = shape_list(shape, "expand")
    if len(target) < x.ndim:
        raise ValueError(f"[expand] shape {target} has fewer dims than x (shape {x.shape})")
    lead = len(target) - x.ndim
    for i, (s, t) in enumerate(zip(x.shape, target[lead:])):
        if t != -1 and s != 1 and s != t:
            raise ValueError(f"[expand] x's dim {i} of size {s} cannot be expanded to {t} "
                             f"(x shape {x.shape}, target {target})")
    if x.dtype == _dtype.bool:  # expand_v2 has no bool kernel; int32 holds 0/1 exactly
        return cast(_expand(cast(x, _dtype.int32), target), _dtype.bool)
    return _expand(x, target)


def broadcast_as_needed(x, shape):
    """x broadcast to ``shape``, or x itself when it has that shape already
    (for operands of ops that need one shape; the result is not handed out)."""
    return x if x.shape == list(shape) else expand(x, shape)


def broadcast_to(x, shape, name=None):
    """x broadcast to ``shape`` (the same as :func:`expand`).

    Args:
        x (Tensor): The input tensor.
        shape (list|tuple|Tensor): The target shape, with at least x.ndim dims; each of x's
            dims must be 1 or equal to its target (ValueError otherwise); -1 keeps x's size.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of the target shape and x's dtype.

    Example:
        >>> paddle.broadcast_to(paddle.to_tensor([1, 2, 3]), [2, 3]).shape
        paddle.Size([2, 3])
    """
    check_tensor(x, "x", "broadcast_to")
    return expand(x, shape)


def expand_as(x, y, name=None):
    """x broadcast to y's shape (y's values are not read; no gradient goes to y).

    Args:
        x (Tensor): The input tensor.
        y (Tensor): The tensor whose shape is the target; each of x's dims must be 1 or equal
            to the matching dim of y (ValueError otherwise).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of y's shape and x's dtype.

    Example:
        >>> paddle.expand_as(paddle.to_tensor([1, 2]), paddle.zeros([3, 2])).shape
        paddle.Size([3, 2])
    """
    check_tensor(x, "x", "expand_as")
    check_tensor(y, "y", "expand_as")
    return expand(x, y.shape)


def broadcast_tensors(input, name=None):  # noqa: A002  (PaddlePaddle's name)
    """The tensors of ``input`` broadcast to their common shape.

    Args:
        input (list|tuple): The tensors, whose shapes must broadcast together (ValueError
            otherwise).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        list[Tensor]: The tensors of input, each expanded to the common shape.

    Example:
        >>> [t.shape for t in paddle.broadcast_tensors([paddle.ones([2, 1]), paddle.ones([3])])]
        [paddle.Size([2, 3]), paddle.Size([2, 3])]
    """
    if not isinstance(input, (list, tuple)):
        raise TypeError(f"[broadcast_tensors] input must be a list or tuple of Tensors, got "
                        f"{type(input).__name__}")
    shape = []
    for i, t in enumerate(input):
        check_tensor(t, f"input[{i}]", "broadcast_tensors")
        shape = broadcast_shape(shape, t.shape)
    return [expand(t, shape) for t in input]


def flip(x, axis, name=None):
    """x reversed along the dims in ``axis``.

    Args:
        x (Tensor): The input tensor.
        axis (int|list|tuple): The dim or dims to reverse, negative counting from the end
            (ValueError when out of range).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of x's shape and dtype.

    Example:
        >>> paddle.flip(paddle.to_tensor([[1, 2], [3, 4]]), axis=0).numpy()
        array([[3, 4],
               [1, 2]])
    """
    check_tensor(x, "x", "flip")
    axes = _int_list(axis, "axis", "flip")
    rank = max(x.ndim, 1)
    for a in axes:
        if not -rank <= a < rank:
            raise ValueError(f"[flip] axis {a} is out of range for a {x.ndim}-D tensor")
    return _flip(x, axes)


def rot90(x, k=1, axes=(0, 1), name=None):
    """x rotated by 90 degrees ``k`` times in the plane of the two ``axes``,
    from the first axis towards the second (numpy's rot90).

    Args:
        x (Tensor): The input, a Tensor of rank >= 2.
        k (int, optional): The number of quarter turns (negative: the other way). Default 1.
        axes (list|tuple, optional): The two different dims of the plane. Default (0, 1).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The rotated Tensor, of x's dtype.

    Example:
        >>> paddle.rot90(paddle.to_tensor([[1, 2], [3, 4]])).numpy()
        array([[2, 4],
               [1, 3]])
    """
    check_tensor(x, "x", "rot90")
    axes = _int_list(list(axes), "axes", "rot90")
    if len(axes) != 2 or x.ndim < 2:
        raise ValueError(f"[rot90] axes must name two dims of a tensor with at least 2, got "
                         f"{axes} for shape {x.shape}")
    for a in axes:
        if not -x.ndim <= a < x.ndim:
            raise ValueError(f"[rot90] axis {a} is out of range for a {x.ndim}-D tensor")
    a0, a1 = axes[0] % x.ndim, axes[1] % x.ndim
    if a0 == a1:
        raise ValueError(f"[rot90] axes must be two different dims, got {axes}")
    if not isinstance(k, (numbers.Integral, np.integer)) or isinstance(k, bool):
        raise TypeError(f"[rot90] k must be an int, got {type(k).__name__}")
    k %= 4
    if k == 0:
        return _flip(x, [])
    if k == 2:
        return _flip(x, [a0, a1])
    swap = list(range(x.ndim))
    swap[a0], swap[a1] = a1, a0
    if k == 1:
        return _transpose(_flip(x, [a1]), swap)
    return _flip(_transpose(x, swap), [a1])


def roll(x, shifts, axis=None, name=None):
    """x shifted cyclically by ``shifts`` along ``axis`` (None: over the
    flattened tensor, keeping the shape).

    Args:
        x (Tensor): The input, a Tensor of any dtype.
        shifts (int|list|tuple|Tensor): The shift along each of ``axis`` (positive: towards
            higher indices); without axis, one int.
        axis (int|list|tuple|Tensor, optional): The dims to roll, as many as shifts; None (the
            default) rolls the flattened tensor.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The rolled Tensor, of x's shape and dtype.

    Example:
        >>> paddle.roll(paddle.to_tensor([1, 2, 3, 4]), 1).numpy()
        array([4, 1, 2, 3])
    """
    check_tensor(x, "x", "roll")
    shift_list = _int_list(shifts, "shifts", "roll")
    axes = [] if axis is None else _int_list(axis, "axis", "roll")
    if axes and len(axes) != len(shift_list):
        raise ValueError(f"[roll] shifts {shift_list} and axis {axes} must have one length")
    if not axes and len(shift_list) != 1:
        raise ValueError(f"[roll] without axis, shifts must be one int, got {shift_list}")
    for a in axes:
        if not -x.ndim <= a < max(x.ndim, 1):
            raise ValueError(f"[roll] axis {a} is out of range for a {x.ndim}-D tensor")
    return _roll(x, shift_list, axes)


def _triangle(x, diagonal, lower, fn):
    check_tensor(x, "x", fn)
    if x.ndim < 2:
        raise ValueError(f"[{fn}] x must have at least 2 dims, got shape {x.shape}")
    if not isinstance(diagonal, (numbers.Integral, np.integer)) or isinstance(diagonal, bool):
        raise TypeError(f"[{fn}] diagonal must be an int, got {type(diagonal).__name__}")
    return _tril_triu(x, int(diagonal), lower)


def tril(x, diagonal=0, name=None):
    """The lower triangle of the last two dims of x (elements with
    column - row <= diagonal); the rest are zero.

    Args:
        x (Tensor): The input, a Tensor of rank >= 2 (its last two dims are the matrices).
        diagonal (int, optional): Which diagonal bounds the triangle: 0 (the default) the main
            one, positive above it, negative below it.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of x's shape and dtype.

    Example:
        >>> paddle.tril(paddle.ones([2, 2])).numpy()
        array([[1., 0.],
               [1., 1.]], dtype=float32)
    """
    return _triangle(x, diagonal, True, "tril")


def triu(x, diagonal=0, name=None):
    """The upper triangle of the last two dims of x (elements with
    column - row >= diagonal); the rest are zero.

    Args:
        x (Tensor): The input, a Tensor of rank >= 2 (its last two dims are the matrices).
        diagonal (int, optional): Which diagonal bounds the triangle: 0 (the default) the main
            one, positive above it, negative below it.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of x's shape and dtype.

    Example:
        >>> paddle.triu(paddle.ones([2, 2])).numpy()
        array([[1., 1.],
               [0., 1.]], dtype=float32)
    """
    return _triangle(x, diagonal, False, "triu")


def diag(x, offset=0, padding_value=0, name=None):
    """A 1-D x as the ``offset``-th diagonal of a square matrix (the rest is
    ``padding_value``), or the ``offset``-th diagonal of a 2-D x as a 1-D
    tensor (offset > 0: above the main diagonal).

    Args:
        x (Tensor): A 0-D, 1-D or 2-D tensor (ValueError for more dims).
        offset (int, optional): The diagonal: 0 (the default) the main one, positive above,
            negative below (TypeError for a non-int).
        padding_value (int|float, optional): The value off the diagonal when x is 1-D.
            Default 0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: For a 1-D x, a square 2-D tensor of side len(x) + |offset|; for a 2-D x, the
        diagonal as a 1-D tensor; x's dtype.

    Example:
        >>> paddle.diag(paddle.to_tensor([1, 2])).numpy()
        array([[1, 0],
               [0, 2]])
        >>> paddle.diag(paddle.to_tensor([[1, 2], [3, 4]]), offset=1).numpy()
        array([2])
    """
    check_tensor(x, "x", "diag")
    if not isinstance(offset, (numbers.Integral, np.integer)) or isinstance(offset, bool):
        raise TypeError(f"[diag] offset must be an int, got {type(offset).__name__}")
    if x.ndim > 2:
        raise ValueError(f"[diag] x must have at most 2 dims, got shape {x.shape}")
    offset = int(offset)
    if x.ndim < 2:
        vec = _reshape(x, [-1])
        n = vec.shape[0]
        m = n + abs(offset)
        rows = np.arange(n) + max(-offset, 0)
        cols = np.arange(n) + max(offset, 0)
        # The padding everywhere but on the diagonal, where the values are added to 0.
        base = np.full((m, m), padding_value, dtype=_dtype.to_numpy_dtype(x.dtype))
        base[rows, cols] = 0
        coords = np.stack([rows, cols], axis=-1).astype(np.int64)
        return _scatter_nd_add(Tensor._from_numpy(base), Tensor._from_numpy(coords), vec)
    r, c = x.shape
    start_row, start_col = max(-offset, 0), max(offset, 0)
    n = max(min(r - start_row, c - start_col), 0)
    coords = np.stack([np.arange(n) + start_row, np.arange(n) + start_col], axis=-1)
    return _gather_nd(x, Tensor._from_numpy(coords.astype(np.int64).reshape(n, 2)))
