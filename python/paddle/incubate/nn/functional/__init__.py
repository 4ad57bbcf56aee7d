"""paddle.incubate.nn.functional: PaddlePaddle 3.3.1's fused functions that
mean something on CPU, composed from the ops they fuse (same parameters, same
math; gradients from the ops)."""
from .fused_bias_act import fused_bias_act
from .fused_dropout_add import fused_dropout_add
from .fused_matmul_bias import fused_linear, fused_linear_activation, fused_matmul_bias
from .fused_norm import fused_layer_norm, fused_rms_norm
from .fused_rotary_position_embedding import fused_rotary_position_embedding
from .fused_transformer import (
    fused_bias_dropout_residual_layer_norm, fused_feedforward, fused_multi_head_attention,
)
from .swiglu import swiglu

__all__ = ["fused_multi_head_attention", "fused_feedforward", "fused_matmul_bias",
           "fused_linear", "fused_linear_activation", "fused_bias_dropout_residual_layer_norm",
           "fused_dropout_add", "fused_rotary_position_embedding", "fused_rms_norm",
           "fused_layer_norm", "fused_bias_act", "swiglu"]
