"""paddle.static.nn's layers as functions: each makes its parameters (named
``<layer>_<n>.w_<k>`` / ``.b_<k>`` as PaddlePaddle names them, initialized by
the startup program) and builds its ops into the current program."""
import math
import numbers

from ...base.param_attr import ParamAttr
from ...nn import functional as F
from ...nn import initializer as init
from ...tensor._helpers import op
from ...utils import unique_name
from ..data import create_parameter
from ..mode import _building

__all__ = ["fc", "conv2d", "batch_norm", "embedding"]

_mul = op("mul", ["X", "Y"], ["x_num_col_dims", "y_num_col_dims"])
_add = op("elementwise_add", ["X", "Y"], ["axis"])


def _static_only(fn):
    if not _building():
        raise RuntimeError(f"[paddle.static.nn.{fn}] builds static programs: call "
                           "paddle.enable_static() first (in eager mode use paddle.nn layers)")


def _param(layer, kind, k, shape, dtype, attr, default, is_bias=False):
    attr = ParamAttr._to_attr(attr)
    if attr is False:
        return None
    name = attr.name or f"{layer}.{kind}_{k}"
    return create_parameter(shape, dtype, name=name, attr=attr, is_bias=is_bias,
                            default_initializer=default)


def _act(x, act):
    if act is None:
        return x
    fn = getattr(F, act, None)
    if fn is None:
        raise ValueError(f"[paddle.static.nn] unknown activation '{act}'")
    return fn(x)


def fc(x, size, num_flatten_dims=1, weight_attr=None, bias_attr=None, activation=None,
       name=None):
    """A fully connected layer: ``x`` (several inputs are summed) flattened to
    2-D at ``num_flatten_dims``, times a weight ``[in, size]``, plus a bias,
    then ``activation``: PaddlePaddle's ``mul`` + ``elementwise_add`` ops.

    Args:
        x (Variable|list|tuple): The input (float32/float64, at least 2-D, the dims from
            ``num_flatten_dims`` on known), or several inputs, each with its own weight.
        size (int): The number of output features, a positive int.
        num_flatten_dims (int, optional): The dims before it stay, the rest flatten into the
            weight's input dim; in [1, rank - 1]. Default 1.
        weight_attr (ParamAttr, optional): The weight's attribute (name, initializer, ...);
            None (the default) uses XavierUniform.
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False means no bias; None
            (the default) gives a bias initialized to 0.
        activation (str, optional): The name of a ``paddle.nn.functional`` activation applied
            to the output (e.g. ``"relu"``); None (the default) applies none.
        name (str, optional): The prefix of the parameters' names; None (the default)
            generates ``fc_N``.

    Returns:
        Variable: The output, of shape ``x.shape[:num_flatten_dims] + [size]`` and x's dtype.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 4])
        >>> y = paddle.static.nn.fc(x, 3, activation="relu")
        >>> y.shape
        paddle.Size([-1, 3])
        >>> paddle.disable_static()
    """
    _static_only("fc")
    if not isinstance(size, numbers.Integral) or size <= 0:
        raise ValueError(f"[fc] size must be a positive int, got {size!r}")
    inputs = list(x) if isinstance(x, (list, tuple)) else [x]
    layer = name or unique_name.generate("fc")
    outs = []
    for k, xi in enumerate(inputs):
        shape = list(xi.shape)
        if not 0 < num_flatten_dims < len(shape):
            raise ValueError(f"[fc] num_flatten_dims ({num_flatten_dims}) must be in [1, "
                             f"{len(shape) - 1}] for an input of shape {shape}")
        in_dim = math.prod(shape[num_flatten_dims:])
        if in_dim <= 0:
            raise ValueError(f"[fc] the dims after num_flatten_dims must be known, got {shape}")
        w = _param(layer, "w", k, [in_dim, size], xi.dtype, weight_attr, init.XavierUniform())
        outs.append(_mul(xi, w, num_flatten_dims, 1))
    out = outs[0]
    for o in outs[1:]:
        out = out + o
    b = _param(layer, "b", 0, [size], out.dtype, bias_attr, init.Constant(0.0), is_bias=True)
    if b is not None:
        out = _add(out, b, num_flatten_dims)
    return _act(out, activation)


