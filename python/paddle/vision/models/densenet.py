"""DenseNet (Huang et al. 2016) with PaddlePaddle's layer names (its older
paddle.nn.BatchNorm layers, named batch_norm_<n>)."""
import math

from ... import nn
from ...base.param_attr import ParamAttr
from ...nn.initializer import Uniform
from ...tensor.manipulation import concat, flatten
from ._pretrained import check_pretrained

__all__ = []

# layers -> (stem channels, growth rate, dense layers per block)
_SPECS = {121: (64, 32, [6, 12, 24, 16]), 161: (96, 48, [6, 12, 36, 24]),
          169: (64, 32, [6, 12, 32, 32]), 201: (64, 32, [6, 12, 48, 32]),
          264: (64, 32, [6, 12, 64, 48])}


class BNACConvLayer(nn.Layer):
    """Batch norm + activation, then a bias-free Conv2D (pre-activation order).

    Example:
        >>> import paddle
        >>> from paddle.vision.models.densenet import BNACConvLayer
        >>> BNACConvLayer(4, 8, 3, pad=1)(paddle.rand([1, 4, 5, 5])).shape
        paddle.Size([1, 8, 5, 5])
    """

    def __init__(self, num_channels, num_filters, filter_size, stride=1, pad=0, groups=1,
                 act="relu"):
        super().__init__()
        self._batch_norm = nn.BatchNorm(num_channels, act=act)
        self._conv = nn.Conv2D(num_channels, num_filters, filter_size, stride=stride,
                               padding=pad, groups=groups, weight_attr=ParamAttr(),
                               bias_attr=False)

    def forward(self, input):  # noqa: A002  (PaddlePaddle's name)
        return self._conv(self._batch_norm(input))


class DenseLayer(nn.Layer):
    """A 1x1 (bn_size x growth_rate channels) then 3x3 (growth_rate channels)
    BNACConvLayer, optional dropout, and the input concatenated in front.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.densenet import DenseLayer
        >>> DenseLayer(4, 2, 2, 0.0)(paddle.rand([1, 4, 5, 5])).shape
        paddle.Size([1, 6, 5, 5])
    """

    def __init__(self, num_channels, growth_rate, bn_size, dropout):
        super().__init__()
        self.dropout = dropout
        self.bn_ac_func1 = BNACConvLayer(num_channels, bn_size * growth_rate, 1, pad=0, stride=1)
        self.bn_ac_func2 = BNACConvLayer(bn_size * growth_rate, growth_rate, 3, pad=1, stride=1)
        if dropout:
            self.dropout_func = nn.Dropout(p=dropout, mode="downscale_in_infer")

    def forward(self, input):  # noqa: A002  (PaddlePaddle's name)
        conv = self.bn_ac_func2(self.bn_ac_func1(input))
        if self.dropout:
            conv = self.dropout_func(conv)
        return concat([input, conv], axis=1)


class DenseBlock(nn.Layer):
    """num_layers DenseLayers, registered as '<name>_1', '<name>_2', ...

    Example:
        >>> import paddle
        >>> from paddle.vision.models.densenet import DenseBlock
        >>> DenseBlock(4, 3, 2, 2, 0.0, name="conv2")(paddle.rand([1, 4, 5, 5])).shape
        paddle.Size([1, 10, 5, 5])
    """

    def __init__(self, num_channels, num_layers, bn_size, growth_rate, dropout, name=None):
        super().__init__()
        self.dropout = dropout
        self.dense_layer_func = []
        channels = num_channels
        for i in range(num_layers):
            layer = DenseLayer(channels, growth_rate, bn_size, dropout)
            self.dense_layer_func.append(self.add_sublayer(f"{name}_{i + 1}", layer))
            channels += growth_rate

    def forward(self, input):  # noqa: A002  (PaddlePaddle's name)
        conv = input
        for layer in self.dense_layer_func:
            conv = layer(conv)
        return conv


class TransitionLayer(nn.Layer):
    """A 1x1 BNACConvLayer to num_output_features channels, then 2x2 average pooling.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.densenet import TransitionLayer
        >>> TransitionLayer(8, 4)(paddle.rand([1, 8, 6, 6])).shape
        paddle.Size([1, 4, 3, 3])
    """

    def __init__(self, num_channels, num_output_features):
        super().__init__()
        self.conv_ac_func = BNACConvLayer(num_channels, num_output_features, 1, pad=0, stride=1)
        self.pool2d_avg = nn.AvgPool2D(kernel_size=2, stride=2, padding=0)

    def forward(self, input):  # noqa: A002  (PaddlePaddle's name)
        return self.pool2d_avg(self.conv_ac_func(input))


class ConvBNLayer(nn.Layer):
    """A bias-free Conv2D, then batch norm + activation.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.densenet import ConvBNLayer
        >>> ConvBNLayer(3, 8, 7, stride=2, pad=3)(paddle.rand([1, 3, 8, 8])).shape
        paddle.Size([1, 8, 4, 4])
    """

    def __init__(self, num_channels, num_filters, filter_size, stride=1, pad=0, groups=1,
                 act="relu"):
        super().__init__()
        self._conv = nn.Conv2D(num_channels, num_filters, filter_size, stride=stride,
                               padding=pad, groups=groups, weight_attr=ParamAttr(),
                               bias_attr=False)
        self._batch_norm = nn.BatchNorm(num_filters, act=act)

    def forward(self, input):  # noqa: A002  (PaddlePaddle's name)
        return self._batch_norm(self._conv(input))


