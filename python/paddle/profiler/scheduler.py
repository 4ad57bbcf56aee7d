"""Schedulers: the ProfilerState of each step number."""
import warnings

from .event_types import ProfilerState

__all__ = ["make_scheduler"]


def _check_count(where, name, value, minimum):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"[{where}] {name} must be an int, got {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"[{where}] {name} must be >= {minimum}, got {value}")


def make_scheduler(*, closed, ready, record, repeat=0, skip_first=0):
    r"""
    Returns a scheduler: a function of the step number giving its
    :class:`ProfilerState`. After ``skip_first`` steps (CLOSED), each cycle is
    ``closed`` CLOSED steps, ``ready`` READY steps and ``record`` RECORD
    steps, the last of which is RECORD_AND_RETURN (the recorded span is
    handed to ``on_trace_ready``); after ``repeat`` cycles every step is
    CLOSED (``repeat=0``: cycles go on until the profiler stops).

    Args:
        closed (int): Steps in state CLOSED at the start of each cycle.
        ready (int): Steps in state READY after them (0 warns: the first recorded
            step then includes the profiler's start-up).
        record (int): Steps recorded in each cycle, at least 1.
        repeat (int, optional): Cycles to run; 0 (default) repeats without end.
        skip_first (int, optional): Steps skipped (CLOSED) before the first cycle. Default 0.

    Returns:
        A callable taking the step number (>= 0) and returning a ProfilerState.

    Examples:
        .. code-block:: python

            >>> import paddle.profiler as profiler
            >>> scheduler = profiler.make_scheduler(closed=1, ready=1, record=2, repeat=1)
            >>> [scheduler(step).name for step in range(5)]
            ['CLOSED', 'READY', 'RECORD', 'RECORD_AND_RETURN', 'CLOSED']
    """
    for name, value, minimum in (("closed", closed, 0), ("ready", ready, 0), ("record", record, 1),
                                 ("repeat", repeat, 0), ("skip_first", skip_first, 0)):
        _check_count("make_scheduler", name, value, minimum)
    if ready == 0:
        warnings.warn(
            "[make_scheduler] ready=0: recording starts as soon as the profiler does, so the "
            "first recorded step includes its start-up", stacklevel=2)
    period = closed + ready + record

    def scheduler(step):
        if isinstance(step, bool) or not isinstance(step, int) or step < 0:
            raise ValueError(f"[make_scheduler] step must be an int >= 0, got {step!r}")
        if step < skip_first:
            return ProfilerState.CLOSED
        cycle, position = divmod(step - skip_first, period)
        if repeat > 0 and cycle >= repeat:
            return ProfilerState.CLOSED
        if position < closed:
            return ProfilerState.CLOSED
        if position < closed + ready:
            return ProfilerState.READY
        return ProfilerState.RECORD if position < period - 1 else ProfilerState.RECORD_AND_RETURN

    return scheduler


def record_all_steps(step):
    """The default scheduler: every step is recorded until the profiler stops."""
    return ProfilerState.RECORD


def scheduler_from_range(batch_range):
    """The scheduler of a ``(start_batch, end_batch)`` tuple: record steps
    [start_batch, end_batch) once, after one READY step when start_batch >= 1."""
    if len(batch_range) != 2:
        raise ValueError(
            f"[Profiler] scheduler as a tuple must be (start_batch, end_batch), got {batch_range!r}")
    start, end = batch_range
    for name, value in (("start_batch", start), ("end_batch", end)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"[Profiler] scheduler {name} must be an int, got {type(value).__name__}")
    if end <= start:
        raise ValueError(
            f"[Profiler] scheduler (start_batch, end_batch) needs end_batch > start_batch, got "
            f"{batch_range!r}")
    start = max(start, 0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ready=0 is asked for by a range starting at 0
        if start >= 1:
            return make_scheduler(closed=start - 1, ready=1, record=end - start, repeat=1)
        return make_scheduler(closed=0, ready=0, record=end - start, repeat=1)
