"""Gradients of static programs (append_backward, gradients) against finite
differences, and optimizer.minimize in static mode against the same
optimizer in eager mode, for every optimizer."""
import numpy as np
import pytest

import paddle
from paddle import static
from paddle.base import core
from paddle.nn import functional as F

RNG = np.random.RandomState(7)
X = RNG.rand(8, 4).astype("float32")
LABEL = RNG.randint(0, 3, size=[8, 1]).astype("int64")
W1, B1 = RNG.randn(4, 5).astype("float32") * 0.5, RNG.randn(5).astype("float32") * 0.1
W2, B2 = RNG.randn(5, 3).astype("float32") * 0.5, RNG.randn(3).astype("float32") * 0.1


def assign(value):
    return paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(value))


def build_mlp():
    """The static MLP: fc(4->5, relu), fc(5->3), mean cross-entropy."""
    x = static.data("x", [None, 4])
    label = static.data("label", [None, 1], "int64")
    h = static.nn.fc(x, 5, weight_attr=assign(W1), bias_attr=assign(B1), activation="relu")
    logits = static.nn.fc(h, 3, weight_attr=assign(W2), bias_attr=assign(B2))
    return x, label, paddle.mean(F.cross_entropy(logits, label))


def test_append_backward_matches_finite_differences(static_programs):
    main, startup = static_programs
    x, label, loss = build_mlp()
    pairs = static.append_backward(loss)
    assert [(p.name, g.name) for p, g in pairs] == [
        ("fc_0.w_0", "fc_0.w_0@GRAD"), ("fc_0.b_0", "fc_0.b_0@GRAD"),
        ("fc_1.w_0", "fc_1.w_0@GRAD"), ("fc_1.b_0", "fc_1.b_0@GRAD")]
    assert all(op.attr("op_role") & 1 for op in main.global_block().ops
               if op.type.endswith("_grad"))
    exe = static.Executor()
    exe.run(startup)
    feed = {"x": X, "label": LABEL}
    grads = exe.run(main, feed=feed, fetch_list=[g for _, g in pairs])
    scope = static.global_scope()
    for (param, _), grad in zip(pairs, grads):
        tensor = scope.find_var(param.name).get_tensor()
        base = np.array(tensor)
        flat = base.reshape(-1)
        for i in range(0, flat.size, max(1, flat.size // 5)):
            values = []
            for delta in (1e-3, -1e-3):
                bumped = flat.copy()
                bumped[i] += delta
                tensor.set(bumped.reshape(base.shape))
                values.append(float(exe.run(main, feed=feed, fetch_list=[loss])[0]))
            tensor.set(base)
            numeric = (values[0] - values[1]) / 2e-3
            assert abs(numeric - grad.reshape(-1)[i]) < 2e-3, (param.name, i)


def test_a_variable_read_twice_gets_the_summed_gradient(static_programs):
    main, startup = static_programs
    x = static.data("x", [3])
    x.stop_gradient = False
    y = paddle.sum(x * x + paddle.sin(x))
    (dx,) = static.gradients([y], [x])
    assert "sum" in [op.type for op in main.global_block().ops]
    exe = static.Executor()
    xs = np.array([0.5, -1.0, 2.0], "float32")
    (got,) = exe.run(main, feed={"x": xs}, fetch_list=[dx])
    np.testing.assert_allclose(got, 2 * xs + np.cos(xs), rtol=1e-6)


def test_gradients_with_target_gradients_and_no_grad_set(static_programs):
    main, _ = static_programs
    x = static.data("x", [2])
    z = static.data("z", [2])
    x.stop_gradient = False
    z.stop_gradient = False
    y = x * z
    seed = static.data("seed", [2])
    dx, dz = static.gradients([y], [x, z], target_gradients=[seed], no_grad_set={"z"})
    assert dz is None
    (got,) = static.Executor().run(main, feed={"x": np.ones(2, "float32"),
                                               "z": np.array([3.0, 4.0], "float32"),
                                               "seed": np.array([10.0, 100.0], "float32")},
                                   fetch_list=[dx])
    np.testing.assert_array_equal(got, [30.0, 400.0])


def test_backward_errors(static_programs):
    x = static.data("x", [None, 3])
    x.stop_gradient = False
    with pytest.raises(core.InvalidArgumentError, match="one element"):
        static.append_backward(x * 2.0)
    with pytest.raises(TypeError, match="loss must be a Variable"):
        static.append_backward(3.0)
    with pytest.raises(ValueError, match="target_gradients"):
        static.gradients([x], [x], target_gradients=[x, x])


OPTIMIZERS = {
    "SGD": lambda params: paddle.optimizer.SGD(0.1, parameters=params),
    "Momentum": lambda params: paddle.optimizer.Momentum(0.1, 0.9, parameters=params,
                                                         use_nesterov=True),
    "Adam": lambda params: paddle.optimizer.Adam(0.05, parameters=params),
    "AdamW": lambda params: paddle.optimizer.AdamW(0.05, parameters=params, weight_decay=0.1),
    "Adagrad": lambda params: paddle.optimizer.Adagrad(0.1, parameters=params),
    "RMSProp": lambda params: paddle.optimizer.RMSProp(0.01, parameters=params, momentum=0.5),
    "Lamb": lambda params: paddle.optimizer.Lamb(0.05, parameters=params),
    "Adamax": lambda params: paddle.optimizer.Adamax(0.05, parameters=params),
    "Adadelta": lambda params: paddle.optimizer.Adadelta(1.0, parameters=params),
    "NAdam": lambda params: paddle.optimizer.NAdam(0.05, parameters=params),
    "RAdam": lambda params: paddle.optimizer.RAdam(0.05, parameters=params),
    "Rprop": lambda params: paddle.optimizer.Rprop(0.01, parameters=params),
    "SGD+L2+clip": lambda params: paddle.optimizer.SGD(
        0.1, parameters=params, weight_decay=paddle.regularizer.L2Decay(0.01),
        grad_clip=paddle.nn.ClipGradByGlobalNorm(0.5)),
}


def eager_losses(make_opt, steps):
    lin1, lin2 = paddle.nn.Linear(4, 5), paddle.nn.Linear(5, 3)
    for layer, (w, b) in ((lin1, (W1, B1)), (lin2, (W2, B2))):
        layer.weight.set_value(w)
        layer.bias.set_value(b)
    params = lin1.parameters() + lin2.parameters()
    opt = make_opt(params)
    x, label = paddle.to_tensor(X), paddle.to_tensor(LABEL)
    losses = []
    for _ in range(steps):
        loss = paddle.mean(F.cross_entropy(lin2(F.relu(lin1(x))), label))
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    return losses, [p.numpy() for p in params]


@pytest.mark.parametrize("name", list(OPTIMIZERS))
def test_static_minimize_trains_like_eager(name):
    steps = 4
    want_losses, want_params = eager_losses(OPTIMIZERS[name], steps)
    paddle.enable_static()
    try:
        main, startup = static.Program(), static.Program()
        with paddle.utils.unique_name.guard(), static.program_guard(main, startup), \
                static.scope_guard(static.Scope()):
            x, label, loss = build_mlp()
            OPTIMIZERS[name](None).minimize(loss)
            exe = static.Executor()
            exe.run(startup)
            losses = [float(exe.run(main, feed={"x": X, "label": LABEL}, fetch_list=[loss])[0])
                      for _ in range(steps)]
            params = [np.array(static.global_scope().find_var(n).get_tensor())
                      for n in ("fc_0.w_0", "fc_0.b_0", "fc_1.w_0", "fc_1.b_0")]
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(losses, want_losses, rtol=1e-5, atol=1e-6)
    for got, want in zip(params, want_params):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_asgd_refuses_static_mode(static_programs):
    # ASGD picks each step's batch on the host (as PaddlePaddle's does).
    _, _, loss = build_mlp()
    with pytest.raises(NotImplementedError, match="ASGD"):
        paddle.optimizer.ASGD(0.1, batch_num=2).minimize(loss)


def test_lr_scheduler_drives_the_static_learning_rate(static_programs):
    main, startup = static_programs
    x = static.data("x", [1])
    w = static.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
    loss = paddle.sum(x * w)
    sched = paddle.optimizer.lr.StepDecay(1.0, step_size=1, gamma=0.5)
    paddle.optimizer.SGD(sched).minimize(loss)
    exe = static.Executor()
    exe.run(startup)
    values = []
    for _ in range(3):
        exe.run(main, feed={"x": np.ones(1, "float32")}, fetch_list=[loss])
        values.append(float(np.array(static.global_scope().find_var(w.name).get_tensor())[0]))
        sched.step()
    np.testing.assert_allclose(values, [0.0, -0.5, -0.75])


def test_in_place_operators_make_new_variables(static_programs):
    main, _ = static_programs
    x = static.data("x", [2])
    x.stop_gradient = False
    y = x * 2.0
    before = y
    y += 1.0  # a new variable, as in PaddlePaddle: y's old value keeps its own gradient
    assert y is not before and y.name != before.name
    loss = paddle.sum(y * before)
    (dx,) = static.gradients([loss], [x])
    xs = np.array([1.0, -2.0], "float32")
    (got,) = static.Executor().run(main, feed={"x": xs}, fetch_list=[dx])
    np.testing.assert_allclose(got, 8 * xs + 2)  # d/dx (2x + 1) * 2x
