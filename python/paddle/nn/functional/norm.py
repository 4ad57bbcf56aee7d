"""batch_norm, layer_norm, group_norm and instance_norm (one op each), normalize."""
import math
import numbers

import numpy as np

from ...tensor._helpers import check_tensor, op
from ...tensor.creation import full
from ...tensor.linalg import norm
from ...tensor.manipulation import reshape
from ...tensor.math import maximum

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_batch_norm = op("batch_norm", ["X", "Scale", "Bias", "Mean", "Variance"],
                 ["is_test", "momentum", "epsilon", "data_layout", "use_global_stats",
                  "trainable_statistics"],
                 ["Y", "MeanOut", "VarianceOut"])
# Static programs update the running statistics in place, as PaddlePaddle's do.
_batch_norm_inplace = op("batch_norm", ["X", "Scale", "Bias", "Mean", "Variance"],
                         ["is_test", "momentum", "epsilon", "data_layout", "use_global_stats",
                          "trainable_statistics"],
                         ["Y", "MeanOut=Mean", "VarianceOut=Variance"])
_layer_norm = op("layer_norm", ["X", "Scale", "Bias"], ["epsilon", "begin_norm_axis"], ["Y"])
_group_norm = op("group_norm", ["X", "Scale", "Bias"], ["epsilon", "groups", "data_layout"], ["Y"])
_instance_norm = op("instance_norm", ["X", "Scale", "Bias"], ["epsilon"], ["Y"])

_CHANNEL_LAST = {"NLC", "NHWC", "NDHWC"}
_CHANNEL_FIRST = {"NC", "NCL", "NCHW", "NCDHW"}


def batch_norm(x, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.9,
               epsilon=1e-05, data_format="NCHW", use_global_stats=None, name=None):
    """Normalizes each channel by the batch's statistics (training; the
    running ones are updated in place: running = momentum * running +
    (1 - momentum) * batch) or by the running statistics (not training), then
    scales by weight and shifts by bias.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of at least 2 dims [N, C, ...] (channels
            last for 'NLC', 'NHWC', 'NDHWC').
        running_mean (Tensor): The running mean, shape [C]; updated in place in training.
        running_var (Tensor): The running variance, shape [C]; updated in place in training.
        weight (Tensor, optional): The scale, shape [C]; None (the default) scales by 1.
        bias (Tensor, optional): The shift, shape [C]; None (the default) shifts by 0.
        training (bool, optional): Uses the batch's statistics and updates the running ones when
            True; uses the running ones when False (the default).
        momentum (float, optional): The weight of the old running value in the update. Default 0.9.
        epsilon (float, optional): Added to the variance before its square root. Default 1e-05.
        data_format (str, optional): Where the channel dim is: 'NC', 'NCL', 'NCHW' or 'NCDHW' (dim
            1), 'NLC', 'NHWC' or 'NDHWC' (the last dim). Default 'NCHW'.
        use_global_stats (bool, optional): True normalizes by the running statistics, False by the
            batch's, whatever training says; None (the default) follows training.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> x = paddle.rand([4, 3, 2, 2])
        >>> mean, var = paddle.zeros([3]), paddle.ones([3])
        >>> y = paddle.nn.functional.batch_norm(x, mean, var, training=True)
        >>> y.shape
        paddle.Size([4, 3, 2, 2])
    """
    fn = "batch_norm"
    check_tensor(x, "x", fn)
    check_tensor(running_mean, "running_mean", fn)
    check_tensor(running_var, "running_var", fn)
    if data_format not in _CHANNEL_LAST | _CHANNEL_FIRST:
        raise ValueError(f"[batch_norm] data_format must be one of NC, NCL, NCHW, NCDHW, NLC, "
                         f"NHWC, NDHWC, got {data_format!r}")
    if x.ndim < 2:
        raise ValueError(f"[batch_norm] x must have at least 2 dims [N, C, ...], got {x.shape}")
    channel_last = data_format in _CHANNEL_LAST
    c = x.shape[-1] if channel_last else x.shape[1]
    for t, what in ((running_mean, "running_mean"), (running_var, "running_var"),
                    (weight, "weight"), (bias, "bias")):
        if t is not None and check_tensor(t, what, fn).shape != [c]:
            raise ValueError(f"[batch_norm] {what} must have shape [{c}] (the channel count of x "
                             f"{x.shape} in {data_format}), got {t.shape}")
    if use_global_stats is None:
        use_global_stats, trainable_statistics = not training, False
    else:
        trainable_statistics = not use_global_stats
    args = (x, weight, bias, running_mean, running_var, not training, float(momentum),
            float(epsilon), "NHWC" if channel_last else "NCHW", bool(use_global_stats),
            trainable_statistics)
    if x._static_ref() is not None:
        return _batch_norm_inplace(*args)[0]
    y, mean_out, var_out = _batch_norm(*args)
    if training:
        # The new statistics go into the running tensors' memory (numpy() shares
        # it): written as op outputs ("MeanOut=Mean"), the running tensors would
        # join this step's autograd graph and hold it alive until the next step.
        np.copyto(running_mean.numpy(), mean_out.numpy())
        np.copyto(running_var.numpy(), var_out.numpy())
    return y


