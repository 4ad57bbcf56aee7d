"""paddle.vision.transforms: image preprocessing (resize, crop, flip, pad,
normalize, to Tensor) as transform classes and as functions."""
from . import functional  # noqa: F401
from .functional import center_crop, crop, hflip, normalize, pad, resize, to_tensor, vflip
from .transforms import (
    BaseTransform, CenterCrop, Compose, Normalize, Pad, RandomCrop, RandomHorizontalFlip,
    RandomResizedCrop, RandomVerticalFlip, Resize, ToTensor, Transpose,
)

__all__ = [
    "BaseTransform", "Compose", "Resize", "RandomResizedCrop", "CenterCrop",
    "RandomHorizontalFlip", "RandomVerticalFlip", "Transpose", "Normalize", "RandomCrop",
    "Pad", "ToTensor",
    "to_tensor", "hflip", "vflip", "resize", "pad", "crop", "center_crop", "normalize",
]
