"""Records PaddlePaddle 3.3.1's high-level API on the cases of
tests/python/hapi_cases.py and the models of tests/python/nn_layer_models.py
into tests/data/hapi/expected.json (and preds.npy, fit_model.pdparams): metric values, progress
bar output under a fake clock, EarlyStopping/ReduceLROnPlateau decisions, the
log of a seeded fit/evaluate/predict, and paddle.summary / paddle.flops
output and totals.

Not run by CI. Run it with the real PaddlePaddle:

    /work/venvs/paddle/bin/python tools/oracle/hapi_oracle.py
"""
import contextlib
import io
import json
import pathlib
import sys
import tempfile

import numpy as np
import paddle
import paddle.hapi.progressbar as progressbar
import paddle.nn as nn
from paddle.utils import unique_name

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "data" / "hapi"
sys.path.insert(0, str(ROOT / "tests" / "python"))

import hapi_cases  # noqa: E402
from nn_layer_models import MODELS, seeded_state  # noqa: E402


def _json_ready(value):
    if isinstance(value, dict):
        return {str(k): _json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_ready(v) for v in value]
    if isinstance(value, (np.generic, np.ndarray)):
        return value.tolist()
    return value


def _captured(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        result = fn()
    return buf.getvalue(), result


def record_summaries():
    out = {}
    for name, build in MODELS.items():
        with unique_name.guard():
            model, shape = build(paddle, nn)
            text, totals = _captured(lambda: paddle.summary(
                model, tuple(shape), dtypes=hapi_cases.summary_dtype(name)))
        out[name] = {"shape": shape, "text": text, "totals": _json_ready(totals)}
    return out


def record_flops():
    # 3.3.1's flops converts its [1]-shaped counters with int(), which numpy 2.4
    # refuses for non-0-D arrays; convert them by their single element instead.
    paddle.Tensor.__int__ = lambda t: int(np.array(t).reshape(-1)[0])
    out = {}
    for name in hapi_cases.flops_models(MODELS):
        for detail in (False, True):
            with unique_name.guard():
                model, shape = MODELS[name](paddle, nn)
                text, total = _captured(lambda: paddle.flops(model, shape, print_detail=detail))
            out[f"{name}_{detail}"] = {"shape": shape, "text": text, "flops": int(total)}
    return out


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    expected = {"metrics": _json_ready(hapi_cases.run_metrics(paddle))}

    clock = [0.0]
    real_time = progressbar.time.time
    progressbar.time.time = lambda: clock[0]
    try:
        expected["progress"] = hapi_cases.run_progress_scripts(progressbar, clock)
    finally:
        progressbar.time.time = real_time

    with tempfile.TemporaryDirectory() as tmp:
        expected["early_stopping"] = hapi_cases.run_early_stopping(paddle, tmp)
    expected["early_stopping_no_dir"] = hapi_cases.run_early_stopping(paddle)
    expected["plateau"] = hapi_cases.run_plateau(paddle)

    fits = {}
    for verbose in (1, 2):
        paddle.seed(0)
        log, result, preds = hapi_cases.run_fit(paddle, nn, seeded_state, verbose, unique_name,
                                                str(OUT / "fit_model"))
        fits[str(verbose)] = {"log": log, "evaluate": _json_ready(result)}
    np.save(OUT / "preds.npy", preds)
    expected["fit"] = fits
    paddle.seed(0)
    log, result, shapes = hapi_cases.run_two_heads(paddle, nn, seeded_state, unique_name)
    expected["two_heads"] = {"log": log, "evaluate": _json_ready(result), "shapes": shapes}
    expected["summary"] = record_summaries()
    expected["flops"] = record_flops()
    with open(OUT / "expected.json", "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
