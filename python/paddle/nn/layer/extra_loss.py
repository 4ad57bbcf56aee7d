"""The layers of nn/functional/extra_loss.py: each holds its settings (the
reduction checked when built) and calls the functional loss."""
from ..functional import ctc as _ctc
from ..functional import extra_loss as _fl
from .layers import Layer
from .loss import _check_reduction

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class _Loss(Layer):
    """A loss layer: the settings become attributes of the same names."""

    def __init__(self, reduction, name, **settings):
        super().__init__()
        self.reduction = _check_reduction(reduction, type(self).__name__)
        self.name = name
        for key, value in settings.items():
            setattr(self, key, value)


class MarginRankingLoss(_Loss):
    """relu(-label * (input - other) + margin), reduced.

    Args:
        margin (float): the margin. Default 0.0.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(input, other, label) applies
        paddle.nn.functional.margin_ranking_loss.

    Example:
        >>> loss = paddle.nn.MarginRankingLoss(margin=1.0)
        >>> loss(paddle.to_tensor([2.0]), paddle.to_tensor([1.0]), paddle.to_tensor([1.0])).item()
        0.0
    """

    def __init__(self, margin=0.0, reduction="mean", name=None):
        super().__init__(reduction, name, margin=margin)

    def forward(self, input, other, label):  # noqa: A002  (PaddlePaddle's names)
        return _fl.margin_ranking_loss(input, other, label, self.margin, self.reduction)


class HingeEmbeddingLoss(_Loss):
    """input where label is 1, relu(margin - input) where label is -1, reduced.

    Args:
        margin (float): the margin. Default 1.0.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(input, label) applies paddle.nn.functional.hinge_embedding_loss.

    Example:
        >>> loss = paddle.nn.HingeEmbeddingLoss(reduction="sum")
        >>> round(loss(paddle.to_tensor([0.5, 0.2]), paddle.to_tensor([1.0, -1.0])).item(), 4)
        1.3
    """

    def __init__(self, margin=1.0, reduction="mean", name=None):
        super().__init__(reduction, name, margin=margin)

    def forward(self, input, label):  # noqa: A002
        return _fl.hinge_embedding_loss(input, label, self.margin, self.reduction)


class CosineEmbeddingLoss(_Loss):
    """1 - cos where label is 1, max(0, cos - margin) where label is -1, reduced.

    Args:
        margin (float): the margin, in [-1, 1]. Default 0.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(input1, input2, label) applies
        paddle.nn.functional.cosine_embedding_loss.

    Example:
        >>> loss = paddle.nn.CosineEmbeddingLoss()
        >>> a = paddle.to_tensor([[1.0, 0.0]])
        >>> loss(a, a, paddle.to_tensor([1])).item()
        0.0
    """

    def __init__(self, margin=0, reduction="mean", name=None):
        super().__init__(reduction, name, margin=margin)

    def forward(self, input1, input2, label):
        return _fl.cosine_embedding_loss(input1, input2, label, self.margin, self.reduction)


class SoftMarginLoss(_Loss):
    """log(1 + exp(-label * input)), reduced.

    Args:
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(input, label) applies paddle.nn.functional.soft_margin_loss.

    Example:
        >>> loss = paddle.nn.SoftMarginLoss(reduction="none")
        >>> loss(paddle.to_tensor([0.0]), paddle.to_tensor([1.0])).numpy().round(4)
        array([0.6931], dtype=float32)
    """

    def __init__(self, reduction="mean", name=None):
        super().__init__(reduction, name)

    def forward(self, input, label):  # noqa: A002
        return _fl.soft_margin_loss(input, label, self.reduction)


class MultiLabelSoftMarginLoss(_Loss):
    """The mean over classes of the binary logistic losses, reduced.

    Args:
        weight (Tensor): per-class weights, or None. Default None.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(input, label) applies
        paddle.nn.functional.multi_label_soft_margin_loss.

    Example:
        >>> loss = paddle.nn.MultiLabelSoftMarginLoss()
        >>> round(loss(paddle.zeros([2, 3]), paddle.ones([2, 3])).item(), 4)
        0.6931
    """

    def __init__(self, weight=None, reduction="mean", name=None):
        super().__init__(reduction, name, weight=weight)

    def forward(self, input, label):  # noqa: A002
        return _fl.multi_label_soft_margin_loss(input, label, self.weight, self.reduction)


class MultiMarginLoss(_Loss):
    """The multi-class hinge loss, reduced.

    Args:
        p (int): the exponent, 1 or 2. Default 1.
        margin (float): the margin. Default 1.0.
        weight (Tensor): [C] class weights, or None. Default None.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(input, label) applies paddle.nn.functional.multi_margin_loss.

    Example:
        >>> loss = paddle.nn.MultiMarginLoss(margin=0.5)
        >>> loss(paddle.to_tensor([[2.0, 0.0]]), paddle.to_tensor([0])).item()
        0.0
    """

    def __init__(self, p=1, margin=1.0, weight=None, reduction="mean", name=None):
        super().__init__(reduction, name, p=p, margin=margin, weight=weight)

    def forward(self, input, label):  # noqa: A002
        return _fl.multi_margin_loss(input, label, self.p, self.margin, self.weight,
                                     self.reduction)


