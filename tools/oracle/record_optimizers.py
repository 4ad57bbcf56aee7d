"""Records what PaddlePaddle 3.3.1's optimizers do, for tests/data/optimizers/.

Not run by CI (it needs PaddlePaddle itself). Run it from the repository root
with a Python that has `paddlepaddle==3.3.1`:

    /path/to/venv/bin/python tools/oracle/record_optimizers.py

For every case of tools/oracle/optimizer_cases.py it runs its steps on the
case's parameters (made with paddle.create_parameter, named {case}_w0 and
{case}_w1) and writes the parameters after each step and the final
state_dict: its keys in order, each accumulator's values, and LR_Scheduler.
It also records the gradients ClipGradByGlobalNorm leaves in `param.grad`
(PaddlePaddle scales them in place) and two Linear layers trained with
ParamAttr learning rates, regularizers and need_clip (layers_with_param_attrs).
"""
import json
import pathlib
import sys

import numpy as np
import paddle

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
from tools.oracle.optimizer_cases import (  # noqa: E402
    CASES, STEPS, build, case_steps, global_norm_clip_in_place, layers_with_param_attrs, make_params,
    run_steps)

OUT = REPO / "tests" / "data" / "optimizers"


def make_param(name, value):
    init = paddle.nn.initializer.Assign(value)
    return paddle.create_parameter(list(value.shape), str(value.dtype), name=name,
                                   default_initializer=init)


def record_case(name, arrays):
    params = make_params(paddle, name, make_param)
    opt, sched = build(paddle, name, params)
    history = run_steps(paddle, name, params, opt, sched, range(case_steps(name)))
    for step, values in enumerate(history):
        for i, v in enumerate(values):
            arrays[f"{name}/step{step}/w{i}"] = v
    state = opt.state_dict()
    meta = {"state_keys": list(state)}
    for key, value in state.items():
        if key == "LR_Scheduler":
            meta["LR_Scheduler"] = value
        else:
            arrays[f"{name}/state/{key}"] = value.numpy()
    return meta


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    arrays, meta = {}, {"version": paddle.__version__, "steps": STEPS, "cases": {}}
    for name in CASES:
        meta["cases"][name] = record_case(name, arrays)
    meta["global_norm_clip_in_place"] = global_norm_clip_in_place(paddle)
    history, state = layers_with_param_attrs(paddle)
    meta["layers"] = {"params": list(history[0]), "state_keys": list(state)}
    for step, by_name in enumerate(history):
        for name, v in by_name.items():
            arrays[f"layers/step{step}/{name}"] = v
    for key, value in state.items():
        arrays[f"layers/state/{key}"] = value.numpy()
    np.savez_compressed(OUT / "optimizer_steps.npz", **arrays)
    (OUT / "optimizer_cases.json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(CASES)} cases to {OUT}")


if __name__ == "__main__":
    main()
