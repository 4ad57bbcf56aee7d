"""rms_norm: each row of the trailing normalized_shape dims divided by its
root mean square and scaled (the ``rms_norm`` op; its gradient is the op's)."""
import numbers

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor, op

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_rms_norm = op("rms_norm", ["x", "scale"], ["normalized_shape", "epsilon"], ["y", "invvar"])


def rms_norm(input, normalized_shape, weight=None, eps=1e-5, name=None):  # noqa: A002
    """Root mean square normalization over the trailing ``normalized_shape``
    dims of input: out = input / sqrt(mean(input^2) + eps) * weight, each
    mean taken over one row of prod(normalized_shape) values.

    Args:
        input (Tensor): the input, float32 or float64, ending in normalized_shape.
        normalized_shape (int|list|tuple): the trailing dims normalized together.
        weight (Tensor): the scale, prod(normalized_shape) values; None scales
            by 1. Default None.
        eps (float): added to the mean square. Default 1e-05.
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        tuple: (out, invvar): out with input's shape and dtype, and invvar, the
        float32 1 / rms of each row, of input's leading dims.

    Example:
        >>> x = paddle.to_tensor([[3.0, 4.0], [1.0, 1.0]])
        >>> out, invvar = paddle.nn.functional.rms_norm(x, [2])
        >>> out.numpy().round(4)
        array([[0.8485, 1.1314],
               [1.    , 1.    ]], dtype=float32)
        >>> invvar.shape
        paddle.Size([2])
    """
    fn = "rms_norm"
    check_tensor(input, "input", fn)
    if not _dtype.is_floating_point(input.dtype):
        raise TypeError(f"[{fn}] input must be a floating-point Tensor, got {input.dtype.name}")
    if isinstance(normalized_shape, numbers.Integral):
        normalized_shape = [normalized_shape]
    if not isinstance(normalized_shape, (list, tuple)) or not all(
            isinstance(d, numbers.Integral) and not isinstance(d, bool) for d in normalized_shape):
        raise TypeError(f"[{fn}] normalized_shape must be an int or a list of ints, got "
                        f"{normalized_shape!r}")
    dims = [int(d) for d in normalized_shape]
    if not dims or len(dims) > input.ndim or list(input.shape[input.ndim - len(dims):]) != dims:
        raise ValueError(f"[{fn}] input {list(input.shape)} must end in normalized_shape {dims}")
    if weight is not None:
        check_tensor(weight, "weight", fn)
        if weight.dtype != input.dtype:
            raise TypeError(f"[{fn}] weight must have input's dtype {input.dtype.name}, got "
                            f"{weight.dtype.name}")
    return _rms_norm(input, weight, dims, float(eps))
