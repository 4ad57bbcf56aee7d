"""The methods of paddle.Tensor written in Python: operators, conversions,
autograd entry points, printing. Installed on the C++ class once at import."""
# Plumbing of paddle.Tensor, not API: nothing here is public (the spec and the docs skip it).
__all__ = []
import numpy as np

from .. import _core
from . import (
    aliases, complex_numbers, creation, cumulative, gather_scatter, inplace, joining, layout,
    linalg, linalg_composite, logic, manipulation, math, math_extra, numeric, ordered, predicates,
    search, stat, scatter_extra, stat_extra, creation_extra, special_extra, linalg_extra,
    linalg_lapack,
)
from ._helpers import Tensor
from .indexing import get_index
from .setitem import set_index
from .to_string import values_text


def _item(self, *args):
    """The value of a one-element tensor (or of the element at ``args``) as a Python number."""
    arr = self.numpy()
    if args:
        return arr[args if len(args) > 1 else args[0]].item()
    if arr.size != 1:
        raise ValueError(f"only one element tensors can be converted to Python scalars, "
                         f"this one has shape {self.shape}")
    return arr.reshape(()).item()


def _tolist(self):
    """The tensor's values as (nested) Python lists."""
    return self.numpy().tolist()


def _astype(self, dtype):
    """The tensor converted to ``dtype``."""
    return manipulation.cast(self, dtype)


def _backward(self, grad_tensor=None, retain_graph=False):
    """Computes the gradient of this tensor with respect to every leaf tensor
    with stop_gradient=False and accumulates it into their ``.grad``."""
    if grad_tensor is not None and not isinstance(grad_tensor, Tensor):
        raise TypeError(f"[backward] grad_tensor must be a Tensor, got {type(grad_tensor).__name__}")
    self._backward(grad_tensor, bool(retain_graph))


def _clear_grad(self, set_to_zero=True):
    """Clears the accumulated gradient: zeros it in place (set_to_zero) or drops it.
    Zeroing is lazy (C++): .grad reads as zeros, and the next backward writes into it
    instead of adding to zeros, so a training step makes no pass over the gradients."""
    if set_to_zero:
        self._clear_grad_to_zero()
    else:
        self._set_grad(None)


def _detach(self):
    """A tensor sharing this one's data, outside the graph (stop_gradient=True)."""
    return self._detach()


class TensorHookRemoveHelper:
    """Returned by Tensor.register_hook; ``remove()`` disables the hook."""

    def __init__(self):
        self.active = True

    def remove(self):
        self.active = False
        return True


def _register_hook(self, hook):
    """Calls ``hook(grad)`` when this tensor's gradient is computed; a Tensor
    it returns replaces the gradient. Returns a helper whose remove() undoes it."""
    if not callable(hook):
        raise TypeError(f"[register_hook] hook must be callable, got {type(hook).__name__}")
    helper = TensorHookRemoveHelper()

    def call(g):
        return hook(g) if helper.active else None
    self._register_grad_hook(call)
    return helper


def _format(self):
    body = values_text(self.numpy(), "       ")  # as set_printoptions says
    return (f"Tensor(shape={list(self.shape)}, dtype={self.dtype.name}, place={self.place}, "
            f"stop_gradient={self.stop_gradient},\n       {body})")


def _getitem(self, index):
    return get_index(self, index)


def _setitem(self, index, value):
    set_index(self, index, value)


def _len(self):
    if self.ndim == 0:
        raise TypeError("len() of a 0-D tensor")
    return self.shape[0]


def _iter(self):
    if self.ndim == 0:
        raise TypeError("iteration over a 0-D tensor")
    for i in range(self.shape[0]):
        yield self[i]


def _bool(self):
    if int(np.prod(self.shape)) != 1:
        raise ValueError("The truth value of a Tensor with more than one element is ambiguous; "
                         "use .any() or .all()")
    return bool(self.item())


_METHODS = {
    "item": _item, "tolist": _tolist, "astype": _astype, "backward": _backward,
    "clear_grad": _clear_grad, "clear_gradient": _clear_grad, "detach": _detach,
    "register_hook": _register_hook, "__repr__": _format, "__str__": _format,
    "__getitem__": _getitem, "__setitem__": _setitem, "__len__": _len, "__iter__": _iter,
    "__bool__": _bool,
    "__float__": lambda self: float(self.item()), "__int__": lambda self: int(self.item()),
    "__index__": lambda self: int(self.item()),
    "__array__": lambda self, dtype=None, copy=None: (
        self.numpy() if dtype is None else self.numpy().astype(dtype)),
    # Arithmetic and comparisons are C slots (core/pybind/eager_math.cc).
    "__array_ufunc__": None,
    "__dlpack__": lambda self, stream=None, **kwargs: _core.to_dlpack(self),
    "__dlpack_device__": lambda self: (1, 0),  # (kDLCPU, device 0)  # numpy defers to them: ndarray + Tensor is a Tensor
    "__abs__": math.abs,
    "size": property(lambda self: int(np.prod(self.shape)), doc="The number of elements."),
    "T": property(lambda self: manipulation.transpose(self, list(range(self.ndim))[::-1]),
                  doc="The tensor with its dims reversed."),
}

