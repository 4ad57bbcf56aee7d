"""paddle.optimizer: optimizers and, in ``paddle.optimizer.lr``, their learning-rate schedulers."""
from . import lr  # noqa: F401

__all__ = []
