"""unfold (im2col) and fold (col2im). unfold is a grouped convolution whose
kernels are one-hot (each output channel copies one kernel position of one
input channel); fold is the transposed convolution with the same kernels, the
exact adjoint, so overlapping blocks add up and gradients come with the ops."""
import numpy as np

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.creation import to_tensor
from ...tensor.manipulation import reshape
from ._window_args import int_tuple, positive
from .conv import conv2d
from .conv_transpose import conv2d_transpose

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _paddings(paddings, fn):
    """[top, bottom, left, right] (conv2d's order) from PaddlePaddle's int,
    [h, w] or [top, left, bottom, right]."""
    if isinstance(paddings, int) and not isinstance(paddings, bool):
        pads = [paddings] * 4
    elif isinstance(paddings, (list, tuple)) and len(paddings) in (2, 4) and all(
            isinstance(p, int) and not isinstance(p, bool) for p in paddings):
        pads = list(paddings) * 2 if len(paddings) == 2 else list(paddings)
    else:
        raise ValueError(f"[{fn}] paddings must be an int, [h, w] or [top, left, bottom, right], "
                         f"got {paddings!r}")
    if any(p < 0 for p in pads):
        raise ValueError(f"[{fn}] paddings must not be negative, got {paddings!r}")
    top, left, bottom, right = pads
    return [top, bottom, left, right]


def _window(kernel_sizes, strides, paddings, dilations, fn):
    kernel = positive(int_tuple(kernel_sizes, 2, "kernel_sizes", fn), "kernel_sizes", fn)
    stride = positive(int_tuple(strides, 2, "strides", fn), "strides", fn)
    dilation = positive(int_tuple(dilations, 2, "dilations", fn), "dilations", fn)
    return kernel, stride, _paddings(paddings, fn), dilation


def _one_hot_kernels(channels, kernel, dtype):
    """[channels * kh * kw, 1, kh, kw]: output channel c * k + i picks kernel position i."""
    k = kernel[0] * kernel[1]
    eye = np.eye(k, dtype=_dtype.convert_dtype(dtype).name).reshape(k, 1, kernel[0], kernel[1])
    return to_tensor(np.tile(eye, (channels, 1, 1, 1)))


def _floating(x, fn):
    check_tensor(x, "x", fn)
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x must be a floating-point Tensor, got {x.dtype.name}")


def unfold(x, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """Extracts the sliding blocks of a 4-D x: [N, C, H, W] becomes
    [N, C * kh * kw, L], each column one block (L blocks, row by row).

    Args:
        x (Tensor): a 4-D floating-point input [N, C, H, W].
        kernel_sizes (int|list): the block size [kh, kw] (or one int for both).
        strides (int|list): the step between blocks. Default 1.
        paddings (int|list): zero padding: one int, [h, w] or [top, left, bottom, right].
            Default 0.
        dilations (int|list): the spacing of a block's elements. Default 1.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: [N, C * kh * kw, L].

    Example:
        >>> x = paddle.arange(9, dtype="float32").reshape([1, 1, 3, 3])
        >>> paddle.nn.functional.unfold(x, 2).numpy()
        array([[[0., 1., 3., 4.],
                [1., 2., 4., 5.],
                [3., 4., 6., 7.],
                [4., 5., 7., 8.]]], dtype=float32)
    """
    fn = "unfold"
    _floating(x, fn)
    if x.ndim != 4:
        raise ValueError(f"[{fn}] x must be 4-D [N, C, H, W], got shape {x.shape}")
    kernel, stride, pads, dilation = _window(kernel_sizes, strides, paddings, dilations, fn)
    n, c = x.shape[0], x.shape[1]
    for axis, (size, k, s, d) in enumerate(zip(x.shape[2:], kernel, stride, dilation)):
        span = d * (k - 1) + 1
        if size + pads[2 * axis] + pads[2 * axis + 1] < span:
            raise ValueError(f"[{fn}] the padded input (shape {x.shape}, paddings {paddings}) is "
                             f"smaller than the dilated kernel {kernel} (dilations {dilation})")
    weight = _one_hot_kernels(c, kernel, x.dtype)
    out = conv2d(x, weight, stride=stride, padding=pads, dilation=dilation, groups=c)
    return reshape(out, [n, c * kernel[0] * kernel[1], out.shape[2] * out.shape[3]])


def fold(x, output_sizes, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """Combines sliding blocks into a 4-D tensor, the adjoint of unfold:
    [N, C * kh * kw, L] becomes [N, C, H, W], overlapping values summed.

    Args:
        x (Tensor): a 3-D floating-point input [N, C * kh * kw, L].
        output_sizes (int|list): the output's [H, W] (or one int for both).
        kernel_sizes (int|list): the block size [kh, kw] (or one int for both).
        strides (int|list): the step between blocks. Default 1.
        paddings (int|list): the padding unfold would use: one int, [h, w] or
            [top, left, bottom, right]. Default 0.
        dilations (int|list): the spacing of a block's elements. Default 1.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: [N, C, H, W].

    Example:
        >>> x = paddle.ones([1, 4, 4])
        >>> paddle.nn.functional.fold(x, [3, 3], 2).numpy()[0, 0]
        array([[1., 2., 1.],
               [2., 4., 2.],
               [1., 2., 1.]], dtype=float32)
    """
    fn = "fold"
    _floating(x, fn)
    if x.ndim != 3:
        raise ValueError(f"[{fn}] x must be 3-D [N, C * kh * kw, L], got shape {x.shape}")
    size = positive(int_tuple(output_sizes, 2, "output_sizes", fn), "output_sizes", fn)
    kernel, stride, pads, dilation = _window(kernel_sizes, strides, paddings, dilations, fn)
    k = kernel[0] * kernel[1]
    n, ck, length = x.shape
    if ck % k:
        raise ValueError(f"[{fn}] the second dim of x ({ck}) must be divisible by kh * kw "
                         f"({k})")
    blocks = [(s + pads[2 * a] + pads[2 * a + 1] - (d * (kk - 1) + 1)) // st + 1
              for a, (s, kk, st, d) in enumerate(zip(size, kernel, stride, dilation))]
    if min(blocks) <= 0 or blocks[0] * blocks[1] != length:
        raise ValueError(f"[{fn}] x has {length} blocks, but output_sizes {size}, kernel_sizes "
                         f"{kernel}, strides {stride}, paddings {paddings} and dilations "
                         f"{dilation} give {max(blocks[0], 0) * max(blocks[1], 0)}")
    c = ck // k
    weight = _one_hot_kernels(c, kernel, x.dtype)
    grid = reshape(x, [n, ck, blocks[0], blocks[1]])
    return conv2d_transpose(grid, weight, stride=stride, padding=pads, dilation=dilation,
                            groups=c, output_size=size)
