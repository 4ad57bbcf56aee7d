"""fused_dropout_add: dropout(x) + y."""
from ....nn import functional as F
from ....tensor._helpers import check_tensor
from ._checks import check_mode, check_rate

__all__ = []


def fused_dropout_add(x, y, p=0.5, training=True, mode="upscale_in_train", name=None):
    """``dropout(x, p, training, mode) + y``.

    Args:
        x (Tensor): The input to drop out.
        y (Tensor): The tensor added, of x's shape and dtype.
        p (float, optional): The probability of zeroing an element, in [0, 1]. Default 0.5.
        training (bool, optional): Drop out (True, the default) or not.
        mode (str, optional): 'upscale_in_train' (the default: kept elements scaled by
            1 / (1 - p) in training) or 'downscale_in_infer' (outputs scaled by 1 - p at
            inference).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: Of x's shape and dtype.

    Example:
        >>> from paddle.incubate.nn.functional import fused_dropout_add
        >>> x, y = paddle.ones([2]), paddle.ones([2])
        >>> fused_dropout_add(x, y, p=0.5, training=False).numpy()
        array([2., 2.], dtype=float32)
    """
    fn = "fused_dropout_add"
    check_tensor(x, "x", fn)
    check_tensor(y, "y", fn)
    if x.shape != y.shape:
        raise ValueError(f"[{fn}] y must have x's shape {x.shape}, got {y.shape}")
    check_rate(p, "p", fn)
    check_mode(mode, fn)
    return F.dropout(x, p, training=training, mode=mode) + y
