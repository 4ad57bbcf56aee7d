"""Control flow in static programs: paddle.static.nn.cond, case, switch_case
and while_loop run through the Executor (every branch taken, loops of several
lengths, a cond nested in a loop), their gradients against finite
differences, a saved inference model with a cond, the errors, and eager mode."""

import numpy as np
import pytest

import paddle
from paddle import static
from paddle.base import core
from paddle.static import nn


def f32(*values):
    return np.array(values, "float32")


def run(main, feed, fetch):
    return static.Executor().run(main, feed=feed, fetch_list=fetch)


def op_types(program, block=0):
    return [op.type for op in program.block(block).ops]


# ---- forward ----

def test_cond_runs_the_branch_pred_picks(static_programs):
    main, _ = static_programs
    x = static.data("x", [1])
    y = nn.cond(x > 0, lambda: x * 2, lambda: -x)
    assert op_types(main).count("conditional_block") == 2
    assert "select_input" in op_types(main)
    assert main.num_blocks == 3
    for v, want in ((3.0, 6.0), (-5.0, 5.0), (0.0, -0.0)):
        (got,) = run(main, {"x": f32(v)}, [y])
        np.testing.assert_array_equal(got, f32(want))


def test_cond_merges_nested_results_and_other_shapes(static_programs):
    main, _ = static_programs
    x = static.data("x", [2, 3])
    flag = static.data("flag", [1], "bool")

    def true_fn():
        return {"sum": paddle.sum(x, axis=1), "pair": (x * 0 + 1, paddle.full([1], 7, "int64"))}

    def false_fn():
        return {"sum": paddle.max(x, axis=1), "pair": (x - 1, paddle.full([1], 9, "int64"))}

    out = nn.cond(flag, true_fn, false_fn)
    assert sorted(out) == ["pair", "sum"] and isinstance(out["pair"], tuple)
    xs = np.arange(6, dtype="float32").reshape(2, 3)
    for flag_value in (True, False):
        got = run(main, {"x": xs, "flag": np.array([flag_value])},
                  [out["sum"], out["pair"][0], out["pair"][1]])
        if flag_value:
            np.testing.assert_array_equal(got[0], xs.sum(1))
            np.testing.assert_array_equal(got[1], np.ones_like(xs))
            np.testing.assert_array_equal(got[2], [7])
        else:
            np.testing.assert_array_equal(got[0], xs.max(1))
            np.testing.assert_array_equal(got[1], xs - 1)
            np.testing.assert_array_equal(got[2], [9])


def test_cond_with_branches_returning_nothing_or_one_branch(static_programs):
    main, _ = static_programs
    x = static.data("x", [1])
    assert nn.cond(x > 0, lambda: None, lambda: None) is None
    assert nn.cond(x > 0, None, None) is None
    counter = paddle.full([1], 0.0)

    def bump():
        main.current_block().append_op("assign", {"X": [counter + 1]}, {"Out": [counter]})

    assert nn.cond(x > 0, bump) is None
    (got,) = run(main, {"x": f32(1.0)}, [counter])
    np.testing.assert_array_equal(got, f32(1.0))


def test_cond_merges_python_numbers_from_the_branches(static_programs):
    main, _ = static_programs
    x = static.data("x", [1])
    same, number, mixed = nn.cond(x > 0, lambda: (7, 1.5, paddle.full([1], 3.0)),
                                  lambda: (7, 2.5, 4.0))
    assert same == 7
    for v, want in ((1.0, [1.5, 3.0]), (-1.0, [2.5, 4.0])):
        got = run(main, {"x": f32(v)}, [number, mixed])
        np.testing.assert_array_equal(np.concatenate(got), f32(*want))


