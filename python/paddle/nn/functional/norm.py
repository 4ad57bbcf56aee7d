"""batch_norm and layer_norm (the batch_norm and layer_norm ops)."""
import math
import numbers

import numpy as np

from ...tensor._helpers import check_tensor, op
from ...tensor.manipulation import reshape

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_batch_norm = op("batch_norm", ["X", "Scale", "Bias", "Mean", "Variance"],
                 ["is_test", "momentum", "epsilon", "data_layout", "use_global_stats",
                  "trainable_statistics"],
                 ["Y", "MeanOut", "VarianceOut"])
_layer_norm = op("layer_norm", ["X", "Scale", "Bias"], ["epsilon", "begin_norm_axis"], ["Y"])

_CHANNEL_LAST = {"NLC", "NHWC", "NDHWC"}
_CHANNEL_FIRST = {"NC", "NCL", "NCHW", "NCDHW"}


def batch_norm(x, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.9,
               epsilon=1e-05, data_format="NCHW", use_global_stats=None, name=None):
    """Normalizes each channel by the batch's statistics (training; the
    running ones are updated in place: running = momentum * running +
    (1 - momentum) * batch) or by the running statistics (not training), then
    scales by weight and shifts by bias.

    Example:
        >>> x = paddle.rand([4, 3, 2, 2])
        >>> mean, var = paddle.zeros([3]), paddle.ones([3])
        >>> y = paddle.nn.functional.batch_norm(x, mean, var, training=True)
        >>> y.shape
        [4, 3, 2, 2]
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
    y, mean_out, var_out = _batch_norm(x, weight, bias, running_mean, running_var, not training,
                                       float(momentum), float(epsilon),
                                       "NHWC" if channel_last else "NCHW",
                                       bool(use_global_stats), trainable_statistics)
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

    Example:
        >>> y = paddle.nn.functional.layer_norm(paddle.rand([2, 3, 4]), 4)
        >>> y.shape
        [2, 3, 4]
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
