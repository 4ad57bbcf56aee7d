"""The operator lists of automatic mixed precision: which ops
``paddle.amp.auto_cast`` runs in float16/bfloat16 (white) and which it keeps
in float32 (black), per dtype and level, as PaddlePaddle 3.3.1 names them."""
__all__ = []

# Numerically safe and fast in half precision: matrix products, convolutions.
_BF16_WHITE = {
    "conv2d", "einsum", "matmul", "matmul_v2", "max_pool2d_with_index", "mul", "fused_gemm_epilogue",
    "flash_attn", "fused_rotary_position_embedding", "linear_v2",
}
_FP16_WHITE = _BF16_WHITE | {
    "fake_quantize_dequantize_abs_max", "fake_quantize_dequantize_moving_average_abs_max",
    "fused_attention", "fused_feedforward",
}
# Reductions, exponentials and losses lose too much in half precision.
_HALF_BLACK = {
    "tan", "acos", "asin", "sinh", "cosh", "atanh", "tanh_shrink", "erfinv", "exp",
    "expm1", "log", "log10", "log2", "reciprocal", "rsqrt", "pow", "square", "reduce_sum", "mean",
    "reduce_mean", "reduce_prod", "cumprod", "cumsum", "dist", "pnorm", "frobenius_norm", "renorm",
    "group_norm", "layer_norm", "softmax", "softmin", "softplus", "log_softmax",
    "softmax_with_cross_entropy", "sigmoid_cross_entropy_with_logits",
    "c_softmax_with_cross_entropy", "c_softmax_with_multi_label_cross_entropy", "cross_entropy",
    "cross_entropy2", "nll_loss", "huber_loss", "triplet_margin_loss", "log_loss", "hsigmoid_loss",
    "margin_cross_entropy",
}
# Ops without half-precision kernels: kept in float32 at every level but OD.
_EXTRA_BLACK = {
    "lookup_table", "lookup_table_v2", "scatter", "linear_interp_v2", "nearest_interp_v2",
    "bilinear_interp_v2", "bicubic_interp_v2", "trilinear_interp_v2",
}


def white_list():
    """The ops auto_cast computes in half precision, by dtype and level.

    Returns:
        dict: ``{dtype: {level: set of op types}}`` for dtype 'float16' and 'bfloat16' and level
        'OD', 'O1' and 'O2' (a new dict of new sets on each call).

    Example:
        >>> "matmul_v2" in paddle.amp.white_list()["float16"]["O1"]
        True
    """
    return {dtype: {level: set(ops) for level in ("OD", "O1", "O2")}
            for dtype, ops in (("float16", _FP16_WHITE), ("bfloat16", _BF16_WHITE))}


def black_list():
    """The ops auto_cast keeps in float32, by dtype and level.

    Returns:
        dict: ``{dtype: {level: set of op types}}`` for dtype 'float16' and 'bfloat16': level
        'OD' keeps none, 'O1' the numerically sensitive ops and those without half-precision
        kernels, 'O2' only the latter (a new dict of new sets on each call).

    Example:
        >>> sorted(paddle.amp.black_list()["float16"]["O2"])[:2]
        ['bicubic_interp_v2', 'bilinear_interp_v2']
    """
    levels = {"OD": set(), "O1": _HALF_BLACK | _EXTRA_BLACK, "O2": _EXTRA_BLACK}
    return {dtype: {level: set(ops) for level, ops in levels.items()}
            for dtype in ("float16", "bfloat16")}
