"""The margin, embedding, soft-margin, triplet, negative-log-likelihood,
focal and dice losses (margin_ranking_loss ... multi_label_margin_loss),
composed of existing ops as PaddlePaddle defines them (gradients come through
autograd)."""
import math
import numbers

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.creation import zeros_like
from ...tensor.cumulative import cumprod
from ...tensor.manipulation import cast, reshape, squeeze, unsqueeze
from ...tensor.math import exp, log, matmul, mean, minimum, sqrt, square, sum as _sum
from ...tensor.numeric import clip
from ...tensor.search import where
from .activation import log_sigmoid, relu, sigmoid
from .extra_common import pairwise_distance
from .input import one_hot
from .loss import (
    _float_input, _reduce, _reduction, binary_cross_entropy_with_logits,
    softmax_with_cross_entropy,
)

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _eager():
    """Value checks (negative distances or variances) need values: eager mode only."""
    from ...static.mode import in_dynamic_mode  # here: paddle.static imports paddle.nn
    return in_dynamic_mode()


def _number(v, what, fn):
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise TypeError(f"[{fn}] {what} must be a number, got {type(v).__name__}")
    return float(v)


def _integer_label(label, fn):
    check_tensor(label, "label", fn)
    if _dtype.is_floating_point(label.dtype):
        raise TypeError(f"[{fn}] label must be an integer Tensor, got {label.dtype.name}")


def _shapes_equal(tensors, fn):
    shapes = [t.shape for _, t in tensors]
    if any(s != shapes[0] for s in shapes[1:]):
        described = ", ".join(f"{n} {t.shape}" for n, t in tensors)
        raise ValueError(f"[{fn}] the shapes must be equal, got {described}")


def margin_ranking_loss(input, other, label, margin=0.0, reduction="mean", name=None):  # noqa: A002
    """relu(-label * (input - other) + margin): label 1 asks input to rank
    above other, -1 below, by at least margin.

    Args:
        input (Tensor): the first scores, floating-point.
        other (Tensor): the second scores, broadcastable with input.
        label (Tensor): 1 or -1 for each pair, broadcastable with input.
        margin (float): the margin. Default 0.0.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or of input's shape for "none").

    Example:
        >>> x = paddle.to_tensor([1.0, 2.0])
        >>> y = paddle.to_tensor([2.0, 1.0])
        >>> paddle.nn.functional.margin_ranking_loss(x, y, paddle.to_tensor([1.0, 1.0])).item()
        0.5
    """
    fn = "margin_ranking_loss"
    _reduction(reduction, "MarginRankingLoss")
    for what, t in (("input", input), ("other", other), ("label", label)):
        _float_input(t, what, fn)
    out = (other - input) * label
    margin = _number(margin, "margin", fn)
    if margin != 0.0:
        out = out + margin
    return _reduce(relu(out), reduction)


def hinge_embedding_loss(input, label, margin=1.0, reduction="mean", name=None):  # noqa: A002
    """input where label is 1, relu(margin - input) where label is -1 (0 elsewhere).

    Args:
        input (Tensor): the distances, floating-point.
        label (Tensor): 1 (similar) or -1 (dissimilar), of input's shape.
        margin (float): the margin. Default 1.0.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or of input's shape for "none").

    Example:
        >>> x = paddle.to_tensor([0.3, 0.4])
        >>> label = paddle.to_tensor([1.0, -1.0])
        >>> round(paddle.nn.functional.hinge_embedding_loss(x, label).item(), 4)
        0.45
    """
    fn = "hinge_embedding_loss"
    _reduction(reduction, fn)
    _float_input(input, "input", fn)
    _float_input(label, "label", fn)
    margin = _number(margin, "margin", fn)
    zero = zeros_like(input)
    loss = where(label == 1.0, input, zero) + where(label == -1.0, relu(margin - input), zero)
    return _reduce(loss, reduction)