def _normalized_dims(normalized_shape, x, fn):
    if isinstance(normalized_shape, numbers.Integral):
        normalized_shape = [int(normalized_shape)]
    normalized_shape = list(normalized_shape)
    n = len(normalized_shape)
    if n == 0 or n > x.ndim or x.shape[x.ndim - n:] != normalized_shape:
        raise ValueError(f"[{fn}] normalized_shape {normalized_shape} must match the last dims "
                         f"of x (shape {x.shape})")
    return normalized_shape


def layer_norm(x, normalized_shape, weight=None, bias=None, epsilon=1e-05, name=None):
    """Normalizes x over its last dims (``normalized_shape``) to mean 0 and
    variance 1, then scales by weight and shifts by bias (each of
    prod(normalized_shape) values).

    Args:
        x (Tensor): The input, a float32 or float64 tensor.
        normalized_shape (int|list|tuple): The sizes of the last dims to normalize over; they must
            equal x's last dims.
        weight (Tensor, optional): The scale, prod(normalized_shape) values (1-D or of
            normalized_shape); None (the default) scales by 1.
        bias (Tensor, optional): The shift, prod(normalized_shape) values; None (the default) shifts
            by 0.
        epsilon (float, optional): Added to the variance before its square root. Default 1e-05.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> y = paddle.nn.functional.layer_norm(paddle.rand([2, 3, 4]), 4)
        >>> y.shape
        paddle.Size([2, 3, 4])
    """
    fn = "layer_norm"
    check_tensor(x, "x", fn)
    dims = _normalized_dims(normalized_shape, x, fn)
    size = math.prod(dims)
    flat = []
    for t, what in ((weight, "weight"), (bias, "bias")):
        if t is not None:
            check_tensor(t, what, fn)
            if math.prod(t.shape) != size:
                raise ValueError(f"[layer_norm] {what} must hold {size} values "
                                 f"(normalized_shape {dims}), got shape {t.shape}")
            t = t if t.ndim == 1 else reshape(t, [size])
        flat.append(t)
    return _layer_norm(x, flat[0], flat[1], float(epsilon), x.ndim - len(dims))


def normalize(x, p=2, axis=1, epsilon=1e-12, out=None, name=None):
    """x / max(||x||_p, epsilon), the norm taken along ``axis`` (written into
    ``out`` too when given).

    Args:
        x (Tensor): The input, a float32 or float64 tensor.
        p (float|int, optional): The order of the norm. Default 2.
        axis (int, optional): The dim to take the norm along, in [-x.ndim, x.ndim). Default 1.
        epsilon (float, optional): The smallest divisor, which keeps the division finite. Default
            1e-12.
        out (Tensor, optional): When given, the result is also written into it and it is returned.
            Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.normalize(paddle.to_tensor([[3.0, 4.0]])).numpy()
        array([[0.6, 0.8]], dtype=float32)
    """
    check_tensor(x, "x", "normalize")
    if not -max(x.ndim, 1) <= axis < max(x.ndim, 1):
        raise ValueError(f"[normalize] axis {axis} is out of range for a {x.ndim}-D tensor")
    length = norm(x, float(p), axis, keepdim=True)
    result = x / maximum(length, full([1], float(epsilon), x.dtype))
    if out is not None:
        check_tensor(out, "out", "normalize")._assign_from(result)
        return out
    return result


