"""lp_pool1d and lp_pool2d: (sum of x ** norm_type over each window) **
(1 / norm_type), the window sums taken by avg_pool2d with divisor 1."""
import math
import numbers

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.manipulation import squeeze, unsqueeze
from ._window_args import int_tuple, padding as _padding
from .common import pad
from .pooling import avg_pool2d, max_pool2d

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _norm_type(norm_type, fn):
    if isinstance(norm_type, bool) or not isinstance(norm_type, numbers.Real):
        raise TypeError(f"[{fn}] norm_type must be a number, got {type(norm_type).__name__}")
    if norm_type == 0:
        raise ValueError(f"[{fn}] norm_type cannot be 0")
    return float(norm_type)


def _check(x, rank, formats, data_format, fn):
    check_tensor(x, "x", fn)
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x must be a floating-point Tensor, got {x.dtype.name}")
    if x.ndim != rank:
        raise ValueError(f"[{fn}] x must be {rank}-D, got shape {x.shape}")
    if data_format not in formats:
        raise ValueError(f"[{fn}] data_format must be one of {list(formats)}, got "
                         f"{data_format!r}")


def lp_pool2d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
              data_format="NCHW", name=None):
    """The power-average pooling of a 4-D x: each window's
    (sum of x ** norm_type) ** (1 / norm_type) (padding counts as zeros).

    Args:
        x (Tensor): a 4-D floating-point input.
        norm_type (float): the exponent p, not 0; inf gives max pooling.
        kernel_size (int|list): the window [kh, kw] (or one int for both).
        stride (int|list): the step, or None for kernel_size. Default None.
        padding (int|list|str): as in avg_pool2d. Default 0.
        ceil_mode (bool): round the output size up. Default False.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the pooled x.

    Example:
        >>> x = paddle.to_tensor([[[[3.0, 4.0]]]])
        >>> paddle.nn.functional.lp_pool2d(x, 2, [1, 2]).numpy()
        array([[[[5.]]]], dtype=float32)
    """
    fn = "lp_pool2d"
    _check(x, 4, ("NCHW", "NHWC"), data_format, fn)
    p = _norm_type(norm_type, fn)
    kernel = int_tuple(kernel_size, 2, "kernel_size", fn)
    steps = kernel if stride is None else int_tuple(stride, 2, "stride", fn)
    if p == math.inf:
        return max_pool2d(x, kernel, steps, padding, ceil_mode=ceil_mode, data_format=data_format)
    powers = x ** p
    algo, pads = _padding(padding, 2, data_format == "NHWC", fn)
    if algo != "EXPLICIT":
        return avg_pool2d(powers, kernel, steps, padding, ceil_mode, divisor_override=1,
                          data_format=data_format) ** (1.0 / p)
    # Zero padding made explicit, and with ceil_mode zeros after the end for the
    # last window: every window is then whole and its sum is exact (avg_pool2d's
    # divisor_override scales a window cut short by ceil_mode, lp pooling must not).
    top, bottom, left, right = pads if len(pads) == 4 else [pads[0], pads[0], pads[1], pads[1]]
    sizes = x.shape[1:3] if data_format == "NHWC" else x.shape[2:]
    extra = []
    for size, before, after, k, step in zip(sizes, (top, left), (bottom, right), kernel, steps):
        span = size + before + after
        if span < k:
            raise ValueError(f"[{fn}] the padded input (shape {x.shape}, padding {padding}) is "
                             f"smaller than kernel_size {kernel}")
        windows = (-(-(span - k) // step) if ceil_mode else (span - k) // step) + 1
        extra.append(max(0, (windows - 1) * step + k - span))
    padded = pad(powers, [left, right + extra[1], top, bottom + extra[0]],
                 data_format=data_format)
    sums = avg_pool2d(padded, kernel, steps, 0, False, divisor_override=1,
                      data_format=data_format)
    return sums ** (1.0 / p)


def lp_pool1d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
              data_format="NCL", name=None):
    """The power-average pooling of a 3-D x: each window's
    (sum of x ** norm_type) ** (1 / norm_type) (padding counts as zeros).

    Args:
        x (Tensor): a 3-D floating-point input.
        norm_type (float): the exponent p, not 0.
        kernel_size (int|list): the window length.
        stride (int|list): the step, or None for kernel_size. Default None.
        padding (int|list|str): as in avg_pool1d. Default 0.
        ceil_mode (bool): round the output size up. Default False.
        data_format (str): "NCL" or "NLC". Default "NCL".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the pooled x.

    Example:
        >>> x = paddle.to_tensor([[[1.0, 2.0, 2.0, 4.0]]])
        >>> paddle.nn.functional.lp_pool1d(x, 1, 2).numpy()
        array([[[3., 6.]]], dtype=float32)
    """
    fn = "lp_pool1d"
    _check(x, 3, ("NCL", "NLC"), data_format, fn)
    p = _norm_type(norm_type, fn)
    kernel = int_tuple(kernel_size, 1, "kernel_size", fn)
    steps = kernel if stride is None else int_tuple(stride, 1, "stride", fn)
    # the length's padding becomes the width's; the unit height gets none
    if isinstance(padding, str):
        pads = padding
    elif isinstance(padding, int):
        pads = [0, padding]
    elif isinstance(padding, (list, tuple)) and len(padding) in (1, 2):
        pads = [0, padding[0]] if len(padding) == 1 else [0, 0] + list(padding)
    else:
        raise ValueError(f"[{fn}] padding must be an int, a str or 1 or 2 ints, got {padding!r}")
    axis = 2 if data_format == "NCL" else 1  # the unit height dim of the 2-D pooling
    out = lp_pool2d(unsqueeze(x, axis), p, [1] + kernel, [1] + steps, pads, ceil_mode,
                    "NCHW" if data_format == "NCL" else "NHWC")
    return squeeze(out, axis)
