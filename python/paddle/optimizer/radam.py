"""RAdam: Adam whose adaptive rate is rectified, and used only once its
variance is tractable."""
from ..tensor._helpers import op
from ._adam_base import check_value, value
from .optimizer import Optimizer

__all__ = []

_radam = op("radam", ["param", "grad", "learning_rate", "beta1_pow", "beta2_pow", "rho",
                      "moment1", "moment2"], ["beta1", "beta2", "epsilon"],
            ["param_out=param", "beta1_pow_out=beta1_pow", "beta2_pow_out=beta2_pow",
             "rho_out=rho", "moment1_out=moment1", "moment2_out=moment2"])


class RAdam(Optimizer):
    r"""RAdam: :math:`m = \beta_1 m + (1 - \beta_1) g`, :math:`v = \beta_2 v + (1 - \beta_2) g^2`,
    :math:`\hat{m} = m / (1 - \beta_1^t)`, :math:`\rho_\infty = 2 / (1 - \beta_2) - 1`,
    :math:`\rho_t = \rho_\infty - 2 t \beta_2^t / (1 - \beta_2^t)`. When :math:`\rho_t > 5`,
    :math:`param = param - lr \hat{m} r_t \frac{\sqrt{1 - \beta_2^t}}{\sqrt{v} + \epsilon}` with
    :math:`r_t = \sqrt{\frac{(\rho_t - 4)(\rho_t - 2)\rho_\infty}
    {(\rho_\infty - 4)(\rho_\infty - 2)\rho_t}}`; otherwise :math:`param = param - lr \hat{m}`.
    weight_decay is added to the gradient.

    Args:
        learning_rate (float|LRScheduler, optional): Default 0.001.
        beta1 (float|Tensor, optional): in [0, 1). Default 0.9.
        beta2 (float|Tensor, optional): in [0, 1). Default 0.999.
        epsilon (float, optional): >= 0. Default 1e-08.
        parameters (list, optional): Tensors or parameter groups to update.
        weight_decay (float|L1Decay|L2Decay, optional): added to the gradient.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.RAdam(learning_rate=0.1, parameters=[w])
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> w.numpy().round(4)
            array([0.8, 1.6], dtype=float32)
    """

    _beta1_pow_acc_str = "beta1_pow"
    _beta2_pow_acc_str = "beta2_pow"
    _rho_acc_str = "rho"
    _moment1_acc_str = "moment1"
    _moment2_acc_str = "moment2"

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1.0e-8,
                 parameters=None, weight_decay=None, grad_clip=None, name=None):
        check_value("learning rate", learning_rate,
                    lambda v: not isinstance(v, (int, float)) or v >= 0, "learning_rate >= 0")
        check_value("epsilon value", epsilon, lambda v: v >= 0, "epsilon >= 0")
        check_value("beta1", beta1, lambda v: 0 <= v < 1, "0. <= beta1 < 1.0")
        check_value("beta2", beta2, lambda v: 0 <= v < 1, "0. <= beta2 < 1.0")
        super().__init__(learning_rate=learning_rate, parameters=parameters,
                         weight_decay=weight_decay, grad_clip=grad_clip, name=name)
        self.type = "radam"
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
            # The step counters are Param-shaped and start at 1, as PaddlePaddle keeps them.
            for name in (self._beta1_pow_acc_str, self._beta2_pow_acc_str, self._rho_acc_str):
                self._add_accumulator(name, p, fill_value=1.0)
            self._add_accumulator(self._moment1_acc_str, p)
            self._add_accumulator(self._moment2_acc_str, p)
            self._already_create_accumulator.add(p.name)

    def _append_optimize_op(self, param, grad):
        get = self._get_accumulator
        _radam(param, grad, self._create_param_lr(param), get(self._beta1_pow_acc_str, param),
               get(self._beta2_pow_acc_str, param), get(self._rho_acc_str, param),
               get(self._moment1_acc_str, param), get(self._moment2_acc_str, param),
               value(self._beta1), value(self._beta2), float(self._epsilon))
