"""Conv1DTranspose, Conv2DTranspose, Conv3DTranspose: transposed convolution
layers (weight [in_channels, out_channels / groups, *kernel])."""
from .. import functional as F
from .conv import _ConvNd

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class _ConvTransposeBase(_ConvNd):
    def __init__(self, nsp, name, in_channels, out_channels, kernel_size, stride, padding,
                 output_padding, dilation, groups, weight_attr, bias_attr, data_format):
        super().__init__(nsp, name, in_channels, out_channels, kernel_size, stride, padding,
                         dilation, groups, True, "zeros", None, weight_attr, bias_attr,
                         data_format, transposed=True)
        self.output_padding = output_padding


class Conv1DTranspose(_ConvTransposeBase):
    """1-D transposed convolution: weight [in_channels, out_channels / groups, k],
    bias [out_channels] (see F.conv1d_transpose for the output length).

    Args:
        in_channels (int): The input's number of channels C, a positive int divisible by groups.
        out_channels (int): The output's number of channels, a positive int divisible by groups.
        kernel_size (int|list|tuple): The kernel's size, an int or a list of 1 int.
        stride (int|list|tuple, optional): The kernel's step, in the same forms. Default 1.
        padding (int|str|list|tuple, optional): The padding removed from the output: 'SAME',
            'VALID', one int or a list of 1 or 2 ints. Default 0.
        output_padding (int|list|tuple, optional): Extra size added at the end of each output dim,
            smaller than max(stride, dilation). Default 0.
        groups (int, optional): Split the channels into this many groups, each convolved on its own
            (in_channels and out_channels must divide by it). Default 1.
        dilation (int|list|tuple, optional): The spacing of the kernel's taps, in the same forms.
            Default 1.
        weight_attr (ParamAttr, optional): The weight's attribute. Default None: XavierUniform.
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False makes a layer without
            bias. Default None: a bias initialized to zeros.
        data_format (str, optional): 'NCL' (the default) or 'NLC', where the channels are.

    Returns:
        Conv1DTranspose: A layer whose forward(x, output_size=None) maps a float tensor [N, C, L]
            (NCL) to [N, out_channels, ...], same dtype; output_size picks the output's spatial
            size.

    Example:
        >>> layer = paddle.nn.Conv1DTranspose(2, 3, 3, stride=2)
        >>> layer(paddle.ones([1, 2, 4])).shape
        paddle.Size([1, 3, 9])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, dilation=1, weight_attr=None, bias_attr=None,
                 data_format="NCL"):
        super().__init__(1, "Conv1DTranspose", in_channels, out_channels, kernel_size, stride,
                         padding, output_padding, dilation, groups, weight_attr, bias_attr,
                         data_format)

    def forward(self, x, output_size=None):
        # As PaddlePaddle: output_padding is kept with output_size (and then rejected).
        return F.conv1d_transpose(x, self.weight, self.bias, self._stride, self._padding,
                                  self.output_padding,
                                  self._groups, self._dilation, output_size, self._data_format)


class Conv2DTranspose(_ConvTransposeBase):
    """2-D transposed convolution: weight [in_channels, out_channels / groups,
    kh, kw], bias [out_channels] (see F.conv2d_transpose for the output size).

    Args:
        in_channels (int): The input's number of channels C, a positive int divisible by groups.
        out_channels (int): The output's number of channels, a positive int divisible by groups.
        kernel_size (int|list|tuple): The kernel's size, one int for every dim or 2 ints (h, w).
        stride (int|list|tuple, optional): The kernel's step, in the same forms. Default 1.
        padding (int|str|list|tuple, optional): The padding removed from the output: 'SAME',
            'VALID', one int, 2 ints or 4 ints. Default 0.
        output_padding (int|list|tuple, optional): Extra size added at the end of each output dim,
            smaller than max(stride, dilation). Default 0.
        dilation (int|list|tuple, optional): The spacing of the kernel's taps, in the same forms.
            Default 1.
        groups (int, optional): Split the channels into this many groups, each convolved on its own
            (in_channels and out_channels must divide by it). Default 1.
        weight_attr (ParamAttr, optional): The weight's attribute. Default None: XavierUniform.
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False makes a layer without
            bias. Default None: a bias initialized to zeros.
        data_format (str, optional): 'NCHW' (the default) or 'NHWC', where the channels are.

    Returns:
        Conv2DTranspose: A layer whose forward(x, output_size=None) maps a float tensor [N, C, H, W]
            (NCHW) to [N, out_channels, ...], same dtype; output_size picks the output's spatial
            size.

    Example:
        >>> layer = paddle.nn.Conv2DTranspose(2, 3, 3, stride=2, output_padding=1)
        >>> layer(paddle.ones([1, 2, 4, 4])).shape
        paddle.Size([1, 3, 10, 10])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, dilation=1, groups=1, weight_attr=None, bias_attr=None,
                 data_format="NCHW"):
        super().__init__(2, "Conv2DTranspose", in_channels, out_channels, kernel_size, stride,
                         padding, output_padding, dilation, groups, weight_attr, bias_attr,
                         data_format)

    def forward(self, x, output_size=None):
        return F.conv2d_transpose(x, self.weight, self.bias, self._stride, self._padding,
                                  self.output_padding if output_size is None else 0,
                                  self._dilation, self._groups, output_size, self._data_format)


class Conv3DTranspose(_ConvTransposeBase):
    """3-D transposed convolution (F.conv3d_transpose): weight [in_channels,
    out_channels / groups, kd, kh, kw], bias [out_channels].

    Args:
        in_channels (int): The input's number of channels C, a positive int divisible by groups.
        out_channels (int): The output's number of channels, a positive int divisible by groups.
        kernel_size (int|list|tuple): The kernel's size, one int for every dim or 3 ints (d, h, w).
        stride (int|list|tuple, optional): The kernel's step, in the same forms. Default 1.
        padding (int|str|list|tuple, optional): The padding removed from the output: 'SAME',
            'VALID', one int, 3 ints or 6 ints. Default 0.
        output_padding (int|list|tuple, optional): Extra size added at the end of each output dim,
            smaller than max(stride, dilation). Default 0.
        dilation (int|list|tuple, optional): The spacing of the kernel's taps, in the same forms.
            Default 1.
        groups (int, optional): Split the channels into this many groups, each convolved on its own
            (in_channels and out_channels must divide by it). Default 1.
        weight_attr (ParamAttr, optional): The weight's attribute. Default None: XavierUniform.
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False makes a layer without
            bias. Default None: a bias initialized to zeros.
        data_format (str, optional): 'NCDHW' (the default) or 'NDHWC', where the channels are.

    Returns:
        Conv3DTranspose: A layer whose forward(x, output_size=None) maps a float tensor [N, C, D, H,
            W] (NCDHW) to [N, out_channels, ...], same dtype; output_size picks the output's spatial
            size.

    Example:
        >>> layer = paddle.nn.Conv3DTranspose(2, 3, 2)
        >>> layer.weight.shape
        paddle.Size([2, 3, 2, 2, 2])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, dilation=1, groups=1, weight_attr=None, bias_attr=None,
                 data_format="NCDHW"):
        super().__init__(3, "Conv3DTranspose", in_channels, out_channels, kernel_size, stride,
                         padding, output_padding, dilation, groups, weight_attr, bias_attr,
                         data_format)

    def forward(self, x, output_size=None):
        return F.conv3d_transpose(x, self.weight, self.bias, self._stride, self._padding,
                                  self.output_padding if output_size is None else 0,
                                  self._groups, self._dilation, output_size, self._data_format)
