"""Profiler: steps through a scheduler's states, records host events in the
RECORD steps (through the C++ recorder) and hands each finished span to
``on_trace_ready``; ``summary`` prints its tables, ``export`` writes the trace."""
import os
import warnings

from paddle import _core

from . import scheduler as _scheduler
from .event_types import ProfilerState, ProfilerTarget, SortedKeys, TracerEventType
from .optimizer_events import wrap_optimizers
from .result import ProfilerResult
from .statistics import SummaryBuilder, check_summary_args
from .timer import step_timer

__all__ = ["Profiler", "export_chrome_tracing"]

_RECORDING = (ProfilerState.RECORD, ProfilerState.RECORD_AND_RETURN)


def export_chrome_tracing(dir_name, worker_name=None):
    r"""
    Returns an ``on_trace_ready`` callback that writes each finished span as a
    Chrome trace JSON file (chrome://tracing, Perfetto) in ``dir_name``, named
    ``{worker_name}_time_{timestamp}.paddle_trace.json``.

    Args:
        dir_name (str): The directory of the files; created when missing.
        worker_name (str, optional): The files' prefix. Default ``host_{hostname}pid_{pid}``.

    Returns:
        A callable taking the Profiler, which exports its last span.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> import paddle.profiler as profiler
            >>> log_dir = tempfile.mkdtemp()
            >>> with profiler.Profiler(scheduler=(1, 3),
            ...                        on_trace_ready=profiler.export_chrome_tracing(log_dir)) as prof:
            ...     for step in range(4):
            ...         y = paddle.ones([2]) * 2
            ...         prof.step()
            >>> len(os.listdir(log_dir))
            1
    """
    if not isinstance(dir_name, (str, os.PathLike)):
        raise TypeError(f"[export_chrome_tracing] dir_name must be a path, got {type(dir_name).__name__}")
    try:
        os.makedirs(dir_name, exist_ok=True)
    except OSError as e:
        raise RuntimeError(
            f"[export_chrome_tracing] cannot create directory '{dir_name}' for the traces: {e}") from e

    def handle_fn(prof):
        import datetime  # here: `import paddle` stays free of what only exports need
        import socket

        worker = worker_name or f"host_{socket.gethostname()}pid_{os.getpid()}"
        stamp = datetime.datetime.now().strftime("%Y_%m_%d_%H_%M_%S_%f")
        prof.export(os.path.join(dir_name, f"{worker}_time_{stamp}.paddle_trace.json"), "json")

    return handle_fn


def _check_targets(targets):
    """The targets as a set, warning once about those this build cannot profile."""
    if targets is None:
        return {ProfilerTarget.CPU}
    targets = list(targets)
    for t in targets:
        if not isinstance(t, ProfilerTarget):
            raise TypeError(
                f"[Profiler] targets must hold paddle.profiler.ProfilerTarget values, got {t!r}")
    unavailable = [t for t in targets if t != ProfilerTarget.CPU]
    if unavailable:
        names = ", ".join(str(t) for t in dict.fromkeys(unavailable))
        warnings.warn(
            f"[Profiler] profiling {names} is not supported on this CPU build; the CPU is "
            "profiled", stacklevel=3)
    return {ProfilerTarget.CPU}


def _make_schedule(scheduler):
    if scheduler is None:
        return _scheduler.record_all_steps
    if callable(scheduler):
        return scheduler
    if isinstance(scheduler, (tuple, list)):
        return _scheduler.scheduler_from_range(scheduler)
    raise TypeError(
        "[Profiler] scheduler must be a callable, a (start_batch, end_batch) tuple or None, got "
        f"{type(scheduler).__name__}")


