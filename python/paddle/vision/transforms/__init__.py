"""paddle.vision.transforms: image preprocessing (resize, crop, flip, pad,
normalize, to Tensor) as transform classes and as functions."""
from . import functional  # noqa: F401
from .functional import (
    adjust_brightness, adjust_contrast, adjust_hue, affine, center_crop, crop, erase, hflip,
    normalize, pad, perspective, resize, rotate, to_grayscale, to_tensor, vflip,
)
from .transforms import (
    BaseTransform, BrightnessTransform, CenterCrop, ColorJitter, Compose, ContrastTransform,
    Grayscale, HueTransform, Normalize, Pad, RandomAffine, RandomCrop, RandomErasing,
    RandomHorizontalFlip, RandomPerspective, RandomResizedCrop, RandomRotation,
    RandomVerticalFlip, Resize, SaturationTransform, ToTensor, Transpose,
)

__all__ = [
    "BaseTransform", "Compose", "Resize", "RandomResizedCrop", "CenterCrop",
    "RandomHorizontalFlip", "RandomVerticalFlip", "Transpose", "Normalize", "RandomCrop",
    "Pad", "ToTensor", "BrightnessTransform", "ContrastTransform", "Grayscale",
    "to_tensor", "hflip", "vflip", "resize", "pad", "crop", "center_crop", "normalize",
    "to_grayscale", "adjust_brightness", "adjust_contrast", "RandomErasing", "erase",
    "SaturationTransform", "HueTransform", "ColorJitter", "adjust_hue", "RandomRotation",
    "rotate", "RandomAffine", "affine", "RandomPerspective", "perspective",
]
