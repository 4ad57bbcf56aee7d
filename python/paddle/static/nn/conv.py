"""paddle.static.nn's convolutions beyond conv2d: conv3d and the transposed
conv2d_transpose / conv3d_transpose, with PaddlePaddle's filter shapes,
default initializers and bias adds."""
import math
import numbers

from ...nn import functional as F
from ...nn import initializer as init
from ...utils import unique_name
from .common import _act, _add, _param, _static_only

__all__ = ["conv3d", "conv2d_transpose", "conv3d_transpose"]


def _ints(value, n, what, fn):
    """An int or a list/tuple of n ints, as a list of n ints."""
    if isinstance(value, numbers.Integral):
        return [int(value)] * n
    if isinstance(value, (list, tuple)) and len(value) == n and \
            all(isinstance(v, numbers.Integral) for v in value):
        return [int(v) for v in value]
    raise ValueError(f"[{fn}] {what} must be an int or {n} ints, got {value!r}")


def _channels(input, nd, data_format, fn):
    first, last = ("NCHW", "NHWC") if nd == 2 else ("NCDHW", "NDHWC")
    if data_format not in (first, last):
        raise ValueError(f"[{fn}] data_format must be {first!r} or {last!r}, got "
                         f"{data_format!r}")
    if len(input.shape) != nd + 2:
        raise ValueError(f"[{fn}] input must be {nd + 2}-D, got shape {list(input.shape)}")
    channel_dim = 1 if data_format == first else nd + 1
    return channel_dim, input.shape[channel_dim]


def _groups(groups, channels, fn, what="input's channels"):
    groups = groups or 1
    if not isinstance(groups, numbers.Integral) or channels <= 0 or channels % groups:
        raise ValueError(f"[{fn}] the {what} ({channels}) must be known and divisible by "
                         f"groups ({groups!r})")
    return int(groups)


def _with_bias(out, layer, num_filters, dtype, bias_attr, channel_dim, act):
    b = _param(layer, "b", 0, [num_filters], dtype, bias_attr, init.Constant(0.0),
               is_bias=True)
    if b is not None:
        out = _add(out, b, channel_dim)
    return _act(out, act)


