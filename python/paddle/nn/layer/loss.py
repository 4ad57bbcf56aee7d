"""Loss layers: each holds its settings and calls the nn.functional loss."""
from .. import functional as F
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


def _check_reduction(reduction, cls, allowed=("sum", "mean", "none")):
    if reduction not in allowed:
        raise ValueError(f"The value of 'reduction' in {cls} should be "
                         f"{', '.join(repr(a) for a in allowed)}, but received {reduction}, "
                         "which is not allowed.")
    return reduction


class CrossEntropyLoss(Layer):
    """F.cross_entropy as a layer (hard or soft labels, class weights,
    ignore_index, label smoothing).

    Args:
        weight (Tensor, optional): A 1-D float tensor of one weight per class, scaling each sample's
            loss by its label's weight. Default None: all 1.
        ignore_index (int, optional): A hard label value whose samples get 0 loss and are left out
            of the mean. Default -100.
        reduction (str, optional): 'mean' (the default; the weighted mean), 'sum' or 'none' (the
            per-sample losses).
        soft_label (bool, optional): True: label holds a probability distribution per sample (same
            shape as input); False (the default): int64 class indices.
        axis (int, optional): The class dim of input. Default -1.
        use_softmax (bool, optional): Apply softmax to input first; False when input is already
            probabilities. Default True.
        label_smoothing (float, optional): In [0, 1]; mixes the hard label with a uniform
            distribution by this weight. Default 0.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        CrossEntropyLoss: A layer whose forward(input, label) returns the loss: a 0-D float tensor,
            or per-sample losses for reduction 'none'.

    Example:
        >>> loss = paddle.nn.CrossEntropyLoss()
        >>> loss(paddle.to_tensor([[2.0, 0.0]]), paddle.to_tensor([0])).shape
        paddle.Size([])
    """

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", soft_label=False, axis=-1,
                 use_softmax=True, label_smoothing=0.0, name=None):
        super().__init__()
        self.weight = weight
        self.ignore_index = ignore_index
        self.reduction = _check_reduction(reduction, "CrossEntropyLoss")
        self.soft_label = soft_label
        self.axis = axis
        self.use_softmax = use_softmax
        self.label_smoothing = label_smoothing
        self.name = name

    def forward(self, input, label):
        return F.cross_entropy(input, label, self.weight, self.ignore_index, self.reduction,
                               self.soft_label, self.axis, self.use_softmax, self.label_smoothing)


class MSELoss(Layer):
    """(input - label)², reduced.

    Args:
        reduction (str, optional): 'mean' (the default), 'sum' or 'none' (the elementwise losses).

    Returns:
        MSELoss: A layer whose forward(input, label) returns the loss of two float tensors of the
            same shape: a 0-D tensor, or the elementwise losses for reduction 'none'.

    Example:
        >>> paddle.nn.MSELoss()(paddle.to_tensor([1.0, 3.0]), paddle.to_tensor([1.0, 1.0])).item()
        2.0
    """

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = _check_reduction(reduction, "MSELoss")

    def forward(self, input, label):
        return F.mse_loss(input, label, self.reduction)


class L1Loss(Layer):
    """|input - label|, reduced.

    Args:
        reduction (str, optional): 'mean' (the default), 'sum' or 'none' (the elementwise losses).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        L1Loss: A layer whose forward(input, label) returns the loss of two float tensors of the
            same shape: a 0-D tensor, or the elementwise losses for reduction 'none'.

    Example:
        >>> paddle.nn.L1Loss()(paddle.to_tensor([1.0, 3.0]), paddle.to_tensor([2.0, 1.0])).item()
        1.5
    """

    def __init__(self, reduction="mean", name=None):
        super().__init__()
        self.reduction = _check_reduction(reduction, "L1Loss")
        self.name = name

    def forward(self, input, label):
        return F.l1_loss(input, label, self.reduction)


class NLLLoss(Layer):
    """-input[label] for log-probabilities, class weights, ignore_index.

    Args:
        weight (Tensor, optional): A 1-D float tensor of one weight per class. Default None: all 1.
        ignore_index (int, optional): A label value whose samples get 0 loss and are left out of the
            mean. Default -100.
        reduction (str, optional): 'mean' (the default; the weighted mean), 'sum' or 'none' (the
            per-sample losses).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        NLLLoss: A layer whose forward(input, label) takes log-probabilities [N, C] (or [N, C, d1,
            ...]) and int64 labels [N] (or [N, d1, ...]) and returns the loss: a 0-D tensor, or
            per-sample losses for reduction 'none'.

    Example:
        >>> logp = paddle.log(paddle.to_tensor([[0.5, 0.5]]))
        >>> round(paddle.nn.NLLLoss()(logp, paddle.to_tensor([0])).item(), 4)
        0.6931
    """

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", name=None):
        super().__init__()
        self._weight = weight
        self._ignore_index = ignore_index
        self._reduction = _check_reduction(reduction, "NLLLoss")
        self._name = name

    def forward(self, input, label):
        return F.nll_loss(input, label, self._weight, self._ignore_index, self._reduction)


