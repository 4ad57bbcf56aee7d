"""MaxUnPool1D/2D/3D: the layers of nn/functional/max_unpool.py."""
from ..functional import max_unpool as _mu
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class _MaxUnPool(Layer):
    _fn = None

    def __init__(self, kernel_size, stride, padding, data_format, output_size, name):
        super().__init__()
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.data_format = data_format
        self.output_size = output_size
        self.name = name

    def forward(self, x, indices):
        return type(self)._fn(x, indices, self.ksize, self.stride, self.padding,
                              self.data_format, self.output_size)

    def extra_repr(self):
        return f"output_size={self.output_size}"


class MaxUnPool1D(_MaxUnPool):
    """Undoes MaxPool1D(return_mask=True): see paddle.nn.functional.max_unpool1d.

    Args:
        kernel_size (int|list): the pooling window.
        stride (int|list): the pooling step, or None for kernel_size. Default None.
        padding (int|list): the pooling padding. Default 0.
        data_format (str): "NCL". Default "NCL".
        output_size (list|tuple): the output's length, or None. Default None.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x, indices) applies paddle.nn.functional.max_unpool1d.

    Example:
        >>> x = paddle.rand([1, 2, 8])
        >>> pooled, mask = paddle.nn.functional.max_pool1d(x, 2, return_mask=True)
        >>> paddle.nn.MaxUnPool1D(2)(pooled, mask).shape
        paddle.Size([1, 2, 8])
    """
    _fn = _mu.max_unpool1d

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCL", output_size=None,
                 name=None):
        super().__init__(kernel_size, stride, padding, data_format, output_size, name)


class MaxUnPool2D(_MaxUnPool):
    """Undoes MaxPool2D(return_mask=True): see paddle.nn.functional.max_unpool2d.

    Args:
        kernel_size (int|list): the pooling window.
        stride (int|list): the pooling step, or None for kernel_size. Default None.
        padding (int|list): the pooling padding. Default 0.
        data_format (str): "NCHW". Default "NCHW".
        output_size (list|tuple): the output's [H, W], or None. Default None.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x, indices) applies paddle.nn.functional.max_unpool2d.

    Example:
        >>> x = paddle.rand([1, 2, 4, 6])
        >>> pooled, mask = paddle.nn.functional.max_pool2d(x, 2, return_mask=True)
        >>> paddle.nn.MaxUnPool2D(2)(pooled, mask).shape
        paddle.Size([1, 2, 4, 6])
    """
    _fn = _mu.max_unpool2d

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCHW",
                 output_size=None, name=None):
        super().__init__(kernel_size, stride, padding, data_format, output_size, name)


class MaxUnPool3D(_MaxUnPool):
    """Undoes MaxPool3D(return_mask=True): see paddle.nn.functional.max_unpool3d.

    Args:
        kernel_size (int|list): the pooling window.
        stride (int|list): the pooling step, or None for kernel_size. Default None.
        padding (int|list): the pooling padding. Default 0.
        data_format (str): "NCDHW". Default "NCDHW".
        output_size (list|tuple): the output's [D, H, W], or None. Default None.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x, indices) applies paddle.nn.functional.max_unpool3d.

    Example:
        >>> x = paddle.rand([1, 1, 2, 4, 4])
        >>> pooled, mask = paddle.nn.functional.max_pool3d(x, 2, return_mask=True)
        >>> paddle.nn.MaxUnPool3D(2)(pooled, mask).shape
        paddle.Size([1, 1, 2, 4, 4])
    """
    _fn = _mu.max_unpool3d

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCDHW",
                 output_size=None, name=None):
        super().__init__(kernel_size, stride, padding, data_format, output_size, name)
