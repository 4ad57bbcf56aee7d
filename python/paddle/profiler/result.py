"""The events of one recorded span, and their Chrome trace JSON form.

The trace follows the Chrome trace event format (``traceEvents`` of complete
``"ph": "X"`` events, ``ts``/``dur`` in microseconds), which chrome://tracing
and Perfetto open; ``load_profiler_result`` reads such a file back.
"""
import os
from collections import namedtuple

from .event_types import TracerEventType

__all__ = ["load_profiler_result"]

# One recorded span: times in nanoseconds of the recorder's steady clock.
Event = namedtuple("Event", ["name", "type", "start_ns", "end_ns", "thread_id"])

_SCHEMA_VERSION = "1.0.2"


class ProfilerResult:
    """The events one profiler span recorded (``Profiler.profiler_result``)."""

    def __init__(self, events, span_index=0, pid=None):
        self.events = list(events)
        self.span_index = span_index
        self.pid = os.getpid() if pid is None else pid

    @classmethod
    def from_core(cls, raw_events, span_index):
        return cls([Event(name, TracerEventType(kind), start, end, tid)
                    for name, kind, start, end, tid in raw_events], span_index)

    def get_data(self):
        """The events as a list of ``Event(name, type, start_ns, end_ns, thread_id)``."""
        return self.events

    def chrome_trace(self):
        """The trace as a dict in the Chrome trace event format."""
        trace = []
        for tid in sorted({e.thread_id for e in self.events}):
            trace.append({"name": "thread_name", "ph": "M", "pid": self.pid, "tid": tid,
                          "args": {"name": f"thread {tid}"}})
        trace.append({"name": "process_name", "ph": "M", "pid": self.pid, "tid": 0,
                      "args": {"name": f"Process {self.pid} (CPU)"}})
        for e in self.events:
            trace.append({"name": e.name, "ph": "X", "cat": e.type.name, "pid": self.pid,
                          "tid": e.thread_id, "ts": e.start_ns / 1000.0,
                          "dur": (e.end_ns - e.start_ns) / 1000.0})
        return {"displayTimeUnit": "ms", "schemaVersion": _SCHEMA_VERSION,
                "span_index": str(self.span_index), "traceEvents": trace}

    def save(self, path, format="json"):
        import json  # here: `import paddle` stays free of what only exports need

        if format != "json":
            raise ValueError(
                f"[Profiler.export] format must be 'json' (Chrome trace), got {format!r}; "
                "this build writes no protobuf ('pb') traces")
        directory = os.path.dirname(path)
        if directory:
            os.makedirs(directory, exist_ok=True)
        with open(path, "w") as f:
            json.dump(self.chrome_trace(), f)


def load_profiler_result(filename):
    r"""
    Reads a trace written by ``Profiler.export(path, format='json')`` (or
    ``export_chrome_tracing``) back into a result whose ``get_data()`` lists
    the recorded events (name, type, start_ns, end_ns, thread_id).

    Args:
        filename (str): The path of the exported Chrome trace JSON file.

    Returns:
        The ProfilerResult holding the file's events.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> import paddle.profiler as profiler
            >>> with profiler.Profiler(on_trace_ready=lambda prof: None) as prof:
            ...     y = paddle.ones([2]) + paddle.ones([2])
            >>> path = os.path.join(tempfile.mkdtemp(), "trace.json")
            >>> prof.export(path, format="json")
            >>> result = profiler.load_profiler_result(path)
            >>> "elementwise_add" in [e.name for e in result.get_data()]
            True
    """
    import json

    try:
        with open(filename) as f:
            trace = json.load(f)
    except json.JSONDecodeError as e:
        raise ValueError(f"[load_profiler_result] {filename} is not a JSON trace: {e}") from None
    if not isinstance(trace, dict) or not isinstance(trace.get("traceEvents"), list):
        raise ValueError(f"[load_profiler_result] {filename} has no 'traceEvents' list")
    events, pid = [], None
    for item in trace["traceEvents"]:
        if item.get("ph") != "X":
            continue
        try:
            kind = TracerEventType[item["cat"]]
            start = round(item["ts"] * 1000)
            events.append(Event(item["name"], kind, start, start + round(item["dur"] * 1000),
                                item["tid"]))
        except (KeyError, TypeError) as e:
            raise ValueError(
                f"[load_profiler_result] {filename}: event {item!r} is not one paddle.profiler "
                f"writes ({type(e).__name__}: {e})") from None
        pid = item.get("pid", pid)
    return ProfilerResult(events, int(trace.get("span_index", 0)), pid)
