"""More methods of paddle.Tensor, as PaddlePaddle has them: conversions
(float(), int(), cpu(), to(), type_as, ...), in-place variants of the tensor
functions (add_, exp_, clip_, ...), and the small properties users reach for
(data, requires_grad, element_size, ...). Installed on import."""
# Plumbing of paddle.Tensor, not API: nothing here is public (the spec and the docs skip it).
__all__ = []
import numpy as np

from .. import _core
from ..autograd import no_grad
from ..framework import dtypes as _dtype
from . import creation, math_extra
from ._helpers import graph_alias

Tensor = _core.Tensor

_CASTS = {
    "float": "float32", "double": "float64", "half": "float16", "bfloat16": "bfloat16",
    "int": "int32", "long": "int64", "short": "int16", "char": "int8", "byte": "uint8",
    "bool": "bool", "float16": "float16", "float32": "float32", "float64": "float64",
    "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64", "uint8": "uint8",
    "complex64": "complex64", "complex128": "complex128",
}

# f_ for each f: the result replaces the tensor's data (and its place in the graph).
_INPLACE = [
    "add", "subtract", "multiply", "divide", "floor_divide", "remainder", "mod", "floor_mod",
    "pow", "scale", "exp", "log", "log1p", "sqrt", "rsqrt", "abs", "sin", "cos", "tanh",
    "sigmoid", "square", "reciprocal", "floor", "ceil", "round", "clip", "cast", "reshape",
    "squeeze", "unsqueeze", "flatten", "transpose", "cumsum", "masked_fill", "put_along_axis",
    "scatter", "tril", "triu", "where", "logical_and", "logical_or", "logical_xor",
    "logical_not", "neg", "erf", "lerp", "index_fill", "nan_to_num", "sign", "clamp", "sub",
    "mul", "div", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cosh", "sinh", "tan",
    "log2", "log10", "trunc", "frac", "lgamma", "digamma", "erfinv", "logit", "sinc",
    "hypot", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not", "copysign", "gcd",
    "lcm", "ldexp", "cumprod", "i0", "bitwise_left_shift", "bitwise_right_shift",
    "bitwise_invert",
]


def _check_inplace(t, name):
    if t.is_leaf and not t.stop_gradient and _core.is_grad_enabled():
        raise ValueError(f"Leaf Tensor ({t.name}) that doesn't stop gradient can't use inplace "
                         f"strategy ({name}).")


def _make_inplace(fn, name):
    def method(self, *args, **kwargs):
        _check_inplace(self, name)
        self._assign_from(fn(graph_alias(self), *args, **kwargs))
        return self
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"In-place {fn.__name__}: the result replaces this tensor's data."
    return method


def _set_value(self, value):
    """Replaces the tensor's data with ``value`` (a Tensor, numpy array or
    Python data of the same shape), converted to the tensor's dtype."""
    src = value if isinstance(value, Tensor) else creation.to_tensor(np.asarray(value))
    if list(src.shape) != list(self.shape):
        raise ValueError(f"[set_value] value has shape {list(src.shape)}, the tensor "
                         f"{list(self.shape)}")
    with no_grad():
        self._assign_from(creation.to_tensor(src, dtype=self.dtype))
    return self


def _fill(self, value):
    """Sets every element to ``value``, in place."""
    _check_inplace(self, "fill_")
    with no_grad():
        self._assign_from(creation.full_like(self, value))
    return self


def _to(self, *args, **kwargs):
    """The tensor with another dtype (``x.to('float64')``, ``x.to(dtype=...)``);
    devices other than the CPU are an error."""
    dtype = kwargs.get("dtype")
    for a in args:
        if isinstance(a, str) and a.lower().startswith(("cpu", "gpu", "cuda", "place")):
            if not a.lower().startswith(("cpu", "place(cpu")):
                raise ValueError(f"[to] device {a!r}: paddle is not compiled with CUDA")
        elif isinstance(a, Tensor):
            dtype = a.dtype
        elif a is not None and not isinstance(a, bool):
            dtype = a
    device = kwargs.get("device")
    if device is not None and not str(device).lower().startswith(("cpu", "place(cpu")):
        raise ValueError(f"[to] device {device!r}: paddle is not compiled with CUDA")
    return self if dtype is None else self.astype(dtype)


