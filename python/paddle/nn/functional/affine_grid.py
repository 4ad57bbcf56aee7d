"""affine_grid: the sampling grid of a batch of affine transforms, the
normalized output coordinates times each theta (a matmul, so theta gets
gradients)."""
import numpy as np

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.creation import to_tensor
from ...tensor.manipulation import reshape
from ...tensor.math import matmul

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _coords(size, align_corners):
    """The normalized centres of ``size`` pixels along one side, in [-1, 1]."""
    line = np.linspace(-1.0, 1.0, size) if size > 1 else np.zeros([1])
    return line if align_corners else line * (size - 1) / size


def affine_grid(theta, out_shape, align_corners=True, name=None):
    """The grid that applies the affine transforms theta to output images
    of out_shape: grid[n, h, w] = theta[n] @ [x_w, y_h, 1], the coordinates
    normalized to [-1, 1] (pixel corners with align_corners, pixel centres
    without). 3-D: theta [N, 3, 4] and out_shape [N, C, D, H, W].

    Args:
        theta (Tensor): [N, 2, 3] (or [N, 3, 4]) floating-point affine matrices.
        out_shape (list|tuple|Tensor): the output's [N, C, H, W] (or [N, C, D, H, W]).
        align_corners (bool): -1 and 1 are the corner pixels' centres (True) or their
            outer edges (False). Default True.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the grid, [N, H, W, 2] (or [N, D, H, W, 3]).

    Example:
        >>> theta = paddle.to_tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
        >>> paddle.nn.functional.affine_grid(theta, [1, 1, 2, 2]).numpy()[0]
        array([[[-1., -1.],
                [ 1., -1.]],
        <BLANKLINE>
               [[-1.,  1.],
                [ 1.,  1.]]], dtype=float32)
    """
    fn = "affine_grid"
    check_tensor(theta, "theta", fn)
    if not _dtype.is_floating_point(theta.dtype):
        raise TypeError(f"[{fn}] theta must be a floating-point Tensor, got {theta.dtype.name}")
    if hasattr(out_shape, "tolist"):
        out_shape = out_shape.tolist()
    if not isinstance(out_shape, (list, tuple)) or len(out_shape) not in (4, 5):
        raise ValueError(f"[{fn}] out_shape must be 4 ints [N, C, H, W] or 5 ints "
                         f"[N, C, D, H, W], got {out_shape!r}")
    out_shape = [int(s) for s in out_shape]
    spatial = len(out_shape) - 2
    if theta.ndim != 3 or list(theta.shape[1:]) != [spatial, spatial + 1]:
        raise ValueError(f"[{fn}] theta must be [N, {spatial}, {spatial + 1}] for a "
                         f"{len(out_shape)}-D out_shape, got shape {theta.shape}")
    if theta.shape[0] != out_shape[0]:
        raise ValueError(f"[{fn}] theta has {theta.shape[0]} transforms, out_shape asks for "
                         f"{out_shape[0]}")
    sizes = out_shape[2:]
    # the output coordinates (x, y(, z), 1) of every pixel, x along the last dim
    axes = [_coords(s, align_corners) for s in reversed(sizes)]
    mesh = np.meshgrid(*axes, indexing="ij")  # dims: x, y(, z)
    points = np.stack([m.transpose(*reversed(range(spatial))) for m in mesh]
                      + [np.ones(sizes)], axis=-1).reshape(-1, spatial + 1)
    base = to_tensor(points.astype(_dtype.to_numpy_dtype(theta.dtype)))
    grid = matmul(base, theta, transpose_y=True)  # [N, pixels, spatial]
    return reshape(grid, [out_shape[0]] + sizes + [spatial])
