"""paddle.static.nn's normalization layers beyond batch_norm: layer_norm,
group_norm, instance_norm (one op each, PaddlePaddle's) and spectral_norm."""
import math
import numbers

from ...base.param_attr import ParamAttr
from ...nn import initializer as init
from ...nn.functional.norm import _group_norm, _instance_norm, _layer_norm
from ...nn.layer.spectral_norm import spectral_normalize
from ...utils import unique_name
from .common import _act, _param, _static_only

__all__ = ["layer_norm", "group_norm", "instance_norm", "spectral_norm"]


def _rank_at_least(x, low, high, fn, what="input"):
    if not low <= len(x.shape) <= high:
        raise ValueError(f"[{fn}] {what} must be {low}-D to {high}-D, got shape "
                         f"{list(x.shape)}")


def layer_norm(input, scale=True, shift=True, begin_norm_axis=1, epsilon=1e-05,
               param_attr=None, bias_attr=None, act=None, name=None):
    """Layer normalization: each sample normalized over its dims from
    ``begin_norm_axis`` on, then scaled (1) and shifted (0) elementwise.

    Args:
        input (Variable): The float32/float64 input, the dims from ``begin_norm_axis`` on
            known.
        scale (bool, optional): Whether to learn a scale (``<name>.w_0``). Default True.
        shift (bool, optional): Whether to learn a shift (``<name>.b_0``). Default True.
        begin_norm_axis (int, optional): The first normalized dim, in [1, rank - 1].
            Default 1.
        epsilon (float, optional): Added to the variance for stability. Default 1e-05.
        param_attr (ParamAttr, optional): The scale's attribute; None (the default) starts it
            at 1.
        bias_attr (ParamAttr, optional): The shift's attribute; None (the default) starts it
            at 0.
        act (str, optional): The name of a ``paddle.nn.functional`` activation applied to the
            output; None (the default) applies none.
        name (str, optional): The prefix of the parameters' names; None (the default)
            generates ``layer_norm_N``.

    Returns:
        Variable: The normalized output, of input's shape and dtype.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 3, 4])
        >>> paddle.static.nn.layer_norm(x, begin_norm_axis=2).shape
        paddle.Size([-1, 3, 4])
        >>> paddle.disable_static()
    """
    _static_only("layer_norm")
    shape = list(input.shape)
    if not isinstance(begin_norm_axis, numbers.Integral) or not 0 < begin_norm_axis < len(shape):
        raise ValueError(f"[layer_norm] begin_norm_axis must be in [1, {len(shape) - 1}] for an "
                         f"input of shape {shape}, got {begin_norm_axis!r}")
    size = math.prod(shape[begin_norm_axis:])
    if size <= 0:
        raise ValueError(f"[layer_norm] the dims from begin_norm_axis on must be known, got "
                         f"{shape}")
    if (scale and param_attr is False) or (shift and bias_attr is False):
        raise ValueError("[layer_norm] param_attr/bias_attr cannot be False while scale/shift "
                         "is True")
    layer = name or unique_name.generate("layer_norm")
    w = _param(layer, "w", 0, [size], input.dtype, param_attr, init.Constant(1.0)) \
        if scale else None
    b = _param(layer, "b", 0, [size], input.dtype, bias_attr, init.Constant(0.0),
               is_bias=True) if shift else None
    return _act(_layer_norm(input, w, b, float(epsilon), begin_norm_axis), act)


def group_norm(input, groups, epsilon=1e-05, param_attr=None, bias_attr=None, act=None,
               data_layout="NCHW", name=None):
    """Group normalization: the channels split into ``groups`` groups, each
    normalized per sample. As in PaddlePaddle, the scale (1) and the shift (0)
    are made only when ``param_attr`` / ``bias_attr`` are given.

    Args:
        input (Variable): The float32/float64 input, at least 2-D, its channel dim known.
        groups (int): The number of channel groups; the channels must divide by it.
        epsilon (float, optional): Added to the variance for stability. Default 1e-05.
        param_attr (ParamAttr|bool, optional): The scale's attribute; None (the default) or
            False makes no scale.
        bias_attr (ParamAttr|bool, optional): The shift's attribute; None (the default) or
            False makes no shift.
        act (str, optional): The name of a ``paddle.nn.functional`` activation applied to the
            output; None (the default) applies none.
        data_layout (str, optional): ``"NCHW"`` (the default, channels at dim 1) or
            ``"NHWC"`` (channels last).
        name (str, optional): The prefix of the parameters' names; None (the default)
            generates ``group_norm_N``.

    Returns:
        Variable: The normalized output, of input's shape and dtype.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 4, 3, 3])
        >>> paddle.static.nn.group_norm(x, groups=2).shape
        paddle.Size([-1, 4, 3, 3])
        >>> paddle.disable_static()
    """
    _static_only("group_norm")
    _rank_at_least(input, 2, 5, "group_norm")
    if data_layout not in ("NCHW", "NHWC"):
        raise ValueError(f"[group_norm] data_layout must be 'NCHW' or 'NHWC', got "
                         f"{data_layout!r}")
    c = input.shape[1 if data_layout == "NCHW" else -1]
    if not isinstance(groups, numbers.Integral) or groups <= 0 or c <= 0 or c % groups:
        raise ValueError(f"[group_norm] groups ({groups!r}) must be a positive int dividing the "
                         f"input's channels ({c})")
    layer = name or unique_name.generate("group_norm")
    w = _param(layer, "w", 0, [c], input.dtype, param_attr, init.Constant(1.0)) \
        if param_attr else None
    b = _param(layer, "b", 0, [c], input.dtype, bias_attr, init.Constant(0.0),
               is_bias=True) if bias_attr else None
    return _act(_group_norm(input, w, b, float(epsilon), int(groups), data_layout), act)


