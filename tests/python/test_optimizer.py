"""paddle.optimizer against PaddlePaddle 3.3.1 (tests/data/optimizers, recorded by
tools/oracle/record_optimizers.py): for each case of tools/oracle/optimizer_cases.py
the parameters after every step and the final state_dict; a state_dict round
trip resuming identically; then the optimizer API and bad arguments."""
import json
import pathlib

import numpy as np
import pytest

import paddle
from paddle.utils import unique_name
from tools.oracle.optimizer_cases import (CASES, STEPS, build, case_steps,
                                          global_norm_clip_in_place,
                                          layers_with_param_attrs, make_params, run_steps)

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "optimizers"
META = json.loads((DATA / "optimizer_cases.json").read_text())
ARRAYS = dict(np.load(DATA / "optimizer_steps.npz"))
RESUME_AT = 2
TOL = {"rtol": 1e-6, "atol": 1e-6}


def make_param(name, value):
    p = paddle.to_tensor(value, stop_gradient=False)
    p.name = name
    return p


def expected_params(case, step):
    return [ARRAYS[f"{case}/step{step}/w{i}"] for i in range(2)]


def run_case(case, steps=None):
    """Runs ``case`` with fresh names; returns (params, optimizer, history)."""
    steps = range(case_steps(case)) if steps is None else steps
    with unique_name.guard():
        params = make_params(paddle, case, make_param)
        opt, sched = build(paddle, case, params)
        history = run_steps(paddle, case, params, opt, sched, steps)
    return params, opt, history


@pytest.mark.parametrize("case", sorted(CASES))
def test_parameters_follow_paddle_step_by_step(case):
    _, _, history = run_case(case)
    for step, got in enumerate(history):
        for i, (g, want) in enumerate(zip(got, expected_params(case, step))):
            assert g.dtype == want.dtype
            np.testing.assert_allclose(g, want, **TOL, err_msg=f"{case} step {step} w{i}")


@pytest.mark.parametrize("case", sorted(CASES))
def test_state_dict_matches_paddle(case):
    _, opt, _ = run_case(case)
    state = opt.state_dict()
    meta = META["cases"][case]
    assert list(state) == meta["state_keys"]
    for key, value in state.items():
        if key == "LR_Scheduler":
            assert value == meta["LR_Scheduler"]
            continue
        want = ARRAYS[f"{case}/state/{key}"]
        assert value.name == key and value.persistable and value.stop_gradient
        assert value.numpy().dtype == want.dtype
        np.testing.assert_allclose(value.numpy(), want, **TOL, err_msg=key)


@pytest.mark.parametrize("case", sorted(CASES))
def test_state_dict_round_trip_resumes_identically(case):
    params, opt, _ = run_case(case, steps=range(RESUME_AT))
    saved = opt.state_dict()
    values = [p.numpy().copy() for p in params]
    # A new optimizer on new parameters (same names) loads the state lazily.
    with unique_name.guard():
        params2 = [make_param(p.name, v) for p, v in zip(params, values)]
        opt2, sched2 = build(paddle, case, params2)
        opt2.set_state_dict(saved)
        history = run_steps(paddle, case, params2, opt2, sched2,
                            range(RESUME_AT, case_steps(case)))
    for step, got in zip(range(RESUME_AT, case_steps(case)), history):
        for g, want in zip(got, expected_params(case, step)):
            np.testing.assert_allclose(g, want, **TOL, err_msg=f"{case} step {step}")


@pytest.mark.parametrize("case", ["scheduler", "adam_l2_amsgrad", "rmsprop_centered",
                                  "asgd_batches_l2", "rprop_range_etas_clip",
                                  "nadam_scheduler"])
def test_state_dict_through_paddle_save_and_load(case, tmp_path):
    params, opt, _ = run_case(case, steps=range(RESUME_AT))
    paddle.save(opt.state_dict(), str(tmp_path / "opt.pdopt"))
    loaded = paddle.load(str(tmp_path / "opt.pdopt"))
    with unique_name.guard():
        params2 = [make_param(p.name, p.numpy().copy()) for p in params]
        opt2, sched2 = build(paddle, case, params2)
        opt2.set_state_dict(loaded)
        history = run_steps(paddle, case, params2, opt2, sched2,
                            range(RESUME_AT, case_steps(case)))
    for step, got in zip(range(RESUME_AT, case_steps(case)), history):
        for g, want in zip(got, expected_params(case, step)):
            np.testing.assert_allclose(g, want, **TOL, err_msg=f"{case} step {step}")


