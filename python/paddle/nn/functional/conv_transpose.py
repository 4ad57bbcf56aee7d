"""conv1d_transpose, conv2d_transpose, conv3d_transpose: the gradient of a
convolution with respect to its input, as a layer of its own (the
conv2d_transpose op; conv1d_transpose runs it on an image of height 1)."""
from ...tensor._helpers import op
from ...tensor.manipulation import squeeze, unsqueeze
from ._window_args import int_tuple, padding as _padding, positive
from .conv import add_bias, check_conv_operands, one_d_padding

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_conv2d_transpose = op(
    "conv2d_transpose", ["Input", "Filter"],
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
    """3-D transposed convolution: x [N, C_in, D, H, W] with weight
    [C_in, C_out / groups, kd, kh, kw]. This build has no conv3d_transpose op,
    so after checking its arguments it raises NotImplementedError.

    Example:
        >>> x = paddle.ones([1, 2, 3, 3, 3])
        >>> w = paddle.ones([2, 3, 2, 2, 2])
        >>> paddle.nn.functional.conv3d_transpose(x, w)
        Traceback (most recent call last):
        NotImplementedError: ...
    """
    fn = "conv3d_transpose"
    check_conv_operands(x, weight, groups, data_format, ("NCDHW", "NDHWC"), fn, _WEIGHT_DOC,
                        in_axis=0)
    raise NotImplementedError("conv3d_transpose: there is no conv3d_transpose op in this build's "
                              "core/ops, so 3-D transposed convolution is not available")
