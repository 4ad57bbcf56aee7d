"""paddle.jit.save / load / to_static: an eager model traced into an
inference program that paddle.inference runs with the eager outputs, loaded
back as a trainable layer; models the trace cannot express are refused."""
import os

import numpy as np
import pytest

import paddle
import paddle.inference as paddle_infer
from paddle.static import InputSpec


def _params(rng):
    w = paddle.to_tensor(rng.standard_normal((4, 3)).astype("float32"))
    b = paddle.to_tensor(rng.standard_normal(3).astype("float32"))
    for t, n in ((w, "fc_0.w_0"), (b, "fc_0.b_0")):
        t.persistable, t.name = True, n
    return w, b


def _predict(prefix, *inputs):
    predictor = paddle_infer.create_predictor(paddle_infer.Config(prefix + ".pdmodel",
                                                                  prefix + ".pdiparams"))
    for name, x in zip(predictor.get_input_names(), inputs):
        predictor.get_input_handle(name).copy_from_cpu(x)
    predictor.run()
    return [predictor.get_output_handle(n).copy_to_cpu() for n in predictor.get_output_names()]


def test_saved_function_runs_in_the_predictor_at_any_batch_size(tmp_path):
    rng = np.random.default_rng(0)
    w, b = _params(rng)

    def model(x):
        return paddle.tanh(x @ w + b).reshape([-1, 3]) * 2

    prefix = str(tmp_path / "sub" / "model")
    paddle.jit.save(model, prefix, input_spec=[InputSpec([None, 4], "float32", "x")])
    assert os.path.exists(prefix + ".pdmodel") and os.path.exists(prefix + ".pdiparams")
    for batch in (1, 5):
        x = rng.standard_normal((batch, 4)).astype("float32")
        (out,) = _predict(prefix, x)
        np.testing.assert_allclose(out, model(paddle.to_tensor(x)).numpy(), rtol=1e-6)


def test_loaded_layer_matches_and_trains(tmp_path):
    rng = np.random.default_rng(1)
    w, b = _params(rng)

    @paddle.jit.to_static(input_spec=[InputSpec([None, 4], "float32")])
    def model(x):
        return paddle.sum(x @ w + b, axis=1)

    prefix = str(tmp_path / "m")
    paddle.jit.save(model, prefix)
    layer = paddle.jit.load(prefix)
    assert layer.input_names == ["x"]
    x = paddle.to_tensor(rng.standard_normal((3, 4)).astype("float32"))
    np.testing.assert_allclose(layer(x).numpy(), model(x).numpy(), rtol=1e-6)
    layer(x).sum().backward()
    grads = {n: p.grad.numpy() for n, p in layer.state_dict().items()}
    np.testing.assert_allclose(grads["fc_0.b_0"], np.full(3, 3.0))
    np.testing.assert_allclose(grads["fc_0.w_0"], np.tile(x.numpy().sum(0)[:, None], (1, 3)),
                               rtol=1e-5)


def test_constants_made_in_forward_are_saved(tmp_path):
    scale = paddle.to_tensor(np.array([1.0, 2.0, 3.0], "float32"))  # not persistable

    def model(x):
        return x * scale + paddle.full([3], 0.5)

    prefix = str(tmp_path / "c")
    paddle.jit.save(model, prefix, input_spec=[InputSpec([None, 3])])
    x = np.ones((2, 3), "float32")
    np.testing.assert_allclose(_predict(prefix, x)[0], x * [1, 2, 3] + 0.5)


def test_in_place_updates_are_recorded(tmp_path):
    def model(x):
        y = x * 2
        y += 1
        return y

    prefix = str(tmp_path / "i")
    paddle.jit.save(model, prefix, input_spec=[InputSpec([None, 2])])
    np.testing.assert_allclose(_predict(prefix, np.ones((3, 2), "float32"))[0], np.full((3, 2), 3.0))


def test_batch_dependent_ops_are_refused(tmp_path):
    def model(x):
        return x.reshape([x.shape[0] * 3, -1])

    with pytest.raises(ValueError, match="reshape2.*one batch size"):
        paddle.jit.save(model, str(tmp_path / "b"), input_spec=[InputSpec([None, 6])])


def test_value_dependent_python_control_flow_is_refused(tmp_path):
    def model(x):
        if x.sum() > 0:
            return x * 2
        return x

    with pytest.raises(RuntimeError, match="reads the value of a tensor"):
        paddle.jit.save(model, str(tmp_path / "v"), input_spec=[InputSpec([None, 2])])
    assert not paddle.base.core.is_tracing()  # the trace ended with the error


def test_bad_arguments():
    with pytest.raises(ValueError, match="input_spec is required"):
        paddle.jit.save(lambda x: x, "/tmp/x")
    with pytest.raises(ValueError, match="each dim"):
        InputSpec([None, -2])
    with pytest.raises(ValueError, match="no model"):
        paddle.jit.load("/nonexistent/model")
    with pytest.raises(TypeError, match="InputSpec or Tensor"):
        paddle.jit.save(lambda x: x, "/tmp/x", input_spec=[[2, 3]])
