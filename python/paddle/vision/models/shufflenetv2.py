"""ShuffleNetV2 (Ma et al. 2018) with PaddlePaddle's layer names."""
from ... import nn
from ...tensor.manipulation import concat, flatten, reshape, split, transpose
from ..ops import ConvNormActivation
from ._pretrained import check_pretrained

__all__ = []

# stage output channels per scale: stem, three stages, last conv
_STAGE_CHANNELS = {0.25: [24, 24, 48, 96, 512], 0.33: [24, 32, 64, 128, 512],
                   0.5: [24, 48, 96, 192, 1024], 1.0: [24, 116, 232, 464, 1024],
                   1.5: [24, 176, 352, 704, 1024], 2.0: [24, 224, 488, 976, 2048]}
_STAGE_REPEATS = [4, 8, 4]


def create_activation_layer(act):
    """The layer class for act: 'swish', 'relu' or None (no activation)."""
    layers = {"swish": nn.Swish, "relu": nn.ReLU, None: None}
    if act not in layers:
        raise RuntimeError(f"The activation function is not supported: {act}")
    return layers[act]


def channel_shuffle(x, groups):
    """Interleaves the channels of an NCHW tensor across `groups` groups.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.shufflenetv2 import channel_shuffle
        >>> x = paddle.arange(4, dtype="float32").reshape([1, 4, 1, 1])
        >>> channel_shuffle(x, 2).flatten().tolist()
        [0.0, 2.0, 1.0, 3.0]
    """
    batch_size, num_channels, height, width = x.shape[0:4]
    x = reshape(x, [batch_size, groups, num_channels // groups, height, width])
    x = transpose(x, perm=[0, 2, 1, 3, 4])
    return reshape(x, [batch_size, num_channels, height, width])


def _unit(in_channels, out_channels, kernel_size, stride, groups, act):
    padding = 1 if kernel_size == 3 else 0
    return ConvNormActivation(in_channels, out_channels, kernel_size=kernel_size, stride=stride,
                              padding=padding, groups=groups, activation_layer=act)


class InvertedResidual(nn.Layer):
    """Splits the channels in two, runs pointwise-depthwise-pointwise convs on the
    second half, concatenates and shuffles.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.shufflenetv2 import InvertedResidual
        >>> InvertedResidual(8, 8, 1)(paddle.rand([1, 8, 4, 4])).shape
        paddle.Size([1, 8, 4, 4])
    """

    def __init__(self, in_channels, out_channels, stride, activation_layer=nn.ReLU):
        super().__init__()
        half = out_channels // 2
        self._conv_pw = _unit(in_channels // 2, half, 1, 1, 1, activation_layer)
        self._conv_dw = _unit(half, half, 3, stride, half, None)
        self._conv_linear = _unit(half, half, 1, 1, 1, activation_layer)

    def forward(self, inputs):
        half = inputs.shape[1] // 2
        x1, x2 = split(inputs, num_or_sections=[half, half], axis=1)
        x2 = self._conv_linear(self._conv_dw(self._conv_pw(x2)))
        return channel_shuffle(concat([x1, x2], axis=1), 2)


class InvertedResidualDS(nn.Layer):
    """The downsampling unit: both branches see the whole input (one depthwise
    then pointwise, the other pointwise-depthwise-pointwise), concatenated and
    shuffled.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.shufflenetv2 import InvertedResidualDS
        >>> InvertedResidualDS(8, 16, 2)(paddle.rand([1, 8, 4, 4])).shape
        paddle.Size([1, 16, 2, 2])
    """

    def __init__(self, in_channels, out_channels, stride, activation_layer=nn.ReLU):
        super().__init__()
        half = out_channels // 2
        self._conv_dw_1 = _unit(in_channels, in_channels, 3, stride, in_channels, None)
        self._conv_linear_1 = _unit(in_channels, half, 1, 1, 1, activation_layer)
        self._conv_pw_2 = _unit(in_channels, half, 1, 1, 1, activation_layer)
        self._conv_dw_2 = _unit(half, half, 3, stride, half, None)
        self._conv_linear_2 = _unit(half, half, 1, 1, 1, activation_layer)

    def forward(self, inputs):
        x1 = self._conv_linear_1(self._conv_dw_1(inputs))
        x2 = self._conv_linear_2(self._conv_dw_2(self._conv_pw_2(inputs)))
        return channel_shuffle(concat([x1, x2], axis=1), 2)


class ShuffleNetV2(nn.Layer):
    """ShuffleNetV2 at width scale (0.25, 0.33, 0.5, 1.0, 1.5 or 2.0) with
    activation act ('relu', 'swish' or None): a stride-2 stem and max pool, three
    stages of 4, 8 and 4 units, a 1x1 conv, global average pooling (with_pool)
    and a Linear classifier (num_classes > 0).

    Args:
        scale (float, optional): The channel scale, 0.25, 0.33, 0.5, 1.0 (the default),
            1.5 or 2.0; others raise NotImplementedError.
        act (str|None, optional): The activation, 'relu' (the default), 'swish' or None (no
            activation); others raise RuntimeError.
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.
        with_pool (bool, optional): Global average pooling before the classifier.
            Default True.

    Returns:
        ShuffleNetV2: A Layer; called with a float32 [N, 3, H, W] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import ShuffleNetV2
        >>> ShuffleNetV2(scale=0.25, num_classes=10)(paddle.rand([1, 3, 32, 32])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, scale=1.0, act="relu", num_classes=1000, with_pool=True):
        super().__init__()
        if scale not in _STAGE_CHANNELS:
            raise NotImplementedError(f"This scale size:[{scale}] is not implemented!")
        self.scale = scale
        self.num_classes = num_classes
        self.with_pool = with_pool
        activation_layer = create_activation_layer(act)
        channels = _STAGE_CHANNELS[scale]
        self._conv1 = ConvNormActivation(3, channels[0], kernel_size=3, stride=2, padding=1,
                                         activation_layer=activation_layer)
        self._max_pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self._block_list = []  # the units in order; registered as '2_1', '2_2', ...
        for stage, repeats in enumerate(_STAGE_REPEATS):
            for i in range(repeats):
                if i == 0:
                    unit = InvertedResidualDS(channels[stage], channels[stage + 1], 2,
                                              activation_layer)
                else:
                    unit = InvertedResidual(channels[stage + 1], channels[stage + 1], 1,
                                            activation_layer)
                self._block_list.append(self.add_sublayer(f"{stage + 2}_{i + 1}", unit))
        self._last_conv = ConvNormActivation(channels[-2], channels[-1], kernel_size=1, stride=1,
                                             padding=0, activation_layer=activation_layer)
        if with_pool:
            self._pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self._out_c = channels[-1]
            self._fc = nn.Linear(channels[-1], num_classes)

    def forward(self, inputs):
        x = self._max_pool(self._conv1(inputs))
        for unit in self._block_list:
            x = unit(x)
        x = self._last_conv(x)
        if self.with_pool:
            x = self._pool2d_avg(x)
        if self.num_classes > 0:
            x = self._fc(flatten(x, start_axis=1, stop_axis=-1))
        return x


def _shufflenet_v2(arch, pretrained, scale, **kwargs):
    check_pretrained(arch, pretrained)
    return ShuffleNetV2(scale=scale, **kwargs)


def shufflenet_v2_x0_25(pretrained=False, **kwargs):
    """ShuffleNetV2 at scale 0.25; kwargs go to ShuffleNetV2 (act, num_classes,
    with_pool); pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ShuffleNetV2 (act, num_classes, with_pool).

    Returns:
        ShuffleNetV2: The model.

    Example:
        >>> from paddle.vision.models import shufflenet_v2_x0_25
        >>> model = shufflenet_v2_x0_25(num_classes=10)
    """
    return _shufflenet_v2("shufflenet_v2_x0_25", pretrained, 0.25, **kwargs)


def shufflenet_v2_x0_33(pretrained=False, **kwargs):
    """ShuffleNetV2 at scale 0.33; see shufflenet_v2_x0_25.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ShuffleNetV2 (act, num_classes, with_pool).

    Returns:
        ShuffleNetV2: The model.

    Example:
        >>> from paddle.vision.models import shufflenet_v2_x0_33
        >>> model = shufflenet_v2_x0_33(num_classes=10)
    """
    return _shufflenet_v2("shufflenet_v2_x0_33", pretrained, 0.33, **kwargs)


def shufflenet_v2_x0_5(pretrained=False, **kwargs):
    """ShuffleNetV2 at scale 0.5; see shufflenet_v2_x0_25.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ShuffleNetV2 (act, num_classes, with_pool).

    Returns:
        ShuffleNetV2: The model.

    Example:
        >>> from paddle.vision.models import shufflenet_v2_x0_5
        >>> model = shufflenet_v2_x0_5(num_classes=10)
    """
    return _shufflenet_v2("shufflenet_v2_x0_5", pretrained, 0.5, **kwargs)


def shufflenet_v2_x1_0(pretrained=False, **kwargs):
    """ShuffleNetV2 at scale 1.0; see shufflenet_v2_x0_25.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ShuffleNetV2 (act, num_classes, with_pool).

    Returns:
        ShuffleNetV2: The model.

    Example:
        >>> from paddle.vision.models import shufflenet_v2_x1_0
        >>> model = shufflenet_v2_x1_0(num_classes=10)
    """
    return _shufflenet_v2("shufflenet_v2_x1_0", pretrained, 1.0, **kwargs)


def shufflenet_v2_x1_5(pretrained=False, **kwargs):
    """ShuffleNetV2 at scale 1.5; see shufflenet_v2_x0_25.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ShuffleNetV2 (act, num_classes, with_pool).

    Returns:
        ShuffleNetV2: The model.

    Example:
        >>> from paddle.vision.models import shufflenet_v2_x1_5
        >>> model = shufflenet_v2_x1_5(num_classes=10)
    """
    return _shufflenet_v2("shufflenet_v2_x1_5", pretrained, 1.5, **kwargs)


def shufflenet_v2_x2_0(pretrained=False, **kwargs):
    """ShuffleNetV2 at scale 2.0; see shufflenet_v2_x0_25.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ShuffleNetV2 (act, num_classes, with_pool).

    Returns:
        ShuffleNetV2: The model.

    Example:
        >>> from paddle.vision.models import shufflenet_v2_x2_0
        >>> model = shufflenet_v2_x2_0(num_classes=10)
    """
    return _shufflenet_v2("shufflenet_v2_x2_0", pretrained, 2.0, **kwargs)


def shufflenet_v2_swish(pretrained=False, **kwargs):
    """ShuffleNetV2 at scale 1.0 with swish activations; kwargs go to
    ShuffleNetV2 (num_classes, with_pool); pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ShuffleNetV2 (num_classes, with_pool).

    Returns:
        ShuffleNetV2: The model.

    Example:
        >>> from paddle.vision.models import shufflenet_v2_swish
        >>> model = shufflenet_v2_swish(num_classes=10)
    """
    return _shufflenet_v2("shufflenet_v2_swish", pretrained, 1.0, act="swish", **kwargs)
