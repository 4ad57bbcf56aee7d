"""Conv1D, Conv2D, Conv3D: convolution layers over 1, 2 or 3 spatial dims."""
import math

from ...framework import dtypes as _dtype
from .. import functional as F
from ..initializer import Normal
from ..functional._window_args import int_tuple
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle

_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")
_FORMATS = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}


class _ConvNd(Layer):
    """What every convolution layer shares: argument checks, the weight
    (drawn from N(0, 2 / (in_channels * prod(kernel_size))) by default, or
    XavierUniform for ``transposed`` layers, whose weight is
    [in, out / groups, *kernel]) and the bias (zeros; none when bias is False
    or bias_attr is False)."""

    def __init__(self, nsp, name, in_channels, out_channels, kernel_size, stride, padding,
                 dilation, groups, bias, padding_mode, dtype, weight_attr, bias_attr,
                 data_format, transposed=False):
        super().__init__()
        for v, what in ((in_channels, "in_channels"), (out_channels, "out_channels"),
                        (groups, "groups")):
            if not isinstance(v, int) or v <= 0:
                raise ValueError(f"[{name}] {what} must be a positive int, got {v!r}")
        if in_channels % groups:
            raise ValueError("in_channels must be divisible by groups.")
        if out_channels % groups:
            raise ValueError("out_channels must be divisible by groups.")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(f"padding_mode must be one of {_PADDING_MODES}, but got "
                             f"padding_mode='{padding_mode}'")
        if data_format not in _FORMATS[nsp]:
            raise ValueError(f"[{name}] data_format must be one of {list(_FORMATS[nsp])}, got "
                             f"{data_format!r}")
        self._nsp = nsp
        self._layer_name = name
        self._in_channels = in_channels
        self._out_channels = out_channels
        self._kernel_size = int_tuple(kernel_size, nsp, "kernel_size", name)
        self._stride = stride
        self._padding = padding
        self._dilation = dilation
        self._groups = groups
        self._padding_mode = padding_mode
        self.output_padding = 0  # transposed layers set theirs (public, as in PaddlePaddle)
        self._data_format = data_format
        self._dtype = _dtype.get_default_dtype() if dtype is None else _dtype.convert_dtype(dtype).name
        if padding_mode != "zeros":
            if not isinstance(padding, int):
                raise TypeError("when padding_mode in ['reflect', 'replicate', 'circular'], type "
                                f"of padding must be int, got {padding!r}")
            self._reversed_padding = [padding] * (2 * nsp)
        fan_in = in_channels * math.prod(self._kernel_size)
        shape = ([in_channels, out_channels // groups] if transposed
                 else [out_channels, in_channels // groups])
        # As PaddlePaddle: transposed weights fall back to create_parameter's XavierUniform.
        self.weight = self.create_parameter(
            shape + self._kernel_size, weight_attr, self._dtype,
            default_initializer=None if transposed else Normal(0.0, (2.0 / fan_in) ** 0.5))
        self.bias = (self.create_parameter([out_channels], bias_attr, self._dtype, is_bias=True)
                     if bias and bias_attr is not False else None)

    def _padded_input(self, x):
        """(x, padding): x padded by F.pad when padding_mode is not 'zeros'."""
        if self._padding_mode == "zeros":
            return x, self._padding
        return F.pad(x, self._reversed_padding, self._padding_mode,
                     data_format=self._data_format), 0

    def extra_repr(self):
        n, name = self._nsp, self._layer_name
        text = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != 1:
            text += f", stride={int_tuple(self._stride, n, 'stride', name)}"
        if self._padding != 0:
            text += f", padding={self._padding}"
        if self._padding_mode != "zeros":
            text += f", padding_mode={self._padding_mode}"
        if self.output_padding != 0:
            text += f", output_padding={self.output_padding}"
        if self._dilation != 1:
            text += f", dilation={int_tuple(self._dilation, n, 'dilation', name)}"
        if self._groups != 1:
            text += f", groups={self._groups}"
        return text + f", data_format={self._data_format}"


class Conv1D(_ConvNd):
    """1-D convolution: weight [out_channels, in_channels / groups, k], bias
    [out_channels]. padding_mode other than 'zeros' pads the input with F.pad first.

    Args:
        in_channels (int): The input's number of channels C, a positive int divisible by groups.
        out_channels (int): The output's number of channels, a positive int divisible by groups.
        kernel_size (int|list|tuple): The kernel's size, an int or a list of 1 int.
        stride (int|list|tuple, optional): The kernel's step, in the same forms. Default 1.
        padding (int|str|list|tuple, optional): 'SAME', 'VALID', one int for both sides, or a list
            of 1 or 2 ints (begin, end). Default 0.
        dilation (int|list|tuple, optional): The spacing of the kernel's taps, in the same forms.
            Default 1.
        groups (int, optional): Split the channels into this many groups, each convolved on its own
            (in_channels and out_channels must divide by it). Default 1.
        bias (bool, optional): Whether the layer has a bias. Default True.
        padding_mode (str, optional): 'zeros' (the default), 'reflect', 'replicate' or 'circular'; a
            mode other than 'zeros' needs an int padding.
        dtype (str|paddle.dtype, optional): The parameters' dtype. Default None: the default dtype
            (float32).
        weight_attr (ParamAttr, optional): The weight's attribute. Default None: N(0, 2 /
            (in_channels * k)).
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False makes a layer without
            bias. Default None: a bias initialized to zeros.
        data_format (str, optional): 'NCL' (the default) or 'NLC', where the channels are.

    Returns:
        Conv1D: A layer whose forward maps a float tensor [N, C, L] (NCL) to the convolved tensor
            [N, out_channels, ...], same dtype.

    Example:
        >>> conv = paddle.nn.Conv1D(3, 8, 3, padding=1)
        >>> conv(paddle.ones([2, 3, 16])).shape
        paddle.Size([2, 8, 16])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", dtype=None, weight_attr=None,
                 bias_attr=None, data_format="NCL"):
        super().__init__(1, "Conv1D", in_channels, out_channels, kernel_size, stride, padding,
                         dilation, groups, bias, padding_mode, dtype, weight_attr, bias_attr,
                         data_format)

    def forward(self, x):
        x, padding = self._padded_input(x)
        return F.conv1d(x, self.weight, self.bias, self._stride, padding, self._dilation,
                        self._groups, self._data_format)


class Conv2D(_ConvNd):
    """2-D convolution: weight [out_channels, in_channels / groups, kh, kw],
    bias [out_channels]. padding_mode other than 'zeros' pads the input with
    F.pad first.

    Args:
        in_channels (int): The input's number of channels C, a positive int divisible by groups.
        out_channels (int): The output's number of channels, a positive int divisible by groups.
        kernel_size (int|list|tuple): The kernel's size, one int for every dim or 2 ints (h, w).
        stride (int|list|tuple, optional): The kernel's step, in the same forms. Default 1.
        padding (int|str|list|tuple, optional): 'SAME', 'VALID', one int for every side, 2 ints (one
            per spatial dim) or 4 ints (begin and end of each). Default 0.
        dilation (int|list|tuple, optional): The spacing of the kernel's taps, in the same forms.
            Default 1.
        groups (int, optional): Split the channels into this many groups, each convolved on its own
            (in_channels and out_channels must divide by it). Default 1.
        bias (bool, optional): Whether the layer has a bias. Default True.
        padding_mode (str, optional): 'zeros' (the default), 'reflect', 'replicate' or 'circular'; a
            mode other than 'zeros' needs an int padding.
        dtype (str|paddle.dtype, optional): The parameters' dtype. Default None: the default dtype
            (float32).
        weight_attr (ParamAttr, optional): The weight's attribute. Default None: N(0, 2 /
            (in_channels * kh * kw)).
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False makes a layer without
            bias. Default None: a bias initialized to zeros.
        data_format (str, optional): 'NCHW' (the default) or 'NHWC', where the channels are.

    Returns:
        Conv2D: A layer whose forward maps a float tensor [N, C, H, W] (NCHW) to the convolved
            tensor [N, out_channels, ...], same dtype.

    Example:
        >>> conv = paddle.nn.Conv2D(3, 8, 3, padding=1)
        >>> conv(paddle.ones([2, 3, 16, 16])).shape
        paddle.Size([2, 8, 16, 16])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", dtype=None, weight_attr=None,
                 bias_attr=None, data_format="NCHW"):
        super().__init__(2, "Conv2D", in_channels, out_channels, kernel_size, stride, padding,
                         dilation, groups, bias, padding_mode, dtype, weight_attr, bias_attr,
                         data_format)

    def forward(self, x):
        x, padding = self._padded_input(x)
        return F.conv2d(x, self.weight, self.bias, self._stride, padding, self._dilation,
                        self._groups, self._data_format)


class Conv3D(_ConvNd):
    """3-D convolution: weight [out_channels, in_channels / groups, kd, kh, kw],
    bias [out_channels]. padding_mode other than 'zeros' pads the input with
    F.pad first.

    Args:
        in_channels (int): The input's number of channels C, a positive int divisible by groups.
        out_channels (int): The output's number of channels, a positive int divisible by groups.
        kernel_size (int|list|tuple): The kernel's size, one int for every dim or 3 ints (d, h, w).
        stride (int|list|tuple, optional): The kernel's step, in the same forms. Default 1.
        padding (int|str|list|tuple, optional): 'SAME', 'VALID', one int for every side, 3 ints (one
            per spatial dim) or 6 ints (begin and end of each). Default 0.
        dilation (int|list|tuple, optional): The spacing of the kernel's taps, in the same forms.
            Default 1.
        groups (int, optional): Split the channels into this many groups, each convolved on its own
            (in_channels and out_channels must divide by it). Default 1.
        bias (bool, optional): Whether the layer has a bias. Default True.
        padding_mode (str, optional): 'zeros' (the default), 'reflect', 'replicate' or 'circular'; a
            mode other than 'zeros' needs an int padding.
        dtype (str|paddle.dtype, optional): The parameters' dtype. Default None: the default dtype
            (float32).
        weight_attr (ParamAttr, optional): The weight's attribute. Default None: N(0, 2 /
            (in_channels * kd * kh * kw)).
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False makes a layer without
            bias. Default None: a bias initialized to zeros.
        data_format (str, optional): 'NCDHW' (the default) or 'NDHWC', where the channels are.

    Returns:
        Conv3D: A layer whose forward maps a float tensor [N, C, D, H, W] (NCDHW) to the convolved
            tensor [N, out_channels, ...], same dtype.

    Example:
        >>> conv = paddle.nn.Conv3D(2, 4, 3, padding=1)
        >>> conv(paddle.ones([1, 2, 5, 5, 5])).shape
        paddle.Size([1, 4, 5, 5, 5])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", dtype=None, weight_attr=None,
                 bias_attr=None, data_format="NCDHW"):
        super().__init__(3, "Conv3D", in_channels, out_channels, kernel_size, stride, padding,
                         dilation, groups, bias, padding_mode, dtype, weight_attr, bias_attr,
                         data_format)

    def forward(self, x):
        x, padding = self._padded_input(x)
        return F.conv3d(x, self.weight, self.bias, self._stride, padding, self._dilation,
                        self._groups, self._data_format)
