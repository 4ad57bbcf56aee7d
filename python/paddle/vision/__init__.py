"""paddle.vision: image datasets, transforms and classification models,
following PaddlePaddle's paddle.vision."""
from . import datasets, models, ops, transforms  # noqa: F401
from .datasets import *  # noqa: F401,F403
from .image import get_image_backend, image_load, set_image_backend
from .models import *  # noqa: F401,F403  (every model and factory, as PaddlePaddle)
from .transforms import *  # noqa: F401,F403

__all__ = ["set_image_backend", "get_image_backend", "image_load"]
