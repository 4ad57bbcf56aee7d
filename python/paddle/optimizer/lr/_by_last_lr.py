"""Schedules whose next rate is computed from the last one, as PaddlePaddle steps them:
stepping one epoch at a time follows the curve; a jump (``step(epoch)``) uses
the closed form where there is one (CosineAnnealingDecay) and otherwise applies
one recursive update from wherever the rate was."""
from __future__ import annotations

import math
from typing import Callable

from ._base import LRScheduler, expect


class CosineAnnealingDecay(LRScheduler):
    r"""Cosine annealing (SGDR without restarts) between ``learning_rate`` and ``eta_min``:

    .. math::

        lr = eta\_min + \frac{1}{2}(learning\_rate - eta\_min)
             \left(1 + \cos\left(\frac{epoch}{T\_max}\pi\right)\right)

    Stepping updates the rate recursively from the last one, so the curve goes
    back up after ``T_max`` epochs; ``step(epoch)`` uses the formula above.

    Args:
        learning_rate (float): The initial (largest) rate.
        T_max (int): Half the period of the cosine; a positive integer.
        eta_min (float|int, optional): The smallest rate. Default: 0.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import CosineAnnealingDecay
            >>> scheduler = CosineAnnealingDecay(learning_rate=1.0, T_max=2)
            >>> scheduler.step()
            >>> round(scheduler(), 6)
            0.5
    """

    T_max: int
    eta_min: float

    def __init__(self, learning_rate: float, T_max: int, eta_min: float = 0,
                 last_epoch: int = -1, verbose: bool = False) -> None:
        if not isinstance(T_max, int):
            raise TypeError("The type of 'T_max' in 'CosineAnnealingDecay' must be 'int', "
                            f"but received {type(T_max)}.")
        if not isinstance(eta_min, (float, int)):
            raise TypeError("The type of 'eta_min' in 'CosineAnnealingDecay' must be "
                            f"'float, int', but received {type(eta_min)}.")
        expect(T_max > 0, " 'T_max' must be a positive integer.")
        self.T_max = T_max
        self.eta_min = float(eta_min)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        epoch, period = self.last_epoch, self.T_max
        if epoch == 0:
            return self.base_lr
        if (epoch - 1 - period) % (2 * period) == 0:
            # The step out of the trough, where the ratio below would divide by zero.
            rise = (self.base_lr - self.eta_min) * (1 - math.cos(math.pi / period)) / 2
            return self.last_lr + rise
        ratio = ((1 + math.cos(math.pi * epoch / period))
                 / (1 + math.cos(math.pi * (epoch - 1) / period)))
        return ratio * (self.last_lr - self.eta_min) + self.eta_min

    def _get_closed_form_lr(self):
        cosine = 1 + math.cos(math.pi * self.last_epoch / self.T_max)
        return self.eta_min + (self.base_lr - self.eta_min) * cosine / 2


class MultiplicativeDecay(LRScheduler):
    r"""Multiplies the rate by ``lr_lambda(epoch)`` at each epoch:
    :math:`lr = learning\_rate \cdot \prod_{e=1}^{epoch} lr\_lambda(e)`.

    Args:
        learning_rate (float): The initial rate.
        lr_lambda (callable): Takes the epoch, returns that epoch's factor.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import MultiplicativeDecay
            >>> scheduler = MultiplicativeDecay(learning_rate=1.0, lr_lambda=lambda epoch: 0.5)
            >>> scheduler.step(2)
            >>> scheduler()
            0.25
    """

    lr_lambda: Callable[[int], float]

    def __init__(self, learning_rate: float, lr_lambda: Callable[[int], float],
                 last_epoch: int = -1, verbose: bool = False) -> None:
        if not callable(lr_lambda):
            raise TypeError("The type of 'lr_lambda' in 'MultiplicativeDecay' must be "
                            f"'function', but received {type(lr_lambda)}.")
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        rate = self.base_lr
        for epoch in range(1, self.last_epoch + 1):
            rate = rate * self.lr_lambda(epoch)
        return rate


class LinearLR(LRScheduler):
    r"""Moves the rate linearly from ``start_factor * learning_rate`` to
    ``end_factor * learning_rate`` over ``total_steps`` epochs, then keeps it.

    Args:
        learning_rate (float): The rate the factors scale.
        total_steps (int): The epochs of the change; must be > 0.
        start_factor (float, optional): The first factor, in (0, 1]. Default: 1/3.
        end_factor (float, optional): The last factor, in [0, 1]. Default: 1.0.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import LinearLR
            >>> scheduler = LinearLR(learning_rate=1.0, total_steps=2, start_factor=0.5)
            >>> rates = []
            >>> for _ in range(3):
            ...     rates.append(scheduler())
            ...     scheduler.step()
            >>> rates
            [0.5, 0.75, 1.0]
    """

    start_factor: float
    end_factor: float
    total_steps: int

    def __init__(self, learning_rate: float, total_steps: int, start_factor: float = 1.0 / 3,
                 end_factor: float = 1.0, last_epoch: int = -1, verbose: bool = False) -> None:
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("`start_factor` must be greater than 0 and less or equal to 1, "
                             f"but got {start_factor}")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError(
                f"`end_factor` must be greater than 0 and less than 1, but got {end_factor}")
        if total_steps <= 0:
            raise ValueError(f"`total_steps` must be greater than 0, but got {total_steps}")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_steps = total_steps
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        if self.last_epoch == 0:
            return self.base_lr * self.start_factor
        if self.last_epoch > self.total_steps:
            return self.last_lr
        # The factor's change per step over the factor reached at the previous epoch.
        change = self.end_factor - self.start_factor
        previous = self.total_steps * self.start_factor + (self.last_epoch - 1) * change
        return self.last_lr * (1.0 + change / previous)
