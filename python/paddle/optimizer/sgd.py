"""Plain stochastic gradient descent: param -= lr * grad."""
from ..tensor._helpers import op
from .optimizer import Optimizer

__all__ = []

_sgd = op("sgd", ["Param", "LearningRate", "Grad"], ["multi_precision"], ["ParamOut=Param"])


class SGD(Optimizer):
    r"""Stochastic gradient descent: :math:`param = param - lr * grad`.

    Args:
        learning_rate (float|LRScheduler, optional): Default 0.001.
        parameters (list, optional): Tensors or parameter groups to update.
        weight_decay (float|L1Decay|L2Decay, optional): added to the gradient.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        multi_precision (bool, optional): accepted; float32/float64 parameters
            are updated in their own type.
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=[w])
            >>> (w * w).sum().backward()
            >>> sgd.step()
            >>> w.numpy()
            array([0.8, 1.6], dtype=float32)
    """

    def __init__(self, learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None,
                 multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        super().__init__(learning_rate=learning_rate, parameters=parameters,
                         weight_decay=weight_decay, grad_clip=grad_clip, name=name)
        self.type = "sgd"
        self._multi_precision = multi_precision

    def _append_optimize_op(self, param, grad):
        _sgd(param, self._create_param_lr(param), grad, False)
