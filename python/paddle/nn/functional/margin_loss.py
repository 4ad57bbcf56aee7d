"""class_center_sample and margin_cross_entropy (PartialFC and ArcFace), in
a single process: the ``class_center_sample`` op, and the
``margin_cross_entropy`` op with its gradient."""
import numbers

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor, op
from ...tensor.manipulation import unsqueeze
from ...tensor.math import mean, sum as _sum

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_class_center_sample = op(
    "class_center_sample", ["Label"],
    ["num_classes", "num_samples", "ring_id", "rank", "nranks", "fix_seed", "seed"],
    ["RemappedLabel", "SampledLocalClassCenter"])
_margin_cross_entropy = op(
    "margin_cross_entropy", ["Logits", "Label"],
    ["return_softmax", "ring_id", "rank", "nranks", "margin1", "margin2", "margin3", "scale"],
    ["Softmax", "Loss"])


def _check_group(group, fn):
    """group: None or False (this process), or a communication group of one process."""
    if group is None or group is False:
        return
    if not hasattr(group, "nranks"):
        raise ValueError(f"[{fn}] group must be False, None or a paddle.distributed group, got "
                         f"{group!r}")
    if group.nranks != 1:
        raise NotImplementedError(f"[{fn}] runs in a single process only, got a group of "
                                  f"{group.nranks} processes")


def _positive_int(v, what, fn):
    if isinstance(v, bool) or not isinstance(v, numbers.Integral) or v < 1:
        raise ValueError(f"[{fn}] {what} must be a positive int, got {v!r}")
    return int(v)


def _integer_tensor(t, what, fn):
    check_tensor(t, what, fn)
    if t.dtype.name not in ("int32", "int64"):
        raise TypeError(f"[{fn}] {what} must be an int32 or int64 Tensor, got {t.dtype.name}")


def class_center_sample(label, num_classes, num_samples, group=None):
    """Samples class centers as PartialFC: every class that occurs in label
    (the positives, sorted), then random other classes until num_samples are
    taken (all positives are kept when there are more), and label remapped to
    positions in that list. The negatives come from the default generator
    (paddle.seed fixes them), or from a generator seeded by the default main
    program's random_seed when that is set.

    Args:
        label (Tensor): [N] int32 or int64 labels in [0, num_classes).
        num_classes (int): the number of classes.
        num_samples (int): how many class centers to sample, at most num_classes.
        group (Group|bool): None or False for this process (a group of one
            process is accepted). Default None.

    Returns:
        tuple: (remapped_label [N], sampled_class_center), both of label's dtype.

    Example:
        >>> label = paddle.to_tensor([7, 2, 7, 5])
        >>> remapped, centers = paddle.nn.functional.class_center_sample(label, 10, 3)
        >>> remapped.numpy(), centers.numpy()
        (array([2, 0, 2, 1]), array([2, 5, 7]))
    """
    fn = "class_center_sample"
    _check_group(group, fn)
    _integer_tensor(label, "label", fn)
    num_classes = _positive_int(num_classes, "num_classes", fn)
    num_samples = _positive_int(num_samples, "num_samples", fn)
    if num_samples > num_classes:
        raise ValueError(f"[{fn}] num_samples must be at most num_classes = {num_classes}, got "
                         f"{num_samples}")
    if label.ndim != 1 or label.shape[0] < 1:
        raise ValueError(f"[{fn}] label must be 1-D and non-empty, got shape {list(label.shape)}")
    from ...static import default_main_program  # here: paddle.static imports paddle.nn
    seed = default_main_program().random_seed
    return _class_center_sample(label, num_classes, num_samples, 0, 0, 1, seed != 0, int(seed))


def margin_cross_entropy(logits, label, margin1=1.0, margin2=0.5, margin3=0.0, scale=64.0,
                         group=None, return_softmax=False, reduction="mean"):
    """The margin softmax cross entropy of ArcFace (margin2), CosFace
    (margin3) and SphereFace (margin1): logits are cosines between normalized
    features and class centers; the label's cos(theta) becomes
    cos(margin1 * theta + margin2) - margin3, all are multiplied by scale, and
    the loss is the softmax cross entropy of the result.

    Args:
        logits (Tensor): [N, C] cosines in [-1, 1], float32 or float64.
        label (Tensor): [N] or [N, 1] int32 or int64 classes.
        margin1 (float): m1, multiplying the label's angle. Default 1.0.
        margin2 (float): m2, added to the label's angle. Default 0.5.
        margin3 (float): m3, subtracted from the label's cosine. Default 0.0.
        scale (float): s, multiplying every logit. Default 64.0.
        group (Group|bool): None or False for this process (a group of one
            process is accepted). Default None.
        return_softmax (bool): also return the softmax of the margin logits. Default False.
        reduction (str|None): "mean", "sum", or "none"/None for [N, 1]. Default "mean".

    Returns:
        Tensor|tuple: the loss (0-D, or [N, 1] without reduction), and the
        [N, C] softmax when return_softmax.

    Example:
        >>> logits = paddle.to_tensor([[0.8, 0.1], [0.2, 0.6]])
        >>> loss = paddle.nn.functional.margin_cross_entropy(logits, paddle.to_tensor([0, 1]),
        ...     margin2=0.0, scale=1.0, reduction="none")
        >>> loss.numpy().round(3)  # plain softmax cross entropy without margins
        array([[0.403],
               [0.513]], dtype=float32)
    """
    fn = "margin_cross_entropy"
    if reduction not in ("mean", "sum", "none", None):
        raise ValueError(f"[{fn}] reduction must be 'mean', 'sum', 'none' or None, got "
                         f"{reduction!r}")
    _check_group(group, fn)
    check_tensor(logits, "logits", fn)
    if not _dtype.is_floating_point(logits.dtype):
        raise TypeError(f"[{fn}] logits must be a floating-point Tensor, got {logits.dtype.name}")
    _integer_tensor(label, "label", fn)
    if logits.ndim != 2 or logits.shape[-1] == 0:
        raise ValueError(f"[{fn}] logits must be 2-D [N, C] with C > 0, got "
                         f"{list(logits.shape)}")
    if label.ndim not in (1, 2) or (label.ndim == 2 and label.shape[1] != 1):
        raise ValueError(f"[{fn}] label must be [N] or [N, 1], got {list(label.shape)}")
    if label.ndim == 1:
        label = unsqueeze(label, -1)
    softmax, loss = _margin_cross_entropy(logits, label, bool(return_softmax), 0, 0, 1,
                                          float(margin1), float(margin2), float(margin3),
                                          float(scale))
    if reduction == "mean":
        loss = mean(loss)
    elif reduction == "sum":
        loss = _sum(loss)
    return (loss, softmax) if return_softmax else loss
