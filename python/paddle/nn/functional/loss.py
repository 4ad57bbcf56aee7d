"""Loss functions: cross_entropy (hard and soft labels, weight, ignore_index,
label smoothing), nll_loss, mse_loss, l1_loss, binary_cross_entropy(_with_logits),
smooth_l1_loss, kl_div."""
from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor, op
from ...tensor.creation import zeros_like
from ...tensor.manipulation import cast, reshape, squeeze, unsqueeze
from ...tensor.math import abs as _abs, mean, square, sum as _sum
from .input import one_hot

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_softmax_ce = op("softmax_with_cross_entropy", ["Logits", "Label"],
                 ["soft_label", "use_softmax", "numeric_stable_mode", "ignore_index", "axis"],
                 ["Softmax", "Loss"])
_nll = op("nll_loss", ["X", "Label", "Weight"], ["ignore_index", "reduction"], ["Out"])
_bce = op("bce_loss", ["X", "Label"])
_sigmoid_ce = op("sigmoid_cross_entropy_with_logits", ["X", "Label", "pos_weight"],
                 ["normalize", "ignore_index"])
_huber = op("huber_loss", ["X", "Y"], ["delta"])
_kldiv = op("kldiv_loss", ["X", "Target"], ["reduction", "log_target"], ["Loss"])
_gather = op("gather", ["X", "Index"], ["axis"])
_matmul = op("matmul_v2", ["X", "Y"], ["trans_x", "trans_y"])


def _reduction(reduction, fn):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(f"The value of 'reduction' in {fn} should be 'sum', 'mean' or 'none', "
                         f"but received {reduction}, which is not allowed.")
    return reduction


def _reduce(loss, reduction):
    if reduction == "mean":
        return mean(loss)
    if reduction == "sum":
        return _sum(loss)
    return loss


def _float_input(t, what, fn):
    check_tensor(t, what, fn)
    if not _dtype.is_floating_point(t.dtype):
        raise TypeError(f"[{fn}] {what} must be a floating-point Tensor, got {t.dtype.name}")
    return t


def _same_shape(a, b, fn):
    if a.shape != b.shape:
        raise ValueError(f"[{fn}] input (shape {a.shape}) and label (shape {b.shape}) must have "
                         "the same shape")


def _distance_loss(input, label, reduction, of_difference, fn, cls):
    _reduction(reduction, cls)
    check_tensor(input, "input", fn)
    check_tensor(label, "label", fn)
    return _reduce(of_difference(input - label), reduction)


def mse_loss(input, label, reduction="mean", name=None):
    """(input - label)² reduced by ``reduction`` (mean, sum or none).

    Args:
        input (Tensor): The predictions, a float32 or float64 tensor of any shape.
        label (Tensor): The targets, broadcastable to input's shape (the same dtype).
        reduction (str, optional): 'mean' (the default) averages the elementwise losses, 'sum' adds
            them, 'none' returns them.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D tensor for 'mean' and 'sum', else the losses of input's shape; of input's
            dtype.

    Example:
        >>> paddle.nn.functional.mse_loss(paddle.to_tensor([1.0, 3.0]), paddle.to_tensor([1.0, 1.0])).item()
        2.0
    """
    return _distance_loss(input, label, reduction, square, "mse_loss", "MSELoss")


def square_error_cost(input, label):
    """(input - label)², elementwise (no reduction).

    Args:
        input (Tensor): The predictions, a float32 or float64 tensor of any shape.
        label (Tensor): The targets, broadcastable to input's shape (the same dtype).

    Returns:
        Tensor: The elementwise squared errors, of the broadcast shape and input's dtype.

    Example:
        >>> paddle.nn.functional.square_error_cost(paddle.to_tensor([1.0, 3.0]), paddle.to_tensor([1.0, 1.0])).numpy()
        array([0., 4.], dtype=float32)
    """
    return _distance_loss(input, label, "none", square, "square_error_cost", "square_error_cost")


