"""Argument checks the paddle.vision.ops functions share."""
import numbers

from ..tensor._helpers import check_tensor

_FLOATS = ("float32", "float64")


def _check_float(x, name, fn):
    """x: a float32 or float64 Tensor (the dtypes the detection kernels take)."""
    check_tensor(x, name, fn)
    if x.dtype.name not in _FLOATS:
        raise TypeError(f"[{fn}] {name} must be float32 or float64, got {x.dtype.name}")
    return x


def _check_boxes(boxes, name, fn):
    """boxes: a float [num_boxes, 4] Tensor of [x1, y1, x2, y2] rows."""
    _check_float(boxes, name, fn)
    if boxes.ndim != 2 or boxes.shape[1] not in (4, -1):
        raise ValueError(f"[{fn}] {name} must be shaped [num_boxes, 4], got {list(boxes.shape)}")
    return boxes


def _floats(value, name, fn):
    """A number or a list/tuple of numbers as a list of floats."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return [float(value)]
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"[{fn}] {name} must be a number or a list/tuple of numbers, got "
                        f"{type(value).__name__}")
    for v in value:
        if not isinstance(v, numbers.Real) or isinstance(v, bool):
            raise TypeError(f"[{fn}] {name} must hold numbers, got {v!r}")
    return [float(v) for v in value]


def _check_number(value, name, fn, kind=numbers.Real):
    if not isinstance(value, kind) or isinstance(value, bool):
        what = "an int" if kind is numbers.Integral else "a number"
        raise TypeError(f"[{fn}] {name} must be {what}, got {type(value).__name__}")
    return value
