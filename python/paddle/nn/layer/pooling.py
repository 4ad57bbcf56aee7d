"""2-D pooling layers: MaxPool2D, AvgPool2D, AdaptiveAvgPool2D, AdaptiveMaxPool2D."""
from .. import functional as F
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class MaxPool2D(Layer):
    """The maximum over each kernel_size window (see F.max_pool2d).

    Example:
        >>> paddle.nn.MaxPool2D(2)(paddle.ones([1, 3, 8, 8])).shape
        paddle.Size([1, 3, 4, 4])
    """

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format="NCHW", name=None):
        super().__init__()
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.return_mask = return_mask
        self.ceil_mode = ceil_mode
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return F.max_pool2d(x, self.ksize, self.stride, self.padding, self.return_mask,
                            self.ceil_mode, self.data_format)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class AvgPool2D(Layer):
    """The mean over each kernel_size window (see F.avg_pool2d).

    Example:
        >>> paddle.nn.AvgPool2D(2)(paddle.ones([1, 3, 8, 8])).shape
        paddle.Size([1, 3, 4, 4])
    """

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
                 divisor_override=None, data_format="NCHW", name=None):
        super().__init__()
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.exclusive = exclusive
        self.divisor = divisor_override
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return F.avg_pool2d(x, self.ksize, self.stride, self.padding, self.ceil_mode,
                            self.exclusive, self.divisor, self.data_format)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool2D(Layer):
    """The mean over windows that tile the image into output_size cells.

    Example:
        >>> paddle.nn.AdaptiveAvgPool2D(1)(paddle.ones([2, 3, 7, 7])).shape
        paddle.Size([2, 3, 1, 1])
    """

    def __init__(self, output_size, data_format="NCHW", name=None):
        super().__init__()
        self._output_size = output_size
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.adaptive_avg_pool2d(x, self._output_size, self._data_format)

    def extra_repr(self):
        return f"output_size={self._output_size}"


class AdaptiveMaxPool2D(Layer):
    """The maximum over windows that tile the image into output_size cells.

    Example:
        >>> paddle.nn.AdaptiveMaxPool2D([2, 2])(paddle.ones([2, 3, 7, 7])).shape
        paddle.Size([2, 3, 2, 2])
    """

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__()
        self._output_size = output_size
        self._return_mask = return_mask
        self._name = name

    def forward(self, x):
        return F.adaptive_max_pool2d(x, self._output_size, self._return_mask)

    def extra_repr(self):
        return f"output_size={self._output_size}, return_mask={self._return_mask}"
