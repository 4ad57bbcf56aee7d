"""LPPool1D and LPPool2D: the layers of nn/functional/lp_pool.py."""
from ..functional import lp_pool as _lp
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class _LPPool(Layer):
    def __init__(self, norm_type, kernel_size, stride, padding, ceil_mode, data_format, name):
        super().__init__()
        self.norm_type = float(norm_type)
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.data_format = data_format
        self.name = name

    def extra_repr(self):
        return (f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, "
                f"stride={self.stride}, padding={self.padding}")


class LPPool1D(_LPPool):
    """The power-average pooling of [N, C, L] inputs (see paddle.nn.functional.lp_pool1d).

    Args:
        norm_type (float): the exponent p, not 0.
        kernel_size (int|list): the window length.
        stride (int|list): the step, or None for kernel_size. Default None.
        padding (int|list|str): as in AvgPool1D. Default 0.
        ceil_mode (bool): round the output size up. Default False.
        data_format (str): "NCL" or "NLC". Default "NCL".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.lp_pool1d.

    Example:
        >>> paddle.nn.LPPool1D(2, 3)(paddle.ones([1, 2, 9])).shape
        paddle.Size([1, 2, 3])
    """

    def __init__(self, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
                 data_format="NCL", name=None):
        super().__init__(norm_type, kernel_size, stride, padding, ceil_mode, data_format, name)

    def forward(self, x):
        return _lp.lp_pool1d(x, self.norm_type, self.kernel_size, self.stride, self.padding,
                             self.ceil_mode, self.data_format)


class LPPool2D(_LPPool):
    """The power-average pooling of [N, C, H, W] inputs (see paddle.nn.functional.lp_pool2d).

    Args:
        norm_type (float): the exponent p, not 0.
        kernel_size (int|list): the window [kh, kw] (or one int for both).
        stride (int|list): the step, or None for kernel_size. Default None.
        padding (int|list|str): as in AvgPool2D. Default 0.
        ceil_mode (bool): round the output size up. Default False.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.lp_pool2d.

    Example:
        >>> paddle.nn.LPPool2D(2, 2)(paddle.ones([1, 2, 4, 6])).shape
        paddle.Size([1, 2, 2, 3])
    """

    def __init__(self, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
                 data_format="NCHW", name=None):
        super().__init__(norm_type, kernel_size, stride, padding, ceil_mode, data_format, name)

    def forward(self, x):
        return _lp.lp_pool2d(x, self.norm_type, self.kernel_size, self.stride, self.padding,
                             self.ceil_mode, self.data_format)