def l1_loss(input, label, reduction="mean", name=None):
    """|input - label| reduced by ``reduction`` (mean, sum or none).

    Args:
        input (Tensor): The predictions, a float32 or float64 tensor of any shape.
        label (Tensor): The targets, broadcastable to input's shape (the same dtype).
        reduction (str, optional): 'mean' (the default) averages the elementwise losses, 'sum' adds
            them, 'none' returns them.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D tensor for 'mean' and 'sum', else the losses of input's shape; of input's
            dtype.

    Example:
        >>> paddle.nn.functional.l1_loss(paddle.to_tensor([1.0, 3.0]), paddle.to_tensor([2.0, 1.0])).item()
        1.5
    """
    return _distance_loss(input, label, reduction, _abs, "l1_loss", "L1Loss")


def smooth_l1_loss(input, label, reduction="mean", delta=1.0, is_huber=True, name=None):
    """The Huber loss of r = input - label: 0.5 r² where |r| <= delta, else
    delta * (|r| - 0.5 delta); divided by delta when is_huber is False.

    Args:
        input (Tensor): The predictions, a floating-point tensor of any shape.
        label (Tensor): The targets, of input's shape and dtype.
        reduction (str, optional): 'mean' (the default) averages the elementwise losses, 'sum' adds
            them, 'none' returns them.
        delta (float, optional): Where the loss turns from quadratic to linear; positive. Default
            1.0.
        is_huber (bool, optional): True (the default) gives the Huber loss; False divides it by
            delta.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D tensor for 'mean' and 'sum', else the losses of input's shape; of input's
            dtype.

    Example:
        >>> paddle.nn.functional.smooth_l1_loss(paddle.to_tensor([0.5, 3.0]), paddle.zeros([2]), reduction="none").numpy()
        array([0.125, 2.5  ], dtype=float32)
    """
    _reduction(reduction, "SmoothL1Loss")
    _float_input(input, "input", "smooth_l1_loss")
    check_tensor(label, "label", "smooth_l1_loss")
    _same_shape(input, label, "smooth_l1_loss")
    if delta <= 0:
        raise ValueError(f"[smooth_l1_loss] delta must be positive, got {delta}")
    out = _huber(input, label, float(delta))
    if not is_huber:
        out = out / float(delta)
    return _reduce(out, reduction)


def binary_cross_entropy(input, label, weight=None, reduction="mean", name=None):
    """-(label * log(input) + (1 - label) * log(1 - input)) for probabilities
    ``input``, times ``weight``, reduced by ``reduction``.

    Args:
        input (Tensor): The probabilities, a float32 or float64 tensor of any shape, in [0, 1].
        label (Tensor): The targets in [0, 1], of input's shape and dtype.
        weight (Tensor, optional): Multiplies each element's loss; broadcast to input's shape. None
            (the default) weights all by 1.
        reduction (str, optional): 'mean' (the default) averages the elementwise losses, 'sum' adds
            them, 'none' returns them.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D tensor for 'mean' and 'sum', else the losses of input's shape; of input's
            dtype.

    Example:
        >>> p = paddle.to_tensor([0.5, 0.5])
        >>> round(paddle.nn.functional.binary_cross_entropy(p, paddle.to_tensor([1.0, 0.0])).item(), 4)
        0.6931
    """
    _reduction(reduction, "bce_loss")
    _float_input(input, "input", "binary_cross_entropy")
    check_tensor(label, "label", "binary_cross_entropy")
    _same_shape(input, label, "binary_cross_entropy")
    out = _bce(input, label)
    if weight is not None:
        out = out * check_tensor(weight, "weight", "binary_cross_entropy")
    return _reduce(out, reduction)


