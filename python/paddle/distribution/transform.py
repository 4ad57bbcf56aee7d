"""Transforms: invertible maps y = f(x) with the log |det| of their Jacobian,
for TransformedDistribution (log p_Y(y) = log p_X(f^-1(y)) - log|det J_f|).
Each subclass defines _forward, _inverse and _forward_log_det_jacobian (and,
for the maps that change event shapes, _forward_shape/_inverse_shape)."""
import math

__all__ = []


def _paddle():
    import paddle
    return paddle


def _as_tensor(x, cls, name="x"):
    paddle = _paddle()
    if isinstance(x, paddle.Tensor):
        return x
    raise TypeError(f"[{cls}] {name} must be a paddle.Tensor, got {type(x).__name__}")


class Transform:
    """The base of the transforms: ``forward`` maps x to y, ``inverse`` maps back, and
    ``forward_log_det_jacobian`` gives log |det dy/dx|. Calling a transform on a Distribution
    gives the TransformedDistribution, on a Transform the chain of both, on a Tensor
    ``forward``.

    Example:
        >>> t = paddle.distribution.ExpTransform()
        >>> t.forward(paddle.to_tensor([0.0])).numpy()
        array([1.], dtype=float32)
    """

    _event_rank = 0  # the trailing axes one application reads together

    def __call__(self, input):
        from .distribution import Distribution
        from .transformed_distribution import TransformedDistribution
        if isinstance(input, Distribution):
            return TransformedDistribution(input, [self])
        if isinstance(input, Transform):
            return ChainTransform([self, input])
        return self.forward(input)

    def forward(self, x):
        """Maps ``x`` to ``y = f(x)``.

        Args:
            x (Tensor): The input.

        Returns:
            Tensor: f(x).
        """
        return self._forward(_as_tensor(x, type(self).__name__))

    def inverse(self, y):
        """Maps ``y`` back to ``x = f^-1(y)``.

        Args:
            y (Tensor): The output of ``forward``.

        Returns:
            Tensor: f^-1(y).
        """
        return self._inverse(_as_tensor(y, type(self).__name__, "y"))

    def forward_log_det_jacobian(self, x):
        """log |det J| of the forward map at ``x``.

        Args:
            x (Tensor): The input.

        Returns:
            Tensor: log |det df/dx|.
        """
        return self._forward_log_det_jacobian(_as_tensor(x, type(self).__name__))

    def inverse_log_det_jacobian(self, y):
        """log |det J| of the inverse map at ``y``: ``-forward_log_det_jacobian(inverse(y))``.

        Args:
            y (Tensor): The output of ``forward``.

        Returns:
            Tensor: log |det df^-1/dy|.
        """
        return -self._forward_log_det_jacobian(self.inverse(y))

    def forward_shape(self, shape):
        """The shape of ``forward``'s output for an input of ``shape``.

        Args:
            shape (Sequence[int]): The input shape.

        Returns:
            tuple: The output shape.
        """
        return self._forward_shape(tuple(shape))

    def inverse_shape(self, shape):
        """The shape of ``inverse``'s output for an input of ``shape``.

        Args:
            shape (Sequence[int]): The input shape.

        Returns:
            tuple: The output shape.
        """
        return self._inverse_shape(tuple(shape))

    def _forward(self, x):
        raise NotImplementedError(f"[{type(self).__name__}] has no forward")

    def _inverse(self, y):
        raise NotImplementedError(f"[{type(self).__name__}] has no inverse")

    def _forward_log_det_jacobian(self, x):
        raise NotImplementedError(f"[{type(self).__name__}] has no log det Jacobian")

    def _forward_shape(self, shape):
        return shape

    def _inverse_shape(self, shape):
        return shape


class ExpTransform(Transform):
    """y = exp(x).

    Example:
        >>> paddle.distribution.ExpTransform().inverse(paddle.to_tensor([1.0])).numpy()
        array([0.], dtype=float32)
    """

    def _forward(self, x):
        return x.exp()

    def _inverse(self, y):
        return y.log()

    def _forward_log_det_jacobian(self, x):
        return x.clone()


