"""InceptionV3 (Szegedy et al. 2015) with PaddlePaddle's layer names."""
import math

from ... import nn
from ...base.param_attr import ParamAttr
from ...nn.initializer import Uniform
from ...tensor.manipulation import concat, reshape
from ..ops import ConvNormActivation
from ._pretrained import check_pretrained

__all__ = []


def _conv(in_channels, out_channels, kernel_size, stride=1, padding=0):
    """Conv2D + BatchNorm2D + ReLU, the unit every InceptionV3 branch is made of."""
    return ConvNormActivation(in_channels, out_channels, kernel_size=kernel_size, stride=stride,
                              padding=padding, activation_layer=nn.ReLU)


def _avg_pool_3x3():
    return nn.AvgPool2D(kernel_size=3, stride=1, padding=1, exclusive=False)


class InceptionStem(nn.Layer):
    """Five convs and two max pools: [N, 3, 299, 299] to [N, 192, 35, 35].

    Example:
        >>> import paddle
        >>> from paddle.vision.models.inceptionv3 import InceptionStem
        >>> InceptionStem()(paddle.rand([1, 3, 75, 75])).shape
        paddle.Size([1, 192, 7, 7])
    """

    def __init__(self):
        super().__init__()
        self.conv_1a_3x3 = _conv(3, 32, 3, stride=2)
        self.conv_2a_3x3 = _conv(32, 32, 3)
        self.conv_2b_3x3 = _conv(32, 64, 3, padding=1)
        self.max_pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)
        self.conv_3b_1x1 = _conv(64, 80, 1)
        self.conv_4a_3x3 = _conv(80, 192, 3)

    def forward(self, x):
        x = self.max_pool(self.conv_2b_3x3(self.conv_2a_3x3(self.conv_1a_3x3(x))))
        return self.max_pool(self.conv_4a_3x3(self.conv_3b_1x1(x)))


class InceptionA(nn.Layer):
    """1x1, 5x5 and double-3x3 branches and an average-pool branch with
    pool_features channels.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.inceptionv3 import InceptionA
        >>> InceptionA(16, 8)(paddle.rand([1, 16, 5, 5])).shape
        paddle.Size([1, 232, 5, 5])
    """

    def __init__(self, num_channels, pool_features):
        super().__init__()
        self.branch1x1 = _conv(num_channels, 64, 1)
        self.branch5x5_1 = _conv(num_channels, 48, 1)
        self.branch5x5_2 = _conv(48, 64, 5, padding=2)
        self.branch3x3dbl_1 = _conv(num_channels, 64, 1)
        self.branch3x3dbl_2 = _conv(64, 96, 3, padding=1)
        self.branch3x3dbl_3 = _conv(96, 96, 3, padding=1)
        self.branch_pool = _avg_pool_3x3()
        self.branch_pool_conv = _conv(num_channels, pool_features, 1)

    def forward(self, x):
        return concat([
            self.branch1x1(x),
            self.branch5x5_2(self.branch5x5_1(x)),
            self.branch3x3dbl_3(self.branch3x3dbl_2(self.branch3x3dbl_1(x))),
            self.branch_pool_conv(self.branch_pool(x))], axis=1)


class InceptionB(nn.Layer):
    """The 35x35 to 17x17 reduction: stride-2 3x3, double-3x3 and max-pool branches.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.inceptionv3 import InceptionB
        >>> InceptionB(16)(paddle.rand([1, 16, 7, 7])).shape
        paddle.Size([1, 496, 3, 3])
    """

    def __init__(self, num_channels):
        super().__init__()
        self.branch3x3 = _conv(num_channels, 384, 3, stride=2)
        self.branch3x3dbl_1 = _conv(num_channels, 64, 1)
        self.branch3x3dbl_2 = _conv(64, 96, 3, padding=1)
        self.branch3x3dbl_3 = _conv(96, 96, 3, stride=2)
        self.branch_pool = nn.MaxPool2D(kernel_size=3, stride=2)

    def forward(self, x):
        return concat([
            self.branch3x3(x),
            self.branch3x3dbl_3(self.branch3x3dbl_2(self.branch3x3dbl_1(x))),
            self.branch_pool(x)], axis=1)