def test_set_state_dict_overwrites_existing_accumulators():
    case = "adam_l2_amsgrad"
    with unique_name.guard():
        params = make_params(paddle, case, make_param)
        opt, sched = build(paddle, case, params)
        run_steps(paddle, case, params, opt, sched, range(RESUME_AT))
        snapshot = {k: v.numpy().copy() for k, v in opt.state_dict().items()}
        values = [p.numpy().copy() for p in params]
        run_steps(paddle, case, params, opt, sched, range(RESUME_AT, STEPS))
        for p, v in zip(params, values):
            p.numpy()[...] = v
        opt.set_state_dict(snapshot)
        history = run_steps(paddle, case, params, opt, sched, range(RESUME_AT, STEPS))
    for step, got in zip(range(RESUME_AT, STEPS), history):
        for g, want in zip(got, expected_params(case, step)):
            np.testing.assert_allclose(g, want, **TOL)


def test_set_state_dict_errors():
    with unique_name.guard():
        params = make_params(paddle, "adam", make_param)
        opt, sched = build(paddle, "adam", params)
        run_steps(paddle, "adam", params, opt, sched, range(1))
        state = opt.state_dict()
        partial = {k: v for k, v in state.items() if "moment2" not in k}
        with pytest.raises(KeyError, match="moment2"):
            opt.set_state_dict(partial)
        bad_shape = dict(state)
        bad_shape["adam_w0_moment1_0"] = np.zeros([2, 2], "float32")
        with pytest.raises(ValueError, match="adam_w0_moment1_0"):
            opt.set_state_dict(bad_shape)
    w = make_param("sched_w", np.ones([2], "float32"))
    opt = paddle.optimizer.SGD(paddle.optimizer.lr.StepDecay(0.1, 2), parameters=[w])
    with pytest.raises(KeyError, match="LR_Scheduler"):
        opt.set_state_dict({})


def test_global_norm_clip_scales_grads_in_place():
    want = META["global_norm_clip_in_place"]
    got = global_norm_clip_in_place(paddle)
    assert got["grads"] == pytest.approx(want["grads"], rel=1e-6)
    assert got["params"] == pytest.approx(want["params"], rel=1e-6)


def test_layers_with_param_attrs_follow_paddle():
    # Linear parameters (names linear_0.w_0, ...), ParamAttr learning_rate,
    # regularizer and need_clip, through a real forward and backward.
    want = META["layers"]
    history, state = layers_with_param_attrs(paddle)
    assert list(history[0]) == want["params"]
    for step, by_name in enumerate(history):
        for name, got in by_name.items():
            np.testing.assert_allclose(got, ARRAYS[f"layers/step{step}/{name}"], rtol=1e-6,
                                       atol=1e-6, err_msg=f"step {step} {name}")
    assert list(state) == want["state_keys"]
    for key, value in state.items():
        np.testing.assert_allclose(value.numpy(), ARRAYS[f"layers/state/{key}"], rtol=1e-6,
                                   atol=1e-6, err_msg=key)


def _pairs(*arrays, need_clip=None):
    out = []
    for i, v in enumerate(arrays):
        p = paddle.to_tensor(np.zeros_like(v), stop_gradient=False)
        if need_clip is not None:
            p.need_clip = need_clip[i]
        out.append((p, paddle.to_tensor(v)))
    return out


