"""paddle.base: PaddlePaddle's home of the C++ core (``paddle.base.core``)."""
from . import core  # noqa: F401

__all__ = ["core"]
