"""The argument checks the fused functions share."""
from ....tensor._helpers import check_tensor

FLOATS = ("float32", "float64")


def check_float(x, what, fn):
    """x: a float32/float64 Tensor."""
    check_tensor(x, what, fn)
    if x.dtype.name not in FLOATS:
        raise TypeError(f"[{fn}] {what} must be float32 or float64, got {x.dtype.name}")
    return x


def check_optional(x, what, fn, shape=None):
    """None, or a Tensor (of ``shape`` when given)."""
    if x is None:
        return None
    check_tensor(x, what, fn)
    if shape is not None and list(x.shape) != list(shape):
        raise ValueError(f"[{fn}] {what} must have shape {list(shape)}, got {list(x.shape)}")
    return x


def check_rate(p, what, fn):
    if not isinstance(p, (int, float)) or isinstance(p, bool) or not 0 <= p <= 1:
        raise ValueError(f"[{fn}] {what} must be a number in [0, 1], got {p!r}")


def check_mode(mode, fn):
    if mode not in ("upscale_in_train", "downscale_in_infer"):
        raise ValueError(f"[{fn}] mode must be 'upscale_in_train' or 'downscale_in_infer', "
                         f"got {mode!r}")
