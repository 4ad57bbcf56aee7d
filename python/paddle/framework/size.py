"""paddle.Size: what Tensor.shape returns, a list of ints printed as PaddlePaddle prints it."""
import math

from .. import _core


class Size(list):
    """The shape of a Tensor: a list of ints (compares equal to the plain list).

    Args:
        iterable (iterable, optional): The dims, ints. Default () (a 0-D shape).

    Example:
        >>> paddle.ones([2, 3]).shape
        paddle.Size([2, 3])
    """

    def __repr__(self):
        return f"paddle.Size({list.__repr__(self)})"

    __str__ = __repr__

    def numel(self):
        """The number of elements a tensor of this shape holds."""
        return math.prod(self)


Size.__module__ = "paddle"
_core._set_size_type(Size)
