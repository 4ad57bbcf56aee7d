"""paddle.incubate.identity_loss: marks the loss (PaddlePaddle's IPU
backends start backpropagation there); elsewhere it is the loss reduced, by the
identity_loss op (core/ops/identity_loss_op.cc)."""
from ...tensor._helpers import check_tensor, op

__all__ = []

_REDUCTIONS = {"sum": 0, "mean": 1, "none": 2}
_identity_loss = op("identity_loss", ["X"], ["reduction"])


def identity_loss(x, reduction="none"):
    """The loss ``x`` reduced: its sum, its mean, or itself.

    Args:
        x (Tensor): The loss, float32 or float64.
        reduction (str|int, optional): 'sum' (or 0), 'mean' (or 1) or 'none' (or 2, the
            default).

    Returns:
        Tensor: A 0-D Tensor for 'sum' and 'mean', else x.

    Example:
        >>> loss = paddle.to_tensor([1.0, 2.0, 3.0])
        >>> paddle.incubate.identity_loss(loss, reduction="mean").numpy()
        array(2., dtype=float32)
    """
    check_tensor(x, "x", "identity_loss")
    if isinstance(reduction, str):
        if reduction.lower() not in _REDUCTIONS:
            raise TypeError(f"[identity_loss] Unsupported reduction type {reduction!r}: use "
                            "'sum', 'mean' or 'none'")
        reduction = _REDUCTIONS[reduction.lower()]
    if reduction not in (0, 1, 2) or isinstance(reduction, bool):
        raise ValueError(f"[identity_loss] reduction should be 0, 1 and 2, got {reduction!r}")
    if x.dtype.name not in ("float32", "float64"):
        raise TypeError(f"[identity_loss] x must be float32 or float64, got {x.dtype.name}")
    return _identity_loss(x, int(reduction))
