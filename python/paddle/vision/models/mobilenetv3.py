"""MobileNetV3 Small and Large (Howard et al. 2019) with PaddlePaddle's layer names."""
from functools import partial

from ... import nn
from ...tensor.manipulation import flatten
from ..ops import ConvNormActivation
from ._pretrained import check_pretrained
from ._utils import _make_divisible

__all__ = []

_ACTIVATIONS = {None: None, "relu": nn.ReLU, "hardswish": nn.Hardswish}

# (in, kernel, expanded, out, squeeze-excitation, activation, stride), before scale
_SMALL = [(16, 3, 16, 16, True, "relu", 2), (16, 3, 72, 24, False, "relu", 2),
          (24, 3, 88, 24, False, "relu", 1), (24, 5, 96, 40, True, "hardswish", 2),
          (40, 5, 240, 40, True, "hardswish", 1), (40, 5, 240, 40, True, "hardswish", 1),
          (40, 5, 120, 48, True, "hardswish", 1), (48, 5, 144, 48, True, "hardswish", 1),
          (48, 5, 288, 96, True, "hardswish", 2), (96, 5, 576, 96, True, "hardswish", 1),
          (96, 5, 576, 96, True, "hardswish", 1)]
_LARGE = [(16, 3, 16, 16, False, "relu", 1), (16, 3, 64, 24, False, "relu", 2),
          (24, 3, 72, 24, False, "relu", 1), (24, 5, 72, 40, True, "relu", 2),
          (40, 5, 120, 40, True, "relu", 1), (40, 5, 120, 40, True, "relu", 1),
          (40, 3, 240, 80, False, "hardswish", 2), (80, 3, 200, 80, False, "hardswish", 1),
          (80, 3, 184, 80, False, "hardswish", 1), (80, 3, 184, 80, False, "hardswish", 1),
          (80, 3, 480, 112, True, "hardswish", 1), (112, 3, 672, 112, True, "hardswish", 1),
          (112, 5, 672, 160, True, "hardswish", 2), (160, 5, 960, 160, True, "hardswish", 1),
          (160, 5, 960, 160, True, "hardswish", 1)]


class SqueezeExcitation(nn.Layer):
    """Channel attention: global average pool, 1x1 conv, activation, 1x1 conv,
    scale_activation, then the input times that per-channel scale.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.mobilenetv3 import SqueezeExcitation
        >>> SqueezeExcitation(8, 2)(paddle.rand([1, 8, 4, 4])).shape
        paddle.Size([1, 8, 4, 4])
    """

    def __init__(self, input_channels, squeeze_channels, activation=nn.ReLU,
                 scale_activation=nn.Sigmoid):
        super().__init__()
        self.avgpool = nn.AdaptiveAvgPool2D(1)
        self.fc1 = nn.Conv2D(input_channels, squeeze_channels, 1)
        self.fc2 = nn.Conv2D(squeeze_channels, input_channels, 1)
        self.activation = activation()
        self.scale_activation = scale_activation()

    def forward(self, input):  # noqa: A002  (PaddlePaddle's name)
        scale = self.activation(self.fc1(self.avgpool(input)))
        return self.scale_activation(self.fc2(scale)) * input


class InvertedResidualConfig:
    """One MobileNetV3 block's settings, channels times scale rounded to
    multiples of 8; activation None, 'relu' or 'hardswish'.

    Example:
        >>> from paddle.vision.models.mobilenetv3 import InvertedResidualConfig
        >>> InvertedResidualConfig(16, 3, 72, 24, False, "relu", 2, scale=0.5).out_channels
        16
    """

    def __init__(self, in_channels, kernel, expanded_channels, out_channels, use_se, activation,
                 stride, scale=1.0):
        if activation not in _ACTIVATIONS:
            raise RuntimeError(f"The activation function is not supported: {activation}")
        self.in_channels = self.adjust_channels(in_channels, scale=scale)
        self.kernel = kernel
        self.expanded_channels = self.adjust_channels(expanded_channels, scale=scale)
        self.out_channels = self.adjust_channels(out_channels, scale=scale)
        self.use_se = use_se
        self.activation_layer = _ACTIVATIONS[activation]
        self.stride = stride

    @staticmethod
    def adjust_channels(channels, scale=1.0):
        return _make_divisible(channels * scale, 8)


