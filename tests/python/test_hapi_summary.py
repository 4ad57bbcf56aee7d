"""paddle.summary and paddle.flops print and return what PaddlePaddle 3.3.1
does for the models of nn_layer_models.py (LeNet, an MLP, a CNN with batch
norm and pooling, a net of norms and containers), recorded by
tools/oracle/hapi_oracle.py; custom counters, input forms and bad inputs."""
import contextlib
import io
import json
import pathlib

import numpy as np
import pytest

import hapi_cases
import paddle
import paddle.nn as nn
from nn_layer_models import MODELS
from paddle.static import InputSpec
from paddle.utils import unique_name

EXPECTED = json.loads((pathlib.Path(__file__).resolve().parents[1] / "data" / "hapi" /
                       "expected.json").read_text())


def _captured(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        result = fn()
    return buf.getvalue(), result


def test_every_model_was_recorded():
    assert sorted(EXPECTED["summary"]) == sorted(MODELS)
    assert sorted(EXPECTED["flops"]) == sorted(
        f"{name}_{detail}" for name in hapi_cases.flops_models(MODELS)
        for detail in (False, True))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_summary_matches_paddlepaddle(name):
    want = EXPECTED["summary"][name]
    with unique_name.guard():
        model, shape = MODELS[name](paddle, nn)
        text, totals = _captured(lambda: paddle.summary(
            model, tuple(shape), dtypes=hapi_cases.summary_dtype(name)))
    assert text == want["text"]
    assert totals == want["totals"]
    assert model.training  # restored after the eval-mode run


@pytest.mark.parametrize("name", hapi_cases.flops_models(MODELS))
@pytest.mark.parametrize("detail", [False, True])
def test_flops_match_paddlepaddle(name, detail):
    want = EXPECTED["flops"][f"{name}_{detail}"]
    with unique_name.guard():
        model, shape = MODELS[name](paddle, nn)
        text, total = _captured(lambda: paddle.flops(model, shape, print_detail=detail))
    assert total == want["flops"]
    assert text == want["text"]


def test_summary_input_forms_agree():
    with unique_name.guard():
        net, shape = MODELS["mlp"](paddle, nn)
    batchless = [None] + shape[1:]
    results = [
        _captured(lambda: paddle.summary(net, tuple(shape)))[1],
        _captured(lambda: paddle.summary(net, InputSpec(batchless)))[1],
        _captured(lambda: paddle.summary(net, [tuple(shape)]))[1],
        _captured(lambda: paddle.summary(net, input=paddle.ones(shape)))[1],
        _captured(lambda: paddle.Model(net, InputSpec(batchless, "float32", "x")).summary())[1],
    ]
    assert all(r == {"total_params": 6 * 16 + 16 + 16 * 3 + 3, "trainable_params": 163}
               for r in results)


def test_summary_counts_frozen_parameters_as_non_trainable():
    net = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 2))
    net[0].weight.stop_gradient = True
    net[0].bias.stop_gradient = True
    text, totals = _captured(lambda: paddle.summary(net, (2, 4)))
    assert totals == {"total_params": 58, "trainable_params": 18}
    assert "Non-trainable params: 40" in text


def test_summary_with_two_inputs():
    class Two(nn.Layer):
        def __init__(self):
            super().__init__()
            self.a, self.b = nn.Linear(3, 2), nn.Linear(5, 2)

        def forward(self, x, y):
            return self.a(x) + self.b(y)
    _, totals = _captured(lambda: paddle.summary(Two(), [(1, 3), (1, 5)]))
    assert totals["total_params"] == 8 + 12


def test_flops_custom_ops_count_a_layer_type():
    def count_relu(m, x, y):
        m.total_ops += int(np.prod(y.shape))

    net = nn.Sequential(nn.Linear(4, 8), nn.ReLU())
    text, total = _captured(lambda: paddle.flops(net, [2, 4], custom_ops={nn.ReLU: count_relu}))
    assert total == 4 * 16 + 16
    assert "Customize Function has been applied to" in text


def test_bad_summary_and_flops_inputs():
    net = nn.Linear(4, 2)
    with pytest.raises(ValueError, match="input_size and input cannot be None"):
        paddle.summary(net)
    with pytest.raises(ValueError, match="only the dim of batch_size can be None"):
        paddle.summary(net, (None, None))
    with pytest.raises(ValueError, match="greater than zero"):
        paddle.summary(net, (1, 0))
    with pytest.raises(TypeError, match="expect item in input_size is a tuple"):
        paddle.summary(net, [[1, 4]])
    with pytest.raises(TypeError, match="paddle.nn.Layer"):
        paddle.flops(lambda x: x, [1, 4])
    with pytest.raises(ValueError, match="positive ints"):
        paddle.flops(net, [1, -4])
    with pytest.raises(ValueError, match="'input_size' or the Model's 'inputs'"):
        paddle.Model(net).summary()
