"""The whole paddle.nn models of nn_layer_models.py built in static mode:
with PaddlePaddle's seeded weights set in the scope, the program's training
output, parameter gradients (paddle.static.gradients), updated batch-norm
statistics and the clone(for_test=True) output equal what PaddlePaddle 3.3.1
recorded for the same model in eager mode (tests/data/nn_layers)."""
import pathlib

import numpy as np
import pytest

import paddle
import paddle.nn as nn
from nn_layer_models import MODELS, model_input, seeded_state
from paddle import static

VALUES = np.load(pathlib.Path(__file__).resolve().parents[1] / "data" / "nn_layers" / "values.npz")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_static_model_matches_paddlepaddle(static_programs, name):
    main, startup = static_programs
    model, shape = MODELS[name](paddle, nn)
    x_value = model_input(name, shape)
    x = static.data("x", list(x_value.shape), str(x_value.dtype))
    out = model.train()(x)
    test_program = main.clone(for_test=True)
    params = [(k, p) for k, p in model.named_parameters() if f"{name}:grad:{k}" in VALUES]
    grads = static.gradients([paddle.sum(out)], [p for _, p in params])
    exe = static.Executor()
    exe.run(startup)
    sd = model.state_dict()
    scope = static.global_scope()
    for key, value in seeded_state([(k, list(v.shape)) for k, v in sd.items()]).items():
        scope.var(sd[key].name).get_tensor().set(value)
    got = exe.run(main, feed={"x": x_value}, fetch_list=[out] + grads)
    np.testing.assert_allclose(got[0], VALUES[f"{name}:train"], rtol=1e-4, atol=1e-5)
    for (k, _), g in zip(params, got[1:]):
        np.testing.assert_allclose(g, VALUES[f"{name}:grad:{k}"], rtol=1e-4, atol=1e-5, err_msg=k)
    for k, v in sd.items():
        np.testing.assert_allclose(np.array(scope.find_var(v.name).get_tensor()),
                                   VALUES[f"{name}:state:{k}"], rtol=1e-5, atol=1e-6, err_msg=k)
    (eval_out,) = exe.run(test_program, feed={"x": x_value}, fetch_list=[out.name])
    np.testing.assert_allclose(eval_out, VALUES[f"{name}:eval"], rtol=1e-4, atol=1e-5)
