"""rnnt_loss: the RNN transducer loss (the ``warprnnt`` op, which also
computes the gradient)."""
import numbers

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor, op
from ...tensor.math import sum as _sum
from .loss import _reduction

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_warprnnt = op("warprnnt", ["input", "label", "input_lengths", "label_lengths"],
               ["blank", "fastemit_lambda"], ["loss", "warprnntgrad"])


def rnnt_loss(input, label, input_lengths, label_lengths, blank=0,  # noqa: A002
              fastemit_lambda=0.001, reduction="mean", name=None):
    """The RNN transducer loss (Graves, 2012): -log of the total probability
    of all alignments of each label sequence, summed over the T x (U + 1)
    lattice of input steps and emitted labels. input holds log-probabilities
    and is used as given (as PaddlePaddle's CPU kernel: take log_softmax first).

    Args:
        input (Tensor): [B, Tmax, Umax + 1, D] log-probabilities, float32 or float64.
        label (Tensor): [B, Umax] int32 labels (padded past label_lengths).
        input_lengths (Tensor): [B] int32 or int64 numbers of input steps T.
        label_lengths (Tensor): [B] int32 or int64 label lengths U.
        blank (int): the blank class, in [0, D). Default 0.
        fastemit_lambda (float): FastEmit regularization: the gradient of the
            label emissions is scaled by 1 + fastemit_lambda (the loss value is
            unchanged). Default 0.001.
        reduction (str): "mean" (the sum divided by B), "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        Tensor: the loss, 0-D (or [B] for "none"), of input's dtype.

    Example:
        >>> logp = paddle.nn.functional.log_softmax(paddle.zeros([1, 2, 2, 3]), axis=-1)
        >>> loss = paddle.nn.functional.rnnt_loss(logp, paddle.to_tensor([[1]], "int32"),
        ...     paddle.to_tensor([2], "int32"), paddle.to_tensor([1], "int32"),
        ...     fastemit_lambda=0.0)
        >>> round(loss.item(), 4)  # 2 alignments of probability 1/27 each
        2.6027
    """
    fn = "rnnt_loss"
    _reduction(reduction, fn)
    check_tensor(input, "input", fn)
    if not _dtype.is_floating_point(input.dtype):
        raise TypeError(f"[{fn}] input must be a floating-point Tensor, got {input.dtype.name}")
    check_tensor(label, "label", fn)
    if label.dtype.name != "int32":
        raise TypeError(f"[{fn}] label must be an int32 Tensor, got {label.dtype.name}")
    for what, t in (("input_lengths", input_lengths), ("label_lengths", label_lengths)):
        check_tensor(t, what, fn)
        if t.dtype.name not in ("int32", "int64"):
            raise TypeError(f"[{fn}] {what} must be an int32 or int64 Tensor, got {t.dtype.name}")
    if isinstance(blank, bool) or not isinstance(blank, numbers.Integral):
        raise TypeError(f"[{fn}] blank must be an int, got {type(blank).__name__}")
    loss, _ = _warprnnt(input, label, input_lengths, label_lengths, int(blank),
                        float(fastemit_lambda))
    if reduction == "mean":
        return _sum(loss) / input.shape[0]
    if reduction == "sum":
        return _sum(loss)
    return loss
