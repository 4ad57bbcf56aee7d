"""Comparisons and logical ops (results are bool tensors)."""
from ._helpers import check_tensor, op
from .promotion import operands

__all__ = [
    "equal", "greater_equal", "greater_than", "less_equal", "less_than", "logical_and",
    "logical_not", "logical_or", "logical_xor", "not_equal",
]


def _compare(op_type, name, sym):
    caller = op(op_type, ["X", "Y"], ["axis"])

    def fn(x, y, name=None):
        a, b = operands(x, y, fn.__name__)
        return caller(a, b, -1)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"Elementwise x {sym} y, as a bool tensor (broadcasting).\n\n    Example:\n"
                  f"        >>> paddle.{name}(paddle.to_tensor([1, 2]), paddle.to_tensor([2, 2]))\n")
    return fn


equal = _compare("equal", "equal", "==")
not_equal = _compare("not_equal", "not_equal", "!=")
less_than = _compare("less_than", "less_than", "<")
less_equal = _compare("less_equal", "less_equal", "<=")
greater_than = _compare("greater_than", "greater_than", ">")
greater_equal = _compare("greater_equal", "greater_equal", ">=")


def _logical(op_type, name, doc):
    caller = op(op_type, ["X", "Y"])

    def fn(x, y, out=None, name=None):
        check_tensor(x, "x", fn.__name__)
        check_tensor(y, "y", fn.__name__)
        return caller(x, y)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"{doc}\n\n    Example:\n        >>> paddle.{name}(paddle.to_tensor([True]), "
                  "paddle.to_tensor([False]))\n")
    return fn


logical_and = _logical("logical_and", "logical_and", "Elementwise x and y.")
logical_or = _logical("logical_or", "logical_or", "Elementwise x or y.")
logical_xor = _logical("logical_xor", "logical_xor", "Elementwise x xor y.")
_not = op("logical_not", ["X"])


def logical_not(x, out=None, name=None):
    """Elementwise not x.

    Example:
        >>> paddle.logical_not(paddle.to_tensor([True, False])).numpy()
        array([False,  True])
    """
    return _not(check_tensor(x, "x", "logical_not"))
