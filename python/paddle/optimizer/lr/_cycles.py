"""Schedules built of repeating or successive phases: OneCycleLR, CyclicLR and
CosineAnnealingWarmRestarts."""
from __future__ import annotations

import math
from typing import Callable, Literal

from ._base import LRScheduler


def _cos_anneal(start_lr, end_lr, pct):
    return end_lr + (start_lr - end_lr) / 2.0 * (math.cos(math.pi * pct) + 1)


def _linear_anneal(start_lr, end_lr, pct):
    return (end_lr - start_lr) * pct + start_lr


_ANNEALS = {"cos": _cos_anneal, "linear": _linear_anneal}


def _check_rate(name, value, tell_value=False):
    """OneCycleLR's and CyclicLR's check of a rate argument: a non-negative number
    (CyclicLR's message also tells the value)."""
    if not isinstance(value, (float, int)):
        raise TypeError(f"'{name}' must be 'float' or 'int', but received {type(value)}")
    if value < 0:
        tail = f", but received {value}" if tell_value else "."
        raise ValueError(f"'{name}' must be a positive integer{tail}")


def _check_step_count(name, value):
    """CyclicLR's check of a phase length: a positive int."""
    if not isinstance(value, int):
        raise TypeError(f"The type of '{name}' must be int, but received {type(value)}")
    if value <= 0:
        raise ValueError(f"'{name}' must be a positive integer, but received {value}")


class OneCycleLR(LRScheduler):
    """The one-cycle policy (*Super-Convergence*): the rate rises from
    ``max_learning_rate / divide_factor`` to ``max_learning_rate`` over the first
    ``phase_pct`` of ``total_steps``, then falls to ``end_learning_rate``.

    With ``three_phase`` it falls back to the initial rate over as many steps as
    it rose, and only then to ``end_learning_rate``. Each phase follows a half
    cosine (``'cos'``) or a straight line (``'linear'``). Step it once per batch;
    stepping past ``total_steps`` raises ValueError.

    Args:
        max_learning_rate (float|int): The peak rate; >= 0.
        total_steps (int): The steps of the whole cycle; a positive int.
        divide_factor (float|int, optional): The initial rate is the peak over it. Default: 25.0.
        end_learning_rate (float|int, optional): The final rate; >= 0. Default: 0.0001.
        phase_pct (float, optional): The share of the steps spent rising, in [0, 1]
            (below 0.5 with ``three_phase``). Default: 0.3.
        anneal_strategy (str, optional): ``'cos'`` or ``'linear'``. Default: ``'cos'``.
        three_phase (bool, optional): Use the three-phase cycle. Default: False.
        last_epoch (int, optional): The step before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import OneCycleLR
            >>> scheduler = OneCycleLR(max_learning_rate=1.0, total_steps=5, divide_factor=4,
            ...                        phase_pct=0.4, anneal_strategy="linear",
            ...                        end_learning_rate=0.0)
            >>> rates = [scheduler()]
            >>> for _ in range(4):
            ...     scheduler.step()
            ...     rates.append(scheduler())
            >>> rates
            [0.25, 1.0, 0.6666666666666667, 0.33333333333333337, 0.0]
    """

    total_steps: int

    def __init__(self, max_learning_rate: float, total_steps: int, divide_factor: float = 25.0,
                 end_learning_rate: float = 0.0001, phase_pct: float = 0.3,
                 anneal_strategy: Literal["cos", "linear"] = "cos", three_phase: bool = False,
                 last_epoch: int = -1, verbose: bool = False) -> None:
        _check_rate("max_learning_rate", max_learning_rate)
        _check_rate("end_learning_rate", end_learning_rate)
        if not isinstance(total_steps, int):
            raise TypeError(f"'total_step' must be 'int', but received {type(total_steps)}")
        if total_steps <= 0:
            raise ValueError("'total_step' must be a positive integer.")
        self.total_steps = total_steps
        if not isinstance(phase_pct, float):
            raise TypeError(f"'phase_pct' must be 'float', but received {type(phase_pct)}")
        if phase_pct < 0 or phase_pct > 1:
            raise ValueError(f"'phase_pct' must be between 0 and 1, but received {phase_pct}")
        if not isinstance(divide_factor, (float, int)):
            raise TypeError(
                f"'divide_factor' must be 'float' or 'int', but received {type(divide_factor)}")

        initial_lr = max_learning_rate / float(divide_factor)
        min_lr = float(end_learning_rate)
        peak_step = phase_pct * total_steps - 1
        last_step = total_steps - 1
        if three_phase:
            if phase_pct >= 0.5:
                raise ValueError("When three_phase is True, 'phase_pct' must be less than 0.5")
            back_step = 2 * phase_pct * total_steps - 2
            # (first step, last step, rate at the first, rate at the last) of each phase.
            self._phases = [(0, peak_step, initial_lr, max_learning_rate),
                            (peak_step, back_step, max_learning_rate, initial_lr),
                            (back_step, last_step, initial_lr, min_lr)]
        else:
            self._phases = [(0, peak_step, initial_lr, max_learning_rate),
                            (peak_step, last_step, max_learning_rate, min_lr)]
        if anneal_strategy not in _ANNEALS:
            raise ValueError("'anneal_strategy' must by one of 'cos' or 'linear', "
                             f"but received {anneal_strategy}")
        self._anneal = _ANNEALS[anneal_strategy]
        super().__init__(initial_lr, last_epoch, verbose)

    def get_lr(self) -> float:
        step = self.last_epoch
        if step > self.total_steps:
            raise ValueError(f"Tried to step {step} times. However the number of total steps "
                             f"is {self.total_steps}")
        final = len(self._phases) - 1
        for index, (first, last, start_lr, end_lr) in enumerate(self._phases):
            # The last phase also takes the final step (total_steps) past its end.
            if step <= last or index == final:
                return self._anneal(start_lr, end_lr, (step - first) / (last - first))


