"""paddle.static.nn's layer_norm, group_norm, instance_norm, prelu,
conv2d_transpose, conv3d, conv3d_transpose, bilinear_tensor_product and
spectral_norm against PaddlePaddle 3.3.1 (tests/data/static_nn_more, recorded
by tools/oracle/record_static_nn_more.py): parameter names, shapes and
startup initializers, outputs and gradients with the parameters set to fixed
values; bad input; create_parameter's alias; eager mode refused."""
import json
import os

import numpy as np
import pytest

import paddle
from paddle import static

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "static_nn_more")
with open(os.path.join(DATA, "cases.json")) as f:
    CASES = json.load(f)
VALUES = np.load(os.path.join(DATA, "values.npz"))
INIT_ATTRS = ("value", "mean", "std", "min", "max")
# PaddlePaddle 3.3.1's group_norm gradient without a scale is wrong (finite
# differences disagree with it): test_group_norm_gradient_without_scale checks ours.
WRONG_IN_PADDLE = {("group_norm_default", "x@GRAD")}


def build(spec):
    kwargs = {k: (paddle.ParamAttr() if v is True and k.endswith("attr") else v)
              for k, v in spec["kwargs"].items()}
    xs = []
    for name, shape in spec["inputs"]:
        x = static.data(name, [-1 if s is None else s for s in shape], "float32")
        x.stop_gradient = False
        xs.append(x)
    out = getattr(static.nn, spec["fn"])(*xs, **kwargs)
    r = static.data("r", out.shape, "float32")
    return out, paddle.mean(out * r)


def initializer(startup, name):
    """The type and attributes of the startup op that makes variable name
    (through the assigns that copy it)."""
    writer = {op.output_arg_names[0]: op for op in startup.global_block().ops}
    op = writer[name]
    while op.type == "assign":
        op = writer[op.input_arg_names[0]]
    return [op.type, {k: round(float(op.attr(k)), 6) for k in INIT_ATTRS if op.has_attr(k)}]


@pytest.mark.parametrize("case", sorted(CASES))
def test_layer_matches_paddlepaddle(static_programs, case):
    main, startup = static_programs
    spec = CASES[case]
    out, loss = build(spec)
    assert list(out.shape) == spec["out_shape"]
    params = main.all_parameters()
    got = [[p.name, list(p.shape)] + initializer(startup, p.name) for p in params]
    assert got == spec["params"]
    static.append_backward(loss)
    exe = static.Executor()
    exe.run(startup)
    scope = static.global_scope()
    for p in params:
        scope.find_var(p.name).get_tensor().set(VALUES[f"{case}/{p.name}"])
    feed = {name: VALUES[f"{case}/{name}"] for name, _ in spec["inputs"]}
    feed["r"] = VALUES[f"{case}/r"]
    fetched = exe.run(main, feed=feed, fetch_list=[out.name] + spec["grads"])
    for name, value in zip(["out"] + spec["grads"], fetched):
        if (case, name) in WRONG_IN_PADDLE:
            continue
        np.testing.assert_allclose(value, VALUES[f"{case}/{name}"], rtol=1e-4, atol=1e-5,
                                   err_msg=f"{case}: {name}")


def test_spectral_norm_gradient_treats_the_vectors_as_constants(static_programs):
    main, startup = static_programs
    w = static.data("w", [3, 4])
    w.stop_gradient = False
    out = static.nn.spectral_norm(w, power_iters=5)
    loss = paddle.mean(out * out)
    static.append_backward(loss)
    exe = static.Executor()
    exe.run(startup)
    value = np.random.RandomState(3).uniform(-1, 1, [3, 4]).astype("float32")
    got_out, grad = exe.run(main, feed={"w": value}, fetch_list=[out, "w@GRAD"])
    u0, v0 = (np.array(static.global_scope().find_var(n).get_tensor())
              for n in ("spectral_norm_0.w_0", "spectral_norm_0.w_1"))
    u, v = u0, v0
    for _ in range(5):
        v = value.T @ u
        v /= np.linalg.norm(v) + 1e-12
        u = value @ v
        u /= np.linalg.norm(u) + 1e-12
    sigma = u @ value @ v
    np.testing.assert_allclose(got_out, value / sigma, rtol=1e-5)
    d_out = 2 * got_out / got_out.size
    want = d_out / sigma - np.sum(d_out * value) / sigma ** 2 * np.outer(u, v)
    np.testing.assert_allclose(grad, want, rtol=1e-4, atol=1e-6)


