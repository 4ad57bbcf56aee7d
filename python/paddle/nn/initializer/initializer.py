"""What every initializer shares: writing values into a parameter in place,
the fan-in/fan-out estimate, calculate_gain, and the global defaults."""
import math
import numbers

from ... import _core
from ...autograd import no_grad
from ...framework import dtypes as _dtype

__all__ = []  # the public names live in paddle.nn.initializer, as in PaddlePaddle

Tensor = _core.Tensor
_global_weight_initializer = None
_global_bias_initializer = None


class Initializer:
    """The base class of initializers: ``init(param)`` sets param's values in
    place (outside the autograd graph) and returns it.

    Example:
        >>> w = paddle.create_parameter([2], "float32")
        >>> _ = paddle.nn.initializer.Constant(3.0)(w)
        >>> w.numpy()
        array([3., 3.], dtype=float32)
    """

    def __init__(self):
        pass

    def __call__(self, param, block=None):
        return self.forward(param, block)

    def forward(self, var, block=None):
        if not isinstance(var, Tensor):
            raise TypeError(f"[{type(self).__name__}] expects a paddle.Tensor to initialize, "
                            f"got {type(var).__name__}")
        with no_grad():
            values = self._values(list(var.shape), var.dtype)
            stop_gradient = var.stop_gradient
            var._assign_from(values)
            var.stop_gradient = stop_gradient
        return var

    def _values(self, shape, dtype):
        raise NotImplementedError(f"{type(self).__name__} does not define _values")

    @staticmethod
    def _compute_fans(shape):
        """(fan_in, fan_out) of a weight: [in, out] for a matrix, [out, in, k...]
        for a convolution filter (times the receptive field)."""
        if len(shape) == 0:
            return 1, 1
        if len(shape) == 1:
            return shape[0], shape[0]
        if len(shape) == 2:
            return shape[0], shape[1]
        receptive = math.prod(shape[2:])
        return shape[1] * receptive, shape[0] * receptive


def _float_dtype(dtype, who):
    if not (_dtype.is_floating_point(dtype) or _dtype.is_complex(dtype)):
        raise TypeError(f"[{who}] can only initialize floating-point tensors, got {dtype.name}")
    return dtype


def _number(v, what, who):
    if not isinstance(v, numbers.Real) or isinstance(v, bool):
        raise TypeError(f"[{who}] {what} must be a float, got {type(v).__name__}")
    return float(v)


_GAINS = {"sigmoid": 1.0, "linear": 1.0, "conv1d": 1.0, "conv2d": 1.0, "conv3d": 1.0,
          "conv1d_transpose": 1.0, "conv_transpose1d": 1.0, "conv2d_transpose": 1.0,
          "conv_transpose2d": 1.0, "conv3d_transpose": 1.0, "conv_transpose3d": 1.0,
          "tanh": 5.0 / 3, "relu": math.sqrt(2.0), "selu": 3.0 / 4}


def calculate_gain(nonlinearity, param=None):
    """The recommended gain for a nonlinearity: 1 for sigmoid/linear/conv,
    5/3 for tanh, sqrt(2) for relu, sqrt(2 / (1 + slope²)) for leaky_relu
    (slope ``param``, default 0.01), 3/4 for selu.

    Args:
        nonlinearity (str): ``"sigmoid"``, ``"linear"``, ``"conv1d"``, ``"conv2d"``,
            ``"conv3d"``, ``"conv1d_transpose"``, ``"conv2d_transpose"``,
            ``"conv3d_transpose"`` (or ``"conv_transposeNd"``), ``"tanh"``, ``"relu"``,
            ``"leaky_relu"`` or ``"selu"``; others raise ValueError.
        param (int|float, optional): The negative slope for ``"leaky_relu"``; None (the
            default) means 0.01.

    Returns:
        float: The gain.

    Example:
        >>> paddle.nn.initializer.calculate_gain("tanh")
        1.6666666666666667
    """
    if param is None:
        param = 0.01
    elif not isinstance(param, (bool, int, float)):
        raise TypeError(f"[calculate_gain] param must be a number, got {type(param).__name__}")
    if nonlinearity == "leaky_relu":
        return math.sqrt(2.0 / (1 + float(param) ** 2))
    if nonlinearity not in _GAINS:
        raise ValueError(f"nonlinearity function {nonlinearity} is not supported now.")
    return _GAINS[nonlinearity]


def set_global_initializer(weight_init, bias_init=None):
    """Makes ``weight_init`` / ``bias_init`` the initializers of every parameter
    created afterwards whose ParamAttr names none (they win over a layer's own
    default, e.g. Conv2D's Normal); None restores the defaults.

    Args:
        weight_init (Initializer|None): The initializer of weights (non-bias parameters);
            None restores the default.
        bias_init (Initializer, optional): The initializer of biases; None (the default)
            restores the default.

    Returns:
        None.

    Example:
        >>> paddle.nn.initializer.set_global_initializer(paddle.nn.initializer.Constant(0.5))
        >>> paddle.nn.Linear(2, 2).weight.numpy()[0, 0]
        np.float32(0.5)
        >>> paddle.nn.initializer.set_global_initializer(None)
    """
    global _global_weight_initializer, _global_bias_initializer
    for v, n in ((weight_init, "weight_init"), (bias_init, "bias_init")):
        if v is not None and not isinstance(v, Initializer):
            raise TypeError(f"[set_global_initializer] {n} must be an Initializer or None, got "
                            f"{type(v).__name__}")
    _global_weight_initializer = weight_init
    _global_bias_initializer = bias_init


def _global_initializer(is_bias):
    return _global_bias_initializer if is_bias else _global_weight_initializer


def _default_initializer(is_bias):
    """PaddlePaddle's fallback: Constant(0) for a bias, XavierUniform for a weight."""
    if is_bias:
        from .constant import Constant
        return Constant(0.0)
    from .xavier import XavierUniform
    return XavierUniform()
