"""paddle.static's Program, Block, Variable and Operator: views over one C++
ProgramDesc, built by the same paddle functions that run eagerly."""
import numpy as np
import pytest

import paddle
from paddle import static


def op_types(program, block=0):
    return [op.type for op in program.block(block).ops]


def test_mode_switches():
    assert paddle.in_dynamic_mode()
    paddle.enable_static()
    try:
        assert not paddle.in_dynamic_mode()
        assert isinstance(static.data("x", [2]), static.Variable)
    finally:
        paddle.disable_static()
    assert paddle.in_dynamic_mode()
    # Back in eager mode the same functions run again.
    assert paddle.add(paddle.ones([2]), paddle.ones([2])).numpy().tolist() == [2.0, 2.0]


def test_functions_build_ops_with_inferred_shapes(static_programs):
    main, _ = static_programs
    x = static.data("x", [None, 3, 8, 8])
    y = paddle.nn.functional.relu(paddle.flatten(x, 1)) * 2.0
    z = paddle.matmul(y, paddle.ones([192, 5]))
    assert x.shape == [-1, 3, 8, 8] and y.shape == [-1, 192] and z.shape == [-1, 5]
    assert z.dtype == paddle.float32 and x.stop_gradient
    types = op_types(main)
    assert types[:2] == ["flatten_contiguous_range", "relu"]
    assert "fill_constant" in types and types[-1] == "matmul_v2"
    assert all(op.attr("op_role") == 0 for op in main.global_block().ops)


def test_variable_has_no_value_while_building(static_programs):
    x = static.data("x", [2])
    with pytest.raises(paddle.base.core.PreconditionNotMetError, match="static program"):
        x.numpy()
    with pytest.raises(TypeError, match="truth value"):
        bool(x > 0)
    with pytest.raises(paddle.base.core.PreconditionNotMetError, match="append_backward"):
        (x * 2).backward()


def test_variable_flags_are_the_var_desc(static_programs):
    main, _ = static_programs
    x = static.data("x", [None, 4], "float64")
    assert x.name == "x" and x.dtype == paddle.float64 and x.persistable is False
    x.stop_gradient = False
    assert main.global_block().var("x").stop_gradient is False
    assert "x" in main.global_block().vars and main.global_block().has_var("x")
    assert x.block.idx == 0 and x.type == "LOD_TENSOR"
    assert "var x : LOD_TENSOR.shape(-1, 4).dtype(float64)" in repr(x)
    with pytest.raises(ValueError, match="not in this block"):
        main.global_block().var("nope")


def test_parameters_are_initialized_by_the_startup_program(static_programs):
    main, startup = static_programs
    x = static.data("x", [None, 4])
    static.nn.fc(x, 3)
    params = main.all_parameters()
    assert sorted(p.name for p in params) == ["fc_0.b_0", "fc_0.w_0"]
    assert all(p.persistable and p.trainable for p in params)
    assert [op.type for op in startup.global_block().ops] == [
        "uniform_random", "assign", "fill_constant", "assign"]
    w = main.global_block().var("fc_0.w_0")
    assert isinstance(w, paddle.base.framework.EagerParamBase) and w.shape == [4, 3]


def test_shared_parameter_by_name(static_programs):
    main, _ = static_programs
    attr = paddle.ParamAttr(name="shared_w")
    a = static.create_parameter([2, 2], "float32", attr=attr)
    b = static.create_parameter([2, 2], "float32", attr=attr)
    assert a.name == b.name == "shared_w"
    with pytest.raises(ValueError, match="keep its shape"):
        static.create_parameter([3, 2], "float32", attr=attr)


def test_layers_build_in_static_mode(static_programs):
    main, startup = static_programs
    net = paddle.nn.Sequential(paddle.nn.Conv2D(1, 2, 3), paddle.nn.ReLU(), paddle.nn.Flatten(),
                               paddle.nn.Linear(2 * 6 * 6, 4))
    out = net(static.data("img", [None, 1, 8, 8]))
    assert out.shape == [-1, 4]
    assert op_types(main) == ["conv2d", "elementwise_add", "relu", "flatten_contiguous_range",
                              "matmul_v2", "elementwise_add"]
    exe = static.Executor(paddle.CPUPlace())
    exe.run(startup)
    (got,) = exe.run(main, feed={"img": np.ones([2, 1, 8, 8], "float32")}, fetch_list=[out])
    assert got.shape == (2, 4)


def test_program_serializes_and_parses(static_programs):
    main, _ = static_programs
    x = static.data("x", [None, 2])
    paddle.tanh(x)
    data = main.serialize_to_string()
    again = static.Program.parse_from_string(data)
    assert op_types(again) == ["tanh"] and again.serialize_to_string() == data
    assert again.global_block().var("x").shape == [-1, 2]
    assert "tanh" in main.to_string(True)


def test_clone_for_test_keeps_the_forward_and_sets_is_test(static_programs):
    main, _ = static_programs
    x = static.data("x", [None, 4])
    y = paddle.nn.functional.dropout(static.nn.fc(x, 2), 0.5)
    loss = paddle.mean(y)
    paddle.optimizer.SGD(0.1).minimize(loss)
    test = main.clone(for_test=True)
    types = op_types(test)
    assert "sgd" not in types and not any(t.endswith("_grad") for t in types)
    dropout = next(op for op in test.global_block().ops if op.type == "dropout")
    assert dropout.attr("is_test") is True
    assert not any("@GRAD" in n for n in test.global_block().vars)
    assert "sgd" in op_types(main)  # the original is untouched


