"""The cases PaddlePaddle 3.3.1 recorded for the complex functions, paddle.fft,
paddle.signal and the windows (tools/oracle/complex_fft_oracle.py,
tests/data/complex/): each case's source evaluated here as the recorder did,
its results compared with the recorded ones; test_complex.py, test_fft.py and
test_signal.py each run their share."""
import json
import pathlib

import numpy as np

import paddle

T = paddle.to_tensor
DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "complex"
FIXTURE = json.loads((DATA / "cases.json").read_text())
ARRAYS = np.load(DATA / "cases.npz")
INPUTS = {k.split("/", 1)[1]: ARRAYS[k] for k in ARRAYS.files if k.startswith("input/")}


def names(select):
    """The recorded case names that select(name, source) accepts, sorted."""
    return sorted(n for n, c in FIXTURE["cases"].items() if select(n, c["src"]))


def evaluate(source):
    env = {"P": paddle, "T": T, "np": np, **{k: v.copy() for k, v in INPUTS.items()}}
    env["L"] = eval(FIXTURE["loss"], env)
    env["G"] = lambda name: T(INPUTS[name].copy(), stop_gradient=False)
    return eval(source, env)


def check_case(name):
    """The case's results: dtypes, shapes and values as 3.3.1 recorded them (float32 and
    complex64 results to 1e-5 relative, float64 and complex128 to 1e-10)."""
    case = FIXTURE["cases"][name]
    got = evaluate(case["src"])
    got = list(got) if isinstance(got, (tuple, list)) else [got]
    assert len(got) == len(case["results"]), name
    for i, (g, meta) in enumerate(zip(got, case["results"])):
        arr = g.numpy()
        assert str(arr.dtype) == meta["dtype"], (name, i, arr.dtype)
        assert list(arr.shape) == meta["shape"], (name, i, arr.shape)
        want = ARRAYS[f"{name}/{i}"]
        tol = 1e-5 if arr.dtype in (np.float32, np.complex64) else 1e-10
        scale = max(1.0, float(np.max(np.abs(want)))) if want.size else 1.0
        np.testing.assert_allclose(arr, want, rtol=tol, atol=tol * scale,
                                   err_msg=f"{name} result {i}")


def check_error(name):
    """The call fails with the error class 3.3.1 raises."""
    case = FIXTURE["errors"][name]
    try:
        evaluate(case["src"])
    except Exception as e:  # noqa: BLE001  (the class is what is compared)
        assert type(e).__name__ == case["error"], (name, type(e).__name__, str(e))
    else:
        raise AssertionError(f"{name} did not fail")