def cosine_embedding_loss(input1, input2, label, margin=0, reduction="mean", name=None):
    """1 - cos(input1, input2) where label is 1, max(0, cos - margin) where
    label is -1, the cosine over the last dim.

    Args:
        input1 (Tensor): [N, M] or [M] floating-point embeddings.
        input2 (Tensor): embeddings of input1's shape.
        label (Tensor): [N] (or [1]) of 1 and -1.
        margin (float): the margin, in [-1, 1]. Default 0.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or [N] for "none").

    Example:
        >>> a = paddle.to_tensor([[1.0, 0.0], [1.0, 0.0]])
        >>> b = paddle.to_tensor([[0.0, 1.0], [1.0, 0.0]])
        >>> label = paddle.to_tensor([1, -1])
        >>> paddle.nn.functional.cosine_embedding_loss(a, b, label, reduction="none").numpy()
        array([1., 1.], dtype=float32)
    """
    fn = "cosine_embedding_loss"
    _reduction(reduction, fn)
    _float_input(input1, "input1", fn)
    _float_input(input2, "input2", fn)
    if label is None or not hasattr(label, "shape") or label.ndim != 1:
        raise ValueError(f"[{fn}] label must be a 1-D Tensor (multi-target is not supported), "
                         f"got {getattr(label, 'shape', type(label).__name__)}")
    _shapes_equal([("input1", input1), ("input2", input2)], fn)
    if input1.ndim > 2:
        raise ValueError(f"[{fn}] input1 and input2 must be 1-D or 2-D, got shape {input1.shape}")
    margin = _number(margin, "margin", fn)
    dot = _sum(input1 * input2, axis=-1)
    norms = sqrt((_sum(square(input1), axis=-1) + 1e-11) * (_sum(square(input2), axis=-1) + 1e-11))
    cos = dot / norms
    zero = zeros_like(cos)
    loss = where(label == 1, 1 - cos, zero) + where(label == -1, clip(cos - margin, min=0.0), zero)
    return _reduce(loss, reduction)


def soft_margin_loss(input, label, reduction="mean", name=None):  # noqa: A002
    """log(1 + exp(-label * input)), the logistic loss of labels 1 and -1.

    Args:
        input (Tensor): the scores, floating-point.
        label (Tensor): 1 or -1, of input's shape (any numeric dtype).
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or of input's shape for "none").

    Example:
        >>> x = paddle.to_tensor([0.0, 0.0])
        >>> round(paddle.nn.functional.soft_margin_loss(x, paddle.to_tensor([1, -1])).item(), 4)
        0.6931
    """
    fn = "soft_margin_loss"
    _reduction(reduction, fn)
    _float_input(input, "input", fn)
    if label is None or not hasattr(label, "shape"):
        raise TypeError(f"[{fn}] label must be a Tensor, got {type(label).__name__}")
    _shapes_equal([("input", input), ("label", label)], fn)
    label = cast(label, input.dtype)
    return _reduce(log(1 + exp(-label * input)), reduction)


def multi_label_soft_margin_loss(input, label, weight=None, reduction="mean", name=None):  # noqa: A002
    """The mean over classes of the binary logistic losses of multi-label
    targets: -(label * log_sigmoid(input) + (1 - label) * log_sigmoid(-input)),
    times weight.

    Args:
        input (Tensor): [N, C] floating-point scores.
        label (Tensor): [N, C] targets of 0 and 1.
        weight (Tensor): per-class weights, broadcastable with input, or None. Default None.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or [N] for "none").

    Example:
        >>> x = paddle.to_tensor([[0.0, 0.0]])
        >>> y = paddle.to_tensor([[1.0, 0.0]])
        >>> round(paddle.nn.functional.multi_label_soft_margin_loss(x, y).item(), 4)
        0.6931
    """
    fn = "multi_label_soft_margin_loss"
    _reduction(reduction, fn)
    _float_input(input, "input", fn)
    _float_input(label, "label", fn)
    _shapes_equal([("input", input), ("label", label)], fn)
    loss = -(label * log_sigmoid(input) + (1 - label) * log_sigmoid(-input))
    if weight is not None:
        loss = loss * _float_input(weight, "weight", fn)
    return _reduce(mean(loss, axis=-1), reduction)