class InceptionC(nn.Layer):
    """Factorised 7x7 branches (1x7 and 7x1 convs with channels_7x7 channels), a
    1x1 and an average-pool branch.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.inceptionv3 import InceptionC
        >>> InceptionC(16, 8)(paddle.rand([1, 16, 5, 5])).shape
        paddle.Size([1, 768, 5, 5])
    """

    def __init__(self, num_channels, channels_7x7):
        super().__init__()
        c7 = channels_7x7
        self.branch1x1 = _conv(num_channels, 192, 1)
        self.branch7x7_1 = _conv(num_channels, c7, 1)
        self.branch7x7_2 = _conv(c7, c7, (1, 7), padding=(0, 3))
        self.branch7x7_3 = _conv(c7, 192, (7, 1), padding=(3, 0))
        self.branch7x7dbl_1 = _conv(num_channels, c7, 1)
        self.branch7x7dbl_2 = _conv(c7, c7, (7, 1), padding=(3, 0))
        self.branch7x7dbl_3 = _conv(c7, c7, (1, 7), padding=(0, 3))
        self.branch7x7dbl_4 = _conv(c7, c7, (7, 1), padding=(3, 0))
        self.branch7x7dbl_5 = _conv(c7, 192, (1, 7), padding=(0, 3))
        self.branch_pool = _avg_pool_3x3()
        self.branch_pool_conv = _conv(num_channels, 192, 1)

    def forward(self, x):
        dbl = self.branch7x7dbl_3(self.branch7x7dbl_2(self.branch7x7dbl_1(x)))
        return concat([
            self.branch1x1(x),
            self.branch7x7_3(self.branch7x7_2(self.branch7x7_1(x))),
            self.branch7x7dbl_5(self.branch7x7dbl_4(dbl)),
            self.branch_pool_conv(self.branch_pool(x))], axis=1)


class InceptionD(nn.Layer):
    """The 17x17 to 8x8 reduction: 1x1-3x3, 1x1-1x7-7x1-3x3 and max-pool branches.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.inceptionv3 import InceptionD
        >>> InceptionD(16)(paddle.rand([1, 16, 7, 7])).shape
        paddle.Size([1, 528, 3, 3])
    """

    def __init__(self, num_channels):
        super().__init__()
        self.branch3x3_1 = _conv(num_channels, 192, 1)
        self.branch3x3_2 = _conv(192, 320, 3, stride=2)
        self.branch7x7x3_1 = _conv(num_channels, 192, 1)
        self.branch7x7x3_2 = _conv(192, 192, (1, 7), padding=(0, 3))
        self.branch7x7x3_3 = _conv(192, 192, (7, 1), padding=(3, 0))
        self.branch7x7x3_4 = _conv(192, 192, 3, stride=2)
        self.branch_pool = nn.MaxPool2D(kernel_size=3, stride=2)

    def forward(self, x):
        b7 = self.branch7x7x3_3(self.branch7x7x3_2(self.branch7x7x3_1(x)))
        return concat([self.branch3x3_2(self.branch3x3_1(x)), self.branch7x7x3_4(b7),
                       self.branch_pool(x)], axis=1)