def binary_cross_entropy_with_logits(logit, label, weight=None, reduction="mean", pos_weight=None,
                                     name=None):
    """binary_cross_entropy of sigmoid(logit), computed stably; pos_weight
    scales the positive term, weight the whole loss.

    Args:
        logit (Tensor): The logits, a float32 or float64 tensor of any shape.
        label (Tensor): The targets in [0, 1], of logit's shape and dtype.
        weight (Tensor, optional): Multiplies each element's loss; broadcast to logit's shape. None
            (the default) weights all by 1.
        reduction (str, optional): 'mean' (the default) averages the elementwise losses, 'sum' adds
            them, 'none' returns them.
        pos_weight (Tensor, optional): Multiplies the positive term, per class (broadcast to logit's
            shape). None (the default) weights it by 1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D tensor for 'mean' and 'sum', else the losses of logit's shape; of logit's
            dtype.

    Example:
        >>> x = paddle.to_tensor([0.0, 0.0])
        >>> round(paddle.nn.functional.binary_cross_entropy_with_logits(x, paddle.to_tensor([1.0, 0.0])).item(), 4)
        0.6931
    """
    fn = "binary_cross_entropy_with_logits"
    _reduction(reduction, fn)
    _float_input(logit, "logit", fn)
    check_tensor(label, "label", fn)
    _same_shape(logit, label, fn)
    if pos_weight is not None:
        check_tensor(pos_weight, "pos_weight", fn)
        pos_weight = pos_weight + zeros_like(logit)  # the op wants logit's shape: broadcast
    out = _sigmoid_ce(logit, label, pos_weight, False, -100)
    if weight is not None:
        out = out * check_tensor(weight, "weight", fn)
    return _reduce(out, reduction)


def kl_div(input, label, reduction="mean", log_target=False, name=None):
    """The Kullback-Leibler divergence label * (log(label) - input) for
    log-probabilities ``input``; reduction mean, batchmean, sum or none.

    Args:
        input (Tensor): The log-probabilities, a float32 or float64 tensor of any shape.
        label (Tensor): The target probabilities (log-probabilities with log_target), of input's
            shape; cast to input's dtype.
        reduction (str, optional): 'mean' (the default) averages the elementwise losses, 'batchmean'
            divides their sum by the batch size (input.shape[0]), 'sum' adds them, 'none' returns
            them.
        log_target (bool, optional): Whether label holds log-probabilities. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D tensor for 'mean' and 'sum', else the losses of input's shape; of input's
            dtype.

    Example:
        >>> x = paddle.log(paddle.to_tensor([0.5, 0.5]))
        >>> paddle.nn.functional.kl_div(x, paddle.to_tensor([0.5, 0.5])).item()
        0.0
    """
    if reduction not in ("mean", "batchmean", "sum", "none"):
        raise ValueError(f"The value of 'reduction' in kl_div should be 'mean', 'batchmean', "
                         f"'sum' or 'none', but received {reduction}")
    _float_input(input, "input", "kl_div")
    check_tensor(label, "label", "kl_div")
    if label.dtype != input.dtype:
        label = cast(label, input.dtype)
    return _kldiv(input, label, reduction, bool(log_target))


def nll_loss(input, label, weight=None, ignore_index=-100, reduction="mean", name=None):
    """-input[label] (input holding log-probabilities, [N, C] or [N, C, d1, ...]),
    times weight[label]; entries whose label is ignore_index count for nothing.

    Args:
        input (Tensor): The log-probabilities, a float32 or float64 tensor [N, C] or [N, C, d1, d2,
            ...].
        label (Tensor): The class indices, an int64 or int32 tensor [N] or [N, d1, d2, ...], each
            in [0, C) or ignore_index.
        weight (Tensor, optional): The weight of each class, shape [C]; None (the default) weights
            all by 1.
        ignore_index (int, optional): The label value that counts for nothing. Default -100.
        reduction (str, optional): 'mean' (the default) divides the weighted sum by the total weight
            of the counted entries, 'sum' adds, 'none' returns each entry's loss.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D tensor for 'mean' and 'sum', else the losses of label's shape; of input's
            dtype.

    Example:
        >>> logp = paddle.log(paddle.to_tensor([[0.5, 0.5], [0.25, 0.75]]))
        >>> round(paddle.nn.functional.nll_loss(logp, paddle.to_tensor([0, 1])).item(), 4)
        0.4904
    """
    fn = "nll_loss"
    _reduction(reduction, fn)
    _float_input(input, "input", fn)
    check_tensor(label, "label", fn)
    if input.ndim < 2:
        raise ValueError(f"Expected 2 or more dimensions (got {input.ndim})")
    if input.shape[0] != label.shape[0] or input.ndim != label.ndim + 1:
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match label "
                         f"batch_size ({label.shape[0]}), and label to be input's shape without "
                         f"the class dim: input {input.shape}, label {label.shape}")
    if weight is not None:
        check_tensor(weight, "weight", fn)
    n, c = input.shape[0], input.shape[1]
    spatial = input.shape[2:]
    if len(spatial) == 1:
        input, label = unsqueeze(input, 3), unsqueeze(label, 2)
    elif len(spatial) > 2:
        input = reshape(input, [n, c, 1, -1])
        label = reshape(label, [n, 1, -1])
    out = _nll(input, label, weight, int(ignore_index), reduction)
    if reduction == "none" and spatial:
        out = reshape(out, [n] + spatial)
    return out


