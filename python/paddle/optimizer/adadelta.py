"""Adadelta: steps scaled by the ratio of running root mean squares of the
updates and of the gradients."""
from ..tensor._helpers import op
from .optimizer import Optimizer

__all__ = []

_adadelta = op("adadelta", ["Param", "Grad", "AvgSquaredGrad", "AvgSquaredUpdate",
                            "LearningRate"], ["rho", "epsilon"],
               ["ParamOut=Param", "AvgSquaredGradOut=AvgSquaredGrad",
                "AvgSquaredUpdateOut=AvgSquaredUpdate"])


class Adadelta(Optimizer):
    r"""Adadelta: :math:`E(g^2) = \rho E(g^2) + (1 - \rho) g^2`,
    :math:`\Delta = -\sqrt{(E(\Delta^2) + \epsilon) / (E(g^2) + \epsilon)}\, g`,
    :math:`E(\Delta^2) = \rho E(\Delta^2) + (1 - \rho) \Delta^2`,
    :math:`param = param + lr \cdot \Delta`. weight_decay is added to the gradient.

    Args:
        learning_rate (float|LRScheduler, optional): Default 0.001.
        epsilon (float, optional): added under the root. Default 1e-06.
        rho (float, optional): the running means' decay. Default 0.95.
        parameters (list, optional): Tensors or parameter groups to update.
        weight_decay (float|L1Decay|L2Decay, optional): added to the gradient.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.Adadelta(learning_rate=1.0, rho=0.5, parameters=[w])
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> w.numpy().round(4)
            array([0.9986, 1.9986], dtype=float32)
    """

    _avg_squared_grad_acc_str = "_avg_squared_grad"
    _avg_squared_update_acc_str = "_avg_squared_update"

    def __init__(self, learning_rate=0.001, epsilon=1.0e-6, rho=0.95, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        for arg, v in (("learning_rate", learning_rate), ("epsilon", epsilon), ("rho", rho)):
            if v is None:
                raise ValueError(f"{arg} is not set.")
        super().__init__(learning_rate=learning_rate, parameters=parameters,
                         weight_decay=weight_decay, grad_clip=grad_clip, name=name)
        self.type = "adadelta"
        self._epsilon = epsilon
        self._rho = rho
        self._multi_precision = False
        self._default_dict = {"epsilon": epsilon, "rho": rho}

    def _update_param_group(self, group):
        for key in ("epsilon", "rho"):
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))
        return group.get("params")

    def _create_accumulators(self, parameters):
        for p in parameters:
            if p.name in self._already_create_accumulator:
                continue
            self._add_accumulator(self._avg_squared_grad_acc_str, p)
            self._add_accumulator(self._avg_squared_update_acc_str, p)
            self._already_create_accumulator.add(p.name)

    def _append_optimize_op(self, param, grad):
        get = self._get_accumulator
        _adadelta(param, grad, get(self._avg_squared_grad_acc_str, param),
                  get(self._avg_squared_update_acc_str, param), self._create_param_lr(param),
                  float(self._rho), float(self._epsilon))
