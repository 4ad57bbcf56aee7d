"""ModelAverage: a running average of each parameter over a sliding window of
recent steps, swapped in with ``apply`` (and back with ``restore``); each step
runs the average_accumulates op (core/ops/average_accumulates_op.cc: three
partial sums, the window restarted when it grows past its bounds) in place on
the accumulators; eager mode."""
import contextlib

import numpy as np

from ...autograd import no_grad
from ...optimizer.optimizer import Optimizer
from ...tensor._helpers import op

__all__ = []

_SUMS = ("sum_1", "sum_2", "sum_3")
_COUNTERS = ("num_accumulates", "old_num_accumulates", "num_updates")
_average_accumulates = op(
    "average_accumulates", ["param"] + [f"in_{k}" for k in _SUMS + _COUNTERS],
    ["average_window", "max_average_window", "min_average_window"],
    [f"out_{k}=in_{k}" for k in _SUMS + _COUNTERS])


class ModelAverage(Optimizer):
    """Keeps the average of each parameter over its recent values: each ``step``
    adds the current parameters to their sums; ``apply()`` replaces the
    parameters with the averages (restored on leaving it, or by ``restore()``).

    The window restarts (the sums move into a third, older sum) once it holds at
    least ``min_average_window`` steps and at least
    ``min(max_average_window, int(num_updates * average_window_rate))``; the average is
    (old sum + current sums) / (old count + current count). Runs in eager mode.

    Args:
        average_window_rate (float): The window's length as a share of the steps so far.
        parameters (list, optional): The parameters to average. Default None (required in
            eager mode).
        min_average_window (int, optional): The window's least length. Default 10000.
        max_average_window (int, optional): The window's greatest length. Default 10000.
        name (str, optional): Inserted into the accumulator names. Default None.

    Returns:
        ModelAverage: The optimizer.

    Example:
        >>> w = paddle.to_tensor([1.0], stop_gradient=False)
        >>> sgd = paddle.optimizer.SGD(0.25, parameters=[w])
        >>> avg = paddle.incubate.ModelAverage(0.5, parameters=[w], min_average_window=2,
        ...                                    max_average_window=4)
        >>> for _ in range(2):
        ...     (w * w).sum().backward()
        ...     sgd.step()
        ...     avg.step()
        ...     sgd.clear_grad()
        >>> with avg.apply():
        ...     print(w.numpy())
        [0.375]
        >>> w.numpy()
        array([0.25], dtype=float32)
    """

    def __init__(self, average_window_rate, parameters=None, min_average_window=10000,
                 max_average_window=10000, name=None):
        super().__init__(learning_rate=0.0, parameters=parameters, name=name)
        if not isinstance(average_window_rate, (int, float)) or average_window_rate < 0:
            raise ValueError(f"[ModelAverage] average_window_rate must be a non-negative "
                             f"number, got {average_window_rate!r}")
        for arg, value in (("min_average_window", min_average_window),
                           ("max_average_window", max_average_window)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"[ModelAverage] {arg} must be a non-negative int, got "
                                 f"{value!r}")
        if min_average_window > max_average_window:
            raise ValueError(f"[ModelAverage] min_average_window ({min_average_window}) must "
                             f"not exceed max_average_window ({max_average_window})")
        self.average_window = average_window_rate
        self.min_average_window = min_average_window
        self.max_average_window = max_average_window
        self.type = "average_accumulates"

    def _create_accumulators(self, parameters):
        for p in parameters:
            for kind in _SUMS + ("restore",):
                self._add_accumulator(kind, p)
            for kind in _COUNTERS:
                self._add_accumulator(kind, p, dtype="int64", shape=[1])

    def _accumulators_of(self, param):
        return [self._get_accumulator(k, param).numpy() for k in _SUMS + _COUNTERS]

    def _append_optimize_op(self, param, grad):
        _average_accumulates(param, *(self._get_accumulator(k, param) for k in _SUMS + _COUNTERS),
                             float(self.average_window), int(self.max_average_window),
                             int(self.min_average_window))

    def step(self):
        """Adds the current values of the parameters that have gradients to their sums.

        Example:
            >>> w = paddle.to_tensor([3.0], stop_gradient=False)
            >>> avg = paddle.incubate.ModelAverage(1.0, parameters=[w], min_average_window=1,
            ...                                    max_average_window=1)
            >>> (w * 2).sum().backward()
            >>> avg.step()
        """
        with no_grad():
            self._apply_optimize([(p, p.grad) for p in self._parameter_list
                                  if not p.stop_gradient and p.grad is not None])

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """``step()`` (eager mode).

        Args:
            loss (Tensor): The loss (unused: the parameters' values are averaged).
            startup_program (Program, optional): For PaddlePaddle compatibility. Default None.
            parameters (list, optional): For PaddlePaddle compatibility. Default None.
            no_grad_set (set, optional): For PaddlePaddle compatibility. Default None.
        """
        self.step()

    @contextlib.contextmanager
    def apply(self, executor=None, need_restore=True):
        """A context in which the parameters hold their averages; on leaving it
        they are restored when ``need_restore``.

        Args:
            executor (Executor, optional): For PaddlePaddle compatibility (static mode);
                unused. Default None.
            need_restore (bool, optional): Restore the parameters on leaving. Default True.

        Returns:
            contextmanager: The context.
        """
        with no_grad():
            self._create_accumulators(self._parameter_list)
            for param in self._parameter_list:
                sum_1, sum_2, sum_3, num_acc, old_num_acc, _ = self._accumulators_of(param)
                values = param.numpy()
                self._get_accumulator("restore", param).numpy()[...] = values
                total = (sum_1 + sum_2 + sum_3).astype("float32")
                count = np.float32(num_acc[0] + old_num_acc[0])
                with np.errstate(divide="ignore", invalid="ignore"):
                    values[...] = total / count
        try:
            yield
        finally:
            if need_restore:
                self.restore()

    def restore(self, executor=None):
        """Puts back the parameters' values from before ``apply``.

        Args:
            executor (Executor, optional): For PaddlePaddle compatibility; unused. Default None.
        """
        with no_grad():
            for param in self._parameter_list:
                param.numpy()[...] = self._get_accumulator("restore", param).numpy()