def _class_weights(weight, label, ignore_index, axis_dim, fn):
    """weight[label] per sample (0 where label is ignore_index)."""
    if weight.shape[-1] != axis_dim:
        raise ValueError(f"input's class_dimension({axis_dim}) must equal to weight's "
                         f"class_dimension({weight.shape[-1]}) when weight is provided")
    valid = cast(label != ignore_index, label.dtype)
    flat = reshape(label * valid, [-1])
    w = reshape(_gather(weight, flat, 0), label.shape)
    return w * cast(valid, w.dtype)


def cross_entropy(input, label, weight=None, ignore_index=-100, reduction="mean", soft_label=False,
                  axis=-1, use_softmax=True, label_smoothing=0.0, name=None):
    """The cross entropy between softmax(input) along ``axis`` (or input itself
    when use_softmax is False) and ``label``: class indices (hard labels, of
    input's shape without ``axis`` or with 1 there) or distributions
    (soft_label). ``weight`` weights the classes; mean divides by the total
    weight of the counted samples.

    Args:
        input (Tensor): The logits (probabilities when use_softmax is False), a float32 or float64
            tensor with the classes along axis.
        label (Tensor): Hard labels: an integer tensor of class indices, input's shape without axis
            or with 1 there. Soft labels (soft_label): a distribution of input's shape.
        weight (Tensor, optional): The weight of each class, shape [C]; None (the default) weights
            all by 1.
        ignore_index (int, optional): The hard label value that counts for nothing. Default -100.
        reduction (str, optional): 'mean' (the default; divided by the total weight of the counted
            samples when weight is given), 'sum', or 'none'.
        soft_label (bool, optional): Whether label holds distributions. Default False.
        axis (int, optional): The dim of the classes, in [-input.ndim, input.ndim). Default -1.
        use_softmax (bool, optional): Applies softmax to input first (True, the default).
        label_smoothing (float, optional): Mixes the labels with the uniform distribution by this
            weight, in [0, 1]. Default 0.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A 0-D tensor for 'mean' and 'sum'; for 'none', the losses of input's shape with axis
            removed for hard labels given without it, else with 1 there.

    Example:
        >>> logits = paddle.to_tensor([[2.0, 0.0], [0.0, 2.0]])
        >>> round(paddle.nn.functional.cross_entropy(logits, paddle.to_tensor([0, 1])).item(), 4)
        0.1269
    """
    fn = "cross_entropy"
    _reduction(reduction, "softmax_cross_entropy")
    _float_input(input, "input", fn)
    check_tensor(label, "label", fn)
    if ignore_index > 0 and soft_label:
        raise ValueError("When soft_label == True, the value of 'ignore_index' in "
                         f"softmax_cross_entropy should be '-100', but received {ignore_index}, "
                         "which is not allowed.")
    if input.ndim == 0:
        raise ValueError("The dimension of input should be larger than zero!")
    if not -input.ndim <= axis < input.ndim:
        raise ValueError(f"[cross_entropy] axis {axis} is out of range for input of shape "
                         f"{input.shape}")
    axis %= input.ndim
    squeeze_out = input.ndim - 1 == label.ndim
    if squeeze_out:
        label = unsqueeze(label, axis)
    elif input.ndim != label.ndim:
        raise ValueError(f"Expected input_dims - 1 = label_dims or input_dims == label_dims "
                         f"(got input_dims{input.ndim}, label_dims{label.ndim})")
    if label_smoothing > 0.0:
        if not soft_label:
            label = one_hot(squeeze(label, axis), input.shape[axis])
            if axis != input.ndim - 1:
                from ...tensor.manipulation import transpose
                perm = list(range(axis)) + [input.ndim - 1] + list(range(axis, input.ndim - 1))
                label = transpose(label, perm)
        label = cast(label, input.dtype) * (1.0 - label_smoothing) + (
            label_smoothing / input.shape[axis])
        soft_label, squeeze_out = True, False
    if soft_label:
        label = cast(label, input.dtype) if label.dtype != input.dtype else label
    elif _dtype.is_floating_point(label.dtype):
        raise TypeError(f"[cross_entropy] hard labels must be an integer Tensor, got "
                        f"{label.dtype.name}; pass soft_label=True for distributions")
    _, out = _softmax_ce(input, label, bool(soft_label), bool(use_softmax), True,
                         int(ignore_index), axis)
    weights = None
    if weight is not None:
        check_tensor(weight, "weight", fn)
        if soft_label:
            moved = label
            if axis != input.ndim - 1:
                from ...tensor.manipulation import transpose
                perm = [d for d in range(input.ndim) if d != axis] + [axis]
                moved = transpose(label, perm)
            weights = reshape(_matmul(cast(moved, weight.dtype), weight, False, False), out.shape)
        else:
            weights = _class_weights(weight, label, ignore_index, input.shape[axis], fn)
        out = out * cast(weights, out.dtype)
    if reduction == "sum":
        return _sum(out)
    if reduction == "mean":
        if weights is not None:
            total = _sum(weights)
            return _sum(out) / (total + cast(total == 0.0, total.dtype))
        if ignore_index >= 0 and not soft_label:
            count = _sum(cast(label != ignore_index, out.dtype))
            return _sum(out) / (count + cast(count == 0.0, count.dtype))
        return mean(out)
    return squeeze(out, axis) if squeeze_out else out


