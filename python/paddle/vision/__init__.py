"""paddle.vision: image datasets, transforms and classification models,
following PaddlePaddle's paddle.vision."""
from . import datasets, models, ops, transforms  # noqa: F401
from .datasets import MNIST, Cifar10, Cifar100, DatasetFolder, FashionMNIST, ImageFolder  # noqa: F401
from .image import get_image_backend, image_load, set_image_backend
from .models import (  # noqa: F401
    VGG, AlexNet, LeNet, MobileNetV1, MobileNetV2, ResNet, mobilenet_v1, mobilenet_v2, resnet18, resnet34,
    resnet50, resnet101, resnet152, resnext50_32x4d, resnext50_64x4d, resnext101_32x4d,
    resnext101_64x4d, resnext152_32x4d, resnext152_64x4d, vgg11, vgg13, vgg16, vgg19,
    wide_resnet50_2, wide_resnet101_2, alexnet, SqueezeNet, squeezenet1_0, squeezenet1_1,
    MobileNetV3Large, MobileNetV3Small, mobilenet_v3_large, mobilenet_v3_small, ShuffleNetV2,
    shufflenet_v2_swish, shufflenet_v2_x0_5, shufflenet_v2_x0_25, shufflenet_v2_x0_33,
    shufflenet_v2_x1_0, shufflenet_v2_x1_5, shufflenet_v2_x2_0,
)
from .transforms import *  # noqa: F401,F403

__all__ = ["set_image_backend", "get_image_backend", "image_load"]