def multi_margin_loss(input, label, p=1, margin=1.0, weight=None, reduction="mean", name=None):  # noqa: A002
    """The multi-class hinge loss: for each sample, the mean over classes i of
    max(0, margin - input[y] + input[i]) ** p, the class y = label itself
    left out (and each sample scaled by weight[y]).

    Args:
        input (Tensor): [N, C] floating-point scores.
        label (Tensor): [N] integer classes.
        p (int): the exponent, 1 or 2. Default 1.
        margin (float): the margin. Default 1.0.
        weight (Tensor): [C] class weights, or None. Default None.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or [N] for "none").

    Example:
        >>> x = paddle.to_tensor([[0.1, 0.2, 0.4, 0.8]])
        >>> label = paddle.to_tensor([3])
        >>> round(paddle.nn.functional.multi_margin_loss(x, label).item(), 4)
        0.325
    """
    fn = "multi_margin_loss"
    _reduction(reduction, fn)
    _float_input(input, "input", fn)
    _integer_label(label, fn)
    if input.ndim != 2:
        raise ValueError(f"[{fn}] input must be 2-D [N, C], got shape {input.shape}")
    if label.shape[0] != input.shape[0]:
        raise ValueError(f"[{fn}] label's shape[0] ({label.shape[0]}) must equal input's "
                         f"shape[0] ({input.shape[0]})")
    margin = _number(margin, "margin", fn)
    classes = input.shape[1]
    # one-hot rows pick input[i, label[i]] (and weight[label[i]]), in static mode too
    chosen = cast(one_hot(reshape(label, [-1]), classes), input.dtype)
    picked = _sum(input * chosen, axis=1, keepdim=True)
    hinge = clip(margin - picked + input, min=0.0) ** p
    if weight is None:
        loss = mean(hinge, axis=1) - margin ** p / classes
    else:
        _float_input(weight, "weight", fn)
        if weight.ndim != 1 or weight.shape[0] != classes:
            raise ValueError(f"[{fn}] weight must be [C] = [{classes}], got shape {weight.shape}")
        w = _sum(chosen * weight, axis=1, keepdim=True)
        loss = mean(w * hinge, axis=1) - squeeze(w * (margin ** p / classes), -1)
    return _reduce(loss, reduction)


def _triplet(input, positive, negative, distance, margin, swap, reduction, fn,  # noqa: A002
             check_distances):
    _reduction(reduction, fn)
    for what, t in (("input", input), ("positive", positive), ("negative", negative)):
        _float_input(t, what, fn)
    margin = _number(margin, "margin", fn)
    if margin < 0:
        raise ValueError(f"[{fn}] margin must not be negative, got {margin}")
    _shapes_equal([("input", input), ("positive", positive), ("negative", negative)], fn)
    positive_dist = distance(input, positive)
    negative_dist = distance(input, negative)
    if swap:
        negative_dist = minimum(negative_dist, distance(positive, negative))
    if check_distances and _eager() and (bool((positive_dist < 0).any())
                                         or bool((negative_dist < 0).any())):
        raise ValueError(f"[{fn}] distance_function returned a negative distance")
    return _reduce(clip(positive_dist - negative_dist + margin, min=0.0), reduction)


def triplet_margin_loss(input, positive, negative, margin=1.0, p=2, epsilon=1e-6,  # noqa: A002
                        swap=False, reduction="mean", name=None):
    """max(0, d(input, positive) - d(input, negative) + margin), d the
    p-norm distance (pairwise_distance).

    Args:
        input (Tensor): [N, D] anchor embeddings.
        positive (Tensor): [N, D] embeddings of the anchors' class.
        negative (Tensor): [N, D] embeddings of other classes.
        margin (float): the margin, at least 0. Default 1.0.
        p (float): the norm order of the distance. Default 2.
        epsilon (float): the distance's epsilon. Default 1e-6.
        swap (bool): use d(positive, negative) where it is smaller. Default False.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or [N] for "none").

    Example:
        >>> a = paddle.to_tensor([[0.0, 0.0]])
        >>> pos = paddle.to_tensor([[3.0, 4.0]])
        >>> neg = paddle.to_tensor([[0.0, 1.0]])
        >>> round(paddle.nn.functional.triplet_margin_loss(a, pos, neg, epsilon=0.0).item(), 4)
        5.0
    """
    fn = "triplet_margin_loss"
    p = _number(p, "p", fn)
    epsilon = _number(epsilon, "epsilon", fn)
    return _triplet(input, positive, negative,
                    lambda a, b: pairwise_distance(a, b, p, epsilon), margin, swap, reduction,
                    fn, False)