def test_append_op_by_name_and_operator_views(static_programs):
    main, _ = static_programs
    block = main.global_block()
    x = static.data("x", [3])
    out = block.create_var(name="out", shape=[3], dtype="float32")
    op = block.append_op(type="scale", inputs={"X": [x]}, outputs={"Out": [out]},
                         attrs={"scale": 2.0, "bias": 1.0, "my_note": "kept"})
    assert op.type == "scale" and op.input("X") == ["x"] and op.output("Out") == ["out"]
    assert op.attr("scale") == 2.0 and op.attr("my_note") == "kept"
    assert op.input_arg_names == ["x"] and "scale" in op.attr_names
    op._set_attr("scale", 3.0)
    assert block.ops[0].attr("scale") == 3.0
    with pytest.raises(paddle.base.core.NotFoundError):
        block.append_op(type="no_such_op", inputs={}, outputs={})
    with pytest.raises(ValueError, match="no attribute"):
        op.attr("missing")
    # A failed op (bad input name) leaves the block as it was.
    with pytest.raises(Exception):
        block.append_op(type="scale", inputs={"X": ["undeclared"]}, outputs={"Out": ["o2"]})
    assert len(block.ops) == 1 and not block.has_var("o2")


def test_name_scope_and_sub_blocks(static_programs):
    main, _ = static_programs
    x = static.data("x", [2])
    with static.name_scope("encoder"):
        y = x + 1.0
    assert main.global_block().ops[-1].attr("op_namescope") == "/encoder/"
    sub = main._create_block()
    z = y * 3.0  # built into the sub-block, reading its parent's variable
    assert sub.idx == 1 and main.num_blocks == 2 and op_types(main, 1) == ["scale"]
    assert z.block.idx == 1
    main._rollback()
    assert main.current_block().idx == 0
    with pytest.raises(IndexError):
        main.block(5)


def test_eager_tensors_become_constants(static_programs):
    main, startup = static_programs
    x = static.data("x", [2])
    c = paddle.to_tensor([10.0, 20.0])
    assert isinstance(c, static.Variable)
    y = x + c
    assert op_types(main) == ["assign_value", "elementwise_add"]
    exe = static.Executor()
    exe.run(startup)
    (got,) = exe.run(main, feed={"x": np.array([1, 2], "float32")}, fetch_list=[y])
    np.testing.assert_array_equal(got, [11.0, 22.0])


def test_unique_name_guard_names_the_op_outputs_afresh_too():
    # As in PaddlePaddle: a net built twice, each time in its own guard, has the
    # same variable names; the counts outside the guard go on after it.
    def build():
        main = static.Program()
        with static.program_guard(main, static.Program()), paddle.utils.unique_name.guard():
            x = static.data("x", [None, 2])
            paddle.nn.functional.relu(static.nn.fc(x, 1))
        return [v.name for v in main.list_vars()]

    paddle.enable_static()
    try:
        with static.program_guard(static.Program(), static.Program()):
            before = paddle.nn.functional.relu(static.data("a", [1])).name
            assert build() == build()
            assert "relu_0.tmp_0" in build()
            after = paddle.nn.functional.relu(static.data("b", [1])).name
    finally:
        paddle.disable_static()
    count = int(before[len("relu_"):-len(".tmp_0")])
    assert after == f"relu_{count + 1}.tmp_0"


def test_guards_reject_bad_arguments():
    with pytest.raises(TypeError, match="program_guard"):
        with static.program_guard("main"):
            pass
    with pytest.raises(TypeError, match="name_scope"):
        with static.name_scope(3):
            pass
    with pytest.raises(ValueError, match="random_seed"):
        static.Program().random_seed = "x"
    with pytest.raises(TypeError, match="non-empty str"):
        static.data("", [1])
    with pytest.raises(ValueError, match="each dim"):
        static.data("x", [-2])


def test_static_nn_requires_static_mode():
    with pytest.raises(RuntimeError, match="enable_static"):
        static.nn.fc(paddle.ones([2, 2]), 2)


def test_accuracy_and_shape_are_ops_in_static_mode(static_programs):
    main, startup = static_programs
    scores = static.data("scores", [None, 3])
    label = static.data("label", [None, 1], "int64")
    correct = static.create_global_var([1], 0, "int32", persistable=True, name="correct")
    acc = static.accuracy(scores, label, k=1, correct=correct)
    dims = paddle.shape(scores)
    exe = static.Executor()
    exe.run(startup)
    s = np.array([[0.1, 0.8, 0.1], [0.9, 0.05, 0.05], [0.2, 0.3, 0.5], [0.3, 0.3, 0.4]], "float32")
    got_acc, got_dims, got_correct = exe.run(
        main, feed={"scores": s, "label": np.array([[1], [0], [1], [2]], "int64")},
        fetch_list=[acc, dims, correct])
    assert float(got_acc) == 0.75 and got_dims.tolist() == [4, 3]
    assert int(np.asarray(got_correct).reshape(-1)[0]) == 3


def test_random_seed_fixes_the_programs_random_ops(static_programs):
    main, startup = static_programs
    startup.random_seed = 5
    main.random_seed = 5
    x = static.data("x", [None, 4])
    y = paddle.nn.functional.dropout(static.nn.fc(x, 8), 0.5)
    dropout = next(op for op in main.global_block().ops if op.type == "dropout")
    assert dropout.attr("seed") == 5 and dropout.attr("fix_seed") is True
    assert startup.global_block().ops[0].attr("seed") == 5
    exe = static.Executor()
    weights = []
    for _ in range(2):
        paddle.seed(len(weights))  # the global generator does not matter any more
        with static.scope_guard(static.Scope()):
            exe.run(startup)
            weights.append(np.array(static.global_scope().find_var("fc_0.w_0").get_tensor()))
    np.testing.assert_array_equal(weights[0], weights[1])
    assert main.clone().random_seed == 5
    with pytest.raises(ValueError, match="32 bits"):
        main.random_seed = 2**40
