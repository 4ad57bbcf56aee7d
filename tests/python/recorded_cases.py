"""Compares what a case of <area>_cases.py gives here with what
tools/oracle/record_nn_cases.py recorded from PaddlePaddle 3.3.1
(tests/data/<area>/cases.npz, keys ``<case>:<name>``)."""
import functools
import pathlib

import numpy as np

DATA_DIR = pathlib.Path(__file__).resolve().parents[1] / "data"


@functools.lru_cache(maxsize=None)
def _recorded(area):
    return np.load(DATA_DIR / area / "cases.npz")


def assert_matches_recorded(area, case, got, rtol=1e-5, atol=1e-6):
    """got (name -> array) has the recorded names, dtypes and values (integers,
    strings and bools exactly)."""
    data = _recorded(area)
    expected = {k.split(":", 1)[1]: data[k] for k in data.files if k.split(":", 1)[0] == case}
    assert sorted(got) == sorted(expected), case
    for key, want in expected.items():
        value = np.asarray(got[key])
        assert value.dtype == want.dtype, f"{case}:{key} is {value.dtype}, recorded {want.dtype}"
        if want.dtype.kind in "iuUSb":
            np.testing.assert_array_equal(value, want, err_msg=f"{case}:{key}")
        else:
            np.testing.assert_allclose(value, want, rtol=rtol, atol=atol, err_msg=f"{case}:{key}")
