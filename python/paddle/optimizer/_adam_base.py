"""What Adam, AdamW and Lamb share: the checked betas and epsilon (floats or
one-element Tensors, read at each step) and the moment and beta-power
accumulators, named as PaddlePaddle names them."""
from ..tensor._helpers import Tensor
from .optimizer import Optimizer

__all__ = []

# The slots adam and adamw share: inputs in order, then outputs written in place.
ADAM_INPUTS = ["Param", "Grad", "LearningRate", "Moment1", "Moment2", "Moment2Max", "Beta1Pow",
               "Beta2Pow"]
ADAM_OUTPUTS = ["ParamOut=Param", "Moment1Out=Moment1", "Moment2Out=Moment2",
                "Moment2MaxOut=Moment2Max", "Beta1PowOut=Beta1Pow", "Beta2PowOut=Beta2Pow"]


def check_rates(beta1, beta2, epsilon):
    """Adam's argument checks (skipped for Tensors, read at each step)."""
    for name, v in (("beta1", beta1), ("beta2", beta2), ("epsilon", epsilon)):
        if v is None:
            raise ValueError(f"{name} is not set")
    if not isinstance(beta1, Tensor) and not 0 <= beta1 < 1:
        raise ValueError("Invalid value of beta1, expect beta1 in [0,1).")
    if not isinstance(beta2, Tensor) and not 0 <= beta2 < 1:
        raise ValueError("Invalid value of beta2, expect beta2 in [0,1).")
    if not isinstance(epsilon, Tensor) and not 0 <= epsilon:
        raise ValueError("Invalid value of epsilon, expect epsilon >= 0.")


def value(v):
    """A float from a float or a one-element Tensor."""
    return float(v.item()) if isinstance(v, Tensor) else float(v)


class AdamBase(Optimizer):
    """Moment1/Moment2 (and Moment2Max under amsgrad) shaped as the parameter,
    Beta1Pow/Beta2Pow of shape [1] starting at beta1/beta2."""

    _moment1_acc_str = "moment1"
    _moment2_acc_str = "moment2"
    _moment2_acc_max_str = "moment2_max"
    _beta1_pow_acc_str = "beta1_pow_acc"
    _beta2_pow_acc_str = "beta2_pow_acc"
    _amsgrad = False

    def _create_accumulators(self, parameters):
        for p in parameters:
            if p.name in self._already_create_accumulator:
                continue
            self._add_accumulator(self._moment1_acc_str, p)
            self._add_accumulator(self._moment2_acc_str, p)
            if self._amsgrad:
                self._add_accumulator(self._moment2_acc_max_str, p)
            self._add_accumulator(self._beta1_pow_acc_str, p, fill_value=value(self._beta1),
                                  shape=[1])
            self._add_accumulator(self._beta2_pow_acc_str, p, fill_value=value(self._beta2),
                                  shape=[1])
            self._already_create_accumulator.add(p.name)

    def _moments(self, param):
        """(moment1, moment2, moment2_max or None, beta1_pow, beta2_pow) of ``param``."""
        get = self._get_accumulator
        return (get(self._moment1_acc_str, param), get(self._moment2_acc_str, param),
                get(self._moment2_acc_max_str, param) if self._amsgrad else None,
                get(self._beta1_pow_acc_str, param), get(self._beta2_pow_acc_str, param))
