"""Records what PaddlePaddle 3.3.1's paddle.profiler schedulers give, for
tests/data/profiler/schedules.json.

Not run by CI (it needs PaddlePaddle itself). Run it from the repository root
with a Python that has `paddlepaddle==3.3.1`:

    /path/to/venv/bin/python tools/oracle/record_profiler.py

For each (closed, ready, record, repeat, skip_first) of MAKE_SCHEDULER and each
(start_batch, end_batch) of RANGES (the Profiler's tuple scheduler) it writes
the state names of steps 0..STEPS-1, and the public names of the module.
"""
import json
import pathlib
import warnings

import paddle.profiler as profiler

REPO = pathlib.Path(__file__).resolve().parents[2]
OUT = REPO / "tests" / "data" / "profiler" / "schedules.json"
STEPS = 24

MAKE_SCHEDULER = [
    dict(closed=1, ready=1, record=4, repeat=1),
    dict(closed=1, ready=1, record=4, skip_first=1),
    dict(closed=0, ready=0, record=1),
    dict(closed=2, ready=0, record=3, repeat=2, skip_first=3),
    dict(closed=0, ready=2, record=2, repeat=3),
    dict(closed=3, ready=1, record=1, repeat=0, skip_first=5),
]
RANGES = [(2, 5), (0, 3), (3, 4), (1, 9), (-2, 2)]


def states(scheduler):
    return [scheduler(step).name for step in range(STEPS)]


def main():
    warnings.simplefilter("ignore")
    cases = [{"kwargs": kw, "states": states(profiler.make_scheduler(**kw))} for kw in MAKE_SCHEDULER]
    ranges = []
    for start, end in RANGES:
        prof = profiler.Profiler(scheduler=(start, end), on_trace_ready=lambda p: None)
        ranges.append({"range": [start, end], "states": states(prof.scheduler)})
    out = {"steps": STEPS, "make_scheduler": cases, "ranges": ranges,
           "all": sorted(profiler.__all__)}
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