class CyclicLR(LRScheduler):
    """The cyclical learning rate (*Cyclic Learning Rates for Training Neural
    Networks*): the rate climbs from ``base_learning_rate`` towards
    ``max_learning_rate`` in ``step_size_up`` steps and back in ``step_size_down``,
    the climb's height scaled by a function of the cycle number (``scale_mode='cycle'``,
    counting from 1) or of the step (``'iterations'``):

    - ``'triangular'``: 1 (every cycle the full height);
    - ``'triangular2'``: ``1 / 2 ** (cycle - 1)`` (halved every cycle);
    - ``'exp_range'``: ``exp_gamma ** step``;
    - or ``scale_fn`` when given (``mode`` is then ignored).

    Args:
        base_learning_rate (float): The bottom of the cycle.
        max_learning_rate (float|int): The top of the cycle; >= 0.
        step_size_up (int): Steps of the climb; a positive int.
        step_size_down (int|None, optional): Steps of the descent; a positive int.
            Default: None, the same as ``step_size_up``.
        mode (str, optional): ``'triangular'``, ``'triangular2'`` or ``'exp_range'``.
            Default: ``'triangular'``.
        exp_gamma (float, optional): The base of ``'exp_range'``. Default: 1.0.
        scale_fn (callable|None, optional): A custom scale of one argument. Default: None.
        scale_mode (str, optional): What ``scale_fn`` takes: ``'cycle'`` or
            ``'iterations'``. Default: ``'cycle'``.
        last_epoch (int, optional): The step before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import CyclicLR
            >>> scheduler = CyclicLR(base_learning_rate=0.0, max_learning_rate=1.0,
            ...                      step_size_up=2)
            >>> rates = [scheduler()]
            >>> for _ in range(4):
            ...     scheduler.step()
            ...     rates.append(scheduler())
            >>> rates
            [0.0, 0.5, 1.0, 0.5, 0.0]
    """

    cycle_size: float
    step_up_pct: float
    max_lr: float
    amplitude: float
    mode: Literal["triangular", "triangular2", "exp_range"]
    gamma: float
    scale_fn: Callable[[float], float]
    scale_mode: Literal["cycle", "iterations"]

    def __init__(self, base_learning_rate: float, max_learning_rate: float, step_size_up: int,
                 step_size_down: int | None = None,
                 mode: Literal["triangular", "triangular2", "exp_range"] = "triangular",
                 exp_gamma: float = 1.0, scale_fn: Callable[[float], float] | None = None,
                 scale_mode: Literal["cycle", "iterations"] = "cycle", last_epoch: int = -1,
                 verbose: bool = False) -> None:
        _check_rate("max_learning_rate", max_learning_rate, tell_value=True)
        _check_step_count("step_size_up", step_size_up)
        if step_size_down is not None:
            _check_step_count("step_size_down", step_size_down)
        if not isinstance(exp_gamma, float):
            raise TypeError(
                f"The type of 'exp_gamma' must be float, but received {type(exp_gamma)}")

        up = float(step_size_up)
        down = float(step_size_down) if step_size_down is not None else up
        self.cycle_size = up + down
        self.step_up_pct = up / self.cycle_size
        self.max_lr = float(max_learning_rate)
        self.amplitude = self.max_lr - base_learning_rate

        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError("'mode' is invalid and 'scale_fn' is not specified, make sure one "
                             "of 'mode' or 'scale_fn' is valid")
        if scale_mode not in ("cycle", "iterations"):
            raise ValueError("'scale_mode' must be one of 'cycle' or 'iterations")
        self.mode = mode
        self.gamma = exp_gamma  # only 'exp_range' uses it
        if scale_fn is not None:
            self.scale_fn, self.scale_mode = scale_fn, scale_mode
        elif mode == "triangular":
            self.scale_fn, self.scale_mode = self._triangular_scale, "cycle"
        elif mode == "triangular2":
            self.scale_fn, self.scale_mode = self._halving_scale, "cycle"
        else:
            self.scale_fn, self.scale_mode = self._exp_range_scale, "iterations"
        super().__init__(base_learning_rate, last_epoch, verbose)

    @staticmethod
    def _triangular_scale(x):
        return 1.0

    @staticmethod
    def _halving_scale(x):
        return 1 / (2.0 ** (x - 1))

    def _exp_range_scale(self, x):
        return self.gamma ** x

    def get_lr(self) -> float:
        iterations = self.last_epoch
        cycle = 1 + iterations // self.cycle_size
        pct_of_cycle = 1.0 + iterations / self.cycle_size - cycle
        if pct_of_cycle <= self.step_up_pct:
            height = pct_of_cycle / self.step_up_pct
        else:
            height = (1 - pct_of_cycle) / (1 - self.step_up_pct)
        scale = self.scale_fn(cycle if self.scale_mode == "cycle" else iterations)
        return self.base_lr + self.amplitude * height * scale


