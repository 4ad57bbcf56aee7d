"""The summary tables of Profiler.summary: overview by event type, the model's
phases, operators (with what runs inside each) and user-defined events."""
from .event_types import SortedKeys, SummaryView, TracerEventType

__all__ = []

_TIME_UNITS = {"s": 1e9, "ms": 1e6, "us": 1e3, "ns": 1.0}
_USER_TYPES = (TracerEventType.UserDefined, TracerEventType.PythonUserDefined)
_MODEL_PHASES = (TracerEventType.Dataloader, TracerEventType.Forward, TracerEventType.Backward,
                 TracerEventType.Optimization)
_DEFAULT_VIEWS = (SummaryView.OverView, SummaryView.ModelView, SummaryView.OperatorView,
                  SummaryView.UDFView)


class TimeStats:
    """Calls and total / max / min duration (ns) of a group of events."""

    def __init__(self):
        self.calls, self.total, self.max, self.min = 0, 0, 0, float("inf")

    def add(self, duration):
        self.calls += 1
        self.total += duration
        self.max = max(self.max, duration)
        self.min = min(self.min, duration)

    @property
    def avg(self):
        return self.total / self.calls if self.calls else 0


def merged_duration(events):
    """Time covered by the events' union: overlapping spans (other threads,
    nesting) count once."""
    covered, end = 0, None
    for start, stop in sorted((e.start_ns, e.end_ns) for e in events):
        if end is None or start > end:
            covered += stop - start
            end = stop
        elif stop > end:
            covered += stop - end
            end = stop
    return covered


def parents(events):
    """For each event (by index) the index of the innermost event of its
    thread that encloses it, or None. Events come ordered by start, an
    enclosing one first (as the recorder returns them)."""
    result, open_spans = [None] * len(events), {}
    for i, e in enumerate(events):
        stack = open_spans.setdefault(e.thread_id, [])
        while stack and events[stack[-1]].end_ns < e.end_ns:
            stack.pop()
        result[i] = stack[-1] if stack else None
        stack.append(i)
    return result


def check_summary_args(sorted_by, time_unit, views):
    """The views to print, after checking the arguments of Profiler.summary."""
    if not isinstance(sorted_by, SortedKeys):
        raise TypeError(
            f"[Profiler.summary] sorted_by must be a paddle.profiler.SortedKeys, got {sorted_by!r}")
    if time_unit not in _TIME_UNITS:
        raise ValueError(
            f"[Profiler.summary] time_unit must be one of {list(_TIME_UNITS)}, got {time_unit!r}")
    if views is None:
        return list(_DEFAULT_VIEWS)
    if isinstance(views, SummaryView):
        return [views]
    if not isinstance(views, (list, tuple)) or not all(isinstance(v, SummaryView) for v in views):
        raise TypeError(
            "[Profiler.summary] views must be a SummaryView, a list of them or None, got "
            f"{views!r}")
    return list(views)


def _sort_key(sorted_by):
    if sorted_by == SortedKeys.CPUMin:
        return lambda item: item[1].min
    if sorted_by == SortedKeys.CPUAvg:
        return lambda item: -item[1].avg
    if sorted_by == SortedKeys.CPUMax:
        return lambda item: -item[1].max
    if sorted_by == SortedKeys.CPUTotal:
        return lambda item: -item[1].total
    return lambda item: 0  # GPU keys: no device time on this build, rows keep first-call order


class _Table:
    """Rows of cells printed as fixed-width columns under a titled rule."""

    def __init__(self, title, header, note=None):
        self.title, self.header, self.note = title, header, note
        self.rows = []  # a list of cells, or a str for a full-width subtitle

    def render(self, time_unit):
        widths = [len(h) for h in self.header]
        for row in self.rows:
            if not isinstance(row, str):
                widths = [max(w, len(c)) for w, c in zip(widths, row)]
        widths = [w + 2 for w in widths]
        line_width = sum(widths)
        rule = "".join("-" * (w - 2) + "  " for w in widths).rstrip()

        def cells(row):
            return "".join(c.ljust(w) for c, w in zip(row, widths)).rstrip()

        out = [self.title.center(line_width, "-"), f"Time unit: {time_unit}", rule,
               cells(self.header), rule]
        for row in self.rows:
            out.append(row.center(line_width, "-") if isinstance(row, str) else cells(row))
        out.append(rule)
        if self.note:
            out.append(self.note)
        return "\n".join(out)