def test_clips_against_numpy():
    rng = np.random.default_rng(0)
    g1, g2 = rng.normal(size=[3, 4]).astype("float32"), rng.normal(size=[5]).astype("float32")
    got = paddle.nn.ClipGradByValue(max=0.5, min=-0.2)(_pairs(g1, g2))
    np.testing.assert_allclose(got[0][1].numpy(), np.clip(g1, -0.2, 0.5))
    got = paddle.nn.ClipGradByValue(max=0.3)(_pairs(g1))
    np.testing.assert_allclose(got[0][1].numpy(), np.clip(g1, -0.3, 0.3))
    got = paddle.nn.ClipGradByNorm(1.0)(_pairs(g1, g2 * 0.1))
    np.testing.assert_allclose(got[0][1].numpy(), g1 / np.linalg.norm(g1), rtol=1e-6)
    np.testing.assert_allclose(got[1][1].numpy(), g2 * 0.1, rtol=1e-6)  # below the norm: kept
    norm = np.sqrt((g1 ** 2).sum() + (g2 ** 2).sum())
    got = paddle.nn.ClipGradByGlobalNorm(2.0)(_pairs(g1, g2))
    for (_, g), ref in zip(got, (g1, g2)):
        np.testing.assert_allclose(g.numpy(), ref * 2.0 / norm, rtol=1e-6)
    # need_clip=False parameters are neither clipped nor counted in the global norm.
    got = paddle.nn.ClipGradByGlobalNorm(1.0)(_pairs(g1, g2, need_clip=[True, False]))
    np.testing.assert_allclose(got[0][1].numpy(), g1 / np.linalg.norm(g1), rtol=1e-6)
    np.testing.assert_allclose(got[1][1].numpy(), g2)
    # A None gradient is dropped; all None leaves the list as it was.
    p = paddle.to_tensor([1.0], stop_gradient=False)
    assert paddle.nn.ClipGradByGlobalNorm(1.0)([(p, None)]) == [(p, None)]
    assert paddle.nn.ClipGradByNorm(1.0)([(p, None)]) == []
    x = paddle.to_tensor([3.0, 4.0])
    np.testing.assert_allclose(paddle.nn.clip.clip_by_norm(x, 1.0).numpy(), [0.6, 0.8], rtol=1e-6)


def test_clip_str_and_arguments():
    assert str(paddle.nn.ClipGradByValue(1.0)) == \
        "Clip Gradient By Value, min = -1.000000, max=1.000000"
    assert str(paddle.nn.ClipGradByNorm(2)) == "Gradient Clip By Norm, clip_norm=2.000000"
    assert str(paddle.nn.ClipGradByGlobalNorm(3)) == \
        "Gradient Clip By GlobalNorm, global_norm=3.000000"
    assert paddle.nn.clip.GradientClipByGlobalNorm is paddle.nn.ClipGradByGlobalNorm
    with pytest.raises(ValueError, match="max must be > 0"):
        paddle.nn.ClipGradByValue(max=-1.0)
    with pytest.raises(TypeError, match="auto_skip_clip"):
        paddle.nn.ClipGradByGlobalNorm(1.0, auto_skip_clip=1)
    g = np.array([3.0, 4.0], "float32")
    got = paddle.nn.ClipGradByGlobalNorm(10.0, auto_skip_clip=True)(_pairs(g))
    np.testing.assert_allclose(got[0][1].numpy(), g)


def test_regularizers_against_numpy():
    p = paddle.to_tensor([1.5, -2.0, 0.0])
    g = paddle.to_tensor([0.1, 0.2, 0.3])
    np.testing.assert_allclose(paddle.regularizer.L2Decay(0.5)(p, g).numpy(), [0.75, -1.0, 0.0])
    np.testing.assert_allclose(paddle.regularizer.L1Decay(0.5)(p, g).numpy(), [0.5, -0.5, 0.0])
    assert str(paddle.regularizer.L2Decay(0.5)) == "L2Decay, coeff=0.500000"
    assert str(paddle.regularizer.L1Decay(0.25)) == "L1Decay, coeff=0.250000"
    with pytest.raises(ValueError, match="coeff"):
        paddle.regularizer.L2Decay(None)


def test_learning_rate_api():
    w = make_param("lr_api_w", np.ones([2], "float32"))
    opt = paddle.optimizer.SGD(0.5, parameters=[w])
    assert opt.get_lr() == 0.5
    opt.set_lr(2)
    assert opt.get_lr() == 2.0 and isinstance(opt.get_lr(), float)
    sched = paddle.optimizer.lr.StepDecay(0.1, step_size=1, gamma=0.5)
    opt.set_lr_scheduler(sched)
    sched.step()
    assert opt.get_lr() == pytest.approx(0.05)
    assert opt.state_dict() == {"LR_Scheduler": sched.state_dict()}
    with pytest.raises(RuntimeError, match="LRScheduler"):
        opt.set_lr(0.1)
    with pytest.raises(TypeError, match="must be float"):
        paddle.optimizer.SGD(0.5, parameters=[w]).set_lr("0.1")
    with pytest.raises(TypeError, match="must be LRScheduler"):
        opt.set_lr_scheduler(0.1)


