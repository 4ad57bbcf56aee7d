"""paddle.optimizer.lr: learning-rate schedulers, PaddlePaddle's ``paddle.optimizer.lr``.

A scheduler is passed to an optimizer as its ``learning_rate`` and stepped once
per epoch (or per batch); calling it returns the current rate. ``LRScheduler``
is the base to subclass for a schedule of one's own.

Examples:
    .. code-block:: pycon

        >>> from paddle.optimizer.lr import StepDecay
        >>> scheduler = StepDecay(learning_rate=0.5, step_size=2, gamma=0.1)
        >>> rates = []
        >>> for epoch in range(5):
        ...     rates.append(round(scheduler(), 6))
        ...     scheduler.step()
        >>> rates
        [0.5, 0.5, 0.05, 0.05, 0.005]
"""
from ._base import LRScheduler
from ._by_epoch import (ExponentialDecay, InverseTimeDecay, LambdaDecay, MultiStepDecay,
                        NaturalExpDecay, NoamDecay, PiecewiseDecay, PolynomialDecay, StepDecay)
from ._by_last_lr import CosineAnnealingDecay, LinearLR, MultiplicativeDecay
from ._cycles import CosineAnnealingWarmRestarts, CyclicLR, OneCycleLR
from ._plateau import ReduceOnPlateau
from ._warmup import LinearWarmup

__all__ = [
    "LRScheduler",
    "NoamDecay",
    "PiecewiseDecay",
    "NaturalExpDecay",
    "InverseTimeDecay",
    "PolynomialDecay",
    "LinearWarmup",
    "ExponentialDecay",
    "MultiStepDecay",
    "StepDecay",
    "LambdaDecay",
    "ReduceOnPlateau",
    "CosineAnnealingDecay",
    "MultiplicativeDecay",
    "OneCycleLR",
    "CyclicLR",
    "LinearLR",
    "CosineAnnealingWarmRestarts",
]

# The classes live in private modules; they are paddle.optimizer.lr's (as in
# PaddlePaddle), so pickles and reprs name this module.
for _name in __all__:
    globals()[_name].__module__ = __name__
del _name
