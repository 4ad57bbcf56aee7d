"""ReduceOnPlateau: lowers the rate when a watched metric stops improving."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import numpy

from ._base import LRScheduler, is_tensor_like, one_element

if TYPE_CHECKING:
    from paddle import Tensor

_METRIC_SIZE = ("the size of metrics must be 1, but the current metrics.size is {size}. "
                "Maybe that you should call paddle.mean to process it first.")


def _checked_metric(metrics):
    """The metric to compare, as PaddlePaddle keeps it: a number, numpy float or
    one-element array or tensor as given; another numpy scalar or object with
    .item() as its Python number."""
    if isinstance(metrics, numpy.ndarray):
        if metrics.size != 1:
            raise AssertionError(_METRIC_SIZE.format(size=metrics.size))
        return metrics
    if is_tensor_like(metrics):
        one_element(metrics, _METRIC_SIZE)
        return metrics
    if not isinstance(metrics, (int, float, numpy.float32, numpy.float64)) and callable(
            getattr(metrics, "item", None)):
        metrics = metrics.item()
    if not isinstance(metrics, (int, float, numpy.float32, numpy.float64)):
        raise TypeError("metrics must be 'int', 'float', 'np.float64', 'numpy.ndarray' or "
                        f"'paddle.Tensor', but receive {type(metrics)}")
    return metrics


def _comparable(value):
    """A tensor as its numpy array, so float32 metrics compare in float32 as they
    do in PaddlePaddle's tensor arithmetic."""
    return value.numpy() if is_tensor_like(value) else value


class ReduceOnPlateau(LRScheduler):
    """Multiplies the rate by ``factor`` when the metric passed to ``step`` has not
    improved for more than ``patience`` epochs, then waits ``cooldown`` epochs
    before watching again.

    In ``'min'`` mode a metric improves on the best one so far when it is below
    ``best * (1 - threshold)`` (``threshold_mode='rel'``) or ``best - threshold``
    (``'abs'``); ``'max'`` mode mirrors that. The rate never goes below ``min_lr``,
    and a reduction smaller than ``epsilon`` is skipped.

    Args:
        learning_rate (float|int): The initial rate.
        mode (str, optional): ``'min'`` or ``'max'`` (any case). Default: ``'min'``.
        factor (float, optional): The factor of a reduction; must be < 1. Default: 0.1.
        patience (int, optional): The epochs without improvement that are tolerated. Default: 10.
        threshold (float, optional): How much better counts as improvement. Default: 1e-4.
        threshold_mode (str, optional): ``'rel'`` or ``'abs'`` (any case). Default: ``'rel'``.
        cooldown (int, optional): The epochs after a reduction before counting again. Default: 0.
        min_lr (float, optional): The smallest rate. Default: 0.
        epsilon (float, optional): The smallest reduction applied. Default: 1e-8.
        verbose (bool, optional): Print the new rate when it is reduced. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import ReduceOnPlateau
            >>> scheduler = ReduceOnPlateau(learning_rate=1.0, patience=1, factor=0.5)
            >>> for loss in [3.0, 2.0, 2.0, 2.0]:
            ...     scheduler.step(loss)
            >>> scheduler()
            0.5
    """

    mode: Literal["min", "max"]
    factor: float
    patience: int
    threshold: float
    threshold_mode: Literal["rel", "abs"]
    cooldown: int
    min_lr: float
    epsilon: float

    def __init__(self, learning_rate: float, mode: Literal["min", "max"] = "min",
                 factor: float = 0.1, patience: int = 10, threshold: float = 1e-4,
                 threshold_mode: Literal["rel", "abs"] = "rel", cooldown: int = 0,
                 min_lr: float = 0, epsilon: float = 1e-8, verbose: bool = False) -> None:
        mode = mode.lower()
        if mode not in ("min", "max"):
            raise ValueError("mode: " + mode + " is unknown!")
        if factor >= 1.0:
            raise ValueError("new_lr = origin_lr * gamma and gamma should be < 1.0.")
        threshold_mode = threshold_mode.lower()
        if threshold_mode not in ("rel", "abs"):
            raise ValueError("threshold mode: " + threshold_mode + " is unknown!")
        if not isinstance(learning_rate, (float, int)):
            raise TypeError("The type of 'learning_rate' in 'ReduceOnPlateau' must be 'float', "
                            f"but received {type(learning_rate)}.")
        self.mode = mode
        self.factor = factor
        self.patience = patience
        self.threshold = threshold
        self.threshold_mode = threshold_mode
        self.cooldown = cooldown
        self.min_lr = min_lr
        self.epsilon = epsilon

        self.cooldown_counter = 0
        self.best = None
        self.num_bad_epochs = 0

        # No first step: the first epoch needs a metric. Epoch 0 is the starting point.
        self.base_lr = float(learning_rate)
        self.last_lr = float(learning_rate)
        self.last_epoch = 0
        self.verbose = verbose

    def state_keys(self) -> None:
        """Sets ``self.keys``: the counters, the best metric, ``last_epoch`` and ``last_lr``."""
        self.keys = ["cooldown_counter", "best", "num_bad_epochs", "last_epoch", "last_lr"]

    def step(self, metrics: Tensor | numpy.ndarray | float, epoch: int | None = None) -> None:
        """Takes the epoch's metric and reduces the rate when it has plateaued.

        Args:
            metrics (float|int|numpy.ndarray|paddle.Tensor): The watched value: a
                number, a numpy scalar, or a numpy array or tensor of one element.
            epoch (int|None, optional): The epoch to move to. Default: None, the next one.

        Raises:
            TypeError: ``metrics`` is not one of those.
            AssertionError: an array or tensor ``metrics`` has not exactly one element.

        Examples:
            .. code-block:: pycon

                >>> import numpy as np
                >>> from paddle.optimizer.lr import ReduceOnPlateau
                >>> scheduler = ReduceOnPlateau(learning_rate=1.0, patience=0)
                >>> scheduler.step(np.array([2.0]))
                >>> scheduler.step(np.float32(2.5))
                >>> scheduler()
                0.1
        """
        self.last_epoch = self.last_epoch + 1 if epoch is None else epoch
        metrics = _checked_metric(metrics)

        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            return
        if self.best is None or self._is_better(metrics, self.best):
            self.best = metrics
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.num_bad_epochs > self.patience:
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
            reduced = max(self.last_lr * self.factor, self.min_lr)
            if self.last_lr - reduced > self.epsilon:
                self.last_lr = reduced
                self._announce()

    def _is_better(self, current, best) -> bool:
        current, best = _comparable(current), _comparable(best)
        margin = best * self.threshold if self.threshold_mode == "rel" else self.threshold
        if self.mode == "min":
            return bool(current < best - margin)
        return bool(current > best + margin)
