"""LRScheduler: the epoch counter, stepping, printing and state every scheduler shares."""
from __future__ import annotations

import warnings

import numpy


def expect(condition, message):
    """PaddlePaddle checks some arguments with `assert`; raise the same
    AssertionError, but also under `python -O`."""
    if not condition:
        raise AssertionError(message)


def is_tensor_like(value):
    """A paddle.Tensor or anything else that converts itself with .numpy()."""
    return not isinstance(value, numpy.ndarray) and callable(getattr(value, "numpy", None))


def one_element(value, message):
    """The single element of a tensor-like as a Python number; AssertionError
    with `message` (formatted with the size) when it holds more or fewer."""
    array = numpy.asarray(value.numpy())
    expect(array.size == 1, message.format(size=array.size))
    return array.reshape(()).item()


class LRScheduler:
    """The base of every learning-rate scheduler.

    A scheduler holds the epoch it is at (``last_epoch``) and the learning rate
    of that epoch (``last_lr``, also what calling the scheduler returns).
    ``step()`` advances the epoch by one and asks ``get_lr()`` for the new rate;
    a subclass defines ``get_lr()`` from ``base_lr``, ``last_epoch`` and, for
    recursive schedules, ``last_lr``. Construction takes the first step, so a
    new scheduler is at epoch ``last_epoch + 1``.

    Args:
        learning_rate (float|int, optional): The initial learning rate (``base_lr``). Default: 0.1.
        last_epoch (int, optional): The epoch before the first one; -1 starts at epoch 0.
            Set it to resume a schedule. Default: -1.
        verbose (bool, optional): Print the new rate at every step. Default: False.

    Examples:
        .. code-block:: pycon

            >>> from paddle.optimizer.lr import LRScheduler
            >>> class Halving(LRScheduler):
            ...     def get_lr(self):
            ...         return self.base_lr * 0.5 ** self.last_epoch
            >>> scheduler = Halving(learning_rate=1.0)
            >>> scheduler.step()
            >>> scheduler.last_epoch, scheduler()
            (1, 0.5)
    """

    base_lr: float
    last_lr: float
    last_epoch: int
    verbose: bool

    def __init__(self, learning_rate: float = 0.1, last_epoch: int = -1,
                 verbose: bool = False) -> None:
        if not isinstance(learning_rate, (float, int)):
            raise TypeError(
                f"The type of learning rate must be float, but received {type(learning_rate)}")
        if learning_rate < 0:
            raise ValueError(f"Invalid learning rate: {learning_rate}")
        self.base_lr = float(learning_rate)
        self.last_lr = float(learning_rate)
        self.last_epoch = last_epoch
        self.verbose = verbose
        self.step()

    def __call__(self) -> float:
        """The learning rate of the current epoch."""
        return self.last_lr

    def step(self, epoch: int | None = None) -> None:
        """Moves to the next epoch, or to ``epoch`` when given, and computes its rate.

        Call it after ``optimizer.step()``; the new rate applies from the next one.
        A scheduler that has a closed form (``_get_closed_form_lr``) uses it for a
        given ``epoch``, so jumping lands where stepping would.

        Args:
            epoch (int|None, optional): The epoch to move to. Default: None, the next one.

        Examples:
            .. code-block:: pycon

                >>> from paddle.optimizer.lr import StepDecay
                >>> scheduler = StepDecay(learning_rate=1.0, step_size=2, gamma=0.5)
                >>> scheduler.step(5)
                >>> scheduler.last_epoch, scheduler()
                (5, 0.25)
        """
        if epoch is None:
            self.last_epoch += 1
            self.last_lr = self.get_lr()
        else:
            self.last_epoch = epoch
            closed_form = getattr(self, "_get_closed_form_lr", None)
            self.last_lr = closed_form() if closed_form is not None else self.get_lr()
        self._announce()

    def _announce(self):
        if self.verbose:
            print(f"Epoch {self.last_epoch}: {type(self).__name__} set learning rate to "
                  f"{self.last_lr}.")

    def state_keys(self) -> None:
        """Sets ``self.keys``: the attributes ``state_dict()`` saves
        (``last_epoch`` and ``last_lr``; a subclass with more state overrides it)."""
        self.keys = ["last_epoch", "last_lr"]

    def state_dict(self) -> dict:
        """The scheduler's state: the attributes ``state_keys()`` names, a
        one-element tensor among them as a Python float.

        Examples:
            .. code-block:: pycon

                >>> from paddle.optimizer.lr import ExponentialDecay
                >>> ExponentialDecay(learning_rate=0.5, gamma=0.5).state_dict()
                {'last_epoch': 0, 'last_lr': 0.5}
        """
        self.state_keys()
        state = {}
        for key in self.keys:
            if key not in self.__dict__:
                continue
            value = self.__dict__[key]
            if is_tensor_like(value):
                value = float(one_element(value, "numel of Tensor in state_dict must be 1"))
            state[key] = value
        return state

    def set_state_dict(self, state_dict: dict) -> None:
        """Loads a state that ``state_dict()`` returned.

        Raises:
            RuntimeError: ``state_dict`` lacks one of the keys ``state_keys()`` names.

        Examples:
            .. code-block:: pycon

                >>> from paddle.optimizer.lr import StepDecay
                >>> scheduler = StepDecay(learning_rate=1.0, step_size=2)
                >>> scheduler.set_state_dict({"last_epoch": 3, "last_lr": 0.1})
                >>> scheduler.step()
                >>> scheduler.last_epoch, round(scheduler(), 6)
                (4, 0.01)
        """
        self.state_keys()
        for key in self.keys:
            if key not in state_dict:
                raise RuntimeError("Please check whether state_dict is correct for optimizer. "
                                   f"Can't find [ {key} ] in state_dict")
            self.__dict__[key] = state_dict[key]
        if len(state_dict) > len(self.keys):
            warnings.warn("There are some unused values in state_dict. Maybe the optimizer have "
                          "different 'LearningRateDecay' when invoking state_dict and set_dict")

    set_dict = set_state_dict  # PaddlePaddle's older name

    def get_lr(self) -> float:
        """The learning rate of ``last_epoch``; every subclass defines it.

        Raises:
            NotImplementedError: on LRScheduler itself.
        """
        raise NotImplementedError
