"""Bad arguments raise the built-in error class PaddlePaddle 3.3.1 raises
(recorded by tools/oracle/tensor_api_errors_oracle.py), except where this
package deliberately says more."""
import json
import pathlib

import numpy as np
import pytest

import paddle

DATA = pathlib.Path(__file__).resolve().parent.parent / "data" / "tensor_api"
RECORDED = json.loads((DATA / "errors.json").read_text())["errors"]
ENV = {"P": paddle, "T": paddle.to_tensor, "np": np, "F": np.ones((3, 4), dtype="float32")}
CLASSES = (IndexError, TypeError, ValueError, LookupError, RuntimeError, NotImplementedError,
           AssertionError)

# Where this package raises another class than 3.3.1, and why.
DEVIATIONS = {
    # 3.3.1 reads past the end; an index out of range is an IndexError here.
    "T(F)[[5]]": "IndexError",
    # numpy's class for index arrays that do not broadcast.
    "T(F)[[0, 1], [0, 1, 2]]": "IndexError",
    # Shapes that do not match are bad arguments (3.3.1: PreconditionNotMet).
    "P.masked_select(T(F), T([True, False]))": "ValueError",
    "P.dot(T(F[0]), T(F[0, :2]))": "ValueError",
    "P.isclose(T(F), T(F[:2]))": "ValueError",
    # Every axis out of range is a ValueError here (3.3.1: IndexError for cumsum only).
    "P.cumsum(T(F), axis=3)": "ValueError",
    "P.swapaxes(T(F), 0, 2)": "ValueError",
    "P.narrow(T(F), 2, 0, 1)": "ValueError",
    "P.diag_embed(T(F), 0, 3, 0)": "ValueError",
    # 3.3.1 asserts (AssertionError); a bad argument is a ValueError here.
    "P.narrow(T(F), 1, 3, 2)": "ValueError",
    "P.narrow(T(F), 0, -4, 1)": "ValueError",
    "P.unflatten(T(F), 2, [2, 2])": "ValueError",
    "P.tensordot(T(F), T(F), 3)": "ValueError",
    "P.cdist(T(F), T(F[:, :2]))": "ValueError",
    "P.cdist(T(F[0]), T(F[0]))": "ValueError",
    "P.cdist(T(F), T(F), p=-1.0)": "ValueError",
    # 3.3.1 accepts these and computes something else (a tensor read as its
    # rows, a perm shorter than the rank, sample points that do not match y).
    "P.hstack(T(F))": "TypeError",
    "P.permute(T(F), [0])": "ValueError",
    "P.trapezoid(T(F), x=T(F[0, :2]))": "ValueError",
    # 3.3.1 has no int kernel (RuntimeError); a wrong dtype is a TypeError here.
    "P.renorm(T(F).astype('int64'), 2.0, 0, 1.0)": "TypeError",
    "P.logcumsumexp(T(F), axis=-3)": "ValueError",
    "P.cummax(T(F), axis=2)": "ValueError",
    "P.diff(T(F), axis=2)": "ValueError",
}


@pytest.mark.parametrize("src", sorted(RECORDED))
def test_error_class_matches_paddlepaddle(src):
    expect = DEVIATIONS.get(src, RECORDED[src])
    with pytest.raises(CLASSES) as info:
        eval(src, ENV)
    got = next(c.__name__ for c in CLASSES if isinstance(info.value, c))
    assert got == expect, (src, str(info.value))


def test_deviations_are_still_deviations():
    for src, ours in DEVIATIONS.items():
        assert RECORDED[src] != ours, src
