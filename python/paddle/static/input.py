"""paddle.static.InputSpec: the shape, dtype and name of a model input."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype

__all__ = ["InputSpec"]


def shape_dims(shape, fn, allow_unknown):
    """A shape (an int, list or tuple) as a list of ints; None or -1 mean a
    size known only at run time where ``allow_unknown``."""
    if isinstance(shape, numbers.Integral):
        shape = [shape]
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"[{fn}] shape must be a list or tuple, got {type(shape).__name__}")
    dims = []
    for d in shape:
        if d is None and allow_unknown:
            d = -1
        if (not isinstance(d, (numbers.Integral, np.integer)) or isinstance(d, bool)
                or d < (-1 if allow_unknown else 0)):
            raise ValueError(f"[{fn}] each dim must be {'None, -1 or ' if allow_unknown else ''}"
                             f"a non-negative int, got {d!r} in {list(shape)}")
        dims.append(int(d))
    return dims


class InputSpec:
    """Describes one input of a model: its shape (None or -1 for a dim known
    only at run time, such as the batch), dtype and name.

    Args:
        shape (list|tuple): the dims; None or -1 where variable.
        dtype (str|paddle.dtype): the element type (default float32).
        name (str, optional): the input's name in the saved program.
        stop_gradient (bool): whether the input needs no gradient.

    Example:
        >>> spec = paddle.static.InputSpec(shape=[None, 784], dtype="float32", name="x")
        >>> spec.shape
        (-1, 784)
    """

    def __init__(self, shape, dtype="float32", name=None, stop_gradient=False):
        self.shape = tuple(shape_dims(shape, "InputSpec", allow_unknown=True))
        self.dtype = _dtype.convert_dtype(dtype)
        self.name = name
        self.stop_gradient = stop_gradient

    @classmethod
    def from_tensor(cls, tensor, name=None):
        """The spec of an existing tensor (its shape, dtype and name).

        Example:
            >>> paddle.static.InputSpec.from_tensor(paddle.ones([2, 3])).shape
            (2, 3)
        """
        return cls(tensor.shape, tensor.dtype, name or tensor.name)

    @classmethod
    def from_numpy(cls, ndarray, name=None):
        """The spec of a numpy array.

        Example:
            >>> paddle.static.InputSpec.from_numpy(np.ones((2, 3), "float32")).shape
            (2, 3)
        """
        return cls(ndarray.shape, ndarray.dtype, name)

    def batch(self, batch_size):
        """A spec with a leading batch dim of ``batch_size`` inserted.

        Example:
            >>> paddle.static.InputSpec([3]).batch(8).shape
            (8, 3)
        """
        return InputSpec((batch_size,) + self.shape, self.dtype, self.name, self.stop_gradient)

    def unbatch(self):
        """A spec without the leading dim.

        Example:
            >>> paddle.static.InputSpec([8, 3]).unbatch().shape
            (3,)
        """
        if not self.shape:
            raise ValueError("[InputSpec] unbatch() of a spec with no dims")
        return InputSpec(self.shape[1:], self.dtype, self.name, self.stop_gradient)

    def __repr__(self):
        return f"InputSpec(shape={self.shape}, dtype={self.dtype}, name={self.name}, " \
               f"stop_gradient={self.stop_gradient})"

    def __eq__(self, other):
        return isinstance(other, InputSpec) and (self.shape, self.dtype, self.name) == \
            (other.shape, other.dtype, other.name)

    def __hash__(self):
        return hash((self.shape, self.dtype, self.name))
