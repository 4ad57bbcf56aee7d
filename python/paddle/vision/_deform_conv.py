"""paddle.vision.ops: deformable convolution (v1 and v2) and its layer."""
from .. import nn
from ..nn.functional._window_args import int_tuple
from ..nn.initializer import Normal
from ..tensor._helpers import check_tensor, op
from ._op_args import _check_float

_deformable_conv = op("deformable_conv", ["Input", "Offset", "Filter", "Mask"],
                      ["strides", "paddings", "dilations", "deformable_groups", "groups",
                       "im2col_step"], ["Output"])
_deformable_conv_v1 = op("deformable_conv_v1", ["Input", "Offset", "Filter"],
                         ["strides", "paddings", "dilations", "deformable_groups", "groups",
                          "im2col_step"], ["Output"])


def deform_conv2d(x, offset, weight, bias=None, stride=1, padding=0, dilation=1,
                  deformable_groups=1, groups=1, mask=None, name=None):
    """Deformable convolution: a 2-D convolution whose kernel taps sample x at
    learned fractional offsets (v1), each tap optionally weighted by a mask
    (v2).

    Tap k of the kernel at output position p reads x bilinearly at p's usual
    tap position plus (offset[2k], offset[2k + 1]) (zeros outside x), times
    mask[k] when a mask is given; deformable_groups channel groups each have
    their own offsets and masks.

    Args:
        x (Tensor): The images [N, C, H, W], float32 or float64.
        offset (Tensor): The (dy, dx) offsets [N, 2 * deformable_groups * kH * kW, H_out,
            W_out], of x's dtype.
        weight (Tensor): The filters [M, C / groups, kH, kW].
        bias (Tensor, optional): The bias [M]. Default None.
        stride (int|list|tuple, optional): The strides (height, width); one int for both.
            Default 1.
        padding (int|list|tuple, optional): The zero padding (height, width); one int for both.
            Default 0.
        dilation (int|list|tuple, optional): The dilations (height, width); one int for both.
            Default 1.
        deformable_groups (int, optional): Channel groups with their own offsets. Default 1.
        groups (int, optional): Convolution channel groups. Default 1.
        mask (Tensor, optional): The tap weights [N, deformable_groups * kH * kW, H_out, W_out]
            (v2); None (the default) means v1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The convolution [N, M, H_out, W_out].

    Example:
        >>> import paddle
        >>> x = paddle.rand([8, 1, 28, 28])
        >>> kh, kw = 3, 3
        >>> offset = paddle.rand([8, 2 * kh * kw, 26, 26])
        >>> mask = paddle.rand([8, kh * kw, 26, 26])
        >>> weight = paddle.rand([16, 1, kh, kw])
        >>> paddle.vision.ops.deform_conv2d(x, offset, weight, mask=mask).shape
        paddle.Size([8, 16, 26, 26])
    """
    fn = "deform_conv2d"
    _check_float(x, "x", fn)
    for t, what in ((offset, "offset"), (weight, "weight")):
        _check_float(t, what, fn)
        if t.dtype != x.dtype:
            raise TypeError(f"[{fn}] {what} must have x's dtype {x.dtype.name}, got "
                            f"{t.dtype.name}")
    stride = int_tuple(stride, 2, "stride", fn)
    padding = int_tuple(padding, 2, "padding", fn)
    dilation = int_tuple(dilation, 2, "dilation", fn)
    if mask is None:
        out = _deformable_conv_v1(x, offset, weight, stride, padding, dilation,
                                  int(deformable_groups), int(groups), 1)
    else:
        _check_float(mask, "mask", fn)
        out = _deformable_conv(x, offset, weight, mask, stride, padding, dilation,
                               int(deformable_groups), int(groups), 1)
    if bias is None:
        return out
    check_tensor(bias, "bias", fn)
    if bias.ndim != 1 or bias.shape[0] != weight.shape[0]:
        raise ValueError(f"[{fn}] bias must be [{weight.shape[0]}] (one per filter), got "
                         f"{list(bias.shape)}")
    return out + bias.reshape([1, -1, 1, 1])


class DeformConv2D(nn.Layer):
    """A deformable convolution layer (see paddle.vision.ops.deform_conv2d)
    with its filters and bias as parameters.

    The filters start from Normal(0, sqrt(2 / (kH * kW * in_channels))), the
    bias from zeros, as in PaddlePaddle.

    Args:
        in_channels (int): The input channels.
        out_channels (int): The output channels (filters).
        kernel_size (int|list|tuple): The kernel (height, width); one int for both.
        stride (int|list|tuple, optional): The strides. Default 1.
        padding (int|list|tuple, optional): The zero padding. Default 0.
        dilation (int|list|tuple, optional): The dilations. Default 1.
        deformable_groups (int, optional): Channel groups with their own offsets. Default 1.
        groups (int, optional): Convolution channel groups; must divide in_channels. Default 1.
        weight_attr (ParamAttr, optional): The filters' attributes. Default None.
        bias_attr (ParamAttr|bool, optional): The bias' attributes; False for no bias. Default
            None.

    Example:
        >>> import paddle
        >>> layer = paddle.vision.ops.DeformConv2D(1, 16, 3)
        >>> x = paddle.rand([8, 1, 28, 28])
        >>> offset = paddle.rand([8, 18, 26, 26])
        >>> layer(x, offset).shape
        paddle.Size([8, 16, 26, 26])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 deformable_groups=1, groups=1, weight_attr=None, bias_attr=None):
        super().__init__()
        fn = "DeformConv2D"
        if weight_attr is False:
            raise ValueError(f"[{fn}] weight_attr should not be False in Conv.")
        if in_channels % groups != 0:
            raise ValueError(f"[{fn}] in_channels ({in_channels}) must be divisible by groups "
                             f"({groups})")
        self._deformable_groups = deformable_groups
        self._groups = groups
        self._in_channels = in_channels
        self._out_channels = out_channels
        self._stride = int_tuple(stride, 2, "stride", fn)
        self._padding = int_tuple(padding, 2, "padding", fn)
        self._dilation = int_tuple(dilation, 2, "dilation", fn)
        self._kernel_size = int_tuple(kernel_size, 2, "kernel_size", fn)
        std = (2.0 / (self._kernel_size[0] * self._kernel_size[1] * in_channels)) ** 0.5
        self.weight = self.create_parameter(
            [out_channels, in_channels // groups, *self._kernel_size], weight_attr,
            default_initializer=Normal(0.0, std))
        self.bias = self.create_parameter([out_channels], bias_attr, is_bias=True)

    def forward(self, x, offset, mask=None):
        """The deformable convolution of x with this layer's filters and bias."""
        return deform_conv2d(x, offset, self.weight, self.bias, self._stride, self._padding,
                             self._dilation, self._deformable_groups, self._groups, mask)
