"""ctc_loss: the connectionist temporal classification loss by the forward
(alpha) recursion over time in log space, vectorized over the batch and the
blank-extended label positions; gradients come through autograd."""
import numpy as np

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.creation import full, to_tensor
from ...tensor.gather_scatter import _take_along_axis
from ...tensor.layout import expand
from ...tensor.manipulation import cast, concat, reshape, unsqueeze
from ...tensor.math import exp, log, max as _max, mean, sum as _sum
from ...tensor.search import where
from .activation import log_softmax
from .loss import _reduction

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_NEG = -1e30  # log(0) that keeps sums finite


def _logsumexp3(a, b, c):
    """log(exp(a) + exp(b) + exp(c)), shifted by the largest (static mode too)."""
    top = _max(concat([unsqueeze(a, 0), unsqueeze(b, 0), unsqueeze(c, 0)], 0), axis=0)
    top.stop_gradient = True  # a shift: any value gives the same result
    return log(exp(a - top) + exp(b - top) + exp(c - top)) + top


def _shift(alpha, steps):
    """alpha [N, S] moved right by ``steps`` positions, log(0) entering."""
    filler = full([alpha.shape[0], steps], _NEG, alpha.dtype)
    return concat([filler, alpha[:, :alpha.shape[1] - steps]], 1)


def ctc_loss(log_probs, labels, input_lengths, label_lengths, blank=0, reduction="mean",
             norm_by_times=False, zero_infinity=False):
    """The CTC loss of unnormalized scores log_probs [T, N, C] (a log softmax
    is taken over C, as PaddlePaddle's warpctc does) and padded labels [N, L]:
    -log of the total probability of the alignments of each label sequence.

    Args:
        log_probs (Tensor): [T, N, C] floating-point scores, blank included.
        labels (Tensor): [N, L] int32 label ids (padded past label_lengths).
        input_lengths (Tensor): [N] int64 numbers of time steps used.
        label_lengths (Tensor): [N] int64 label lengths.
        blank (int): the blank's class. Default 0.
        reduction (str): "mean" (each loss divided by its label length, then
            averaged), "sum" or "none". Default "mean".
        norm_by_times (bool): divide the gradient (not the loss) by the number of
            time steps, as warpctc. Default False.
        zero_infinity (bool): impossible alignments give 0 instead of inf. Default False.

    Returns:
        Tensor: the loss, a scalar (or [N] for "none").

    Example:
        >>> scores = paddle.zeros([2, 1, 2])
        >>> loss = paddle.nn.functional.ctc_loss(scores, paddle.to_tensor([[1]], "int32"),
        ...     paddle.to_tensor([2]), paddle.to_tensor([1]), reduction="none")
        >>> round(loss.item(), 4)  # 3 of the 4 paths of two steps read "1"
        0.2877
    """
    fn = "ctc_loss"
    _reduction(reduction, fn)
    check_tensor(log_probs, "log_probs", fn)
    for what, t in (("labels", labels), ("input_lengths", input_lengths),
                    ("label_lengths", label_lengths)):
        check_tensor(t, what, fn)
        if _dtype.is_floating_point(t.dtype):
            raise TypeError(f"[{fn}] {what} must be an integer Tensor, got {t.dtype.name}")
    if not _dtype.is_floating_point(log_probs.dtype) or log_probs.ndim != 3:
        raise ValueError(f"[{fn}] log_probs must be a 3-D [T, N, C] floating-point Tensor, got "
                         f"{log_probs.dtype.name} of shape {log_probs.shape}")
    steps, batch, _ = log_probs.shape
    if labels.ndim != 2 or labels.shape[0] != batch:
        raise ValueError(f"[{fn}] labels must be [N, L] with N = {batch}, got {labels.shape}")
    width = 2 * labels.shape[1] + 1  # blank, l1, blank, l2, ..., blank
    logp = log_softmax(log_probs, axis=-1)  # [T, N, C]
    blanks = full([batch, width], blank, "int64")
    extended = cast(labels, "int64")
    interleave = reshape(concat([unsqueeze(blanks[:, :labels.shape[1]], 2),
                                 unsqueeze(extended, 2)], 2), [batch, -1])
    extended = concat([interleave, blanks[:, :1]], 1)  # [N, S]
    # the s - 2 move is allowed onto a label that differs from the one before it
    previous = concat([full([batch, 2], blank, "int64"), extended[:, :width - 2]], 1)
    skip = (extended != blank) & (extended != previous)
    lengths = cast(input_lengths, "int64")
    ends = 2 * cast(label_lengths, "int64") + 1  # positions in use
    positions = to_tensor(np.arange(width, dtype="int64"))
    used = unsqueeze(positions, 0) < unsqueeze(ends, 1)
    neg = full([batch, width], _NEG, log_probs.dtype)
    index = expand(unsqueeze(extended, 0), [steps, batch, width])
    emissions = _take_along_axis(logp, index, 2)  # [T, N, S]
    alpha = where(positions < 2, emissions[0], neg)
    alpha = where(used, alpha, neg)
    final = alpha
    for t in range(1, steps):
        moved = _logsumexp3(alpha, _shift(alpha, 1), where(skip, _shift(alpha, 2), neg))
        alpha = where(used, moved + emissions[t], neg)
        final = where(unsqueeze(lengths, 1) > t, alpha, final)
    last = cast(unsqueeze(positions, 0) == unsqueeze(ends - 1, 1), log_probs.dtype)
    before = cast(unsqueeze(positions, 0) == unsqueeze(ends - 2, 1), log_probs.dtype)
    picked_last = _sum(final * last, axis=1)
    has_before = _sum(before, axis=1) > 0  # an empty label ends at position 0 only
    nothing = full([batch], _NEG, log_probs.dtype)
    picked_before = where(has_before, _sum(final * before, axis=1), nothing)
    loss = -_logsumexp3(picked_last, picked_before, nothing)
    # no alignment fits (too few time steps): inf, as warpctc
    loss = where(loss > -_NEG / 2, full([batch], float("inf"), loss.dtype), loss)
    if norm_by_times:
        count = cast(lengths, loss.dtype)
        scaled = loss / count
        value = loss * 1.0
        value.stop_gradient = True
        fixed = scaled * 1.0
        fixed.stop_gradient = True
        loss = value + scaled - fixed  # the value of loss, the gradient of loss / T
    if zero_infinity:
        loss = where(loss == float("inf"), full([batch], 0.0, loss.dtype), loss)
    if reduction == "mean":
        return mean(loss / cast(label_lengths, loss.dtype))
    if reduction == "sum":
        return _sum(loss)
    return loss
