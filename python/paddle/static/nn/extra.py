"""paddle.static.nn's prelu (PaddlePaddle's prelu op with a learned slope)
and bilinear_tensor_product."""
from ...nn import functional as F
from ...nn import initializer as init
from ...nn.functional.activation import _prelu
from ...utils import unique_name
from .common import _act, _param, _static_only

__all__ = ["prelu", "bilinear_tensor_product"]

_PRELU_FORMATS = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")


def prelu(x, mode, param_attr=None, data_format="NCHW", name=None):
    """A leaky relu with a learned slope (starting at 0.25): one for all
    (``mode="all"``, shape ``[1]``), one per channel (``"channel"``, ``[1, C, 1,
    1]`` or ``[1, 1, 1, C]`` channels last) or one per element of a sample
    (``"element"``, ``[1] + x.shape[1:]``).

    Args:
        x (Variable): The float32/float64 input (at least 2-D for mode ``"channel"``).
        mode (str): ``"all"``, ``"channel"`` or ``"element"``.
        param_attr (ParamAttr, optional): The slope's attribute; None (the default) starts it
            at 0.25.
        data_format (str, optional): Where the channel is for mode ``"channel"``: one of
            ``"NC"``, ``"NCL"``, ``"NCHW"`` (the default), ``"NCDHW"`` (dim 1) or ``"NLC"``,
            ``"NHWC"``, ``"NDHWC"`` (last).
        name (str, optional): The prefix of the slope's name; None (the default) generates
            ``prelu_N``.

    Returns:
        Variable: ``max(0, x) + slope * min(0, x)``, of x's shape and dtype.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 3, 2, 2])
        >>> paddle.static.nn.prelu(x, "channel").shape
        paddle.Size([-1, 3, 2, 2])
        >>> paddle.disable_static()
    """
    _static_only("prelu")
    if mode not in ("all", "channel", "element"):
        raise ValueError(f"[prelu] mode must be 'all', 'channel' or 'element', got {mode!r}")
    shape = list(x.shape)
    alpha_shape = [1]
    layout = "NCHW"
    if mode == "channel":
        if data_format not in _PRELU_FORMATS:
            raise ValueError(f"[prelu] data_format must be one of {', '.join(_PRELU_FORMATS)}, "
                             f"got {data_format!r}")
        if len(shape) < 2:
            raise ValueError(f"[prelu] mode 'channel' needs x of at least 2 dims, got {shape}")
        layout = "NCHW" if data_format[1] == "C" else "NHWC"
        alpha_shape = [1, shape[1], 1, 1] if layout == "NCHW" else [1, 1, 1, shape[-1]]
    elif mode == "element":
        if len(shape) < 1:
            raise ValueError("[prelu] mode 'element' needs x of at least 1 dim")
        alpha_shape = [1] + shape[1:]
    if any(s <= 0 for s in alpha_shape):
        raise ValueError(f"[prelu] the dims of x the slope covers must be known, got {shape}")
    layer = name or unique_name.generate("prelu")
    alpha = _param(layer, "w", 0, alpha_shape, x.dtype, param_attr, init.Constant(0.25))
    return _prelu(x, alpha, layout, mode)


def bilinear_tensor_product(x, y, size, act=None, name=None, param_attr=None, bias_attr=None):
    """``out[n, i] = x[n] @ W[i] @ y[n] + b[i]`` with a learned weight ``W``
    (``[size, M, N]``, XavierUniform) and bias ``b`` (``[1, size]``, 0).

    Args:
        x (Variable): The 2-D float32/float64 input ``[batch, M]``.
        y (Variable): The 2-D input ``[batch, N]`` of x's dtype.
        size (int): The number of output features.
        act (str, optional): The name of a ``paddle.nn.functional`` activation applied to the
            output; None (the default) applies none.
        name (str, optional): The prefix of the parameters' names; None (the default)
            generates ``bilinear_tensor_product_N``.
        param_attr (ParamAttr, optional): The weight's attribute; None (the default) uses
            XavierUniform.
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False means no bias; None
            (the default) gives a bias initialized to 0.

    Returns:
        Variable: The output ``[batch, size]``.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 4])
        >>> y = paddle.static.data("y", [None, 5])
        >>> paddle.static.nn.bilinear_tensor_product(x, y, 6).shape
        paddle.Size([-1, 6])
        >>> paddle.disable_static()
    """
    fn = "bilinear_tensor_product"
    _static_only(fn)
    for what, t in (("x", x), ("y", y)):
        if len(t.shape) != 2 or t.shape[1] <= 0:
            raise ValueError(f"[{fn}] {what} must be 2-D with a known second dim, got shape "
                             f"{list(t.shape)}")
    layer = name or unique_name.generate(fn)
    w = _param(layer, "w", 0, [size, x.shape[1], y.shape[1]], x.dtype, param_attr,
               init.XavierUniform())
    b = _param(layer, "b", 0, [1, size], x.dtype, bias_attr, init.Constant(0.0), is_bias=True)
    return _act(F.bilinear(x, y, w, b), act)
