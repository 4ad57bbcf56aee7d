"""paddle.profiler: a timeline profiler of what the program runs on the host.

Each op run (eager mode and ``Executor.run``), each grad node of a backward
pass, each ``RecordEvent`` and each ``Profiler.step`` is recorded by the C++
recorder (``core/base/profiler.h``) while a ``Profiler`` is in a RECORD step;
``Profiler.summary`` prints tables by op and event type, and
``export_chrome_tracing`` writes Chrome trace JSON files.
"""
from .event_types import (  # noqa: F401  (TracerEventType: public, as in PaddlePaddle, though not in __all__)
    ProfilerState,
    ProfilerTarget,
    SortedKeys,
    SummaryView,
    TracerEventType,
)
from .profiler import Profiler, export_chrome_tracing
from .record_event import RecordEvent
from .result import load_profiler_result
from .scheduler import make_scheduler

__all__ = [
    "ProfilerState",
    "ProfilerTarget",
    "make_scheduler",
    "export_chrome_tracing",
    "Profiler",
    "RecordEvent",
    "load_profiler_result",
    "SortedKeys",
    "SummaryView",
]