def test_case_and_switch_case(static_programs):
    main, _ = static_programs
    x = static.data("x", [1])
    i = static.data("i", [1], "int32")
    by_case = nn.case([(x < 0, lambda: x * 0 - 1), (x < 10, lambda: x * 2)],
                      default=lambda: x * 3)
    last_is_default = nn.case([(x < 0, lambda: x * 0 - 1), (x < 10, lambda: x * 2)])
    by_dict = nn.switch_case(i, {1: lambda: x + 100, 3: lambda: x + 300},
                             default=lambda: x * 0)
    by_list = nn.switch_case(i, [lambda: x + 10, lambda: x + 20])  # keys 0, 1; 1 is default
    cases = [(-1.0, 1, [-1.0, -1.0, 99.0, 19.0]), (4.0, 3, [8.0, 8.0, 304.0, 24.0]),
             (20.0, 0, [60.0, 40.0, 0.0, 30.0]), (20.0, 7, [60.0, 40.0, 0.0, 40.0])]
    for xv, iv, want in cases:
        got = run(main, {"x": f32(xv), "i": np.array([iv], "int32")},
                  [by_case, last_is_default, by_dict, by_list])
        np.testing.assert_array_equal(np.concatenate(got), f32(*want))


def test_while_loop_runs_as_many_steps_as_the_condition_says(static_programs):
    main, _ = static_programs
    n = static.data("n", [1], "int64")
    x = static.data("x", [2])
    i = paddle.full([1], 0, "int64")
    total = paddle.full([2], 0.0)
    i_out, x_out, total_out = nn.while_loop(
        lambda i, x, t: i < n, lambda i, x, t: [i + 1, x * 2, t + x], [i, x, total])
    assert "while" in op_types(main)
    xs = f32(1.0, -0.5)
    for steps in (0, 1, 4):
        got = run(main, {"n": np.array([steps]), "x": xs}, [i_out, x_out, total_out, i])
        np.testing.assert_array_equal(got[0], [steps])
        np.testing.assert_allclose(got[1], xs * 2 ** steps)
        np.testing.assert_allclose(got[2], xs * (2 ** steps - 1))
        np.testing.assert_array_equal(got[3], [0])  # the caller's variable is left as it was


def test_while_loop_swapping_loop_variables(static_programs):
    main, _ = static_programs
    a, b = paddle.full([1], 0.0), paddle.full([1], 1.0)
    i = paddle.full([1], 0, "int64")
    _, fib, _ = nn.while_loop(lambda i, a, b: i < 10, lambda i, a, b: [i + 1, b, a + b], [i, a, b])
    (got,) = run(main, {}, [fib])
    np.testing.assert_array_equal(got, f32(55.0))


def test_cond_nested_in_while_loop(static_programs):
    main, _ = static_programs
    x = static.data("x", [1])
    i = paddle.full([1], 0, "int64")

    def body(i, v):
        return [i + 1, nn.cond(v > 10, lambda: v - 3, lambda: v * 2)]

    _, out = nn.while_loop(lambda i, v: i < 6, body, [i, x])

    def reference(v):
        for _ in range(6):
            v = v - 3 if v > 10 else v * 2
        return v

    for v in (1.0, 9.0, 30.0):
        (got,) = run(main, {"x": f32(v)}, [out])
        np.testing.assert_allclose(got, f32(reference(v)))


def test_while_loop_is_test_keeps_one_scope(static_programs):
    main, _ = static_programs
    i = paddle.full([1], 0, "int64")
    (out,) = nn.while_loop(lambda i: i < 5, lambda i: [i + 2], [i], is_test=True)
    (got,) = run(main, {}, [out])
    np.testing.assert_array_equal(got, [6])


# ---- gradients against finite differences ----

def finite_difference(main, feed, loss, name, eps=1e-6):
    base = feed[name]
    grad = np.zeros_like(base)
    for j in range(base.size):
        values = []
        for delta in (eps, -eps):
            bumped = {**feed, name: base.copy()}
            bumped[name].reshape(-1)[j] += delta
            values.append(float(run(main, bumped, [loss])[0].reshape(-1)[0]))
        grad.reshape(-1)[j] = (values[0] - values[1]) / (2 * eps)
    return grad


