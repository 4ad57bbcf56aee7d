"""Every paddle.nn.functional case of nn_functional_cases.py built into a
static program: the program's outputs and input gradients (paddle.static.
gradients) equal what PaddlePaddle 3.3.1 recorded for the same call in eager
mode (tests/data/nn_functional)."""
import pathlib

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle import static
from nn_functional_cases import CASES, cotangent

DATA = np.load(pathlib.Path(__file__).resolve().parents[1] / "data" / "nn_functional" / "cases.npz")


# Cases whose result depends on the input's values while the op is built.
VALUE_DEPENDENT = {"embedding_grad_by_freq", "embedding_max_norm", "embedding_max_norm_l1"}


@pytest.mark.parametrize("name", sorted(set(CASES) - VALUE_DEPENDENT))
def test_static_program_matches_paddlepaddle(static_programs, name):
    main, startup = static_programs
    inputs, diff, call = CASES[name]
    feeds = {}
    variables = []
    for i, a in enumerate(inputs):
        v = static.data(f"in{i}", list(a.shape), str(a.dtype))
        v.stop_gradient = i not in diff
        feeds[v.name] = a
        variables.append(v)
    outs = call(paddle, F, *variables)
    outs = outs if isinstance(outs, tuple) else (outs,)
    fetch = list(outs)
    if diff:
        weight = paddle.to_tensor(cotangent(list(DATA[f"{name}:out:0"].shape), name))
        fetch += static.gradients([paddle.sum(outs[0] * weight)], [variables[i] for i in diff])
    exe = static.Executor()
    exe.run(startup)
    got = exe.run(main, feed=feeds, fetch_list=fetch)
    for k in range(len(outs)):
        want = DATA[f"{name}:out:{k}"]
        assert got[k].dtype == want.dtype, f"output {k}"
        np.testing.assert_allclose(got[k], want, rtol=1e-4, atol=1e-5, err_msg=f"output {k}")
    for i, g in zip(diff, got[len(outs):]):
        np.testing.assert_allclose(g, DATA[f"{name}:grad:{i}"], rtol=1e-4, atol=1e-5,
                                   err_msg=f"gradient of input {i}")


@pytest.mark.parametrize("name", sorted(VALUE_DEPENDENT))
def test_value_dependent_options_are_refused_in_static_mode(static_programs, name):
    inputs, _, call = CASES[name]
    variables = [static.data(f"in{i}", list(a.shape), str(a.dtype)) for i, a in enumerate(inputs)]
    with pytest.raises(NotImplementedError, match="static program"):
        call(paddle, F, *variables)
