"""The shrink, hard-tanh, thresholded, gated (glu, swiglu), random-slope and
Gumbel-softmax activations, composed of existing ops (their gradients come
through autograd)."""
import numbers

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.creation import full_like, rand
from ...tensor.manipulation import cast, reshape, split
from ...tensor.math import abs as _abs, log as _log, max as _max, sigmoid as _sigmoid
from ...tensor.math import tanh as _tanh
from ...tensor.search import where as _where
from .activation import log_sigmoid as _log_sigmoid, silu as _silu, softmax as _softmax

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _number(v, what, fn):
    if not isinstance(v, numbers.Real) or isinstance(v, bool):
        raise TypeError(f"[{fn}] {what} must be a float, got {type(v).__name__}")
    return float(v)


def _floating(x, fn):
    check_tensor(x, "x", fn)
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x must be a floating-point Tensor, got {x.dtype.name}")
    return x


def hardshrink(x, threshold=0.5, name=None):
    """x where |x| > threshold, else 0.

    Args:
        x (Tensor): a floating-point input.
        threshold (float): the half-width of the band set to 0. Default 0.5.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> paddle.nn.functional.hardshrink(paddle.to_tensor([-1.0, 0.3, 2.0])).numpy()
        array([-1.,  0.,  2.], dtype=float32)
    """
    _floating(x, "hardshrink")
    t = _number(threshold, "threshold", "hardshrink")
    return _where(_abs(x) > t, x, full_like(x, 0.0))


def softshrink(x, threshold=0.5, name=None):
    """x - threshold where x > threshold, x + threshold where x < -threshold,
    else 0.

    Args:
        x (Tensor): a floating-point input.
        threshold (float): the half-width of the band set to 0, at least 0. Default 0.5.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> paddle.nn.functional.softshrink(paddle.to_tensor([-1.0, 0.3, 2.0])).numpy()
        array([-0.5,  0. ,  1.5], dtype=float32)
    """
    _floating(x, "softshrink")
    t = _number(threshold, "threshold", "softshrink")
    if t < 0:
        raise ValueError(f"[softshrink] threshold must be no less than zero, got {threshold}")
    zero = full_like(x, 0.0)
    return _where(x > t, x - t, _where(x < -t, x + t, zero))


def tanhshrink(x, name=None):
    """x - tanh(x).

    Args:
        x (Tensor): a floating-point input.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> paddle.nn.functional.tanhshrink(paddle.to_tensor([0.0, 1.0])).numpy().round(4)
        array([0.    , 0.2384], dtype=float32)
    """
    _floating(x, "tanhshrink")
    return x - _tanh(x)


def hardtanh(x, min=-1.0, max=1.0, name=None):  # noqa: A002  (PaddlePaddle's names)
    """x clipped to [min, max].

    Args:
        x (Tensor): a floating-point input.
        min (float): the lower bound. Default -1.0.
        max (float): the upper bound. Default 1.0.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> paddle.nn.functional.hardtanh(paddle.to_tensor([-2.0, 0.5, 3.0])).numpy()
        array([-1. ,  0.5,  1. ], dtype=float32)
    """
    _floating(x, "hardtanh")
    low, high = _number(min, "min", "hardtanh"), _number(max, "max", "hardtanh")
    # min(max(x, low), high), written with where so that the gradient is 0 at
    # the bounds and min > max gives max everywhere, as PaddlePaddle's kernel.
    above = _where(x > low, x, full_like(x, low))
    return _where(above < high, above, full_like(x, high))


def thresholded_relu(x, threshold=1.0, value=0.0, name=None):
    """x where x > threshold, else value.

    Args:
        x (Tensor): a floating-point input.
        threshold (float): the threshold. Default 1.0.
        value (float): what the elements at or under the threshold become. Default 0.0.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> paddle.nn.functional.thresholded_relu(paddle.to_tensor([0.5, 2.0])).numpy()
        array([0., 2.], dtype=float32)
    """
    _floating(x, "thresholded_relu")
    t = _number(threshold, "threshold", "thresholded_relu")
    v = _number(value, "value", "thresholded_relu")
    return _where(x > t, x, full_like(x, v))


def _axis(x, axis, fn):
    if not isinstance(axis, int) or isinstance(axis, bool) or not -x.ndim <= axis < x.ndim:
        raise ValueError(f"[{fn}] axis must be an int in [{-x.ndim}, {x.ndim}), got {axis!r}")
    return axis % x.ndim


def glu(x, axis=-1, name=None):
    """The gated linear unit: x split in halves a, b along ``axis``, a * sigmoid(b).

    Args:
        x (Tensor): a floating-point input whose size along ``axis`` is even.
        axis (int): the axis to split. Default -1.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: x's shape with half its size along ``axis``.

    Example:
        >>> paddle.nn.functional.glu(paddle.to_tensor([[2.0, 0.0]])).numpy()
        array([[1.]], dtype=float32)
    """
    _floating(x, "glu")
    axis = _axis(x, axis, "glu")
    if x.shape[axis] % 2:
        raise ValueError(f"[glu] the size of x along axis {axis} must be even, got shape "
                         f"{x.shape}")
    a, b = split(x, 2, axis)
    return a * _sigmoid(b)


