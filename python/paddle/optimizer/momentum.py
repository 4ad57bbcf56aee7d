"""Momentum SGD (optionally Nesterov); L2 weight decay runs inside the op."""
from ..regularizer import L2Decay
from ..tensor._helpers import op
from .optimizer import Optimizer

__all__ = []

_momentum = op("momentum", ["Param", "Grad", "Velocity", "LearningRate"],
               ["mu", "use_nesterov", "regularization_method", "regularization_coeff",
                "rescale_grad"],
               ["ParamOut=Param", "VelocityOut=Velocity"])


def _l2_of(weight_decay):
    """(regularization_method, coeff) the op applies itself: L2Decay and floats."""
    if isinstance(weight_decay, L2Decay):
        return "l2_decay", weight_decay._coeff
    if isinstance(weight_decay, float):
        return "l2_decay", weight_decay
    return "", 0.0


def _is_l2(weight_decay):
    return isinstance(weight_decay, (L2Decay, float))


class Momentum(Optimizer):
    r"""Momentum SGD: :math:`velocity = mu * velocity + grad`, then
    :math:`param = param - lr * velocity`, or with Nesterov
    :math:`param = param - lr * (grad + mu * velocity)`. A float or L2Decay
    weight_decay is added to the gradient by the op; L1Decay as in the base class.

    Args:
        learning_rate (float|LRScheduler, optional): Default 0.001.
        momentum (float, optional): the velocity's decay. Default 0.9.
        parameters (list, optional): Tensors or parameter groups to update.
        use_nesterov (bool, optional): Nesterov momentum. Default False.
        weight_decay (float|L1Decay|L2Decay, optional).
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        multi_precision (bool, optional): accepted; parameters are updated in their own type.
        rescale_grad (float, optional): the gradient is multiplied by it first. Default 1.0.
        use_multi_tensor (bool, optional): accepted; each parameter is updated on its own.
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9, parameters=[w])
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> w.numpy()
            array([0.8, 1.6], dtype=float32)
    """

    _velocity_acc_str = "velocity"

    def __init__(self, learning_rate=0.001, momentum=0.9, parameters=None, use_nesterov=False,
                 weight_decay=None, grad_clip=None, multi_precision=False, rescale_grad=1.0,
                 use_multi_tensor=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        if momentum is None:
            raise ValueError("momentum is not set")
        if isinstance(weight_decay, int) and not isinstance(weight_decay, bool):
            weight_decay = float(weight_decay)
        if isinstance(parameters, list) and parameters and isinstance(parameters[0], dict):
            for group in parameters:
                decay = group.get("weight_decay", weight_decay)
                group["regularization_method"], group["regularization_coeff"] = _l2_of(decay)
                group["weight_decay"] = None if _is_l2(decay) else decay
        super().__init__(learning_rate=learning_rate, parameters=parameters,
                         weight_decay=None if _is_l2(weight_decay) else weight_decay,
                         grad_clip=grad_clip, name=name)
        self.type = "momentum"
        self._momentum = momentum
        self._use_nesterov = bool(use_nesterov)
        self._regularization_method, self._regularization_coeff = _l2_of(weight_decay)
        self._multi_precision = multi_precision
        self._rescale_grad = rescale_grad
        self._use_multi_tensor = use_multi_tensor
        self._default_dict = {
            "momentum": momentum, "use_nesterov": use_nesterov, "rescale_grad": rescale_grad,
            "regularization_method": self._regularization_method,
            "regularization_coeff": self._regularization_coeff,
        }

    def _update_param_group(self, group):
        for key in ("momentum", "use_nesterov", "rescale_grad", "regularization_method",
                    "regularization_coeff"):
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))
        return group.get("params")

    def _regularized(self, param, grad, regularization):
        # A parameter's own L2Decay is applied by the op, not added here.
        if isinstance(getattr(param, "regularizer", None), L2Decay):
            return grad
        return super()._regularized(param, grad, regularization)

    def _create_accumulators(self, parameters):
        for p in parameters:
            if p.name in self._already_create_accumulator:
                continue
            self._add_accumulator(self._velocity_acc_str, p)
            self._already_create_accumulator.add(p.name)

    def _append_optimize_op(self, param, grad):
        velocity = self._get_accumulator(self._velocity_acc_str, param)
        method, coeff = self._regularization_method, self._regularization_coeff
        own = getattr(param, "regularizer", None)
        if isinstance(own, L2Decay):
            method, coeff = "l2_decay", own._coeff
        elif own is not None:
            method, coeff = "", 0.0
        _momentum(param, grad, velocity, self._create_param_lr(param), float(self._momentum),
                  bool(self._use_nesterov), method, float(coeff), float(self._rescale_grad))
