"""Records what PaddlePaddle 3.3.1's learning-rate schedulers compute, for
tests/data/lr_schedulers/schedules.json.

Not run by CI (it needs PaddlePaddle itself). Run it from the repository root
with a Python that has `paddlepaddle==3.3.1`:

    /path/to/venv/bin/python tools/oracle/record_lr_schedulers.py

For every case of tools/oracle/lr_cases.py it writes the learning rate and
last_epoch after construction and after each of STEPS `step()` calls (and the
scheduler's public attributes before and after those), after
each `step(epoch)` of JUMP_EPOCHS on a fresh scheduler, the state_dict after
RESUME_AFTER steps and the rates a fresh scheduler steps through after loading
it, and what `verbose=True` prints. ReduceOnPlateau steps on PLATEAU_METRICS,
given as Python floats, float32 numpy arrays and float32 paddle Tensors. An
exception (OneCycleLR past total_steps) ends a sequence with its type and text.
For each of BAD_ARGUMENTS it writes the type and text of the error raised.
"""
import contextlib
import io
import json
import pathlib
import sys

import numpy as np
import paddle
from paddle.optimizer import lr

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
from tools.oracle.lr_cases import (  # noqa: E402
    BAD_ARGUMENTS, CASES, JUMP_EPOCHS, PLATEAU_METRICS, RESUME_AFTER, RESUME_STEPS,
    STEPS, build_scheduler, public_attributes)

OUT = REPO / "tests" / "data" / "lr_schedulers" / "schedules.json"

METRIC_KINDS = {
    "float": float,
    "float32_ndarray": lambda v: np.array([v], dtype="float32"),
    "float32_tensor": lambda v: paddle.to_tensor([v], dtype="float32"),
}


def error_entry(exc):
    return {"error": type(exc).__name__, "message": str(exc)}


def plain(value):
    """A state_dict value as JSON (numpy scalars and one-element arrays as floats)."""
    if isinstance(value, (np.ndarray, np.generic)):
        return float(np.asarray(value).reshape(()))
    return value


def run_steps(sched, count, metrics=None):
    """[[last_epoch, lr], ...] after each step(), or an error entry last."""
    out = []
    for i in range(count):
        try:
            sched.step() if metrics is None else sched.step(metrics[i])
        except Exception as exc:  # noqa: BLE001  (recorded: the test expects the same)
            out.append(error_entry(exc))
            break
        out.append([sched.last_epoch, sched()])
    return out


def run_jumps(sched, metrics=None):
    """[[epoch, last_epoch, lr], ...] after each step(epoch) of JUMP_EPOCHS (an
    error as {epoch, last_epoch, error, message})."""
    out = []
    for i, epoch in enumerate(JUMP_EPOCHS):
        try:
            if metrics is None:
                sched.step(epoch)
            else:
                sched.step(metrics[i], epoch)
        except Exception as exc:  # noqa: BLE001
            out.append({"epoch": epoch, "last_epoch": sched.last_epoch, **error_entry(exc)})
            continue
        out.append([epoch, sched.last_epoch, sched()])
    return out


def record_case(name, kwargs):
    plateau = name == "ReduceOnPlateau"
    metrics = [float(m) for m in PLATEAU_METRICS] if plateau else None
    make = lambda **extra: build_scheduler(lr, name, {**kwargs, **extra})  # noqa: E731
    sched = make()
    case = {"scheduler": name, "kwargs": kwargs,
            "initial": [sched.last_epoch, sched()],
            "attributes": public_attributes(sched),
            "steps": run_steps(sched, STEPS, metrics),
            "attributes_after_steps": public_attributes(sched),
            "jumps": run_jumps(make(), metrics)}
    if plateau:
        case["steps_by_metric_kind"] = {
            kind: run_steps(make(), STEPS, [convert(m) for m in metrics])
            for kind, convert in METRIC_KINDS.items()}

    sched = make()
    run_steps(sched, RESUME_AFTER, metrics)
    state = sched.state_dict()
    case["state_dict"] = {k: plain(v) for k, v in state.items()}
    resumed = make()
    resumed.set_state_dict(state)
    case["resumed"] = run_steps(resumed, RESUME_STEPS,
                                metrics[RESUME_AFTER:] if plateau else None)

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        verbose = make(verbose=True)
        run_steps(verbose, 3, metrics)
    case["verbose"] = printed.getvalue().splitlines()
    return case


def record_bad(name, kwargs):
    try:
        build_scheduler(lr, name, kwargs)
    except Exception as exc:  # noqa: BLE001
        return {"scheduler": name, "kwargs": kwargs, **error_entry(exc)}
    raise SystemExit(f"{name}({kwargs}) did not raise")


def main():
    data = {"paddle_version": paddle.__version__,
            "all": list(lr.__all__),
            "cases": [record_case(n, k) for n, k in CASES],
            "bad_arguments": [record_bad(n, k) for n, k in BAD_ARGUMENTS]}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    # One line per case keeps the file small and a re-recording's diff readable.
    lines = [json.dumps(item, separators=(",", ":")) for item in data["cases"]]
    bad = [json.dumps(item, separators=(",", ":")) for item in data["bad_arguments"]]
    OUT.write_text(
        f'{{"paddle_version":{json.dumps(data["paddle_version"])},\n'
        f'"all":{json.dumps(data["all"])},\n'
        '"cases":[\n' + ",\n".join(lines) + '],\n'
        '"bad_arguments":[\n' + ",\n".join(bad) + ']}\n')
    print(f"wrote {OUT.relative_to(REPO)}: {len(data['cases'])} cases, "
          f"{len(data['bad_arguments'])} bad argument sets")


if __name__ == "__main__":
    main()