def _strides(self):
    out, step = [], 1
    for d in reversed(self.shape):
        out.append(step)
        step *= max(d, 1)
    return out[::-1]


def _new(fill):
    def method(self, size, dtype=None, **kwargs):
        return creation.full(size, fill, dtype or self.dtype)
    return method


def _data_get(self):
    return self._detach()


def _data_set(self, value):
    _set_value(self, value)


_METHODS = {
    "set_value": _set_value, "copy_": lambda self, src, blocking=True: _set_value(self, src),
    "fill_": _fill, "zero_": lambda self: _fill(self, 0),
    "to": _to, "cpu": lambda self: self, "pin_memory": lambda self: self,
    "cuda": lambda self, *a, **k: (_ for _ in ()).throw(
        ValueError("[cuda] paddle is not compiled with CUDA")),
    "type_as": lambda self, other: self.astype(other.dtype),
    "element_size": lambda self: self.dtype.itemsize,
    "data_ptr": lambda self: self._data_ptr(),
    "is_contiguous": lambda self: True, "contiguous": lambda self: self,
    "get_strides": _strides, "strides": property(_strides),
    "stride": lambda self, dim=None: _strides(self) if dim is None else _strides(self)[dim],
    "ndimension": lambda self: self.ndim,
    "retain_grads": lambda self: self._retain_grads(),
    "gradient": lambda self: None if self.grad is None else self.grad.numpy(),
    "inplace_version": property(lambda self: self._version),
    "detach_": lambda self: (self._assign_from(self._detach()), setattr(self, "stop_gradient", True),
                             self)[2],
    "new_zeros": _new(0), "new_ones": _new(1),
    "new_full": lambda self, size, fill_value, dtype=None, **k: creation.full(
        size, fill_value, dtype or self.dtype),
    "new_empty": _new(0),
    "data": property(_data_get, _data_set, doc="The tensor's data, outside the graph."),
    "requires_grad_": lambda self, requires_grad=True: (
        setattr(self, "stop_gradient", not requires_grad), self)[1],
    "requires_grad": property(lambda self: not self.stop_gradient,
                              lambda self, v: setattr(self, "stop_gradient", not v)),
    "itemsize": property(lambda self: self.dtype.itemsize),
    "mT": property(lambda self: self.transpose(list(range(self.ndim - 2)) +
                                               [self.ndim - 1, self.ndim - 2])),
}


# PaddlePaddle's other names for methods that exist (the rest: aliases.py).
_ALIASES = {"floor_mod": "remainder", "bitwise_invert": "bitwise_not"}


def _integer_operator(name, bitwise):
    """Tensor.<name> as PaddlePaddle's: the bitwise op for integer tensors,
    what the C slot does (logical ops of bools) otherwise."""
    slot = getattr(Tensor, name)

    def method(self, *other):
        if _dtype.is_integer(self.dtype) and all(isinstance(o, Tensor) for o in other):
            return bitwise(self, *other)
        return slot(self, *other)
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"{bitwise.__name__} of integer tensors; the logical op of bool tensors."
    return method


def _lshift(self, other):
    """self << other, bitwise_left_shift of integer tensors."""
    return math_extra.bitwise_left_shift(self, other)


def _rshift(self, other):
    """self >> other, the arithmetic bitwise_right_shift of integer tensors."""
    return math_extra.bitwise_right_shift(self, other)


_OPERATORS = {
    "__and__": math_extra.bitwise_and, "__or__": math_extra.bitwise_or,
    "__xor__": math_extra.bitwise_xor, "__invert__": math_extra.bitwise_not,
}


def install():
    for name, bitwise in _OPERATORS.items():
        setattr(Tensor, name, _integer_operator(name, bitwise))
    Tensor.__lshift__ = _lshift
    Tensor.__rshift__ = _rshift
    for alias, target in _ALIASES.items():
        if hasattr(Tensor, target) and not hasattr(Tensor, alias):
            setattr(Tensor, alias, getattr(Tensor, target))
    for name, fn in _METHODS.items():
        setattr(Tensor, name, fn)
    for name, target in _CASTS.items():
        setattr(Tensor, name, (lambda d: lambda self: self.astype(d))(target))
    for base in _INPLACE:
        fn = getattr(Tensor, base, None)
        if fn is not None and not hasattr(Tensor, base + "_"):
            setattr(Tensor, base + "_", _make_inplace(fn, base + "_"))


install()