def _channels(x, data_format, allowed, fn):
    if data_format not in allowed:
        raise ValueError(f"[{fn}] data_format must be one of {list(allowed)}, got {data_format!r}")
    if x.ndim < 2:
        raise ValueError(f"[{fn}] x must have at least 2 dims [N, C, ...], got shape {x.shape}")
    return x.shape[-1] if data_format in _CHANNEL_LAST else x.shape[1]


def _per_channel(t, what, c, fn):
    if t is not None and check_tensor(t, what, fn).shape != [c]:
        raise ValueError(f"[{fn}] {what} must have shape [{c}], got {t.shape}")
    return t


def group_norm(x, num_groups, epsilon=1e-05, weight=None, bias=None, data_format="NCHW",
               name=None):
    """Normalizes each of ``num_groups`` groups of channels per sample (over
    the group's channels and all positions), then scales by weight and shifts
    by bias (one value per channel).

    Args:
        x (Tensor): The input, a float32 or float64 tensor of at least 2 dims [N, C, ...] (channels
            last for 'NLC', 'NHWC', 'NDHWC').
        num_groups (int): The number of channel groups, a positive divisor of C.
        epsilon (float, optional): Added to the variance before its square root. Default 1e-05.
        weight (Tensor, optional): The scale, shape [C]; None (the default) scales by 1.
        bias (Tensor, optional): The shift, shape [C]; None (the default) shifts by 0.
        data_format (str, optional): 'NCL', 'NCHW' or 'NCDHW' (channels first), 'NLC', 'NHWC' or
            'NDHWC' (channels last). Default 'NCHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.group_norm(paddle.rand([2, 4, 3, 3]), 2).shape
        paddle.Size([2, 4, 3, 3])
    """
    fn = "group_norm"
    check_tensor(x, "x", fn)
    c = _channels(x, data_format, ("NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"), fn)
    if not isinstance(num_groups, int) or num_groups <= 0 or c % num_groups:
        raise ValueError(f"[group_norm] num_groups ({num_groups}) must be a positive divisor of "
                         f"the channel count {c}")
    _per_channel(weight, "weight", c, fn)
    _per_channel(bias, "bias", c, fn)
    layout = "NHWC" if data_format in _CHANNEL_LAST else "NCHW"
    return _group_norm(x, weight, bias, float(epsilon), num_groups, layout)


def instance_norm(x, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.9, eps=1e-05, data_format="NCHW", name=None):
    """Normalizes each channel of each sample over its positions, then scales
    by weight and shifts by bias (one value per channel). As in PaddlePaddle's
    eager mode, the running statistics are accepted and not used.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of at least 2 dims [N, C, ...].
        running_mean (Tensor, optional): Accepted and not used. Default None.
        running_var (Tensor, optional): Accepted and not used. Default None.
        weight (Tensor, optional): The scale, shape [C]; None (the default) scales by 1.
        bias (Tensor, optional): The shift, shape [C]; None (the default) shifts by 0.
        use_input_stats (bool, optional): Accepted; the input's statistics are always used. Default
            True.
        momentum (float, optional): Accepted and not used. Default 0.9.
        eps (float, optional): Added to the variance before its square root. Default 1e-05.
        data_format (str, optional): 'NC', 'NCL', 'NCHW' or 'NCDHW' (channels first only). Default
            'NCHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.instance_norm(paddle.rand([2, 3, 4, 4])).shape
        paddle.Size([2, 3, 4, 4])
    """
    fn = "instance_norm"
    check_tensor(x, "x", fn)
    c = _channels(x, data_format, ("NC", "NCL", "NCHW", "NCDHW"), fn)
    _per_channel(weight, "weight", c, fn)
    _per_channel(bias, "bias", c, fn)
    return _instance_norm(x, weight, bias, float(eps))
