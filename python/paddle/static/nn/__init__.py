"""paddle.static.nn: layers as functions that build static programs."""
from .common import batch_norm, conv2d, embedding, fc  # noqa: F401

__all__ = ["fc", "conv2d", "batch_norm", "embedding"]
