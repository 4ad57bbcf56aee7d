"""paddle.audio: audio processing; here its window functions
(``paddle.audio.functional.get_window``), as in PaddlePaddle 3.3.1."""
from . import functional  # noqa: F401

__all__ = ["functional"]
