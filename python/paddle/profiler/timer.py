"""Step timing for Profiler.step_info and timer_only: reader cost (time spent
in the DataLoader's next, also recorded as a Dataloader event), batch cost
(time between steps) and throughput.

One process-wide timer, as the DataLoader reports to it without knowing the
profiler; a profiler started inside another's run (evaluation in training)
pushes its own run and pops it at stop.
"""
import time

from paddle import _core

from .event_types import TracerEventType

__all__ = []

# As PaddlePaddle: the first steps (warm-up) stay out of the end-of-run summary.
_SKIPPED_STEPS = 10


class _Stats:
    """max / min / total of a per-step quantity, after the skipped steps."""

    def __init__(self):
        self.max, self.min, self.total = 0.0, float("inf"), 0.0

    def add(self, value):
        self.max = max(self.max, value)
        self.min = min(self.min, value)
        self.total += value


class _Run:
    """The timing of one profiler run (start to stop)."""

    def __init__(self):
        self.steps = 0
        self.per_samples = True  # False once a step has no num_samples: ips in steps/s
        self.samples_after_skip = 0
        self.reader, self.batch, self.ips = _Stats(), _Stats(), _Stats()
        self.reset_window()

    def reset_window(self):
        """What step_info averages: the steps since its last call."""
        self.window_steps = self.window_reads = 0
        self.window_reader = self.window_batch = 0.0
        self.window_samples = 0


class StepTimer:
    def __init__(self):
        self._runs = []
        self._step_start = self._reader_start = time.perf_counter()
        self._reader_event = None

    @property
    def current(self):
        return self._runs[-1] if self._runs else None

    def begin(self):
        self._runs.append(_Run())
        self._step_start = time.perf_counter()

    def before_reader(self):
        self._reader_start = time.perf_counter()
        # The read as a Dataloader event too, while a profiler records; a read
        # that ends the epoch (StopIteration) never reaches after_reader and
        # its event is dropped.
        self._reader_event = (_core._RecordEvent("DataLoader", TracerEventType.Dataloader.value)
                              if _core.profiler_enabled() else None)

    def after_reader(self):
        if self._reader_event is not None:
            self._reader_event.end()
            self._reader_event = None
        run = self.current
        if run is None:
            return
        cost = time.perf_counter() - self._reader_start
        run.window_reads += 1
        run.window_reader += cost
        if run.steps >= _SKIPPED_STEPS:
            run.reader.add(cost)

    def step(self, num_samples=None):
        run = self.current
        if run is None:
            return
        now = time.perf_counter()
        cost, self._step_start = now - self._step_start, now
        if num_samples is None:
            run.per_samples = False
        run.window_steps += 1
        run.window_batch += cost
        run.window_samples += num_samples or 0
        run.steps += 1
        if run.steps > _SKIPPED_STEPS and cost > 0:
            run.batch.add(cost)
            run.ips.add((num_samples if run.per_samples else 1) / cost)
            run.samples_after_skip += num_samples or 0

    def step_info(self, unit):
        run = self.current
        if run is None:
            raise RuntimeError("[Profiler.step_info] the profiler is not running: call start() first")
        message = ""
        if run.window_reads:
            message += f" reader_cost: {run.window_reader / run.window_reads:.5f} s"
        if run.window_steps:
            batch = run.window_batch / run.window_steps
            message += f" batch_cost: {batch:.5f} s"
            if run.per_samples and run.window_samples:
                message += f" ips: {run.window_samples / run.window_batch:.3f} {unit}/s"
            elif not run.per_samples and run.window_batch > 0:
                message += f" ips: {run.window_steps / run.window_batch:.3f} steps/s"
        run.reset_window()
        return message

    def end(self):
        """Pops the current run and returns its summary text ('' under 11 steps)."""
        if not self._runs:
            return ""
        run = self._runs.pop()
        self._step_start = time.perf_counter()
        counted = run.steps - _SKIPPED_STEPS
        if counted <= 0 or run.batch.total <= 0:
            return ""
        unit = "samples/s" if run.per_samples else "steps/s"
        ips_avg = (run.samples_after_skip if run.per_samples else counted) / run.batch.total
        rows = [("batch_cost", run.batch.total / counted, run.batch.max, run.batch.min),
                ("ips", ips_avg, run.ips.max, run.ips.min)]
        lines = ["Perf Summary".center(100, "=")]
        if run.reader.total:
            lines.append(f"Reader Ratio: {100 * run.reader.total / run.batch.total:.3f}%")
            rows.insert(0, ("reader_cost", run.reader.total / counted, run.reader.max, run.reader.min))
        lines.append(f"Time Unit: s, IPS Unit: {unit}")
        lines.append("| " + " | ".join(c.center(15) for c in ("", "avg", "max", "min")) + " |")
        for name, avg, high, low in rows:
            lines.append("| " + " | ".join(
                [name.center(15)] + [f"{v:.5f}".center(15) for v in (avg, high, low)]) + " |")
        return "\n".join(lines)


_timer = StepTimer()


def step_timer():
    """The process-wide step timer (the DataLoader reports its reader cost here)."""
    return _timer
