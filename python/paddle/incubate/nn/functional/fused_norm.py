"""fused_rms_norm and fused_layer_norm: (x + bias + residual) normalized over
its axes from begin_norm_axis on, then scaled and shifted, optionally
quantized to int8, with PaddlePaddle's outputs (its fused_rms_norm_quant and
fused_bias_residual_layernorm ops), composed from tensor ops."""
import math

from ....tensor.creation import zeros
from ....tensor.manipulation import reshape
from ._checks import check_float, check_optional
from ._quant import quantize

__all__ = []


def _prepare(x, norm_weight, norm_bias, begin_norm_axis, bias, residual, residual_alpha, fn):
    """(h, residual_out, cols): h = x + bias + residual_alpha * residual (x alone
    without a residual), residual_out h (empty without a residual), cols the
    number of normalized elements."""
    check_float(x, "x", fn)
    rank = x.ndim
    axis = begin_norm_axis + rank if begin_norm_axis < 0 else begin_norm_axis
    if not 0 <= axis < rank:
        raise ValueError(f"[{fn}] begin_norm_axis must be in range [0, {rank}), but got "
                         f"{begin_norm_axis}")
    cols = math.prod(x.shape[axis:])
    for what, t in (("norm_weight", norm_weight), ("norm_bias", norm_bias)):
        check_optional(t, what, fn)
        if t is not None and t.size != cols:
            raise ValueError(f"[{fn}] {what} must have the {cols} normalized elements of x "
                             f"(from axis {axis} of {x.shape}), got shape {t.shape}")
    check_optional(bias, "bias", fn)
    h, residual_out = x, zeros([0], x.dtype)
    if residual is not None:  # as 3.3.1's kernels, the bias is added with a residual only
        if bias is not None:
            h = h + bias
        h = h + check_optional(residual, "residual", fn, x.shape) * residual_alpha
        residual_out = h
    return h, residual_out, cols


def _affine(out, norm_weight, norm_bias, cols):
    if norm_weight is not None:
        out = out * reshape(norm_weight, [cols])
    if norm_bias is not None:
        out = out + reshape(norm_bias, [cols])
    return out


def fused_rms_norm(x, norm_weight, norm_bias, epsilon, begin_norm_axis=1, bias=None,
                   residual=None, quant_scale=-1, quant_round_type=0, quant_max_bound=0,
                   quant_min_bound=0):
    """RMS normalization of ``h = x + bias + residual`` (x alone when residual
    is None: as in 3.3.1, the bias comes with the residual) over its axes from
    ``begin_norm_axis`` on: ``h / sqrt(mean(h ** 2) + epsilon) * norm_weight +
    norm_bias``; with ``quant_scale > 0`` the result is quantized to int8
    (``round(out * quant_max_bound * quant_scale)`` clipped to the bounds; 3.3.1's
    CPU kernel refuses this, the same math runs here).

    Args:
        x (Tensor): The input, float32 or float64.
        norm_weight (Tensor): The scale, of the normalized elements' count.
        norm_bias (Tensor): The shift, likewise, or None.
        epsilon (float): Added to the mean square.
        begin_norm_axis (int, optional): The first normalized axis (negative: from the end).
            Default 1.
        bias (Tensor, optional): Added to x with the residual (broadcast). Default None.
        residual (Tensor, optional): Added to x first, of x's shape. Default None.
        quant_scale (float, optional): > 0 quantizes the output to int8. Default -1.
        quant_round_type (int, optional): 0 rounds half to even, 1 half away from zero.
            Default 0.
        quant_max_bound (float, optional): The quantized upper bound. Default 0.
        quant_min_bound (float, optional): The quantized lower bound. Default 0.

    Returns:
        tuple: ``(out, residual_out)``: the normalized h (x's shape), and h itself when
        residual is given (else an empty Tensor).

    Example:
        >>> from paddle.incubate.nn.functional import fused_rms_norm
        >>> x = paddle.to_tensor([[3.0, 4.0]])
        >>> out, _ = fused_rms_norm(x, paddle.ones([2]), None, 0.0, begin_norm_axis=1)
        >>> out.numpy().round(4)
        array([[0.8485, 1.1314]], dtype=float32)
    """
    fn = "fused_rms_norm"
    h, residual_out, cols = _prepare(x, norm_weight, norm_bias, begin_norm_axis, bias,
                                     residual, 1.0, fn)
    flat = reshape(h, [-1, cols])
    out = flat / ((flat * flat).mean(axis=-1, keepdim=True) + epsilon).sqrt()
    out = reshape(_affine(out, norm_weight, norm_bias, cols), x.shape)
    out = quantize(out, quant_scale, quant_round_type, quant_max_bound, quant_min_bound, fn)
    return out, residual_out


def fused_layer_norm(x, norm_weight, norm_bias, epsilon, residual_alpha=1.0, begin_norm_axis=1,
                     bias=None, residual=None, quant_scale=-1, quant_round_type=0,
                     quant_max_bound=0, quant_min_bound=0):
    """Layer normalization of ``h = x + bias + residual_alpha * residual`` (x
    alone when residual is None, as in 3.3.1) over its axes from ``begin_norm_axis`` on: ``(h - mean) / sqrt(var + epsilon) *
    norm_weight + norm_bias``, optionally quantized to int8 as ``fused_rms_norm``.

    Args:
        x (Tensor): The input, float32 or float64.
        norm_weight (Tensor): The scale, of the normalized elements' count, or None.
        norm_bias (Tensor): The shift, likewise, or None.
        epsilon (float): Added to the variance.
        residual_alpha (float, optional): The residual's factor. Default 1.0.
        begin_norm_axis (int, optional): The first normalized axis (negative: from the end).
            Default 1.
        bias (Tensor, optional): Added to x with the residual (broadcast). Default None.
        residual (Tensor, optional): Added to x first, of x's shape. Default None.
        quant_scale (float, optional): > 0 quantizes the output to int8. Default -1.
        quant_round_type (int, optional): 0 rounds half to even, 1 half away from zero.
            Default 0.
        quant_max_bound (float, optional): The quantized upper bound. Default 0.
        quant_min_bound (float, optional): The quantized lower bound. Default 0.

    Returns:
        tuple: ``(out, residual_out, mean, invvar)``: the normalized h (x's shape), h itself
        when residual is given (else an empty Tensor), and each row's mean and
        1 / sqrt(var + epsilon) (float32, one per row of the leading axes).

    Example:
        >>> from paddle.incubate.nn.functional import fused_layer_norm
        >>> x = paddle.to_tensor([[1.0, 3.0]])
        >>> out, _, mean, invvar = fused_layer_norm(x, None, None, 0.0)
        >>> out.numpy(), mean.numpy()
        (array([[-1.,  1.]], dtype=float32), array([2.], dtype=float32))
    """
    fn = "fused_layer_norm"
    h, residual_out, cols = _prepare(x, norm_weight, norm_bias, begin_norm_axis, bias,
                                     residual, residual_alpha, fn)
    flat = reshape(h, [-1, cols])
    mean = flat.mean(axis=-1, keepdim=True)
    centered = flat - mean
    invvar = 1.0 / ((centered * centered).mean(axis=-1, keepdim=True) + epsilon).sqrt()
    out = reshape(_affine(centered * invvar, norm_weight, norm_bias, cols), x.shape)
    out = quantize(out, quant_scale, quant_round_type, quant_max_bound, quant_min_bound, fn)
    return (out, residual_out, reshape(mean, [-1]).astype("float32"),
            reshape(invvar, [-1]).astype("float32"))
