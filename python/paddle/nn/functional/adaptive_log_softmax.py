"""adaptive_log_softmax_with_loss (Grave et al., "Efficient softmax
approximation for GPUs"): frequent classes scored by a head layer, the rest
in clusters reached through the head, composed of linear, log_softmax and
gathers (gradients through autograd)."""
import numbers

import numpy as np

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.creation import to_tensor, zeros
from ...tensor.gather_scatter import scatter, take_along_axis
from ...tensor.manipulation import cast, squeeze, unsqueeze
from ...tensor.math import mean
from ...tensor.search import index_select
from .activation import log_softmax
from .common import linear

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _check_cutoffs(cutoffs, fn):
    values = []
    for c in cutoffs:
        c = c.item() if hasattr(c, "item") else c
        if isinstance(c, bool) or not isinstance(c, numbers.Integral):
            raise TypeError(f"[{fn}] cutoffs must be ints, got {cutoffs!r}")
        values.append(int(c))
    if not values or values != sorted(set(values)) or values[0] <= 0:
        raise ValueError(f"[{fn}] cutoffs must be increasing positive ints, got {values}")
    return values


def adaptive_log_softmax_with_loss(input, label, head_weight, tail_weights, cutoffs,  # noqa: A002
                                   head_bias=None, name=None):
    """The log-probability of each label under an adaptive softmax, and the
    mean negative log-likelihood. Classes below cutoffs[0] are scored by the
    head (input @ head_weight + head_bias, one column per such class and one
    per cluster); class c of cluster i (cutoffs[i] <= c < cutoffs[i + 1]) has
    log p = head log-prob of cluster i + the log-softmax of
    input @ tail_weights[i][0] @ tail_weights[i][1] at c - cutoffs[i].

    Args:
        input (Tensor): [N, in_features] (or [in_features] with a 0-D label), float32 or float64.
        label (Tensor): [N] (or 0-D) int classes in [0, cutoffs[-1]).
        head_weight (Tensor): [in_features, cutoffs[0] + number of clusters].
        tail_weights (list): per cluster a pair [in_features, hidden] and
            [hidden, cluster size] of projection weights.
        cutoffs (list): the increasing class boundaries; the last is the number of classes.
        head_bias (Tensor): [cutoffs[0] + number of clusters], or None. Default None.
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        tuple: (output, loss): each label's log-probability ([N], or 0-D) and
        the mean of -output (0-D).

    Example:
        >>> x = paddle.ones([2, 4])
        >>> head = paddle.zeros([4, 3])  # 2 head classes and 1 cluster
        >>> tail = [[paddle.zeros([4, 2]), paddle.zeros([2, 3])]]
        >>> out, loss = paddle.nn.functional.adaptive_log_softmax_with_loss(
        ...     x, paddle.to_tensor([0, 4]), head, tail, [2, 5])
        >>> out.numpy().round(4)  # log(1/3), log(1/3 * 1/3)
        array([-1.0986, -2.1972], dtype=float32)
    """
    fn = "adaptive_log_softmax_with_loss"
    check_tensor(input, "input", fn)
    check_tensor(label, "label", fn)
    check_tensor(head_weight, "head_weight", fn)
    if not _dtype.is_floating_point(input.dtype):
        raise TypeError(f"[{fn}] input must be a floating-point Tensor, got {input.dtype.name}")
    if _dtype.is_floating_point(label.dtype):
        raise TypeError(f"[{fn}] label must be an integer Tensor, got {label.dtype.name}")
    if label.ndim == 1:
        if input.ndim != 2 or input.shape[0] != label.shape[0]:
            raise ValueError(f"[{fn}] a 1-D label needs a 2-D input of as many rows, got input "
                             f"{list(input.shape)} and label {list(label.shape)}")
    elif label.ndim == 0:
        if input.ndim != 1:
            raise ValueError(f"[{fn}] a 0-D label needs a 1-D input, got {list(input.shape)}")
    else:
        raise ValueError(f"[{fn}] label must be 0-D or 1-D (one class per sample), got "
                         f"{list(label.shape)}")
    bounds = _check_cutoffs(cutoffs, fn)
    if len(tail_weights) != len(bounds) - 1:
        raise ValueError(f"[{fn}] tail_weights must hold one pair per cluster "
                         f"({len(bounds) - 1}), got {len(tail_weights)}")
    batched = label.ndim == 1
    x = input if batched else unsqueeze(input, 0)
    labels = cast(label if batched else unsqueeze(label, 0), "int64")
    values = labels.numpy()
    if values.size and (values.min() < 0 or values.max() >= bounds[-1]):
        raise ValueError(f"[{fn}] label values must be in [0, {bounds[-1] - 1}], got values in "
                         f"[{values.min()}, {values.max()}]")
    head_logprob = log_softmax(linear(x, head_weight, head_bias), axis=1)
    shortlist = bounds[0]
    cluster = np.searchsorted(np.asarray(bounds), values, side="right") - 1  # -1: the head
    head_column = np.where(cluster < 0, values, shortlist + cluster).astype("int64")
    output = squeeze(take_along_axis(head_logprob, unsqueeze(to_tensor(head_column), 1), 1), 1)
    tail_part = zeros([x.shape[0]], x.dtype)
    for i, (low, high) in enumerate(zip(bounds[:-1], bounds[1:])):
        rows = np.nonzero(cluster == i)[0]
        if rows.size == 0:
            continue
        index = to_tensor(rows.astype("int64"))
        hidden = linear(index_select(x, index, 0), tail_weights[i][0])
        cluster_logprob = log_softmax(linear(hidden, tail_weights[i][1]), axis=1)
        relative = to_tensor((values[rows] - low).reshape(-1, 1))
        picked = squeeze(take_along_axis(cluster_logprob, relative, 1), 1)
        tail_part = scatter(tail_part, index, picked, overwrite=True)
    output = output + tail_part
    loss = mean(-output)
    return (output if batched else squeeze(output, 0)), loss
