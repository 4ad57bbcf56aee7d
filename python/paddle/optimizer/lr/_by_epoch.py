"""Schedules whose rate is a formula of the epoch alone (no memory of earlier rates)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

from ._base import LRScheduler, expect

if TYPE_CHECKING:
    from collections.abc import Sequence


class NoamDecay(LRScheduler):
    r"""Noam decay, the warm-up then inverse-square-root schedule of the Transformer
    (*Attention Is All You Need*):

    .. math::

        lr = learning\_rate \cdot d_{model}^{-0.5} \cdot
             \min(epoch^{-0.5},\ epoch \cdot warmup\_steps^{-1.5})

    (at epoch 0 the first term is taken as 1).

    Args:
        d_model (int): The model's hidden size; must be > 0.
        warmup_steps (int): The epochs over which the rate rises.
        learning_rate (float, optional): A factor on the whole schedule. Default: 1.0.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import NoamDecay
            >>> scheduler = NoamDecay(d_model=16, warmup_steps=4)
            >>> scheduler.step()
            >>> scheduler()
            0.03125
    """

    d_model: int
    warmup_steps: int

    def __init__(self, d_model: int, warmup_steps: int, learning_rate: float = 1.0,
                 last_epoch: int = -1, verbose: bool = False) -> None:
        if d_model <= 0:
            raise ValueError("d_model should be grater than 0")
        self.d_model = d_model
        self.warmup_steps = warmup_steps
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        decay = 1 if self.last_epoch == 0 else self.last_epoch ** -0.5
        warmup = self.warmup_steps ** -1.5 * self.last_epoch
        return self.base_lr * (self.d_model ** -0.5) * min(decay, warmup)


class PiecewiseDecay(LRScheduler):
    """A constant rate per interval of epochs: ``values[i]`` before
    ``boundaries[i]``, the last value from the last boundary on.

    Args:
        boundaries (list[int]): The epochs where the rate changes, ascending; not empty.
        values (list[float]): The rates, one more than ``boundaries``.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import PiecewiseDecay
            >>> scheduler = PiecewiseDecay(boundaries=[2], values=[1.0, 0.5])
            >>> rates = []
            >>> for _ in range(3):
            ...     rates.append(scheduler())
            ...     scheduler.step()
            >>> rates
            [1.0, 1.0, 0.5]
    """

    values: Sequence[float]

    def __init__(self, boundaries: Sequence[int], values: Sequence[float],
                 last_epoch: int = -1, verbose: bool = False) -> None:
        if len(boundaries) == 0:
            raise ValueError("The boundaries cannot be empty.")
        if len(values) <= len(boundaries):
            raise ValueError(
                "The values have one more element than boundaries, but received "
                f"len(values) [{len(values)}] < len(boundaries) + 1 [{len(boundaries) + 1}].")
        self.boundaries = boundaries
        self.values = values
        super().__init__(last_epoch=last_epoch, verbose=verbose)

    def get_lr(self) -> float:
        for boundary, value in zip(self.boundaries, self.values):
            if self.last_epoch < boundary:
                return value
        return self.values[-1]


class NaturalExpDecay(LRScheduler):
    r"""Exponential decay in base e: :math:`lr = learning\_rate \cdot e^{-gamma \cdot epoch}`.

    Args:
        learning_rate (float): The initial rate.
        gamma (float): The decay rate; must be > 0.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import NaturalExpDecay
            >>> scheduler = NaturalExpDecay(learning_rate=1.0, gamma=0.5)
            >>> scheduler.step(2)
            >>> round(scheduler(), 6)
            0.367879
    """

    gamma: float

    def __init__(self, learning_rate: float, gamma: float, last_epoch: int = -1,
                 verbose: bool = False) -> None:
        expect(gamma > 0.0,
               " 'gamma' must be a positive number so that the learning rate will decay.")
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * math.exp(-1 * self.gamma * self.last_epoch)


class InverseTimeDecay(LRScheduler):
    r"""Inverse time decay: :math:`lr = \frac{learning\_rate}{1 + gamma \cdot epoch}`.

    Args:
        learning_rate (float): The initial rate.
        gamma (float): The decay rate.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import InverseTimeDecay
            >>> scheduler = InverseTimeDecay(learning_rate=1.0, gamma=1.0)
            >>> scheduler.step(3)
            >>> scheduler()
            0.25
    """

    gamma: float

    def __init__(self, learning_rate: float, gamma: float, last_epoch: int = -1,
                 verbose: bool = False) -> None:
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr / (1 + self.gamma * self.last_epoch)


class PolynomialDecay(LRScheduler):
    r"""Polynomial decay from ``learning_rate`` to ``end_lr`` over ``decay_steps`` epochs:

    .. math::

        lr = (learning\_rate - end\_lr) \cdot
             \left(1 - \frac{epoch}{decay\_steps}\right)^{power} + end\_lr

    Without ``cycle`` the epoch stops at ``decay_steps`` (the rate stays ``end_lr``);
    with it ``decay_steps`` grows to the next multiple of itself at or above the epoch.

    Args:
        learning_rate (float): The initial rate.
        decay_steps (int): The epochs of one decay; a positive integer.
        end_lr (float, optional): The final rate. Default: 0.0001.
        power (float, optional): The polynomial's power; must be > 0. Default: 1.0.
        cycle (bool, optional): Restart the decay after ``decay_steps``. Default: False.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import PolynomialDecay
            >>> scheduler = PolynomialDecay(learning_rate=1.0, decay_steps=4, end_lr=0.0)
            >>> scheduler.step(3)
            >>> scheduler()
            0.25
    """

    decay_steps: int
    end_lr: float
    power: float
    cycle: bool

    def __init__(self, learning_rate: float, decay_steps: int, end_lr: float = 0.0001,
                 power: float = 1.0, cycle: bool = False, last_epoch: int = -1,
                 verbose: bool = False):
        expect(decay_steps > 0 and isinstance(decay_steps, int),
               " 'decay_steps' must be a positive integer.")
        self.decay_steps = decay_steps
        self.end_lr = end_lr
        expect(power > 0.0,
               " 'power' must be greater than 0.0 so that the learning rate will decay.")
        self.power = power
        self.cycle = cycle
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        epoch, span = self.last_epoch, self.decay_steps
        if self.cycle:
            periods = 1 if epoch == 0 else math.ceil(float(epoch) / float(span))
            span = self.decay_steps * periods
        else:
            epoch = min(epoch, span)
        fraction_left = 1 - float(epoch) / float(span)
        return (self.base_lr - self.end_lr) * (fraction_left ** self.power) + self.end_lr


class ExponentialDecay(LRScheduler):
    r"""Exponential decay: :math:`lr = learning\_rate \cdot gamma^{epoch}`.

    Args:
        learning_rate (float): The initial rate.
        gamma (float): The factor per epoch, in (0, 1).
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import ExponentialDecay
            >>> scheduler = ExponentialDecay(learning_rate=1.0, gamma=0.5)
            >>> scheduler.step()
            >>> scheduler()
            0.5
    """

    gamma: float

    def __init__(self, learning_rate: float, gamma: float, last_epoch: int = -1,
                 verbose: bool = False) -> None:
        expect(0.0 < gamma < 1.0,
               " 'gamma' must be in interval (0.0, 1.0) so that the learning rate will decay.")
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * (self.gamma ** self.last_epoch)


class MultiStepDecay(LRScheduler):
    r"""Multiplies the rate by ``gamma`` at each milestone:
    :math:`lr = learning\_rate \cdot gamma^{k}`, k the milestones at or before the epoch.

    Args:
        learning_rate (float): The initial rate.
        milestones (list|tuple): The epochs of the decays, strictly ascending.
        gamma (float, optional): The factor at each milestone; must be < 1. Default: 0.1.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import MultiStepDecay
            >>> scheduler = MultiStepDecay(learning_rate=1.0, milestones=[2, 5], gamma=0.5)
            >>> scheduler.step(5)
            >>> scheduler()
            0.25
    """

    milestones: Sequence[int]
    gamma: float

    def __init__(self, learning_rate: float, milestones: Sequence[int], gamma: float = 0.1,
                 last_epoch: int = -1, verbose: bool = False):
        if not isinstance(milestones, (tuple, list)):
            raise TypeError("The type of 'milestones' in 'MultiStepDecay' must be 'tuple, list', "
                            f"but received {type(milestones)}.")
        if any(a >= b for a, b in zip(milestones, milestones[1:])):
            raise ValueError("The elements of milestones must be incremented")
        if gamma >= 1.0:
            raise ValueError("gamma should be < 1.0.")
        self.milestones = milestones
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        passed = sum(1 for milestone in self.milestones if self.last_epoch >= milestone)
        return self.base_lr * (self.gamma ** passed)


class StepDecay(LRScheduler):
    r"""Multiplies the rate by ``gamma`` every ``step_size`` epochs:
    :math:`lr = learning\_rate \cdot gamma^{\lfloor epoch / step\_size \rfloor}`.

    Args:
        learning_rate (float): The initial rate.
        step_size (int): The epochs between decays; a positive integer.
        gamma (float, optional): The factor of each decay; must be < 1. Default: 0.1.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import StepDecay
            >>> scheduler = StepDecay(learning_rate=1.0, step_size=3, gamma=0.5)
            >>> scheduler.step(6)
            >>> scheduler()
            0.25
    """

    step_size: int
    gamma: float

    def __init__(self, learning_rate: float, step_size: int, gamma: float = 0.1,
                 last_epoch: int = -1, verbose: bool = False) -> None:
        if not isinstance(step_size, int):
            raise TypeError(
                f"The type of 'step_size' must be 'int', but received {type(step_size)}.")
        if gamma >= 1.0:
            raise ValueError("gamma should be < 1.0.")
        expect(step_size > 0, " 'step_size' must be a positive integer.")
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * (self.gamma ** (self.last_epoch // self.step_size))


class LambdaDecay(LRScheduler):
    r"""The initial rate times a function of the epoch:
    :math:`lr = learning\_rate \cdot lr\_lambda(epoch)`.

    Args:
        learning_rate (float): The initial rate.
        lr_lambda (callable): Takes the epoch, returns the factor.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import LambdaDecay
            >>> scheduler = LambdaDecay(learning_rate=1.0, lr_lambda=lambda epoch: 1 / (epoch + 1))
            >>> scheduler.step(3)
            >>> scheduler()
            0.25
    """

    lr_lambda: Callable[[int], float]

    def __init__(self, learning_rate: float, lr_lambda: Callable[[int], float],
                 last_epoch: int = -1, verbose: bool = False):
        if not callable(lr_lambda):
            raise TypeError("The type of 'lr_lambda' in 'LambdaDecay' must be 'function', "
                            f"but received {type(lr_lambda)}.")
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * self.lr_lambda(self.last_epoch)
