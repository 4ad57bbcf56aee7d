"""conv1d, conv2d, conv3d: convolution over channel-first or channel-last
inputs (the conv2d / conv3d ops; groups, dilation, SAME/VALID/explicit
padding). conv1d runs conv2d on an image of height 1."""
from ...tensor._helpers import check_tensor, op
from ...tensor.manipulation import squeeze, unsqueeze
from ._window_args import data_format as _check_format, int_tuple, padding as _padding, positive

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_ATTRS = ["strides", "paddings", "padding_algorithm", "dilations", "groups", "data_format"]
_conv_ops = {2: op("conv2d", ["Input", "Filter"], _ATTRS, ["Output"]),
             3: op("conv3d", ["Input", "Filter"], _ATTRS, ["Output"])}
_add = op("elementwise_add", ["X", "Y"], ["axis"])


def check_conv_operands(x, weight, groups, data_format, formats, fn, weight_doc, in_axis=1):
    """The checks every convolution shares; returns whether x is channel-last.
    ``in_axis`` is the axis of weight that holds in_channels / groups (0 for
    transposed convolutions, whose weight is [in, out / groups, ...])."""
    check_tensor(x, "x", fn)
    check_tensor(weight, "weight", fn)
    _check_format(data_format, formats, fn)
    rank = len(formats[0])
    if x.ndim != rank:
        raise ValueError(f"[{fn}] x must be {rank}-D ({data_format}), got shape {x.shape}")
    if weight.ndim != rank:
        raise ValueError(f"[{fn}] weight must be {rank}-D {weight_doc}, got shape {weight.shape}")
    if not isinstance(groups, int) or isinstance(groups, bool) or groups <= 0:
        raise ValueError(f"[{fn}] groups must be a positive int, got {groups!r}")
    channel_last = data_format[-1] == "C"
    channels = x.shape[-1] if channel_last else x.shape[1]
    expected = weight.shape[1] * groups if in_axis == 1 else weight.shape[0]
    if channels != expected:
        raise ValueError(f"[{fn}] the input has {channels} channels, but weight (shape "
                         f"{weight.shape}) with groups={groups} expects {expected}")
    if weight.shape[0] % groups:
        raise ValueError(f"[{fn}] weight's first dim ({weight.shape[0]}) must be divisible by "
                         f"groups ({groups})")
    return channel_last


def add_bias(out, bias, channels, channel_last, fn):
    if bias is None:
        return out
    check_tensor(bias, "bias", fn)
    if bias.shape != [channels]:
        raise ValueError(f"[{fn}] bias must have shape [{channels}], got {bias.shape}")
    return _add(out, bias, -1 if channel_last else 1)


def one_d_padding(padding, channel_last, fn):
    """A 1-D padding argument as the 2-D one of an image of height 1."""
    algo, pads = _padding(padding, 1, channel_last, fn)
    return algo, ([0] + pads if len(pads) == 1 else [0, 0] + pads)


def _conv(x, weight, bias, stride, padding, dilation, groups, data_format, nsp, fn):
    formats = {2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}[nsp]
    channel_last = check_conv_operands(x, weight, groups, data_format, formats, fn,
                                       "[out, in / groups, *kernel]")
    strides = positive(int_tuple(stride, nsp, "stride", fn), "stride", fn)
    dilations = positive(int_tuple(dilation, nsp, "dilation", fn), "dilation", fn)
    algo, pads = _padding(padding, nsp, channel_last, fn)
    out = _conv_ops[nsp](x, weight, strides, pads, algo, dilations, groups, data_format)
    return add_bias(out, bias, weight.shape[0], channel_last, fn)


