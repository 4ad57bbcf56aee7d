"""The layers of nn/functional/extra_activation.py: Hardshrink, Softshrink,
Tanhshrink, Hardtanh, ThresholdedReLU, GLU, Maxout and RReLU; and Softmax2D."""
from ..functional import extra_activation as _fx
from ..functional.activation import softmax
from .activation import _Activation

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class Hardshrink(_Activation):
    """x where |x| > threshold, else 0.

    Args:
        threshold (float): the half-width of the band set to 0. Default 0.5.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.hardshrink.

    Example:
        >>> paddle.nn.Hardshrink()(paddle.to_tensor([-1.0, 0.3])).numpy()
        array([-1.,  0.], dtype=float32)
    """
    _fn = _fx.hardshrink
    _settings = ("threshold",)

    def __init__(self, threshold=0.5, name=None):
        super().__init__(name)
        self._threshold = threshold


class Softshrink(_Activation):
    """x - threshold where x > threshold, x + threshold where x < -threshold, else 0.

    Args:
        threshold (float): the half-width of the band set to 0, at least 0. Default 0.5.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.softshrink.

    Example:
        >>> paddle.nn.Softshrink()(paddle.to_tensor([-1.0, 0.3])).numpy()
        array([-0.5,  0. ], dtype=float32)
    """
    _fn = _fx.softshrink
    _settings = ("threshold",)

    def __init__(self, threshold=0.5, name=None):
        super().__init__(name)
        self._threshold = threshold


class Tanhshrink(_Activation):
    """x - tanh(x).

    Args:
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.tanhshrink.

    Example:
        >>> paddle.nn.Tanhshrink()(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """
    _fn = _fx.tanhshrink


class Hardtanh(_Activation):
    """x clipped to [min, max].

    Args:
        min (float): the lower bound. Default -1.0.
        max (float): the upper bound. Default 1.0.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.hardtanh.

    Example:
        >>> paddle.nn.Hardtanh()(paddle.to_tensor([-2.0, 0.5])).numpy()
        array([-1. ,  0.5], dtype=float32)
    """
    _fn = _fx.hardtanh
    _settings = ("min", "max")

    def __init__(self, min=-1.0, max=1.0, name=None):  # noqa: A002  (PaddlePaddle's names)
        super().__init__(name)
        self._min = min
        self._max = max


class ThresholdedReLU(_Activation):
    """x where x > threshold, else value.

    Args:
        threshold (float): the threshold. Default 1.0.
        value (float): what the elements at or under the threshold become. Default 0.0.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.thresholded_relu.

    Example:
        >>> paddle.nn.ThresholdedReLU()(paddle.to_tensor([0.5, 2.0])).numpy()
        array([0., 2.], dtype=float32)
    """
    _fn = _fx.thresholded_relu
    _settings = ("threshold", "value")

    def __init__(self, threshold=1.0, value=0.0, name=None):
        super().__init__(name)
        self._threshold = threshold
        self._value = value


class GLU(_Activation):
    """The gated linear unit: x split in halves a, b along ``axis``, a * sigmoid(b).

    Args:
        axis (int): the axis to split. Default -1.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.glu.

    Example:
        >>> paddle.nn.GLU()(paddle.ones([2, 4])).shape
        paddle.Size([2, 2])
    """
    _fn = _fx.glu
    _settings = ("axis",)

    def __init__(self, axis=-1, name=None):
        super().__init__(name)
        self._axis = axis


class Maxout(_Activation):
    """The maximum over each run of ``groups`` consecutive channels of a 4-D input.

    Args:
        groups (int): how many channels each output channel is the maximum of.
        axis (int): the channel axis: 1, -1 or 3. Default 1.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.maxout.

    Example:
        >>> paddle.nn.Maxout(2)(paddle.ones([1, 4, 3, 3])).shape
        paddle.Size([1, 2, 3, 3])
    """
    _fn = _fx.maxout
    _settings = ("groups", "axis")

    def __init__(self, groups, axis=1, name=None):
        super().__init__(name)
        self._groups = groups
        self._axis = axis


class RReLU(_Activation):
    """x where x >= 0, else x times a slope: random in [lower, upper] in
    training, (lower + upper) / 2 in eval mode.

    Args:
        lower (float): the lowest slope, in [0, 1]. Default 1/8.
        upper (float): the highest slope, in [lower, 1]. Default 1/3.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.rrelu.

    Example:
        >>> layer = paddle.nn.RReLU(0.25, 0.75).eval()
        >>> layer(paddle.to_tensor([-2.0, 3.0])).numpy()
        array([-1.,  3.], dtype=float32)
    """
    _settings = ("lower", "upper")

    def __init__(self, lower=1.0 / 8.0, upper=1.0 / 3.0, name=None):
        super().__init__(name)
        self._lower = lower
        self._upper = upper

    def forward(self, x):
        return _fx.rrelu(x, self._lower, self._upper, training=self.training)


class Softmax2D(_Activation):
    """Softmax over the channels of each position of a [N, C, H, W] (or
    [C, H, W]) input: axis -3.

    Args:
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.softmax along axis -3.

    Example:
        >>> paddle.nn.Softmax2D()(paddle.zeros([1, 2, 1, 1])).numpy().ravel()
        array([0.5, 0.5], dtype=float32)
    """

    def forward(self, x):
        if getattr(x, "ndim", None) not in (3, 4):
            raise ValueError(f"[Softmax2D] x must be 3-D or 4-D, got "
                             f"{getattr(x, 'shape', type(x).__name__)}")
        return softmax(x, axis=-3)
