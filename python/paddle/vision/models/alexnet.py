"""AlexNet (Krizhevsky et al. 2012) with PaddlePaddle's layer names."""
import math

from ... import nn
from ...base.param_attr import ParamAttr
from ...nn import functional as F
from ...nn.initializer import Uniform
from ...tensor.manipulation import flatten
from ._pretrained import check_pretrained

__all__ = []


def _uniform_attrs(fan_in):
    """Weight and bias attributes initialised uniformly in +-1/sqrt(fan_in)."""
    stdv = 1.0 / math.sqrt(fan_in)
    return (ParamAttr(initializer=Uniform(-stdv, stdv)),
            ParamAttr(initializer=Uniform(-stdv, stdv)))


class ConvPoolLayer(nn.Layer):
    """Conv2D (+ ReLU when act='relu'), then a 3x3 stride-2 max pool.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.alexnet import ConvPoolLayer
        >>> ConvPoolLayer(3, 8, 3, 1, 1, 0.1, act="relu")(paddle.rand([1, 3, 9, 9])).shape
        paddle.Size([1, 8, 4, 4])
    """

    def __init__(self, input_channels, output_channels, filter_size, stride, padding, stdv,
                 groups=1, act=None):
        super().__init__()
        self.relu = nn.ReLU() if act == "relu" else None
        self._conv = nn.Conv2D(input_channels, output_channels, filter_size, stride=stride,
                               padding=padding, groups=groups,
                               weight_attr=ParamAttr(initializer=Uniform(-stdv, stdv)),
                               bias_attr=ParamAttr(initializer=Uniform(-stdv, stdv)))
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)

    def forward(self, inputs):
        x = self._conv(inputs)
        if self.relu is not None:
            x = self.relu(x)
        return self._pool(x)


class AlexNet(nn.Layer):
    """AlexNet: five convs (three with max pooling) and, when num_classes > 0,
    three Linear layers with dropout ('downscale_in_infer') for 224x224 inputs.

    Args:
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.

    Returns:
        AlexNet: A Layer; called with a float32 [N, 3, 224, 224] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import AlexNet
        >>> AlexNet(num_classes=0)(paddle.rand([1, 3, 224, 224])).shape
        paddle.Size([1, 256, 6, 6])
    """

    def __init__(self, num_classes=1000):
        super().__init__()
        self.num_classes = num_classes
        self._conv1 = ConvPoolLayer(3, 64, 11, 4, 2, 1.0 / math.sqrt(3 * 11 * 11), act="relu")
        self._conv2 = ConvPoolLayer(64, 192, 5, 1, 2, 1.0 / math.sqrt(64 * 5 * 5), act="relu")
        w, b = _uniform_attrs(192 * 3 * 3)
        self._conv3 = nn.Conv2D(192, 384, 3, stride=1, padding=1, weight_attr=w, bias_attr=b)
        w, b = _uniform_attrs(384 * 3 * 3)
        self._conv4 = nn.Conv2D(384, 256, 3, stride=1, padding=1, weight_attr=w, bias_attr=b)
        self._conv5 = ConvPoolLayer(256, 256, 3, 1, 1, 1.0 / math.sqrt(256 * 3 * 3), act="relu")
        if num_classes > 0:
            fan_in = 256 * 6 * 6  # PaddlePaddle uses this fan-in for all three Linear layers
            self._drop1 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            self._fc6 = nn.Linear(256 * 6 * 6, 4096, *_uniform_attrs(fan_in))
            self._drop2 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            self._fc7 = nn.Linear(4096, 4096, *_uniform_attrs(fan_in))
            self._fc8 = nn.Linear(4096, num_classes, *_uniform_attrs(fan_in))

    def forward(self, inputs):
        x = self._conv2(self._conv1(inputs))
        x = F.relu(self._conv4(F.relu(self._conv3(x))))
        x = self._conv5(x)
        if self.num_classes > 0:
            x = self._drop1(flatten(x, start_axis=1, stop_axis=-1))
            x = self._drop2(F.relu(self._fc6(x)))
            x = self._fc8(F.relu(self._fc7(x)))
        return x


def alexnet(pretrained=False, **kwargs):
    """AlexNet; kwargs go to AlexNet (num_classes); pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to AlexNet (num_classes).

    Returns:
        AlexNet: The model.

    Example:
        >>> from paddle.vision.models import alexnet
        >>> model = alexnet(num_classes=10)
    """
    check_pretrained("alexnet", pretrained)
    return AlexNet(**kwargs)
