"""interpolate: resizing 4-D images (nearest, bilinear, area) with the
nearest_interp_v2 / bilinear_interp_v2 ops."""
import numbers

from ...tensor._helpers import check_tensor, op
from .pooling import adaptive_avg_pool2d

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_ATTRS = ["data_layout", "out_h", "out_w", "scale", "interp_method", "align_corners", "align_mode"]
_nearest = op("nearest_interp_v2", ["X"], _ATTRS)
_bilinear = op("bilinear_interp_v2", ["X"], _ATTRS)
_MODES = ("linear", "bilinear", "trilinear", "nearest", "bicubic", "area")


def _two(value, what, cast):
    if isinstance(value, (list, tuple)):
        if len(value) != 2:
            raise ValueError(f"[interpolate] {what} must have 2 values for a 4-D input, got "
                             f"{list(value)}")
        return [cast(v) for v in value]
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return [cast(value)] * 2
    raise TypeError(f"[interpolate] {what} must be a number or a list of 2, got "
                    f"{type(value).__name__}")


def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
                data_format=None, recompute_scale_factor=None, antialias=False, name=None):
    """Resizes a 4-D image batch to ``size`` (out_h, out_w) or by
    ``scale_factor``. mode 'nearest', 'bilinear' (align_corners maps the
    corner pixels onto each other; otherwise align_mode 0 samples at
    half-pixel centres, 1 at the scaled index) or 'area' (adaptive average).

    Args:
        x (Tensor): The images, a 4-D float32 or float64 tensor [N, C, H, W] (or [N, H, W, C] for
            'NHWC').
        size (int|list|tuple, optional): The output [out_h, out_w] (one int for both), positive;
            exactly one of size and scale_factor is given.
        scale_factor (float|list|tuple, optional): The factor of H and W (one number for both, or
            two), positive.
        mode (str, optional): 'nearest' (the default), 'bilinear' or 'area'; 'linear', 'trilinear'
            and 'bicubic' raise NotImplementedError.
        align_corners (bool, optional): Maps the corner pixels of input and output onto each other
            (mode 'bilinear' only). Default False.
        align_mode (int, optional): Without align_corners: 0 (the default) samples at half-pixel
            centres, 1 at the scaled index.
        data_format (str, optional): 'NCHW' or 'NHWC'; None (the default) means 'NCHW'.
        recompute_scale_factor (bool, optional): Accepted for compatibility; unused. Default None.
        antialias (bool, optional): Accepted for compatibility; unused. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The resized images, of x's dtype and layout.

    Example:
        >>> x = paddle.ones([1, 3, 4, 4])
        >>> paddle.nn.functional.interpolate(x, scale_factor=2, mode="bilinear").shape
        paddle.Size([1, 3, 8, 8])
    """
    fn = "interpolate"
    check_tensor(x, "x", fn)
    mode = mode.lower() if isinstance(mode, str) else mode
    if mode not in _MODES:
        raise ValueError("The 'resample' of image_resize can only be 'area', 'linear', 'bilinear', "
                         f"'trilinear', 'bicubic' or 'nearest' currently, got {mode!r}")
    if mode not in ("nearest", "bilinear", "area"):
        raise NotImplementedError(f"[interpolate] mode {mode!r} needs an op this build does not "
                                  "have; nearest, bilinear and area are supported")
    if x.ndim != 4:
        raise ValueError(f"[interpolate] x must be 4-D for mode {mode!r}, got shape {x.shape}")
    if data_format is None:
        data_format = "NCHW"
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"[interpolate] data_format for a 4-D input must be NCHW or NHWC, got "
                         f"{data_format!r}")
    if align_corners and mode in ("nearest", "area"):
        raise ValueError("align_corners option can only be set with the interpolating modes: "
                         "linear | bilinear | bicubic | trilinear")
    if align_mode not in (0, 1):
        raise ValueError(f"align_mode can only be 0 or 1, got {align_mode!r}")
    if size is None and scale_factor is None:
        raise ValueError("One of size and scale_factor must not be None.")
    if size is not None and scale_factor is not None:
        raise ValueError("Only one of size or scale_factor should be defined.")
    out_h = out_w = -1
    scale = []
    if size is not None:
        out_h, out_w = _two(size, "size", int)
        if out_h <= 0 or out_w <= 0:
            raise ValueError(f"[interpolate] size must be positive, got {size}")
    else:
        scale = _two(scale_factor, "scale_factor", float)
        if scale[0] <= 0 or scale[1] <= 0:
            raise ValueError(f"[interpolate] scale_factor must be positive, got {scale_factor}")
    if mode == "area":
        hw = x.shape[1:3] if data_format == "NHWC" else x.shape[2:4]
        target = [out_h, out_w] if size is not None else [int(hw[0] * scale[0]),
                                                           int(hw[1] * scale[1])]
        return adaptive_avg_pool2d(x, target, data_format)
    caller = _nearest if mode == "nearest" else _bilinear
    return caller(x, data_format, out_h, out_w, scale, mode, bool(align_corners), int(align_mode))


def upsample(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
             data_format=None, name=None):
    """The same as ``interpolate``.

    Args:
        x (Tensor): The images, a 4-D float32 or float64 tensor [N, C, H, W] (or [N, H, W, C] for
            'NHWC').
        size (int|list|tuple, optional): The output [out_h, out_w] (one int for both), positive;
            exactly one of size and scale_factor is given.
        scale_factor (float|list|tuple, optional): The factor of H and W (one number for both, or
            two), positive.
        mode (str, optional): 'nearest' (the default), 'bilinear' or 'area'; 'linear', 'trilinear'
            and 'bicubic' raise NotImplementedError.
        align_corners (bool, optional): Maps the corner pixels of input and output onto each other
            (mode 'bilinear' only). Default False.
        align_mode (int, optional): Without align_corners: 0 (the default) samples at half-pixel
            centres, 1 at the scaled index.
        data_format (str, optional): 'NCHW' or 'NHWC'; None (the default) means 'NCHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The resized images, of x's dtype and layout.

    Example:
        >>> paddle.nn.functional.upsample(paddle.ones([1, 1, 2, 2]), size=[4, 4]).shape
        paddle.Size([1, 1, 4, 4])
    """
    return interpolate(x, size, scale_factor, mode, align_corners, align_mode, data_format)
