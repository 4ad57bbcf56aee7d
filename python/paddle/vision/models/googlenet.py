"""GoogLeNet (Szegedy et al. 2014) with PaddlePaddle's layer names; forward
returns the main output and the two auxiliary classifiers' outputs."""
from ... import nn
from ...base.param_attr import ParamAttr
from ...nn import functional as F
from ...nn.initializer import Uniform
from ...tensor.manipulation import concat, flatten, squeeze
from ._pretrained import check_pretrained

__all__ = []

# inception modules: name, (input channels, 1x1, 3x3 reduce, 3x3, 5x5 reduce, 5x5, pool proj)
_INCEPTIONS = [("_ince3a", (192, 64, 96, 128, 16, 32, 32)),
               ("_ince3b", (256, 128, 128, 192, 32, 96, 64)),
               ("_ince4a", (480, 192, 96, 208, 16, 48, 64)),
               ("_ince4b", (512, 160, 112, 224, 24, 64, 64)),
               ("_ince4c", (512, 128, 128, 256, 24, 64, 64)),
               ("_ince4d", (512, 112, 144, 288, 32, 64, 64)),
               ("_ince4e", (528, 256, 160, 320, 32, 128, 128)),
               ("_ince5a", (832, 256, 160, 320, 32, 128, 128)),
               ("_ince5b", (832, 384, 192, 384, 48, 128, 128))]


def xavier(channels, filter_size):
    """A ParamAttr initialised uniformly in +-sqrt(3 / (filter_size^2 * channels))."""
    stdv = (3.0 / (filter_size ** 2 * channels)) ** 0.5
    return ParamAttr(initializer=Uniform(-stdv, stdv))