def conv3d(input, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=None,
           param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None,
           data_format="NCDHW"):
    """A 3-D convolution layer with a filter ``[num_filters, C / groups, kd,
    kh, kw]`` (Normal(0, sqrt(2 / (C * kd * kh * kw))) by default), a bias and ``act``.

    Args:
        input (Variable): The 5-D float32/float64 input, its channel dim known.
        num_filters (int): The number of output channels.
        filter_size (int|list|tuple): The filter's ``[kd, kh, kw]``, or one int for all.
        stride (int|list|tuple, optional): The stride(s). Default 1.
        padding (int|list|tuple|str, optional): The zero padding (as
            ``paddle.nn.functional.conv3d`` takes it, ``"SAME"``/``"VALID"`` too). Default 0.
        dilation (int|list|tuple, optional): The spacing of the filter's taps. Default 1.
        groups (int, optional): The number of channel groups; None (the default) means 1.
        param_attr (ParamAttr, optional): The filter's attribute; None (the default) uses
            Normal(0, sqrt(2 / (C * kd * kh * kw))), C all the input's channels.
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False means no bias; None
            (the default) gives a bias initialized to 0.
        use_cudnn (bool, optional): For PaddlePaddle compatibility (CPU here). Default True.
        act (str, optional): The name of a ``paddle.nn.functional`` activation applied to the
            output; None (the default) applies none.
        name (str, optional): The prefix of the parameters' names; None (the default)
            generates ``conv3d_N``.
        data_format (str, optional): ``"NCDHW"`` (the default) or ``"NDHWC"``.

    Returns:
        Variable: The output, ``[N, num_filters, D_out, H_out, W_out]`` (or NDHWC).

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2, 4, 4, 4])
        >>> paddle.static.nn.conv3d(x, 3, 3, padding=1).shape
        paddle.Size([-1, 3, 4, 4, 4])
        >>> paddle.disable_static()
    """
    fn = "conv3d"
    _static_only(fn)
    channel_dim, channels = _channels(input, 3, data_format, fn)
    groups = _groups(groups, channels, fn)
    ks = _ints(filter_size, 3, "filter_size", fn)
    layer = name or unique_name.generate(fn)
    fan_in = channels * math.prod(ks)  # PaddlePaddle's conv3d counts every input channel
    w = _param(layer, "w", 0, [num_filters, channels // groups] + ks, input.dtype, param_attr,
               init.Normal(0.0, (2.0 / fan_in) ** 0.5))
    out = F.conv3d(input, w, None, stride, padding, dilation, groups, data_format)
    return _with_bias(out, layer, num_filters, input.dtype, bias_attr, channel_dim, act)


def _filter_from_output(input, nd, output_size, padding, stride, dilation, data_format, fn):
    """PaddlePaddle's filter size for a transposed convolution given only
    its output size: out = (in - 1) * stride - pads + dilation * (k - 1) + 1."""
    if output_size is None:
        raise ValueError(f"[{fn}] output_size must be given when filter_size is None")
    out = _ints(output_size, nd, "output_size", fn)
    spatial = input.shape[2:] if data_format.startswith("NC") else input.shape[1:-1]
    if any(s <= 0 for s in spatial):
        raise ValueError(f"[{fn}] the input's spatial dims must be known to derive "
                         f"filter_size, got {list(input.shape)}")
    if isinstance(padding, str):
        pads = [0] * (2 * nd)
    elif isinstance(padding, numbers.Integral):
        pads = [int(padding)] * (2 * nd)
    elif len(padding) == nd:
        pads = [int(p) for p in padding for _ in range(2)]
    else:
        pads = [int(p) for p in padding]
    return [(out[i] - (spatial[i] - 1) * stride[i] + pads[2 * i] + pads[2 * i + 1] - 1)
            // dilation[i] + 1 for i in range(nd)]


def _conv_transpose(nd, input, num_filters, output_size, filter_size, padding, stride,
                    dilation, groups, param_attr, bias_attr, act, name, data_format):
    fn = f"conv{nd}d_transpose"
    _static_only(fn)
    channel_dim, channels = _channels(input, nd, data_format, fn)
    groups = _groups(groups, channels, fn)
    _groups(groups, num_filters, fn, "num_filters")
    stride = _ints(stride, nd, "stride", fn)
    dilation = _ints(dilation, nd, "dilation", fn)
    if filter_size is None:
        ks = _filter_from_output(input, nd, output_size, padding, stride, dilation,
                                 data_format, fn)
    else:
        ks = _ints(filter_size, nd, "filter_size", fn)
    layer = name or unique_name.generate(fn)
    w = _param(layer, "w", 0, [channels, num_filters // groups] + ks, input.dtype, param_attr,
               init.XavierUniform())
    conv = F.conv2d_transpose if nd == 2 else F.conv3d_transpose
    out = conv(input, w, None, stride, padding, 0, dilation=dilation, groups=groups,
               output_size=output_size, data_format=data_format)
    return _with_bias(out, layer, num_filters, input.dtype, bias_attr, channel_dim, act)


def conv2d_transpose(input, num_filters, output_size=None, filter_size=None, padding=0,
                     stride=1, dilation=1, groups=None, param_attr=None, bias_attr=None,
                     use_cudnn=True, act=None, name=None, data_format="NCHW"):
    """A 2-D transposed convolution layer with a filter ``[C, num_filters /
    groups, kh, kw]`` (XavierUniform by default), a bias and ``act``.

    Args:
        input (Variable): The 4-D float32/float64 input, its channel dim known.
        num_filters (int): The number of output channels.
        output_size (int|list|tuple, optional): The output's ``[H, W]``; needed when
            ``filter_size`` is None (the filter size is then derived from it). Default None.
        filter_size (int|list|tuple, optional): The filter's ``[kh, kw]``, or one int for
            both. Default None.
        padding (int|list|tuple|str, optional): The padding (as
            ``paddle.nn.functional.conv2d_transpose`` takes it). Default 0.
        stride (int|list|tuple, optional): The stride(s). Default 1.
        dilation (int|list|tuple, optional): The spacing of the filter's taps. Default 1.
        groups (int, optional): The number of channel groups; None (the default) means 1.
        param_attr (ParamAttr, optional): The filter's attribute; None (the default) uses
            XavierUniform.
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False means no bias; None
            (the default) gives a bias initialized to 0.
        use_cudnn (bool, optional): For PaddlePaddle compatibility (CPU here). Default True.
        act (str, optional): The name of a ``paddle.nn.functional`` activation applied to the
            output; None (the default) applies none.
        name (str, optional): The prefix of the parameters' names; None (the default)
            generates ``conv2d_transpose_N``.
        data_format (str, optional): ``"NCHW"`` (the default) or ``"NHWC"``.

    Returns:
        Variable: The output, ``[N, num_filters, H_out, W_out]`` (or NHWC).

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 3, 4, 4])
        >>> paddle.static.nn.conv2d_transpose(x, 2, filter_size=3).shape
        paddle.Size([-1, 2, 6, 6])
        >>> paddle.disable_static()
    """
    return _conv_transpose(2, input, num_filters, output_size, filter_size, padding, stride,
                           dilation, groups, param_attr, bias_attr, act, name, data_format)


def conv3d_transpose(input, num_filters, output_size=None, filter_size=None, padding=0,
                     stride=1, dilation=1, groups=None, param_attr=None, bias_attr=None,
                     use_cudnn=True, act=None, name=None, data_format="NCDHW"):
    """A 3-D transposed convolution layer with a filter ``[C, num_filters /
    groups, kd, kh, kw]`` (XavierUniform by default), a bias and ``act``.

    Args:
        input (Variable): The 5-D float32/float64 input, its channel dim known.
        num_filters (int): The number of output channels.
        output_size (int|list|tuple, optional): The output's ``[D, H, W]``; needed when
            ``filter_size`` is None (the filter size is then derived from it). Default None.
        filter_size (int|list|tuple, optional): The filter's ``[kd, kh, kw]``, or one int for
            all. Default None.
        padding (int|list|tuple|str, optional): The padding (as
            ``paddle.nn.functional.conv3d_transpose`` takes it). Default 0.
        stride (int|list|tuple, optional): The stride(s). Default 1.
        dilation (int|list|tuple, optional): The spacing of the filter's taps. Default 1.
        groups (int, optional): The number of channel groups; None (the default) means 1.
        param_attr (ParamAttr, optional): The filter's attribute; None (the default) uses
            XavierUniform.
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False means no bias; None
            (the default) gives a bias initialized to 0.
        use_cudnn (bool, optional): For PaddlePaddle compatibility (CPU here). Default True.
        act (str, optional): The name of a ``paddle.nn.functional`` activation applied to the
            output; None (the default) applies none.
        name (str, optional): The prefix of the parameters' names; None (the default)
            generates ``conv3d_transpose_N``.
        data_format (str, optional): ``"NCDHW"`` (the default) or ``"NDHWC"``.

    Returns:
        Variable: The output, ``[N, num_filters, D_out, H_out, W_out]`` (or NDHWC).

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2, 3, 3, 3])
        >>> paddle.static.nn.conv3d_transpose(x, 4, filter_size=2).shape
        paddle.Size([-1, 4, 4, 4, 4])
        >>> paddle.disable_static()
    """
    return _conv_transpose(3, input, num_filters, output_size, filter_size, padding, stride,
                           dilation, groups, param_attr, bias_attr, act, name, data_format)