def test_step_clear_grad_and_minimize():
    w = make_param("api_w", np.array([1.0, 2.0], "float32"))
    frozen = paddle.to_tensor([5.0], stop_gradient=True)
    opt = paddle.optimizer.SGD(0.1, parameters=[w, frozen])
    assert opt.state_dict() == {}
    loss = (w * w).sum()
    loss.backward()
    ops, params_grads = opt.minimize(loss)
    assert ops == [] and len(params_grads) == 1 and params_grads[0][0] is w
    np.testing.assert_allclose(w.numpy(), [0.8, 1.6], rtol=1e-6)
    assert w.is_leaf and not w.stop_gradient and w._grad_node_name is None
    np.testing.assert_allclose(frozen.numpy(), [5.0])
    opt.clear_grad()
    np.testing.assert_allclose(w.grad.numpy(), [0.0, 0.0])
    opt.clear_grad(set_to_zero=False)
    assert w.grad is None
    opt.step()  # no gradients: nothing changes
    np.testing.assert_allclose(w.numpy(), [0.8, 1.6], rtol=1e-6)
    (w * 3).sum().backward()
    opt.zero_grad()
    assert w.grad is None
    assert opt.clear_gradients.__func__ is paddle.optimizer.Optimizer.clear_grad
    with pytest.raises(TypeError, match="loss"):
        opt.minimize(1.0)


def test_bad_arguments():
    w = make_param("bad_w", np.ones([2], "float32"))
    O = paddle.optimizer  # noqa: N806
    with pytest.raises(TypeError, match="learning rate should be float or LRScheduler"):
        O.SGD(1, parameters=[w])
    with pytest.raises(TypeError, match="iterable of paddle Tensors"):
        O.Adam(0.1, parameters=w)
    with pytest.raises(TypeError, match="should not get dict type"):
        O.Adam(0.1, parameters={"params": [w]})
    with pytest.raises(AttributeError, match="should not be None"):
        O.Adam(0.1)
    with pytest.raises(TypeError, match="grad_clip"):
        O.SGD(0.1, parameters=[w], grad_clip=1.0)
    with pytest.raises(TypeError, match="weight_decay"):
        O.SGD(0.1, parameters=[w], weight_decay="l2")
    with pytest.raises(ValueError, match="beta1"):
        O.Adam(0.1, beta1=1.0, parameters=[w])
    with pytest.raises(ValueError, match="beta2"):
        O.AdamW(0.1, beta2=-0.1, parameters=[w])
    with pytest.raises(ValueError, match="epsilon"):
        O.Adam(0.1, epsilon=-1.0, parameters=[w])
    with pytest.raises(TypeError, match="weight_decay should be int, float or Tensor"):
        O.AdamW(0.1, parameters=[w], weight_decay=paddle.regularizer.L2Decay(0.1))
    with pytest.raises(ValueError, match="rho"):
        O.RMSProp(0.1, rho=-0.5, parameters=[w])
    with pytest.raises(ValueError, match="momentum"):
        O.RMSProp(0.1, momentum=-0.5, parameters=[w])
    with pytest.raises(ValueError, match="learning_rate is not set"):
        O.SGD(None, parameters=[w])
    with pytest.raises(ValueError, match="more than one parameter group"):
        O.SGD(0.1, parameters=[{"params": [w]}, {"params": [w]}])
    with pytest.raises(TypeError, match="received set"):
        O.SGD(0.1, parameters=[{"params": {w}}])
    with pytest.raises(ValueError, match="params should be set"):
        O.SGD(0.1, parameters=[{"learning_rate": 0.1}])
    with pytest.raises(ValueError, match="beta1"):
        O.Adamax(0.1, beta1=1.0, parameters=[w])
    with pytest.raises(ValueError, match="beta2"):
        O.Adamax(0.1, beta2=-0.5, parameters=[w])
    with pytest.raises(ValueError, match="epsilon"):
        O.Adamax(0.1, epsilon=-1e-8, parameters=[w])
    with pytest.raises(ValueError, match="rho is not set"):
        O.Adadelta(0.1, rho=None, parameters=[w])
    with pytest.raises(ValueError, match="epsilon is not set"):
        O.Adadelta(0.1, epsilon=None, parameters=[w])
    for kwargs, message in (({"learning_rate": -0.1}, "Invalid learning rate"),
                            ({"epsilon": -1.0}, "Invalid epsilon value"),
                            ({"beta1": 1.0}, "Invalid beta1"), ({"beta2": -0.1}, "Invalid beta2"),
                            ({"momentum_decay": -0.5}, "Invalid momentum_decay")):
        with pytest.raises(ValueError, match=message):
            O.NAdam(parameters=[w], **kwargs)
    for kwargs, message in (({"learning_rate": -0.1}, "Invalid learning rate"),
                            ({"epsilon": -1.0}, "Invalid epsilon value"),
                            ({"beta1": -0.1}, "Invalid beta1"), ({"beta2": 1.0}, "Invalid beta2")):
        with pytest.raises(ValueError, match=message):
            O.RAdam(parameters=[w], **kwargs)
    with pytest.raises(ValueError, match="batch_num should be greater than 0"):
        O.ASGD(0.1, batch_num=0, parameters=[w])
    with pytest.raises(ValueError, match="batch_num should not be none"):
        O.ASGD(0.1, batch_num=None, parameters=[w])
    for kwargs in ({"learning_rate": 100.0}, {"learning_rate_range": (0.0, 1.0)}):
        with pytest.raises(ValueError, match="learning_rate_range"):
            O.Rprop(parameters=[w], **kwargs)
    for etas in ((0.5, 1.0), (0.0, 1.2), (1.0, 2.0)):
        with pytest.raises(ValueError, match="etas"):
            O.Rprop(parameters=[w], etas=etas)
    base = O.Optimizer(0.1, parameters=[w])
    (w * w).sum().backward()
    with pytest.raises(NotImplementedError, match="subclasses"):
        base.step()


