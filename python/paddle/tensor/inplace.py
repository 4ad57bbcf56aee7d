"""In-place ``paddle.f_`` functions (also ``Tensor.f_`` methods): the result
of ``f`` replaces the target tensor's data, dtype and shape, and its place in
the graph (``Tensor._assign_from``, which bumps the version counter), after
``check_inplace`` refuses a leaf that wants a gradient. The op reads
``graph_alias(x)``, so gradients flow through the in-place result too."""
import inspect

from . import aliases, gather_scatter, layout, linalg, linalg_composite, logic, manipulation
from . import math as _math
from ..framework import dtypes as _dtype
from . import creation, cumulative, math_extra, numeric, scatter_extra, search, special_extra
from ._helpers import check_inplace, check_tensor, graph_alias

# name_ -> (function, index of the argument it changes)
_TARGETS = {
    "abs": (_math.abs, 0), "cos": (_math.cos, 0), "sin": (_math.sin, 0),
    "tanh": (_math.tanh, 0), "log": (_math.log, 0), "log1p": (_math.log1p, 0),
    "erf": (_math.erf, 0), "neg": (_math.neg, 0), "square": (_math.square, 0),
    "subtract": (_math.subtract, 0), "multiply": (_math.multiply, 0),
    "divide": (_math.divide, 0), "floor_divide": (_math.floor_divide, 0),
    "remainder": (_math.remainder, 0), "mod": (_math.remainder, 0),
    "floor_mod": (_math.remainder, 0),
    "sub": (aliases.sub, 0), "div": (aliases.div, 0),
    "equal": (logic.equal, 0), "not_equal": (logic.not_equal, 0),
    "less_than": (logic.less_than, 0), "less": (logic.less_than, 0),
    "less_equal": (logic.less_equal, 0), "greater_than": (logic.greater_than, 0),
    "greater_equal": (logic.greater_equal, 0),
    "logical_and": (logic.logical_and, 0), "logical_or": (logic.logical_or, 0),
    "logical_xor": (logic.logical_xor, 0), "logical_not": (logic.logical_not, 0),
    "cast": (manipulation.cast, 0), "reshape": (manipulation.reshape, 0),
    "flatten": (manipulation.flatten, 0), "squeeze": (manipulation.squeeze, 0),
    "unsqueeze": (manipulation.unsqueeze, 0), "transpose": (manipulation.transpose, 0),
    "t": (linalg.t, 0), "tril": (layout.tril, 0), "triu": (layout.triu, 0),
    "cumsum": (numeric.cumsum, 0), "masked_fill": (search.masked_fill, 0),
    "scatter": (gather_scatter.scatter, 0), "index_add": (gather_scatter.index_add, 0),
    "where": (search.where, 1),
    "addmm": (linalg_composite.addmm, 0), "baddbmm": (linalg_composite.baddbmm, 0),
    "renorm": (linalg_composite.renorm, 0),
    "index_fill": (scatter_extra.index_fill, 0), "index_put": (scatter_extra.index_put, 0),
    "masked_scatter": (scatter_extra.masked_scatter, 0),
    "scatter_add": (scatter_extra.scatter_add, 0),
    "gammaln": (special_extra.gammaln, 0), "multigammaln": (special_extra.multigammaln, 0),
    "polygamma": (special_extra.polygamma, 0), "gammainc": (special_extra.gammainc, 0),
    "gammaincc": (special_extra.gammaincc, 0),
}

# the name of each function's changed argument, for calls that pass it by keyword
_KEYWORD = {"t": "input", "addmm": "input", "baddbmm": "input", "where": "x",
            "scatter_add": "input", "put_along_axis": "arr"}


def _args_section(base, fn, keyword):
    """The Args of paddle.<base>'s docstring (every parameter is the same), or,
    where it has none, one line per parameter pointing at it; and the Returns."""
    doc = fn.__doc__ or ""
    start = doc.find("\n    Args:\n")
    end = doc.find("\n    Returns:", start)
    if start >= 0 and end > start:
        args = doc[start:end].rstrip() + "\n"
    else:
        args = "\n    Args:\n" + "".join(
            f"        {p}: The argument {p} of paddle.{base}.\n"
            for p in inspect.signature(fn).parameters)
    return (f"{args}\n    Returns:\n        Tensor: {keyword} itself, changed in place to "
            f"hold the result.\n")


