"""RMSProp: steps scaled by a running root mean square of the gradient."""
from ..tensor._helpers import op
from .optimizer import Optimizer

__all__ = []

_rmsprop = op("rmsprop", ["Param", "MeanSquare", "Grad", "Moment", "LearningRate", "MeanGrad"],
              ["epsilon", "decay", "momentum", "centered"],
              ["ParamOut=Param", "MomentOut=Moment", "MeanSquareOut=MeanSquare",
               "MeanGradOut=MeanGrad"])


class RMSProp(Optimizer):
    r"""RMSProp: :math:`r = \rho r + (1 - \rho) g^2`,
    :math:`v = momentum \cdot v + lr \cdot g / \sqrt{r + \epsilon}`, :math:`param = param - v`;
    centered subtracts the squared running mean of g under the root.

    Args:
        learning_rate (float|LRScheduler): the learning rate.
        rho (float, optional): the running means' decay. Default 0.95.
        epsilon (float, optional): added under the root. Default 1e-06.
        momentum (float, optional): weight of the previous step. Default 0.0.
        centered (bool, optional): normalize by the centered second moment. Default False.
        parameters (list, optional): Tensors or parameter groups to update.
        weight_decay (float|L1Decay|L2Decay, optional): added to the gradient.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.RMSProp(learning_rate=0.1, parameters=[w])
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> w.numpy().round(4)
            array([0.5528, 1.5528], dtype=float32)
    """

    _momentum_acc_str = "momentum"
    _mean_square_acc_str = "mean_square"
    _mean_grad_acc_str = "mean_grad"

    def __init__(self, learning_rate, rho=0.95, epsilon=1.0e-6, momentum=0.0, centered=False,
                 parameters=None, weight_decay=None, grad_clip=None, name=None):
        for arg, v in (("learning_rate", learning_rate), ("rho", rho), ("epsilon", epsilon),
                       ("momentum", momentum)):
            if v is None:
                raise ValueError(f"{arg} is not set.")
        if not 0.0 <= epsilon:
            raise ValueError("Invalid value of epsilon, expect epsilon >= 0.")
        if not 0.0 <= momentum:
            raise ValueError("Invalid value of momentum, expect momentum >= 0.")
        if not 0.0 <= rho:
            raise ValueError("Invalid value of rho, expect rho >= 0.")
        super().__init__(learning_rate=learning_rate, parameters=parameters,
                         weight_decay=weight_decay, grad_clip=grad_clip, name=name)
        self.type = "rmsprop"
        self._rho = rho
        self._epsilon = epsilon
        self._momentum = momentum
        self._centered = centered
        self._multi_precision = False
        self._default_dict = {"rho": rho, "epsilon": epsilon, "momentum": momentum,
                              "centered": centered}

    def _update_param_group(self, group):
        for key in ("rho", "epsilon", "momentum", "centered"):
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))
        return group.get("params")

    def _create_accumulators(self, parameters):
        for p in parameters:
            if p.name in self._already_create_accumulator:
                continue
            self._add_accumulator(self._momentum_acc_str, p)
            self._add_accumulator(self._mean_square_acc_str, p)
            self._add_accumulator(self._mean_grad_acc_str, p)
            self._already_create_accumulator.add(p.name)

    def _append_optimize_op(self, param, grad):
        get = self._get_accumulator
        _rmsprop(param, get(self._mean_square_acc_str, param), grad,
                 get(self._momentum_acc_str, param), self._create_param_lr(param),
                 get(self._mean_grad_acc_str, param), float(self._epsilon), float(self._rho),
                 float(self._momentum), bool(self._centered))
