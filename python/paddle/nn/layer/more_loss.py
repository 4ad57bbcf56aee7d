"""HSigmoidLoss, RNNTLoss and AdaptiveLogSoftmaxWithLoss: the layers of
nn/functional/hsigmoid.py, rnnt.py and adaptive_log_softmax.py, holding their
parameters (a tree's node weights, an adaptive softmax's head and tails)."""
import numbers

import numpy as np

from ...framework.dtypes import get_default_dtype
from ...tensor.creation import to_tensor
from ...tensor.gather_scatter import scatter
from ...tensor.manipulation import cast, concat, unsqueeze
from ...tensor.search import argmax, index_select
from ..functional import hsigmoid as _hs
from ..functional.activation import log_softmax
from ..functional.adaptive_log_softmax import adaptive_log_softmax_with_loss
from ..functional.common import linear
from ..functional.loss import _reduction
from ..functional.rnnt import rnnt_loss
from .container import LayerList, ParameterList
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class HSigmoidLoss(Layer):
    """The hierarchical sigmoid loss (see paddle.nn.functional.hsigmoid_loss),
    with the node parameters weight [C, feature_size] and bias [C, 1]: C is
    num_classes - 1 for the default tree, num_classes for a custom one.

    Args:
        feature_size (int): the size D of the input features.
        num_classes (int): the number of classes (for a custom tree: of its non-leaf nodes).
        weight_attr (ParamAttr): the weight's attributes. Default None.
        bias_attr (ParamAttr|bool): the bias's attributes; False for none. Default None.
        is_custom (bool): the forward takes path_table and path_code. Default False.
        is_sparse (bool): accepted for PaddlePaddle compatibility (dense
            gradients here). Default False.
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        A Layer whose forward(input, label, path_table=None, path_code=None)
        returns the [N, 1] losses.

    Example:
        >>> loss = paddle.nn.HSigmoidLoss(feature_size=3, num_classes=5)
        >>> loss.weight.shape, loss.bias.shape
        (paddle.Size([4, 3]), paddle.Size([4, 1]))
        >>> loss(paddle.ones([2, 3]), paddle.to_tensor([0, 4])).shape
        paddle.Size([2, 1])
    """

    def __init__(self, feature_size, num_classes, weight_attr=None, bias_attr=None,
                 is_custom=False, is_sparse=False, name=None):
        super().__init__()
        fn = "HSigmoidLoss"
        for what, v in (("feature_size", feature_size), ("num_classes", num_classes)):
            if isinstance(v, bool) or not isinstance(v, numbers.Integral) or v < 1:
                raise ValueError(f"[{fn}] {what} must be a positive int, got {v!r}")
        if num_classes < 2 and not is_custom:
            raise ValueError(f"[{fn}] num_classes must be >= 2 with the default tree, got "
                             f"{num_classes}")
        self._num_classes = num_classes
        self._is_custom = is_custom
        self._is_sparse = bool(is_sparse) and is_custom  # sparse needs a custom tree
        self._name = name
        dtype = get_default_dtype()
        rows = num_classes if is_custom else num_classes - 1
        self.weight = self.create_parameter([rows, feature_size], attr=weight_attr, dtype=dtype)
        self.bias = self.create_parameter([rows, 1], attr=bias_attr, dtype=dtype, is_bias=True)

    def forward(self, input, label, path_table=None, path_code=None):  # noqa: A002
        return _hs.hsigmoid_loss(input, label, self._num_classes, self.weight, self.bias,
                                 path_table=path_table, path_code=path_code,
                                 is_sparse=self._is_sparse)


class RNNTLoss(Layer):
    """The RNN transducer loss (see paddle.nn.functional.rnnt_loss).

    Args:
        blank (int): the blank class. Default 0.
        fastemit_lambda (float): FastEmit's scale of the label emissions'
            gradient, 1 + fastemit_lambda. Default 0.001.
        reduction (str): "mean", "sum" or "none". Default "mean".
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        A Layer whose forward(input, label, input_lengths, label_lengths) returns the loss.

    Example:
        >>> logp = paddle.nn.functional.log_softmax(paddle.zeros([1, 2, 2, 3]), axis=-1)
        >>> loss = paddle.nn.RNNTLoss(fastemit_lambda=0.0)(logp, paddle.to_tensor([[1]], "int32"),
        ...     paddle.to_tensor([2], "int32"), paddle.to_tensor([1], "int32"))
        >>> round(loss.item(), 4)
        2.6027
    """

    def __init__(self, blank=0, fastemit_lambda=0.001, reduction="mean", name=None):
        super().__init__()
        _reduction(reduction, "RNNTLoss")
        self.blank = blank
        self.reduction = reduction
        self.fastemit_lambda = fastemit_lambda
        self.name = name

    def forward(self, input, label, input_lengths, label_lengths):  # noqa: A002
        return rnnt_loss(input, label, input_lengths, label_lengths, blank=self.blank,
                         fastemit_lambda=self.fastemit_lambda, reduction=self.reduction)


