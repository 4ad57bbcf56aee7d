"""grid_sample: x read at the normalized positions of grid, bilinear or
nearest, zero / border / reflection padding. Composed of elementwise ops and
the take_along_axis op over each image's flattened pixels, so x and grid
both get gradients."""
from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.gather_scatter import _take_along_axis
from ...tensor.layout import expand
from ...tensor.manipulation import cast, reshape, unsqueeze
from ...tensor.math import abs as _abs, floor, round as _round
from ...tensor.numeric import clip

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_MODES = ("bilinear", "nearest")
_PADDINGS = ("zeros", "border", "reflection")


def _reflect(coord, low, high):
    """coord reflected into [low, high] (as often as needed)."""
    span = high - low
    if span <= 0:
        return coord * 0.0
    distance = _abs(coord - low)
    flips = floor(distance / span)
    extra = distance - flips * span
    even = cast(flips - 2.0 * floor(flips / 2.0) == 0, coord.dtype)
    return even * (extra + low) + (1.0 - even) * (high - extra)


def _source_coord(coord, size, padding_mode, align_corners):
    """The pixel coordinate of a normalized grid coordinate in [-1, 1]."""
    if align_corners:
        pixel = (coord + 1.0) / 2.0 * (size - 1)
    else:
        pixel = ((coord + 1.0) * size - 1.0) / 2.0
    if padding_mode == "border":
        pixel = clip(pixel, 0.0, size - 1.0)
    elif padding_mode == "reflection":
        pixel = _reflect(pixel, 0.0, size - 1.0) if align_corners else \
            clip(_reflect(pixel, -0.5, size - 0.5), 0.0, size - 1.0)
    return pixel


def _read(flat, xs, ys, width, height, channels):
    """flat [N, C, H * W] at integer pixels (xs, ys) [N, P], zero outside the image."""
    inside = cast((xs >= 0) & (xs <= width - 1) & (ys >= 0) & (ys <= height - 1), flat.dtype)
    index = cast(clip(ys, 0.0, height - 1.0) * width + clip(xs, 0.0, width - 1.0), "int64")
    index.stop_gradient = True  # positions: the gradient flows through the weights
    index = expand(unsqueeze(index, 1), [flat.shape[0], channels, index.shape[-1]])
    return _take_along_axis(flat, index, 2) * unsqueeze(inside, 1)


def grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=True, name=None):
    """Samples x [N, C, H, W] at grid [N, H_out, W_out, 2]: grid[..., 0] is
    the x (width) and grid[..., 1] the y (height) position, -1 and 1 the
    image's edges (the corner pixels' centres with align_corners, their outer
    edges without). Positions outside read zeros, the border pixels, or the
    image reflected, by padding_mode.

    Args:
        x (Tensor): [N, C, H, W] floating-point images.
        grid (Tensor): [N, H_out, W_out, 2] normalized positions, of x's dtype.
        mode (str): "bilinear" or "nearest". Default "bilinear".
        padding_mode (str): "zeros", "border" or "reflection". Default "zeros".
        align_corners (bool): -1 and 1 are the corner pixels' centres. Default True.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: [N, C, H_out, W_out].

    Example:
        >>> x = paddle.to_tensor([[[[0.0, 2.0], [4.0, 6.0]]]])
        >>> grid = paddle.to_tensor([[[[0.0, 0.0], [1.0, -1.0]]]])
        >>> paddle.nn.functional.grid_sample(x, grid).numpy()
        array([[[[3., 2.]]]], dtype=float32)
    """
    fn = "grid_sample"
    check_tensor(x, "x", fn)
    check_tensor(grid, "grid", fn)
    if not _dtype.is_floating_point(x.dtype) or grid.dtype != x.dtype:
        raise TypeError(f"[{fn}] x and grid must be floating-point Tensors of one dtype, got "
                        f"{x.dtype.name} and {grid.dtype.name}")
    if mode not in _MODES:
        raise ValueError(f"[{fn}] mode must be one of {list(_MODES)}, got {mode!r}")
    if padding_mode not in _PADDINGS:
        raise ValueError(f"[{fn}] padding_mode must be one of {list(_PADDINGS)}, got "
                         f"{padding_mode!r}")
    if x.ndim != 4 or grid.ndim != 4 or grid.shape[-1] != 2 or grid.shape[0] != x.shape[0]:
        raise ValueError(f"[{fn}] x must be [N, C, H, W] and grid [N, H_out, W_out, 2], got "
                         f"{x.shape} and {grid.shape}")
    n, channels, height, width = x.shape
    out_h, out_w = grid.shape[1], grid.shape[2]
    points = reshape(grid, [n, out_h * out_w, 2])
    px = _source_coord(points[:, :, 0], width, padding_mode, align_corners)
    py = _source_coord(points[:, :, 1], height, padding_mode, align_corners)
    flat = reshape(x, [n, channels, height * width])
    if mode == "nearest":
        out = _read(flat, _round(px), _round(py), width, height, channels)
    else:
        x0, y0 = floor(px), floor(py)
        wx1, wy1 = unsqueeze(px - x0, 1), unsqueeze(py - y0, 1)
        wx0, wy0 = 1.0 - wx1, 1.0 - wy1
        out = (_read(flat, x0, y0, width, height, channels) * wx0 * wy0
               + _read(flat, x0 + 1, y0, width, height, channels) * wx1 * wy0
               + _read(flat, x0, y0 + 1, width, height, channels) * wx0 * wy1
               + _read(flat, x0 + 1, y0 + 1, width, height, channels) * wx1 * wy1)
    return reshape(out, [n, channels, out_h, out_w])
