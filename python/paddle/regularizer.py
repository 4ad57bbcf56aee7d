"""Weight decay as a term added to each parameter's gradient before the
optimizer's update: ``L1Decay`` adds ``coeff * sign(param)``, ``L2Decay`` adds
``coeff * param``. Given to an optimizer's ``weight_decay`` (or a parameter
group's), they apply to every parameter that has no regularizer of its own."""
from .tensor._helpers import op

__all__ = ["L1Decay", "L2Decay"]

_scale = op("scale", ["X"], ["scale", "bias", "bias_after_scale"])
_sign = op("sign", ["X"])


class WeightDecayRegularizer:
    """The base of the weight decay regularizers: ``regularizer(param, grad)``
    returns the term the optimizer adds to ``grad``."""

    def __call__(self, param, grad, block=None):
        raise NotImplementedError

    def __str__(self):
        raise NotImplementedError


class L1Decay(WeightDecayRegularizer):
    """L1 weight decay: adds ``coeff * sign(param)`` to the gradient.

    Args:
        coeff (float, optional): the decay coefficient. Default 0.0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, -2.0], stop_gradient=False)
            >>> (w * w).sum().backward()
            >>> opt = paddle.optimizer.SGD(0.1, parameters=[w],
            ...                            weight_decay=paddle.regularizer.L1Decay(0.5))
            >>> opt.step()     # grad [2, -4] + 0.5 * sign(w) = [2.5, -4.5]
            >>> w.numpy()
            array([ 0.75, -1.55], dtype=float32)
    """

    def __init__(self, coeff=0.0):
        if coeff is None:
            raise ValueError("[L1Decay] coeff must be a number, got None")
        super().__init__()
        self._coeff = coeff

    def __call__(self, param, grad, block=None):
        return _scale(_sign(param), float(self._coeff), 0.0, True)

    def __str__(self):
        return f"L1Decay, coeff={self._coeff:f}"


class L2Decay(WeightDecayRegularizer):
    """L2 weight decay: adds ``coeff * param`` to the gradient.

    Args:
        coeff (float, optional): the decay coefficient. Default 0.0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, -2.0], stop_gradient=False)
            >>> (w * w).sum().backward()
            >>> opt = paddle.optimizer.SGD(0.1, parameters=[w],
            ...                            weight_decay=paddle.regularizer.L2Decay(0.5))
            >>> opt.step()     # grad [2, -4] + 0.5 * w = [2.5, -5]
            >>> w.numpy()
            array([ 0.75, -1.5 ], dtype=float32)
    """

    def __init__(self, coeff=0.0):
        if coeff is None:
            raise ValueError("[L2Decay] coeff must be a number, got None")
        super().__init__()
        self._coeff = coeff

    def __call__(self, param, grad, block=None):
        return _scale(param, float(self._coeff), 0.0, True)

    def __str__(self):
        return f"L2Decay, coeff={self._coeff:f}"
