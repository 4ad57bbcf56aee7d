"""paddle.amp against PaddlePaddle 3.3.1 on a CPU (tests/data/amp/amp.json,
tools/oracle/record_amp.py): auto_cast and GradScaler warn and make no
effect, so a training loop under them gives 3.3.1's float32 losses; the
loss-scaling ops give 3.3.1's numbers; the scaler's dynamic scaling (the path
an accelerator takes) skips steps with NaN/inf gradients and moves the scale."""
import json
import math
import pathlib
import warnings

import numpy as np
import pytest

import paddle
from paddle.amp import grad_scaler

FIXTURE = json.loads((pathlib.Path(__file__).resolve().parents[1] / "data" / "amp" / "amp.json")
                     .read_text())
_check_finite = grad_scaler._check_finite_and_unscale
_update_scaling = paddle.tensor._helpers.op(
    "update_loss_scaling",
    ["X", "FoundInfinite", "PrevLossScaling", "InGoodSteps", "InBadSteps"],
    ["incr_every_n_steps", "decr_every_n_nan_or_inf", "incr_ratio", "decr_ratio", "stop_update"],
    ["Out=X", "LossScaling=PrevLossScaling", "OutGoodSteps=InGoodSteps", "OutBadSteps=InBadSteps"])


def _mlp(params):
    model = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 1))
    for p, v in zip(model.parameters(), params):
        p.set_value(np.array(v, dtype="float32"))
    return model


def test_public_names_and_lists_match_3_3_1():
    assert paddle.amp.__all__ == FIXTURE["all"]
    for got, want in ((paddle.amp.white_list(), FIXTURE["white_list"]),
                      (paddle.amp.black_list(), FIXTURE["black_list"])):
        assert {d: {lv: sorted(s) for lv, s in v.items()} for d, v in got.items()} == want
    assert paddle.amp.amp_guard is not None and paddle.amp.AmpScaler is not None


