"""ResNet (He et al. 2015) with PaddlePaddle's layer names, so its .pdparams load."""
from ... import nn
from ...tensor.manipulation import flatten
from ._pretrained import check_pretrained

__all__ = []

_BLOCKS_PER_STAGE = {18: [2, 2, 2, 2], 34: [3, 4, 6, 3], 50: [3, 4, 6, 3],
                     101: [3, 4, 23, 3], 152: [3, 8, 36, 3]}


class BasicBlock(nn.Layer):
    """Two 3x3 conv/batch-norm pairs and a shortcut (ResNet-18/34's block).

    Example:
        >>> import paddle
        >>> from paddle.vision.models.resnet import BasicBlock
        >>> BasicBlock(8, 8)(paddle.rand([1, 8, 6, 6])).shape
        paddle.Size([1, 8, 6, 6])
    """

    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample=None, groups=1, base_width=64,
                 dilation=1, norm_layer=None):
        super().__init__()
        norm_layer = nn.BatchNorm2D if norm_layer is None else norm_layer
        if dilation > 1:
            raise NotImplementedError("Dilation > 1 not supported in BasicBlock")
        self.conv1 = nn.Conv2D(inplanes, planes, 3, padding=1, stride=stride, bias_attr=False)
        self.bn1 = norm_layer(planes)
        self.relu = nn.ReLU()
        self.conv2 = nn.Conv2D(planes, planes, 3, padding=1, bias_attr=False)
        self.bn2 = norm_layer(planes)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        identity = x if self.downsample is None else self.downsample(x)
        return self.relu(out + identity)


class BottleneckBlock(nn.Layer):
    """1x1 reduce, 3x3 (grouped, dilated) and 1x1 expand (x4) convs with batch
    norm and a shortcut (ResNet-50 and deeper).

    Example:
        >>> import paddle
        >>> from paddle.vision.models.resnet import BottleneckBlock
        >>> down = paddle.nn.Sequential(paddle.nn.Conv2D(8, 16, 1, bias_attr=False),
        ...                             paddle.nn.BatchNorm2D(16))
        >>> BottleneckBlock(8, 4, downsample=down)(paddle.rand([1, 8, 6, 6])).shape
        paddle.Size([1, 16, 6, 6])
    """

    expansion = 4

    def __init__(self, inplanes, planes, stride=1, downsample=None, groups=1, base_width=64,
                 dilation=1, norm_layer=None):
        super().__init__()
        norm_layer = nn.BatchNorm2D if norm_layer is None else norm_layer
        width = int(planes * (base_width / 64.0)) * groups
        self.conv1 = nn.Conv2D(inplanes, width, 1, bias_attr=False)
        self.bn1 = norm_layer(width)
        self.conv2 = nn.Conv2D(width, width, 3, padding=dilation, stride=stride, groups=groups,
                               dilation=dilation, bias_attr=False)
        self.bn2 = norm_layer(width)
        self.conv3 = nn.Conv2D(width, planes * self.expansion, 1, bias_attr=False)
        self.bn3 = norm_layer(planes * self.expansion)
        self.relu = nn.ReLU()
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        identity = x if self.downsample is None else self.downsample(x)
        return self.relu(out + identity)


