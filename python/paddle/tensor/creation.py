"""Making tensors: to_tensor, full/zeros/ones/empty (and *_like), arange,
linspace, eye, and the random ones (rand, randn, randint, uniform, normal)."""
import builtins
import numbers

import numpy as np

from .. import _core
from ..framework import dtypes as _dtype
from ._helpers import Tensor, check_tensor, dtype_code, op, scalar_value, shape_list

__all__ = [
    "arange", "assign", "clone", "empty", "empty_like", "eye", "full", "full_like", "linspace",
    "normal", "ones", "ones_like", "rand", "randint", "randint_like", "randn", "randperm",
    "standard_normal", "to_tensor", "uniform", "zeros", "zeros_like",
]

_fill_constant = op("fill_constant", [], ["shape", "dtype", "value", "str_value"])
_fill_any_like = op("fill_any_like", ["X"], ["value", "dtype"])
_cast = op("cast", ["X"], ["in_dtype", "out_dtype"])
_assign = op("assign", ["X"])
_range = op("range", ["Start", "End", "Step"])
_linspace = op("linspace", ["Start", "Stop", "Num"], ["dtype"])
_eye = op("eye", [], ["num_rows", "num_columns", "dtype"])
_uniform = op("uniform_random", [], ["shape", "dtype", "min", "max", "seed"])
_gaussian = op("gaussian_random", [], ["shape", "mean", "std", "seed", "dtype"])
_randint = op("randint", [], ["shape", "low", "high", "seed", "dtype"])
_randperm = op("randperm", [], ["n", "dtype"])


def _infer_dtype(data):
    """The dtype PaddlePaddle gives Python data without a dtype: floats become the
    default dtype, ints int64, bools bool, complex complex64."""
    arr = np.asarray(data)
    kind = arr.dtype.kind
    if kind == "f":
        return _dtype.default_float_dtype()
    if kind in "iu":
        return _dtype.int64
    if kind == "b":
        return _dtype.bool
    if kind == "c":
        return _dtype.complex64
    raise TypeError(f"Can't construct a paddle.Tensor from data of type {arr.dtype}: data "
                    "must be a scalar, list, tuple, numpy.ndarray or paddle.Tensor")


def to_tensor(data, dtype=None, place=None, stop_gradient=True):
    """Creates a Tensor from a Python scalar, (nested) list or tuple, numpy array
    or Tensor, always copying the data.

    Args:
        data: the values. Python floats become the default dtype (float32), ints
            int64, bools bool; a numpy array keeps its dtype.
        dtype (str|paddle.dtype, optional): the element type to convert to.
        place (optional): accepted for compatibility; tensors live on the CPU.
        stop_gradient (bool): False to compute gradients for this tensor.

    Returns:
        Tensor

    Example:
        >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], stop_gradient=False)
        >>> x.shape
        paddle.Size([2, 2])
    """
    if isinstance(data, Tensor) and data._static_ref() is not None:
        # A variable of a static program: a copy made by the program.
        out = _assign(data) if dtype is None else data.astype(dtype)
        out.stop_gradient = stop_gradient
        return out
    if isinstance(data, Tensor):
        arr = data.numpy()
    elif isinstance(data, (np.ndarray, np.generic)):
        arr = np.asarray(data)
    elif isinstance(data, (numbers.Number, list, tuple)):
        if isinstance(data, (list, tuple)):
            data = [d.numpy() if isinstance(d, Tensor) else d for d in data]
        arr = np.array(data)
        if arr.dtype.kind in "OUSV":
            raise TypeError(f"Can't construct a paddle.Tensor from {type(data).__name__} "
                            f"holding {arr.dtype} values")
        if dtype is None:
            dtype = _infer_dtype(arr)
    else:
        raise TypeError(f"Can't construct a paddle.Tensor with data type {type(data)}, data "
                        "type must be scalar|list|tuple|np.ndarray|paddle.Tensor")
    if dtype is not None:
        arr = arr.astype(_dtype.to_numpy_dtype(dtype), copy=False)
    t = Tensor._from_numpy(arr)
    if _core._build_target()[0] is not None:
        t = _core._static_constant(t)  # static mode: an assign_value op of the program
    t.stop_gradient = stop_gradient
    return t