def maxout(x, groups, axis=1, name=None):
    """The maximum over each run of ``groups`` consecutive channels: a 4-D x
    with C channels gives C / groups channels.

    Args:
        x (Tensor): a 4-D floating-point input, NCHW (axis 1) or NHWC (axis -1 or 3).
        groups (int): how many channels each output channel is the maximum of.
        axis (int): the channel axis: 1, -1 or 3. Default 1.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: x's shape with C / groups channels.

    Example:
        >>> x = paddle.to_tensor([[[[1.0]], [[3.0]], [[2.0]], [[0.0]]]])
        >>> paddle.nn.functional.maxout(x, groups=2).numpy().ravel()
        array([3., 2.], dtype=float32)
    """
    _floating(x, "maxout")
    if x.ndim != 4:
        raise ValueError(f"[maxout] x must be 4-D, got shape {x.shape}")
    if axis not in (1, -1, 3):
        raise ValueError(f"[maxout] axis must be 1, -1 or 3, got {axis!r}")
    if not isinstance(groups, int) or isinstance(groups, bool) or groups <= 0:
        raise ValueError(f"[maxout] groups must be a positive int, got {groups!r}")
    axis = axis % 4
    channels = x.shape[axis]
    if channels % groups:
        raise ValueError(f"[maxout] the number of channels ({channels}) must be divisible by "
                         f"groups ({groups})")
    shape = list(x.shape)
    grouped = shape[:axis] + [channels // groups, groups] + shape[axis + 1:]
    return _max(reshape(x, grouped), axis=axis + 1)


def rrelu(x, lower=1.0 / 8.0, upper=1.0 / 3.0, training=True, name=None):
    """x where x >= 0, else x * a slope: in training drawn uniformly from
    [lower, upper] for each element, otherwise (lower + upper) / 2.

    Args:
        x (Tensor): a floating-point input.
        lower (float): the lowest slope, in [0, 1]. Default 1/8.
        upper (float): the highest slope, in [lower, 1]. Default 1/3.
        training (bool): draw random slopes (True) or use their mean. Default True.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> x = paddle.to_tensor([-2.0, 3.0])
        >>> paddle.nn.functional.rrelu(x, 0.25, 0.75, training=False).numpy()
        array([-1.,  3.], dtype=float32)
    """
    _floating(x, "rrelu")
    lo, hi = _number(lower, "lower", "rrelu"), _number(upper, "upper", "rrelu")
    if not 0.0 <= lo <= 1.0:
        raise ValueError(f"[rrelu] lower must be in [0, 1], got {lower}")
    if not 0.0 <= hi <= 1.0:
        raise ValueError(f"[rrelu] upper must be in [0, 1], got {upper}")
    if lo > hi:
        raise ValueError(f"[rrelu] lower ({lower}) must not be greater than upper ({upper})")
    if training:
        slope = rand(list(x.shape), x.dtype) * (hi - lo) + lo
    else:
        slope = full_like(x, (lo + hi) / 2.0)
    return _where(x >= 0, x, x * slope)


def logsigmoid(x, name=None):
    """log(1 / (1 + exp(-x))), the same as paddle.nn.functional.log_sigmoid.

    Args:
        x (Tensor): a floating-point input.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> paddle.nn.functional.logsigmoid(paddle.to_tensor([0.0])).numpy().round(4)
        array([-0.6931], dtype=float32)
    """
    return _log_sigmoid(x)


def gumbel_softmax(x, temperature=1.0, hard=False, axis=-1, name=None):
    """softmax((x + g) / temperature) along ``axis``, g drawn from the Gumbel
    distribution: a differentiable sample of a categorical distribution of
    logits x. With hard, the one-hot of the largest entry, whose gradient is
    the soft sample's (the straight-through estimator).

    Args:
        x (Tensor): floating-point logits.
        temperature (float): positive; lower is closer to one-hot. Default 1.0.
        hard (bool): return one-hot samples. Default False.
        axis (int): the category axis. Default -1.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape, each slice along ``axis`` summing to 1.

    Example:
        >>> y = paddle.nn.functional.gumbel_softmax(paddle.zeros([2, 3]), hard=True)
        >>> y.sum(axis=-1).numpy()
        array([1., 1.], dtype=float32)
    """
    fn = "gumbel_softmax"
    _floating(x, fn)
    t = _number(temperature, "temperature", fn)
    if t <= 0:
        raise ValueError(f"[{fn}] temperature must be positive, got {temperature}")
    axis = _axis(x, axis, fn)
    uniform = rand(list(x.shape), x.dtype)
    tiny = 1e-20  # keeps both logarithms finite when the draw is 0
    gumbel = -_log(-_log(uniform + tiny) + tiny)
    soft = _softmax((x + gumbel) / t, axis)
    if not hard:
        return soft
    # the largest entry (ties have probability 0 under continuous noise)
    one_hot = cast(soft == _max(soft, axis=axis, keepdim=True), soft.dtype)
    constant = soft * 1.0
    constant.stop_gradient = True  # one_hot's value, soft's gradient
    return one_hot - constant + soft


def swiglu(x, y=None, name=None):
    """silu(x) * y; with y None, x is split in halves a, b along its last dim
    and silu(a) * b is returned.

    Args:
        x (Tensor): a floating-point input (last dim even when y is None).
        y (Tensor): the gate's other input, of x's shape, or None. Default None.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of y's shape (or x's with half its last dim).

    Example:
        >>> paddle.nn.functional.swiglu(paddle.to_tensor([0.0, 3.0])).numpy()
        array([0.], dtype=float32)
    """
    fn = "swiglu"
    _floating(x, fn)
    if y is None:
        if x.ndim == 0 or x.shape[-1] % 2:
            raise ValueError(f"[{fn}] with y None the last dim of x must be even, got shape "
                             f"{x.shape}")
        x, y = split(x, 2, -1)
    else:
        _floating(y, fn)
        if x.shape != y.shape:
            raise ValueError(f"[{fn}] x (shape {x.shape}) and y (shape {y.shape}) must have "
                             "the same shape")
    return _silu(x) * y