class CosineAnnealingWarmRestarts(LRScheduler):
    r"""Cosine annealing with warm restarts (SGDR): within a period of
    :math:`T_i` epochs

    .. math::

        lr = eta\_min + \frac{1}{2}(learning\_rate - eta\_min)
             \left(1 + \cos\left(\frac{T_{cur}}{T_i}\pi\right)\right)

    where :math:`T_{cur}` counts the epochs since the last restart; the first
    period is ``T_0`` epochs and each next one ``T_mult`` times longer.

    As in PaddlePaddle, ``state_dict()`` holds only ``last_epoch`` and ``last_lr``,
    not the position in the period; ``step(epoch)`` recomputes it from ``epoch``.

    Args:
        learning_rate (float): The rate at each restart.
        T_0 (int): The epochs of the first period; a positive int.
        T_mult (int, optional): The growth of each next period; an int >= 1. Default: 1.
        eta_min (float, optional): The smallest rate. Default: 0.
        last_epoch (int, optional): The epoch before the first one. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import CosineAnnealingWarmRestarts
            >>> scheduler = CosineAnnealingWarmRestarts(learning_rate=1.0, T_0=2)
            >>> rates = [scheduler()]
            >>> for _ in range(3):
            ...     scheduler.step()
            ...     rates.append(round(scheduler(), 6))
            >>> rates
            [1.0, 0.5, 1.0, 0.5]
    """

    T_0: int
    T_i: int
    T_mult: int
    eta_min: float
    T_cur: int

    def __init__(self, learning_rate: float, T_0: int, T_mult: int = 1, eta_min: float = 0,
                 last_epoch: int = -1, verbose: bool = False):
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f"Expected positive integer T_0, but got {T_0}")
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(f"Expected integer T_mult >= 1, but got {T_mult}")
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = last_epoch
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        cosine = 1 + math.cos(math.pi * self.T_cur / self.T_i)
        return self.eta_min + (self.base_lr - self.eta_min) * cosine / 2

    def step(self, epoch: int | None = None) -> None:
        """Moves to the next epoch, or to ``epoch``, restarting the cosine at the
        end of each period.

        Args:
            epoch (int|None, optional): The epoch to move to; >= 0. Default: None, the next one.

        Raises:
            ValueError: ``epoch`` is negative.

        Examples:
            .. code-block:: pycon

                >>> from paddle.optimizer.lr import CosineAnnealingWarmRestarts
                >>> scheduler = CosineAnnealingWarmRestarts(learning_rate=1.0, T_0=2, T_mult=2)
                >>> scheduler.step(3)
                >>> scheduler.T_cur, scheduler.T_i, round(scheduler(), 6)
                (1.0, 4, 0.853553)
        """
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur - self.T_i
                self.T_i = self.T_i * self.T_mult
        else:
            self._seek(epoch)
        self.last_epoch = math.floor(epoch)
        self.last_lr = self.get_lr()
        self._announce()

    def _seek(self, epoch):
        """Sets the period (T_i) and the position in it (T_cur) of ``epoch``."""
        if epoch < 0:
            raise ValueError(f"Expected non-negative epoch, but got {epoch}")
        if epoch < self.T_0:
            self.T_i, self.T_cur = self.T_0, epoch
        elif self.T_mult == 1:
            self.T_cur = epoch % self.T_0
        else:
            # Periods T_0 * T_mult**k end at T_0 * (T_mult**(n) - 1) / (T_mult - 1).
            n = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
            self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
            self.T_i = self.T_0 * self.T_mult ** n
