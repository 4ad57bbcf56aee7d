"""2-D pooling (the pool2d op): max, average and their adaptive forms."""
from ...autograd import no_grad
from ...tensor._helpers import check_tensor, op
from ._pool_mask import adaptive_max_positions, leading_pads, mask_padding, max_positions
from ._window_args import data_format as _check_format, int_tuple, padding as _padding, positive

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_pool2d = op("pool2d", ["X"], ["ksize", "strides", "paddings", "ceil_mode", "exclusive",
                               "data_format", "pooling_type", "global_pooling", "adaptive",
                               "padding_algorithm"])


def _check_input(x, data_format, fn):
    check_tensor(x, "x", fn)
    _check_format(data_format, ("NCHW", "NHWC"), fn)
    if x.ndim != 4:
        raise ValueError(f"[{fn}] x must be 4-D ({data_format}), got shape {x.shape}")


def _pool(x, kind, kernel_size, stride, padding, ceil_mode, exclusive, data_format, fn):
    _check_input(x, data_format, fn)
    ksize = positive(int_tuple(kernel_size, 2, "kernel_size", fn), "kernel_size", fn)
    strides = ksize if stride is None else positive(int_tuple(stride, 2, "stride", fn), "stride", fn)
    algo, pads = _padding(padding, 2, data_format == "NHWC", fn)
    if algo == "VALID" and ceil_mode:
        raise ValueError('When Attr(padding) is "VALID", Attr(ceil_mode) must be False. '
                         "Received ceil_mode: True.")
    return _pool2d(x, ksize, strides, pads, bool(ceil_mode), bool(exclusive), data_format, kind,
                   False, False, algo)


def max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCHW", name=None):
    """The maximum over each kernel_size window, moved by ``stride`` (default:
    kernel_size). With return_mask, also each maximum's position in its
    image (an int32 index into the flattened H * W; NCHW only).

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, H, W] (or [N, H, W, C]
            for 'NHWC').
        kernel_size (int|list|tuple): The window size, one int or 2 ints; positive.
        stride (int|list|tuple, optional): The step of the window, one int or 2 ints; None (the
            default) uses kernel_size.
        padding (int|str|list|tuple, optional): 'SAME' (output size ceil(in / stride)), 'VALID' (no
            padding), one int for every side, 2 ints (one per spatial dim, both sides), 4 ints
            [before_0, after_0, ...], or 4 [before, after] pairs, one per dim of x (those of the
            batch and channel dims must be [0, 0]). With return_mask, 'SAME' pads nothing. Default
            0.
        return_mask (bool, optional): Also returns each maximum's position, an int32 index into the
            flattened H * W (data_format 'NCHW' only). Default False.
        ceil_mode (bool, optional): Rounds the output size up instead of down (not with padding
            'VALID'). Default False.
        data_format (str, optional): 'NCHW' (channels first) or 'NHWC' (channels last). Default
            'NCHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|tuple: The pooled result, of x's dtype and layout; with return_mask, (result, mask),
            mask an int32 tensor of the result's shape (H * W indices).

    Example:
        >>> out, mask = paddle.nn.functional.max_pool2d(
        ...     paddle.arange(16, dtype="float32").reshape([1, 1, 4, 4]), 2, return_mask=True)
        >>> mask.numpy()
        array([[[[ 5,  7],
                 [13, 15]]]], dtype=int32)
    """
    padding = mask_padding(padding, return_mask)
    if return_mask and data_format != "NCHW":
        raise ValueError("When setting return_mask to true, data_format must be set to NCHW in "
                         "API:max_pool2d")
    out = _pool(x, "max", kernel_size, stride, padding, ceil_mode, True, data_format,
                "max_pool2d")
    if not return_mask:
        return out
    ksize = int_tuple(kernel_size, 2, "kernel_size", "max_pool2d")
    strides = ksize if stride is None else int_tuple(stride, 2, "stride", "max_pool2d")
    algo, pads = _padding(padding, 2, False, "max_pool2d")
    with no_grad():
        leading = leading_pads(algo, pads, x.shape[2:], out.shape[2:], ksize, strides)
        mask = max_positions(x, out, ksize, strides, leading)
    return out, mask


