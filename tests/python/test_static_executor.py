"""paddle.static.Executor: feeds by name, fetches, the per-program cache, the
scope, and the errors of bad feeds and fetches."""
import numpy as np
import pytest

import paddle
from paddle import static
from paddle.base import core


@pytest.fixture()
def built():
    """y = 2x + 1 over x [-1, 3] in fresh programs, and an executor with the startup run."""
    paddle.enable_static()
    main, startup = static.Program(), static.Program()
    with paddle.utils.unique_name.guard(), static.program_guard(main, startup), \
            static.scope_guard(static.Scope()):
        x = static.data("x", [None, 3])
        y = x * 2.0 + 1.0
        exe = static.Executor(paddle.CPUPlace())
        exe.run(startup)
        yield main, x, y, exe
    paddle.disable_static()


def eager_tensor(array):
    """An eager Tensor made while static mode is on."""
    paddle.disable_static()
    try:
        return paddle.to_tensor(array)
    finally:
        paddle.enable_static()


def test_run_feeds_and_fetches(built):
    main, x, y, exe = built
    xs = np.arange(6, dtype="float32").reshape(2, 3)
    (got,) = exe.run(main, feed={"x": xs}, fetch_list=[y])
    np.testing.assert_array_equal(got, xs * 2 + 1)
    # By name, several fetches, and a batch of another size (the -1 dim).
    got_y, got_x = exe.run(main, feed={"x": xs[:1]}, fetch_list=[y.name, "x"])
    np.testing.assert_array_equal(got_y, xs[:1] * 2 + 1)
    np.testing.assert_array_equal(got_x, xs[:1])


def test_numpy_feeds_are_cast_to_the_variable_dtype(built):
    main, x, y, exe = built
    (got,) = exe.run(main, feed={"x": np.ones([1, 3], "float64")}, fetch_list=[y])
    assert got.dtype == np.float32
    (got,) = exe.run(main, feed={"x": [[1, 2, 3]]}, fetch_list=[y])
    np.testing.assert_array_equal(got, [[3, 5, 7]])


def test_return_numpy_false_gives_tensors(built):
    main, x, y, exe = built
    (got,) = exe.run(main, feed={"x": np.ones([1, 3], "float32")}, fetch_list=[y],
                     return_numpy=False)
    assert isinstance(got, paddle.Tensor) and not isinstance(got, static.Variable)
    assert got.numpy().tolist() == [[3.0, 3.0, 3.0]]


def test_fetched_arrays_are_copies(built):
    main, x, y, exe = built
    (first,) = exe.run(main, feed={"x": np.ones([1, 3], "float32")}, fetch_list=[y])
    exe.run(main, feed={"x": np.zeros([1, 3], "float32")}, fetch_list=[y])
    np.testing.assert_array_equal(first, [[3, 3, 3]])


def test_a_changed_program_is_prepared_again(built):
    main, x, y, exe = built
    feed = {"x": np.ones([1, 3], "float32")}
    exe.run(main, feed=feed, fetch_list=[y])
    z = y - 5.0  # appended after the first run
    (got,) = exe.run(main, feed=feed, fetch_list=[z])
    np.testing.assert_array_equal(got, [[-2, -2, -2]])


def test_bad_feeds_and_fetches_name_the_variable(built):
    main, x, y, exe = built
    with pytest.raises(core.InvalidArgumentError, match=r"feed 'x' must have shape \[-1, 3\]"):
        exe.run(main, feed={"x": np.ones([2, 4], "float32")}, fetch_list=[y])
    with pytest.raises(core.InvalidArgumentError, match="feed 'x' must be float32"):
        exe.run(main, feed={"x": eager_tensor(np.ones([1, 3], "int64"))}, fetch_list=[y])
    with pytest.raises(core.NotFoundError, match="feed 'nope' is not a variable"):
        exe.run(main, feed={"nope": np.ones([1])}, fetch_list=[y])
    with pytest.raises(core.NotFoundError, match="fetch 'missing' is not a variable"):
        exe.run(main, feed={"x": np.ones([1, 3], "float32")}, fetch_list=["missing"])
    with pytest.raises(core.InvalidArgumentError, match="'x' is an input of the program"):
        exe.run(main, feed={}, fetch_list=[y])
    with pytest.raises(core.InvalidArgumentError, match="must be numeric"):
        exe.run(main, feed={"x": np.array([["a", "b", "c"]])}, fetch_list=[y])
    with pytest.raises(TypeError, match="fetch_list"):
        exe.run(main, feed={"x": np.ones([1, 3], "float32")}, fetch_list=[3])
    with pytest.raises(TypeError, match="feed must be a dict"):
        exe.run(main, feed=[1], fetch_list=[y])
    # The executor still works after the errors.
    (got,) = exe.run(main, feed={"x": np.ones([1, 3], "float32")}, fetch_list=[y])
    assert got.shape == (1, 3)


def test_kernel_errors_name_the_op(built):
    main, x, y, exe = built
    bad = paddle.reshape(y, [4, 5])  # [-1, 3] cannot become [4, 5] at run time
    with pytest.raises(core.EnforceNotMet, match="reshape2"):
        exe.run(main, feed={"x": np.ones([2, 3], "float32")}, fetch_list=[bad])


