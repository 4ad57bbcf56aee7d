"""NAdam: Adam with Nesterov momentum under a decaying momentum schedule."""
from ..tensor._helpers import op
from ._adam_base import check_value, value
from .optimizer import Optimizer

__all__ = []

_nadam = op("nadam", ["param", "grad", "learning_rate", "momentum_decay_pow", "beta2_pow",
                      "mu_product", "moment1", "moment2"],
            ["beta1", "beta2", "epsilon", "momentum_decay"],
            ["param_out=param", "momentum_decay_pow_out=momentum_decay_pow",
             "beta2_pow_out=beta2_pow", "mu_product_out=mu_product", "moment1_out=moment1",
             "moment2_out=moment2"])


class NAdam(Optimizer):
    r"""NAdam: with :math:`\mu_t = \beta_1 (1 - \frac{1}{2} 0.96^{t \psi})`,
    :math:`m = \beta_1 m + (1 - \beta_1) g`, :math:`v = \beta_2 v + (1 - \beta_2) g^2`,
    :math:`\hat{m} = \frac{\mu_{t+1} m}{1 - \prod_{i \le t+1} \mu_i} +
    \frac{(1 - \mu_t) g}{1 - \prod_{i \le t} \mu_i}`,
    :math:`param = param - lr \frac{\hat{m}}{\sqrt{v / (1 - \beta_2^t)} + \epsilon}`.
    weight_decay is added to the gradient.

    Args:
        learning_rate (float|LRScheduler, optional): Default 0.002.
        beta1 (float|Tensor, optional): in [0, 1). Default 0.9.
        beta2 (float|Tensor, optional): in [0, 1). Default 0.999.
        epsilon (float, optional): >= 0. Default 1e-08.
        momentum_decay (float, optional): :math:`\psi`, >= 0. Default 0.004.
        parameters (list, optional): Tensors or parameter groups to update.
        weight_decay (float|L1Decay|L2Decay, optional): added to the gradient.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.NAdam(learning_rate=0.1, parameters=[w])
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> w.numpy().round(4)
            array([0.8944, 1.8944], dtype=float32)
    """

    _momentum_decay_pow_acc_str = "momentum_decay_pow"
    _beta2_pow_acc_str = "beta2_pow"
    _mu_product_acc_str = "mu_product"
    _moment1_acc_str = "moment1"
    _moment2_acc_str = "moment2"

    def __init__(self, learning_rate=0.002, beta1=0.9, beta2=0.999, epsilon=1.0e-8,
                 momentum_decay=0.004, parameters=None, weight_decay=None, grad_clip=None,
                 name=None):
        check_value("learning rate", learning_rate,
                    lambda v: not isinstance(v, (int, float)) or v >= 0, "learning_rate >= 0")
        check_value("epsilon value", epsilon, lambda v: v >= 0, "epsilon >= 0")
        check_value("beta1", beta1, lambda v: 0 <= v < 1, "0. <= beta1 < 1.0")
        check_value("beta2", beta2, lambda v: 0 <= v < 1, "0. <= beta2 < 1.0")
        check_value("momentum_decay value", momentum_decay, lambda v: v >= 0,
                    "momentum_decay >= 0")
        super().__init__(learning_rate=learning_rate, parameters=parameters,
                         weight_decay=weight_decay, grad_clip=grad_clip, name=name)
        self.type = "nadam"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._momentum_decay = momentum_decay
        self._multi_precision = False
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "momentum_decay": momentum_decay}

    def _update_param_group(self, group):
        for key in ("beta1", "beta2", "epsilon", "momentum_decay"):
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))
        return group.get("params")

    def _create_accumulators(self, parameters):
        for p in parameters:
            if p.name in self._already_create_accumulator:
                continue
            # The step counters are Param-shaped, as PaddlePaddle keeps them.
            for name in (self._momentum_decay_pow_acc_str, self._beta2_pow_acc_str,
                         self._mu_product_acc_str):
                self._add_accumulator(name, p, fill_value=1.0)
            self._add_accumulator(self._moment1_acc_str, p)
            self._add_accumulator(self._moment2_acc_str, p)
            self._already_create_accumulator.add(p.name)

    def _append_optimize_op(self, param, grad):
        get = self._get_accumulator
        _nadam(param, grad, self._create_param_lr(param),
               get(self._momentum_decay_pow_acc_str, param), get(self._beta2_pow_acc_str, param),
               get(self._mu_product_acc_str, param), get(self._moment1_acc_str, param),
               get(self._moment2_acc_str, param), value(self._beta1), value(self._beta2),
               float(self._epsilon), float(self._momentum_decay))
