"""zeropad2d: constant-zero padding of the two spatial dims of a 4-D input."""
from .common import pad

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def zeropad2d(x, padding, data_format="NCHW", name=None):
    """Pads a 4-D x with zeros: padding = [left, right, top, bottom].

    Args:
        x (Tensor): a 4-D input, NCHW or NHWC.
        padding (list|tuple): four ints [left, right, top, bottom].
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: x padded with zeros.

    Example:
        >>> y = paddle.nn.functional.zeropad2d(paddle.ones([1, 1, 1, 2]), [1, 0, 0, 1])
        >>> y.numpy()[0, 0]
        array([[0., 1., 1.],
               [0., 0., 0.]], dtype=float32)
    """
    if x is not None and getattr(x, "ndim", 4) != 4:
        raise ValueError(f"[zeropad2d] x must be 4-D, got shape {x.shape}")
    return pad(x, padding, mode="constant", value=0.0, data_format=data_format)
