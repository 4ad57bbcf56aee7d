"""paddle.incubate.nn: PaddlePaddle 3.3.1's fused layers, composed on CPU from
the ops they fuse."""
from . import functional, layer, loss  # noqa: F401
from .layer import (
    FusedBiasDropoutResidualLayerNorm, FusedDropoutAdd, FusedFeedForward, FusedLinear,
    FusedMultiHeadAttention, FusedTransformerEncoderLayer,
)

__all__ = ["FusedMultiHeadAttention", "FusedFeedForward", "FusedTransformerEncoderLayer",
           "FusedLinear", "FusedBiasDropoutResidualLayerNorm", "FusedDropoutAdd"]
