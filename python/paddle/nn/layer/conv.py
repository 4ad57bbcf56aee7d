"""Conv2D: a 2-D convolution layer."""
import math

from ...framework import dtypes as _dtype
from .. import functional as F
from ..initializer import Normal
from ..functional._window_args import int_tuple
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle

_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")


class Conv2D(Layer):
    """2-D convolution: weight [out_channels, in_channels / groups, kh, kw]
    (drawn from N(0, 2 / (in_channels * kh * kw)) by default), bias
    [out_channels] (zeros; none when bias is False or bias_attr is False).
    padding_mode other than 'zeros' pads the input with F.pad first.

    Example:
        >>> conv = paddle.nn.Conv2D(3, 8, 3, padding=1)
        >>> conv(paddle.ones([2, 3, 16, 16])).shape
        paddle.Size([2, 8, 16, 16])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", dtype=None, weight_attr=None,
                 bias_attr=None, data_format="NCHW"):
        super().__init__()
        for v, what in ((in_channels, "in_channels"), (out_channels, "out_channels"),
                        (groups, "groups")):
            if not isinstance(v, int) or v <= 0:
                raise ValueError(f"[Conv2D] {what} must be a positive int, got {v!r}")
        if in_channels % groups:
            raise ValueError("in_channels must be divisible by groups.")
        if out_channels % groups:
            raise ValueError("out_channels must be divisible by groups.")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(f"padding_mode must be one of {_PADDING_MODES}, but got "
                             f"padding_mode='{padding_mode}'")
        if data_format not in ("NCHW", "NHWC"):
            raise ValueError(f"[Conv2D] data_format must be NCHW or NHWC, got {data_format!r}")
        self._in_channels = in_channels
        self._out_channels = out_channels
        self._kernel_size = int_tuple(kernel_size, 2, "kernel_size", "Conv2D")
        self._stride = stride
        self._padding = padding
        self._dilation = dilation
        self._groups = groups
        self._padding_mode = padding_mode
        self._data_format = data_format
        self._dtype = _dtype.get_default_dtype() if dtype is None else _dtype.convert_dtype(dtype).name
        if padding_mode != "zeros":
            if not isinstance(padding, int):
                raise TypeError("when padding_mode in ['reflect', 'replicate', 'circular'], type "
                                f"of padding must be int, got {padding!r}")
            self._reversed_padding = [padding] * 4
        fan_in = in_channels * math.prod(self._kernel_size)
        self.weight = self.create_parameter(
            [out_channels, in_channels // groups] + self._kernel_size, weight_attr, self._dtype,
            default_initializer=Normal(0.0, (2.0 / fan_in) ** 0.5))
        self.bias = (self.create_parameter([out_channels], bias_attr, self._dtype, is_bias=True)
                     if bias else None)

    def forward(self, x):
        padding = self._padding
        if self._padding_mode != "zeros":
            x = F.pad(x, self._reversed_padding, self._padding_mode,
                      data_format=self._data_format)
            padding = 0
        return F.conv2d(x, self.weight, self.bias, self._stride, padding, self._dilation,
                        self._groups, self._data_format)

    def extra_repr(self):
        text = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != 1:
            text += f", stride={int_tuple(self._stride, 2, 'stride', 'Conv2D')}"
        if self._padding != 0:
            text += f", padding={self._padding}"
        if self._padding_mode != "zeros":
            text += f", padding_mode={self._padding_mode}"
        if self._dilation != 1:
            text += f", dilation={int_tuple(self._dilation, 2, 'dilation', 'Conv2D')}"
        if self._groups != 1:
            text += f", groups={self._groups}"
        return text + f", data_format={self._data_format}"
