"""paddle.nn.BatchNorm, PaddlePaddle's older batch-norm layer (DenseNet's):
parameter names, the activation after it, channel-last layouts, bad input."""
import numpy as np
import pytest

import paddle
from paddle.utils import unique_name

X = np.random.default_rng(0).normal(size=(4, 3, 2, 5)).astype("float32")


def _reference(x, axis):
    """Batch statistics over every axis but the channel one, then ReLU."""
    axes = tuple(a for a in range(x.ndim) if a != axis)
    mean, var = x.mean(axis=axes, keepdims=True), x.var(axis=axes, keepdims=True)
    return np.maximum((x - mean) / np.sqrt(var + 1e-5), 0)


def test_parameter_names_follow_paddlepaddle():
    with unique_name.guard():
        bn = paddle.nn.BatchNorm(3)
        named = paddle.nn.BatchNorm(3, moving_mean_name="mm", moving_variance_name="mv")
    assert [(k, v.name) for k, v in bn.state_dict().items()] == [
        ("weight", "batch_norm_0.w_0"), ("bias", "batch_norm_0.b_0"),
        ("_mean", "batch_norm_0.w_1"), ("_variance", "batch_norm_0.w_2")]
    assert [v.name for v in named.state_dict().values()][2:] == ["mm", "mv"]


def test_training_normalizes_then_applies_act():
    out = paddle.nn.BatchNorm(3, act="relu")(paddle.to_tensor(X))
    np.testing.assert_allclose(out.numpy(), _reference(X, 1), rtol=1e-4, atol=1e-5)
    nhwc = X.transpose(0, 2, 3, 1)
    out = paddle.nn.BatchNorm(3, act="relu", data_layout="NHWC")(paddle.to_tensor(nhwc))
    np.testing.assert_allclose(out.numpy(), _reference(nhwc, 3), rtol=1e-4, atol=1e-5)
    flat = X[:, :, 0, 0]  # [N, C] input
    out = paddle.nn.BatchNorm(3, act="relu")(paddle.to_tensor(flat))
    np.testing.assert_allclose(out.numpy(), _reference(flat, 1), rtol=1e-4, atol=1e-5)


def test_eval_uses_running_statistics():
    bn = paddle.nn.BatchNorm(3, act="sigmoid")
    bn.eval()
    out = bn(paddle.to_tensor(X)).numpy()
    np.testing.assert_allclose(out, 1 / (1 + np.exp(-X / np.sqrt(1 + 1e-5))), rtol=1e-5)


def test_bad_arguments():
    with pytest.raises(ValueError, match="act"):
        paddle.nn.BatchNorm(3, act="not_an_activation")
    with pytest.raises(ValueError, match="data_format"):
        paddle.nn.BatchNorm(3, data_layout="NCDHW")
    with pytest.raises(ValueError, match="num_features"):
        paddle.nn.BatchNorm(0)
