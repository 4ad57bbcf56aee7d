"""MobileNetV2 (Sandler et al. 2018) with PaddlePaddle's layer names."""
from ... import nn
from ...tensor.manipulation import flatten
from ..ops import ConvNormActivation
from ._pretrained import check_pretrained
from ._utils import _make_divisible

__all__ = []

# (expansion t, output channels c, repeats n, first stride s), before scale
_INVERTED_RESIDUALS = [[1, 16, 1, 1], [6, 24, 2, 2], [6, 32, 3, 2], [6, 64, 4, 2],
                       [6, 96, 3, 1], [6, 160, 3, 2], [6, 320, 1, 1]]


class InvertedResidual(nn.Layer):
    """1x1 expansion (when expand_ratio != 1), 3x3 depthwise and 1x1 linear
    projection, with a residual when stride is 1 and channels are kept.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.mobilenetv2 import InvertedResidual
        >>> InvertedResidual(8, 8, 1, 6)(paddle.rand([1, 8, 5, 5])).shape
        paddle.Size([1, 8, 5, 5])
    """

    def __init__(self, inp, oup, stride, expand_ratio, norm_layer=nn.BatchNorm2D):
        super().__init__()
        if stride not in (1, 2):
            raise ValueError(f"InvertedResidual stride must be 1 or 2, got {stride}")
        self.stride = stride
        hidden_dim = int(round(inp * expand_ratio))
        self.use_res_connect = stride == 1 and inp == oup
        layers = []
        if expand_ratio != 1:
            layers.append(ConvNormActivation(inp, hidden_dim, kernel_size=1,
                                             norm_layer=norm_layer, activation_layer=nn.ReLU6))
        layers += [
            ConvNormActivation(hidden_dim, hidden_dim, stride=stride, groups=hidden_dim,
                               norm_layer=norm_layer, activation_layer=nn.ReLU6),
            nn.Conv2D(hidden_dim, oup, 1, 1, 0, bias_attr=False),
            norm_layer(oup),
        ]
        self.conv = nn.Sequential(*layers)

    def forward(self, x):
        return x + self.conv(x) if self.use_res_connect else self.conv(x)


class MobileNetV2(nn.Layer):
    """MobileNetV2: a stride-2 stem, 17 inverted residual blocks and a 1x1 conv to
    1280 channels (channel counts times `scale`, rounded to multiples of 8),
    global average pooling (with_pool) and dropout + Linear (num_classes > 0).

    Args:
        scale (float, optional): The width multiplier of the channels. Default 1.0.
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.
        with_pool (bool, optional): Global average pooling before the classifier.
            Default True.

    Returns:
        MobileNetV2: A Layer; called with a float32 [N, 3, H, W] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import MobileNetV2
        >>> MobileNetV2(scale=0.5, num_classes=10)(paddle.rand([1, 3, 32, 32])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        norm_layer = nn.BatchNorm2D
        input_channel = _make_divisible(32 * scale, 8)
        self.last_channel = _make_divisible(1280 * max(1.0, scale), 8)
        features = [ConvNormActivation(3, input_channel, stride=2, norm_layer=norm_layer,
                                       activation_layer=nn.ReLU6)]
        for t, c, n, s in _INVERTED_RESIDUALS:
            output_channel = _make_divisible(c * scale, 8)
            for i in range(n):
                features.append(InvertedResidual(input_channel, output_channel,
                                                 s if i == 0 else 1, expand_ratio=t,
                                                 norm_layer=norm_layer))
                input_channel = output_channel
        features.append(ConvNormActivation(input_channel, self.last_channel, kernel_size=1,
                                           norm_layer=norm_layer, activation_layer=nn.ReLU6))
        self.features = nn.Sequential(*features)
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.classifier = nn.Sequential(nn.Dropout(0.2),
                                            nn.Linear(self.last_channel, num_classes))

    def forward(self, x):
        x = self.features(x)
        if self.with_pool:
            x = self.pool2d_avg(x)
        if self.num_classes > 0:
            x = self.classifier(flatten(x, 1))
        return x


def mobilenet_v2(pretrained=False, scale=1.0, **kwargs):
    """MobileNetV2 with width multiplier `scale`; kwargs go to MobileNetV2
    (num_classes, with_pool); pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        scale (float, optional): The width multiplier of the channels. Default 1.0.
        **kwargs (dict, optional): Passed to MobileNetV2 (num_classes, with_pool).

    Returns:
        MobileNetV2: The model.

    Example:
        >>> from paddle.vision.models import mobilenet_v2
        >>> model = mobilenet_v2(scale=0.5, num_classes=10)
    """
    check_pretrained(f"mobilenetv2_{scale}", pretrained)
    return MobileNetV2(scale=scale, **kwargs)