class ConvLayer(nn.Layer):
    """A bias-free Conv2D with 'same' padding for odd filter sizes.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.googlenet import ConvLayer
        >>> ConvLayer(3, 4, 5)(paddle.rand([1, 3, 7, 7])).shape
        paddle.Size([1, 4, 7, 7])
    """

    def __init__(self, num_channels, num_filters, filter_size, stride=1, groups=1):
        super().__init__()
        self._conv = nn.Conv2D(num_channels, num_filters, filter_size, stride=stride,
                               padding=(filter_size - 1) // 2, groups=groups, bias_attr=False)

    def forward(self, inputs):
        return self._conv(inputs)


class Inception(nn.Layer):
    """An inception module: 1x1, 1x1-3x3, 1x1-5x5 and maxpool-1x1 branches
    concatenated along channels, then ReLU. output_channels is not used (kept
    for PaddlePaddle's signature).

    Example:
        >>> import paddle
        >>> from paddle.vision.models.googlenet import Inception
        >>> Inception(8, 16, 4, 2, 4, 2, 4, 4)(paddle.rand([1, 8, 5, 5])).shape
        paddle.Size([1, 16, 5, 5])
    """

    def __init__(self, input_channels, output_channels, filter1, filter3R, filter3, filter5R,
                 filter5, proj):
        super().__init__()
        self._conv1 = ConvLayer(input_channels, filter1, 1)
        self._conv3r = ConvLayer(input_channels, filter3R, 1)
        self._conv3 = ConvLayer(filter3R, filter3, 3)
        self._conv5r = ConvLayer(input_channels, filter5R, 1)
        self._conv5 = ConvLayer(filter5R, filter5, 5)
        self._pool = nn.MaxPool2D(kernel_size=3, stride=1, padding=1)
        self._convprj = ConvLayer(input_channels, proj, 1)

    def forward(self, inputs):
        branches = [self._conv1(inputs), self._conv3(self._conv3r(inputs)),
                    self._conv5(self._conv5r(inputs)), self._convprj(self._pool(inputs))]
        return F.relu(concat(branches, axis=1))


class GoogLeNet(nn.Layer):
    """GoogLeNet for 224x224 inputs: returns (out, out1, out2), the main
    classifier's and the two auxiliary classifiers' (after inception 4a and 4d)
    outputs, or the pooled feature maps when num_classes <= 0.

    Args:
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.
        with_pool (bool, optional): Global average pooling before the classifier.
            Default True.

    Returns:
        GoogLeNet: A Layer; called with a float32 [N, 3, 224, 224] Tensor it returns (out,
            out1, out2): the main and the two auxiliary heads' logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import GoogLeNet
        >>> out, out1, out2 = GoogLeNet(num_classes=10)(paddle.rand([1, 3, 224, 224]))
        >>> out.shape, out1.shape, out2.shape
        (paddle.Size([1, 10]), paddle.Size([1, 10]), paddle.Size([1, 10]))
    """

    def __init__(self, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        self._conv = ConvLayer(3, 64, 7, 2)
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2)
        self._conv_1 = ConvLayer(64, 64, 1)
        self._conv_2 = ConvLayer(64, 192, 3)
        for name, (cin, f1, f3r, f3, f5r, f5, proj) in _INCEPTIONS:
            setattr(self, name, Inception(cin, cin, f1, f3r, f3, f5r, f5, proj))
        if with_pool:
            self._pool_5 = nn.AdaptiveAvgPool2D(1)
            self._pool_o1 = nn.AvgPool2D(kernel_size=5, stride=3)
            self._pool_o2 = nn.AvgPool2D(kernel_size=5, stride=3)
        if num_classes > 0:
            self._drop = nn.Dropout(p=0.4, mode="downscale_in_infer")
            self._fc_out = nn.Linear(1024, num_classes, weight_attr=xavier(1024, 1))
            self._conv_o1 = ConvLayer(512, 128, 1)
            self._fc_o1 = nn.Linear(1152, 1024, weight_attr=xavier(2048, 1))
            self._drop_o1 = nn.Dropout(p=0.7, mode="downscale_in_infer")
            self._out1 = nn.Linear(1024, num_classes, weight_attr=xavier(1024, 1))
            self._conv_o2 = ConvLayer(528, 128, 1)
            self._fc_o2 = nn.Linear(1152, 1024, weight_attr=xavier(2048, 1))
            self._drop_o2 = nn.Dropout(p=0.7, mode="downscale_in_infer")
            self._out2 = nn.Linear(1024, num_classes, weight_attr=xavier(1024, 1))

    def forward(self, inputs):
        x = self._pool(self._conv(inputs))
        x = self._pool(self._conv_2(self._conv_1(x)))
        x = self._pool(self._ince3b(self._ince3a(x)))
        ince4a = self._ince4a(x)
        ince4d = self._ince4d(self._ince4c(self._ince4b(ince4a)))
        x = self._pool(self._ince4e(ince4d))
        out, out1, out2 = self._ince5b(self._ince5a(x)), ince4a, ince4d
        if self.with_pool:
            out, out1, out2 = self._pool_5(out), self._pool_o1(out1), self._pool_o2(out2)
        if self.num_classes > 0:
            out = self._fc_out(squeeze(self._drop(out), axis=[2, 3]))
            out1 = flatten(self._conv_o1(out1), start_axis=1, stop_axis=-1)
            out1 = self._out1(self._drop_o1(F.relu(self._fc_o1(out1))))
            # PaddlePaddle's second auxiliary head has no ReLU after its first Linear
            out2 = flatten(self._conv_o2(out2), start_axis=1, stop_axis=-1)
            out2 = self._out2(self._drop_o2(self._fc_o2(out2)))
        return out, out1, out2


def googlenet(pretrained=False, **kwargs):
    """GoogLeNet; kwargs go to GoogLeNet (num_classes, with_pool); pretrained=True
    raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to GoogLeNet (num_classes, with_pool).

    Returns:
        GoogLeNet: The model.

    Example:
        >>> from paddle.vision.models import googlenet
        >>> model = googlenet(num_classes=10)
    """
    check_pretrained("googlenet", pretrained)
    return GoogLeNet(**kwargs)
