"""More creation, random and shape helpers: logspace, tril_indices/
triu_indices, rand_like/randn_like, bernoulli (+ bernoulli_), multinomial,
poisson, add_n, broadcast_shapes, rank, vecdot, reduce_as, cross,
as_tensor/asarray/from_numpy. Random draws come from the default generator
(paddle.seed repeats them): through its ops, or, for multinomial and poisson,
through a numpy generator seeded by one draw of a randint op."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from . import math as _math
from ._helpers import (
    Tensor, axis_arg, check_inplace, check_same_tensors, check_tensor, op, scalar_value,
)
from .creation import _float_dtype, full_like, rand, randn, to_tensor
from .layout import broadcast_as_needed
from .manipulation import cast

__all__ = [
    "logspace", "tril_indices", "triu_indices", "rand_like", "randn_like", "bernoulli",
    "bernoulli_", "multinomial", "poisson", "add_n", "broadcast_shapes", "rank", "vecdot",
    "reduce_as", "cross", "as_tensor", "asarray", "from_numpy",
]

_bernoulli = op("bernoulli", ["X"])
_randint = op("randint", [], ["shape", "low", "high", "seed", "dtype"])
_index_select = op("index_select", ["X", "Index"], ["dim"])
_reshape = op("reshape2", ["X"], ["shape"])


def _from_numpy(arr):
    return Tensor._from_numpy(np.array(arr, order="C"))  # ascontiguousarray makes 0-D 1-D


def _number(v, name, fn):
    v = scalar_value(v)
    if not isinstance(v, (numbers.Real, np.number)) or isinstance(v, bool):
        raise TypeError(f"[{fn}] {name} must be a number or a one-element Tensor, got "
                        f"{type(v).__name__}")
    return v


def logspace(start, stop, num, base=10.0, dtype=None, name=None):
    """``num`` values spaced evenly on a log scale: base ** linspace(start, stop, num).

    Args:
        start (float|Tensor): the first exponent.
        stop (float|Tensor): the last exponent.
        num (int|Tensor): how many values.
        base (float|Tensor, optional): the base. Default: 10.0.
        dtype (str|paddle.dtype, optional): the result's dtype (None: the default float type).
            Default: None.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: 1-D of length num.

    Example:
        >>> paddle.logspace(0, 3, 4).numpy()
        array([   1.,   10.,  100., 1000.], dtype=float32)
    """
    start, stop = _number(start, "start", "logspace"), _number(stop, "stop", "logspace")
    base = _number(base, "base", "logspace")
    num = scalar_value(num)
    if not isinstance(num, (numbers.Integral, np.integer)) or isinstance(num, bool) or num < 0:
        raise ValueError(f"[logspace] num must be a non-negative int, got {num!r}")
    d = _dtype.convert_dtype(dtype) if dtype is not None else _dtype.default_float_dtype()
    values = np.power(float(base), np.linspace(float(start), float(stop), int(num)))
    if _dtype.is_integer(d):
        values = np.round(values)  # as 3.3.1: 10 ** 2 is 100, not 99
    return _from_numpy(values.astype(_dtype.to_numpy_dtype(d)))


def _indices_dtype(dtype, fn):
    d = _dtype.convert_dtype(dtype)
    if d not in (_dtype.int32, _dtype.int64):
        raise TypeError(f"[{fn}] dtype must be int32 or int64, got {d.name}")
    return _dtype.to_numpy_dtype(d)


def _size_arg(v, name, fn):
    if not isinstance(v, (numbers.Integral, np.integer)) or isinstance(v, bool) or v < 0:
        raise ValueError(f"[{fn}] {name} must be a non-negative int, got {v!r}")
    return int(v)


def tril_indices(row, col, offset=0, dtype="int64"):
    """The coordinates of the lower triangle (on and below diagonal ``offset``)
    of a row x col matrix, rows first.

    Args:
        row (int): the number of rows.
        col (int): the number of columns.
        offset (int, optional): the diagonal (0 main, > 0 above, < 0 below). Default: 0.
        dtype (str, optional): int32 or int64. Default: 'int64'.

    Returns:
        Tensor: [2, count]: the row indices, then the column indices.

    Example:
        >>> paddle.tril_indices(3, 3).numpy()
        array([[0, 1, 1, 2, 2, 2],
               [0, 0, 1, 0, 1, 2]])
    """
    np_dtype = _indices_dtype(dtype, "tril_indices")
    row, col = _size_arg(row, "row", "tril_indices"), _size_arg(col, "col", "tril_indices")
    return _from_numpy(np.stack(np.tril_indices(row, int(offset), col)).astype(np_dtype))


def triu_indices(row, col=None, offset=0, dtype="int64"):
    """The coordinates of the upper triangle (on and above diagonal ``offset``)
    of a row x col matrix, rows first.

    Args:
        row (int): the number of rows.
        col (int, optional): the number of columns (None: row). Default: None.
        offset (int, optional): the diagonal (0 main, > 0 above, < 0 below). Default: 0.
        dtype (str, optional): int32 or int64. Default: 'int64'.

    Returns:
        Tensor: [2, count]: the row indices, then the column indices.

    Example:
        >>> paddle.triu_indices(2, 3, 1).numpy()
        array([[0, 0, 1],
               [1, 2, 2]])
    """
    np_dtype = _indices_dtype(dtype, "triu_indices")
    row = _size_arg(row, "row", "triu_indices")
    col = row if col is None else _size_arg(col, "col", "triu_indices")
    return _from_numpy(np.stack(np.triu_indices(row, int(offset), col)).astype(np_dtype))


def _like_dtype(x, dtype, fn):
    check_tensor(x, "x" if fn == "randn_like" else "input", fn)
    return _float_dtype(dtype if dtype is not None else x.dtype, fn)


def _requires(t, requires_grad):
    t.stop_gradient = not requires_grad
    return t


def rand_like(input, name=None, *, dtype=None, device=None, requires_grad=False):  # noqa: A002
    """Values drawn uniformly from [0, 1), of input's shape (and dtype, unless given).

    Args:
        input (Tensor): the tensor whose shape (and dtype) the result takes.
        name (str, optional): unused, for PaddlePaddle compatibility.
        dtype (str|paddle.dtype, optional): a float type (None: input's). Default: None.
        device (str, optional): only the CPU here. Default: None.
        requires_grad (bool, optional): whether the result wants a gradient. Default: False.

    Returns:
        Tensor: input's shape.

    Example:
        >>> paddle.rand_like(paddle.zeros([2, 3], dtype='float64')).dtype
        paddle.float64
    """
    d = _like_dtype(input, dtype, "rand_like")
    return _requires(rand(list(input.shape), d), requires_grad)


def randn_like(x, dtype=None, name=None, *, device=None, requires_grad=False):
    """Values drawn from the standard normal distribution, of x's shape (and
    dtype, unless given).

    Args:
        x (Tensor): the tensor whose shape (and dtype) the result takes.
        dtype (str|paddle.dtype, optional): a float type (None: x's). Default: None.
        name (str, optional): unused, for PaddlePaddle compatibility.
        device (str, optional): only the CPU here. Default: None.
        requires_grad (bool, optional): whether the result wants a gradient. Default: False.

    Returns:
        Tensor: x's shape.

    Example:
        >>> paddle.randn_like(paddle.zeros([2, 3])).shape
        paddle.Size([2, 3])
    """
    d = _like_dtype(x, dtype, "randn_like")
    return _requires(randn(list(x.shape), d), requires_grad)


def _probabilities(x, fn):
    check_tensor(x, "x", fn)
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x must be a floating-point Tensor, got {x.dtype.name}")
    return x


def bernoulli(x, p=None, name=None):
    """1 with probability x (elementwise; or ``p`` everywhere), else 0.

    Args:
        x (Tensor): float probabilities in [0, 1] (only its shape and dtype with p).
        p (float, optional): one probability for every element. Default: None.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype.

    Example:
        >>> paddle.bernoulli(paddle.to_tensor([0.0, 1.0])).numpy()
        array([0., 1.], dtype=float32)
    """
    _probabilities(x, "bernoulli")
    if p is not None:
        p = _number(p, "p", "bernoulli")
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"[bernoulli] p must be in [0, 1], got {p}")
        x = full_like(x, p)
    out = _bernoulli(x)
    out.stop_gradient = True
    return out


def bernoulli_(x, p=0.5, name=None):
    """Fills x in place with 1 (probability ``p``) or 0 and returns it.

    Args:
        x (Tensor): a float tensor.
        p (float|Tensor, optional): the probability of 1: a number, or a tensor that
            broadcasts to x. Default: 0.5.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.zeros([3])
        >>> paddle.bernoulli_(x, 1.0).numpy()
        array([1., 1., 1.], dtype=float32)
    """
    _probabilities(x, "bernoulli_")
    check_inplace(x, "bernoulli_")
    if isinstance(p, Tensor) and p.size != 1:
        probs = broadcast_as_needed(cast(p, x.dtype), list(x.shape))
    else:
        value = _number(p, "p", "bernoulli_")
        if not 0.0 <= value <= 1.0:
            raise ValueError(f"[bernoulli_] p must be in [0, 1], got {value}")
        probs = full_like(x, value)
    x._assign_from(_bernoulli(probs))
    x.stop_gradient = True
    return x


def _numpy_generator():
    """A numpy generator seeded by one draw of the default generator."""
    seed = _randint([1], 0, 2**31 - 1, 0, _dtype.int64.code).numpy()[0]
    return np.random.default_rng(int(seed))


def multinomial(x, num_samples=1, replacement=False, name=None, *, out=None):
    """Category indices drawn with the (unnormalised) probabilities in each row of x.

    Args:
        x (Tensor): 1-D or 2-D float, non-negative weights, each row with a positive sum.
        num_samples (int, optional): draws per row. Default: 1.
        replacement (bool, optional): whether a category can be drawn again (without,
            num_samples must not exceed the categories with positive weight). Default: False.
        name (str, optional): unused, for PaddlePaddle compatibility.
        out (Tensor, optional): a tensor that also takes the result. Default: None.

    Returns:
        Tensor: int64, x's leading dim (if 2-D) then num_samples.

    Example:
        >>> paddle.multinomial(paddle.to_tensor([0.0, 1.0, 0.0]), 2, replacement=True).numpy()
        array([1, 1])
    """
    _probabilities(x, "multinomial")
    if x.ndim not in (1, 2):
        raise ValueError(f"[multinomial] x must be 1-D or 2-D, got shape {x.shape}")
    if not isinstance(num_samples, (numbers.Integral, np.integer)) or num_samples < 1:
        raise ValueError(f"[multinomial] num_samples must be a positive int, got "
                         f"{num_samples!r}")
    weights = x.numpy().astype(np.float64).reshape(-1, x.shape[-1])
    if not np.isfinite(weights).all() or (weights < 0).any():
        raise ValueError("[multinomial] x must hold finite, non-negative weights")
    if (weights.sum(axis=1) <= 0).any():
        raise ValueError("[multinomial] each row of x must have a positive sum")
    if not replacement and num_samples > (weights > 0).sum(axis=1).min():
        raise ValueError(f"[multinomial] num_samples {num_samples} exceeds the categories with "
                         f"positive weight ({int((weights > 0).sum(axis=1).min())}); draw "
                         f"with replacement=True")
    rng = _numpy_generator()
    draws = np.empty((weights.shape[0], int(num_samples)), np.int64)
    for r, w in enumerate(weights):
        draws[r] = rng.choice(w.size, int(num_samples), replace=bool(replacement), p=w / w.sum())
    result = _from_numpy(draws.reshape(list(x.shape[:-1]) + [int(num_samples)]))
    if out is not None:
        check_tensor(out, "out", "multinomial")
        out._assign_from(result)
        return out
    return result


def poisson(x, name=None):
    """Counts drawn from Poisson distributions with the rates in x.

    Args:
        x (Tensor): float, non-negative rates.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype.

    Example:
        >>> paddle.poisson(paddle.zeros([3])).numpy()
        array([0., 0., 0.], dtype=float32)
    """
    _probabilities(x, "poisson")
    rates = x.numpy()
    if not np.isfinite(rates).all() or (rates < 0).any():
        raise ValueError("[poisson] x must hold finite, non-negative rates")
    counts = _numpy_generator().poisson(rates.astype(np.float64))
    return _from_numpy(counts.astype(rates.dtype))


def add_n(inputs, name=None):
    """The elementwise sum of a list of tensors of one shape and dtype.

    Args:
        inputs (Tensor|list|tuple): one tensor, or tensors of one shape and dtype.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: their shape and dtype.

    Example:
        >>> x = paddle.to_tensor([1.0, 2.0])
        >>> paddle.add_n([x, x, x]).numpy()
        array([3., 6.], dtype=float32)
    """
    if isinstance(inputs, Tensor):
        inputs = [inputs]
    inputs = check_same_tensors(inputs, "add_n")
    total = inputs[0]
    for t in inputs[1:]:
        total = _math.add(total, t)
    return total if len(inputs) > 1 else _math.scale(total, 1.0)


def broadcast_shapes(*shapes):
    """The shape the given shapes broadcast to.

    Args:
        *shapes (list|tuple): shapes (lists of ints).

    Returns:
        list: the broadcast shape.

    Example:
        >>> paddle.broadcast_shapes([2, 1], [3])
        [2, 3]
    """
    if not shapes:
        raise ValueError("[broadcast_shapes] expected at least one shape")
    for i, s in enumerate(shapes):
        if not isinstance(s, (list, tuple)) or not all(
                isinstance(d, (numbers.Integral, np.integer)) and not isinstance(d, bool)
                for d in s):
            raise TypeError(f"[broadcast_shapes] shapes[{i}] must be a list or tuple of ints, "
                            f"got {s!r}")
    try:
        return [int(d) for d in np.broadcast_shapes(*(tuple(s) for s in shapes))]
    except ValueError:
        raise ValueError(f"[broadcast_shapes] shapes {[list(s) for s in shapes]} do not "
                         "broadcast together") from None


def rank(input):  # noqa: A002  (PaddlePaddle's name)
    """The number of dims of input, as a 0-D int32 tensor.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: 0-D int32.

    Example:
        >>> paddle.rank(paddle.zeros([2, 3, 4])).item()
        3
    """
    check_tensor(input, "input", "rank")
    return _from_numpy(np.array(input.ndim, np.int32))


def vecdot(x, y, axis=-1, name=None):
    """The dot products of x and y (broadcast together) along ``axis``.

    Args:
        x (Tensor): the first tensor.
        y (Tensor): the second tensor, broadcasting with x.
        axis (int, optional): the dim the products are summed over. Default: -1.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: the broadcast shape without dim ``axis``.

    Example:
        >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> paddle.vecdot(x, paddle.to_tensor([1.0, 1.0])).numpy()
        array([3., 7.], dtype=float32)
    """
    check_tensor(x, "x", "vecdot")
    check_tensor(y, "y", "vecdot")
    product = _math.multiply(x, y)
    axis = axis_arg(axis, product, "vecdot")
    return _math.sum(product, axis=axis)


def reduce_as(x, target, name=None):
    """x summed over the dims by which it exceeds ``target``'s shape (the
    reverse of broadcasting x to it).

    Args:
        x (Tensor): the tensor to sum.
        target (Tensor): the tensor whose shape the result takes (it broadcasts to x's).
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: target's shape, x's dtype.

    Example:
        >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> paddle.reduce_as(x, paddle.zeros([1, 2])).numpy()
        array([[4., 6.]], dtype=float32)
    """
    check_tensor(x, "x", "reduce_as")
    check_tensor(target, "target", "reduce_as")
    lead = x.ndim - target.ndim
    if lead < 0 or any(t not in (1, s) for t, s in zip(target.shape, x.shape[lead:])):
        raise ValueError(f"[reduce_as] target's shape {target.shape} must broadcast to x's "
                         f"{x.shape}")
    axes = list(range(lead)) + [lead + i for i, (t, s) in
                                enumerate(zip(target.shape, x.shape[lead:])) if t == 1 and s != 1]
    out = _math.sum(x, axis=axes) if axes else x
    return _reshape(out, list(target.shape)) if out.shape != target.shape else out


def cross(x, y, axis=9, name=None):
    """The cross products of the 3-vectors of x and y along ``axis`` (9: the
    first dim of size 3).

    Args:
        x (Tensor): the first tensor.
        y (Tensor): the second tensor, x's shape and dtype.
        axis (int, optional): a dim of size 3 (9: the first one). Default: 9.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype.

    Example:
        >>> x = paddle.to_tensor([1.0, 0.0, 0.0])
        >>> paddle.cross(x, paddle.to_tensor([0.0, 1.0, 0.0])).numpy()
        array([0., 0., 1.], dtype=float32)
    """
    check_tensor(x, "x", "cross")
    check_tensor(y, "y", "cross")
    if x.shape != y.shape:
        raise ValueError(f"[cross] x and y must have one shape, got {x.shape} and {y.shape}")
    if x.dtype != y.dtype:
        raise TypeError(f"[cross] x and y must have one dtype, got {x.dtype.name} and "
                        f"{y.dtype.name}")
    if axis == 9:
        axis = next((d for d, n in enumerate(x.shape) if n == 3), None)
        if axis is None:
            raise ValueError(f"[cross] x has no dim of size 3 (shape {x.shape})")
    else:
        axis = axis_arg(axis, x, "cross")
        if x.shape[axis] != 3:
            raise ValueError(f"[cross] dim {axis} of x must have size 3, got {x.shape[axis]}")

    def pick(t, order):
        return _index_select(t, _from_numpy(np.array(order, np.int64)), axis)
    return _math.subtract(_math.multiply(pick(x, [1, 2, 0]), pick(y, [2, 0, 1])),
                          _math.multiply(pick(x, [2, 0, 1]), pick(y, [1, 2, 0])))


def as_tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """data as a Tensor: a Tensor of that dtype is returned as it is, anything
    else (numpy arrays, numbers, nested lists, Tensors of another dtype) is
    converted.

    Args:
        data (Tensor|numpy.ndarray|list|number): the data.
        dtype (str|paddle.dtype, optional): the dtype (None: the data's). Default: None.
        device (str, optional): only the CPU here. Default: None.
        requires_grad (bool, optional): whether the result wants a gradient. Default: False.
        pin_memory (bool, optional): unused here. Default: False.

    Returns:
        Tensor: the data.

    Example:
        >>> paddle.as_tensor([1, 2, 3], dtype='float32').numpy()
        array([1., 2., 3.], dtype=float32)
    """
    if isinstance(data, Tensor) and (dtype is None or
                                     _dtype.convert_dtype(dtype) == data.dtype):
        return data
    out = to_tensor(data, dtype=dtype)
    out.stop_gradient = not requires_grad
    return out


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False):
    """obj as a Tensor (see :func:`as_tensor`); copy=True always copies, and
    copy=False refuses a conversion that would.

    Args:
        obj (Tensor|numpy.ndarray|list|number): the data.
        dtype (str|paddle.dtype, optional): the dtype (None: the data's). Default: None.
        device (str, optional): only the CPU here. Default: None.
        copy (bool, optional): True: always a new tensor; False: never one (an error if
            obj is not a Tensor of that dtype); None: only when needed. Default: None.
        requires_grad (bool, optional): whether the result wants a gradient. Default: False.

    Returns:
        Tensor: the data.

    Example:
        >>> x = paddle.to_tensor([1.0, 2.0])
        >>> paddle.asarray(x) is x, paddle.asarray(x, copy=True) is x
        (True, False)
    """
    same = isinstance(obj, Tensor) and (dtype is None or _dtype.convert_dtype(dtype) == obj.dtype)
    if copy is False and not same:
        raise ValueError("[asarray] copy=False, but obj is not a Tensor of that dtype: a copy "
                         "is needed")
    if same and not copy:
        return obj
    out = to_tensor(obj.numpy() if isinstance(obj, Tensor) else obj,
                    dtype=dtype if dtype is not None else getattr(obj, "dtype", None))
    out.stop_gradient = not requires_grad
    return out


def from_numpy(ndarray):
    """A Tensor holding a copy of a numpy array (its dtype and shape).

    Args:
        ndarray (numpy.ndarray): the array.

    Returns:
        Tensor: the array's values.

    Example:
        >>> paddle.from_numpy(np.array([1, 2], dtype='int32')).dtype
        paddle.int32
    """
    if not isinstance(ndarray, np.ndarray):
        raise TypeError(f"[from_numpy] ndarray must be a numpy.ndarray, got "
                        f"{type(ndarray).__name__}")
    return to_tensor(ndarray)

