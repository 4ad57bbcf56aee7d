"""Activation layers: each calls its nn.functional counterpart."""
from ...framework import dtypes as _dtype
from .. import functional as F
from ..initializer import Constant
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class _Activation(Layer):
    """An activation layer: forward is ``_fn(x, *settings)``, the settings
    being the attributes named in ``_settings`` (printed by repr too)."""
    _settings = ()

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return type(self)._fn(x, *(getattr(self, "_" + k) for k in self._settings))

    def extra_repr(self):
        parts = [f"{k}={getattr(self, '_' + k)}" for k in self._settings]
        if self._name:
            parts.append(f"name={self._name}")
        return ", ".join(parts)


class ReLU(_Activation):
    """max(x, 0).

    Args:
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        ReLU: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.ReLU()(paddle.to_tensor([-1.0, 2.0])).numpy()
        array([0., 2.], dtype=float32)
    """
    _fn = F.relu


class ReLU6(_Activation):
    """min(max(x, 0), 6).

    Args:
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        ReLU6: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.ReLU6()(paddle.to_tensor([-1.0, 8.0])).numpy()
        array([0., 6.], dtype=float32)
    """
    _fn = F.relu6


class Sigmoid(_Activation):
    """1 / (1 + exp(-x)).

    Args:
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Sigmoid: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.Sigmoid()(paddle.to_tensor([0.0])).numpy()
        array([0.5], dtype=float32)
    """
    _fn = F.sigmoid