def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCHW", name=None):
    """The mean over each kernel_size window; exclusive leaves padding out of
    the count, divisor_override divides the window's sum by that number instead.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, H, W] (or [N, H, W, C]
            for 'NHWC').
        kernel_size (int|list|tuple): The window size, one int or 2 ints; positive.
        stride (int|list|tuple, optional): The step of the window, one int or 2 ints; None (the
            default) uses kernel_size.
        padding (int|str|list|tuple, optional): 'SAME' (output size ceil(in / stride)), 'VALID' (no
            padding), one int for every side, 2 ints (one per spatial dim, both sides), 4 ints
            [before_0, after_0, ...], or 4 [before, after] pairs, one per dim of x (those of the
            batch and channel dims must be [0, 0]). Default 0.
        ceil_mode (bool, optional): Rounds the output size up instead of down (not with padding
            'VALID'). Default False.
        exclusive (bool, optional): Leaves the padding out of each window's count (True, the
            default) or counts it.
        divisor_override (int, optional): Divides each window's sum by this positive number instead
            of the element count (exclusive is then ignored); None (the default) does not.
        data_format (str, optional): 'NCHW' (channels first) or 'NHWC' (channels last). Default
            'NCHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The pooled result, of x's dtype and layout.

    Example:
        >>> paddle.nn.functional.avg_pool2d(paddle.ones([1, 1, 4, 4]), 2).shape
        paddle.Size([1, 1, 2, 2])
    """
    fn = "avg_pool2d"
    if divisor_override is None:
        return _pool(x, "avg", kernel_size, stride, padding, ceil_mode, exclusive, data_format, fn)
    if not divisor_override or divisor_override <= 0:
        raise ValueError(f"[avg_pool2d] divisor_override must be positive, got {divisor_override}")
    ksize = int_tuple(kernel_size, 2, "kernel_size", fn)
    total = _pool(x, "avg", kernel_size, stride, padding, ceil_mode, False, data_format, fn)
    return total * (ksize[0] * ksize[1] / float(divisor_override))


def _output_size(output_size, x, data_format, fn):
    hw = x.shape[1:3] if data_format == "NHWC" else x.shape[2:4]
    if isinstance(output_size, int):
        sizes = [output_size, output_size]
    elif isinstance(output_size, (list, tuple)) and len(output_size) == 2:
        sizes = [hw[i] if s is None else s for i, s in enumerate(output_size)]
    else:
        raise ValueError(f"[{fn}] output_size must be an int or 2 ints (or None), got "
                         f"{output_size!r}")
    return positive(int_tuple(sizes, 2, "output_size", fn), "output_size", fn)


def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    """The mean over windows that tile the image into ``output_size`` cells.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, H, W] (or [N, H, W, C]
            for 'NHWC').
        output_size (int|list|tuple): The output's [H, W]: one int for all, or 2 values, each a
            positive int or None (keeps that input size).
        data_format (str, optional): 'NCHW' (channels first) or 'NHWC' (channels last). Default
            'NCHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The pooled result, of x's dtype and layout, with output_size spatial sizes.

    Example:
        >>> paddle.nn.functional.adaptive_avg_pool2d(paddle.ones([1, 2, 5, 7]), 3).shape
        paddle.Size([1, 2, 3, 3])
    """
    fn = "adaptive_avg_pool2d"
    _check_input(x, data_format, fn)
    size = _output_size(output_size, x, data_format, fn)
    return _pool2d(x, size, [1, 1], [0, 0], False, True, data_format, "avg", False, True,
                   "EXPLICIT")


def adaptive_max_pool2d(x, output_size, return_mask=False, name=None):
    """The maximum over windows that tile the image into ``output_size``
    cells; with return_mask also each maximum's flattened H * W index.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, H, W].
        output_size (int|list|tuple): The output's [H, W]: one int for all, or 2 values, each a
            positive int or None (keeps that input size).
        return_mask (bool, optional): Also returns each maximum's position, an int32 index into the
            flattened H * W. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|tuple: The pooled result, of x's dtype, with output_size spatial sizes; with
            return_mask, (result, mask), mask an int32 tensor of its shape (H * W indices).

    Example:
        >>> paddle.nn.functional.adaptive_max_pool2d(paddle.ones([1, 2, 5, 7]), [2, 3]).shape
        paddle.Size([1, 2, 2, 3])
    """
    fn = "adaptive_max_pool2d"
    _check_input(x, "NCHW", fn)
    size = _output_size(output_size, x, "NCHW", fn)
    out = _pool2d(x, size, [1, 1], [0, 0], False, True, "NCHW", "max", False, True, "EXPLICIT")
    if not return_mask:
        return out
    with no_grad():
        return out, adaptive_max_positions(x, size)
