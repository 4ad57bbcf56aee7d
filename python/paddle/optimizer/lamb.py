"""LAMB: Adam's step plus weight decay, scaled per parameter by the trust
ratio ||param|| / ||step|| (large-batch training)."""
from ..tensor._helpers import op
from ._adam_base import create_moments, moments, value
from .optimizer import Optimizer

__all__ = []

_lamb = op("lamb",
           ["Param", "Grad", "LearningRate", "Moment1", "Moment2", "Beta1Pow", "Beta2Pow"],
           ["weight_decay", "beta1", "beta2", "epsilon", "always_adapt"],
           ["ParamOut=Param", "Moment1Out=Moment1", "Moment2Out=Moment2",
            "Beta1PowOut=Beta1Pow", "Beta2PowOut=Beta2Pow"])


class Lamb(Optimizer):
    r"""LAMB: :math:`r = \hat m / (\sqrt{\hat v} + \epsilon) + wd \cdot param` with Adam's
    bias-corrected moments, :math:`param = param - lr \frac{\|param\|}{\|r\|} r`.

    Args:
        learning_rate (float|LRScheduler, optional): Default 0.001.
        lamb_weight_decay (float, optional): wd above. Default 0.01.
        beta1 (float|Tensor, optional): Default 0.9.
        beta2 (float|Tensor, optional): Default 0.999.
        epsilon (float|Tensor, optional): Default 1e-06.
        parameters (list, optional): Tensors or parameter groups to update.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        exclude_from_weight_decay_fn (callable, optional): ``fn(param)``; True
            turns the decay off for that parameter.
        multi_precision (bool, optional): accepted; parameters are updated in their own type.
        always_adapt (bool, optional): use the trust ratio even when wd is 0. Default False.
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.Lamb(learning_rate=0.1, parameters=[w])
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> w.numpy().round(4)
            array([0.8427, 1.8411], dtype=float32)
    """

    def __init__(self, learning_rate=0.001, lamb_weight_decay=0.01, beta1=0.9, beta2=0.999,
                 epsilon=1e-6, parameters=None, grad_clip=None,
                 exclude_from_weight_decay_fn=None, multi_precision=False, always_adapt=False,
                 name=None):
        for arg, v in (("learning_rate", learning_rate), ("beta1", beta1), ("beta2", beta2),
                       ("epsilon", epsilon)):
            if v is None:
                raise ValueError(f"{arg} is not set")
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=None,
                         grad_clip=grad_clip, name=name)
        self.type = "lamb"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._lamb_weight_decay = lamb_weight_decay
        self._exclude_from_weight_decay_fn = exclude_from_weight_decay_fn
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "lamb_weight_decay": lamb_weight_decay,
                              "exclude_from_weight_decay_fn": exclude_from_weight_decay_fn}
        self._multi_precision = multi_precision
        self.always_adapt = always_adapt

    def _update_param_group(self, group):
        for key in ("beta1", "beta2", "epsilon", "lamb_weight_decay",
                    "exclude_from_weight_decay_fn"):
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))
        return group.get("params")

    def _create_accumulators(self, parameters):
        create_moments(self, parameters, False)

    def _append_optimize_op(self, param, grad):
        m1, m2, _, b1p, b2p = moments(self, param, False)
        excluded = (self._exclude_from_weight_decay_fn is not None
                    and self._exclude_from_weight_decay_fn(param))
        decay = 0.0 if excluded else float(self._lamb_weight_decay)
        _lamb(param, grad, self._create_param_lr(param), m1, m2, b1p, b2p, decay,
              value(self._beta1), value(self._beta2), value(self._epsilon),
              bool(self.always_adapt))
