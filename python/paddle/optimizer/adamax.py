"""Adamax: Adam with an infinity norm in place of the second moment."""
from ..tensor._helpers import op
from ._adam_base import check_rates, value
from .optimizer import Optimizer

__all__ = []

_adamax = op("adamax", ["Param", "Grad", "LearningRate", "Moment", "InfNorm", "Beta1Pow"],
             ["beta1", "beta2", "epsilon"],
             ["ParamOut=Param", "MomentOut=Moment", "InfNormOut=InfNorm"])
# The adamax op reads Beta1Pow without advancing it; the optimizer scales it after the step.
_advance_pow = op("scale", ["X"], ["scale"], ["Out=X"])


class Adamax(Optimizer):
    r"""Adamax: :math:`m = \beta_1 m + (1 - \beta_1) g`,
    :math:`u = \max(\beta_2 u + \epsilon, |g|)`,
    :math:`param = param - \frac{lr}{1 - \beta_1^t} \frac{m}{u}`.
    weight_decay is added to the gradient.

    Args:
        learning_rate (float|LRScheduler, optional): Default 0.001.
        beta1 (float|Tensor, optional): decay of the gradient's mean, in [0, 1). Default 0.9.
        beta2 (float|Tensor, optional): decay of the infinity norm, in [0, 1). Default 0.999.
        epsilon (float|Tensor, optional): added to the norm, >= 0. Default 1e-08.
        parameters (list, optional): Tensors or parameter groups to update.
        weight_decay (float|L1Decay|L2Decay, optional): added to the gradient.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.Adamax(learning_rate=0.1, parameters=[w])
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> w.numpy().round(4)
            array([0.9, 1.9], dtype=float32)
    """

    _moment_acc_str = "moment"
    _inf_norm_acc_str = "inf_norm"
    _beta1_pow_acc_str = "beta1_pow_acc"

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8,
                 parameters=None, weight_decay=None, grad_clip=None, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        check_rates(beta1, beta2, epsilon)
        super().__init__(learning_rate=learning_rate, parameters=parameters,
                         weight_decay=weight_decay, grad_clip=grad_clip, name=name)
        self.type = "adamax"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._multi_precision = False
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon}

    def _update_param_group(self, group):
        for key in ("beta1", "beta2", "epsilon"):
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))
        return group.get("params")

    def _create_accumulators(self, parameters):
        for p in parameters:
            if p.name in self._already_create_accumulator:
                continue
            self._add_accumulator(self._moment_acc_str, p)
            self._add_accumulator(self._inf_norm_acc_str, p)
            self._add_accumulator(self._beta1_pow_acc_str, p, fill_value=value(self._beta1),
                                  shape=[1])
            self._already_create_accumulator.add(p.name)

    def _append_optimize_op(self, param, grad):
        get = self._get_accumulator
        beta1 = value(self._beta1)
        beta1_pow = get(self._beta1_pow_acc_str, param)
        _adamax(param, grad, self._create_param_lr(param), get(self._moment_acc_str, param),
                get(self._inf_norm_acc_str, param), beta1_pow, beta1, value(self._beta2),
                value(self._epsilon))
        _advance_pow(beta1_pow, beta1)
