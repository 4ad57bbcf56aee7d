"""Activation functions, each one op of core/ops (gradients come with the op)."""
import numbers

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor, op
from ...tensor.manipulation import cast

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _float(v, what, fn):
    if not isinstance(v, numbers.Real) or isinstance(v, bool):
        raise TypeError(f"[{fn}] {what} must be a float, got {type(v).__name__}")
    return float(v)


_X_ARG = "        x (Tensor): The input, a float32 or float64 tensor of any shape.\n"
_NAME_ARG = "        name (str, optional): For PaddlePaddle compatibility; unused. Default None.\n"
_SAME_RETURNS = "\n    Returns:\n        Tensor: The result, with x's shape and dtype.\n"


def _simple(op_type, name, formula):
    caller = op(op_type, ["X"])

    def fn(x, name=None):
        return caller(check_tensor(x, "x", fn.__name__))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"Elementwise {formula}.\n\n    Args:\n{_X_ARG}{_NAME_ARG}{_SAME_RETURNS}"
                  f"\n    Example:\n        >>> "
                  f"paddle.nn.functional.{name}(paddle.to_tensor([-1.0, 0.0, 2.0])).shape\n"
                  "        paddle.Size([3])\n")
    return fn


relu = _simple("relu", "relu", "max(x, 0)")
relu6 = _simple("relu6", "relu6", "min(max(x, 0), 6)")
sigmoid = _simple("sigmoid", "sigmoid", "1 / (1 + exp(-x))")
tanh = _simple("tanh", "tanh", "tanh(x)")
softsign = _simple("softsign", "softsign", "x / (1 + |x|)")
log_sigmoid = _simple("logsigmoid", "log_sigmoid", "log(1 / (1 + exp(-x)))")
swish = _simple("swish", "swish", "x * sigmoid(x)")

_silu = op("silu", ["X"])
_leaky_relu = op("leaky_relu", ["X"], ["alpha"])
_elu = op("elu", ["X"], ["alpha"])
_celu = op("celu", ["X"], ["alpha"])
_selu = op("selu", ["X"], ["scale", "alpha"])
_gelu = op("gelu", ["X"], ["approximate"])
_mish = op("mish", ["X"])
_softplus = op("softplus", ["X"], ["beta", "threshold"])
_hard_swish = op("hard_swish", ["X"])
_hard_sigmoid = op("hard_sigmoid", ["X"], ["slope", "offset"])
_softmax = op("softmax", ["X"], ["axis"])
_log_softmax = op("log_softmax", ["X"], ["axis"])
_prelu = op("prelu", ["X", "Alpha"], ["data_format", "mode"])


