"""Saving and loading static programs: inference models both ways with
PaddlePaddle 3.3.1 (tests/data/static_io, recorded by
tools/oracle/record_static_io.py; the oracle models of tests/data), their
byte forms, paddle.static.save/load, CompiledProgram, and corrupt files."""
import json
import os
import pathlib

import numpy as np
import pytest

import paddle
from paddle import static
from paddle.base import core

DATA = pathlib.Path(__file__).resolve().parents[1] / "data"
ORACLE_MODELS = sorted(p.parent.name for p in DATA.glob("*/meta.json")
                       if (p.parent / "model.pdmodel").exists())


def small_model():
    """A trained-looking regressor: fc(3->4, tanh) -> fc(4->2), and its parameters initialized."""
    x = static.data("x", [None, 3])
    h = static.nn.fc(x, 4, activation="tanh")
    y = static.nn.fc(h, 2)
    loss = paddle.mean(y * y)
    paddle.optimizer.Adam(0.1).minimize(loss)
    exe = static.Executor()
    exe.run(static.default_startup_program())
    xs = np.random.RandomState(0).rand(5, 3).astype("float32")
    exe.run(static.default_main_program(), feed={"x": xs}, fetch_list=[loss])
    return x, y, exe, xs


def test_paddlepaddle_ran_the_model_we_saved(static_programs):
    ours = np.load(DATA / "static_io/ours_io.npz")
    theirs = np.load(DATA / "static_io/paddle_runs_ours.npz")
    # PaddlePaddle 3.3.1 loaded our files with both of its loaders and computed what we do.
    np.testing.assert_allclose(theirs["static"], ours["probs"], atol=1e-6)
    np.testing.assert_allclose(theirs["inference"], ours["probs"], atol=1e-6)
    exe = static.Executor()
    program, feeds, fetches = static.load_inference_model(str(DATA / "static_io/ours"), exe)
    assert feeds == list(theirs["feeds"]) == ["image"]
    (got,) = exe.run(program, feed={"image": ours["image"]}, fetch_list=fetches)
    np.testing.assert_allclose(got, ours["probs"], atol=1e-6)


@pytest.mark.parametrize("name", ORACLE_MODELS)
def test_models_paddlepaddle_saved_load_and_run(static_programs, name):
    meta = json.loads((DATA / name / "meta.json").read_text())
    io = np.load(DATA / name / "io.npz")
    exe = static.Executor()
    program, feeds, fetches = static.load_inference_model(
        str(DATA / name), exe, model_filename="model.pdmodel", params_filename="model.pdiparams")
    assert feeds == meta["feed_order"]
    assert [f.name for f in fetches] == meta["fetch_order"]
    outs = exe.run(program, feed={n: io["in:" + n] for n in feeds}, fetch_list=fetches)
    for name_, got in zip(meta["fetch_order"], outs):
        np.testing.assert_allclose(got, io["out:" + name_], rtol=1e-4, atol=1e-5)


def test_save_and_load_inference_model_round_trip(static_programs, tmp_path):
    main, _ = static_programs
    x, y, exe, xs = small_model()
    (want,) = exe.run(main.clone(for_test=True), feed={"x": xs}, fetch_list=[y])
    prefix = str(tmp_path / "sub" / "model")
    static.save_inference_model(prefix, [x], [y], exe, program=main)
    assert sorted(os.listdir(tmp_path / "sub")) == ["model.pdiparams", "model.pdmodel"]
    program, feeds, fetches = static.load_inference_model(prefix, exe)
    types = [op.type for op in program.global_block().ops]
    assert types[0] == "feed" and types[-1] == "fetch"
    assert not any(t.endswith("_grad") or t == "adam" for t in types)
    (got,) = exe.run(program, feed={feeds[0]: xs}, fetch_list=fetches)
    np.testing.assert_array_equal(got, want)
    # The same files serve paddle.inference.
    paddle.disable_static()
    try:
        config = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
        predictor = paddle.inference.create_predictor(config)
        predictor.get_input_handle("x").copy_from_cpu(xs)
        predictor.run()
        out = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
    finally:
        paddle.enable_static()
    np.testing.assert_allclose(out, want, atol=1e-6)


