"""paddle.incubate.nn's layers."""
from .fused_dropout_add import FusedDropoutAdd
from .fused_linear import FusedLinear
from .fused_transformer import (
    FusedBiasDropoutResidualLayerNorm, FusedFeedForward, FusedMultiHeadAttention,
    FusedTransformerEncoderLayer,
)

__all__ = ["FusedBiasDropoutResidualLayerNorm", "FusedDropoutAdd", "FusedFeedForward",
           "FusedLinear", "FusedMultiHeadAttention", "FusedTransformerEncoderLayer"]