def _fill_dtype(fill_value, dtype):
    if dtype is not None:
        return _dtype.convert_dtype(dtype)
    if isinstance(fill_value, (bool, np.bool_)):
        return _dtype.bool
    if isinstance(fill_value, (complex, np.complexfloating)):
        return _dtype.complex128  # as PaddlePaddle 3.3.1
    return _dtype.default_float_dtype()


def _filled(shape, value, dtype, fn):
    value = scalar_value(value)
    if not isinstance(value, (numbers.Number, np.generic)):
        raise TypeError(f"[{fn}] fill_value must be a number, got {type(value).__name__}")
    d = _dtype.convert_dtype(dtype)
    if isinstance(value, (complex, np.complexfloating)):
        return _complex_filled(shape_list(shape, fn), complex(value), d, fn)
    # Integers travel as text so int64 values beyond float32's precision stay exact.
    str_value = str(int(value)) if _dtype.is_integer(d) and float(value).is_integer() else ""
    if isinstance(value, (bool, np.bool_)):
        str_value = ""
        value = float(value)
    return _fill_constant(shape_list(shape, fn), d.code, float(value), str_value)


_complex = op("complex", ["X", "Y"])


def _complex_filled(shape, value, d, fn):
    """real + i imag filled: each part a fill_constant (its text keeps float64's digits)."""
    if not _dtype.is_complex(d):
        raise TypeError(f"[{fn}] a complex fill_value needs a complex dtype, got {d.name}")
    part = _dtype.float32 if d == _dtype.complex64 else _dtype.float64
    return _complex(_fill_constant(shape, part.code, value.real, repr(value.real)),
                    _fill_constant(shape, part.code, value.imag, repr(value.imag)))


def full(shape, fill_value, dtype=None, name=None):
    """A tensor of ``shape`` with every element ``fill_value``.

    Args:
        shape (list|tuple|Tensor|int): The shape: a list or tuple of ints (or 1-element
            Tensors), a 1-D int Tensor, or one int.
        fill_value (bool|int|float|complex|Tensor): The value of every element (a Tensor: its
            one value).
        dtype (str|paddle.dtype, optional): The dtype; None (the default) gives bool for a bool
            fill_value, complex128 for a complex one and the default float dtype otherwise.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of the given shape and dtype.

    Example:
        >>> paddle.full([2, 3], 1.5).numpy()
        array([[1.5, 1.5, 1.5],
               [1.5, 1.5, 1.5]], dtype=float32)
    """
    return _filled(shape, fill_value, _fill_dtype(fill_value, dtype), "full")


def zeros(shape, dtype=None, name=None):
    """A tensor of ``shape`` filled with 0 (default dtype float32).

    Args:
        shape (list|tuple|int|Tensor): The shape: a list or tuple of ints (or one-element
            Tensors), an int, or a 1-D int Tensor.
        dtype (str|paddle.dtype, optional): The dtype of the result; None (the default) uses the
            default float dtype (float32 unless changed by ``paddle.set_default_dtype``).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of ``shape`` and ``dtype`` filled with 0.

    Example:
        >>> paddle.zeros([2]).numpy()
        array([0., 0.], dtype=float32)
    """
    return _filled(shape, 0, dtype or _dtype.default_float_dtype(), "zeros")


