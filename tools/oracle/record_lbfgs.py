"""Records what PaddlePaddle 3.3.1's LBFGS does, for tests/data/lbfgs/.

Not run by CI (it needs PaddlePaddle itself). Run it from the repository root
with a Python that has `paddlepaddle==3.3.1`:

    /path/to/venv/bin/python tools/oracle/record_lbfgs.py

For every case of tools/oracle/lbfgs_cases.py it runs the case's
step(closure) calls and writes, per step, the returned loss, the closure's
losses and the parameters; then the final state_dict()['state'] (scalars in
lbfgs_cases.json, tensors in lbfgs_steps.npz); for the cases of
SAVED_AFTER_FIRST_STEP, paddle.save's file of the state_dict after the first
step ({case}_step0.pdopt). It also writes the result of
each LINE_SEARCHES case (the line search run on its own along a made-up
line) and the error type and message of each ERRORS case.
"""
import json
import pathlib
import sys

import numpy as np
import paddle

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
from tools.oracle.lbfgs_cases import (  # noqa: E402
    CASES, ERRORS, LINE_SEARCHES, SAVED_AFTER_FIRST_STEP, build, case_steps, error_of,
    line_search, run_steps, state_arrays)

OUT = REPO / "tests" / "data" / "lbfgs"


def record_state(name, state, arrays):
    """The state's scalars (and list lengths, None positions) for the JSON;
    its arrays into ``arrays``."""
    meta = {}
    for key, value in state_arrays(state).items():
        if isinstance(value, list):
            meta[key] = [None if v is None else "array" for v in value]
            for i, v in enumerate(value):
                if v is not None:
                    arrays[f"{name}/state/{key}/{i}"] = v
        elif isinstance(value, np.ndarray):
            meta[key] = "array"
            arrays[f"{name}/state/{key}"] = value
        else:
            meta[key] = value
    return meta


def paddle_line_search(evaluate, step, d, loss, grad, slope):
    """PaddlePaddle's strong-Wolfe search (private: its step() is the public
    way in) with the signature lbfgs_cases.line_search calls."""
    from paddle.optimizer.lbfgs import _strong_wolfe

    return _strong_wolfe(lambda x, t, d: evaluate(t), None, step, d, loss, grad, slope)


def record_case(name, arrays):
    with paddle.utils.unique_name.guard():
        params, loss_fn, opt = build(paddle, name)
        history = run_steps(paddle, opt, params, loss_fn, 1)
        if name in SAVED_AFTER_FIRST_STEP:
            paddle.save(opt.state_dict(), str(OUT / f"{name}_step0.pdopt"))
        history += run_steps(paddle, opt, params, loss_fn, case_steps(name) - 1)
    for step, (_, _, values) in enumerate(history):
        for i, v in enumerate(values):
            arrays[f"{name}/step{step}/p{i}"] = v
    return {"returned": [h[0] for h in history], "closure_losses": [h[1] for h in history],
            "state_keys": list(opt.state_dict()["state"]),
            "state": record_state(name, opt.state_dict()["state"], arrays)}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    paddle.disable_static()
    arrays, meta = {}, {"version": paddle.__version__, "cases": {}, "errors": {},
                        "line_searches": {}}
    for name in CASES:
        meta["cases"][name] = record_case(name, arrays)
    for name in LINE_SEARCHES:
        meta["line_searches"][name] = line_search(paddle, name, paddle_line_search)
    for name in ERRORS:
        meta["errors"][name] = error_of(paddle, name)
    np.savez_compressed(OUT / "lbfgs_steps.npz", **arrays)
    (OUT / "lbfgs_cases.json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(CASES)} cases and {len(ERRORS)} errors to {OUT}")


if __name__ == "__main__":
    main()