class InvertedResidual(nn.Layer):
    """1x1 expansion (when channels grow), depthwise conv, optional squeeze-and-
    excitation, 1x1 linear projection, and a residual when the shape is kept.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.mobilenetv3 import InvertedResidual
        >>> block = InvertedResidual(8, 16, 8, 3, 1, True, paddle.nn.ReLU, paddle.nn.BatchNorm2D)
        >>> block(paddle.rand([1, 8, 5, 5])).shape
        paddle.Size([1, 8, 5, 5])
    """

    def __init__(self, in_channels, expanded_channels, out_channels, filter_size, stride, use_se,
                 activation_layer, norm_layer):
        super().__init__()
        self.use_res_connect = stride == 1 and in_channels == out_channels
        self.use_se = use_se
        self.expand = in_channels != expanded_channels
        if self.expand:
            self.expand_conv = ConvNormActivation(
                in_channels, expanded_channels, kernel_size=1, stride=1, padding=0,
                norm_layer=norm_layer, activation_layer=activation_layer)
        self.bottleneck_conv = ConvNormActivation(
            expanded_channels, expanded_channels, kernel_size=filter_size, stride=stride,
            padding=int((filter_size - 1) // 2), groups=expanded_channels,
            norm_layer=norm_layer, activation_layer=activation_layer)
        if use_se:
            self.mid_se = SqueezeExcitation(expanded_channels,
                                            _make_divisible(expanded_channels // 4),
                                            scale_activation=nn.Hardsigmoid)
        self.linear_conv = ConvNormActivation(
            expanded_channels, out_channels, kernel_size=1, stride=1, padding=0,
            norm_layer=norm_layer, activation_layer=None)

    def forward(self, x):
        identity = x
        if self.expand:
            x = self.expand_conv(x)
        x = self.bottleneck_conv(x)
        if self.use_se:
            x = self.mid_se(x)
        x = self.linear_conv(x)
        return identity + x if self.use_res_connect else x


class MobileNetV3(nn.Layer):
    """MobileNetV3 from a list of InvertedResidualConfig: a stride-2 hardswish
    stem, the blocks, a 1x1 conv to 6x the last block's input channels, global
    average pooling (with_pool) and a Linear-hardswish-dropout-Linear classifier
    through last_channel (num_classes > 0). Batch norm uses epsilon 0.001 and
    momentum 0.99.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.mobilenetv3 import MobileNetV3, InvertedResidualConfig
        >>> config = [InvertedResidualConfig(16, 3, 16, 16, True, "relu", 2)]
        >>> MobileNetV3(config, last_channel=32, num_classes=4)(paddle.rand([1, 3, 16, 16])).shape
        paddle.Size([1, 4])
    """

    def __init__(self, config, last_channel, scale=1.0, num_classes=1000, with_pool=True):
        super().__init__()
        self.config = config
        self.scale = scale
        self.last_channel = last_channel
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.firstconv_in_channels = config[0].in_channels
        self.lastconv_in_channels = config[-1].in_channels
        self.lastconv_out_channels = self.lastconv_in_channels * 6
        norm_layer = partial(nn.BatchNorm2D, epsilon=0.001, momentum=0.99)
        self.conv = ConvNormActivation(3, self.firstconv_in_channels, kernel_size=3, stride=2,
                                       padding=1, groups=1, activation_layer=nn.Hardswish,
                                       norm_layer=norm_layer)
        self.blocks = nn.Sequential(*[
            InvertedResidual(cfg.in_channels, cfg.expanded_channels, cfg.out_channels, cfg.kernel,
                             cfg.stride, cfg.use_se, cfg.activation_layer, norm_layer)
            for cfg in config])
        self.lastconv = ConvNormActivation(self.lastconv_in_channels, self.lastconv_out_channels,
                                           kernel_size=1, stride=1, padding=0, groups=1,
                                           norm_layer=norm_layer, activation_layer=nn.Hardswish)
        if with_pool:
            self.avgpool = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.classifier = nn.Sequential(
                nn.Linear(self.lastconv_out_channels, last_channel), nn.Hardswish(),
                nn.Dropout(p=0.2), nn.Linear(last_channel, num_classes))

    def forward(self, x):
        x = self.lastconv(self.blocks(self.conv(x)))
        if self.with_pool:
            x = self.avgpool(x)
        if self.num_classes > 0:
            x = self.classifier(flatten(x, 1))
        return x


class MobileNetV3Small(MobileNetV3):
    """MobileNetV3-Small: 11 blocks, classifier through 1024 x scale channels.

    Args:
        scale (float, optional): The width multiplier of the channels. Default 1.0.
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.
        with_pool (bool, optional): Global average pooling before the classifier.
            Default True.

    Returns:
        MobileNetV3Small: A Layer; called with a float32 [N, 3, H, W] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import MobileNetV3Small
        >>> MobileNetV3Small(scale=0.5, num_classes=10)(paddle.rand([1, 3, 32, 32])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        config = [InvertedResidualConfig(*row, scale) for row in _SMALL]
        super().__init__(config, last_channel=_make_divisible(1024 * scale, 8), scale=scale,
                         with_pool=with_pool, num_classes=num_classes)


class MobileNetV3Large(MobileNetV3):
    """MobileNetV3-Large: 15 blocks, classifier through 1280 x scale channels.

    Args:
        scale (float, optional): The width multiplier of the channels. Default 1.0.
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.
        with_pool (bool, optional): Global average pooling before the classifier.
            Default True.

    Returns:
        MobileNetV3Large: A Layer; called with a float32 [N, 3, H, W] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import MobileNetV3Large
        >>> MobileNetV3Large(scale=0.5, num_classes=10)(paddle.rand([1, 3, 32, 32])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        config = [InvertedResidualConfig(*row, scale) for row in _LARGE]
        super().__init__(config, last_channel=_make_divisible(1280 * scale, 8), scale=scale,
                         with_pool=with_pool, num_classes=num_classes)


def mobilenet_v3_small(pretrained=False, scale=1.0, **kwargs):
    """MobileNetV3-Small with width multiplier scale; kwargs go to
    MobileNetV3Small (num_classes, with_pool); pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        scale (float, optional): The width multiplier of the channels. Default 1.0.
        **kwargs (dict, optional): Passed to MobileNetV3Small (num_classes, with_pool).

    Returns:
        MobileNetV3Small: The model.

    Example:
        >>> from paddle.vision.models import mobilenet_v3_small
        >>> model = mobilenet_v3_small(scale=0.75, num_classes=10)
    """
    check_pretrained(f"mobilenet_v3_small_x{scale}", pretrained)
    return MobileNetV3Small(scale=scale, **kwargs)


def mobilenet_v3_large(pretrained=False, scale=1.0, **kwargs):
    """MobileNetV3-Large with width multiplier scale; see mobilenet_v3_small.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        scale (float, optional): The width multiplier of the channels. Default 1.0.
        **kwargs (dict, optional): Passed to MobileNetV3Large (num_classes, with_pool).

    Returns:
        MobileNetV3Large: The model.

    Example:
        >>> from paddle.vision.models import mobilenet_v3_large
        >>> model = mobilenet_v3_large(scale=0.75, num_classes=10)
    """
    check_pretrained(f"mobilenet_v3_large_x{scale}", pretrained)
    return MobileNetV3Large(scale=scale, **kwargs)