class Tanh(_Activation):
    """tanh(x).

    Args:
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Tanh: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.Tanh()(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    _fn = F.tanh


class Hardswish(_Activation):
    """x * min(max(x + 3, 0), 6) / 6.

    Args:
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Hardswish: A layer whose forward maps a float tensor of any shape to one of the same shape
            and dtype.

    Example:
        >>> paddle.nn.Hardswish()(paddle.to_tensor([-4.0, 4.0])).numpy()
        array([-0.,  4.], dtype=float32)
    """
    _fn = F.hardswish


class Mish(_Activation):
    """x * tanh(softplus(x)).

    Args:
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Mish: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.Mish()(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    _fn = F.mish


class Softsign(_Activation):
    """x / (1 + |x|).

    Args:
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Softsign: A layer whose forward maps a float tensor of any shape to one of the same shape
            and dtype.

    Example:
        >>> paddle.nn.Softsign()(paddle.to_tensor([1.0])).numpy()
        array([0.5], dtype=float32)
    """
    _fn = F.softsign


class LogSigmoid(_Activation):
    """log(sigmoid(x)).

    Args:
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        LogSigmoid: A layer whose forward maps a float tensor of any shape to one of the same shape
            and dtype.

    Example:
        >>> paddle.nn.LogSigmoid()(paddle.to_tensor([0.0])).numpy()
        array([-0.6931472], dtype=float32)
    """
    _fn = F.log_sigmoid


class Swish(_Activation):
    """x * sigmoid(x).

    Args:
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Swish: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.Swish()(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    _fn = F.swish


class Hardsigmoid(_Activation):
    """min(max(x / 6 + 0.5, 0), 1).

    Args:
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Hardsigmoid: A layer whose forward maps a float tensor of any shape to one of the same shape
            and dtype.

    Example:
        >>> paddle.nn.Hardsigmoid()(paddle.to_tensor([0.0])).numpy()
        array([0.5], dtype=float32)
    """
    _fn = F.hardsigmoid


class Silu(_Activation):
    """x * sigmoid(x). Also named ``paddle.nn.SiLU``; PaddlePaddle's class is
    ``Silu`` (its layers are named ``silu_0``, ...).

    Args:
        inplace (bool, optional): Whether to write the result into the input tensor. Default False.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Silu: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.SiLU()(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    _fn = F.silu
    _settings = ("inplace",)

    def __init__(self, inplace=False, name=None):
        super().__init__(name)
        self._inplace = inplace


SiLU = Silu


class LeakyReLU(_Activation):
    """x where x >= 0, else negative_slope * x.

    Args:
        negative_slope (float, optional): The slope for x < 0. Default 0.01.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        LeakyReLU: A layer whose forward maps a float tensor of any shape to one of the same shape
            and dtype.

    Example:
        >>> paddle.nn.LeakyReLU(0.1)(paddle.to_tensor([-1.0])).numpy()
        array([-0.1], dtype=float32)
    """
    _fn = F.leaky_relu
    _settings = ("negative_slope",)

    def __init__(self, negative_slope=0.01, name=None):
        super().__init__(name)
        self._negative_slope = negative_slope


class ELU(_Activation):
    """x where x > 0, else alpha * (exp(x) - 1).

    Args:
        alpha (float, optional): The scale of the negative part. Default 1.0.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        ELU: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.ELU()(paddle.to_tensor([1.0])).numpy()
        array([1.], dtype=float32)
    """
    _fn = F.elu
    _settings = ("alpha",)

    def __init__(self, alpha=1.0, name=None):
        super().__init__(name)
        self._alpha = alpha


class CELU(_Activation):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).

    Args:
        alpha (float, optional): The scale of the negative part, not 0. Default 1.0.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        CELU: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.CELU()(paddle.to_tensor([1.0])).numpy()
        array([1.], dtype=float32)
    """
    _fn = F.celu
    _settings = ("alpha",)

    def __init__(self, alpha=1.0, name=None):
        super().__init__(name)
        self._alpha = alpha


class SELU(_Activation):
    """scale * (x where x > 0, else alpha * (exp(x) - 1)).

    Args:
        scale (float, optional): The output's scale, greater than 1.0. Default 1.0507009873554805.
        alpha (float, optional): The scale of the negative part, >= 0. Default 1.6732632423543772.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        SELU: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.SELU()(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    _fn = F.selu
    _settings = ("scale", "alpha")

    def __init__(self, scale=1.0507009873554805, alpha=1.6732632423543772, name=None):
        super().__init__(name)
        self._scale = scale
        self._alpha = alpha


class GELU(_Activation):
    """x * Φ(x) (exact, or the tanh approximation).

    Args:
        approximate (bool|str, optional): True or 'tanh' uses the tanh approximation; False or
            'none' (the default, False) the exact erf form.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        GELU: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.GELU()(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    _fn = F.gelu
    _settings = ("approximate",)

    def __init__(self, approximate=False, name=None):
        super().__init__(name)
        self._approximate = approximate


class Softplus(_Activation):
    """log(1 + exp(beta * x)) / beta (x where beta * x > threshold).

    Args:
        beta (float, optional): The slope inside the log. Default 1.
        threshold (float, optional): Above this value of beta * x the output is x. Default 20.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Softplus: A layer whose forward maps a float tensor of any shape to one of the same shape
            and dtype.

    Example:
        >>> paddle.nn.Softplus()(paddle.to_tensor([0.0])).numpy()
        array([0.6931472], dtype=float32)
    """
    _fn = F.softplus
    _settings = ("beta", "threshold")

    def __init__(self, beta=1, threshold=20, name=None):
        super().__init__(name)
        self._beta = beta
        self._threshold = threshold


class Softmax(_Activation):
    """exp(x) / sum(exp(x)) along axis.

    Args:
        axis (int, optional): The dim to normalize along, in [-rank, rank). Default -1.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Softmax: A layer whose forward maps a float tensor of any shape to one of the same shape and
            dtype.

    Example:
        >>> paddle.nn.Softmax()(paddle.to_tensor([0.0, 0.0])).numpy()
        array([0.5, 0.5], dtype=float32)
    """
    _fn = F.softmax
    _settings = ("axis",)

    def __init__(self, axis=-1, name=None):
        super().__init__(name)
        self._axis = axis


class LogSoftmax(_Activation):
    """log(softmax(x)) along axis.

    Args:
        axis (int, optional): The dim to normalize along, in [-rank, rank). Default -1.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        LogSoftmax: A layer whose forward maps a float tensor of any shape to one of the same shape
            and dtype.

    Example:
        >>> paddle.nn.LogSoftmax()(paddle.to_tensor([0.0, 0.0])).numpy()
        array([-0.6931472, -0.6931472], dtype=float32)
    """
    _fn = F.log_softmax
    _settings = ("axis",)

    def __init__(self, axis=-1, name=None):
        super().__init__(name)
        self._axis = axis


class PReLU(Layer):
    """x where x >= 0, else weight * x, with a learned weight of
    num_parameters values (1, or one per channel), starting at ``init``.

    Args:
        num_parameters (int, optional): The number of weights: 1 (the default; one shared by all) or
            the number of channels.
        init (float, optional): The weights' initial value. Default 0.25.
        weight_attr (ParamAttr, optional): The weight's attribute. Default None: Constant(init).
        data_format (str, optional): Where the channels are, for one weight per channel: 'NC',
            'NCL', 'NCHW' (the default) or 'NCDHW' (channel second), 'NLC', 'NHWC' or 'NDHWC'
            (channel last).
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        PReLU: A layer whose forward maps a float tensor to one of the same shape and dtype.

    Example:
        >>> prelu = paddle.nn.PReLU()
        >>> prelu(paddle.to_tensor([-2.0, 1.0])).numpy()
        array([-0.5,  1. ], dtype=float32)
    """

    def __init__(self, num_parameters=1, init=0.25, weight_attr=None, data_format="NCHW",
                 name=None):
        super().__init__()
        if not isinstance(num_parameters, int) or num_parameters <= 0:
            raise ValueError(f"[PReLU] num_parameters must be a positive int, got {num_parameters!r}")
        self._num_parameters = num_parameters
        self._init = init
        self._data_format = data_format
        self._name = name
        self._dtype = _dtype.get_default_dtype()
        self._weight = self.create_parameter([num_parameters], weight_attr, self._dtype,
                                             default_initializer=Constant(init))

    def forward(self, x):
        return F.prelu(x, self._weight, self._data_format)

    def extra_repr(self):
        return (f"num_parameters={self._num_parameters}, data_format={self._data_format}, "
                f"init={self._init}, dtype={self._dtype}" + (f", name={self._name}" if self._name else ""))