def test_group_norm_gradient_without_scale(static_programs):
    main, startup = static_programs
    x = static.data("x", [2, 4, 3], "float64")
    x.stop_gradient = False
    r = np.random.RandomState(5).uniform(-1, 1, [2, 4, 3])
    loss = paddle.mean(static.nn.group_norm(x, 2) * paddle.to_tensor(r))
    static.append_backward(loss)
    exe = static.Executor()
    exe.run(startup)
    value = np.random.RandomState(6).uniform(-1, 1, [2, 4, 3])
    (grad,) = exe.run(main, feed={"x": value}, fetch_list=["x@GRAD"])

    def numpy_loss(v):
        g = v.reshape(2, 2, -1)
        y = (g - g.mean(-1, keepdims=True)) / np.sqrt(g.var(-1, keepdims=True) + 1e-5)
        return np.mean(y.reshape(v.shape) * r)
    numeric = np.zeros_like(value)
    for i in np.ndindex(value.shape):
        step = np.zeros_like(value)
        step[i] = 1e-6
        numeric[i] = (numpy_loss(value + step) - numpy_loss(value - step)) / 2e-6
    np.testing.assert_allclose(grad, numeric, rtol=1e-5, atol=1e-8)


def test_create_parameter_is_paddle_static_create_parameter():
    assert static.nn.create_parameter is static.create_parameter


@pytest.mark.parametrize("make, error, words", [
    (lambda x4, x2: static.nn.layer_norm(x4, begin_norm_axis=4), ValueError, "begin_norm_axis"),
    (lambda x4, x2: static.nn.group_norm(x4, 3), ValueError, "groups"),
    (lambda x4, x2: static.nn.group_norm(x4, 3, data_layout="NCL"), ValueError, "data_layout"),
    (lambda x4, x2: static.nn.instance_norm(static.data("v", [4])), ValueError, "2-D to 5-D"),
    (lambda x4, x2: static.nn.prelu(x4, "row"), ValueError, "mode"),
    (lambda x4, x2: static.nn.prelu(x4, "channel", data_format="CHW"), ValueError,
     "data_format"),
    (lambda x4, x2: static.nn.conv3d(x4, 2, 3), ValueError, "5-D"),
    (lambda x4, x2: static.nn.conv2d_transpose(x4, 2), ValueError, "output_size"),
    (lambda x4, x2: static.nn.conv2d_transpose(x4, 3, filter_size=[2, 2, 2]), ValueError,
     "filter_size"),
    (lambda x4, x2: static.nn.conv2d_transpose(x4, 3, filter_size=2, groups=2), ValueError,
     "groups"),
    (lambda x4, x2: static.nn.conv3d_transpose(x4, 2, filter_size=2), ValueError, "5-D"),
    (lambda x4, x2: static.nn.bilinear_tensor_product(x4, x2, 3), ValueError, "x must be 2-D"),
    (lambda x4, x2: static.nn.spectral_norm(x2, dim=2), ValueError, "dim"),
    (lambda x4, x2: static.nn.spectral_norm(x2, power_iters=-1), ValueError, "power_iters"),
    (lambda x4, x2: static.nn.spectral_norm(static.data("s", [-1, 3])), ValueError, "known"),
])
def test_bad_input_raises_naming_it(static_programs, make, error, words):
    x4 = static.data("x4", [None, 4, 3, 3])
    x2 = static.data("x2", [3, 5])
    with pytest.raises(error, match=words):
        make(x4, x2)


@pytest.mark.parametrize("fn", ["layer_norm", "group_norm", "instance_norm", "prelu",
                                "conv2d_transpose", "conv3d", "conv3d_transpose",
                                "bilinear_tensor_product", "spectral_norm"])
def test_eager_mode_is_refused(fn):
    with pytest.raises(RuntimeError, match="enable_static"):
        getattr(static.nn, fn)(paddle.ones([2, 3]), 1, 1)