def check_gradients(main, feed, loss, inputs, grads):
    got = run(main, feed, grads)
    for name, g in zip(inputs, got):
        np.testing.assert_allclose(g, finite_difference(main, feed, loss, name), rtol=1e-5,
                                   atol=1e-7, err_msg=name)


def float64_data(*specs):
    out = []
    for name, shape in specs:
        v = static.data(name, shape, "float64")
        v.stop_gradient = False
        out.append(v)
    return out


def test_cond_gradients_through_either_branch(static_programs):
    main, _ = static_programs
    x, w = float64_data(("x", [3]), ("w", [3]))
    flag = static.data("flag", [1], "bool")
    y = nn.cond(flag, lambda: paddle.sin(x) * w, lambda: x * x + w)
    loss = paddle.sum(y * y)
    dx, dw = static.gradients([loss], [x, w])
    assert "conditional_block_grad" in op_types(main)
    rng = np.random.RandomState(3)
    for flag_value in (True, False):
        feed = {"x": rng.randn(3), "w": rng.randn(3), "flag": np.array([flag_value])}
        check_gradients(main, feed, loss, ["x", "w"], [dx, dw])


def test_switch_case_and_case_gradients_through_nested_conds(static_programs):
    main, _ = static_programs
    x, w = float64_data(("x", [2]), ("w", [2]))
    i = static.data("i", [1], "int64")
    by_index = nn.switch_case(i, {0: lambda: x * w, 1: lambda: paddle.exp(x) + w,
                                  2: lambda: x / w})
    by_pred = nn.case([(paddle.sum(x) > 0, lambda: by_index * x)], default=lambda: by_index - w)
    loss = paddle.sum(by_pred * by_pred)
    grads = static.gradients([loss], [x, w])
    rng = np.random.RandomState(13)
    for index in (0, 1, 2, 5):
        for sign in (1.0, -1.0):
            feed = {"x": sign * (rng.rand(2) + 0.1), "w": rng.rand(2) + 0.5,
                    "i": np.array([index])}
            check_gradients(main, feed, loss, ["x", "w"], grads)


def test_gradients_called_twice_through_cond(static_programs):
    main, _ = static_programs
    x, w = float64_data(("x", [2]), ("w", [2]))
    y = nn.cond(paddle.sum(x) > 0, lambda: x * w, lambda: paddle.sin(x) + w)
    loss = paddle.sum(y * y)
    other = paddle.sum(paddle.exp(y))
    (dx,) = static.gradients([loss], [x])
    (dw,) = static.gradients([other], [w])  # reads its own gradient of y, not the first one's
    assert dw.name == "w@GRAD_0"
    rng = np.random.RandomState(17)
    for sign in (1.0, -1.0):
        feed = {"x": sign * (rng.rand(2) + 0.1), "w": rng.randn(2)}
        check_gradients(main, feed, loss, ["x"], [dx])
        check_gradients(main, feed, other, ["w"], [dw])


def test_cond_gradient_of_a_parameter_with_append_backward(static_programs):
    main, startup = static_programs
    x = static.data("x", [2, 3])
    w = static.create_parameter([3, 1], "float32", name="w",
                                default_initializer=paddle.nn.initializer.Assign(
                                    np.array([[0.5], [-1.0], [2.0]], "float32")))
    y = nn.cond(paddle.mean(x) > 0, lambda: paddle.matmul(x, w), lambda: paddle.matmul(x * x, w))
    loss = paddle.mean(y)
    pairs = static.append_backward(loss)
    assert [(p.name, g.name) for p, g in pairs] == [("w", "w@GRAD")]
    exe = static.Executor()
    exe.run(startup)
    xs = np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 0.0]], "float32")
    for sign in (1.0, -1.0):
        (got,) = exe.run(main, feed={"x": xs * sign}, fetch_list=[pairs[0][1]])
        used = xs * sign if sign > 0 else (xs * sign) ** 2
        np.testing.assert_allclose(got, used.mean(0).reshape(3, 1), rtol=1e-6)