def test_exports():
    # PaddlePaddle 3.3.1's order.
    assert paddle.optimizer.__all__ == ["Optimizer", "Adagrad", "Adam", "AdamW", "Adamax", "ASGD",
                                        "RAdam", "RMSProp", "Adadelta", "SGD", "Rprop",
                                        "Momentum", "NAdam", "Lamb", "LBFGS"]
    assert paddle.regularizer.__all__ == ["L1Decay", "L2Decay"]
    for name in ("ClipGradByGlobalNorm", "ClipGradByNorm", "ClipGradByValue"):
        assert getattr(paddle.nn, name) is getattr(paddle.nn.clip, name)


def _one_step(opt_factory, grad, value):
    w = make_param("one_step_w", np.array(value, "float32"))
    opt = opt_factory(w)
    (w * paddle.to_tensor(np.array(grad, "float32"))).sum().backward()
    opt.step()
    return w.numpy()


def test_momentum_rescale_grad_against_numpy():
    # PaddlePaddle 3.3.1's CPU kernel ignores rescale_grad; its documented (and
    # GPU) meaning is kept here: the gradient is multiplied by it first.
    g, p = [1.0, -2.0], [0.5, 0.5]
    got = _one_step(lambda w: paddle.optimizer.Momentum(
        0.1, momentum=0.9, parameters=[w], rescale_grad=0.25), g, p)
    np.testing.assert_allclose(got, np.array(p) - 0.1 * 0.25 * np.array(g), rtol=1e-6)


def test_adamw_lr_ratio_scales_the_rate():
    # PaddlePaddle 3.3.1 refuses lr_ratio on CPU; here it scales the learning rate.
    g, p = [1.0, -2.0, 0.5], [0.5, 0.5, -1.0]
    halved = _one_step(lambda w: paddle.optimizer.AdamW(
        0.02, parameters=[w], weight_decay=0.3, lr_ratio=lambda param: 0.5), g, p)
    direct = _one_step(lambda w: paddle.optimizer.AdamW(
        0.01, parameters=[w], weight_decay=0.3), g, p)
    np.testing.assert_allclose(halved, direct, rtol=1e-6)
    with pytest.raises(TypeError, match="lr_ratio"):
        paddle.optimizer.AdamW(0.01, parameters=[make_param("r", np.ones(1, "float32"))],
                               lr_ratio=0.5)


