"""conv2d: 2-D convolution over NCHW or NHWC images (the conv2d op; groups,
dilation, SAME/VALID/explicit padding)."""
from ...tensor._helpers import check_tensor, op
from ._window_args import data_format as _check_format, int_tuple, padding as _padding, positive

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_conv2d = op("conv2d", ["Input", "Filter"],
             ["strides", "paddings", "padding_algorithm", "dilations", "groups", "data_format"],
             ["Output"])
_add = op("elementwise_add", ["X", "Y"], ["axis"])


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCHW",
           name=None):
    """2-D convolution of x ([N, C, H, W], or [N, H, W, C] for NHWC) with
    weight [out_channels, C / groups, kh, kw], plus bias [out_channels].

    Example:
        >>> x = paddle.ones([1, 3, 8, 8])
        >>> w = paddle.ones([4, 3, 3, 3])
        >>> paddle.nn.functional.conv2d(x, w, padding=1).shape
        paddle.Size([1, 4, 8, 8])
    """
    fn = "conv2d"
    check_tensor(x, "x", fn)
    check_tensor(weight, "weight", fn)
    _check_format(data_format, ("NCHW", "NHWC"), fn)
    if x.ndim != 4:
        raise ValueError(f"[conv2d] x must be 4-D ({data_format}), got shape {x.shape}")
    if weight.ndim != 4:
        raise ValueError(f"[conv2d] weight must be 4-D [out, in / groups, kh, kw], got shape "
                         f"{weight.shape}")
    if not isinstance(groups, int) or groups <= 0:
        raise ValueError(f"[conv2d] groups must be a positive int, got {groups!r}")
    channel_last = data_format == "NHWC"
    channels = x.shape[-1] if channel_last else x.shape[1]
    if channels != weight.shape[1] * groups:
        raise ValueError(f"[conv2d] the input has {channels} channels, but weight (shape "
                         f"{weight.shape}) with groups={groups} expects {weight.shape[1] * groups}")
    if weight.shape[0] % groups:
        raise ValueError(f"[conv2d] the number of filters ({weight.shape[0]}) must be divisible "
                         f"by groups ({groups})")
    strides = positive(int_tuple(stride, 2, "stride", fn), "stride", fn)
    dilations = positive(int_tuple(dilation, 2, "dilation", fn), "dilation", fn)
    algo, pads = _padding(padding, 2, channel_last, fn)
    out = _conv2d(x, weight, strides, pads, algo, dilations, groups, data_format)
    if bias is not None:
        check_tensor(bias, "bias", fn)
        if bias.shape != [weight.shape[0]]:
            raise ValueError(f"[conv2d] bias must have shape [{weight.shape[0]}], got {bias.shape}")
        out = _add(out, bias, -1 if channel_last else 1)
    return out
