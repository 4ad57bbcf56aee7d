"""1-D and 3-D pooling layers: MaxPool1D/3D, AvgPool1D/3D,
AdaptiveAvgPool1D/3D, AdaptiveMaxPool1D/3D (see their functionals)."""
from .. import functional as F
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class MaxPool1D(Layer):
    """The maximum over each kernel_size window of [N, C, L] (see F.max_pool1d).

    Args:
        kernel_size (int): The window's size.
        stride (int, optional): The window's step. Default None: kernel_size.
        padding (str|int|list|tuple, optional): 'SAME', 'VALID', one int for every side, or a list
            of 1 int or 2 ints (begin, end). Default 0.
        return_mask (bool, optional): Also return each maximum's index into the flattened L dims
            (int32). Default False.
        ceil_mode (bool, optional): Round the output size up instead of down. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        MaxPool1D: A layer whose forward maps a float32/float64 tensor [N, C, L] to the pooled
            tensor of the same dtype (and, with return_mask, the indices).

    Example:
        >>> paddle.nn.MaxPool1D(2)(paddle.ones([1, 3, 8])).shape
        paddle.Size([1, 3, 4])
    """

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 name=None):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.return_mask, self.ceil_mode, self.name = return_mask, ceil_mode, name

    def forward(self, x):
        return F.max_pool1d(x, self.kernel_size, self.stride, self.padding, self.return_mask,
                            self.ceil_mode)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool1D(Layer):
    """The mean over each kernel_size window of [N, C, L] (see F.avg_pool1d).

    Args:
        kernel_size (int): The window's size.
        stride (int, optional): The window's step. Default None: kernel_size.
        padding (str|int|list|tuple, optional): 'SAME', 'VALID', one int for every side, or a list
            of 1 int or 2 ints (begin, end). Default 0.
        exclusive (bool, optional): Leave the padding out of each window's count. Default True.
        ceil_mode (bool, optional): Round the output size up instead of down. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        AvgPool1D: A layer whose forward maps a float32/float64 tensor [N, C, L] to the pooled
            tensor of the same dtype.

    Example:
        >>> paddle.nn.AvgPool1D(2)(paddle.ones([1, 3, 8])).shape
        paddle.Size([1, 3, 4])
    """

    def __init__(self, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False,
                 name=None):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.exclusive, self.ceil_mode, self.name = exclusive, ceil_mode, name

    def forward(self, x):
        return F.avg_pool1d(x, self.kernel_size, self.stride, self.padding, self.exclusive,
                            self.ceil_mode)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxPool3D(Layer):
    """The maximum over each kernel_size window of a volume (see F.max_pool3d).

    Args:
        kernel_size (int|list|tuple): The window's size, one int for every dim or 3 ints (d, h, w).
        stride (int|list|tuple, optional): The window's step (same forms). Default None:
            kernel_size.
        padding (str|int|list|tuple, optional): 'SAME', 'VALID', one int for every side, 3 ints (one
            per spatial dim) or 6 ints (begin and end of each). Default 0.
        return_mask (bool, optional): Also return each maximum's index into the flattened D * H * W
            dims (int32). Default False.
        ceil_mode (bool, optional): Round the output size up instead of down. Default False.
        data_format (str, optional): 'NCDHW' (the default) or 'NDHWC'; return_mask needs 'NCDHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        MaxPool3D: A layer whose forward maps a float32/float64 tensor [N, C, D, H, W] to the pooled
            tensor of the same dtype (and, with return_mask, the indices).

    Example:
        >>> paddle.nn.MaxPool3D(2)(paddle.ones([1, 2, 4, 4, 4])).shape
        paddle.Size([1, 2, 2, 2, 2])
    """

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format="NCDHW", name=None):
        super().__init__()
        self.ksize, self.stride, self.padding = kernel_size, stride, padding
        self.return_mask, self.ceil_mode = return_mask, ceil_mode
        self.data_format, self.name = data_format, name

    def forward(self, x):
        return F.max_pool3d(x, self.ksize, self.stride, self.padding, self.return_mask,
                            self.ceil_mode, self.data_format)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class AvgPool3D(Layer):
    """The mean over each kernel_size window of a volume (see F.avg_pool3d).

    Args:
        kernel_size (int|list|tuple): The window's size, one int for every dim or 3 ints (d, h, w).
        stride (int|list|tuple, optional): The window's step (same forms). Default None:
            kernel_size.
        padding (str|int|list|tuple, optional): 'SAME', 'VALID', one int for every side, 3 ints (one
            per spatial dim) or 6 ints (begin and end of each). Default 0.
        ceil_mode (bool, optional): Round the output size up instead of down. Default False.
        exclusive (bool, optional): Leave the padding out of each window's count. Default True.
        divisor_override (float, optional): Divide each window's sum by this instead of the count.
            Default None.
        data_format (str, optional): 'NCDHW' (the default) or 'NDHWC'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        AvgPool3D: A layer whose forward maps a float32/float64 tensor [N, C, D, H, W] to the pooled
            tensor of the same dtype.

    Example:
        >>> paddle.nn.AvgPool3D(2)(paddle.ones([1, 2, 4, 4, 4])).shape
        paddle.Size([1, 2, 2, 2, 2])
    """

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
                 divisor_override=None, data_format="NCDHW", name=None):
        super().__init__()
        self.ksize, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.exclusive, self.divisor = ceil_mode, exclusive, divisor_override
        self.data_format, self.name = data_format, name

    def forward(self, x):
        return F.avg_pool3d(x, self.ksize, self.stride, self.padding, self.ceil_mode,
                            self.exclusive, self.divisor, self.data_format)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool1D(Layer):
    """The mean over output_size windows that tile L (see F.adaptive_avg_pool1d).

    Args:
        output_size (int): The output length L_out, a positive int.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        AdaptiveAvgPool1D: A layer whose forward maps a float32/float64 tensor [N, C, L] to one of
            output_size's spatial size, same dtype.

    Example:
        >>> paddle.nn.AdaptiveAvgPool1D(2)(paddle.ones([1, 3, 7])).shape
        paddle.Size([1, 3, 2])
    """

    def __init__(self, output_size, name=None):
        super().__init__()
        self.output_size, self.name = output_size, name

    def forward(self, x):
        return F.adaptive_avg_pool1d(x, self.output_size)

    def extra_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveMaxPool1D(Layer):
    """The maximum over output_size windows that tile L (see F.adaptive_max_pool1d).

    Args:
        output_size (int): The output length L_out, a positive int.
        return_mask (bool, optional): Also return each maximum's index into the flattened L dims
            (int32). Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        AdaptiveMaxPool1D: A layer whose forward maps a float32/float64 tensor [N, C, L] (NC first)
            to one of output_size's spatial size, same dtype (and, with return_mask, the indices).

    Example:
        >>> paddle.nn.AdaptiveMaxPool1D(2)(paddle.ones([1, 3, 7])).shape
        paddle.Size([1, 3, 2])
    """

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__()
        self.output_size, self.return_mask, self.name = output_size, return_mask, name

    def forward(self, x):
        return F.adaptive_max_pool1d(x, self.output_size, self.return_mask)

    def extra_repr(self):
        return f"output_size={self.output_size}, return_mask={self.return_mask}"