class DenseNet(nn.Layer):
    """DenseNet-121/161/169/201/264 (layers): a 7x7 stem and max pool, four dense
    blocks joined by transition layers halving the channels, batch norm + ReLU,
    global average pooling (with_pool) and a Linear classifier (num_classes > 0).
    bn_size scales the 1x1 bottlenecks; dropout follows each dense layer.

    Args:
        layers (int, optional): 121 (the default), 161, 169, 201 or 264; others raise
            ValueError.
        bn_size (int, optional): The bottleneck width factor: the 1x1 convs output
            bn_size * growth_rate channels. Default 4.
        dropout (float, optional): The dropout rate after each dense layer. Default 0.0.
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.
        with_pool (bool, optional): Global average pooling before the classifier.
            Default True.

    Returns:
        DenseNet: A Layer; called with a float32 [N, 3, H, W] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import DenseNet
        >>> DenseNet(121, num_classes=10)(paddle.rand([1, 3, 32, 32])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, layers=121, bn_size=4, dropout=0.0, num_classes=1000, with_pool=True):
        super().__init__()
        if layers not in _SPECS:
            raise ValueError(f"supported layers are {sorted(_SPECS)} but input layer is {layers}")
        self.num_classes = num_classes
        self.with_pool = with_pool
        num_init_features, growth_rate, block_config = _SPECS[layers]
        self.conv1_func = ConvBNLayer(3, num_init_features, 7, stride=2, pad=3, act="relu")
        self.pool2d_max = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self.block_config = block_config
        self.dense_block_func_list = []
        self.transition_func_list = []
        num_features = num_init_features
        for i, num_layers in enumerate(block_config):
            block = DenseBlock(num_features, num_layers, bn_size, growth_rate, dropout,
                               name=f"conv{i + 2}")
            self.dense_block_func_list.append(self.add_sublayer(f"db_conv_{i + 2}", block))
            num_features += num_layers * growth_rate
            if i != len(block_config) - 1:
                transition = TransitionLayer(num_features, num_features // 2)
                self.transition_func_list.append(
                    self.add_sublayer(f"tr_conv{i + 2}_blk", transition))
                num_features //= 2
        self.batch_norm = nn.BatchNorm(num_features, act="relu")
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            stdv = 1.0 / math.sqrt(num_features * 1.0)
            self.out = nn.Linear(num_features, num_classes,
                                 weight_attr=ParamAttr(initializer=Uniform(-stdv, stdv)),
                                 bias_attr=ParamAttr())

    def forward(self, input):  # noqa: A002  (PaddlePaddle's name)
        conv = self.pool2d_max(self.conv1_func(input))
        for i, block in enumerate(self.dense_block_func_list):
            conv = block(conv)
            if i < len(self.transition_func_list):
                conv = self.transition_func_list[i](conv)
        y = self.batch_norm(conv)
        if self.with_pool:
            y = self.pool2d_avg(y)
        if self.num_classes > 0:
            y = self.out(flatten(y, start_axis=1, stop_axis=-1))
        return y


def _densenet(arch, layers, pretrained, **kwargs):
    check_pretrained(arch, pretrained)
    return DenseNet(layers=layers, **kwargs)


def densenet121(pretrained=False, **kwargs):
    """DenseNet-121; kwargs go to DenseNet (bn_size, dropout, num_classes,
    with_pool); pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to DenseNet (bn_size, dropout, num_classes, with_pool).

    Returns:
        DenseNet: The model.

    Example:
        >>> from paddle.vision.models import densenet121
        >>> model = densenet121(num_classes=10)
    """
    return _densenet("densenet121", 121, pretrained, **kwargs)


def densenet161(pretrained=False, **kwargs):
    """DenseNet-161; see densenet121.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to DenseNet (bn_size, dropout, num_classes, with_pool).

    Returns:
        DenseNet: The model.

    Example:
        >>> from paddle.vision.models import densenet161
        >>> model = densenet161(num_classes=10)  # doctest: +SKIP
    """
    return _densenet("densenet161", 161, pretrained, **kwargs)


def densenet169(pretrained=False, **kwargs):
    """DenseNet-169; see densenet121.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to DenseNet (bn_size, dropout, num_classes, with_pool).

    Returns:
        DenseNet: The model.

    Example:
        >>> from paddle.vision.models import densenet169
        >>> model = densenet169(num_classes=10)  # doctest: +SKIP
    """
    return _densenet("densenet169", 169, pretrained, **kwargs)


def densenet201(pretrained=False, **kwargs):
    """DenseNet-201; see densenet121.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to DenseNet (bn_size, dropout, num_classes, with_pool).

    Returns:
        DenseNet: The model.

    Example:
        >>> from paddle.vision.models import densenet201
        >>> model = densenet201(num_classes=10)  # doctest: +SKIP
    """
    return _densenet("densenet201", 201, pretrained, **kwargs)


def densenet264(pretrained=False, **kwargs):
    """DenseNet-264; see densenet121.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to DenseNet (bn_size, dropout, num_classes, with_pool).

    Returns:
        DenseNet: The model.

    Example:
        >>> from paddle.vision.models import densenet264
        >>> model = densenet264(num_classes=10)  # doctest: +SKIP
    """
    return _densenet("densenet264", 264, pretrained, **kwargs)
