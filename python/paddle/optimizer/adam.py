"""Adam: bias-corrected running means of the gradient and its square."""
from ..tensor._helpers import op
from ._adam_base import ADAM_INPUTS, ADAM_OUTPUTS, check_rates, create_moments, moments, value
from .optimizer import Optimizer

__all__ = []

_adam = op("adam", ADAM_INPUTS, ["beta1", "beta2", "epsilon", "lazy_mode", "amsgrad"],
           ADAM_OUTPUTS)


class Adam(Optimizer):
    r"""Adam: :math:`m = \beta_1 m + (1 - \beta_1) g`, :math:`v = \beta_2 v + (1 - \beta_2) g^2`,
    :math:`param = param - lr \frac{\sqrt{1 - \beta_2^t}}{1 - \beta_1^t}
    \frac{m}{\sqrt{v} + \epsilon \sqrt{1 - \beta_2^t}}`. weight_decay is added to
    the gradient (coupled; see AdamW for decoupled decay).

    Args:
        learning_rate (float|LRScheduler, optional): Default 0.001.
        beta1 (float|Tensor, optional): Default 0.9, in [0, 1).
        beta2 (float|Tensor, optional): Default 0.999, in [0, 1).
        epsilon (float|Tensor, optional): Default 1e-08, >= 0.
        parameters (list, optional): Tensors or parameter groups to update.
        weight_decay (float|L1Decay|L2Decay, optional).
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        lazy_mode (bool, optional): for sparse gradients; dense ones update every row.
        multi_precision (bool, optional): accepted; parameters are updated in their own type.
        use_multi_tensor (bool, optional): accepted; each parameter is updated on its own.
        amsgrad (bool, optional): divide by the running max of v. Default False.
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> adam = paddle.optimizer.Adam(learning_rate=0.1, parameters=[w])
            >>> (w * w).sum().backward()
            >>> adam.step()
            >>> w.numpy()
            array([0.9, 1.9], dtype=float32)
    """

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
                 parameters=None, weight_decay=None, grad_clip=None, lazy_mode=False,
                 multi_precision=False, use_multi_tensor=False, amsgrad=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        check_rates(beta1, beta2, epsilon)
        super().__init__(learning_rate=learning_rate, parameters=parameters,
                         weight_decay=weight_decay, grad_clip=grad_clip, name=name)
        self.type = "adam"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._lazy_mode = lazy_mode
        self._multi_precision = multi_precision
        self._use_multi_tensor = use_multi_tensor
        self._amsgrad = amsgrad
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "lazy_mode": lazy_mode}

    def _update_param_group(self, group):
        for key in ("beta1", "beta2", "epsilon", "lazy_mode"):
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))
        return group.get("params")

    def _create_accumulators(self, parameters):
        create_moments(self, parameters, self._amsgrad)

    def _append_optimize_op(self, param, grad):
        m1, m2, m2max, b1p, b2p = moments(self, param, self._amsgrad)
        _adam(param, grad, self._create_param_lr(param), m1, m2, m2max, b1p, b2p,
              value(self._beta1), value(self._beta2), value(self._epsilon),
              bool(self._lazy_mode), bool(self._amsgrad))
