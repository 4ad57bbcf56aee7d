"""paddle.vision.transforms: image preprocessing (resize, crop, flip, pad,
normalize, to Tensor) as transform classes and as functions."""
from . import functional  # noqa: F401
from .functional import (
    adjust_brightness, adjust_contrast, center_crop, crop, erase, hflip, normalize, pad, resize,
    to_grayscale, to_tensor, vflip,
)
from .transforms import (
    BaseTransform, BrightnessTransform, CenterCrop, Compose, ContrastTransform, Grayscale,
    Normalize, Pad, RandomCrop, RandomErasing, RandomHorizontalFlip, RandomResizedCrop,
    RandomVerticalFlip, Resize, ToTensor, Transpose,
)

__all__ = [
    "BaseTransform", "Compose", "Resize", "RandomResizedCrop", "CenterCrop",
    "RandomHorizontalFlip", "RandomVerticalFlip", "Transpose", "Normalize", "RandomCrop",
    "Pad", "ToTensor", "BrightnessTransform", "ContrastTransform", "Grayscale",
    "to_tensor", "hflip", "vflip", "resize", "pad", "crop", "center_crop", "normalize",
    "to_grayscale", "adjust_brightness", "adjust_contrast", "RandomErasing", "erase",
]