class InceptionE(nn.Layer):
    """Expanded filter bank: 1x1, split 1x3/3x1, double-3x3 split 1x3/3x1 and
    average-pool branches (2048 output channels).

    Example:
        >>> import paddle
        >>> from paddle.vision.models.inceptionv3 import InceptionE
        >>> InceptionE(16)(paddle.rand([1, 16, 3, 3])).shape
        paddle.Size([1, 2048, 3, 3])
    """

    def __init__(self, num_channels):
        super().__init__()
        self.branch1x1 = _conv(num_channels, 320, 1)
        self.branch3x3_1 = _conv(num_channels, 384, 1)
        self.branch3x3_2a = _conv(384, 384, (1, 3), padding=(0, 1))
        self.branch3x3_2b = _conv(384, 384, (3, 1), padding=(1, 0))
        self.branch3x3dbl_1 = _conv(num_channels, 448, 1)
        self.branch3x3dbl_2 = _conv(448, 384, 3, padding=1)
        self.branch3x3dbl_3a = _conv(384, 384, (1, 3), padding=(0, 1))
        self.branch3x3dbl_3b = _conv(384, 384, (3, 1), padding=(1, 0))
        self.branch_pool = _avg_pool_3x3()
        self.branch_pool_conv = _conv(num_channels, 192, 1)

    def forward(self, x):
        b3 = self.branch3x3_1(x)
        dbl = self.branch3x3dbl_2(self.branch3x3dbl_1(x))
        return concat([
            self.branch1x1(x),
            concat([self.branch3x3_2a(b3), self.branch3x3_2b(b3)], axis=1),
            concat([self.branch3x3dbl_3a(dbl), self.branch3x3dbl_3b(dbl)], axis=1),
            self.branch_pool_conv(self.branch_pool(x))], axis=1)


class InceptionV3(nn.Layer):
    """InceptionV3 for 299x299 inputs: the stem, 3 A, 1 B, 4 C, 1 D and 2 E
    blocks, global average pooling (with_pool) and dropout + Linear
    (num_classes > 0).

    Args:
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.
        with_pool (bool, optional): Global average pooling before the classifier.
            Default True.

    Returns:
        InceptionV3: A Layer; called with a float32 [N, 3, H, W] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import InceptionV3
        >>> InceptionV3(num_classes=10)(paddle.rand([1, 3, 75, 75])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.layers_config = {
            "inception_a": [[192, 256, 288], [32, 64, 64]],
            "inception_b": [288],
            "inception_c": [[768, 768, 768, 768], [128, 160, 160, 192]],
            "inception_d": [768],
            "inception_e": [1280, 2048],
        }
        cfg = self.layers_config
        self.inception_stem = InceptionStem()
        self.inception_block_list = nn.LayerList()
        blocks = ([InceptionA(c, p) for c, p in zip(*cfg["inception_a"])]
                  + [InceptionB(c) for c in cfg["inception_b"]]
                  + [InceptionC(c, c7) for c, c7 in zip(*cfg["inception_c"])]
                  + [InceptionD(c) for c in cfg["inception_d"]]
                  + [InceptionE(c) for c in cfg["inception_e"]])
        for block in blocks:
            self.inception_block_list.append(block)
        if with_pool:
            self.avg_pool = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.dropout = nn.Dropout(p=0.2, mode="downscale_in_infer")
            stdv = 1.0 / math.sqrt(2048 * 1.0)
            self.fc = nn.Linear(2048, num_classes,
                                weight_attr=ParamAttr(initializer=Uniform(-stdv, stdv)),
                                bias_attr=ParamAttr())

    def forward(self, x):
        x = self.inception_stem(x)
        for block in self.inception_block_list:
            x = block(x)
        if self.with_pool:
            x = self.avg_pool(x)
        if self.num_classes > 0:
            x = self.fc(self.dropout(reshape(x, shape=[-1, 2048])))
        return x


def inception_v3(pretrained=False, **kwargs):
    """InceptionV3; kwargs go to InceptionV3 (num_classes, with_pool);
    pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to InceptionV3 (num_classes, with_pool).

    Returns:
        InceptionV3: The model.

    Example:
        >>> from paddle.vision.models import inception_v3
        >>> model = inception_v3(num_classes=10)
    """
    check_pretrained("inception_v3", pretrained)
    return InceptionV3(**kwargs)