class TripletMarginLoss(_Loss):
    """max(0, d(input, positive) - d(input, negative) + margin) with the
    p-norm distance, reduced.

    Args:
        margin (float): the margin, at least 0. Default 1.0.
        p (float): the norm order of the distance. Default 2.0.
        epsilon (float): the distance's epsilon. Default 1e-6.
        swap (bool): use d(positive, negative) where it is smaller. Default False.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(input, positive, negative) applies
        paddle.nn.functional.triplet_margin_loss.

    Example:
        >>> loss = paddle.nn.TripletMarginLoss(epsilon=0.0)
        >>> a = paddle.to_tensor([[0.0, 0.0]])
        >>> loss(a, a, paddle.to_tensor([[0.0, 3.0]])).item()
        0.0
    """

    def __init__(self, margin=1.0, p=2.0, epsilon=1e-6, swap=False, reduction="mean", name=None):
        super().__init__(reduction, name, margin=margin, p=p, epsilon=epsilon, swap=swap)

    def forward(self, input, positive, negative):  # noqa: A002
        return _fl.triplet_margin_loss(input, positive, negative, self.margin, self.p,
                                       self.epsilon, self.swap, self.reduction)


class TripletMarginWithDistanceLoss(_Loss):
    """max(0, d(input, positive) - d(input, negative) + margin) with any
    distance function d, reduced. (PaddlePaddle 3.3.1's layer ignores
    distance_function; this one uses it, as its functional form does.)

    Args:
        distance_function (callable): d(x, y) -> [N] non-negative distances, or None for
            the 2-norm pairwise_distance. Default None.
        margin (float): the margin, at least 0. Default 1.0.
        swap (bool): use d(positive, negative) where it is smaller. Default False.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(input, positive, negative) applies
        paddle.nn.functional.triplet_margin_with_distance_loss.

    Example:
        >>> loss = paddle.nn.TripletMarginWithDistanceLoss(margin=2.0)
        >>> a = paddle.to_tensor([[0.0, 0.0]])
        >>> round(loss(a, a, paddle.to_tensor([[0.0, 1.0]])).item(), 4)
        1.0
    """

    def __init__(self, distance_function=None, margin=1.0, swap=False, reduction="mean",
                 name=None):
        super().__init__(reduction, name, distance_function=distance_function, margin=margin,
                         swap=swap)

    def forward(self, input, positive, negative):  # noqa: A002
        return _fl.triplet_margin_with_distance_loss(input, positive, negative,
                                                     self.distance_function, self.margin,
                                                     self.swap, self.reduction)


class PoissonNLLLoss(_Loss):
    """The Poisson negative log-likelihood, reduced.

    Args:
        log_input (bool): input is the log of the rate. Default True.
        full (bool): add Stirling's term for labels above 1. Default False.
        epsilon (float): added to the rate before its log (log_input False). Default 1e-8.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(input, label) applies paddle.nn.functional.poisson_nll_loss.

    Example:
        >>> loss = paddle.nn.PoissonNLLLoss()
        >>> loss(paddle.to_tensor([0.0]), paddle.to_tensor([0.0])).item()
        1.0
    """

    def __init__(self, log_input=True, full=False, epsilon=1e-8, reduction="mean", name=None):
        if epsilon <= 0:
            raise ValueError(f"[PoissonNLLLoss] epsilon must be positive, got {epsilon}")
        super().__init__(reduction, name, log_input=log_input, full=full, epsilon=epsilon)

    def forward(self, input, label):  # noqa: A002
        return _fl.poisson_nll_loss(input, label, self.log_input, self.full, self.epsilon,
                                    self.reduction)


class GaussianNLLLoss(_Loss):
    """The Gaussian negative log-likelihood, reduced.

    Args:
        full (bool): add the constant 0.5 * log(2 * pi). Default False.
        epsilon (float): the smallest variance. Default 1e-6.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(input, label, variance) applies
        paddle.nn.functional.gaussian_nll_loss.

    Example:
        >>> loss = paddle.nn.GaussianNLLLoss()
        >>> x = paddle.to_tensor([1.0])
        >>> loss(x, x, paddle.to_tensor([1.0])).item()
        0.0
    """

    def __init__(self, full=False, epsilon=1e-6, reduction="mean", name=None):
        super().__init__(reduction, name, full=full, epsilon=epsilon)

    def forward(self, input, label, variance):  # noqa: A002
        return _fl.gaussian_nll_loss(input, label, variance, self.full, self.epsilon,
                                     self.reduction)


class MultiLabelMarginLoss(_Loss):
    """The multi-class multi-label hinge loss, reduced.

    Args:
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(input, label) applies
        paddle.nn.functional.multi_label_margin_loss.

    Example:
        >>> loss = paddle.nn.MultiLabelMarginLoss(reduction="none")
        >>> loss(paddle.to_tensor([[3.0, 0.0]]), paddle.to_tensor([[0, -1]])).numpy()
        array([0.], dtype=float32)
    """

    def __init__(self, reduction="mean", name=None):
        super().__init__(reduction, name)

    def forward(self, input, label):  # noqa: A002
        return _fl.multi_label_margin_loss(input, label, self.reduction)


class CTCLoss(_Loss):
    """The CTC loss (see paddle.nn.functional.ctc_loss).

    Args:
        blank (int): the blank's class. Default 0.
        reduction (str): "mean", "sum" or "none". Default "mean".
        zero_infinity (bool): impossible alignments give 0 instead of inf. Default False.

    Returns:
        A Layer whose forward(log_probs, labels, input_lengths, label_lengths,
        norm_by_times=False) applies paddle.nn.functional.ctc_loss.

    Example:
        >>> loss = paddle.nn.CTCLoss(reduction="sum")
        >>> round(loss(paddle.zeros([2, 1, 2]), paddle.to_tensor([[1]], "int32"),
        ...            paddle.to_tensor([2]), paddle.to_tensor([1])).item(), 4)
        0.2877
    """

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__(reduction, None, blank=blank, zero_infinity=zero_infinity)

    def forward(self, log_probs, labels, input_lengths, label_lengths, norm_by_times=False):
        return _ctc.ctc_loss(log_probs, labels, input_lengths, label_lengths, self.blank,
                             self.reduction, norm_by_times, self.zero_infinity)
