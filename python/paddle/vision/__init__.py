"""paddle.vision: image datasets, transforms and classification models,
following PaddlePaddle's paddle.vision."""
from . import datasets, models, ops, transforms  # noqa: F401
from .datasets import *  # noqa: F401,F403
from .image import get_image_backend, image_load, set_image_backend
from .models import *  # noqa: F401,F403  (every model and factory, as PaddlePaddle)
from .transforms import (  # noqa: F401  (the names PaddlePaddle's paddle.vision re-exports)
    BaseTransform, BrightnessTransform, CenterCrop, ColorJitter, Compose, ContrastTransform,
    Grayscale, HueTransform, Normalize, Pad, RandomCrop, RandomHorizontalFlip, RandomResizedCrop,
    RandomRotation, RandomVerticalFlip, Resize, SaturationTransform, ToTensor, Transpose,
    adjust_brightness, adjust_contrast, adjust_hue, center_crop, crop, hflip, normalize, pad,
    resize, rotate, to_grayscale, to_tensor, vflip,
)

__all__ = ["set_image_backend", "get_image_backend", "image_load"]
