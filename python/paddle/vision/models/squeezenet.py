"""SqueezeNet 1.0 and 1.1 (Iandola et al. 2016) with PaddlePaddle's layer names."""
from ... import nn
from ...nn import functional as F
from ...tensor.manipulation import concat, squeeze
from ._pretrained import check_pretrained

__all__ = []

# fire modules per version: (input channels, squeeze, expand 1x1, expand 3x3)
_FIRES = [(None, 16, 64, 64), (128, 16, 64, 64), (128, 32, 128, 128), (256, 32, 128, 128),
          (256, 48, 192, 192), (384, 48, 192, 192), (384, 64, 256, 256), (512, 64, 256, 256)]
# after which fire modules (1-based) a max pool follows
_POOL_AFTER = {"1.0": (3, 7), "1.1": (2, 4)}


class MakeFireConv(nn.Layer):
    """Conv2D then ReLU.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.squeezenet import MakeFireConv
        >>> MakeFireConv(3, 4, 3, padding=1)(paddle.rand([1, 3, 5, 5])).shape
        paddle.Size([1, 4, 5, 5])
    """

    def __init__(self, input_channels, output_channels, filter_size, padding=0):
        super().__init__()
        self._conv = nn.Conv2D(input_channels, output_channels, filter_size, padding=padding)

    def forward(self, x):
        return F.relu(self._conv(x))


class MakeFire(nn.Layer):
    """A fire module: a 1x1 squeeze conv, then 1x1 and 3x3 expand convs whose
    outputs are concatenated along channels.

    Example:
        >>> import paddle
        >>> from paddle.vision.models.squeezenet import MakeFire
        >>> MakeFire(8, 2, 4, 4)(paddle.rand([1, 8, 5, 5])).shape
        paddle.Size([1, 8, 5, 5])
    """

    def __init__(self, input_channels, squeeze_channels, expand1x1_channels, expand3x3_channels):
        super().__init__()
        self._conv = MakeFireConv(input_channels, squeeze_channels, 1)
        self._conv_path1 = MakeFireConv(squeeze_channels, expand1x1_channels, 1)
        self._conv_path2 = MakeFireConv(squeeze_channels, expand3x3_channels, 3, padding=1)

    def forward(self, inputs):
        x = self._conv(inputs)
        return concat([self._conv_path1(x), self._conv_path2(x)], axis=1)


class SqueezeNet(nn.Layer):
    """SqueezeNet version '1.0' or '1.1': a stem conv, eight fire modules with
    max pools between, and (num_classes > 0) dropout and a 1x1 conv classifier;
    with_pool ends with ReLU, global average pooling and [N, C] output.

    Args:
        version (str): '1.0' or '1.1' (fewer computations); others raise ValueError.
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.
        with_pool (bool, optional): Global average pooling before the classifier.
            Default True.

    Returns:
        SqueezeNet: A Layer; called with a float32 [N, 3, H, W] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import SqueezeNet
        >>> SqueezeNet("1.1", num_classes=10)(paddle.rand([1, 3, 64, 64])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, version, num_classes=1000, with_pool=True):
        super().__init__()
        if version not in _POOL_AFTER:
            raise ValueError(f"supported versions are {sorted(_POOL_AFTER)} but input version "
                             f"is {version}")
        self.version = version
        self.num_classes = num_classes
        self.with_pool = with_pool
        if version == "1.0":
            self._conv = nn.Conv2D(3, 96, 7, stride=2)
        else:
            self._conv = nn.Conv2D(3, 64, 3, stride=2, padding=1)
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)
        first_in = self._conv._out_channels
        for i, (cin, s, e1, e3) in enumerate(_FIRES, start=1):
            setattr(self, f"_conv{i}", MakeFire(first_in if cin is None else cin, s, e1, e3))
        self._drop = nn.Dropout(p=0.5, mode="downscale_in_infer")
        if num_classes > 0:
            self._conv9 = nn.Conv2D(512, num_classes, 1)
        self._avg_pool = nn.AdaptiveAvgPool2D(1)

    def forward(self, inputs):
        x = self._pool(F.relu(self._conv(inputs)))
        for i in range(1, len(_FIRES) + 1):
            x = getattr(self, f"_conv{i}")(x)
            if i in _POOL_AFTER[self.version]:
                x = self._pool(x)
        if self.num_classes > 0:
            x = self._conv9(self._drop(x))
        if self.with_pool:
            x = squeeze(self._avg_pool(F.relu(x)), axis=[2, 3])
        return x


def squeezenet1_0(pretrained=False, **kwargs):
    """SqueezeNet 1.0; kwargs go to SqueezeNet (num_classes, with_pool);
    pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to SqueezeNet (num_classes, with_pool).

    Returns:
        SqueezeNet: The model.

    Example:
        >>> from paddle.vision.models import squeezenet1_0
        >>> model = squeezenet1_0(num_classes=10)
    """
    check_pretrained("squeezenet1_0", pretrained)
    return SqueezeNet("1.0", **kwargs)


def squeezenet1_1(pretrained=False, **kwargs):
    """SqueezeNet 1.1 (fewer computations than 1.0, same accuracy); see
    squeezenet1_0.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to SqueezeNet (num_classes, with_pool).

    Returns:
        SqueezeNet: The model.

    Example:
        >>> from paddle.vision.models import squeezenet1_1
        >>> model = squeezenet1_1(num_classes=10)
    """
    check_pretrained("squeezenet1_1", pretrained)
    return SqueezeNet("1.1", **kwargs)