class AdaptiveAvgPool3D(Layer):
    """The mean over windows that tile a volume into output_size cells.

    Args:
        output_size (int|list|tuple): The output's (d, h, w), one int for every dim or 3 values,
            where None keeps that input dim.
        data_format (str, optional): 'NCDHW' (the default) or 'NDHWC'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        AdaptiveAvgPool3D: A layer whose forward maps a float32/float64 tensor [N, C, D, H, W] to
            one of output_size's spatial size, same dtype.

    Example:
        >>> paddle.nn.AdaptiveAvgPool3D(1)(paddle.ones([1, 3, 4, 5, 6])).shape
        paddle.Size([1, 3, 1, 1, 1])
    """

    def __init__(self, output_size, data_format="NCDHW", name=None):
        super().__init__()
        self._output_size, self._data_format, self._name = output_size, data_format, name

    def forward(self, x):
        return F.adaptive_avg_pool3d(x, self._output_size, self._data_format)

    def extra_repr(self):
        return f"output_size={self._output_size}"


class AdaptiveMaxPool3D(Layer):
    """The maximum over windows that tile a volume into output_size cells.

    Args:
        output_size (int|list|tuple): The output's (d, h, w), one int for every dim or 3 values,
            where None keeps that input dim.
        return_mask (bool, optional): Also return each maximum's index into the flattened D * H * W
            dims (int32). Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        AdaptiveMaxPool3D: A layer whose forward maps a float32/float64 tensor [N, C, D, H, W] (NC
            first) to one of output_size's spatial size, same dtype (and, with return_mask, the
            indices).

    Example:
        >>> paddle.nn.AdaptiveMaxPool3D(1)(paddle.ones([1, 3, 4, 5, 6])).shape
        paddle.Size([1, 3, 1, 1, 1])
    """

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__()
        self._output_size, self._return_mask, self._name = output_size, return_mask, name

    def forward(self, x):
        return F.adaptive_max_pool3d(x, self._output_size, self._return_mask)

    def extra_repr(self):
        return f"output_size={self._output_size}, return_mask={self._return_mask}"
