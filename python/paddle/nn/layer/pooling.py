"""2-D pooling layers: MaxPool2D, AvgPool2D, AdaptiveAvgPool2D, AdaptiveMaxPool2D."""
from .. import functional as F
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class MaxPool2D(Layer):
    """The maximum over each kernel_size window (see F.max_pool2d).

    Args:
        kernel_size (int|list|tuple): The window's size, one int for every dim or 2 ints (h, w).
        stride (int|list|tuple, optional): The window's step (same forms). Default None:
            kernel_size.
        padding (str|int|list|tuple, optional): 'SAME', 'VALID', one int for every side, 2 ints (one
            per spatial dim) or 4 ints (begin and end of each). Default 0.
        return_mask (bool, optional): Also return each maximum's index into the flattened H * W dims
            (int32). Default False.
        ceil_mode (bool, optional): Round the output size up instead of down. Default False.
        data_format (str, optional): 'NCHW' (the default) or 'NHWC'; return_mask needs 'NCHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        MaxPool2D: A layer whose forward maps a float32/float64 tensor [N, C, H, W] to the pooled
            tensor of the same dtype (and, with return_mask, the indices).

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

    Args:
        kernel_size (int|list|tuple): The window's size, one int for every dim or 2 ints (h, w).
        stride (int|list|tuple, optional): The window's step (same forms). Default None:
            kernel_size.
        padding (str|int|list|tuple, optional): 'SAME', 'VALID', one int for every side, 2 ints (one
            per spatial dim) or 4 ints (begin and end of each). Default 0.
        ceil_mode (bool, optional): Round the output size up instead of down. Default False.
        exclusive (bool, optional): Leave the padding out of each window's count. Default True.
        divisor_override (float, optional): Divide each window's sum by this instead of the count.
            Default None.
        data_format (str, optional): 'NCHW' (the default) or 'NHWC'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        AvgPool2D: A layer whose forward maps a float32/float64 tensor [N, C, H, W] to the pooled
            tensor of the same dtype.

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

    Args:
        output_size (int|list|tuple): The output's (h, w), one int for every dim or 2 values, where
            None keeps that input dim.
        data_format (str, optional): 'NCHW' (the default) or 'NHWC'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        AdaptiveAvgPool2D: A layer whose forward maps a float32/float64 tensor [N, C, H, W] to one
            of output_size's spatial size, same dtype.

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

    Args:
        output_size (int|list|tuple): The output's (h, w), one int for every dim or 2 values, where
            None keeps that input dim.
        return_mask (bool, optional): Also return each maximum's index into the flattened H * W dims
            (int32). Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        AdaptiveMaxPool2D: A layer whose forward maps a float32/float64 tensor [N, C, H, W] (NC
            first) to one of output_size's spatial size, same dtype (and, with return_mask, the
            indices).

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
