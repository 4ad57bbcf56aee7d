"""Adagrad: each element's step shrinks with its summed squared gradients."""
from ..tensor._helpers import op
from .optimizer import Optimizer

__all__ = []

_adagrad = op("adagrad", ["Param", "Grad", "Moment", "LearningRate"], ["epsilon"],
              ["ParamOut=Param", "MomentOut=Moment"])


class Adagrad(Optimizer):
    r"""Adagrad: :math:`moment = moment + grad^2`,
    :math:`param = param - lr * grad / (\sqrt{moment} + \epsilon)`.

    Args:
        learning_rate (float|LRScheduler): the learning rate.
        epsilon (float, optional): added to the root for stability. Default 1e-06.
        parameters (list, optional): Tensors or parameter groups to update.
        weight_decay (float|L1Decay|L2Decay, optional): added to the gradient.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        name (str, optional): inserted into the accumulator names.
        initial_accumulator_value (float, optional): the moment's start. Default 0.0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.Adagrad(learning_rate=0.1, parameters=[w])
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> w.numpy().round(4)
            array([0.9, 1.9], dtype=float32)
    """

    _moment_acc_str = "moment"

    def __init__(self, learning_rate, epsilon=1.0e-6, parameters=None, weight_decay=None,
                 grad_clip=None, name=None, initial_accumulator_value=0.0):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        if epsilon is None:
            raise ValueError("epsilon is not set")
        super().__init__(learning_rate=learning_rate, parameters=parameters,
                         weight_decay=weight_decay, grad_clip=grad_clip, name=name)
        self.type = "adagrad"
        self._epsilon = epsilon
        self._multi_precision = False
        self.initial_accumulator_value = initial_accumulator_value
        self._default_dict = {"epsilon": epsilon,
                              "initial_accumulator_value": initial_accumulator_value}

    def _update_param_group(self, group):
        self._epsilon = group.get("epsilon", self._default_dict["epsilon"])
        self.initial_accumulator_value = group.get(
            "initial_accumulator_value", self._default_dict["initial_accumulator_value"])
        return group.get("params")

    def _create_accumulators(self, parameters):
        for p in parameters:
            if p.name in self._already_create_accumulator:
                continue
            self._add_accumulator(self._moment_acc_str, p,
                                  fill_value=self.initial_accumulator_value)
            self._already_create_accumulator.add(p.name)

    def _append_optimize_op(self, param, grad):
        moment = self._get_accumulator(self._moment_acc_str, param)
        _adagrad(param, grad, moment, self._create_param_lr(param), float(self._epsilon))
