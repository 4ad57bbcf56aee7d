"""paddle.nn.utils against PaddlePaddle 3.3.1: the cases of nn_utils_cases.py
that tools/oracle/record_nn_cases.py recorded (tests/data/nn_utils), the
hooks' bookkeeping, and bad input."""
import numpy as np
import pytest

import paddle
from nn_utils_cases import CASES
from recorded_cases import assert_matches_recorded


@pytest.mark.parametrize("case", sorted(CASES))
def test_matches_paddle(case):
    assert_matches_recorded("nn_utils", case, CASES[case](paddle))


def test_weight_norm_parameters_and_hook():
    layer = paddle.nn.utils.weight_norm(paddle.nn.Linear(2, 3))
    assert sorted(n for n, _ in layer.named_parameters()) == ["bias", "weight_g", "weight_v"]
    with paddle.no_grad():
        layer.weight_g.set_value(paddle.to_tensor([2.0, 3.0]))
    layer(paddle.ones([1, 2]))  # the hook recomputes the weight: rows of norm g
    np.testing.assert_allclose(np.linalg.norm(layer.weight.numpy(), axis=1), [2.0, 3.0],
                               rtol=1e-6)
    with pytest.raises(RuntimeError, match="two weight_norm hooks"):
        paddle.nn.utils.weight_norm(layer)
    paddle.nn.utils.remove_weight_norm(layer)
    assert not layer._forward_pre_hooks


def test_spectral_norm_buffers_and_eval():
    layer = paddle.nn.utils.spectral_norm(paddle.nn.Linear(3, 2), n_power_iterations=30)
    assert sorted(n for n, _ in layer.named_parameters()) == ["bias", "weight_orig"]
    assert {"weight_u", "weight_v"} <= set(layer.state_dict())
    layer(paddle.ones([1, 3]))
    sigma = np.linalg.svd(layer.weight_orig.numpy(), compute_uv=False)[0]
    np.testing.assert_allclose(layer.weight.numpy(), layer.weight_orig.numpy() / sigma,
                               rtol=1e-4)
    u = layer.weight_u.numpy().copy()
    layer.eval()
    layer(paddle.ones([1, 3]))
    np.testing.assert_array_equal(layer.weight_u.numpy(), u)  # no iteration in eval mode


def test_weight_norm_gradient_numerically():
    layer = paddle.nn.utils.weight_norm(paddle.nn.Linear(3, 2, bias_attr=False), dim=1)
    x = paddle.to_tensor(np.random.default_rng(0).uniform(-1, 1, [4, 3]).astype("float64"))
    layer.to(dtype="float64")
    layer(x).sum().backward()
    analytic = layer.weight_v.grad.numpy()
    v0 = layer.weight_v.numpy().copy()
    numeric = np.zeros_like(v0)
    for idx in np.ndindex(*v0.shape):
        values = []
        for step in (1e-6, -1e-6):
            v = v0.copy()
            v[idx] += step
            layer.weight_v.set_value(v)
            values.append(layer(x).sum().item())
        numeric[idx] = (values[0] - values[1]) / 2e-6
    np.testing.assert_allclose(analytic, numeric, rtol=1e-5, atol=1e-7)


def test_clip_grad_norm_without_gradients_and_single_tensor():
    w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    assert paddle.nn.utils.clip_grad_norm_([w], 1.0).item() == 0.0
    (w * w).sum().backward()
    total = paddle.nn.utils.clip_grad_norm_(w, 1.0)
    np.testing.assert_allclose(total.item(), np.sqrt(20.0), rtol=1e-6)
    np.testing.assert_allclose(np.linalg.norm(w.grad.numpy()), 1.0, rtol=1e-5)


def test_bad_input():
    linear = paddle.nn.Linear(2, 2)
    with pytest.raises(ValueError, match=r"\[weight_norm\] layer Linear has no parameter named"):
        paddle.nn.utils.weight_norm(linear, "kernel")
    with pytest.raises(ValueError, match=r"\[weight_norm\] dim must be an int in \[-2, 2\)"):
        paddle.nn.utils.weight_norm(linear, dim=2)
    with pytest.raises(TypeError, match=r"\[weight_norm\] layer must be a paddle.nn.Layer"):
        paddle.nn.utils.weight_norm("linear")
    with pytest.raises(ValueError, match=r"\[remove_weight_norm\] weight_norm of 'weight' not"):
        paddle.nn.utils.remove_weight_norm(linear)
    with pytest.raises(ValueError, match=r"\[spectral_norm\] n_power_iterations must be"):
        paddle.nn.utils.spectral_norm(linear, n_power_iterations=0)
    with pytest.raises(ValueError, match=r"\[clip_grad_norm_\] norm_type must be one of"):
        paddle.nn.utils.clip_grad_norm_(linear.parameters(), 1.0, norm_type=3)
    with pytest.raises(TypeError, match=r"\[clip_grad_value_\] clip_value must be a number"):
        paddle.nn.utils.clip_grad_value_(linear.parameters(), "1")
    with pytest.raises(ValueError, match=r"\[vector_to_parameters\] vec must be 1-D"):
        paddle.nn.utils.vector_to_parameters(paddle.ones([2, 3]), linear.parameters())
    with pytest.raises(ValueError, match=r"\[vector_to_parameters\] vec holds 5 values"):
        paddle.nn.utils.vector_to_parameters(paddle.ones([5]), linear.parameters())
    with pytest.raises(TypeError, match=r"\[parameters_to_vector\] parameters\[1\] must be"):
        paddle.nn.utils.parameters_to_vector([linear.weight, 3])
    w = paddle.to_tensor([1.0], stop_gradient=False)
    (w * float("inf")).sum().backward()
    with pytest.raises(RuntimeError, match=r"\[clip_grad_norm_\] the total norm .* non-finite"):
        paddle.nn.utils.clip_grad_norm_(w, 1.0, error_if_nonfinite=True)


def test_static_mode_refused():
    paddle.enable_static()
    try:
        with pytest.raises(RuntimeError, match=r"\[clip_grad_value_\] .*dynamic mode"):
            paddle.nn.utils.clip_grad_value_([], 1.0)
    finally:
        paddle.disable_static()