class AbsTransform(Transform):
    """y = |x|; not invertible: ``inverse`` gives both preimages ``(-y, y)``.

    Example:
        >>> paddle.distribution.AbsTransform().forward(paddle.to_tensor([-2.0])).numpy()
        array([2.], dtype=float32)
    """

    def _forward(self, x):
        return x.abs()

    def _inverse(self, y):
        return -y, y

    def inverse_log_det_jacobian(self, y):
        """log |det J| of each branch of the inverse: zeros for both.

        Args:
            y (Tensor): The output of ``forward``.

        Returns:
            tuple: ``(zeros, zeros)`` shaped like ``y``.
        """
        zero = _paddle().zeros_like(_as_tensor(y, "AbsTransform", "y"))
        return zero, zero


class AffineTransform(Transform):
    """y = loc + scale * x.

    Args:
        loc (Tensor): The shift.
        scale (Tensor): The factor (non-zero for an inverse).

    Example:
        >>> t = paddle.distribution.AffineTransform(paddle.to_tensor([1.0]), paddle.to_tensor([2.0]))
        >>> t.forward(paddle.to_tensor([3.0])).numpy()
        array([7.], dtype=float32)
    """

    def __init__(self, loc, scale):
        self.loc = _as_tensor(loc, "AffineTransform", "loc")
        self.scale = _as_tensor(scale, "AffineTransform", "scale")

    def _forward(self, x):
        return self.loc + self.scale * x

    def _inverse(self, y):
        return (y - self.loc) / self.scale

    def _forward_log_det_jacobian(self, x):
        return self.scale.abs().log()  # scale's shape, broadcast by the caller (as PaddlePaddle)


class PowerTransform(Transform):
    """y = x ** power (x >= 0).

    Args:
        power (Tensor): The exponent.

    Example:
        >>> t = paddle.distribution.PowerTransform(paddle.to_tensor([2.0]))
        >>> t.forward(paddle.to_tensor([3.0])).numpy()
        array([9.], dtype=float32)
    """

    def __init__(self, power):
        self.power = _as_tensor(power, "PowerTransform", "power")

    def _forward(self, x):
        return x.pow(self.power)

    def _inverse(self, y):
        return y.pow(1 / self.power)

    def _forward_log_det_jacobian(self, x):
        return (self.power * x.pow(self.power - 1)).abs().log()


class SigmoidTransform(Transform):
    """y = sigmoid(x) = 1 / (1 + exp(-x)).

    Example:
        >>> paddle.distribution.SigmoidTransform().forward(paddle.to_tensor([0.0])).numpy()
        array([0.5], dtype=float32)
    """

    def _forward(self, x):
        return x.sigmoid()

    def _inverse(self, y):
        return y.log() - (-y).log1p()

    def _forward_log_det_jacobian(self, x):
        softplus = _paddle().nn.functional.softplus
        return -softplus(-x) - softplus(x)


class TanhTransform(Transform):
    """y = tanh(x).

    Example:
        >>> paddle.distribution.TanhTransform().forward(paddle.to_tensor([0.0])).numpy()
        array([0.], dtype=float32)
    """

    def _forward(self, x):
        return x.tanh()

    def _inverse(self, y):
        return y.atanh()

    def _forward_log_det_jacobian(self, x):
        return 2.0 * (math.log(2.0) - x - _paddle().nn.functional.softplus(-2.0 * x))


class SoftmaxTransform(Transform):
    """y = softmax(x) over the last axis; not invertible: ``inverse`` gives log(y).

    Example:
        >>> y = paddle.distribution.SoftmaxTransform().forward(paddle.to_tensor([0.0, 0.0]))
        >>> y.numpy()
        array([0.5, 0.5], dtype=float32)
    """

    _event_rank = 1

    def _forward(self, x):
        return _paddle().nn.functional.softmax(x, axis=-1)

    def _inverse(self, y):
        return y.log()


