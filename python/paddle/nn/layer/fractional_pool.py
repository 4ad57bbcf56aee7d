"""FractionalMaxPool2D and FractionalMaxPool3D: the layers of
nn/functional/fractional_pool.py."""
from ..functional import fractional_pool as _fp
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class _FractionalMaxPool(Layer):
    _pool = None  # the functional form, set by each subclass

    def __init__(self, output_size, kernel_size=None, random_u=None, return_mask=False,
                 name=None):
        super().__init__()
        self._output_size = output_size
        self._kernel_size = kernel_size
        self._random_u = random_u
        self._return_mask = return_mask
        self._name = name

    def forward(self, x):
        return type(self)._pool(x, self._output_size, self._kernel_size, self._random_u,
                                self._return_mask)

    def extra_repr(self):
        return f"output_size={self._output_size}, return_mask={self._return_mask}"


class FractionalMaxPool2D(_FractionalMaxPool):
    """Fractional max pooling of [N, C, H, W] inputs (see
    paddle.nn.functional.fractional_max_pool2d).

    Args:
        output_size (int|list|tuple): (H, W) of the output.
        kernel_size (int|list|tuple): the window size; None for disjoint windows. Default None.
        random_u (float): u in (0, 1); None draws it on each call. Default None.
        return_mask (bool): also return the maxima's indices. Default False.
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.fractional_max_pool2d.

    Example:
        >>> pool = paddle.nn.FractionalMaxPool2D(output_size=3, random_u=0.3)
        >>> pool(paddle.rand([2, 3, 7, 7])).shape
        paddle.Size([2, 3, 3, 3])
    """

    _pool = _fp.fractional_max_pool2d


class FractionalMaxPool3D(_FractionalMaxPool):
    """Fractional max pooling of [N, C, D, H, W] inputs (see
    paddle.nn.functional.fractional_max_pool3d).

    Args:
        output_size (int|list|tuple): (D, H, W) of the output.
        kernel_size (int|list|tuple): the window size; None for disjoint windows. Default None.
        random_u (float): u in (0, 1); None draws it on each call. Default None.
        return_mask (bool): also return the maxima's indices. Default False.
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.fractional_max_pool3d.

    Example:
        >>> pool = paddle.nn.FractionalMaxPool3D(output_size=[2, 3, 3], kernel_size=2)
        >>> pool(paddle.rand([1, 2, 6, 7, 7])).shape
        paddle.Size([1, 2, 2, 3, 3])
    """

    _pool = _fp.fractional_max_pool3d
