"""The enums of paddle.profiler: event types, states, targets, sort keys and views.

``TracerEventType`` numbers events as the C++ recorder does
(``core/base/profiler.h``), which is PaddlePaddle's numbering.
"""
from enum import Enum

__all__ = ["TracerEventType", "ProfilerState", "ProfilerTarget", "SortedKeys", "SummaryView"]


class TracerEventType(Enum):
    r"""
    The type of a recorded event: ``Operator`` for each op run (eager mode and
    ``Executor.run``), ``Backward`` for each grad node the backward pass runs,
    ``ProfileStep`` for each profiler step, ``PythonUserDefined`` for a
    :class:`RecordEvent` opened from Python.

    Examples:
        .. code-block:: python

            >>> import paddle.profiler as profiler
            >>> print(profiler.TracerEventType.Operator.value)
            0
    """

    Operator = 0
    Dataloader = 1
    ProfileStep = 2
    CudaRuntime = 3
    Kernel = 4
    Memcpy = 5
    Memset = 6
    UserDefined = 7
    OperatorInner = 8
    Forward = 9
    Backward = 10
    Optimization = 11
    Communication = 12
    PythonOp = 13
    PythonUserDefined = 14
    DygraphKernelLaunch = 15
    StaticKernelLaunch = 16


class ProfilerState(Enum):
    r"""
    The state a scheduler gives each step of a :class:`Profiler`.

    - **ProfilerState.CLOSED** : nothing is recorded.
    - **ProfilerState.READY** : the profiler is prepared but records nothing yet.
    - **ProfilerState.RECORD** : events are recorded.
    - **ProfilerState.RECORD_AND_RETURN** : the last recorded step of a span: its
      events are handed to ``on_trace_ready`` when the step ends.

    Examples:
        .. code-block:: python

            >>> import paddle.profiler as profiler
            >>> scheduler = profiler.make_scheduler(closed=1, ready=1, record=1)
            >>> print(scheduler(2))
            ProfilerState.RECORD_AND_RETURN
    """

    CLOSED = 0
    READY = 1
    RECORD = 2
    RECORD_AND_RETURN = 3  # the last step of RECORD


class ProfilerTarget(Enum):
    r"""
    The devices a :class:`Profiler` records: ``CPU`` (host events) is always
    available; ``GPU``, ``XPU`` and ``CUSTOM_DEVICE`` are accepted and reported
    unavailable on this CPU build (a warning), and the CPU is recorded.

    Examples:
        .. code-block:: python

            >>> import paddle.profiler as profiler
            >>> print(profiler.ProfilerTarget.CPU)
            ProfilerTarget.CPU
    """

    CPU = 0
    GPU = 1
    XPU = 2
    CUSTOM_DEVICE = 3


class SortedKeys(Enum):
    r"""
    How :meth:`Profiler.summary` orders the rows of its tables: by CPU total,
    average or maximum time (largest first) or minimum time (smallest first);
    the GPU keys sort by device time, which a CPU build does not record.

    Examples:
        .. code-block:: python

            >>> import paddle.profiler as profiler
            >>> print(profiler.SortedKeys.CPUAvg.value)
            1
    """

    CPUTotal = 0
    CPUAvg = 1
    CPUMax = 2
    CPUMin = 3
    GPUTotal = 4
    GPUAvg = 5
    GPUMax = 6
    GPUMin = 7


class SummaryView(Enum):
    r"""
    The tables :meth:`Profiler.summary` can print. This build prints
    ``OverView`` (time by event type), ``ModelView`` (steps, forward,
    backward, optimization), ``OperatorView`` (time by op) and ``UDFView``
    (time by user-defined event); the device, kernel, distributed and memory
    views have no host data to show and print nothing.

    Examples:
        .. code-block:: python

            >>> import paddle.profiler as profiler
            >>> print(profiler.SummaryView.OperatorView.value)
            5
    """

    DeviceView = 0
    OverView = 1
    ModelView = 2
    DistributedView = 3
    KernelView = 4
    OperatorView = 5
    MemoryView = 6
    MemoryManipulationView = 7
    UDFView = 8
