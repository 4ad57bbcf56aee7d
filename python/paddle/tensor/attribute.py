"""Attributes of a tensor as tensors: shape."""
import numpy as np

from ._helpers import Tensor, check_tensor, op

__all__ = ["shape"]

_shape = op("shape", ["Input"])


def shape(input):  # noqa: A002  (PaddlePaddle's name)
    """The shape of ``input`` as a 1-D int64 tensor.

    Args:
        input (Tensor): The input, a Tensor of any dtype (in a static program, its dims are
            read when the program runs).

    Returns:
        Tensor: A 1-D int64 Tensor of length input.ndim.

    Example:
        >>> paddle.shape(paddle.ones([2, 3])).numpy()
        array([2, 3])
    """
    check_tensor(input, "input", "shape")
    if input._static_ref() is not None:
        return _shape(input)  # a static program's dims are known when it runs
    return Tensor._from_numpy(np.array(input.shape, dtype=np.int64))
