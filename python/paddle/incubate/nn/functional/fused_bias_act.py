"""fused_bias_act: act(x + bias), with PaddlePaddle's optional dequantization,
shift/smooth and int8 quantization (its fused_bias_act kernel is GPU-only in
3.3.1), composed from tensor ops."""
from ....nn import functional as F
from ....tensor._helpers import check_tensor
from ....tensor.manipulation import cast, chunk
from ._checks import check_optional
from ._quant import quantize

__all__ = []

_ACTS = ("gelu", "relu", "silu", "swish", "swiglu", "geglu", "identity")


def fused_bias_act(x, bias=None, dequant_scales=None, shift=None, smooth=None, act_method="gelu",
                   compute_dtype="default", quant_scale=-1, quant_round_type=0,
                   quant_max_bound=0, quant_min_bound=0):
    """``act(x + bias)``: int32 x is first dequantized (``x * dequant_scales``);
    after the activation ``(out + shift) * smooth`` when given; ``quant_scale > 0``
    quantizes to int8 as ``fused_rms_norm`` does.

    ``act_method``: 'gelu' (erf), 'relu', 'silu' / 'swish', 'identity', or the
    gated 'swiglu' / 'geglu' (the last axis split in half, silu / gelu of the
    first half times the second). 3.3.1 runs this on GPU only; the same math
    runs here on CPU.

    Args:
        x (Tensor): The input [..., n], float32/float64 (or int32 with dequant_scales).
        bias (Tensor, optional): [n], added first. Default None.
        dequant_scales (Tensor, optional): [n] float scales of an int32 x. Default None.
        shift (Tensor, optional): Added after the activation (broadcast). Default None.
        smooth (Tensor, optional): Multiplied after the shift (broadcast). Default None.
        act_method (str, optional): The activation. Default 'gelu'.
        compute_dtype (str, optional): The float dtype an int32 x is dequantized to
            ('default': float32). Default 'default'.
        quant_scale (float, optional): > 0 quantizes the output to int8. Default -1.
        quant_round_type (int, optional): 0 rounds half to even, 1 half away from zero.
            Default 0.
        quant_max_bound (float, optional): The quantized upper bound. Default 0.
        quant_min_bound (float, optional): The quantized lower bound. Default 0.

    Returns:
        Tensor: The activation (the last dim halved for swiglu/geglu).

    Example:
        >>> from paddle.incubate.nn.functional import fused_bias_act
        >>> x = paddle.to_tensor([[-1.0, 2.0]])
        >>> fused_bias_act(x, paddle.to_tensor([0.5, 0.5]), act_method="relu").numpy()
        array([[0. , 2.5]], dtype=float32)
    """
    fn = "fused_bias_act"
    check_tensor(x, "x", fn)
    if act_method not in _ACTS:
        raise ValueError(f"[{fn}] act_method must be one of {', '.join(_ACTS)}, got "
                         f"{act_method!r}")
    if x.dtype.name == "int32":
        if dequant_scales is None:
            raise TypeError(f"[{fn}] an int32 x needs dequant_scales")
        dtype = "float32" if compute_dtype == "default" else compute_dtype
        x = cast(x, dtype) * cast(check_optional(dequant_scales, "dequant_scales", fn), dtype)
    elif x.dtype.name not in ("float32", "float64"):
        raise TypeError(f"[{fn}] x must be float32, float64 or int32, got {x.dtype.name}")
    if bias is not None:
        x = x + check_optional(bias, "bias", fn, [x.shape[-1]])
    if act_method in ("swiglu", "geglu"):
        if x.shape[-1] % 2:
            raise ValueError(f"[{fn}] {act_method} needs an even last dim, got shape {x.shape}")
        gate, value = chunk(x, 2, axis=-1)
        out = (F.silu(gate) if act_method == "swiglu" else F.gelu(gate)) * value
    elif act_method == "gelu":
        out = F.gelu(x)
    elif act_method == "relu":
        out = F.relu(x)
    elif act_method in ("silu", "swish"):
        out = F.silu(x)
    else:
        out = x
    if shift is not None:
        out = out + check_optional(shift, "shift", fn)
    if smooth is not None:
        out = out * check_optional(smooth, "smooth", fn)
    return quantize(out, quant_scale, quant_round_type, quant_max_bound, quant_min_bound, fn)
