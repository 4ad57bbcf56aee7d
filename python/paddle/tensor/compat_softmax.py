"""paddle.tensor.compat_softmax: the module PaddlePaddle 3.3.1 keeps its torch-style
``softmax`` in (public as ``paddle.softmax``; defined in more_functions.py)."""
from .more_functions import softmax  # noqa: F401

__all__ = []  # as in 3.3.1: the name is public as paddle.softmax