def test_parameters_live_in_the_scope():
    paddle.enable_static()
    try:
        main, startup = static.Program(), static.Program()
        scope = static.Scope()
        with paddle.utils.unique_name.guard(), static.program_guard(main, startup), \
                static.scope_guard(scope):
            x = static.data("x", [None, 2])
            y = static.nn.fc(x, 1, weight_attr=paddle.ParamAttr(
                initializer=paddle.nn.initializer.Constant(0.5)))
            exe = static.Executor()
            exe.run(startup)
            w = np.array(static.global_scope().find_var("fc_0.w_0").get_tensor())
            np.testing.assert_array_equal(w, [[0.5], [0.5]])
            # Temporaries stay out of the user's scope.
            exe.run(main, feed={"x": np.ones([1, 2], "float32")}, fetch_list=[y])
            assert scope.find_var(y.name) is None
            scope.var("fc_0.w_0").get_tensor().set(np.full([2, 1], 2.0, "float32"))
            (got,) = exe.run(main, feed={"x": np.ones([1, 2], "float32")}, fetch_list=[y])
            np.testing.assert_array_equal(got, [[4.0]])
    finally:
        paddle.disable_static()


def test_closed_executor_refuses_to_run(built):
    main, x, y, exe = built
    exe.close()
    with pytest.raises(RuntimeError, match="closed"):
        exe.run(main, feed={"x": np.ones([1, 3], "float32")}, fetch_list=[y])


def test_a_cycle_and_an_unknown_op_name_the_op(built):
    main, x, y, exe = built
    block = main.global_block()
    for name in ("t", "u"):
        block.create_var(name=name, shape=[3], dtype="float32")
    # t = x + u reads u before the op that writes it: a cycle through u.
    block.append_op(type="elementwise_add", inputs={"X": [x], "Y": ["u"]}, outputs={"Out": ["t"]})
    block.append_op(type="relu", inputs={"X": ["t"]}, outputs={"Out": ["u"]})
    feed = {"x": np.ones([1, 3], "float32")}
    with pytest.raises(core.PreconditionNotMetError, match=r"elementwise_add.*'Y'.*no earlier op"):
        exe.run(main, feed=feed, fetch_list=["u"])
    from paddle.proto import framework_pb2

    desc = framework_pb2.ProgramDesc.FromString(main.serialize_to_string())
    desc.blocks[0].ops[-1].type = "no_such_op"
    broken = static.Program.parse_from_string(desc.SerializeToString())
    with pytest.raises(core.NotFoundError, match="no_such_op"):
        exe.run(broken, feed=feed, fetch_list=["u"])


def _sgd_mlp_losses(steps, fetch_grad=False):
    """Losses (and the first weight's gradient) of an MLP trained with SGD by Executor.run,
    the op types of the user's program, and the op types that ran (from the profiler)."""
    import paddle.profiler as profiler

    paddle.enable_static()
    try:
        main, startup = static.Program(), static.Program()
        with paddle.utils.unique_name.guard(), static.program_guard(main, startup), \
                static.scope_guard(static.Scope()):
            paddle.seed(7)
            x = static.data("x", [None, 6])
            label = static.data("label", [None], "int64")
            net = paddle.nn.Sequential(paddle.nn.Linear(6, 5), paddle.nn.ReLU(),
                                       paddle.nn.Linear(5, 3))
            loss = paddle.nn.CrossEntropyLoss()(net(x), label)
            paddle.optimizer.SGD(learning_rate=0.1).minimize(loss)
            exe = static.Executor()
            exe.run(startup)
            rng = np.random.default_rng(3)
            feed = {"x": rng.uniform(-1, 1, (4, 6)).astype("float32"),
                    "label": rng.integers(0, 3, 4)}
            fetch = [loss] + ([net[0].weight.name + "@GRAD"] if fetch_grad else [])
            prof = profiler.Profiler(targets=[profiler.ProfilerTarget.CPU])
            prof.start()
            out = [exe.run(main, feed=feed, fetch_list=fetch) for _ in range(steps)]
            prof.stop()
            types = [op.type for op in main.global_block().ops]
            ran = {e.name for e in prof.profiler_result.get_data()}
        return out, types, ran
    finally:
        paddle.disable_static()


def test_sgd_updates_fuse_into_the_weight_gradient_products():
    """The default FLAGS_static_executor_passes fuses each linear layer's weight gradient
    with its sgd (fused_matmul_grad_sgd) in the prepared copy: the same losses as the
    program run as built, the user's program untouched, a fetched gradient still made."""
    fused, types, ran = _sgd_mlp_losses(5)
    assert types.count("sgd") == 4 and "fused_matmul_grad_sgd" not in types
    assert "fused_matmul_grad_sgd" in ran and "sgd" in ran  # the biases' updates stay sgd
    paddle.set_flags({"FLAGS_static_executor_passes": ""})
    try:
        plain, _, ran = _sgd_mlp_losses(5)
        assert "fused_matmul_grad_sgd" not in ran
        plain_grad, _, _ = _sgd_mlp_losses(2, fetch_grad=True)
    finally:
        paddle.set_flags({"FLAGS_static_executor_passes": "matmul_grad_sgd_fuse_pass"})
    np.testing.assert_allclose([o[0] for o in fused], [o[0] for o in plain], rtol=1e-6)
    assert plain[-1][0] < plain[0][0]
    fused_grad, _, ran = _sgd_mlp_losses(2, fetch_grad=True)
    assert "fused_matmul_grad_sgd" in ran  # only the fetched gradient's layer stays unfused
    for got, want in zip(fused_grad, plain_grad):
        np.testing.assert_allclose(got[1], want[1], rtol=1e-6, atol=1e-7)


def test_a_bad_executor_pass_pipeline_is_refused():
    with pytest.raises(core.InvalidArgumentError, match="no pass named 'no_such_pass'"):
        paddle.set_flags({"FLAGS_static_executor_passes": "no_such_pass"})
    assert paddle.get_flags("FLAGS_static_executor_passes") == {
        "FLAGS_static_executor_passes": "matmul_grad_sgd_fuse_pass"}
