"""RecordEvent: a named span recorded by the C++ recorder from Python."""
import warnings
from contextlib import ContextDecorator

from paddle import _core

from .event_types import TracerEventType

__all__ = ["RecordEvent"]

# The types a span opened from Python may take; the others are the core's own.
_ALLOWED_EVENT_TYPES = (
    TracerEventType.Dataloader,
    TracerEventType.ProfileStep,
    TracerEventType.Forward,
    TracerEventType.Backward,
    TracerEventType.Optimization,
    TracerEventType.PythonOp,
    TracerEventType.PythonUserDefined,
)


class RecordEvent(ContextDecorator):
    r"""
    A user-defined span in the profile: from ``begin()`` (or entering the
    ``with`` block) to ``end()`` (or leaving it). It is recorded only while a
    :class:`Profiler` records; otherwise both calls do nothing.

    Args:
        name (str): The name of the span in the summary and the trace.
        event_type (TracerEventType, optional): Default ``TracerEventType.PythonUserDefined``;
            one of Dataloader, ProfileStep, Forward, Backward, Optimization, PythonOp,
            PythonUserDefined (others are reserved for the core: a warning, nothing recorded).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.profiler as profiler
            >>> with profiler.RecordEvent("record_add"):
            ...     result = paddle.ones([3]) + paddle.ones([3])
            >>> record_event = profiler.RecordEvent("record_sub")
            >>> record_event.begin()
            >>> result = paddle.ones([3]) - paddle.ones([3])
            >>> record_event.end()
    """

    def __init__(self, name, event_type=TracerEventType.PythonUserDefined):
        if not isinstance(name, str):
            raise TypeError(f"[RecordEvent] name must be a str, got {type(name).__name__}")
        if not isinstance(event_type, TracerEventType):
            raise TypeError(
                "[RecordEvent] event_type must be a paddle.profiler.TracerEventType, got "
                f"{event_type!r}")
        self.name = name
        self.event_type = event_type
        self.event = None

    def __enter__(self):
        self.begin()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.end()

    def begin(self):
        r"""
        Starts the span (recorded only while a profiler records).

        Examples:
            .. code-block:: python

                >>> import paddle.profiler as profiler
                >>> event = profiler.RecordEvent("load")
                >>> event.begin()
                >>> event.end()
        """
        if not _core.profiler_enabled():
            return
        if self.event_type not in _ALLOWED_EVENT_TYPES:
            warnings.warn(
                f"[RecordEvent] event_type {self.event_type} is reserved for the core; only "
                f"{', '.join(t.name for t in _ALLOWED_EVENT_TYPES)} can be recorded from Python",
                stacklevel=2)
            self.event = None
            return
        self.event = _core._RecordEvent(self.name, self.event_type.value)

    def end(self):
        r"""
        Ends the span begun by ``begin()``; without one it does nothing.

        Examples:
            .. code-block:: python

                >>> import paddle.profiler as profiler
                >>> event = profiler.RecordEvent("step")
                >>> event.begin()
                >>> event.end()
        """
        if self.event is not None:
            self.event.end()
            self.event = None
