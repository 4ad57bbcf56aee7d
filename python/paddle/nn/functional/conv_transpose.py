"""conv1d_transpose, conv2d_transpose, conv3d_transpose: the gradient of a
convolution with respect to its input, as a layer of its own (the
conv2d_transpose and conv3d_transpose ops; conv1d_transpose runs the 2-D one on
an image of height 1)."""
from ...tensor._helpers import op
from ...tensor.manipulation import squeeze, unsqueeze
from ._window_args import int_tuple, padding as _padding, positive
from .conv import add_bias, check_conv_operands, one_d_padding

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_conv2d_transpose = op(
    "conv2d_transpose", ["Input", "Filter"],
    ["strides", "paddings", "output_padding", "output_size", "padding_algorithm", "groups",
     "dilations", "data_format"], ["Output"])

_conv3d_transpose = op(
    "conv3d_transpose", ["Input", "Filter"],
    ["strides", "paddings", "output_padding", "output_size", "padding_algorithm", "groups",
     "dilations", "data_format"], ["Output"])

_WEIGHT_DOC = "[in, out / groups, *kernel]"


def _sizes(output_padding, output_size, n, fn):
    """(output_padding, output_size) as the op's lists: empty when unset."""
    if output_size is None:
        pads = int_tuple(output_padding, n, "output_padding", fn)
        if any(p < 0 for p in pads):
            raise ValueError(f"[{fn}] output_padding must not be negative, got {output_padding}")
        return ([] if not any(pads) else pads), []
    if output_padding != 0 and output_padding != [0] * n:
        raise ValueError("output_padding option is mutually exclusive with output_size")
    if isinstance(output_size, (list, tuple)) and len(output_size) == 1 and n == 1:
        output_size = output_size[0]
    return [], positive(int_tuple(output_size, n, "output_size", fn), "output_size", fn)


def conv1d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1, output_size=None, data_format="NCL", name=None):
    """1-D transposed convolution of x ([N, C_in, L], or [N, L, C_in] for NLC)
    with weight [C_in, C_out / groups, k], plus bias [C_out]. The output length
    is (L - 1) * stride - pad_before - pad_after + dilation * (k - 1) + 1 +
    output_padding, or output_size.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C_in, L] (or [N, L, C_in]
            for 'NLC').
        weight (Tensor): The filters, of x's dtype and shape [C_in, C_out / groups, k].
        bias (Tensor, optional): Added to each output channel, shape [C_out]; None (the default)
            adds nothing.
        stride (int|list|tuple, optional): The step of the window, one int or a list of one;
            positive. Default 1.
        padding (int|str|list|tuple, optional): 'SAME', 'VALID' (no padding), one int (both sides),
            2 ints [before, after], or 3 [before, after] pairs, one per dim of x (those of the batch
            and channel dims must be [0, 0]). Default 0.
        output_padding (int|list|tuple, optional): Extra size added to one side of each output
            spatial dim (one int or a list of one, non-negative); exclusive with output_size.
            Default 0.
        groups (int, optional): The number of channel groups; C_in and C_out must be divisible by
            it. Default 1.
        dilation (int|list|tuple, optional): The spacing between kernel elements, one int or a list
            of one; positive. Default 1.
        output_size (int|list|tuple, optional): The output's spatial size (one int or a list of
            one), instead of the computed one; None (the default) computes it.
        data_format (str, optional): 'NCL' (channels first) or 'NLC' (channels last). Default 'NCL'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of x's dtype, in data_format's layout with C_out channels.

    Example:
        >>> x = paddle.ones([1, 2, 4])
        >>> w = paddle.ones([2, 3, 3])
        >>> paddle.nn.functional.conv1d_transpose(x, w, stride=2).shape
        paddle.Size([1, 3, 9])
    """
    fn = "conv1d_transpose"
    channel_last = check_conv_operands(x, weight, groups, data_format, ("NCL", "NLC"), fn,
                                       _WEIGHT_DOC, in_axis=0)
    stride = positive(int_tuple(stride, 1, "stride", fn), "stride", fn)
    dilation = positive(int_tuple(dilation, 1, "dilation", fn), "dilation", fn)
    algo, pads = one_d_padding(padding, channel_last, fn)
    out_pad, out_size = _sizes(output_padding, output_size, 1, fn)
    height_axis = 1 if channel_last else 2
    out = _conv2d_transpose(unsqueeze(x, height_axis), unsqueeze(weight, 2), [1] + stride, pads,
                            [0] + out_pad if out_pad else [], [1] + out_size if out_size else [],
                            algo, groups, [1] + dilation, "NHWC" if channel_last else "NCHW")
    out = squeeze(out, height_axis)
    return add_bias(out, bias, weight.shape[1] * groups, channel_last, fn)


