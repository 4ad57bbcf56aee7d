"""1-D pooling (pool2d over an image of height 1) and 3-D pooling (the
pool3d op): max, average and their adaptive forms."""
from ...autograd import no_grad
from ...tensor._helpers import check_tensor, op
from ...tensor.manipulation import squeeze, unsqueeze
from ._pool_mask import adaptive_max_positions, leading_pads, mask_padding, max_positions
from ._window_args import data_format as _check_format, int_tuple, padding as _padding, positive
from .conv import one_d_padding

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_POOL_ATTRS = ["ksize", "strides", "paddings", "ceil_mode", "exclusive", "data_format",
               "pooling_type", "global_pooling", "adaptive", "padding_algorithm"]
_pool2d = op("pool2d", ["X"], _POOL_ATTRS)
_pool3d = op("pool3d", ["X"], _POOL_ATTRS)


def _check_rank(x, rank, fn):
    check_tensor(x, "x", fn)
    if x.ndim != rank:
        raise ValueError(f"[{fn}] x must be {rank}-D, got shape {x.shape}")


def _window(kernel_size, stride, n, fn):
    ksize = positive(int_tuple(kernel_size, n, "kernel_size", fn), "kernel_size", fn)
    strides = ksize if stride is None else positive(int_tuple(stride, n, "stride", fn),
                                                    "stride", fn)
    return ksize, strides


def _check_ceil(algo, ceil_mode):
    if algo == "VALID" and ceil_mode:
        raise ValueError('When Attr(padding) is "VALID", Attr(ceil_mode) must be False. '
                         "Received ceil_mode: True.")


def _pool1d(x, kind, kernel_size, stride, padding, ceil_mode, exclusive, fn):
    """pool2d on x [N, C, L] seen as [N, C, 1, L]; returns the 4-D result."""
    _check_rank(x, 3, fn)
    ksize, strides = _window(kernel_size, stride, 1, fn)
    algo, pads = one_d_padding(padding, False, fn)
    _check_ceil(algo, ceil_mode)
    return _pool2d(unsqueeze(x, 2), [1] + ksize, [1] + strides, pads, bool(ceil_mode),
                   bool(exclusive), "NCHW", kind, False, False, algo), ksize, strides, algo, pads


def max_pool1d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               name=None):
    """The maximum over each kernel_size window of x [N, C, L], moved by
    ``stride`` (default: kernel_size). With return_mask, also each maximum's
    position along L (int32).

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, L].
        kernel_size (int|list|tuple): The window size, one int or a list of one; positive.
        stride (int|list|tuple, optional): The step of the window, one int or a list of one; None
            (the default) uses kernel_size.
        padding (int|str|list|tuple, optional): 'SAME' (output size ceil(in / stride)), 'VALID' (no
            padding), one int (both sides), 2 ints [before, after], or 3 [before, after] pairs, one
            per dim of x (those of the batch and channel dims must be [0, 0]). With return_mask,
            'SAME' pads nothing. Default 0.
        return_mask (bool, optional): Also returns each maximum's position, an int32 index into the
            flattened L. Default False.
        ceil_mode (bool, optional): Rounds the output size up instead of down (not with padding
            'VALID'). Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|tuple: The pooled result, of x's dtype and layout; with return_mask, (result, mask),
            mask an int32 tensor of the result's shape (L indices).

    Example:
        >>> x = paddle.to_tensor([[[1.0, 3.0, 2.0, 5.0, 4.0, 0.0]]])
        >>> paddle.nn.functional.max_pool1d(x, 2).numpy()
        array([[[3., 5., 4.]]], dtype=float32)
    """
    padding = mask_padding(padding, return_mask)
    fn = "max_pool1d"
    out, ksize, strides, algo, pads = _pool1d(x, "max", kernel_size, stride, padding, ceil_mode,
                                              True, fn)
    if not return_mask:
        return squeeze(out, 2)
    image = unsqueeze(x, 2)
    ksize, strides = [1] + ksize, [1] + strides
    leading = leading_pads(algo, pads, image.shape[2:], out.shape[2:], ksize, strides)
    with no_grad():
        mask = max_positions(image, out, ksize, strides, leading)
    return squeeze(out, 2), squeeze(mask, 2)


def avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False,
               name=None):
    """The mean over each kernel_size window of x [N, C, L]; exclusive leaves
    padding out of the count.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, L].
        kernel_size (int|list|tuple): The window size, one int or a list of one; positive.
        stride (int|list|tuple, optional): The step of the window, one int or a list of one; None
            (the default) uses kernel_size.
        padding (int|str|list|tuple, optional): 'SAME' (output size ceil(in / stride)), 'VALID' (no
            padding), one int (both sides), 2 ints [before, after], or 3 [before, after] pairs, one
            per dim of x (those of the batch and channel dims must be [0, 0]). Default 0.
        exclusive (bool, optional): Leaves the padding out of each window's count (True, the
            default) or counts it.
        ceil_mode (bool, optional): Rounds the output size up instead of down (not with padding
            'VALID'). Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The pooled result, of x's dtype and layout.

    Example:
        >>> x = paddle.to_tensor([[[1.0, 3.0, 2.0, 6.0]]])
        >>> paddle.nn.functional.avg_pool1d(x, 2).numpy()
        array([[[2., 4.]]], dtype=float32)
    """
    out = _pool1d(x, "avg", kernel_size, stride, padding, ceil_mode, exclusive, "avg_pool1d")[0]
    return squeeze(out, 2)


def _adaptive_length(output_size, fn):
    if isinstance(output_size, (list, tuple)) and len(output_size) == 1:
        output_size = output_size[0]
    return positive(int_tuple(output_size, 1, "output_size", fn), "output_size", fn)


def adaptive_avg_pool1d(x, output_size, name=None):
    """The mean over output_size windows that tile L of x [N, C, L].

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, L].
        output_size (int|list|tuple): The output length, a positive int (or a list of one).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The pooled result, of x's dtype and layout, with output_size spatial sizes.

    Example:
        >>> paddle.nn.functional.adaptive_avg_pool1d(paddle.ones([1, 2, 7]), 3).shape
        paddle.Size([1, 2, 3])
    """
    fn = "adaptive_avg_pool1d"
    _check_rank(x, 3, fn)
    size = _adaptive_length(output_size, fn)
    out = _pool2d(unsqueeze(x, 2), [1] + size, [1, 1], [0, 0], False, True, "NCHW", "avg", False,
                  True, "EXPLICIT")
    return squeeze(out, 2)


def adaptive_max_pool1d(x, output_size, return_mask=False, name=None):
    """The maximum over output_size windows that tile L of x [N, C, L]; with
    return_mask also each maximum's position along L.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, L].
        output_size (int|list|tuple): The output length, a positive int (or a list of one).
        return_mask (bool, optional): Also returns each maximum's position, an int32 index into the
            flattened L. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|tuple: The pooled result, of x's dtype, with output_size spatial sizes; with
            return_mask, (result, mask), mask an int32 tensor of its shape (L indices).

    Example:
        >>> paddle.nn.functional.adaptive_max_pool1d(paddle.ones([1, 2, 7]), 3).shape
        paddle.Size([1, 2, 3])
    """
    fn = "adaptive_max_pool1d"
    _check_rank(x, 3, fn)
    size = _adaptive_length(output_size, fn)
    image = unsqueeze(x, 2)
    out = _pool2d(image, [1] + size, [1, 1], [0, 0], False, True, "NCHW", "max", False, True,
                  "EXPLICIT")
    if not return_mask:
        return squeeze(out, 2)
    with no_grad():
        mask = adaptive_max_positions(image, (1, size[0]))
    return squeeze(out, 2), squeeze(mask, 2)


