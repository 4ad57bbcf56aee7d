"""MobileNetV1 (Howard et al. 2017) with PaddlePaddle's layer names."""
from ... import nn
from ...tensor.manipulation import flatten
from ..ops import ConvNormActivation
from ._pretrained import check_pretrained

__all__ = []

# (sublayer name, in channels, depthwise channels, pointwise channels, stride), before scale
_DEPTHWISE_SEPARABLE = (
    [("conv2_1", 32, 32, 64, 1), ("conv2_2", 64, 64, 128, 2), ("conv3_1", 128, 128, 128, 1),
     ("conv3_2", 128, 128, 256, 2), ("conv4_1", 256, 256, 256, 1), ("conv4_2", 256, 256, 512, 2)]
    + [(f"conv5_{i}", 512, 512, 512, 1) for i in range(1, 6)]
    + [("conv5_6", 512, 512, 1024, 2), ("conv6", 1024, 1024, 1024, 1)])


class DepthwiseSeparable(nn.Layer):
    """A 3x3 depthwise ConvNormActivation, then a 1x1 pointwise one.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.mobilenetv1 import DepthwiseSeparable
        >>> DepthwiseSeparable(8, 8, 16, 8, 2, 1.0)(paddle.rand([1, 8, 8, 8])).shape
        paddle.Size([1, 16, 4, 4])
    """

    def __init__(self, in_channels, out_channels1, out_channels2, num_groups, stride, scale):
        super().__init__()
        self._depthwise_conv = ConvNormActivation(
            in_channels, int(out_channels1 * scale), kernel_size=3, stride=stride, padding=1,
            groups=int(num_groups * scale))
        self._pointwise_conv = ConvNormActivation(
            int(out_channels1 * scale), int(out_channels2 * scale), kernel_size=1, stride=1,
            padding=0)

    def forward(self, x):
        return self._pointwise_conv(self._depthwise_conv(x))


class MobileNetV1(nn.Layer):
    """MobileNetV1: a stride-2 stem and 13 depthwise-separable blocks with channel
    counts times `scale`, global average pooling (with_pool) and a Linear
    classifier (num_classes > 0).

    Args:
        scale (float, optional): The width multiplier of the channels. Default 1.0.
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.
        with_pool (bool, optional): Global average pooling before the classifier.
            Default True.

    Returns:
        MobileNetV1: A Layer; called with a float32 [N, 3, H, W] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import MobileNetV1
        >>> MobileNetV1(scale=0.25, num_classes=10)(paddle.rand([1, 3, 32, 32])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        super().__init__()
        self.scale = scale
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.conv1 = ConvNormActivation(3, int(32 * scale), kernel_size=3, stride=2, padding=1)
        self.dwsl = []  # the blocks in order; registered under their names below
        for name, in_ch, ch1, ch2, stride in _DEPTHWISE_SEPARABLE:
            block = DepthwiseSeparable(int(in_ch * scale), ch1, ch2, ch1, stride, scale)
            self.dwsl.append(self.add_sublayer(name, block))
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.fc = nn.Linear(int(1024 * scale), num_classes)

    def forward(self, x):
        x = self.conv1(x)
        for block in self.dwsl:
            x = block(x)
        if self.with_pool:
            x = self.pool2d_avg(x)
        if self.num_classes > 0:
            x = self.fc(flatten(x, 1))
        return x


def mobilenet_v1(pretrained=False, scale=1.0, **kwargs):
    """MobileNetV1 with width multiplier `scale`; kwargs go to MobileNetV1
    (num_classes, with_pool); pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        scale (float, optional): The width multiplier of the channels. Default 1.0.
        **kwargs (dict, optional): Passed to MobileNetV1 (num_classes, with_pool).

    Returns:
        MobileNetV1: The model.

    Example:
        >>> from paddle.vision.models import mobilenet_v1
        >>> model = mobilenet_v1(scale=0.5, num_classes=10)
    """
    check_pretrained(f"mobilenetv1_{scale}", pretrained)
    return MobileNetV1(scale=scale, **kwargs)