class ReshapeTransform(Transform):
    """Reshapes the trailing event axes from ``in_event_shape`` to ``out_event_shape``
    (the same number of elements).

    Args:
        in_event_shape (Sequence[int]): The event shape of x.
        out_event_shape (Sequence[int]): The event shape of y.

    Example:
        >>> t = paddle.distribution.ReshapeTransform((2, 3), (3, 2))
        >>> list(t.forward(paddle.ones([4, 2, 3])).shape)
        [4, 3, 2]
    """

    def __init__(self, in_event_shape, out_event_shape):
        self.in_event_shape, self.out_event_shape = tuple(in_event_shape), tuple(out_event_shape)
        if math.prod(self.in_event_shape) != math.prod(self.out_event_shape):
            raise ValueError(f"[ReshapeTransform] in_event_shape {self.in_event_shape} and "
                             f"out_event_shape {self.out_event_shape} must have as many elements")
        self._event_rank = len(self.in_event_shape)

    def _swap(self, shape, old, new, what):
        if tuple(shape[len(shape) - len(old):]) != old:
            raise ValueError(f"[ReshapeTransform] {what} must end with {old}, got {tuple(shape)}")
        return tuple(shape[:len(shape) - len(old)]) + new

    def _forward(self, x):
        return x.reshape(list(self._swap(x.shape, self.in_event_shape, self.out_event_shape,
                                         "x's shape")))

    def _inverse(self, y):
        return y.reshape(list(self._swap(y.shape, self.out_event_shape, self.in_event_shape,
                                         "y's shape")))

    def _forward_log_det_jacobian(self, x):
        batch = x.shape[:len(x.shape) - len(self.in_event_shape)]
        return _paddle().zeros(batch, dtype=x.dtype)

    def _forward_shape(self, shape):
        return self._swap(shape, self.in_event_shape, self.out_event_shape, "shape")

    def _inverse_shape(self, shape):
        return self._swap(shape, self.out_event_shape, self.in_event_shape, "shape")


class IndependentTransform(Transform):
    """``base`` applied with its rightmost ``reinterpreted_batch_rank`` axes read as one event:
    the log det Jacobian is summed over them.

    Args:
        base (Transform): The elementwise transform.
        reinterpreted_batch_rank (int): How many trailing axes form the event, >= 1.

    Example:
        >>> t = paddle.distribution.IndependentTransform(paddle.distribution.ExpTransform(), 1)
        >>> t.forward_log_det_jacobian(paddle.to_tensor([[1.0, 2.0]])).numpy()
        array([3.], dtype=float32)
    """

    def __init__(self, base, reinterpreted_batch_rank):
        if not isinstance(base, Transform):
            raise TypeError(f"[IndependentTransform] base must be a Transform, got "
                            f"{type(base).__name__}")
        if isinstance(reinterpreted_batch_rank, bool) or \
                not isinstance(reinterpreted_batch_rank, int) or reinterpreted_batch_rank < 1:
            raise ValueError(f"[IndependentTransform] reinterpreted_batch_rank must be a "
                             f"positive int, got {reinterpreted_batch_rank!r}")
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        self._event_rank = base._event_rank + reinterpreted_batch_rank

    def _forward(self, x):
        return self._base.forward(x)

    def _inverse(self, y):
        return self._base.inverse(y)

    def _forward_log_det_jacobian(self, x):
        ldj = self._base.forward_log_det_jacobian(x)
        return ldj.sum(axis=list(range(-self._reinterpreted_batch_rank, 0)))

    def _forward_shape(self, shape):
        return self._base.forward_shape(shape)

    def _inverse_shape(self, shape):
        return self._base.inverse_shape(shape)


class ChainTransform(Transform):
    """The composition of ``transforms``: the first is applied first.

    Args:
        transforms (Sequence[Transform]): The transforms, in the order they apply.

    Example:
        >>> t = paddle.distribution.ChainTransform([
        ...     paddle.distribution.AffineTransform(paddle.to_tensor([0.0]), paddle.to_tensor([2.0])),
        ...     paddle.distribution.ExpTransform()])
        >>> t.forward(paddle.to_tensor([0.5])).numpy().round(4)
        array([2.7183], dtype=float32)
    """

    def __init__(self, transforms):
        if not isinstance(transforms, (list, tuple)) or \
                not all(isinstance(t, Transform) for t in transforms):
            raise TypeError("[ChainTransform] transforms must be a list or tuple of Transforms")
        self.transforms = list(transforms)
        self._event_rank = max([t._event_rank for t in self.transforms] + [0])

    def _forward(self, x):
        for t in self.transforms:
            x = t.forward(x)
        return x

    def _inverse(self, y):
        for t in reversed(self.transforms):
            y = t.inverse(y)
        return y

    def _forward_log_det_jacobian(self, x):
        total = 0.0
        for t in self.transforms:
            ldj = t.forward_log_det_jacobian(x)
            extra = self._event_rank - t._event_rank
            total = total + (ldj.sum(axis=list(range(-extra, 0))) if extra else ldj)
            x = t.forward(x)
        return total

    def _forward_shape(self, shape):
        for t in self.transforms:
            shape = t.forward_shape(shape)
        return shape

    def _inverse_shape(self, shape):
        for t in reversed(self.transforms):
            shape = t.inverse_shape(shape)
        return shape