class Profiler:
    r"""
    Records what the program runs on the host: each op (eager mode and
    ``Executor.run``), each grad node of a backward pass, each
    :class:`RecordEvent` and each step, in the steps the scheduler puts in
    state RECORD. Use it as a context manager, or call ``start()``, ``step()``
    after each training step, and ``stop()``.

    Args:
        targets (list, optional): Devices to profile (ProfilerTarget); ``None`` means the CPU.
            GPU, XPU and CUSTOM_DEVICE are reported unavailable (a warning) on this build.
        scheduler (Callable|tuple, optional): The state of each step: a callable (see
            :func:`make_scheduler`), a tuple ``(start_batch, end_batch)`` recording steps
            [start_batch, end_batch), or ``None`` (default) to record every step.
        on_trace_ready (Callable, optional): Called with the profiler when a recorded span
            ends (a RECORD_AND_RETURN step ends, or ``stop()``). Default
            ``export_chrome_tracing('./profiler_log/')``.
        record_shapes (bool, optional): Ops' input shapes; not recorded by this build (a
            warning). Default False.
        profile_memory (bool, optional): Memory events; not recorded by this build (a
            warning). Default False.
        timer_only (bool, optional): Only time the steps (``step_info``), recording nothing.
            Default False.
        emit_nvtx (bool, optional): NVTX ranges, a GPU feature; ignored here. Default False.
        custom_device_types (list, optional): Custom devices to profile; none here. Default [].
        with_flops (bool, optional): FLOP counts; not computed by this build (a warning).
            Default False.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.profiler as profiler
            >>> linear = paddle.nn.Linear(4, 2)
            >>> with profiler.Profiler(scheduler=(1, 3), on_trace_ready=lambda prof: None) as prof:
            ...     for step in range(4):
            ...         loss = linear(paddle.ones([3, 4])).mean()
            ...         loss.backward()
            ...         prof.step()
            >>> names = {event.name for event in prof.profiler_result.get_data()}
            >>> "matmul_v2" in names and "ProfileStep#1" in names
            True
    """

    def __init__(self, *, targets=None, scheduler=None, on_trace_ready=None, record_shapes=False,
                 profile_memory=False, timer_only=False, emit_nvtx=False, custom_device_types=[],
                 with_flops=False):
        self.targets = _check_targets(targets)
        wrap_optimizers()
        for name, wanted in (("record_shapes", record_shapes), ("profile_memory", profile_memory),
                             ("with_flops", with_flops)):
            if wanted:
                warnings.warn(f"[Profiler] {name}=True: this build does not record it",
                              stacklevel=2)
        if on_trace_ready is not None and not callable(on_trace_ready):
            raise TypeError(
                f"[Profiler] on_trace_ready must be callable or None, got {type(on_trace_ready).__name__}")
        self.scheduler = _make_schedule(scheduler)
        self.on_trace_ready = (export_chrome_tracing("./profiler_log/") if on_trace_ready is None
                               else on_trace_ready)
        self.record_shapes, self.profile_memory = record_shapes, profile_memory
        self.timer_only, self.emit_nvtx, self.with_flops = timer_only, emit_nvtx, with_flops
        self.custom_device_types = list(custom_device_types)
        self.step_num = 0
        self.previous_state = ProfilerState.CLOSED
        self.current_state = self.scheduler(self.step_num)
        self.profiler_result = None
        self._step_event = None
        self._recording = False
        self._running = False
        self._spans = 0

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.stop()

    def start(self):
        r"""
        Starts the profiler at step 0, recording when the scheduler says so.

        Examples:
            .. code-block:: python

                >>> import paddle.profiler as profiler
                >>> prof = profiler.Profiler(timer_only=True)
                >>> prof.start()
                >>> prof.stop()
        """
        if self._running:
            raise RuntimeError("[Profiler.start] the profiler is already started")
        if not self.timer_only and self.current_state in _RECORDING:
            self._start_recording()  # raises while another profiler records: nothing changed yet
        self._running = True
        step_timer().begin()
        if not self.timer_only:
            self._begin_step_event()

    def stop(self):
        r"""
        Stops the profiler; a span being recorded ends and goes to ``on_trace_ready``.
        Prints the timing summary when more than 10 steps ran.

        Examples:
            .. code-block:: python

                >>> import paddle.profiler as profiler
                >>> prof = profiler.Profiler(on_trace_ready=lambda prof: None)
                >>> prof.start()
                >>> prof.stop()
                >>> prof.profiler_result is not None
                True
        """
        if not self._running:
            return
        self._running = False
        perf = step_timer().end()
        if perf:
            print(perf)
        if self.timer_only:
            return
        self._end_step_event()
        if self.current_state == ProfilerState.READY:
            warnings.warn("[Profiler.stop] stopped in state READY: nothing was recorded",
                          stacklevel=2)
        if self._recording:
            self._finish_span()

    def step(self, num_samples=None):
        r"""
        Marks the end of a training step: times it, moves to the next step's
        state and starts, ends or hands over a recorded span accordingly.

        Args:
            num_samples (int, optional): The step's batch size, for the throughput of
                ``step_info`` (samples/s); None gives steps/s. Default None.

        Examples:
            .. code-block:: python

                >>> import paddle.profiler as profiler
                >>> with profiler.Profiler(timer_only=True) as prof:
                ...     for step in range(3):
                ...         prof.step(num_samples=32)
        """
        if num_samples is not None and (isinstance(num_samples, bool) or not isinstance(num_samples, int)
                                        or num_samples < 0):
            raise ValueError(f"[Profiler.step] num_samples must be an int >= 0 or None, got {num_samples!r}")
        step_timer().step(num_samples)
        if self.timer_only or not self._running:
            return
        self._end_step_event()
        self.previous_state = self.current_state
        self.step_num += 1
        self.current_state = self.scheduler(self.step_num)
        if not isinstance(self.current_state, ProfilerState):
            raise TypeError(
                f"[Profiler.step] the scheduler must return a ProfilerState, got {self.current_state!r}")
        self._trigger_action()
        self._begin_step_event()

    def step_info(self, unit=None):
        r"""
        The average step timing since the last call: ``reader_cost`` (time in the
        DataLoader), ``batch_cost`` (seconds per step) and ``ips`` (throughput in
        ``unit``/s when steps give ``num_samples``, else steps/s).

        Args:
            unit (str, optional): The unit of the samples. Default 'samples'.

        Returns:
            str: e.g. ``' batch_cost: 0.01000 s ips: 3200.000 images/s'``.

        Examples:
            .. code-block:: python

                >>> import paddle.profiler as profiler
                >>> prof = profiler.Profiler(timer_only=True)
                >>> prof.start()
                >>> prof.step(num_samples=8)
                >>> "ips" in prof.step_info(unit="images")
                True
                >>> prof.stop()
        """
        return step_timer().step_info("samples" if unit is None else unit)

    def export(self, path="", format="json"):
        r"""
        Writes the last recorded span to ``path`` as a Chrome trace (``format='json'``,
        the one format of this build); nothing when no span was recorded.

        Args:
            path (str): The file to write.
            format (str, optional): 'json'. Default 'json'.

        Examples:
            .. code-block:: python

                >>> import json, os, tempfile
                >>> import paddle
                >>> import paddle.profiler as profiler
                >>> with profiler.Profiler(on_trace_ready=lambda prof: None) as prof:
                ...     y = paddle.ones([2]) + 1
                >>> path = os.path.join(tempfile.mkdtemp(), "trace.json")
                >>> prof.export(path, format="json")
                >>> "traceEvents" in json.load(open(path))
                True
        """
        if format != "json":
            raise ValueError(
                f"[Profiler.export] format must be 'json' (Chrome trace), got {format!r}")
        if self.profiler_result is not None:
            self.profiler_result.save(path, format)

    def summary(self, sorted_by=SortedKeys.CPUTotal, op_detail=True, thread_sep=False,
                time_unit="ms", views=None):
        r"""
        Prints the tables of the last recorded span: the overview by event type,
        the model's phases, the operators (with what ran inside each when
        ``op_detail``) and the user-defined events.

        Args:
            sorted_by (SortedKeys, optional): Row order. Default SortedKeys.CPUTotal.
            op_detail (bool, optional): List the events inside each op. Default True.
            thread_sep (bool, optional): One section per thread. Default False.
            time_unit (str, optional): 's', 'ms', 'us' or 'ns'. Default 'ms'.
            views (SummaryView|list, optional): The tables to print; None prints all.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> import paddle.profiler as profiler
                >>> with profiler.Profiler(on_trace_ready=lambda prof: None) as prof:
                ...     y = paddle.ones([2]) + 1
                >>> prof.summary(views=profiler.SummaryView.OperatorView)  # doctest: +ELLIPSIS
                ---...Operator Summary...
        """
        views = check_summary_args(sorted_by, time_unit, views)
        if self.profiler_result is None:
            return
        builder = SummaryBuilder(self.profiler_result.get_data(), time_unit, sorted_by, op_detail,
                                 thread_sep)
        print(builder.build(views))

    def _start_recording(self):
        _core.profiler_start()
        self._recording = True

    def _finish_span(self):
        """Ends the span being recorded and hands it to on_trace_ready."""
        self._recording = False
        self.profiler_result = ProfilerResult.from_core(_core.profiler_stop(), self._spans)
        self._spans += 1
        if self.on_trace_ready:
            self.on_trace_ready(self)

    def _discard_span(self):
        self._recording = False
        _core.profiler_stop()

    def _trigger_action(self):
        prev, cur = self.previous_state, self.current_state
        if prev == ProfilerState.RECORD_AND_RETURN:
            self._finish_span()
            if cur in _RECORDING:
                self._start_recording()
        elif prev == ProfilerState.RECORD and cur in (ProfilerState.CLOSED, ProfilerState.READY):
            warnings.warn(f"[Profiler.step] improper schedule RECORD -> {cur.name}: the span is "
                          "dropped", stacklevel=3)
            self._discard_span()
        elif prev in (ProfilerState.CLOSED, ProfilerState.READY) and cur in _RECORDING:
            self._start_recording()
        elif prev == ProfilerState.READY and cur == ProfilerState.CLOSED:
            warnings.warn("[Profiler.step] improper schedule READY -> CLOSED: nothing recorded",
                          stacklevel=3)

    def _begin_step_event(self):
        self._step_event = _core._RecordEvent(f"ProfileStep#{self.step_num}",
                                              TracerEventType.ProfileStep.value)

    def _end_step_event(self):
        if self._step_event is not None:
            self._step_event.end()
            self._step_event = None