def conv2d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, dilation=1,
                     groups=1, output_size=None, data_format="NCHW", name=None):
    """2-D transposed convolution of x ([N, C_in, H, W], or [N, H, W, C_in]
    for NHWC) with weight [C_in, C_out / groups, kh, kw], plus bias [C_out].
    Each output side is (in - 1) * stride - pad_before - pad_after +
    dilation * (k - 1) + 1 + output_padding, or output_size.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C_in, H, W] (or [N, H, W,
            C_in] for 'NHWC').
        weight (Tensor): The filters, of x's dtype and shape [C_in, C_out / groups, kh, kw].
        bias (Tensor, optional): Added to each output channel, shape [C_out]; None (the default)
            adds nothing.
        stride (int|list|tuple, optional): The step of the window, one int or 2 ints (one per
            spatial dim); positive. Default 1.
        padding (int|str|list|tuple, optional): 'SAME', 'VALID' (no padding), one int for every
            side, 2 ints (one per spatial dim, both sides), 4 ints [before_0, after_0, ...], or 4
            [before, after] pairs, one per dim of x (those of the batch and channel dims must be [0,
            0]). Default 0.
        output_padding (int|list|tuple, optional): Extra size added to one side of each output
            spatial dim (one int or 2 ints, non-negative); exclusive with output_size. Default 0.
        dilation (int|list|tuple, optional): The spacing between kernel elements, one int or 2 ints;
            positive. Default 1.
        groups (int, optional): The number of channel groups; C_in and C_out must be divisible by
            it. Default 1.
        output_size (int|list|tuple, optional): The output's spatial size (one int or 2 ints),
            instead of the computed one; None (the default) computes it.
        data_format (str, optional): 'NCHW' (channels first) or 'NHWC' (channels last). Default
            'NCHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of x's dtype, in data_format's layout with C_out channels.

    Example:
        >>> x = paddle.ones([1, 2, 4, 4])
        >>> w = paddle.ones([2, 3, 3, 3])
        >>> paddle.nn.functional.conv2d_transpose(x, w, stride=2, output_padding=1).shape
        paddle.Size([1, 3, 10, 10])
    """
    fn = "conv2d_transpose"
    channel_last = check_conv_operands(x, weight, groups, data_format, ("NCHW", "NHWC"), fn,
                                       _WEIGHT_DOC, in_axis=0)
    strides = positive(int_tuple(stride, 2, "stride", fn), "stride", fn)
    dilations = positive(int_tuple(dilation, 2, "dilation", fn), "dilation", fn)
    algo, pads = _padding(padding, 2, channel_last, fn)
    out_pad, out_size = _sizes(output_padding, output_size, 2, fn)
    out = _conv2d_transpose(x, weight, strides, pads, out_pad, out_size, algo, groups, dilations,
                            data_format)
    return add_bias(out, bias, weight.shape[1] * groups, channel_last, fn)


def conv3d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1, output_size=None, data_format="NCDHW", name=None):
    """3-D transposed convolution of x ([N, C_in, D, H, W], or [N, D, H, W, C_in]
    for NDHWC) with weight [C_in, C_out / groups, kd, kh, kw], plus bias [C_out].
    Each output side is (in - 1) * stride - pad_before - pad_after +
    dilation * (k - 1) + 1 + output_padding, or output_size.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [N, C_in, D, H, W] (or [N, D, H,
            W, C_in] for 'NDHWC').
        weight (Tensor): The filters, of x's dtype and shape [C_in, C_out / groups, kd, kh, kw].
        bias (Tensor, optional): Added to each output channel, shape [C_out]; None (the default)
            adds nothing.
        stride (int|list|tuple, optional): The step of the window, one int or 3 ints (one per
            spatial dim); positive. Default 1.
        padding (int|str|list|tuple, optional): 'SAME', 'VALID' (no padding), one int for every
            side, 3 ints (one per spatial dim, both sides), 6 ints [before_0, after_0, ...], or 5
            [before, after] pairs, one per dim of x (those of the batch and channel dims must be [0,
            0]). Default 0.
        output_padding (int|list|tuple, optional): Extra size added to one side of each output
            spatial dim (one int or 3 ints, non-negative); exclusive with output_size. Default 0.
        groups (int, optional): The number of channel groups; C_in and C_out must be divisible by
            it. Default 1.
        dilation (int|list|tuple, optional): The spacing between kernel elements, one int or 3 ints;
            positive. Default 1.
        output_size (int|list|tuple, optional): The output's spatial size (one int or 3 ints),
            instead of the computed one; None (the default) computes it.
        data_format (str, optional): 'NCDHW' (channels first) or 'NDHWC' (channels last). Default
            'NCDHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of x's dtype, in data_format's layout with C_out channels.

    Example:
        >>> x = paddle.ones([1, 2, 3, 3, 3])
        >>> w = paddle.ones([2, 3, 2, 2, 2])
        >>> paddle.nn.functional.conv3d_transpose(x, w, stride=2).shape
        paddle.Size([1, 3, 6, 6, 6])
    """
    fn = "conv3d_transpose"
    channel_last = check_conv_operands(x, weight, groups, data_format, ("NCDHW", "NDHWC"), fn,
                                       _WEIGHT_DOC, in_axis=0)
    strides = positive(int_tuple(stride, 3, "stride", fn), "stride", fn)
    dilations = positive(int_tuple(dilation, 3, "dilation", fn), "dilation", fn)
    algo, pads = _padding(padding, 3, channel_last, fn)
    out_pad, out_size = _sizes(output_padding, output_size, 3, fn)
    out = _conv3d_transpose(x, weight, strides, pads, out_pad, out_size, algo, groups, dilations,
                            data_format)
    return add_bias(out, bias, weight.shape[1] * groups, channel_last, fn)