def triplet_margin_with_distance_loss(input, positive, negative, distance_function=None,  # noqa: A002
                                      margin=1.0, swap=False, reduction="mean", name=None):
    """max(0, d(input, positive) - d(input, negative) + margin) with any
    distance function d (default: the 2-norm pairwise_distance).

    Args:
        input (Tensor): [N, D] anchor embeddings.
        positive (Tensor): [N, D] embeddings of the anchors' class.
        negative (Tensor): [N, D] embeddings of other classes.
        distance_function (callable): d(x, y) -> [N] non-negative distances, or None.
            Default None.
        margin (float): the margin, at least 0. Default 1.0.
        swap (bool): use d(positive, negative) where it is smaller. Default False.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or [N] for "none").

    Example:
        >>> a = paddle.to_tensor([[0.0, 0.0]])
        >>> l1 = lambda x, y: (x - y).abs().sum(-1)
        >>> paddle.nn.functional.triplet_margin_with_distance_loss(
        ...     a, paddle.to_tensor([[1.0, 1.0]]), paddle.to_tensor([[0.0, 2.0]]), l1).item()
        1.0
    """
    fn = "triplet_margin_with_distance_loss"
    if distance_function is None:
        def distance_function(a, b):
            return pairwise_distance(a, b, 2.0)
    elif not callable(distance_function):
        raise TypeError(f"[{fn}] distance_function must be callable, got "
                        f"{type(distance_function).__name__}")
    return _triplet(input, positive, negative, distance_function, margin, swap, reduction, fn,
                    True)


def poisson_nll_loss(input, label, log_input=True, full=False, epsilon=1e-8,  # noqa: A002
                     reduction="mean", name=None):
    """The negative log-likelihood of label under a Poisson distribution of
    rate exp(input) (log_input) or input: exp(input) - label * input, or
    input - label * log(input + epsilon); with full, Stirling's term for label > 1.

    Args:
        input (Tensor): the log-rates (or rates), floating-point.
        label (Tensor): the counts, of input's shape.
        log_input (bool): input is the log of the rate. Default True.
        full (bool): add label * log(label) - label + 0.5 * log(2 * pi * label). Default False.
        epsilon (float): added to the rate before its log (log_input False), positive.
            Default 1e-8.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or of input's shape for "none").

    Example:
        >>> x = paddle.to_tensor([0.0, 0.0])
        >>> paddle.nn.functional.poisson_nll_loss(x, paddle.to_tensor([1.0, 2.0])).item()
        1.0
    """
    fn = "poisson_nll_loss"
    epsilon = _number(epsilon, "epsilon", fn)
    if epsilon <= 0:
        raise ValueError(f"[{fn}] epsilon must be positive, got {epsilon}")
    _reduction(reduction, fn)
    _float_input(input, "input", fn)
    _float_input(label, "label", fn)
    _shapes_equal([("input", input), ("label", label)], fn)
    if log_input:
        loss = exp(input) - label * input
    else:
        loss = input - label * log(input + epsilon)
    if full:
        stirling = label * log(label) - label + 0.5 * log(2 * math.pi * label)
        loss = loss + where(label > 1, stirling, zeros_like(stirling))
    return _reduce(loss, reduction)


def gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-6, reduction="mean",  # noqa: A002
                      name=None):
    """The negative log-likelihood of label under a Gaussian of mean input and
    the given variance: 0.5 * (log(variance) + (input - label) ** 2 / variance)
    (+ 0.5 * log(2 * pi) with full), variance clamped to at least epsilon. As
    in PaddlePaddle, no gradient flows to variance.

    Args:
        input (Tensor): the means, floating-point.
        label (Tensor): the samples, of input's shape.
        variance (Tensor): non-negative variances, of input's shape, or without its
            last dim, or with a last dim of 1.
        full (bool): add the constant 0.5 * log(2 * pi). Default False.
        epsilon (float): the smallest variance. Default 1e-6.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or of input's shape for "none").

    Example:
        >>> x = paddle.to_tensor([1.0, 2.0])
        >>> var = paddle.to_tensor([1.0, 1.0])
        >>> paddle.nn.functional.gaussian_nll_loss(x, paddle.to_tensor([2.0, 3.0]), var).item()
        0.5
    """
    fn = "gaussian_nll_loss"
    for what, t in (("input", input), ("label", label), ("variance", variance)):
        _float_input(t, what, fn)
    if variance.shape != input.shape:
        if list(input.shape[:-1]) == list(variance.shape):
            variance = unsqueeze(variance, -1)
        elif not (input.shape[:-1] == variance.shape[:-1] and variance.shape[-1] == 1):
            raise ValueError(f"[{fn}] variance (shape {variance.shape}) must have input's shape "
                             f"{input.shape}, or it without its last dim, or a last dim of 1")
    _reduction(reduction, fn)
    if _eager() and bool((variance < 0).any()):
        raise ValueError(f"[{fn}] variance has negative entries")
    variance = clip(variance, min=_number(epsilon, "epsilon", fn))
    variance.stop_gradient = True  # PaddlePaddle clamps it under no_grad
    loss = 0.5 * (log(variance) + square(input - label) / variance)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def log_loss(input, label, epsilon=1e-4, name=None):  # noqa: A002
    """The negative log-likelihood of binary labels under probabilities input:
    -label * log(input + epsilon) - (1 - label) * log(1 - input + epsilon),
    elementwise.

    Args:
        input (Tensor): [N, 1] predicted probabilities, floating-point.
        label (Tensor): [N, 1] labels of 0 and 1, of input's shape.
        epsilon (float): keeps the logarithms finite. Default 1e-4.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss of each element, of input's shape.

    Example:
        >>> p = paddle.to_tensor([[0.5]])
        >>> paddle.nn.functional.log_loss(p, paddle.to_tensor([[1.0]]), 0.0).numpy().round(4)
        array([[0.6931]], dtype=float32)
    """
    fn = "log_loss"
    _float_input(input, "input", fn)
    _float_input(label, "label", fn)
    _shapes_equal([("input", input), ("label", label)], fn)
    eps = _number(epsilon, "epsilon", fn)
    return -label * log(input + eps) - (1.0 - label) * log(1.0 - input + eps)