def instance_norm(input, epsilon=1e-05, param_attr=None, bias_attr=None, name=None):
    """Instance normalization: each channel of each sample normalized over
    its positions. As in PaddlePaddle, a scale (1) and a shift (0) are made
    only when both ``param_attr`` and ``bias_attr`` are given.

    Args:
        input (Variable): The float32/float64 input, 2-D to 5-D, channels at dim 1 (known).
        epsilon (float, optional): Added to the variance for stability. Default 1e-05.
        param_attr (ParamAttr|bool, optional): The scale's attribute; None (the default) or
            False makes neither parameter.
        bias_attr (ParamAttr|bool, optional): The shift's attribute; None (the default) or
            False makes neither parameter.
        name (str, optional): The prefix of the parameters' names; None (the default)
            generates ``instance_norm_N``.

    Returns:
        Variable: The normalized output, of input's shape and dtype.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2, 5])
        >>> paddle.static.nn.instance_norm(x).shape
        paddle.Size([-1, 2, 5])
        >>> paddle.disable_static()
    """
    _static_only("instance_norm")
    _rank_at_least(input, 2, 5, "instance_norm")
    if param_attr is False and bias_attr is not False:
        raise ValueError("[instance_norm] param_attr and bias_attr must be False together")
    c = input.shape[1]
    if c <= 0:
        raise ValueError(f"[instance_norm] the channel dim of {list(input.shape)} must be known")
    w = b = None
    if param_attr and bias_attr:
        layer = name or unique_name.generate("instance_norm")
        w = _param(layer, "w", 0, [c], input.dtype, param_attr, init.Constant(1.0))
        b = _param(layer, "b", 0, [c], input.dtype, bias_attr, init.Constant(0.0),
                   is_bias=True)
    return _instance_norm(input, w, b, float(epsilon))


def spectral_norm(weight, dim=0, power_iters=1, eps=1e-12, name=None):
    """``weight`` divided by its largest singular value, estimated by
    ``power_iters`` power-iteration steps from two vectors ``u`` (``<name>.w_0``,
    ``weight.shape[dim]`` values) and ``v`` (``<name>.w_1``, the rest), both
    drawn from Normal(0, 1) and not trained. The gradient treats the
    iteration's vectors as constants.

    Args:
        weight (Variable): The float32/float64 weight, 2-D to 5-D, its shape known.
        dim (int, optional): The dim that becomes the matrix's rows; 0 (the default) or 1.
        power_iters (int, optional): The number of power-iteration steps, >= 0. Default 1.
        eps (float, optional): Added to the vectors' norms. Default 1e-12.
        name (str, optional): The prefix of the vectors' names; None (the default) generates
            ``spectral_norm_N``.

    Returns:
        Variable: The normalized weight, of weight's shape and dtype.

    Example:
        >>> paddle.enable_static()
        >>> w = paddle.static.data("w", [2, 3, 4])
        >>> paddle.static.nn.spectral_norm(w, dim=1).shape
        paddle.Size([2, 3, 4])
        >>> paddle.disable_static()
    """
    _static_only("spectral_norm")
    shape = list(weight.shape)
    _rank_at_least(weight, 2, 5, "spectral_norm", "weight")
    if any(s <= 0 for s in shape):
        raise ValueError(f"[spectral_norm] weight's shape must be known, got {shape}")
    if dim not in (0, 1):
        raise ValueError(f"[spectral_norm] dim must be 0 or 1, got {dim!r}")
    if not isinstance(power_iters, numbers.Integral) or power_iters < 0:
        raise ValueError(f"[spectral_norm] power_iters must be a non-negative int, got "
                         f"{power_iters!r}")
    layer = name or unique_name.generate("spectral_norm")
    rows = shape[dim]
    u = _param(layer, "w", 0, [rows], weight.dtype, ParamAttr(), init.Normal(0.0, 1.0))
    v = _param(layer, "w", 1, [math.prod(shape) // rows], weight.dtype, ParamAttr(),
               init.Normal(0.0, 1.0))
    u.stop_gradient = v.stop_gradient = True
    return spectral_normalize(weight, u, v, dim, int(power_iters), float(eps))