def test_training_loop_under_auto_cast_and_grad_scaler_matches_3_3_1():
    rec = FIXTURE["training"]
    model = _mlp(rec["params"])
    opt = paddle.optimizer.Momentum(0.05, momentum=0.9, parameters=model.parameters())
    x, y = paddle.to_tensor(np.array(rec["x"], "float32")), paddle.to_tensor(np.array(rec["y"], "float32"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
        losses = []
        for _ in range(len(rec["losses"])):
            with paddle.amp.auto_cast(level="O1", dtype="bfloat16"):
                out = model(x)
                assert out.dtype == paddle.float32
                loss = paddle.nn.functional.mse_loss(out, y)
            scaled = scaler.scale(loss)
            scaled.backward()
            scaler.step(opt)
            scaler.update()
            opt.clear_grad()
            losses.append([float(loss), float(scaled)])
    np.testing.assert_allclose(losses, rec["losses"], rtol=1e-5)
    assert scaler.is_enable() == rec["enabled"] and scaler.state_dict() == rec["state_dict"]
    assert sorted({str(w.message) for w in caught}) == rec["warnings"]


def _tensor(values, dtype="float32"):
    return paddle.to_tensor(np.array(values, dtype=dtype))


@pytest.mark.parametrize("case", FIXTURE["check_finite_and_unscale"], ids=lambda c: str(c["xs"]))
def test_check_finite_and_unscale_matches_3_3_1(case):
    xs = [_tensor(x) for x in case["xs"]]
    outs, found = _check_finite(xs, _tensor([case["scale"]]))
    assert bool(found.item()) == case["found"] and found.dtype == paddle.bool
    for x, out, want in zip(xs, outs, case["outs"]):
        want = np.array([np.nan if v is None else v for v in np.ravel(want)], "float32")
        np.testing.assert_array_equal(out.numpy().ravel(), want)
        np.testing.assert_array_equal(x.numpy().ravel(), want)  # written in place


@pytest.mark.parametrize("case", FIXTURE["update_loss_scaling"],
                         ids=lambda c: f"{c['found']}-{c['scale']}-{c['good']}-{c['bad']}-{c['stop_update']}")
def test_update_loss_scaling_matches_3_3_1(case):
    xs = [_tensor([1.0, -2.0])]
    scale, good, bad = _tensor([case["scale"]]), _tensor([case["good"]], "int32"), _tensor([case["bad"]], "int32")
    _update_scaling(xs, _tensor([case["found"]], "bool"), scale, good, bad, *case["attrs"].values(),
                    case["stop_update"])
    assert xs[0].numpy().tolist() == case["out"]
    assert float(scale.item()) == pytest.approx(case["new_scale"], rel=1e-7)
    assert (good.item(), bad.item()) == (case["new_good"], case["new_bad"])


def test_loss_scaling_ops_reject_bad_inputs():
    with pytest.raises(ValueError, match=r"\[check_finite_and_unscale\] Scale must hold one element"):
        _check_finite([_tensor([1.0])], _tensor([1.0, 2.0]))
    with pytest.raises(ValueError, match=r"\[check_finite_and_unscale\] X #1 must be float32"):
        _check_finite([_tensor([1.0]), _tensor([1], "int64")], _tensor([1.0]))
    with pytest.raises(ValueError, match=r"\[update_loss_scaling\] InGoodSteps must be int32"):
        _update_scaling([_tensor([1.0])], _tensor([False], "bool"), _tensor([2.0]), _tensor([0.0]),
                        _tensor([0], "int32"), 2, 1, 2.0, 0.5, False)


def test_auto_cast_warns_and_checks_arguments():
    with pytest.warns(UserWarning, match="makes no effect"):
        with paddle.amp.auto_cast():
            assert not paddle.amp.is_autocast_enabled()
            assert paddle.amp.get_autocast_dtype() == "float16"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # disabled: no warning
        with paddle.amp.auto_cast(enable=False, dtype="float32"):
            pass
    with pytest.raises(ValueError, match="level should be O0, OD, O1 or O2"):
        with paddle.amp.auto_cast(level="O3"):
            pass
    with pytest.raises(ValueError, match="dtype should be 'float16' or 'bfloat16'"):
        with paddle.amp.auto_cast(dtype="float32"):
            pass
    with pytest.raises(ValueError, match="Custom white list overlap custom black list"):
        with paddle.amp.auto_cast(custom_white_list={"exp"}, custom_black_list=["exp"]):
            pass
    with pytest.raises(TypeError, match=r"\[auto_cast\] level must be a str"):
        with paddle.amp.auto_cast(level=1):
            pass
    assert paddle.amp.get_autocast_cpu_dtype() == paddle.amp.get_autocast_gpu_dtype() == "float16"


def test_decorate_returns_models_and_checks_arguments():
    model = paddle.nn.Linear(2, 2)
    opt = paddle.optimizer.SGD(parameters=model.parameters())
    assert paddle.amp.decorate(model) is model
    m, o = paddle.amp.decorate(model, opt, level="O2", dtype="bfloat16")
    assert m is model and o is opt and model.weight.dtype == paddle.float32
    with pytest.raises(ValueError, match="level should be O1 or O2"):
        paddle.amp.decorate(model, level="O0")
    with pytest.raises(ValueError, match="dtype only support float16 or bfloat16"):
        paddle.amp.amp_decorate(model, dtype="float64")


def test_supported_dtypes_and_device_names():
    assert paddle.amp.is_float16_supported() is False
    assert paddle.amp.is_float16_supported("cpu") is False
    assert isinstance(paddle.amp.is_bfloat16_supported("cpu"), bool)
    with pytest.raises(ValueError, match="not compiled with CUDA"):
        paddle.amp.is_float16_supported("gpu:0")
    with pytest.raises(ValueError, match="xyz"):
        paddle.amp.is_bfloat16_supported("xyz")


def _enabled_scaler(monkeypatch, **kwargs):
    """A scaler on the path an accelerator takes (PaddlePaddle enables it only there)."""
    monkeypatch.setattr(grad_scaler, "_scaling_runs_here", lambda: True)
    monkeypatch.setattr(grad_scaler._global_state, "amp_dtype", "float16")
    return paddle.amp.GradScaler(**kwargs)


def test_scaler_skips_steps_with_inf_and_moves_the_scale(monkeypatch, capsys):
    w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    opt = paddle.optimizer.SGD(0.1, parameters=[w])
    scaler = _enabled_scaler(monkeypatch, init_loss_scaling=8.0, incr_every_n_steps=2,
                             decr_every_n_nan_or_inf=1)
    scales, weights = [], []
    for step in range(5):
        loss = (w * w).sum() * (math.inf if step == 2 else 1.0)
        scaler.scale(loss).backward()
        if step == 0:
            np.testing.assert_allclose(w.grad.numpy(), [16.0, 32.0])  # scaled by 8
        scaler.step(opt)
        scaler.update()
        opt.clear_grad()
        scales.append(float(scaler.state_dict()["scale"][0]))
        weights.append(w.numpy().copy())
    assert scales == [8.0, 16.0, 8.0, 8.0, 16.0]
    np.testing.assert_allclose(weights[0], [0.8, 1.6], rtol=1e-6)  # unscaled gradient 2w
    np.testing.assert_array_equal(weights[2], weights[1])  # the inf step is skipped
    np.testing.assert_allclose(weights[4], weights[1] * 0.8 * 0.8, rtol=1e-6)
    assert "Found inf or nan, current scale is: 16.0, decrease to: 16.0*0.5" in capsys.readouterr().out
    state = scaler.state_dict()
    assert (state["incr_count"], state["decr_count"]) == (0, 0)
    fresh = _enabled_scaler(monkeypatch)
    fresh.load_state_dict(state)
    assert fresh.state_dict()["scale"].tolist() == [16.0] and fresh.get_incr_every_n_steps() == 2


def test_scaler_unscale_then_step_and_order_errors(monkeypatch):
    w = paddle.to_tensor([3.0], stop_gradient=False)
    opt = paddle.optimizer.SGD(1.0, parameters=[w])
    scaler = _enabled_scaler(monkeypatch, init_loss_scaling=4.0)
    scaler.scale(w.sum()).backward()
    scaler.unscale_(opt)
    np.testing.assert_allclose(w.grad.numpy(), [1.0])
    with pytest.raises(RuntimeError, match="unscale_\\(\\) has already been called"):
        scaler.unscale_(opt)
    scaler.step(opt)
    np.testing.assert_allclose(w.numpy(), [2.0])
    with pytest.raises(RuntimeError, match="step\\(\\) has already been called"):
        scaler.step(opt)
    with pytest.raises(RuntimeError, match="unscale_\\(\\) is being called after step"):
        scaler.unscale_(opt)
    scaler.update()
    with pytest.raises(RuntimeError, match="state dict is empty"):
        scaler.load_state_dict({})


def test_scaler_minimize_skips_inf(monkeypatch):
    w = paddle.to_tensor([1.0], stop_gradient=False)
    opt = paddle.optimizer.SGD(0.5, parameters=[w])
    scaler = _enabled_scaler(monkeypatch, init_loss_scaling=2.0, decr_every_n_nan_or_inf=1)
    scaled = scaler.scale((w * math.nan).sum())
    scaled.backward()
    assert scaler.minimize(opt, scaled) == (None, None)
    assert w.numpy().tolist() == [1.0] and scaler.state_dict()["scale"].tolist() == [1.0]


def test_scaler_disabled_for_bfloat16(monkeypatch):
    scaler = _enabled_scaler(monkeypatch)
    monkeypatch.setattr(grad_scaler._global_state, "amp_dtype", "bfloat16")
    loss = paddle.to_tensor(3.0)
    with pytest.warns(UserWarning, match="not recommended to use dynamic loss scaling for bfloat16"):
        assert scaler.scale(loss) is loss
    assert not scaler.is_enable()


def test_scaler_on_cpu_and_bad_arguments():
    with pytest.warns(UserWarning, match="AmpScaler can only be enabled on CUDAPlace"):
        scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
    assert not scaler.is_enable() and scaler.get_init_loss_scaling() == 1.0
    assert not scaler.is_use_dynamic_loss_scaling() and scaler.get_incr_every_n_steps() == 2000
    for kwargs, match in ((dict(init_loss_scaling=-1.0), "init_loss_scaling must be a positive"),
                          (dict(incr_ratio=0.5), "incr_ratio must be > 1.0"),
                          (dict(decr_ratio=1.5), r"decr_ratio must be in \(0, 1\)"),
                          (dict(incr_every_n_steps=0), "incr_every_n_steps must be a positive int"),
                          (dict(decr_every_n_nan_or_inf=1.5), "decr_every_n_nan_or_inf must be")):
        with pytest.raises(ValueError, match=match):
            paddle.amp.GradScaler(enable=False, **kwargs)
    with pytest.raises(ValueError, match="new_incr_ratio must be > 1.0"):
        scaler.set_incr_ratio(1.0)
    with pytest.raises(ValueError, match="new_init_loss_scaling must be a positive"):
        scaler.set_init_loss_scaling(0)


def test_check_numerics_counts_and_reports(capsys):
    dbg = paddle.amp.debugging
    x = paddle.to_tensor([1.0, math.nan, math.inf, 0.0, -2.0])
    stats, values = dbg.check_numerics(x, "op", "x", dbg.DebugMode.CHECK_ALL)
    assert stats.numpy().tolist() == [1, 1, 1] and stats.dtype == paddle.int64
    np.testing.assert_array_equal(values.numpy(), np.array([np.inf, -2.0, np.nan], "float32"))
    assert capsys.readouterr().out.strip() == (
        "[PRECISION] [ERROR] in [device=cpu, op=op, tensor=x, dtype=fp32], numel=5, num_nan=1, "
        "num_inf=1, num_zero=1, max=inf, min=-2.000000e+00, mean=nan")
    stats, values = dbg.check_numerics(paddle.to_tensor([[1.0, 2.0]], dtype="float64"), "o", "v",
                                       dbg.DebugMode.CHECK_ALL)
    assert stats.numpy().tolist() == [0, 0, 0] and values.numpy().tolist() == [2.0, 1.0, 1.5]
    assert capsys.readouterr().out.strip() == (
        "[PRECISION] in [device=cpu, op=o, tensor=v, dtype=fp64], numel=2, num_zero=0, "
        "max=2.000000e+00, min=1.000000e+00, mean=1.500000e+00")
    with pytest.raises(RuntimeError, match=r"There are NAN or INF \(num_nan=1, num_inf=1, "
                                           r"num_zero=1\) in \[device=cpu, op=myop, tensor=xv"):
        dbg.check_numerics(x, "myop", "xv")
    dbg.check_numerics(x, "op", "x", dbg.DebugMode.CHECK_NAN_INF)  # prints, does not raise
    with pytest.raises(TypeError, match=r"\[check_numerics\] tensor must be float16"):
        dbg.check_numerics(paddle.to_tensor([1, 2]), "op", "x")


def test_loss_scaling_ops_run_in_a_static_program():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            g1 = paddle.static.data("g1", [2], "float32")
            g2 = paddle.static.data("g2", [1, 2], "float32")
            scale = paddle.static.data("scale", [1], "float32")
            good = paddle.static.data("good", [1], "int32")
            bad = paddle.static.data("bad", [1], "int32")
            outs, found = _check_finite([g1, g2], scale)
            # In place, as PaddlePaddle's programs write them: the counters are int32 variables.
            _update_scaling(outs, found, scale, good, bad, 2, 1, 2.0, 0.5, False)
        assert [op.type for op in main.global_block().ops] == ["check_finite_and_unscale",
                                                                 "update_loss_scaling"]
        exe = paddle.static.Executor(paddle.CPUPlace())
        feed = {"g1": np.array([1.0, 2.0], "float32"), "g2": np.array([[4.0, np.inf]], "float32"),
                "scale": np.array([8.0], "float32"), "good": np.array([1], "int32"),
                "bad": np.array([0], "int32")}
        g1v, g2v, found_v, scale_v, good_v, bad_v = exe.run(
            main, feed=feed, fetch_list=[outs[0], outs[1], found, scale, good, bad])
        assert found_v.tolist() == [True] and g1v.tolist() == [0.0, 0.0]  # zeroed: a bad step
        assert g2v.tolist() == [[0.0, 0.0]]
        assert scale_v.tolist() == [4.0] and good_v.tolist() == [0] and bad_v.tolist() == [0]
        assert good_v.dtype == np.int32
    finally:
        paddle.disable_static()