def test_while_loop_gradients(static_programs):
    main, _ = static_programs
    x, w, y0 = float64_data(("x", [2]), ("w", [2]), ("y0", [2]))
    n = static.data("n", [1], "int64")
    i = paddle.full([1], 0, "int64")
    _, y = nn.while_loop(lambda i, y: i < n, lambda i, y: [i + 1, paddle.tanh(y * w + x)],
                         [i, y0])
    loss = paddle.sum(y * y)
    grads = static.gradients([loss], [x, w, y0])
    assert "while_grad" in op_types(main)
    rng = np.random.RandomState(5)
    for steps in (0, 1, 3):
        feed = {"x": rng.randn(2), "w": rng.randn(2), "y0": rng.randn(2),
                "n": np.array([steps])}
        check_gradients(main, feed, loss, ["x", "w", "y0"], grads)


def test_gradients_through_cond_nested_in_while_loop(static_programs):
    main, _ = static_programs
    x, w = float64_data(("x", [2]), ("w", [2]))
    i = paddle.full([1], 0, "int64")

    def body(i, v):
        return [i + 1, nn.cond(paddle.sum(v) > 1.0, lambda: v * w, lambda: v + w * w)]

    _, out = nn.while_loop(lambda i, v: i < 4, body, [i, x])
    loss = paddle.sum(paddle.sin(out))
    grads = static.gradients([loss], [x, w])
    rng = np.random.RandomState(11)
    for _ in range(3):
        feed = {"x": rng.randn(2), "w": rng.rand(2) + 0.5}
        check_gradients(main, feed, loss, ["x", "w"], grads)


def test_while_loop_gradient_of_a_parameter_with_append_backward(static_programs):
    main, startup = static_programs
    x = static.data("x", [3], "float64")
    w = static.create_parameter([3], "float64", name="w",
                                default_initializer=paddle.nn.initializer.Assign(
                                    np.array([0.5, -0.3, 0.8])))
    i = paddle.full([1], 0, "int64")
    _, y = nn.while_loop(lambda i, y: i < 3, lambda i, y: [i + 1, paddle.sin(y * w) + w], [i, x])
    loss = paddle.sum(y)
    pairs = static.append_backward(loss)
    assert [(p.name, g.name) for p, g in pairs] == [("w", "w@GRAD")]
    exe = static.Executor()
    exe.run(startup)
    feed = {"x": np.array([0.2, 1.0, -0.7])}
    (got,) = exe.run(main, feed=feed, fetch_list=[pairs[0][1]])
    tensor = static.global_scope().find_var("w").get_tensor()
    base = np.array(tensor)
    numeric = np.zeros(3)
    for j in range(3):
        values = []
        for delta in (1e-6, -1e-6):
            bumped = base.copy()
            bumped[j] += delta
            tensor.set(bumped)
            values.append(float(exe.run(main, feed=feed, fetch_list=[loss])[0]))
        numeric[j] = (values[0] - values[1]) / 2e-6
    tensor.set(base)
    np.testing.assert_allclose(got, numeric, rtol=1e-6)


def test_while_loop_with_is_test_has_no_gradient(static_programs):
    main, _ = static_programs
    (x,) = float64_data(("x", [2]))
    i = paddle.full([1], 0, "int64")
    _, y = nn.while_loop(lambda i, y: i < 2, lambda i, y: [i + 1, y * 2], [i, x], is_test=True)
    (dx,) = static.gradients([paddle.sum(y)], [x])
    with pytest.raises(core.InvalidArgumentError, match=r"\[while_grad\] the forward while ran "
                                                         r"with is_test"):
        run(main, {"x": np.ones(2)}, [dx])


