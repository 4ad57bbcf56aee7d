"""What Adam, AdamW, Lamb and their variants share: the checked betas and epsilon (floats or
one-element Tensors, read at each step) and the moment and beta-power
accumulators, named as PaddlePaddle names them."""
from ..tensor._helpers import Tensor

__all__ = []

# The accumulator names (PaddlePaddle's).
MOMENT1, MOMENT2, MOMENT2_MAX = "moment1", "moment2", "moment2_max"
BETA1_POW, BETA2_POW = "beta1_pow_acc", "beta2_pow_acc"

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


def check_value(name, v, ok, expect):
    """NAdam's and RAdam's check: ValueError("Invalid {name}: {v}, expect {expect}.")
    unless ok(v) (Tensors are read at each step, unchecked)."""
    if not isinstance(v, Tensor) and not ok(v):
        raise ValueError(f"Invalid {name}: {v}, expect {expect}.")


def value(v):
    """A float from a float or a one-element Tensor."""
    return float(v.item()) if isinstance(v, Tensor) else float(v)


def create_moments(opt, parameters, amsgrad):
    """Moment1/Moment2 (and Moment2Max under amsgrad) shaped as each new
    parameter, Beta1Pow/Beta2Pow of shape [1] starting at opt's beta1/beta2."""
    for p in parameters:
        if p.name in opt._already_create_accumulator:
            continue
        opt._add_accumulator(MOMENT1, p)
        opt._add_accumulator(MOMENT2, p)
        if amsgrad:
            opt._add_accumulator(MOMENT2_MAX, p)
        opt._add_accumulator(BETA1_POW, p, fill_value=value(opt._beta1), shape=[1])
        opt._add_accumulator(BETA2_POW, p, fill_value=value(opt._beta2), shape=[1])
        opt._already_create_accumulator.add(p.name)


def moments(opt, param, amsgrad):
    """(moment1, moment2, moment2_max or None, beta1_pow, beta2_pow) of ``param``."""
    get = opt._get_accumulator
    return (get(MOMENT1, param), get(MOMENT2, param),
            get(MOMENT2_MAX, param) if amsgrad else None,
            get(BETA1_POW, param), get(BETA2_POW, param))