class SummaryBuilder:
    """The tables of one ProfilerResult's events."""

    def __init__(self, events, time_unit="ms", sorted_by=SortedKeys.CPUTotal, op_detail=True,
                 thread_sep=False):
        # By start, an enclosing event first: the order parents() needs.
        self.events = sorted(events, key=lambda e: (e.start_ns, -e.end_ns))
        self.scale = _TIME_UNITS[time_unit]
        self.time_unit, self.sorted_by = time_unit, sorted_by
        self.op_detail, self.thread_sep = op_detail, thread_sep
        steps = [e for e in self.events if e.type == TracerEventType.ProfileStep]
        if steps:
            self.total = merged_duration(steps)
        elif self.events:
            self.total = max(e.end_ns for e in self.events) - min(e.start_ns for e in self.events)
        else:
            self.total = 0
        self.parent = parents(self.events)

    def time(self, ns):
        return f"{ns / self.scale:.2f}"

    def ratio(self, part, whole):
        return f"{100.0 * part / whole:.2f}" if whole else "0.00"

    def stats_cell(self, stats, whole):
        low = stats.min if stats.calls else 0
        return " / ".join([self.time(stats.total), self.time(stats.avg), self.time(stats.max),
                           self.time(low), self.ratio(stats.total, whole)])

    def overview(self):
        table = _Table("Overview Summary", ["Event Type", "Calls", "CPU Time", "Ratio (%)"],
                       "Time of events of one type is merged over threads and nesting before "
                       "summing, so ratios of different types overlap.")
        by_type = {}
        for e in self.events:
            by_type.setdefault(e.type, []).append(e)
        steps = by_type.pop(TracerEventType.ProfileStep, [])
        rows = [(t, len(es), merged_duration(es)) for t, es in by_type.items()]
        rows.sort(key=lambda r: -r[2])
        if steps:
            table.rows.append([TracerEventType.ProfileStep.name, str(len(steps)),
                               self.time(self.total), self.ratio(self.total, self.total)])
        indent = "  " if steps else ""
        for kind, calls, covered in rows:
            table.rows.append([indent + kind.name, str(calls), self.time(covered),
                               self.ratio(covered, self.total)])
        return table

    def model(self):
        table = _Table("Model Summary", ["Name", "Calls", "CPU Total / Avg / Max / Min / Ratio(%)"])
        steps = TimeStats()
        phases = {kind: TimeStats() for kind in _MODEL_PHASES}
        for i, e in enumerate(self.events):
            if e.type == TracerEventType.ProfileStep:
                steps.add(e.end_ns - e.start_ns)
            elif e.type in phases and self._outermost_of_type(i):
                phases[e.type].add(e.end_ns - e.start_ns)
        table.rows.append(["ProfileStep", str(steps.calls), self.stats_cell(steps, self.total)])
        in_phases = 0
        for kind, stats in phases.items():
            if stats.calls:
                table.rows.append(["  " + kind.name, str(stats.calls),
                                   self.stats_cell(stats, self.total)])
                in_phases += stats.total
        others = max(self.total - in_phases, 0)
        table.rows.append(["  Others", "-", f"{self.time(others)} / - / - / - / "
                                            f"{self.ratio(others, self.total)}"])
        return table

    def _outermost_of_type(self, i):
        """Whether no event enclosing event i has its type (an op run inside an
        op, nested user spans: their time counts once)."""
        kind, p = self.events[i].type, self.parent[i]
        while p is not None:
            if self.events[p].type == kind:
                return False
            p = self.parent[p]
        return True

    def _grouped_table(self, title, kinds, with_children):
        table = _Table(title, ["Name", "Calls", "CPU Total / Avg / Max / Min / Ratio(%)"])
        groups = {}  # thread (or None: merged) -> name -> TimeStats
        children = {}  # (thread, parent name) -> child name -> TimeStats
        for i, e in enumerate(self.events):
            if e.type not in kinds or not self._outermost_of_type(i):
                continue
            thread = e.thread_id if self.thread_sep else None
            groups.setdefault(thread, {}).setdefault(e.name, TimeStats()).add(e.end_ns - e.start_ns)
        if with_children:
            for i, e in enumerate(self.events):
                p = self.parent[i]
                if p is None or self.events[p].type not in kinds:
                    continue
                thread = e.thread_id if self.thread_sep else None
                key = (thread, self.events[p].name)
                children.setdefault(key, {}).setdefault(e.name, TimeStats()).add(
                    e.end_ns - e.start_ns)
        for thread in sorted(groups, key=lambda t: -1 if t is None else t):
            table.rows.append("Thread: All threads merged" if thread is None else f"Thread: {thread}")
            for name, stats in sorted(groups[thread].items(), key=_sort_key(self.sorted_by)):
                table.rows.append([name, str(stats.calls), self.stats_cell(stats, self.total)])
                inner = children.get((thread, name), {})
                for child, child_stats in sorted(inner.items(), key=_sort_key(self.sorted_by)):
                    table.rows.append(["  " + child, str(child_stats.calls),
                                       self.stats_cell(child_stats, stats.total)])
        return table

    def operators(self):
        return self._grouped_table("Operator Summary", (TracerEventType.Operator,), self.op_detail)

    def user_defined(self):
        return self._grouped_table("UserDefined Summary", _USER_TYPES, False)

    def build(self, views):
        makers = {SummaryView.OverView: self.overview, SummaryView.ModelView: self.model,
                  SummaryView.OperatorView: self.operators, SummaryView.UDFView: self.user_defined}
        texts = [makers[v]().render(self.time_unit) for v in views if v in makers]
        return "\n\n\n".join(texts)