def test_minimize_trains_a_parameter_used_in_both_branches(static_programs):
    main, startup = static_programs
    x = static.data("x", [2])
    w = static.create_parameter([2], "float32", name="w",
                                default_initializer=paddle.nn.initializer.Assign(f32(1.0, -2.0)))
    y = nn.cond(paddle.sum(x) > 0, lambda: x * w, lambda: w * w)
    loss = paddle.sum(y)
    paddle.optimizer.SGD(0.1).minimize(loss)
    exe = static.Executor()
    exe.run(startup)
    scope = static.global_scope()
    exe.run(main, feed={"x": f32(3.0, 4.0)}, fetch_list=[loss])  # d/dw = x
    np.testing.assert_allclose(np.array(scope.find_var("w").get_tensor()), f32(0.7, -2.4))
    exe.run(main, feed={"x": f32(-3.0, -4.0)}, fetch_list=[loss])  # d/dw = 2w
    np.testing.assert_allclose(np.array(scope.find_var("w").get_tensor()),
                               f32(0.7 - 0.14, -2.4 + 0.48), rtol=1e-6)


# ---- saved models ----

def test_inference_model_with_cond_saves_and_loads(static_programs, tmp_path):
    main, startup = static_programs
    x = static.data("x", [None, 2])
    w = static.create_parameter([2, 2], "float32", name="w",
                                default_initializer=paddle.nn.initializer.Assign(
                                    np.array([[1.0, 2.0], [3.0, 4.0]], "float32")))
    y = nn.cond(paddle.sum(x) > 0, lambda: paddle.matmul(x, w), lambda: x - 1)
    exe = static.Executor()
    exe.run(startup)
    prefix = str(tmp_path / "cond")
    static.save_inference_model(prefix, [x], [y], exe)
    program, feeds, fetches = static.load_inference_model(prefix, exe)
    assert "conditional_block" in op_types(program)
    for xs in (np.array([[1.0, 2.0]], "float32"), np.array([[-1.0, -2.0]], "float32")):
        (got,) = exe.run(program, feed={feeds[0]: xs}, fetch_list=fetches)
        want = xs @ np.array([[1.0, 2.0], [3.0, 4.0]]) if xs.sum() > 0 else xs - 1
        np.testing.assert_allclose(got, want, rtol=1e-6)


def test_the_predictor_runs_a_model_with_cond_and_while_loop(static_programs, tmp_path):
    main, startup = static_programs
    x = static.data("x", [None, 2])
    y = nn.cond(paddle.sum(x) > 0, lambda: x * 3.0, lambda: x - 1)
    i = paddle.full([1], 0, "int64")
    _, z = nn.while_loop(lambda i, z: i < 3, lambda i, z: [i + 1, z * 2.0], [i, y])
    exe = static.Executor()
    exe.run(startup)
    prefix = str(tmp_path / "loop")
    static.save_inference_model(prefix, [x], [z], exe)
    from paddle import inference

    predictor = inference.create_predictor(
        inference.Config(prefix + ".pdmodel", prefix + ".pdiparams"))
    for xs in (np.array([[1.0, 2.0]], "float32"), np.array([[-1.0, -2.0]], "float32")):
        predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(xs)
        predictor.run()
        got = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
        np.testing.assert_allclose(got, (xs * 3 if xs.sum() > 0 else xs - 1) * 8)


# ---- errors ----

def test_cond_errors(static_programs):
    x = static.data("x", [2])
    with pytest.raises(TypeError, match=r"\[cond\] pred must be a bool Tensor, got dtype float32"):
        nn.cond(x, lambda: x, lambda: x)
    with pytest.raises(TypeError, match=r"\[cond\] pred must have one element.*\[2\]"):
        nn.cond(x > 0, lambda: x, lambda: x)
    pred = paddle.sum(x) > 0
    with pytest.raises(TypeError, match=r"\[cond\] true_fn must be callable, got int"):
        nn.cond(pred, 1, lambda: x)
    with pytest.raises(ValueError, match="different structures"):
        nn.cond(pred, lambda: (x, x), lambda: x)
    with pytest.raises(ValueError, match="false_fn returns None"):
        nn.cond(pred, lambda: x, lambda: None)
    with pytest.raises(TypeError, match=r"result #0: true_fn returns dtype float32 but false_fn "
                                        r"returns dtype int64"):
        nn.cond(pred, lambda: x, lambda: paddle.full([2], 1, "int64"))
    with pytest.raises(ValueError, match=r"result 'y'.*shape \[2\].*shape \[2, 1\]"):
        nn.cond(pred, lambda: x, lambda: paddle.reshape(x, [2, 1]), return_names=["y"])