class ResNet(nn.Layer):
    """ResNet: a 7x7 stem, four stages of `block` (depth 18, 34, 50, 101 or 152),
    global average pooling (with_pool) and a Linear classifier (num_classes > 0).
    width and groups give the ResNeXt / wide variants.

    Args:
        block (type): The residual block, BasicBlock or BottleneckBlock of
            paddle.vision.models.resnet.
        depth (int, optional): 18, 34, 50 (the default), 101 or 152; others raise
            ValueError.
        width (int, optional): The base width of the bottleneck blocks. Default 64.
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 1000.
        with_pool (bool, optional): Global average pooling before the classifier.
            Default True.
        groups (int, optional): The groups of the 3x3 convolutions (ResNeXt's cardinality).
            Default 1.

    Returns:
        ResNet: A Layer; called with a float32 [N, 3, H, W] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import ResNet
        >>> from paddle.vision.models.resnet import BasicBlock
        >>> ResNet(BasicBlock, 18, num_classes=10)(paddle.rand([1, 3, 32, 32])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, block, depth=50, width=64, num_classes=1000, with_pool=True, groups=1):
        super().__init__()
        if depth not in _BLOCKS_PER_STAGE:
            raise ValueError(f"ResNet depth must be one of {sorted(_BLOCKS_PER_STAGE)}, "
                             f"got {depth}")
        layers = _BLOCKS_PER_STAGE[depth]
        self.groups = groups
        self.base_width = width
        self.num_classes = num_classes
        self.with_pool = with_pool
        self._norm_layer = nn.BatchNorm2D
        self.inplanes = 64
        self.dilation = 1
        self.conv1 = nn.Conv2D(3, self.inplanes, kernel_size=7, stride=2, padding=3,
                               bias_attr=False)
        self.bn1 = self._norm_layer(self.inplanes)
        self.relu = nn.ReLU()
        self.maxpool = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self.layer1 = self._make_layer(block, 64, layers[0])
        self.layer2 = self._make_layer(block, 128, layers[1], stride=2)
        self.layer3 = self._make_layer(block, 256, layers[2], stride=2)
        self.layer4 = self._make_layer(block, 512, layers[3], stride=2)
        if with_pool:
            self.avgpool = nn.AdaptiveAvgPool2D((1, 1))
        if num_classes > 0:
            self.fc = nn.Linear(512 * block.expansion, num_classes)

    def _make_layer(self, block, planes, blocks, stride=1, dilate=False):
        norm_layer = self._norm_layer
        previous_dilation = self.dilation
        if dilate:
            self.dilation *= stride
            stride = 1
        downsample = None
        if stride != 1 or self.inplanes != planes * block.expansion:
            downsample = nn.Sequential(
                nn.Conv2D(self.inplanes, planes * block.expansion, 1, stride=stride,
                          bias_attr=False),
                norm_layer(planes * block.expansion))
        layers = [block(self.inplanes, planes, stride, downsample, self.groups, self.base_width,
                        previous_dilation, norm_layer)]
        self.inplanes = planes * block.expansion
        for _ in range(1, blocks):
            layers.append(block(self.inplanes, planes, groups=self.groups,
                                base_width=self.base_width, norm_layer=norm_layer))
        return nn.Sequential(*layers)

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        if self.with_pool:
            x = self.avgpool(x)
        if self.num_classes > 0:
            x = self.fc(flatten(x, 1))
        return x


def _resnet(arch, block, depth, pretrained, **kwargs):
    check_pretrained(arch, pretrained)
    return ResNet(block, depth, **kwargs)


def resnet18(pretrained=False, **kwargs):
    """ResNet-18 (BasicBlock). kwargs go to ResNet (num_classes, with_pool, ...);
    pretrained=True raises (nothing is downloaded).

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import resnet18
        >>> resnet18(num_classes=10)(paddle.rand([1, 3, 32, 32])).shape
        paddle.Size([1, 10])
    """
    return _resnet("resnet18", BasicBlock, 18, pretrained, **kwargs)


def resnet34(pretrained=False, **kwargs):
    """ResNet-34 (BasicBlock). kwargs go to ResNet; pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import resnet34
        >>> model = resnet34(num_classes=10)
    """
    return _resnet("resnet34", BasicBlock, 34, pretrained, **kwargs)


def resnet50(pretrained=False, **kwargs):
    """ResNet-50 (BottleneckBlock). kwargs go to ResNet; pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import resnet50
        >>> model = resnet50(num_classes=10)
    """
    return _resnet("resnet50", BottleneckBlock, 50, pretrained, **kwargs)


def resnet101(pretrained=False, **kwargs):
    """ResNet-101 (BottleneckBlock). kwargs go to ResNet; pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import resnet101
        >>> model = resnet101(num_classes=10)  # doctest: +SKIP
    """
    return _resnet("resnet101", BottleneckBlock, 101, pretrained, **kwargs)


def resnet152(pretrained=False, **kwargs):
    """ResNet-152 (BottleneckBlock). kwargs go to ResNet; pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import resnet152
        >>> model = resnet152(num_classes=10)  # doctest: +SKIP
    """
    return _resnet("resnet152", BottleneckBlock, 152, pretrained, **kwargs)


def _bottleneck_variant(arch, depth, pretrained, kwargs, groups=1, width=64):
    """ResNeXt (groups x width per group) and wide ResNet (wider 3x3 convs)."""
    kwargs["groups"], kwargs["width"] = groups, width
    return _resnet(arch, BottleneckBlock, depth, pretrained, **kwargs)


def resnext50_32x4d(pretrained=False, **kwargs):
    """ResNeXt-50, 32 groups of width 4. kwargs go to ResNet; pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import resnext50_32x4d
        >>> resnext50_32x4d(num_classes=10).layer1[0].conv2._groups
        32
    """
    return _bottleneck_variant("resnext50_32x4d", 50, pretrained, kwargs, 32, 4)


def resnext50_64x4d(pretrained=False, **kwargs):
    """ResNeXt-50, 64 groups of width 4; see resnext50_32x4d.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import resnext50_64x4d
        >>> model = resnext50_64x4d(num_classes=10)
    """
    return _bottleneck_variant("resnext50_64x4d", 50, pretrained, kwargs, 64, 4)


def resnext101_32x4d(pretrained=False, **kwargs):
    """ResNeXt-101, 32 groups of width 4; see resnext50_32x4d.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import resnext101_32x4d
        >>> model = resnext101_32x4d(num_classes=10)  # doctest: +SKIP
    """
    return _bottleneck_variant("resnext101_32x4d", 101, pretrained, kwargs, 32, 4)


def resnext101_64x4d(pretrained=False, **kwargs):
    """ResNeXt-101, 64 groups of width 4; see resnext50_32x4d.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import resnext101_64x4d
        >>> model = resnext101_64x4d(num_classes=10)  # doctest: +SKIP
    """
    return _bottleneck_variant("resnext101_64x4d", 101, pretrained, kwargs, 64, 4)


def resnext152_32x4d(pretrained=False, **kwargs):
    """ResNeXt-152, 32 groups of width 4; see resnext50_32x4d.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import resnext152_32x4d
        >>> model = resnext152_32x4d(num_classes=10)  # doctest: +SKIP
    """
    return _bottleneck_variant("resnext152_32x4d", 152, pretrained, kwargs, 32, 4)


def resnext152_64x4d(pretrained=False, **kwargs):
    """ResNeXt-152, 64 groups of width 4; see resnext50_32x4d.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import resnext152_64x4d
        >>> model = resnext152_64x4d(num_classes=10)  # doctest: +SKIP
    """
    return _bottleneck_variant("resnext152_64x4d", 152, pretrained, kwargs, 64, 4)


def wide_resnet50_2(pretrained=False, **kwargs):
    """Wide ResNet-50-2: ResNet-50 with twice as wide bottleneck convs. kwargs go
    to ResNet; pretrained=True raises.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import wide_resnet50_2
        >>> wide_resnet50_2(num_classes=10).layer1[0].conv2.weight.shape
        paddle.Size([128, 128, 3, 3])
    """
    return _bottleneck_variant("wide_resnet50_2", 50, pretrained, kwargs, width=128)


def wide_resnet101_2(pretrained=False, **kwargs):
    """Wide ResNet-101-2; see wide_resnet50_2.

    Args:
        pretrained (bool, optional): Must be False (the default): True raises
            RuntimeError, as no weights are downloaded; load local weights with
            set_state_dict instead.
        **kwargs (dict, optional): Passed to ResNet (num_classes, with_pool).

    Returns:
        ResNet: The model.

    Example:
        >>> from paddle.vision.models import wide_resnet101_2
        >>> model = wide_resnet101_2(num_classes=10)  # doctest: +SKIP
    """
    return _bottleneck_variant("wide_resnet101_2", 101, pretrained, kwargs, width=128)