def ones(shape, dtype=None, name=None):
    """A tensor of ``shape`` filled with 1 (default dtype float32).

    Args:
        shape (list|tuple|int|Tensor): The shape: a list or tuple of ints (or one-element
            Tensors), an int, or a 1-D int Tensor.
        dtype (str|paddle.dtype, optional): The dtype of the result; None (the default) uses the
            default float dtype (float32 unless changed by ``paddle.set_default_dtype``).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of ``shape`` and ``dtype`` filled with 1.

    Example:
        >>> paddle.ones([2], dtype="int64").numpy()
        array([1, 1])
    """
    return _filled(shape, 1, dtype or _dtype.default_float_dtype(), "ones")


def empty(shape, dtype=None, name=None):
    """A tensor of ``shape`` whose values are unspecified (here: zeros).

    Args:
        shape (list|tuple|Tensor|int): The shape: a list or tuple of ints (or 1-element
            Tensors), a 1-D int Tensor, or one int.
        dtype (str|paddle.dtype, optional): The dtype; None (the default) is the default float
            dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of the given shape and dtype.

    Example:
        >>> paddle.empty([2, 3]).shape
        paddle.Size([2, 3])
    """
    return zeros(shape, dtype)


def full_like(x, fill_value, dtype=None, name=None):
    """A tensor of x's shape (and dtype, unless given) filled with ``fill_value``.

    Args:
        x (Tensor): The tensor whose shape (and dtype) the result takes.
        fill_value (bool|int|float|Tensor): The value of every element; truncated to an int for
            an integer or bool dtype.
        dtype (str|paddle.dtype, optional): The dtype; None (the default) is x's.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of x's shape.

    Example:
        >>> paddle.full_like(paddle.to_tensor([1, 2]), 2.5).numpy()
        array([2, 2])
    """
    check_tensor(x, "x", "full_like")
    d = _dtype.convert_dtype(dtype) if dtype is not None else x.dtype
    value = scalar_value(fill_value)
    if _dtype.is_integer(d) or d == _dtype.bool:
        value = int(value)
    return _fill_any_like(x, float(value), d.code)


def zeros_like(x, dtype=None, name=None):
    """Zeros of x's shape and dtype (or ``dtype``).

    Args:
        x (Tensor): The Tensor whose shape (and dtype) the result takes.
        dtype (str|paddle.dtype, optional): The dtype of the result; None (the default) keeps
            x's dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of x's shape filled with 0.

    Example:
        >>> paddle.zeros_like(paddle.ones([2])).numpy()
        array([0., 0.], dtype=float32)
    """
    return full_like(x, 0, dtype)


def ones_like(x, dtype=None, name=None):
    """Ones of x's shape and dtype (or ``dtype``).

    Args:
        x (Tensor): The Tensor whose shape (and dtype) the result takes.
        dtype (str|paddle.dtype, optional): The dtype of the result; None (the default) keeps
            x's dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of x's shape filled with 1.

    Example:
        >>> paddle.ones_like(paddle.zeros([2])).numpy()
        array([1., 1.], dtype=float32)
    """
    return full_like(x, 1, dtype)


def empty_like(x, dtype=None, name=None):
    """A tensor of x's shape and dtype with unspecified values (here: zeros).

    Args:
        x (Tensor): The tensor whose shape (and dtype) the result takes.
        dtype (str|paddle.dtype, optional): The dtype; None (the default) is x's.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A tensor of x's shape.

    Example:
        >>> paddle.empty_like(paddle.ones([2])).shape
        paddle.Size([2])
    """
    return full_like(x, 0, dtype)


def _as_number_tensor(v, d):
    if isinstance(v, Tensor):
        return v if v.dtype == d else _cast(v, v.dtype.code, d.code)
    return _filled([1], v, d, "arange")