def sigmoid_focal_loss(logit, label, normalizer=None, alpha=0.25, gamma=2.0, reduction="sum",
                       name=None):
    """The focal loss of binary targets: alpha_t * (1 - p_t) ** gamma times the
    sigmoid cross entropy, p = sigmoid(logit), p_t = p where label is 1 and
    1 - p where 0 (alpha_t likewise alpha and 1 - alpha), divided by normalizer.

    Args:
        logit (Tensor): [N, *] floating-point logits.
        label (Tensor): targets in [0, 1], of logit's shape.
        normalizer (Tensor): a scalar (or one-element) divisor, or None. Default None.
        alpha (float): the weight of the positive class. Default 0.25.
        gamma (float): the focusing exponent. Default 2.0.
        reduction (str): "sum", "mean" or "none". Default "sum".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or of logit's shape for "none").

    Example:
        >>> logit = paddle.to_tensor([[0.0]])
        >>> label = paddle.to_tensor([[1.0]])
        >>> round(paddle.nn.functional.sigmoid_focal_loss(logit, label).item(), 4)
        0.0433
    """
    fn = "sigmoid_focal_loss"
    _reduction(reduction, fn)
    _float_input(logit, "logit", fn)
    _float_input(label, "label", fn)
    _shapes_equal([("logit", logit), ("label", label)], fn)
    if normalizer is not None:
        _float_input(normalizer, "normalizer", fn)
        if normalizer.ndim > 1:
            raise ValueError(f"[{fn}] normalizer must have zero or one dim, got shape "
                             f"{normalizer.shape}")
    alpha, gamma = _number(alpha, "alpha", fn), _number(gamma, "gamma", fn)
    loss = binary_cross_entropy_with_logits(logit, label, reduction="none")
    p = sigmoid(logit)
    p_t = p * label + (1.0 - p) * (1.0 - label)
    alpha_t = alpha * label + (1.0 - alpha) * (1.0 - label)
    loss = alpha_t * loss * (1.0 - p_t) ** gamma
    if normalizer is not None:
        loss = loss / normalizer
    return _reduce(loss, reduction)


def dice_loss(input, label, epsilon=1e-5, name=None):  # noqa: A002
    """1 - 2 * |input ∩ label| / (|input| + |label|), per sample then averaged:
    input holds class probabilities along the last dim, label the class of
    each position (last dim 1).

    Args:
        input (Tensor): [N, ..., C] floating-point probabilities, at least 2-D.
        label (Tensor): [N, ..., 1] integer classes.
        epsilon (float): added to the denominator. Default 1e-5.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the mean dice loss, a scalar.

    Example:
        >>> probs = paddle.to_tensor([[[1.0, 0.0], [0.0, 1.0]]])
        >>> label = paddle.to_tensor([[[0], [1]]])
        >>> round(paddle.nn.functional.dice_loss(probs, label).item(), 4)
        0.0
    """
    fn = "dice_loss"
    _float_input(input, "input", fn)
    _integer_label(label, fn)
    if input.ndim < 2 or input.ndim != label.ndim:
        raise ValueError(f"[{fn}] input (shape {input.shape}) must be at least 2-D and of "
                         f"label's rank (shape {label.shape})")
    if label.shape[-1] != 1 or list(input.shape[:-1]) != list(label.shape[:-1]):
        raise ValueError(f"[{fn}] label must be input's shape with a last dim of 1, got "
                         f"input {input.shape} and label {label.shape}")
    target = cast(one_hot(squeeze(label, -1), input.shape[-1]), input.dtype)
    dims = list(range(1, input.ndim))
    overlap = _sum(input * target, axis=dims)
    total = _sum(input, axis=dims) + _sum(target, axis=dims)
    return mean(1 - overlap * 2 / (total + _number(epsilon, "epsilon", fn)))