def conv1d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCL",
           name=None):
    """1-D convolution of x ([N, C, L], or [N, L, C] for NLC) with weight
    [out_channels, C / groups, k], plus bias [out_channels].

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C_in, L] (or [N, L, C_in]
            for 'NLC').
        weight (Tensor): The filters, of x's dtype and shape [C_out, C_in / groups, k].
        bias (Tensor, optional): Added to each output channel, shape [C_out]; None (the default)
            adds nothing.
        stride (int|list|tuple, optional): The step of the window, one int or a list of one;
            positive. Default 1.
        padding (int|str|list|tuple, optional): 'SAME' (output size ceil(in / stride)), 'VALID' (no
            padding), one int (both sides), 2 ints [before, after], or 3 [before, after] pairs, one
            per dim of x (those of the batch and channel dims must be [0, 0]). Default 0.
        dilation (int|list|tuple, optional): The spacing between kernel elements, one int or a list
            of one; positive. Default 1.
        groups (int, optional): The number of channel groups; C_in and C_out must be divisible by
            it. Default 1.
        data_format (str, optional): 'NCL' (channels first) or 'NLC' (channels last). Default 'NCL'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of x's dtype, in data_format's layout with C_out channels.

    Example:
        >>> x = paddle.ones([1, 3, 8])
        >>> w = paddle.ones([4, 3, 3])
        >>> paddle.nn.functional.conv1d(x, w, padding=1).shape
        paddle.Size([1, 4, 8])
    """
    fn = "conv1d"
    channel_last = check_conv_operands(x, weight, groups, data_format, ("NCL", "NLC"), fn,
                                       "[out, in / groups, k]")
    stride = positive(int_tuple(stride, 1, "stride", fn), "stride", fn)
    dilation = positive(int_tuple(dilation, 1, "dilation", fn), "dilation", fn)
    algo, pads = one_d_padding(padding, channel_last, fn)
    height_axis = 1 if channel_last else 2
    out = _conv_ops[2](unsqueeze(x, height_axis), unsqueeze(weight, 2), [1] + stride, pads, algo,
                       [1] + dilation, groups, "NHWC" if channel_last else "NCHW")
    out = squeeze(out, height_axis)
    return add_bias(out, bias, weight.shape[0], channel_last, fn)


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCHW",
           name=None):
    """2-D convolution of x ([N, C, H, W], or [N, H, W, C] for NHWC) with
    weight [out_channels, C / groups, kh, kw], plus bias [out_channels].

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C_in, H, W] (or [N, H, W,
            C_in] for 'NHWC').
        weight (Tensor): The filters, of x's dtype and shape [C_out, C_in / groups, kh, kw].
        bias (Tensor, optional): Added to each output channel, shape [C_out]; None (the default)
            adds nothing.
        stride (int|list|tuple, optional): The step of the window, one int or 2 ints (one per
            spatial dim); positive. Default 1.
        padding (int|str|list|tuple, optional): 'SAME' (output size ceil(in / stride)), 'VALID' (no
            padding), one int for every side, 2 ints (one per spatial dim, both sides), 4 ints
            [before_0, after_0, ...], or 4 [before, after] pairs, one per dim of x (those of the
            batch and channel dims must be [0, 0]). Default 0.
        dilation (int|list|tuple, optional): The spacing between kernel elements, one int or 2 ints;
            positive. Default 1.
        groups (int, optional): The number of channel groups; C_in and C_out must be divisible by
            it. Default 1.
        data_format (str, optional): 'NCHW' (channels first) or 'NHWC' (channels last). Default
            'NCHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of x's dtype, in data_format's layout with C_out channels.

    Example:
        >>> x = paddle.ones([1, 3, 8, 8])
        >>> w = paddle.ones([4, 3, 3, 3])
        >>> paddle.nn.functional.conv2d(x, w, padding=1).shape
        paddle.Size([1, 4, 8, 8])
    """
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, 2, "conv2d")


def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
           data_format="NCDHW", name=None):
    """3-D convolution of x ([N, C, D, H, W], or [N, D, H, W, C] for NDHWC)
    with weight [out_channels, C / groups, kd, kh, kw], plus bias [out_channels].

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C_in, D, H, W] (or [N, D, H,
            W, C_in] for 'NDHWC').
        weight (Tensor): The filters, of x's dtype and shape [C_out, C_in / groups, kd, kh, kw].
        bias (Tensor, optional): Added to each output channel, shape [C_out]; None (the default)
            adds nothing.
        stride (int|list|tuple, optional): The step of the window, one int or 3 ints (one per
            spatial dim); positive. Default 1.
        padding (int|str|list|tuple, optional): 'SAME' (output size ceil(in / stride)), 'VALID' (no
            padding), one int for every side, 3 ints (one per spatial dim, both sides), 6 ints
            [before_0, after_0, ...], or 5 [before, after] pairs, one per dim of x (those of the
            batch and channel dims must be [0, 0]). Default 0.
        dilation (int|list|tuple, optional): The spacing between kernel elements, one int or 3 ints;
            positive. Default 1.
        groups (int, optional): The number of channel groups; C_in and C_out must be divisible by
            it. Default 1.
        data_format (str, optional): 'NCDHW' (channels first) or 'NDHWC' (channels last). Default
            'NCDHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of x's dtype, in data_format's layout with C_out channels.

    Example:
        >>> x = paddle.ones([1, 2, 4, 4, 4])
        >>> w = paddle.ones([3, 2, 3, 3, 3])
        >>> paddle.nn.functional.conv3d(x, w, padding=1).shape
        paddle.Size([1, 3, 4, 4, 4])
    """
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, 3, "conv3d")
