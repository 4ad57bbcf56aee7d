"""paddle.static.nn: layers as functions that build static programs."""
from .common import batch_norm, conv2d, embedding, fc  # noqa: F401
from .control_flow import case, cond, switch_case, while_loop  # noqa: F401

__all__ = ["fc", "conv2d", "batch_norm", "embedding", "cond", "while_loop", "case",
           "switch_case"]