def multi_label_margin_loss(input, label, reduction="mean", name=None):  # noqa: A002
    """The multi-class multi-label hinge loss: for each sample, the sum over
    its target classes j (label's entries before the first -1) and its other
    classes i of max(0, 1 - (input[j] - input[i])), divided by C.

    Args:
        input (Tensor): [N, C] floating-point scores.
        label (Tensor): [N, C] integer target classes, each row ended by -1 (or full).
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the loss, a scalar (or [N] for "none").

    Example:
        >>> x = paddle.to_tensor([[0.1, 0.2, 0.4, 0.8]])
        >>> y = paddle.to_tensor([[3, 0, -1, 1]])
        >>> round(paddle.nn.functional.multi_label_margin_loss(x, y).item(), 4)
        0.85
    """
    fn = "multi_label_margin_loss"
    _reduction(reduction, fn)
    _float_input(input, "input", fn)
    _integer_label(label, fn)
    if input.ndim != 2 or label.ndim != 2:
        raise ValueError(f"[{fn}] input and label must be 2-D [N, C], got {input.shape} and "
                         f"{label.shape}")
    classes = input.shape[1]
    if _eager() and label.size and (int(label.min().item()) < -1
                                    or int(label.max().item()) >= classes):
        raise ValueError(f"[{fn}] label values must be in [-1, {classes}), got "
                         f"[{int(label.min().item())}, {int(label.max().item())}]")
    # valid[n, k]: label[n, k] comes before the row's first -1
    valid = cast(cumprod(cast(label != -1, "int32"), 1), input.dtype)
    picks = cast(one_hot(clip(label, min=0), classes), input.dtype) * unsqueeze(valid, -1)
    is_target = clip(_sum(picks, axis=1), max=1.0)  # [N, C]
    target_scores = _sum(picks * unsqueeze(input, 1), axis=-1)  # [N, K]
    hinge = relu(1.0 - unsqueeze(target_scores, -1) + unsqueeze(input, 1))  # [N, K, C]
    per_target = _sum(hinge * unsqueeze(1.0 - is_target, 1), axis=-1) * valid
    return _reduce(_sum(per_target, axis=1) / classes, reduction)


def npair_loss(anchor, positive, labels, l2_reg=0.002):
    """The N-pair loss: the soft-label cross entropy of the similarities
    anchor @ positive.T against the pairs of equal labels (each row
    normalized), averaged, plus 0.25 * l2_reg times the mean squared norms of
    anchor and positive.

    Args:
        anchor (Tensor): [N, D] floating-point embeddings.
        positive (Tensor): [N, D] embeddings of the same dtype.
        labels (Tensor): [N] labels (float or int64).
        l2_reg (float): the weight of the norm penalty. Default 0.002.

    Returns:
        Tensor: the loss, a scalar.

    Example:
        >>> a = paddle.to_tensor([[1.0, 0.0], [0.0, 1.0]])
        >>> round(paddle.nn.functional.npair_loss(a, a, paddle.to_tensor([0, 1]), 0.0).item(), 4)
        0.3133
    """
    fn = "npair_loss"
    _float_input(anchor, "anchor", fn)
    _float_input(positive, "positive", fn)
    if labels is None or not hasattr(labels, "shape"):
        raise TypeError(f"[{fn}] labels must be a Tensor, got {type(labels).__name__}")
    if anchor.size == 0 or positive.size == 0:
        raise ValueError(f"[{fn}] anchor and positive must not be empty, got {anchor.shape} and "
                         f"{positive.shape}")
    batch = labels.shape[0]
    column = reshape(labels, [batch, 1])
    same = cast(column == reshape(column, [1, batch]), anchor.dtype)
    targets = same / _sum(same, axis=1, keepdim=True)
    penalty = (mean(_sum(square(anchor), 1)) + mean(_sum(square(positive), 1))) \
        * 0.25 * _number(l2_reg, "l2_reg", fn)
    similarity = matmul(anchor, positive, transpose_y=True)
    per_row = softmax_with_cross_entropy(similarity, targets, soft_label=True)
    return penalty + mean(_sum(targets * per_row, 0))
