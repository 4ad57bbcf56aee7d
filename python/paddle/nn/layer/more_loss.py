"""HSigmoidLoss: the layer of nn/functional/hsigmoid.py, holding the tree's
node weights and biases."""
import numbers

from ...framework.dtypes import get_default_dtype
from ..functional import hsigmoid as _hs
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