class BCELoss(Layer):
    """Binary cross entropy of probabilities, optionally weighted.

    Args:
        weight (Tensor, optional): A float tensor broadcast against the elementwise losses to scale
            them. Default None.
        reduction (str, optional): 'mean' (the default), 'sum' or 'none' (the elementwise losses).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        BCELoss: A layer whose forward(input, label) takes probabilities in [0, 1] and labels of the
            same shape and returns the loss: a 0-D tensor, or the elementwise losses for reduction
            'none'.

    Example:
        >>> p = paddle.to_tensor([0.5])
        >>> round(paddle.nn.BCELoss()(p, paddle.to_tensor([1.0])).item(), 4)
        0.6931
    """

    def __init__(self, weight=None, reduction="mean", name=None):
        super().__init__()
        self.weight = weight
        self.reduction = _check_reduction(reduction, "BCELoss")
        self.name = name

    def forward(self, input, label):
        return F.binary_cross_entropy(input, label, self.weight, self.reduction)


class BCEWithLogitsLoss(Layer):
    """Binary cross entropy of sigmoid(logit), computed stably; pos_weight
    scales the positive term.

    Args:
        weight (Tensor, optional): A float tensor broadcast against the elementwise losses to scale
            them. Default None.
        reduction (str, optional): 'mean' (the default), 'sum' or 'none' (the elementwise losses).
        pos_weight (Tensor, optional): A float tensor of one weight per class (the last dim) that
            scales the positive term. Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        BCEWithLogitsLoss: A layer whose forward(logit, label) takes logits and labels of the same
            shape and returns the loss: a 0-D tensor, or the elementwise losses for reduction
            'none'.

    Example:
        >>> x = paddle.to_tensor([0.0])
        >>> round(paddle.nn.BCEWithLogitsLoss()(x, paddle.to_tensor([1.0])).item(), 4)
        0.6931
    """

    def __init__(self, weight=None, reduction="mean", pos_weight=None, name=None):
        super().__init__()
        self.weight = weight
        self.reduction = _check_reduction(reduction, "BCEWithLogitsLoss")
        self.pos_weight = pos_weight
        self.name = name

    def forward(self, logit, label):
        return F.binary_cross_entropy_with_logits(logit, label, self.weight, self.reduction,
                                                  self.pos_weight)


class SmoothL1Loss(Layer):
    """The Huber loss with threshold delta (divided by delta unless is_huber).

    Args:
        reduction (str, optional): 'mean' (the default), 'sum' or 'none' (the elementwise losses).
        delta (float, optional): The threshold between the squared and the linear part, > 0.
            Default 1.0.
        is_huber (bool, optional): True (the default): the Huber loss; False: the Huber loss divided
            by delta.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        SmoothL1Loss: A layer whose forward(input, label) returns the loss of two float tensors of
            the same shape: a 0-D tensor, or the elementwise losses for reduction 'none'.

    Example:
        >>> paddle.nn.SmoothL1Loss()(paddle.to_tensor([0.5]), paddle.to_tensor([0.0])).item()
        0.125
    """

    def __init__(self, reduction="mean", delta=1.0, is_huber=True, name=None):
        super().__init__()
        self.reduction = _check_reduction(reduction, "SmoothL1Loss")
        self.delta = delta
        self.is_huber = is_huber
        self.name = name

    def forward(self, input, label):
        return F.smooth_l1_loss(input, label, self.reduction, self.delta, self.is_huber)


class HuberLoss(SmoothL1Loss):
    """The Huber loss: 0.5 r^2 where |r| <= delta, else delta * (|r| - 0.5 delta), r = input -
    label (``SmoothL1Loss`` under PaddlePaddle's newer name).

    Args:
        reduction (str, optional): 'mean' (the default), 'sum' or 'none' (the elementwise losses).
        delta (float, optional): The threshold between the squared and the linear part, > 0.
            Default 1.0.
        is_huber (bool, optional): True (the default): the Huber loss; False: the Huber loss divided
            by delta.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        HuberLoss: A layer whose forward(input, label) returns the loss of two float tensors of the
            same shape: a 0-D tensor, or the elementwise losses for reduction 'none'.

    Example:
        >>> loss = paddle.nn.HuberLoss(delta=0.5)
        >>> round(loss(paddle.to_tensor([2.0]), paddle.to_tensor([0.0])).item(), 4)
        0.875
    """

    def __init__(self, reduction="mean", delta=1.0, is_huber=True, name=None):
        super().__init__(_check_reduction(reduction, "HuberLoss"), delta, is_huber, name)


class KLDivLoss(Layer):
    """The Kullback-Leibler divergence of log-probabilities input from label.

    Args:
        reduction (str, optional): 'mean' (the default; over all elements), 'batchmean' (the sum
            divided by the batch size), 'sum' or 'none' (the elementwise losses).
        log_target (bool, optional): Whether label holds log-probabilities too. Default False.

    Returns:
        KLDivLoss: A layer whose forward(input, label) takes log-probabilities input and a label of
            the same shape and returns the loss: a 0-D tensor, or the elementwise losses for
            reduction 'none'.

    Example:
        >>> x = paddle.log(paddle.to_tensor([0.5, 0.5]))
        >>> paddle.nn.KLDivLoss()(x, paddle.to_tensor([0.5, 0.5])).item()
        0.0
    """

    def __init__(self, reduction="mean", log_target=False):
        super().__init__()
        self.reduction = _check_reduction(reduction, "KLDivLoss",
                                          ("mean", "batchmean", "sum", "none"))
        self.log_target = log_target

    def forward(self, input, label):
        return F.kl_div(input, label, self.reduction, self.log_target)
