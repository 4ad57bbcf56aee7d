"""VGG (Simonyan & Zisserman 2014) with PaddlePaddle's layer names."""
from ... import nn
from ...tensor.manipulation import flatten
from ._pretrained import check_pretrained

__all__ = []

# conv widths per configuration, 'M' a 2x2 max pool (A: VGG-11 ... E: VGG-19)
_CONFIGS = {
    "A": [64, "M", 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "B": [64, 64, "M", 128, 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "D": [64, 64, "M", 128, 128, "M", 256, 256, 256, "M", 512, 512, 512, "M",
          512, 512, 512, "M"],
    "E": [64, 64, "M", 128, 128, "M", 256, 256, 256, 256, "M", 512, 512, 512, 512, "M",
          512, 512, 512, 512, "M"],
}


class VGG(nn.Layer):
    """VGG: `features` (a Layer, see make_layers), 7x7 adaptive average pooling
    (with_pool) and a three-Linear classifier with dropout (num_classes > 0).

    Args:
        features (nn.Layer): The convolutional part, e.g. from
            paddle.vision.models.vgg.make_layers; it must output 512 channels.
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.
        with_pool (bool, optional): Global average pooling before the classifier.
            Default True.

    Returns:
        VGG: A Layer; called with a float32 [N, 3, H, W] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import VGG
        >>> from paddle.vision.models.vgg import make_layers
        >>> model = VGG(make_layers([8, "M"]), num_classes=0)
        >>> model(paddle.rand([1, 3, 16, 16])).shape
        paddle.Size([1, 8, 7, 7])
    """

    def __init__(self, features, num_classes=1000, with_pool=True):
        super().__init__()
        self.features = features
        self.num_classes = num_classes
        self.with_pool = with_pool
        if with_pool:
            self.avgpool = nn.AdaptiveAvgPool2D((7, 7))
        if num_classes > 0:
            self.classifier = nn.Sequential(
                nn.Linear(512 * 7 * 7, 4096), nn.ReLU(), nn.Dropout(),
                nn.Linear(4096, 4096), nn.ReLU(), nn.Dropout(),
                nn.Linear(4096, num_classes))

    def forward(self, x):
        x = self.features(x)
        if self.with_pool:
            x = self.avgpool(x)
        if self.num_classes > 0:
            x = self.classifier(flatten(x, 1))
        return x


def make_layers(cfg, batch_norm=False):
    """VGG's feature extractor from 3 input channels: a 3x3 conv (+ batch norm)
    + ReLU per int in cfg, a 2x2 max pool per 'M'.

    Example:
        >>> from paddle.vision.models.vgg import make_layers
        >>> len(make_layers([64, "M"], batch_norm=True))
        4
    """
    layers, in_channels = [], 3
    for v in cfg:
        if v == "M":
            layers.append(nn.MaxPool2D(kernel_size=2, stride=2))
            continue
        layers.append(nn.Conv2D(in_channels, v, kernel_size=3, padding=1))
        if batch_norm:
            layers.append(nn.BatchNorm2D(v))
        layers.append(nn.ReLU())
        in_channels = v
    return nn.Sequential(*layers)


def _vgg(arch, cfg, batch_norm, pretrained, **kwargs):
    check_pretrained(arch + ("_bn" if batch_norm else ""), pretrained)
    return VGG(make_layers(_CONFIGS[cfg], batch_norm=batch_norm), **kwargs)


def vgg11(pretrained=False, batch_norm=False, **kwargs):
    """VGG-11 (configuration A), with batch norm after each conv if batch_norm.
    kwargs go to VGG (num_classes, with_pool); pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        batch_norm (bool, optional): Add batch norm after each convolution. Default
            False.
        **kwargs (dict, optional): Passed to VGG (num_classes, with_pool).

    Returns:
        VGG: The model.

    Example:
        >>> from paddle.vision.models import vgg11
        >>> model = vgg11(batch_norm=True, num_classes=0)
    """
    return _vgg("vgg11", "A", batch_norm, pretrained, **kwargs)


def vgg13(pretrained=False, batch_norm=False, **kwargs):
    """VGG-13 (configuration B); see vgg11.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        batch_norm (bool, optional): Add batch norm after each convolution. Default
            False.
        **kwargs (dict, optional): Passed to VGG (num_classes, with_pool).

    Returns:
        VGG: The model.

    Example:
        >>> from paddle.vision.models import vgg13
        >>> model = vgg13(num_classes=0)
    """
    return _vgg("vgg13", "B", batch_norm, pretrained, **kwargs)


def vgg16(pretrained=False, batch_norm=False, **kwargs):
    """VGG-16 (configuration D); see vgg11.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        batch_norm (bool, optional): Add batch norm after each convolution. Default
            False.
        **kwargs (dict, optional): Passed to VGG (num_classes, with_pool).

    Returns:
        VGG: The model.

    Example:
        >>> from paddle.vision.models import vgg16
        >>> model = vgg16(num_classes=0)
    """
    return _vgg("vgg16", "D", batch_norm, pretrained, **kwargs)


def vgg19(pretrained=False, batch_norm=False, **kwargs):
    """VGG-19 (configuration E); see vgg11.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        batch_norm (bool, optional): Add batch norm after each convolution. Default
            False.
        **kwargs (dict, optional): Passed to VGG (num_classes, with_pool).

    Returns:
        VGG: The model.

    Example:
        >>> from paddle.vision.models import vgg19
        >>> model = vgg19(num_classes=0)
    """
    return _vgg("vgg19", "E", batch_norm, pretrained, **kwargs)