class StackTransform(Transform):
    """Applies ``transforms[i]`` to slice ``i`` along ``axis`` and stacks the results.

    Args:
        transforms (Sequence[Transform]): One transform per slice.
        axis (int, optional): The axis the slices are taken along. Default 0.

    Example:
        >>> t = paddle.distribution.StackTransform(
        ...     [paddle.distribution.ExpTransform(), paddle.distribution.TanhTransform()], axis=1)
        >>> t.forward(paddle.to_tensor([[0.0, 0.0]])).numpy()
        array([[1., 0.]], dtype=float32)
    """

    def __init__(self, transforms, axis=0):
        if not isinstance(transforms, (list, tuple)) or not transforms or \
                not all(isinstance(t, Transform) for t in transforms):
            raise TypeError("[StackTransform] transforms must be a non-empty list or tuple of "
                            "Transforms")
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError(f"[StackTransform] axis must be an int, got {type(axis).__name__}")
        self.transforms = list(transforms)
        self.axis = axis

    def _map(self, x, method):
        paddle = _paddle()
        if x.shape[self.axis] != len(self.transforms):
            raise ValueError(f"[StackTransform] the input has {x.shape[self.axis]} slices along "
                             f"axis {self.axis}, but there are {len(self.transforms)} transforms")
        parts = paddle.unstack(x, axis=self.axis)
        return paddle.stack([getattr(t, method)(part) for t, part in zip(self.transforms, parts)],
                            axis=self.axis)

    def _forward(self, x):
        return self._map(x, "forward")

    def _inverse(self, y):
        return self._map(y, "inverse")

    def _forward_log_det_jacobian(self, x):
        return self._map(x, "forward_log_det_jacobian")


class StickBreakingTransform(Transform):
    """Maps a vector of K reals to a point of the K-simplex (K + 1 non-negative values that sum
    to 1) by stick breaking: each sigmoid breaks off a fraction of what is left.

    Example:
        >>> y = paddle.distribution.StickBreakingTransform().forward(paddle.to_tensor([0.0, 0.0]))
        >>> round(float(y.sum()), 6), y.shape
        (1.0, paddle.Size([3]))
    """

    _event_rank = 1

    @staticmethod
    def _offset(x):
        paddle = _paddle()
        k = x.shape[-1]
        return (k + 1) - paddle.arange(1, k + 1, dtype=x.dtype)

    def _forward(self, x):
        paddle = _paddle()
        z = (x - self._offset(x).log()).sigmoid()
        left = paddle.cumprod(1 - z, dim=-1)
        ones = paddle.ones(list(x.shape[:-1]) + [1], dtype=x.dtype)
        return paddle.concat([z, ones], -1) * paddle.concat([ones, left], -1)

    def _inverse(self, y):
        paddle = _paddle()
        head = y[..., :-1]
        rest = 1 - paddle.cumsum(head, axis=-1)
        return head.log() - rest.log() + self._offset(head).log()

    def _forward_log_det_jacobian(self, x):
        y = self._forward(x)
        shifted = x - self._offset(x).log()
        log_sigmoid = _paddle().nn.functional.log_sigmoid
        return (-shifted + log_sigmoid(shifted) + y[..., :-1].log()).sum(-1)

    def _forward_shape(self, shape):
        if not shape:
            raise ValueError("[StickBreakingTransform] the input must be at least 1-D")
        return shape[:-1] + (shape[-1] + 1,)

    def _inverse_shape(self, shape):
        if not shape:
            raise ValueError("[StickBreakingTransform] the input must be at least 1-D")
        return shape[:-1] + (shape[-1] - 1,)