def arange(start=0, end=None, step=1, dtype=None, name=None):
    """Values from ``start`` up to (not including) ``end`` by ``step``; with one
    argument, ``arange(end)``. int64 when every bound is an int, else float32.

    Args:
        start (int|float|Tensor, optional): The first value; with end None, the end (and start
            is 0). Default 0.
        end (int|float|Tensor, optional): The bound, not included. Default None.
        step (int|float|Tensor, optional): The spacing, nonzero (ValueError for 0); negative
            counts down. Default 1.
        dtype (str|paddle.dtype, optional): The result's dtype; None (the default) gives int64
            when start, end and step are all ints, else the default float dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 1-D tensor of ceil((end - start) / step) values.

    Example:
        >>> paddle.arange(5).numpy()
        array([0, 1, 2, 3, 4])
    """
    if end is None:
        start, end = 0, start
    if dtype is None:
        vals = [scalar_value(v) for v in (start, end, step)]
        ints = builtins.all(isinstance(v, (numbers.Integral, np.integer)) for v in vals)
        dtype = _dtype.int64 if ints else _dtype.default_float_dtype()
    d = _dtype.convert_dtype(dtype)
    if scalar_value(step) == 0:
        raise ValueError("[arange] step must not be 0")
    return _range(_as_number_tensor(start, d), _as_number_tensor(end, d), _as_number_tensor(step, d))


def linspace(start, stop, num, dtype=None, name=None):
    """``num`` evenly spaced values from ``start`` to ``stop`` inclusive.

    Args:
        start (int|float|Tensor): The first value (a number or a one-element Tensor).
        stop (int|float|Tensor): The last value, included (a number or a one-element Tensor).
        num (int|Tensor): How many values, a positive int (or a one-element Tensor); otherwise
            ValueError.
        dtype (str|paddle.dtype, optional): The dtype of the result; None (the default) uses the
            default float dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 1-D Tensor of ``num`` values.

    Example:
        >>> paddle.linspace(0, 1, 5).numpy()
        array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float32)
    """
    d = _dtype.convert_dtype(dtype) if dtype is not None else _dtype.default_float_dtype()
    n = scalar_value(num)
    if not isinstance(n, (numbers.Integral, np.integer)) or n <= 0:
        raise ValueError(f"[linspace] num must be a positive int, got {num!r}")
    return _linspace(_as_number_tensor(start, _dtype.float64 if d == _dtype.float64 else _dtype.float32),
                     _as_number_tensor(stop, _dtype.float64 if d == _dtype.float64 else _dtype.float32),
                     _filled([1], n, _dtype.int32, "linspace"), d.code)


def eye(num_rows, num_columns=None, dtype=None, name=None):
    """A 2-D tensor with ones on the diagonal and zeros elsewhere.

    Args:
        num_rows (int): The number of rows, a non-negative int (TypeError otherwise).
        num_columns (int, optional): The number of columns; None (the default) is num_rows.
        dtype (str|paddle.dtype, optional): The dtype; None (the default) is the default float
            dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A [num_rows, num_columns] tensor.

    Example:
        >>> paddle.eye(2).numpy()
        array([[1., 0.],
               [0., 1.]], dtype=float32)
    """
    rows = scalar_value(num_rows)
    cols = rows if num_columns is None else scalar_value(num_columns)
    for v, n in ((rows, "num_rows"), (cols, "num_columns")):
        if not isinstance(v, (numbers.Integral, np.integer)) or v < 0:
            raise TypeError(f"[eye] {n} must be a non-negative int, got {v!r}")
    d = _dtype.convert_dtype(dtype) if dtype is not None else _dtype.default_float_dtype()
    return _eye(int(rows), int(cols), d.code)


def _float_dtype(dtype, fn):
    d = _dtype.convert_dtype(dtype) if dtype is not None else _dtype.default_float_dtype()
    if not _dtype.is_floating_point(d):
        raise TypeError(f"[{fn}] dtype must be a floating-point type, got {d.name}")
    return d


