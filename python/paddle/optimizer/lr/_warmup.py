"""LinearWarmup: a linear ramp in front of a constant rate or another scheduler."""
from __future__ import annotations

from ._base import LRScheduler, expect


class LinearWarmup(LRScheduler):
    r"""Raises the rate linearly from ``start_lr`` to ``end_lr`` over
    ``warmup_steps`` epochs, then hands over to ``learning_rate``:

    .. math::

        lr = start\_lr + (end\_lr - start\_lr) \cdot \frac{epoch}{warmup\_steps}
        \quad (epoch < warmup\_steps)

    From epoch ``warmup_steps`` on the rate is ``learning_rate`` itself, or when it
    is a scheduler, that scheduler's rate at ``epoch - warmup_steps``.

    Args:
        learning_rate (float|int|LRScheduler): The rate, or schedule, after the warm-up.
        warmup_steps (int): The epochs of the warm-up; a positive integer.
        start_lr (float): The first rate of the warm-up.
        end_lr (float): The rate the warm-up ends on; must be > ``start_lr``.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import LinearWarmup, StepDecay
            >>> scheduler = LinearWarmup(StepDecay(0.5, step_size=2), warmup_steps=2,
            ...                          start_lr=0.0, end_lr=0.5)
            >>> rates = []
            >>> for _ in range(5):
            ...     rates.append(round(scheduler(), 6))
            ...     scheduler.step()
            >>> rates
            [0.0, 0.25, 0.5, 0.5, 0.05]
    """

    learning_rate: float | LRScheduler
    warmup_steps: int
    start_lr: float
    end_lr: float

    def __init__(self, learning_rate: float | LRScheduler, warmup_steps: int,
                 start_lr: float, end_lr: float, last_epoch: int = -1, verbose: bool = False):
        if not isinstance(learning_rate, (float, int, LRScheduler)):
            raise TypeError("the type of learning_rate should be [int, float or LRScheduler], "
                            f"the current type is {learning_rate}")
        self.learning_rate = learning_rate
        expect(warmup_steps > 0 and isinstance(warmup_steps, int),
               " 'warmup_steps' must be a positive integer.")
        self.warmup_steps = warmup_steps
        self.start_lr = start_lr
        self.end_lr = end_lr
        expect(end_lr > start_lr, f"end_lr {end_lr} must be greater than start_lr {start_lr}")
        super().__init__(start_lr, last_epoch, verbose)

    def state_dict(self) -> dict:
        """The state of the warm-up, and under ``"LinearWarmup_LR"`` the state of
        the scheduler after it (when ``learning_rate`` is one).

        Examples:
            .. code-block:: pycon

                >>> from paddle.optimizer.lr import LinearWarmup, StepDecay
                >>> scheduler = LinearWarmup(StepDecay(0.5, step_size=2), 2, 0.0, 0.5)
                >>> sorted(scheduler.state_dict())
                ['LinearWarmup_LR', 'last_epoch', 'last_lr']
        """
        state = super().state_dict()
        if isinstance(self.learning_rate, LRScheduler):
            state["LinearWarmup_LR"] = self.learning_rate.state_dict()
        return state

    def set_state_dict(self, state_dict: dict) -> None:
        """Loads a state that ``state_dict()`` returned, the inner scheduler's too.

        Like PaddlePaddle, it warns about the ``"LinearWarmup_LR"`` entry as an
        unused value while loading the outer state.

        Examples:
            .. code-block:: pycon

                >>> from paddle.optimizer.lr import LinearWarmup
                >>> scheduler = LinearWarmup(0.5, warmup_steps=2, start_lr=0.0, end_lr=0.5)
                >>> scheduler.set_state_dict({"last_epoch": 1, "last_lr": 0.25})
                >>> scheduler.step()
                >>> scheduler()
                0.5
        """
        super().set_state_dict(state_dict)
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.set_state_dict(state_dict["LinearWarmup_LR"])

    def get_lr(self) -> float:
        if self.last_epoch < self.warmup_steps:
            rise = self.end_lr - self.start_lr
            return rise * float(self.last_epoch) / float(self.warmup_steps) + self.start_lr
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.step(self.last_epoch - self.warmup_steps)
            return self.learning_rate()
        return self.learning_rate