def _pool3d_call(x, kind, kernel_size, stride, padding, ceil_mode, exclusive, data_format, fn):
    """pool3d on x; returns (out, ksize, strides, algo, pads)."""
    _check_rank(x, 5, fn)
    _check_format(data_format, ("NCDHW", "NDHWC"), fn)
    ksize, strides = _window(kernel_size, stride, 3, fn)
    algo, pads = _padding(padding, 3, data_format == "NDHWC", fn)
    _check_ceil(algo, ceil_mode)
    return _pool3d(x, ksize, strides, pads, bool(ceil_mode), bool(exclusive), data_format, kind,
                   False, False, algo), ksize, strides, algo, pads


def max_pool3d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCDHW", name=None):
    """The maximum over each kernel_size window of x [N, C, D, H, W] (or
    NDHWC), moved by ``stride`` (default: kernel_size). With return_mask, also
    each maximum's position in its volume (an int32 index into the flattened
    D * H * W; NCDHW only).

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, D, H, W] (or [N, D, H, W,
            C] for 'NDHWC').
        kernel_size (int|list|tuple): The window size, one int or 3 ints; positive.
        stride (int|list|tuple, optional): The step of the window, one int or 3 ints; None (the
            default) uses kernel_size.
        padding (int|str|list|tuple, optional): 'SAME' (output size ceil(in / stride)), 'VALID' (no
            padding), one int for every side, 3 ints (one per spatial dim, both sides), 6 ints
            [before_0, after_0, ...], or 5 [before, after] pairs, one per dim of x (those of the
            batch and channel dims must be [0, 0]). With return_mask, 'SAME' pads nothing. Default
            0.
        return_mask (bool, optional): Also returns each maximum's position, an int32 index into the
            flattened D * H * W (data_format 'NCDHW' only). Default False.
        ceil_mode (bool, optional): Rounds the output size up instead of down (not with padding
            'VALID'). Default False.
        data_format (str, optional): 'NCDHW' (channels first) or 'NDHWC' (channels last). Default
            'NCDHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|tuple: The pooled result, of x's dtype and layout; with return_mask, (result, mask),
            mask an int32 tensor of the result's shape (D * H * W indices).

    Example:
        >>> paddle.nn.functional.max_pool3d(paddle.ones([1, 2, 4, 4, 4]), 2).shape
        paddle.Size([1, 2, 2, 2, 2])
    """
    padding = mask_padding(padding, return_mask)
    fn = "max_pool3d"
    if return_mask and data_format != "NCDHW":
        raise ValueError("When setting return_mask to true, data_format must be set to NCDHW in "
                         "API:max_pool3d")
    out, ksize, strides, algo, pads = _pool3d_call(x, "max", kernel_size, stride, padding,
                                                   ceil_mode, True, data_format, fn)
    if not return_mask:
        return out
    leading = leading_pads(algo, pads, x.shape[2:], out.shape[2:], ksize, strides)
    with no_grad():
        return out, max_positions(x, out, ksize, strides, leading)


def avg_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCDHW", name=None):
    """The mean over each kernel_size window of x [N, C, D, H, W] (or NDHWC);
    exclusive leaves padding out of the count, divisor_override divides the
    window's sum by that number instead.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, D, H, W] (or [N, D, H, W,
            C] for 'NDHWC').
        kernel_size (int|list|tuple): The window size, one int or 3 ints; positive.
        stride (int|list|tuple, optional): The step of the window, one int or 3 ints; None (the
            default) uses kernel_size.
        padding (int|str|list|tuple, optional): 'SAME' (output size ceil(in / stride)), 'VALID' (no
            padding), one int for every side, 3 ints (one per spatial dim, both sides), 6 ints
            [before_0, after_0, ...], or 5 [before, after] pairs, one per dim of x (those of the
            batch and channel dims must be [0, 0]). Default 0.
        ceil_mode (bool, optional): Rounds the output size up instead of down (not with padding
            'VALID'). Default False.
        exclusive (bool, optional): Leaves the padding out of each window's count (True, the
            default) or counts it.
        divisor_override (int, optional): Divides each window's sum by this positive number instead
            of the element count (exclusive is then ignored); None (the default) does not.
        data_format (str, optional): 'NCDHW' (channels first) or 'NDHWC' (channels last). Default
            'NCDHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The pooled result, of x's dtype and layout.

    Example:
        >>> paddle.nn.functional.avg_pool3d(paddle.ones([1, 2, 4, 4, 4]), 2).shape
        paddle.Size([1, 2, 2, 2, 2])
    """
    fn = "avg_pool3d"
    if divisor_override is None:
        return _pool3d_call(x, "avg", kernel_size, stride, padding, ceil_mode, exclusive,
                            data_format, fn)[0]
    if not divisor_override or divisor_override <= 0:
        raise ValueError(f"[{fn}] divisor_override must be positive, got {divisor_override}")
    ksize = int_tuple(kernel_size, 3, "kernel_size", fn)
    total = _pool3d_call(x, "avg", kernel_size, stride, padding, ceil_mode, False, data_format,
                         fn)[0]
    return total * (ksize[0] * ksize[1] * ksize[2] / float(divisor_override))