def test_adam_tensor_betas_and_multi_precision_match_floats():
    g, p = [1.0, -2.0, 0.5], [0.5, 0.5, -1.0]
    floats = _one_step(lambda w: paddle.optimizer.Adam(
        0.01, beta1=0.8, beta2=0.95, epsilon=1e-6, parameters=[w]), g, p)
    tensors = _one_step(lambda w: paddle.optimizer.Adam(
        0.01, beta1=paddle.to_tensor(0.8), beta2=paddle.to_tensor(0.95),
        epsilon=paddle.to_tensor(1e-6), parameters=[w], multi_precision=True), g, p)
    np.testing.assert_allclose(tensors, floats, rtol=1e-6)


@pytest.mark.parametrize("name", ["Adamax", "NAdam", "RAdam"])
def test_adam_variants_take_tensor_betas(name):
    g, p = [1.0, -2.0, 0.5], [0.5, 0.5, -1.0]
    cls = getattr(paddle.optimizer, name)
    floats = _one_step(lambda w: cls(0.01, beta1=0.8, beta2=0.95, parameters=[w]), g, p)
    tensors = _one_step(lambda w: cls(0.01, beta1=paddle.to_tensor(0.8),
                                      beta2=paddle.to_tensor(0.95), parameters=[w]), g, p)
    np.testing.assert_allclose(tensors, floats, rtol=1e-6)
    assert not np.allclose(floats, p)


def test_a_parameters_own_regularizer_wins():
    g, p = np.array([1.0, -2.0], "float32"), np.array([0.5, -0.5], "float32")

    def own_l1(w):
        w.regularizer = paddle.regularizer.L1Decay(0.5)
        return paddle.optimizer.SGD(0.1, parameters=[w], weight_decay=2.0)
    np.testing.assert_allclose(_one_step(own_l1, g, p), p - 0.1 * (g + 0.5 * np.sign(p)),
                               rtol=1e-6)

    def own_l2_in_momentum(w):  # Momentum applies a parameter's L2Decay inside its op
        w.regularizer = paddle.regularizer.L2Decay(0.3)
        return paddle.optimizer.Momentum(0.1, parameters=[w], weight_decay=0.9)
    np.testing.assert_allclose(_one_step(own_l2_in_momentum, g, p), p - 0.1 * (g + 0.3 * p),
                               rtol=1e-6)


@pytest.mark.parametrize("make_opt", [
    lambda ps: paddle.optimizer.SGD(0.1, parameters=ps),
    lambda ps: paddle.optimizer.Momentum(0.05, parameters=ps, use_nesterov=True),
    lambda ps: paddle.optimizer.Adam(0.1, parameters=ps),
    lambda ps: paddle.optimizer.AdamW(0.1, parameters=ps, weight_decay=1e-4),
    lambda ps: paddle.optimizer.RMSProp(0.02, parameters=ps),
    lambda ps: paddle.optimizer.Adagrad(0.5, parameters=ps),
    lambda ps: paddle.optimizer.Lamb(0.05, parameters=ps, lamb_weight_decay=0.0),
    lambda ps: paddle.optimizer.Adamax(0.1, parameters=ps),
    lambda ps: paddle.optimizer.Adadelta(1.0, rho=0.9, epsilon=1e-4, parameters=ps),
    lambda ps: paddle.optimizer.NAdam(0.1, parameters=ps),
    lambda ps: paddle.optimizer.RAdam(0.1, beta2=0.9, parameters=ps),
    lambda ps: paddle.optimizer.ASGD(0.1, batch_num=2, parameters=ps),
    lambda ps: paddle.optimizer.Rprop(0.01, parameters=ps),
], ids=["sgd", "momentum", "adam", "adamw", "rmsprop", "adagrad", "lamb", "adamax", "adadelta",
        "nadam", "radam", "asgd", "rprop"])
def test_training_a_linear_regression_lowers_the_loss(make_opt):
    rng = np.random.default_rng(7)
    x = paddle.to_tensor(rng.normal(size=[64, 3]).astype("float32"))
    y = paddle.to_tensor((x.numpy() @ np.array([[1.0], [-2.0], [0.5]]) + 0.3).astype("float32"))
    w = paddle.to_tensor(np.zeros([3, 1], "float32"), stop_gradient=False)
    b = paddle.to_tensor(np.zeros([1], "float32"), stop_gradient=False)
    opt = make_opt([w, b])
    losses = []
    for _ in range(150):
        loss = ((paddle.matmul(x, w) + b - y) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(loss.item())
    assert losses[-1] < 0.05 * losses[0]
