"""int8 quantization of a fused op's output, as PaddlePaddle's fused norm and
bias-act kernels do it: round(out * quant_max_bound * quant_scale), clipped to
[quant_min_bound, quant_max_bound]."""
from ....tensor.manipulation import cast
from ....tensor.math import floor, round as round_half_even, sign
from ....tensor.numeric import clip

__all__ = []


def quantize(out, quant_scale, quant_round_type, quant_max_bound, quant_min_bound, fn):
    """out unchanged when quant_scale <= 0, else its int8 quantization;
    quant_round_type 0 rounds half to even, 1 half away from zero."""
    if quant_scale <= 0:
        return out
    if quant_round_type not in (0, 1):
        raise ValueError(f"[{fn}] quant_round_type must be 0 (half to even) or 1 (half away "
                         f"from zero), got {quant_round_type!r}")
    scaled = out * float(quant_max_bound * quant_scale)
    if quant_round_type == 0:
        rounded = round_half_even(scaled)
    else:
        rounded = sign(scaled) * floor(scaled.abs() + 0.5)
    return cast(clip(rounded, float(quant_min_bound), float(quant_max_bound)), "int8")