class AdaptiveLogSoftmaxWithLoss(Layer):
    """The adaptive softmax (see paddle.nn.functional.adaptive_log_softmax_with_loss)
    with its parameters: head_weight [in_features, cutoffs[0] + clusters]
    (and head_bias), and per cluster i the projections tail_weights[i][0]
    [in_features, in_features // div_value ** (i + 1)] and tail_weights[i][1]
    [that, cluster size]. Unlike PaddlePaddle 3.3.1, the tail weights are
    registered parameters (so optimizers given parameters() train them).

    Args:
        in_features (int): the input size.
        n_classes (int): the number of classes.
        cutoffs (list): increasing class boundaries in [1, n_classes - 1]; the
            classes below cutoffs[0] are in the head.
        weight_attr (ParamAttr): the weights' attributes. Default None.
        bias_attr (ParamAttr): the head bias's attributes. Default None.
        div_value (float): each cluster's hidden size is in_features divided by
            div_value once more. Default 4.0.
        head_bias (bool): whether the head has a bias. Default False.
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        A Layer whose forward(input, label) returns (output, loss); log_prob(input)
        gives every class's log-probability and predict(input) the likeliest class.

    Example:
        >>> layer = paddle.nn.AdaptiveLogSoftmaxWithLoss(16, 10, cutoffs=[3, 6])
        >>> out, loss = layer(paddle.rand([4, 16]), paddle.to_tensor([0, 3, 7, 9]))
        >>> out.shape, layer.log_prob(paddle.rand([4, 16])).shape
        (paddle.Size([4]), paddle.Size([4, 10]))
    """

    def __init__(self, in_features, n_classes, cutoffs, weight_attr=None, bias_attr=None,
                 div_value=4.0, head_bias=False, name=None):
        super().__init__()
        cutoffs = list(cutoffs)
        if (cutoffs != sorted(cutoffs) or not cutoffs or min(cutoffs) <= 0
                or max(cutoffs) > n_classes - 1 or len(set(cutoffs)) != len(cutoffs)
                or any(int(c) != c for c in cutoffs)):
            raise ValueError("[AdaptiveLogSoftmaxWithLoss] cutoffs must be unique, increasing "
                             f"ints in [1, n_classes - 1 = {n_classes - 1}], got {cutoffs}")
        dtype = get_default_dtype()
        self.in_features = in_features
        self.n_classes = n_classes
        self.cutoffs = [int(c) for c in cutoffs] + [n_classes]
        self.div_value = div_value
        self.is_head_bias = head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        self.head_weight = self.create_parameter([in_features, self.head_size], attr=weight_attr,
                                                 dtype=dtype)
        self.head_bias = (self.create_parameter([self.head_size], attr=bias_attr, dtype=dtype,
                                                is_bias=True) if head_bias else None)
        tails = []
        for i in range(self.n_clusters):
            hidden = int(in_features // (div_value ** (i + 1)))
            if hidden < 1:  # PaddlePaddle makes a [in_features, 0] weight: scores all 0
                raise ValueError(f"[AdaptiveLogSoftmaxWithLoss] cluster {i}'s hidden size "
                                 f"in_features // div_value ** {i + 1} is 0: raise in_features "
                                 f"({in_features}) or lower div_value ({div_value})")
            size = self.cutoffs[i + 1] - self.cutoffs[i]
            tails.append(ParameterList([
                self.create_parameter([in_features, hidden], attr=weight_attr, dtype=dtype),
                self.create_parameter([hidden, size], attr=weight_attr, dtype=dtype)]))
        self.tail_weights = LayerList(tails)

    def forward(self, input, label):  # noqa: A002
        return adaptive_log_softmax_with_loss(input, label, self.head_weight, self.tail_weights,
                                              self.cutoffs, self.head_bias)

    def _full_log_prob(self, input, head_output):  # noqa: A002
        head_logprob = log_softmax(head_output, axis=1)
        parts = [head_logprob[:, :self.shortlist_size]]
        for i in range(self.n_clusters):
            hidden = linear(input, self.tail_weights[i][0])
            cluster_logprob = log_softmax(linear(hidden, self.tail_weights[i][1]), axis=1)
            parts.append(cluster_logprob
                         + unsqueeze(head_logprob[:, self.shortlist_size + i], 1))
        return concat(parts, axis=1)

    def log_prob(self, input):  # noqa: A002
        """Every class's log-probability, [N, n_classes].

        Args:
            input (Tensor): [N, in_features].

        Returns:
            Tensor: [N, n_classes] log-probabilities.

        Example:
            >>> layer = paddle.nn.AdaptiveLogSoftmaxWithLoss(4, 5, cutoffs=[2])
            >>> float(paddle.exp(layer.log_prob(paddle.rand([1, 4]))).sum().round(4))
            1.0
        """
        return self._full_log_prob(input, linear(input, self.head_weight, self.head_bias))

    def predict(self, input):  # noqa: A002
        """The likeliest class of each row. As in PaddlePaddle 3.3.1, the result
        is float32 unless no row's head argmax is in the shortlist (then int64).

        Args:
            input (Tensor): [N, in_features].

        Returns:
            Tensor: [N] classes.

        Example:
            >>> layer = paddle.nn.AdaptiveLogSoftmaxWithLoss(4, 5, cutoffs=[2])
            >>> layer.predict(paddle.rand([3, 4])).shape
            paddle.Size([3])
        """
        head_output = linear(input, self.head_weight, self.head_bias)
        output = cast(argmax(head_output, axis=1), "float32")
        outside = (output >= self.shortlist_size).numpy()
        if not outside.any():
            return output
        if outside.all():
            return argmax(self._full_log_prob(input, head_output), axis=1)
        rows = to_tensor(np.nonzero(outside)[0].astype("int64"))
        best = argmax(self._full_log_prob(index_select(input, rows, 0),
                                          index_select(head_output, rows, 0)), axis=1)
        return scatter(output, rows, cast(best, "float32"))
