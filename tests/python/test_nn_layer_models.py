"""Whole models from paddle.nn against PaddlePaddle 3.3.1 (recorded by
tools/oracle/nn_layer_oracle.py into tests/data/nn_layers): the same
state_dict layout and parameter names, and with the same weights the same
training output, parameter gradients, batch-norm statistics and eval output."""
import json
import pathlib

import numpy as np
import pytest

import paddle
import paddle.nn as nn
from nn_layer_models import MODELS, model_input, seeded_state
from paddle.utils import unique_name

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "nn_layers"
LAYOUT = json.loads((DATA / "layout.json").read_text())
VALUES = np.load(DATA / "values.npz")


def _build(name):
    with unique_name.guard():
        return MODELS[name](paddle, nn)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_state_dict_layout_matches_paddlepaddle(name):
    model, _ = _build(name)
    got = [[k, v.name, list(v.shape), v.dtype.name, not v.stop_gradient]
           for k, v in model.state_dict().items()]
    assert got == LAYOUT[name]


@pytest.mark.parametrize("name", sorted(MODELS))
def test_outputs_gradients_and_statistics_match_paddlepaddle(name):
    model, shape = _build(name)
    sd = model.state_dict()
    state = seeded_state([(k, list(v.shape)) for k, v in sd.items()])
    assert model.set_state_dict(state) == ([], [])
    x = paddle.to_tensor(model_input(name, shape))
    out = model.train()(x)
    out.sum().backward()
    np.testing.assert_allclose(out.numpy(), VALUES[f"{name}:train"], rtol=1e-4, atol=1e-5)
    for k, p in model.named_parameters():
        key = f"{name}:grad:{k}"
        if key in VALUES:
            np.testing.assert_allclose(p.grad.numpy(), VALUES[key], rtol=1e-4, atol=1e-5,
                                       err_msg=k)
        else:
            assert p.grad is None, k
    for k, v in model.state_dict().items():
        np.testing.assert_allclose(v.numpy(), VALUES[f"{name}:state:{k}"], rtol=1e-5, atol=1e-6,
                                   err_msg=k)
    np.testing.assert_allclose(model.eval()(x).numpy(), VALUES[f"{name}:eval"], rtol=1e-4,
                               atol=1e-5)