def softmax_with_cross_entropy(logits, label, soft_label=False, ignore_index=-100,
                               numeric_stable_mode=True, return_softmax=False, axis=-1):
    """The unreduced cross entropy of softmax(logits) along ``axis`` and
    ``label`` (the label's shape, with 1 along ``axis``); also the softmax
    when return_softmax.

    Args:
        logits (Tensor): The logits, a float32 or float64 tensor with the classes along axis.
        label (Tensor): Hard labels: an integer tensor of logits' shape with 1 along axis (or
            without axis). Soft labels: a distribution of logits' shape.
        soft_label (bool, optional): Whether label holds distributions. Default False.
        ignore_index (int, optional): The hard label value whose loss is 0. Default -100.
        numeric_stable_mode (bool, optional): Subtracts the maximum before exponentiating. Default
            True.
        return_softmax (bool, optional): Also returns the softmax. Default False.
        axis (int, optional): The dim of the classes, in [-logits.ndim, logits.ndim). Default -1.

    Returns:
        Tensor|tuple: The losses, of logits' shape with 1 along axis (without axis when label has no
            axis); with return_softmax, (loss, softmax).

    Example:
        >>> loss = paddle.nn.functional.softmax_with_cross_entropy(
        ...     paddle.to_tensor([[2.0, 0.0]]), paddle.to_tensor([[0]]))
        >>> loss.shape
        paddle.Size([1, 1])
    """
    fn = "softmax_with_cross_entropy"
    _float_input(logits, "logits", fn)
    check_tensor(label, "label", fn)
    if not -logits.ndim <= axis < logits.ndim:
        raise ValueError(f"[{fn}] axis {axis} is out of range for logits of shape {logits.shape}")
    squeeze_out = logits.ndim == label.ndim + 1
    if squeeze_out:
        label = unsqueeze(label, axis)
    softmax, loss = _softmax_ce(logits, label, bool(soft_label), True, bool(numeric_stable_mode),
                                int(ignore_index), axis % logits.ndim)
    if squeeze_out:
        loss = squeeze(loss, axis)
    return (loss, softmax) if return_softmax else loss