def conv2d(input, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=None,
           param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None,
           data_format="NCHW"):
    """A 2-D convolution layer with a filter ``[num_filters, C / groups, kh,
    kw]`` (Normal(0, sqrt(2 / fan_in)) by default), a bias and ``act``.

    Args:
        input (Variable): The 4-D float32/float64 input, its channel dim known.
        num_filters (int): The number of output channels.
        filter_size (int|list|tuple): The filter's ``[kh, kw]``, or one int for both.
        stride (int|list|tuple, optional): The stride(s). Default 1.
        padding (int|list|tuple|str, optional): The zero padding of each side (as
            ``paddle.nn.functional.conv2d`` takes it, ``"SAME"``/``"VALID"`` too). Default 0.
        dilation (int|list|tuple, optional): The spacing of the filter's taps. Default 1.
        groups (int, optional): The number of channel groups; the channels must divide by it.
            None (the default) means 1.
        param_attr (ParamAttr, optional): The filter's attribute; None (the default) uses
            Normal(0, sqrt(2 / fan_in)).
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False means no bias; None
            (the default) gives a bias initialized to 0.
        use_cudnn (bool, optional): For PaddlePaddle compatibility (CPU here). Default True.
        act (str, optional): The name of a ``paddle.nn.functional`` activation applied to the
            output; None (the default) applies none.
        name (str, optional): The prefix of the parameters' names; None (the default)
            generates ``conv2d_N``.
        data_format (str, optional): ``"NCHW"`` (the default) or ``"NHWC"``.

    Returns:
        Variable: The output, ``[N, num_filters, H_out, W_out]`` (or NHWC), input's dtype.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("img", [None, 3, 8, 8])
        >>> paddle.static.nn.conv2d(x, 4, 3, padding=1).shape
        paddle.Size([-1, 4, 8, 8])
        >>> paddle.disable_static()
    """
    _static_only("conv2d")
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"[conv2d] data_format must be 'NCHW' or 'NHWC', got {data_format!r}")
    channels = input.shape[1 if data_format == "NCHW" else 3]
    groups = groups or 1
    if channels <= 0 or channels % groups:
        raise ValueError(f"[conv2d] the input's channels ({channels}) must be known and "
                         f"divisible by groups ({groups})")
    ks = [filter_size] * 2 if isinstance(filter_size, numbers.Integral) else list(filter_size)
    layer = name or unique_name.generate("conv2d")
    fan_in = channels // groups * math.prod(ks)
    w = _param(layer, "w", 0, [num_filters, channels // groups] + ks, input.dtype, param_attr,
               init.Normal(0.0, (2.0 / fan_in) ** 0.5))
    out = F.conv2d(input, w, None, stride, padding, dilation, groups, data_format)
    b = _param(layer, "b", 0, [num_filters], input.dtype, bias_attr, init.Constant(0.0),
               is_bias=True)
    if b is not None:
        out = _add(out, b, 1 if data_format == "NCHW" else 3)
    return _act(out, act)


def batch_norm(input, act=None, is_test=False, momentum=0.9, epsilon=1e-05, param_attr=None,
               bias_attr=None, data_layout="NCHW", in_place=False, name=None,
               moving_mean_name=None, moving_variance_name=None,
               do_model_average_for_mean_and_var=True, use_global_stats=False):
    """Batch normalization over the channel dim with a scale (1), a shift (0)
    and running mean/variance updated by the program in training.

    Args:
        input (Variable): The float32/float64 input, 2-D to 5-D, its channel dim known.
        act (str, optional): The name of a ``paddle.nn.functional`` activation applied to the
            output; None (the default) applies none.
        is_test (bool, optional): Whether to normalize with the running statistics (and not
            update them). Default False.
        momentum (float, optional): The running statistics' decay:
            ``running = running * momentum + batch * (1 - momentum)``. Default 0.9.
        epsilon (float, optional): Added to the variance for stability. Default 1e-05.
        param_attr (ParamAttr, optional): The scale's attribute; None (the default) starts it
            at 1.
        bias_attr (ParamAttr, optional): The shift's attribute; None (the default) starts it
            at 0.
        data_layout (str, optional): Where the channel dim is: ``"NCHW"`` (the default; also
            ``"NCL"``, ``"NC"``) for dim 1, or a channel-last layout such as ``"NHWC"``.
        in_place (bool, optional): For PaddlePaddle compatibility; unused. Default False.
        name (str, optional): The prefix of the parameters' names; None (the default)
            generates ``batch_norm_N``.
        moving_mean_name (str, optional): The running mean's name; None (the default)
            generates one.
        moving_variance_name (str, optional): The running variance's name; None (the
            default) generates one.
        do_model_average_for_mean_and_var (bool, optional): For PaddlePaddle compatibility;
            unused. Default True.
        use_global_stats (bool, optional): Whether to normalize with the running statistics
            in training too. Default False.

    Returns:
        Variable: The normalized output, of input's shape and dtype.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 3, 4, 4])
        >>> paddle.static.nn.batch_norm(x).shape
        paddle.Size([-1, 3, 4, 4])
        >>> paddle.disable_static()
    """
    _static_only("batch_norm")
    c = input.shape[1 if data_layout in ("NCHW", "NCL", "NC") else -1]
    if c <= 0:
        raise ValueError(f"[batch_norm] the channel dim of {list(input.shape)} must be known")
    layer = name or unique_name.generate("batch_norm")
    dtype = input.dtype
    scale = _param(layer, "w", 0, [c], dtype, param_attr, init.Constant(1.0))
    shift = _param(layer, "b", 0, [c], dtype, bias_attr, init.Constant(0.0), is_bias=True)
    mean = _param(layer, "w", 1, [c], dtype,
                  ParamAttr(name=moving_mean_name, initializer=init.Constant(0.0),
                            trainable=False), None)
    var = _param(layer, "w", 2, [c], dtype,
                 ParamAttr(name=moving_variance_name, initializer=init.Constant(1.0),
                           trainable=False), None)
    out = F.batch_norm(input, mean, var, scale, shift, training=not is_test, momentum=momentum,
                       epsilon=epsilon, data_format=data_layout,
                       use_global_stats=use_global_stats or None)
    return _act(out, act)


def embedding(input, size, is_sparse=False, is_distributed=False, padding_idx=None,
              param_attr=None, dtype="float32"):
    """Rows of a ``size[0] x size[1]`` table at the int64 ids ``input``
    (``padding_idx`` rows read as zeros; a negative one counts from the end).

    Args:
        input (Variable): The int64 (or int32) ids, any shape, each in ``[0, size[0])``.
        size (list|tuple): ``[vocab_size, dim]``, the table's shape.
        is_sparse (bool, optional): For PaddlePaddle compatibility; the table's gradient is
            dense here. Default False.
        is_distributed (bool, optional): For PaddlePaddle compatibility; unused. Default
            False.
        padding_idx (int, optional): The id whose rows read as zeros (and get no gradient);
            negative counts from ``size[0]``. None (the default) means none.
        param_attr (ParamAttr, optional): The table's attribute; None (the default) uses
            XavierUniform.
        dtype (str|paddle.dtype, optional): The table's dtype. Default ``"float32"``.

    Returns:
        Variable: The rows, of shape ``input.shape + [size[1]]`` and ``dtype``.

    Example:
        >>> paddle.enable_static()
        >>> ids = paddle.static.data("ids", [None, 5], "int64")
        >>> paddle.static.nn.embedding(ids, [100, 8]).shape
        paddle.Size([-1, 5, 8])
        >>> paddle.disable_static()
    """
    _static_only("embedding")
    if not isinstance(size, (list, tuple)) or len(size) != 2:
        raise ValueError(f"[embedding] size must be [vocab_size, dim], got {size!r}")
    layer = unique_name.generate("embedding")
    w = _param(layer, "w", 0, list(size), dtype, param_attr, init.XavierUniform())
    if padding_idx is not None and padding_idx < 0:
        padding_idx += size[0]
    return F.embedding(input, w, padding_idx=padding_idx, sparse=is_sparse)