def test_serialized_forms_round_trip(static_programs):
    main, _ = static_programs
    x, y, exe, xs = small_model()
    (want,) = exe.run(main.clone(for_test=True), feed={"x": xs}, fetch_list=[y])
    program_bytes = static.serialize_program([x], [y], program=main)
    params_bytes = static.serialize_persistables([x], [y], exe, program=main)
    with static.scope_guard(static.Scope()):
        program = static.deserialize_program(program_bytes)
        static.deserialize_persistables(program, params_bytes, exe)
        (got,) = exe.run(program, feed={"x": xs}, fetch_list=[y.name])
    np.testing.assert_array_equal(got, want)
    with pytest.raises(core.InvalidModelError, match="left over"):
        static.deserialize_persistables(program, params_bytes + b"\0", exe)
    with pytest.raises(core.InvalidModelError):
        static.deserialize_persistables(program, params_bytes[:-3], exe)
    with pytest.raises(core.InvalidModelError):
        static.deserialize_program(b"\x08\x01garbage")


def test_static_save_and_load_training_state(static_programs, tmp_path):
    main, _ = static_programs
    x, y, exe, xs = small_model()
    path = str(tmp_path / "ckpt" / "state")
    static.save(main, path)
    assert sorted(os.listdir(tmp_path / "ckpt")) == ["state.pdmodel", "state.pdopt",
                                                     "state.pdparams"]
    state = static.load_program_state(path)
    assert "fc_0.w_0" in state and any("moment1" in k for k in state)
    scope = static.global_scope()
    saved_w = np.array(scope.find_var("fc_0.w_0").get_tensor())
    scope.var("fc_0.w_0").get_tensor().set(np.zeros_like(saved_w))
    static.load(main, path, exe)
    np.testing.assert_array_equal(np.array(scope.find_var("fc_0.w_0").get_tensor()), saved_w)
    with pytest.raises(ValueError, match="program declares"):
        static.set_program_state(main, {"fc_0.w_0": np.zeros([7, 7], "float32")})


def test_bad_paths_and_files(static_programs, tmp_path):
    x, y, exe, _ = small_model()
    with pytest.raises(ValueError, match="should not be a directory"):
        static.save_inference_model(str(tmp_path), [x], [y], exe)
    with pytest.raises(core.NotFoundError):
        static.load_inference_model(str(tmp_path / "missing"), exe)
    (tmp_path / "bad.pdmodel").write_bytes(b"\xff\xfe not a program")
    with pytest.raises(core.InvalidModelError, match="bad.pdmodel"):
        static.load_inference_model(str(tmp_path / "bad"), exe)
    with pytest.raises(TypeError, match="Variables"):
        static.save_inference_model(str(tmp_path / "m"), ["x"], [y], exe)
    with pytest.raises(ValueError, match="does not exist"):
        static.load_program_state(str(tmp_path / "nothing"))


def test_fetch_needing_an_unfed_input_is_refused(static_programs, tmp_path):
    x = static.data("x", [None, 2])
    z = static.data("z", [None, 2])
    y = x + z
    with pytest.raises(core.InvalidArgumentError, match="'z'"):
        static.save_inference_model(str(tmp_path / "m"), [x], [y], static.Executor())


def test_compiled_program_fuses_and_trains_the_same(static_programs, tmp_path):
    main, startup = static_programs
    x = static.data("x", [None, 3])
    h = static.nn.fc(x, 4, activation="relu",
                     weight_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(0.3)))
    loss = paddle.mean(h)
    paddle.optimizer.SGD(0.1).minimize(loss)
    strategy = static.BuildStrategy()
    strategy.fuse_elewise_add_act_ops = True
    strategy.debug_graphviz_path = str(tmp_path / "viz" / "graph")
    compiled = static.CompiledProgram(main, strategy)
    xs = np.random.RandomState(1).rand(4, 3).astype("float32") - 0.3
    exe = static.Executor()
    results = []
    for program in (main, compiled):
        with static.scope_guard(static.Scope()):
            exe.run(startup)
            results.append([float(exe.run(program, feed={"x": xs}, fetch_list=[loss])[0])
                            for _ in range(3)])
    np.testing.assert_allclose(results[1], results[0], rtol=1e-6)
    fused = compiled._program_for(["x"], [loss.name], static.global_scope())
    assert "fused_elemwise_add_activation" in [op.type for op in fused.global_block().ops]
    assert (tmp_path / "viz" / "graph.dot").exists()
    with pytest.raises(AttributeError, match="no switch"):
        strategy.fuse_everything = True
    with pytest.raises(TypeError, match="CompiledProgram"):
        static.CompiledProgram("main")