def _output_size_3d(output_size, x, data_format, fn):
    dhw = x.shape[1:4] if data_format == "NDHWC" else x.shape[2:5]
    if isinstance(output_size, int):
        sizes = [output_size] * 3
    elif isinstance(output_size, (list, tuple)) and len(output_size) == 3:
        sizes = [dhw[i] if s is None else s for i, s in enumerate(output_size)]
    else:
        raise ValueError(f"[{fn}] output_size must be an int or 3 ints (or None), got "
                         f"{output_size!r}")
    return positive(int_tuple(sizes, 3, "output_size", fn), "output_size", fn)


def adaptive_avg_pool3d(x, output_size, data_format="NCDHW", name=None):
    """The mean over windows that tile the volume into ``output_size`` cells.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, D, H, W] (or [N, D, H, W,
            C] for 'NDHWC').
        output_size (int|list|tuple): The output's [D, H, W]: one int for all, or 3 values, each a
            positive int or None (keeps that input size).
        data_format (str, optional): 'NCDHW' (channels first) or 'NDHWC' (channels last). Default
            'NCDHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The pooled result, of x's dtype and layout, with output_size spatial sizes.

    Example:
        >>> paddle.nn.functional.adaptive_avg_pool3d(paddle.ones([1, 2, 5, 6, 7]), 2).shape
        paddle.Size([1, 2, 2, 2, 2])
    """
    fn = "adaptive_avg_pool3d"
    _check_rank(x, 5, fn)
    _check_format(data_format, ("NCDHW", "NDHWC"), fn)
    size = _output_size_3d(output_size, x, data_format, fn)
    return _pool3d(x, size, [1, 1, 1], [0, 0, 0], False, True, data_format, "avg", False, True,
                   "EXPLICIT")


def adaptive_max_pool3d(x, output_size, return_mask=False, name=None):
    """The maximum over windows that tile the volume x [N, C, D, H, W] into
    ``output_size`` cells; with return_mask also each maximum's flattened
    D * H * W index.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C, D, H, W].
        output_size (int|list|tuple): The output's [D, H, W]: one int for all, or 3 values, each a
            positive int or None (keeps that input size).
        return_mask (bool, optional): Also returns each maximum's position, an int32 index into the
            flattened D * H * W. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|tuple: The pooled result, of x's dtype, with output_size spatial sizes; with
            return_mask, (result, mask), mask an int32 tensor of its shape (D * H * W indices).

    Example:
        >>> paddle.nn.functional.adaptive_max_pool3d(paddle.ones([1, 2, 5, 6, 7]), 2).shape
        paddle.Size([1, 2, 2, 2, 2])
    """
    fn = "adaptive_max_pool3d"
    _check_rank(x, 5, fn)
    size = _output_size_3d(output_size, x, "NCDHW", fn)
    out = _pool3d(x, size, [1, 1, 1], [0, 0, 0], False, True, "NCDHW", "max", False, True,
                  "EXPLICIT")
    if not return_mask:
        return out
    with no_grad():
        return out, adaptive_max_positions(x, size)
