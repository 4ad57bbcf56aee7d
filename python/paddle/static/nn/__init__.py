"""paddle.static.nn: layers as functions that build static programs."""
from ..data import create_parameter  # noqa: F401
from .common import batch_norm, conv2d, embedding, fc  # noqa: F401
from .control_flow import case, cond, switch_case, while_loop  # noqa: F401
from .conv import conv2d_transpose, conv3d, conv3d_transpose  # noqa: F401
from .extra import bilinear_tensor_product, prelu  # noqa: F401
from .norm import group_norm, instance_norm, layer_norm, spectral_norm  # noqa: F401

__all__ = ["fc", "conv2d", "batch_norm", "embedding", "cond", "while_loop", "case",
           "switch_case", "layer_norm", "group_norm", "instance_norm", "prelu",
           "conv2d_transpose", "conv3d", "conv3d_transpose", "bilinear_tensor_product",
           "spectral_norm", "create_parameter"]