def silu(x, inplace=False, name=None):
    """Elementwise x * sigmoid(x).

    Args:
        x (Tensor): The input, a float32 or float64 tensor of any shape.
        inplace (bool, optional): Accepted for compatibility; the result is always a new
            tensor. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.silu(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    return _silu(check_tensor(x, "x", "silu"))


def leaky_relu(x, negative_slope=0.01, name=None):
    """Elementwise x where x >= 0, else negative_slope * x.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of any shape.
        negative_slope (float, optional): The slope applied where x < 0. Default 0.01.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.leaky_relu(paddle.to_tensor([-2.0, 1.0]), 0.1).numpy()
        array([-0.2,  1. ], dtype=float32)
    """
    check_tensor(x, "x", "leaky_relu")
    return _leaky_relu(x, _float(negative_slope, "negative_slope", "leaky_relu"))


def elu(x, alpha=1.0, name=None):
    """Elementwise x where x > 0, else alpha * (exp(x) - 1).

    Args:
        x (Tensor): The input, a float32 or float64 tensor of any shape.
        alpha (float, optional): The scale of the negative part, exp(x) - 1. Default 1.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.elu(paddle.to_tensor([1.0])).numpy()
        array([1.], dtype=float32)
    """
    check_tensor(x, "x", "elu")
    return _elu(x, _float(alpha, "alpha", "elu"))


def celu(x, alpha=1.0, name=None):
    """Elementwise max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).

    Args:
        x (Tensor): The input, a float32 or float64 tensor of any shape.
        alpha (float, optional): The scale of the negative part; must not be 0 (raises
            ZeroDivisionError). Default 1.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.celu(paddle.to_tensor([1.0])).numpy()
        array([1.], dtype=float32)
    """
    check_tensor(x, "x", "celu")
    alpha = _float(alpha, "alpha", "celu")
    if alpha == 0:
        raise ZeroDivisionError("alpha cannot be 0 for celu")
    return _celu(x, alpha)


def selu(x, scale=1.0507009873554805, alpha=1.6732632423543772, name=None):
    """Elementwise scale * (x where x > 0, else alpha * (exp(x) - 1)).

    Args:
        x (Tensor): The input, a float32 or float64 tensor of any shape.
        scale (float, optional): The output scale; must be greater than 1.0. Default
            1.0507009873554805.
        alpha (float, optional): The scale of the negative part; must be >= 0. Default
            1.6732632423543772.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.selu(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    check_tensor(x, "x", "selu")
    scale, alpha = _float(scale, "scale", "selu"), _float(alpha, "alpha", "selu")
    if scale <= 1.0:
        raise ValueError(f"The scale must be greater than 1.0. Received: {scale}.")
    if alpha < 0:
        raise ValueError(f"The alpha must be no less than zero. Received: {alpha}.")
    return _selu(x, scale, alpha)


def gelu(x, approximate=False, name=None):
    """Elementwise x * Φ(x) (Φ the standard normal CDF); approximate=True (or
    'tanh') uses the tanh formula.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of any shape.
        approximate (bool|str, optional): True or 'tanh' uses the tanh approximation,
            False or 'none' the exact erf formula. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.gelu(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    check_tensor(x, "x", "gelu")
    if isinstance(approximate, str):
        if approximate not in ("tanh", "none"):
            raise ValueError(f"the value of approximate in gelu should be 'tanh' or 'none', but "
                             f"received {approximate}")
        approximate = approximate == "tanh"
    if not isinstance(approximate, bool):
        raise TypeError(f"[gelu] approximate must be a bool, 'tanh' or 'none', got {approximate!r}")
    return _gelu(x, approximate)


def mish(x, name=None):
    """Elementwise x * tanh(softplus(x)).

    Args:
        x (Tensor): The input, a float32 or float64 tensor of any shape.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.mish(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    return _mish(check_tensor(x, "x", "mish"))


def softplus(x, beta=1, threshold=20, name=None):
    """Elementwise log(1 + exp(beta * x)) / beta (x where beta * x > threshold).

    Args:
        x (Tensor): The input, a float32 or float64 tensor of any shape.
        beta (float, optional): The scale of x inside the exponential. Default 1.
        threshold (float, optional): Where beta * x exceeds it, the result is x (linear).
            Default 20.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.softplus(paddle.to_tensor([0.0])).numpy()
        array([0.6931472], dtype=float32)
    """
    check_tensor(x, "x", "softplus")
    return _softplus(x, _float(beta, "beta", "softplus"), _float(threshold, "threshold", "softplus"))


def hardswish(x, name=None):
    """Elementwise x * min(max(x + 3, 0), 6) / 6.

    Args:
        x (Tensor): The input, a float32 or float64 tensor of any shape.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.hardswish(paddle.to_tensor([3.0])).numpy()
        array([3.], dtype=float32)
    """
    return _hard_swish(check_tensor(x, "x", "hardswish"))


def hardsigmoid(x, slope=0.1666667, offset=0.5, name=None):
    """Elementwise min(max(slope * x + offset, 0), 1).

    Args:
        x (Tensor): The input, a float32 or float64 tensor of any shape.
        slope (float, optional): The slope of the linear part. Default 0.1666667.
        offset (float, optional): The offset of the linear part. Default 0.5.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.hardsigmoid(paddle.to_tensor([0.0])).numpy()
        array([0.5], dtype=float32)
    """
    check_tensor(x, "x", "hardsigmoid")
    return _hard_sigmoid(x, _float(slope, "slope", "hardsigmoid"),
                         _float(offset, "offset", "hardsigmoid"))


def _axis_in_range(x, axis, fn):
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"[{fn}] axis must be an int, got {type(axis).__name__}")
    n = max(x.ndim, 1)
    if not -n <= axis < n:
        raise ValueError(f"[{fn}] axis {axis} is out of range for a {x.ndim}-D tensor "
                         f"(expected in [{-n}, {n - 1}])")
    return axis


def _maybe_cast(x, dtype):
    return x if dtype is None else cast(x, _dtype.convert_dtype(dtype))


def softmax(x, axis=-1, dtype=None, name=None):
    """exp(x) / sum(exp(x)) along ``axis`` (x first converted to ``dtype`` when given).

    Args:
        x (Tensor): The input, a float32 or float64 tensor.
        axis (int, optional): The dim to normalize along, in [-x.ndim, x.ndim); negative
            counts from the last dim. Default -1.
        dtype (str|paddle.dtype, optional): When given, x is cast to it first ('float32' or
            'float64'); None (the default) keeps x's dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The probabilities, with x's shape and the computation's dtype; they
            sum to 1 along axis.

    Example:
        >>> paddle.nn.functional.softmax(paddle.to_tensor([0.0, 0.0])).numpy()
        array([0.5, 0.5], dtype=float32)
    """
    check_tensor(x, "x", "softmax")
    return _softmax(_maybe_cast(x, dtype), _axis_in_range(x, axis, "softmax"))


def log_softmax(x, axis=-1, dtype=None, name=None):
    """log(softmax(x)) along ``axis``, computed stably.

    Args:
        x (Tensor): The input, a float32 or float64 tensor.
        axis (int, optional): The dim to normalize along, in [-x.ndim, x.ndim); negative
            counts from the last dim. Default -1.
        dtype (str|paddle.dtype, optional): When given, x is cast to it first ('float32' or
            'float64'); None (the default) keeps x's dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The log-probabilities, with x's shape and the computation's dtype.

    Example:
        >>> paddle.nn.functional.log_softmax(paddle.to_tensor([0.0, 0.0])).numpy()
        array([-0.6931472, -0.6931472], dtype=float32)
    """
    check_tensor(x, "x", "log_softmax")
    return _log_softmax(_maybe_cast(x, dtype), _axis_in_range(x, axis, "log_softmax"))


def prelu(x, weight, data_format="NCHW", name=None):
    """Elementwise x where x >= 0, else weight * x; weight holds one value for
    all elements or one per channel.

    Args:
        x (Tensor): The input, a float32 or float64 tensor.
        weight (Tensor): The slopes of the negative part, a 1-D tensor of x's dtype: one value
            for all elements (shape [1]) or one per channel (shape [C]).
        data_format (str, optional): Where the channel dim is: 'NC', 'NCL', 'NCHW' or 'NCDHW'
            (dim 1), 'NLC', 'NHWC' or 'NDHWC' (the last dim). Default 'NCHW'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> paddle.nn.functional.prelu(paddle.to_tensor([[-2.0, 1.0]]), paddle.to_tensor([0.25])).numpy()
        array([[-0.5,  1. ]], dtype=float32)
    """
    check_tensor(x, "x", "prelu")
    check_tensor(weight, "weight", "prelu")
    if data_format not in ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
        raise ValueError(f"[prelu] data_format must be one of NC, NCL, NCHW, NCDHW, NLC, NHWC, "
                         f"NDHWC, got {data_format!r}")
    if weight.ndim != 1:
        raise ValueError(f"[prelu] weight must be 1-D, got shape {weight.shape}")
    channel_last = data_format[1] != "C"
    mode = "all"
    if weight.shape[0] != 1:
        channels = None if x.ndim < 2 else (x.shape[-1] if channel_last else x.shape[1])
        if weight.shape[0] != channels:
            raise ValueError(f"The weight size should be equal to x input channel in prelu() when "
                             f"weight shape is not [1]: weight has {weight.shape[0]} values, x "
                             f"(shape {x.shape}, {data_format}) has {channels} channels")
        mode = "channel"
    return _prelu(x, weight, "NHWC" if channel_last else "NCHW", mode)