def _make(base, fn, target, owner="paddle"):
    name = base + "_"
    keyword = _KEYWORD.get(base, "x")

    def inplace(*args, **kwargs):
        if len(args) > target:
            x = args[target]
            check_tensor(x, keyword, name)
            args = args[:target] + (graph_alias(x),) + args[target + 1:]
        else:
            x = kwargs.get(keyword)
            check_tensor(x, keyword, name)
            kwargs = {**kwargs, keyword: graph_alias(x)}
        check_inplace(x, name)
        x._assign_from(fn(*args, **kwargs))
        return x
    inplace.__name__ = inplace.__qualname__ = name
    inplace.__module__ = __name__
    inplace.__signature__ = inspect.signature(fn)
    inplace.__doc__ = (f"In-place {owner}.{base}: the result replaces {keyword}'s data (and "
                       f"dtype and shape) and {keyword} is returned.\n"
                       f"{_args_section(base, fn, keyword)}\n    Example:\n"
                       "        >>> x = paddle.to_tensor([[1.0, -2.0], [3.0, -4.0]])\n"
                       f"        >>> {owner}.{name} is paddle.Tensor.{name}\n        True\n")
    return inplace


# Math functions whose in-place variant PaddlePaddle has (the first argument
# changes): each joins _TARGETS where paddle.tensor's math modules define it.
_MATH = ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cosh", "sinh", "tan", "expm1",
         "log2", "log10", "trunc", "frac", "digamma", "lgamma", "i0", "sinc", "logit", "gammaln",
         "nan_to_num", "cumprod", "hypot", "copysign", "ldexp", "gcd", "lcm", "bitwise_and",
         "bitwise_or", "bitwise_xor", "bitwise_not", "bitwise_invert", "bitwise_left_shift",
         "bitwise_right_shift"]
for _f in _MATH:
    _module = next((m for m in (_math, math_extra, cumulative) if hasattr(m, _f)), None)
    if _module is not None:
        _TARGETS[_f] = (getattr(_module, _f), 0)


def _random_fill(x, draw, fn):
    check_tensor(x, "x", fn)
    check_inplace(x, fn)
    x._assign_from(manipulation.cast(draw(), x.dtype))
    x.stop_gradient = True
    return x


def normal_(x, mean=0.0, std=1.0, name=None):
    """Fills x in place with values drawn from N(mean, std²) and returns it.

    Args:
        x (Tensor): The Tensor to fill, of a floating-point dtype (else TypeError).
        mean (float, optional): The mean of the distribution. Default 0.0.
        std (float, optional): Its standard deviation. Default 1.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x, now holding the drawn values.

    Example:
        >>> x = paddle.zeros([2, 3])
        >>> paddle.normal_(x, 1.0, 0.1) is x, x.shape
        (True, paddle.Size([2, 3]))
    """
    if x is None or not hasattr(x, "dtype") or not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[normal_] x must be a floating-point Tensor, got "
                        f"{getattr(x, 'dtype', type(x).__name__)}")
    return _random_fill(x, lambda: creation.normal(float(mean), float(std), list(x.shape)),
                        "normal_")


def uniform_(x, min=-1.0, max=1.0, seed=0, name=None):  # noqa: A002  (PaddlePaddle's names)
    """Fills x in place with values drawn uniformly from [min, max) and returns it
    (also a Tensor method).

    Args:
        x (Tensor): The Tensor to fill, of a floating-point dtype.
        min (float, optional): The low end of the range (included). Default -1.0.
        max (float, optional): The high end of the range (excluded). Default 1.0.
        seed (int, optional): A seed for this draw; 0 draws from the default generator.
            Default 0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x, now holding the drawn values.

    Example:
        >>> x = paddle.zeros([4])
        >>> bool(((x.uniform_(2.0, 3.0) >= 2.0) & (x < 3.0)).all())
        True
    """
    check_tensor(x, "x", "uniform_")
    return _random_fill(x, lambda: creation.uniform(list(x.shape), x.dtype, min, max, seed),
                        "uniform_")


_FUNCTIONS = {base + "_": _make(base, fn, target) for base, (fn, target) in _TARGETS.items()}

# In-place functions PaddlePaddle 3.3.1 has in paddle.tensor and as Tensor methods, not as
# paddle.*: made as the others, kept out of __all__ (paddle.tensor and Tensor take them).
_TENSOR_ONLY_TARGETS = {
    "add": (_math.add, 0), "ceil": (_math.ceil, 0), "clamp": (aliases.clamp, 0),
    "clip": (numeric.clip, 0), "erfinv": (math_extra.erfinv, 0), "exp": (_math.exp, 0),
    "floor": (_math.floor, 0), "lerp": (math_extra.lerp, 0), "mul": (aliases.mul, 0),
    "put_along_axis": (gather_scatter.put_along_axis, 0),
    "reciprocal": (_math.reciprocal, 0), "round": (_math.round, 0), "rsqrt": (_math.rsqrt, 0),
    "scale": (_math.scale, 0), "sigmoid": (_math.sigmoid, 0), "sqrt": (_math.sqrt, 0),
}
TENSOR_ONLY = {base + "_": _make(base, fn, target, "paddle.tensor")
               for base, (fn, target) in _TENSOR_ONLY_TARGETS.items()}
TENSOR_ONLY["uniform_"] = uniform_
_FUNCTIONS["normal_"] = normal_
globals().update(_FUNCTIONS)
__all__ = sorted(_FUNCTIONS)