def uniform(shape, dtype=None, min=0, max=1.0, seed=0, name=None):  # noqa: A002
    """Values drawn uniformly from [min, max).

    Args:
        shape (list|tuple|int|Tensor): The shape: a list or tuple of ints (or one-element
            Tensors), an int, or a 1-D int Tensor.
        dtype (str|paddle.dtype, optional): A floating-point dtype (others raise TypeError); None
            (the default) uses the default float dtype.
        min (float, optional): The lower bound, included. Default 0.
        max (float, optional): The upper bound, excluded; must not be below min (else
            ValueError). Default 1.0.
        seed (int, optional): A seed for this draw; 0 (the default) uses the global generator
            (see ``paddle.seed``).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of ``shape`` and ``dtype`` with the drawn values.

    Example:
        >>> paddle.uniform([2, 3], min=-1.0, max=1.0).shape
        paddle.Size([2, 3])
    """
    d = _float_dtype(dtype, "uniform")
    if min > max:
        raise ValueError(f"[uniform] min ({min}) must not exceed max ({max})")
    return _uniform(shape_list(shape, "uniform"), d.code, float(min), float(max), int(seed))


def rand(shape, dtype=None, name=None):
    """Values drawn uniformly from [0, 1).

    Args:
        shape (list|tuple|int|Tensor): The shape: a list or tuple of ints (or one-element
            Tensors), an int, or a 1-D int Tensor.
        dtype (str|paddle.dtype, optional): A floating-point dtype (others raise TypeError); None
            (the default) uses the default float dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of ``shape`` and ``dtype`` with the drawn values.

    Example:
        >>> paddle.rand([2, 3]).shape
        paddle.Size([2, 3])
    """
    return uniform(shape, dtype, 0.0, 1.0)


def normal(mean=0.0, std=1.0, shape=None, name=None):
    """Values drawn from a normal distribution N(mean, std²).

    Args:
        mean (float|Tensor, optional): The mean: a number, or a Tensor of per-element means.
            Default 0.0.
        std (float|Tensor, optional): The standard deviation: a number, or a Tensor of
            per-element deviations. Default 1.0.
        shape (list|tuple|int|Tensor, optional): The shape when mean and std are numbers; None
            (the default) gives shape [1]. Ignored when mean or std is a Tensor (the result
            takes that Tensor's shape).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The drawn values; of the default float dtype when mean and std are numbers.

    Example:
        >>> paddle.normal(0.0, 2.0, [3]).shape
        paddle.Size([3])
    """
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        base_shape = mean.shape if isinstance(mean, Tensor) else std.shape
        z = randn(base_shape)
        return z * std + mean
    if shape is None:
        shape = [1]
    return _gaussian(shape_list(shape, "normal"), float(mean), float(std), 0,
                     _dtype.default_float_dtype().code)


def randn(shape, dtype=None, name=None):
    """Values drawn from the standard normal distribution.

    Args:
        shape (list|tuple|int|Tensor): The shape: a list or tuple of ints (or one-element
            Tensors), an int, or a 1-D int Tensor.
        dtype (str|paddle.dtype, optional): A floating-point dtype (others raise TypeError); None
            (the default) uses the default float dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of ``shape`` and ``dtype`` with the drawn values.

    Example:
        >>> paddle.randn([2, 3]).shape
        paddle.Size([2, 3])
    """
    d = _float_dtype(dtype, "randn")
    return _gaussian(shape_list(shape, "randn"), 0.0, 1.0, 0, d.code)


def standard_normal(shape, dtype=None, name=None):
    """The same as ``randn``.

    Args:
        shape (list|tuple|int|Tensor): The shape: a list or tuple of ints (or one-element
            Tensors), an int, or a 1-D int Tensor.
        dtype (str|paddle.dtype, optional): A floating-point dtype (others raise TypeError); None
            (the default) uses the default float dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of ``shape`` and ``dtype`` with the drawn values.

    Example:
        >>> paddle.standard_normal([2]).shape
        paddle.Size([2])
    """
    return randn(shape, dtype)