def test_switch_case_and_case_errors(static_programs):
    x = static.data("x", [1])
    i = static.data("i", [1], "int64")
    with pytest.raises(TypeError, match=r"\[switch_case\] branch_index must be uint8, int32 or "
                                        r"int64, got float32"):
        nn.switch_case(x, [lambda: x])
    with pytest.raises(ValueError, match="key 1 appears more than once"):
        nn.switch_case(i, [(1, lambda: x), (1, lambda: x)])
    with pytest.raises(TypeError, match="keys of branch_fns must be int"):
        nn.switch_case(i, {"a": lambda: x})
    with pytest.raises(TypeError, match=r"\[case\] pred_fn_pairs must be a list or tuple"):
        nn.case(lambda: x)
    with pytest.raises(TypeError, match=r"\(pred, fn\) tuple"):
        nn.case([(x > 0, lambda: x, 3)])


def test_while_loop_errors(static_programs):
    i = paddle.full([1], 0, "int64")
    with pytest.raises(TypeError, match=r"\[while_loop\] loop_vars must be a list or tuple, got "
                                        r"Variable|\[while_loop\] loop_vars must be a list"):
        nn.while_loop(lambda i: i < 3, lambda i: [i + 1], i)
    with pytest.raises(ValueError, match="must not be empty"):
        nn.while_loop(lambda: i < 3, lambda: [], [])
    with pytest.raises(TypeError, match=r"cond must be callable"):
        nn.while_loop(3, lambda i: [i + 1], [i])
    with pytest.raises(ValueError, match=r"body returns 2 values, but loop_vars has 1"):
        nn.while_loop(lambda i: i < 3, lambda i: [i + 1, i], [i])
    with pytest.raises(TypeError, match=r"result #0 has dtype float32, but loop_vars\[0\] has "
                                        r"dtype int64"):
        nn.while_loop(lambda i: i < 3, lambda i: [paddle.cast(i, "float32")], [i])
    with pytest.raises(TypeError, match=r"the value cond returns must be a bool Tensor"):
        nn.while_loop(lambda i: i + 1, lambda i: [i + 1], [i])


def test_a_bad_condition_at_run_time_is_a_typed_error(static_programs):
    main, _ = static_programs
    x = static.data("x", [-1])  # one element only when fed so
    i = paddle.full([1], 0, "int64")
    (out,) = nn.while_loop(lambda i: paddle.reshape(x, [-1]) > 0, lambda i: [i + 1], [i])
    with pytest.raises(core.InvalidArgumentError, match=r"\[while\] condition 'Condition' must "
                                                         r"be a bool tensor of one element"):
        run(main, {"x": f32(1.0, 2.0)}, [out])


# ---- eager mode ----

def test_eager_mode_runs_the_python_branch_and_loop():
    x = paddle.to_tensor([3.0])
    assert nn.cond(x > 0, lambda: x * 2, lambda: -x).numpy().tolist() == [6.0]
    assert nn.cond(x < 0, lambda: x * 2, lambda: -x).numpy().tolist() == [-3.0]
    i = paddle.to_tensor([0])
    out = nn.while_loop(lambda i, v: i < 4, lambda i, v: [i + 1, v * 2], [i, x])
    assert [t.numpy().tolist() for t in out] == [[4], [48.0]]
    assert nn.switch_case(paddle.to_tensor([1]), [lambda: 10, lambda: 20]) == 20
    assert nn.case([(x < 0, lambda: 1), (x > 0, lambda: 2)], default=lambda: 3) == 2
    with pytest.raises(TypeError, match="loop_vars must be a list or tuple"):
        nn.while_loop(lambda v: v < 3, lambda v: v + 1, x)
    with pytest.raises(ValueError, match="body returns 2 values"):
        nn.while_loop(lambda v: v < 30, lambda v: [v + 1, v], [x])
