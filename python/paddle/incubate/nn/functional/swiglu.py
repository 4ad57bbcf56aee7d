"""swiglu: silu(x) * y, or with one input its two halves."""
from ....nn import functional as F
from ....tensor.manipulation import chunk
from ._checks import check_float

__all__ = []


def swiglu(x, y=None, name=None):
    """SwiGLU: ``silu(x) * y``; without ``y``, x's last axis is split in half
    and the first half gates the second.

    Args:
        x (Tensor): float32 or float64; without y its last dim must be even.
        y (Tensor, optional): Of x's shape and dtype. Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: x's shape (halved in the last dim without y), x's dtype.

    Example:
        >>> from paddle.incubate.nn.functional import swiglu
        >>> swiglu(paddle.to_tensor([0.0, 3.0])).numpy()
        array([0.], dtype=float32)
    """
    check_float(x, "x", "swiglu")
    if y is None:
        if x.ndim == 0 or x.shape[-1] % 2:
            raise ValueError(f"[swiglu] without y, x's last dim must be even, got shape "
                             f"{x.shape}")
        x, y = chunk(x, 2, axis=-1)
    else:
        check_float(y, "y", "swiglu")
        if y.shape != x.shape or y.dtype != x.dtype:
            raise ValueError(f"[swiglu] y must have x's shape {x.shape} and dtype "
                             f"{x.dtype.name}, got {y.shape} {y.dtype.name}")
    return F.silu(x) * y
