"""AdamW: Adam with decoupled weight decay (the parameter shrinks by
lr * coeff before the Adam step instead of the decay joining the gradient)."""
from ..tensor._helpers import Tensor, op
from ._adam_base import ADAM_INPUTS, ADAM_OUTPUTS, check_rates, create_moments, moments, value
from .optimizer import Optimizer, _optimize_attr

__all__ = []

_adamw = op("adamw", ADAM_INPUTS,
            ["beta1", "beta2", "epsilon", "lr_ratio", "coeff", "with_decay", "lazy_mode",
             "amsgrad"],
            ADAM_OUTPUTS)


class AdamW(Optimizer):
    r"""AdamW: :math:`param = param (1 - lr \cdot coeff)`, then Adam's step (see Adam).

    Args:
        learning_rate (float|LRScheduler, optional): Default 0.001.
        beta1 (float|Tensor, optional): Default 0.9, in [0, 1).
        beta2 (float|Tensor, optional): Default 0.999, in [0, 1).
        epsilon (float|Tensor, optional): Default 1e-08, >= 0.
        parameters (list, optional): Tensors or parameter groups to update.
        weight_decay (float|Tensor, optional): the decoupled decay coefficient. Default 0.01.
        use_lowprecision_moment (bool, optional): accepted; moments use the parameter's type.
        lr_ratio (callable, optional): ``lr_ratio(param)`` scales the learning rate per parameter.
        apply_decay_param_fun (callable, optional): ``fn(param.name)``; parameters
            for which it returns False are not decayed.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        lazy_mode (bool, optional): for sparse gradients; dense ones update every row.
        multi_precision (bool, optional): accepted; parameters are updated in their own type.
        amsgrad (bool, optional): divide by the running max of v. Default False.
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.AdamW(learning_rate=0.1, parameters=[w], weight_decay=0.5)
            >>> (w * w).sum().backward()
            >>> opt.step()     # w * (1 - 0.1 * 0.5) - 0.1
            >>> w.numpy().round(4)
            array([0.85, 1.8 ], dtype=float32)
    """

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
                 parameters=None, weight_decay=0.01, use_lowprecision_moment=False,
                 lr_ratio=None, apply_decay_param_fun=None, grad_clip=None, lazy_mode=False,
                 multi_precision=False, amsgrad=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        check_rates(beta1, beta2, epsilon)
        if isinstance(weight_decay, bool) or not isinstance(weight_decay, (int, float, Tensor)):
            raise TypeError("weight_decay should be int, float or Tensor.")
        if lr_ratio is not None and not callable(lr_ratio):
            raise TypeError(f"lr_ratio should be callable, got {type(lr_ratio).__name__}")
        self._weight_decay = value(weight_decay)
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=None,
                         grad_clip=grad_clip, name=name)
        self.type = "adamw"
        self._apply_decay_param_fun = apply_decay_param_fun
        self._use_lowprecision_moment = use_lowprecision_moment
        self._lr_ratio = lr_ratio
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._lazy_mode = lazy_mode
        self._multi_precision = multi_precision
        self._amsgrad = amsgrad
        self._default_dict = {"weight_decay": self._weight_decay, "beta1": beta1, "beta2": beta2,
                              "epsilon": epsilon, "lazy_mode": lazy_mode, "grad_clip": grad_clip}

    def _group_defaults(self):
        return {"weight_decay": self._weight_decay, "grad_clip": self._grad_clip}

    def _configure_group_param(self, param, group):
        # The group's weight_decay is AdamW's own coefficient, not a regularizer.
        _optimize_attr(param)["learning_rate"] = group.get("learning_rate", 1.0)

    def _update_param_group(self, group):
        for key in ("beta1", "beta2", "epsilon", "lazy_mode", "weight_decay"):
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))
        return group.get("params")

    def _create_accumulators(self, parameters):
        create_moments(self, parameters, self._amsgrad)

    def _append_optimize_op(self, param, grad):
        with_decay = (self._apply_decay_param_fun is None
                      or bool(self._apply_decay_param_fun(param.name)))
        ratio = 1.0 if self._lr_ratio is None else float(self._lr_ratio(param))
        m1, m2, m2max, b1p, b2p = moments(self, param, self._amsgrad)
        _adamw(param, grad, self._create_param_lr(param), m1, m2, m2max, b1p, b2p,
               value(self._beta1), value(self._beta2), value(self._epsilon), ratio,
               value(self._weight_decay), with_decay, bool(self._lazy_mode), bool(self._amsgrad))