# Methods that are the paddle.* function of the same name with the tensor first.
_FUNCTIONS = [
    (math, ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "mod", "pow",
            "maximum", "minimum", "neg", "scale", "exp", "log", "log1p", "sqrt", "rsqrt",
            "abs", "sin", "cos", "tanh", "sigmoid", "square", "reciprocal", "floor", "ceil",
            "round", "sign", "erf", "matmul", "sum", "mean", "max", "min", "amax", "amin",
            "all", "any", "prod"]),
    (math_extra, math_extra.__all__),
    (cumulative, cumulative.__all__),
    (manipulation, ["cast", "reshape", "transpose", "squeeze", "unsqueeze", "flatten", "split",
                    "chunk", "unstack", "unbind", "slice", "strided_slice", "moveaxis"]),
    (logic, ["equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal",
             "logical_and", "logical_or", "logical_xor", "logical_not", "isclose", "allclose",
             "equal_all"]),
    (gather_scatter, ["gather", "gather_nd", "scatter", "scatter_nd_add", "scatter_nd",
                      "take_along_axis", "put_along_axis", "take", "repeat_interleave",
                      "index_add"]),
    (ordered, ["unique", "bucketize"]),
    (layout, ["tile", "expand", "expand_as", "broadcast_to", "flip", "roll", "tril", "triu",
              "diag", "rot90"]),
    (linalg, ["dot", "bmm", "mm", "mv", "t", "norm", "outer", "inner", "diagonal", "trace"]),
    (numeric, ["isnan", "isinf", "isfinite", "clip", "cumsum", "logsumexp", "increment",
               "kron", "pow_", "count_nonzero", "nansum", "nanmean"]),
    (search, ["argmax", "argmin", "argsort", "sort", "topk", "where", "nonzero",
              "index_select", "masked_select", "masked_fill", "kthvalue"]),
    (stat, ["var", "std", "median", "numel"]),
    (creation, ["clone"]),
    (aliases, ["gt", "ge", "lt", "le", "eq", "ne", "greater", "less", "clamp", "permute",
               "swapaxes", "swapdims", "div", "mul", "sub", "true_divide", "negative", "ravel",
               "view", "view_as", "matrix_transpose", "take_along_dim", "reverse"]),
    (joining, ["atleast_1d", "atleast_2d", "atleast_3d", "hsplit", "vsplit", "dsplit",
               "tensor_split", "narrow", "unflatten", "block_diag", "combinations"]),
    (linalg_composite, ["tensordot", "vander", "diag_embed", "diagflat", "trapezoid",
                        "cumulative_trapezoid", "addmm", "baddbmm", "cdist", "dist", "renorm",
                        "multi_dot"]),
    (predicates, ["is_tensor", "is_complex", "is_floating_point", "is_integer", "is_empty"]),
    (inplace, inplace.__all__ + ["uniform_"]),
    (scatter_extra, scatter_extra.__all__),
    (stat_extra, stat_extra.__all__),
    (creation_extra, ["bernoulli_", "multinomial", "add_n", "broadcast_shapes", "rank",
                      "reduce_as", "cross"]),
    (special_extra, special_extra.__all__),
    (linalg_extra, linalg_extra.__all__),
    (linalg_lapack, ["slogdet", "solve", "cholesky_solve", "cholesky_inverse", "lu", "lu_unpack",
                     "qr", "eig", "eigvals", "lstsq", "pinv", "matrix_power", "cond",
                     "householder_product", "ormqr", "pca_lowrank", "svd_lowrank"]),
    (complex_numbers, ["real", "imag", "conj", "angle", "as_complex", "as_real"]),
]


def install():
    for name, fn in _METHODS.items():
        setattr(Tensor, name, fn)
    for module, names in _FUNCTIONS:
        for name in names:
            setattr(Tensor, name, getattr(module, name))
    Tensor.__module__ = "paddle"
    Tensor.dim = lambda self: self.ndim