def randint(low=0, high=None, shape=[1], dtype=None, name=None):  # noqa: B006 (PaddlePaddle's default)
    """Integers drawn uniformly from [low, high); ``randint(high)`` draws from [0, high).

    Args:
        low (int, optional): The lower bound, included; when ``high`` is None it is the upper
            bound and the lower bound is 0. Default 0.
        high (int, optional): The upper bound, excluded; must be greater than the lower bound
            (else ValueError). Default None.
        shape (list|tuple|int|Tensor, optional): The shape: a list or tuple of ints (or
            one-element Tensors), an int, or a 1-D int Tensor. Default [1].
        dtype (str|paddle.dtype, optional): The dtype of the result; None (the default) gives
            int64.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of ``shape`` and ``dtype`` with the drawn integers.

    Example:
        >>> paddle.randint(0, 10, [4]).dtype
        paddle.int64
    """
    if high is None:
        low, high = 0, low
    if high <= low:
        raise ValueError(f"[randint] high ({high}) must be greater than low ({low})")
    d = _dtype.convert_dtype(dtype) if dtype is not None else _dtype.int64
    return _randint(shape_list(shape, "randint"), int(low), int(high), 0, d.code)


def randint_like(x, low=0, high=None, dtype=None, name=None):
    """randint with x's shape (and dtype, unless given).

    Args:
        x (Tensor): The Tensor whose shape (and dtype) the result takes.
        low (int, optional): The lower bound, included; when ``high`` is None it is the upper
            bound and the lower bound is 0. Default 0.
        high (int, optional): The upper bound, excluded; must be greater than the lower bound
            (else ValueError). Default None.
        dtype (str|paddle.dtype, optional): The dtype of the result; None (the default) keeps
            x's dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A Tensor of x's shape with the drawn integers.

    Example:
        >>> paddle.randint_like(paddle.zeros([2, 2]), 0, 5).shape
        paddle.Size([2, 2])
    """
    check_tensor(x, "x", "randint_like")
    if high is None:
        low, high = 0, low
    out = randint(low, high, x.shape, "int64")
    d = _dtype.convert_dtype(dtype) if dtype is not None else x.dtype
    return out if d == _dtype.int64 else _cast(out, out.dtype.code, d.code)


def randperm(n, dtype="int64", name=None):
    """A random permutation of 0 .. n-1.

    Args:
        n (int): The length of the permutation, a non-negative int (else ValueError).
        dtype (str|paddle.dtype, optional): The dtype of the result. Default "int64".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 1-D Tensor of shape [n] holding each of 0 .. n-1 once.

    Example:
        >>> sorted(paddle.randperm(4).tolist())
        [0, 1, 2, 3]
    """
    if not isinstance(n, (numbers.Integral, np.integer)) or n < 0:
        raise ValueError(f"[randperm] n must be a non-negative int, got {n!r}")
    return _randperm(int(n), _dtype.convert_dtype(dtype).code)


def assign(x, output=None):
    """A copy of ``x`` (a Tensor, numpy array or Python data); into ``output`` when given.

    Args:
        x (Tensor|numpy.ndarray|list|tuple|int|float|bool): The data to copy; what is not a
            Tensor is converted as paddle.to_tensor does.
        output (Tensor, optional): The tensor that receives the copy (its data, dtype and
            shape); None (the default) makes a new tensor.

    Returns:
        Tensor: The copy: output when given, else a new tensor.

    Example:
        >>> paddle.assign(paddle.ones([2])).numpy()
        array([1., 1.], dtype=float32)
    """
    src = x if isinstance(x, Tensor) else to_tensor(x)
    out = _assign(src)
    if output is not None:
        output._assign_from(out)
        return output
    return out


def clone(x, name=None):
    """A copy of x that stays in the graph (gradients flow back to x).

    Args:
        x (Tensor): The tensor to copy.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A new tensor of x's shape, dtype and values.

    Example:
        >>> paddle.clone(paddle.ones([2])).numpy()
        array([1., 1.], dtype=float32)
    """
    return _assign(check_tensor(x, "x", "clone"))
