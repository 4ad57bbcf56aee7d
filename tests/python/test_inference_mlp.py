"""paddle.inference on the MLP exported by PaddlePaddle 3.3.1: numerics against
PaddlePaddle's recorded output, names, batch sizes, clones, Config variants and
the Tensor handle's numpy interop."""
import gc
import pathlib
import shutil
import threading

import numpy as np
import pytest
from conftest import MLP, run_mlp

import paddle
from paddle import inference

TOL = 1e-5


def test_matches_paddlepaddle(mlp_predictor, mlp_io):
    x, expected = mlp_io
    y = run_mlp(mlp_predictor, x)
    assert y.dtype == np.float32
    assert y.shape == (4, 10)
    np.testing.assert_allclose(y, expected, rtol=0, atol=TOL)
    # Softmax rows: a sanity check independent of the oracle.
    np.testing.assert_allclose(y.sum(axis=1), np.ones(4), atol=1e-5)


def test_input_and_output_names(mlp_predictor):
    assert mlp_predictor.get_input_names() == ["x"]
    assert mlp_predictor.get_output_names() == ["softmax_0.tmp_0"]


def test_runs_again_with_other_batch_sizes(mlp_predictor, mlp_io):
    x, expected = mlp_io
    np.testing.assert_allclose(run_mlp(mlp_predictor, x), expected, atol=TOL)
    one = run_mlp(mlp_predictor, x[:1])
    assert one.shape == (1, 10)
    np.testing.assert_allclose(one, expected[:1], atol=TOL)
    eight = run_mlp(mlp_predictor, np.concatenate([x, x[::-1]]))
    assert eight.shape == (8, 10)
    np.testing.assert_allclose(eight, np.concatenate([expected, expected[::-1]]), atol=TOL)
    # And back: nothing of the bigger batch is left over.
    np.testing.assert_allclose(run_mlp(mlp_predictor, x), expected, atol=TOL)


def test_clone_gives_the_same_answer(mlp_predictor, mlp_io):
    x, expected = mlp_io
    clone = mlp_predictor.clone()
    assert isinstance(clone, inference.Predictor)
    assert clone.get_input_names() == ["x"]
    np.testing.assert_allclose(run_mlp(clone, x), expected, atol=TOL)
    # The clone's inputs are its own: feeding it does not change the original's.
    run_mlp(clone, x[:2])
    mlp_predictor.get_input_handle("x").copy_from_cpu(x)
    mlp_predictor.run()
    assert mlp_predictor.get_output_handle("softmax_0.tmp_0").shape() == [4, 10]


def test_clones_run_in_parallel_threads(mlp_predictor, mlp_io):
    # run() releases the GIL; each thread owns a clone.
    x, expected = mlp_io
    clones = [mlp_predictor.clone() for _ in range(4)]
    results, errors = {}, []

    def work(i):
        try:
            for _ in range(20):
                results[i] = run_mlp(clones[i], np.roll(x, i, axis=0))
        except Exception as e:  # reported below, in the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for i in range(4):
        np.testing.assert_allclose(results[i], np.roll(expected, i, axis=0), atol=TOL)


def test_clone_outlives_the_original(mlp_io):
    x, expected = mlp_io
    predictor = inference.create_predictor(inference.Config(str(MLP)))
    clone = predictor.clone()
    del predictor
    gc.collect()
    np.testing.assert_allclose(run_mlp(clone, x), expected, atol=TOL)


def test_handle_outlives_the_predictor(mlp_io):
    x, expected = mlp_io
    predictor = inference.create_predictor(inference.Config(str(MLP)))
    run_mlp(predictor, x)
    out = predictor.get_output_handle("softmax_0.tmp_0")
    del predictor
    gc.collect()
    np.testing.assert_allclose(out.copy_to_cpu(), expected, atol=TOL)


def _config_variants(model_dir):
    prog, params = model_dir / "model.pdmodel", model_dir / "model.pdiparams"
    by_files = inference.Config(str(prog), str(params))
    by_dir = inference.Config(str(model_dir))
    by_path_objects = inference.Config(prog, params)
    set_files = inference.Config()
    set_files.set_model(str(prog), str(params))
    set_dir = inference.Config()
    set_dir.set_model(model_dir)
    return [by_files, by_dir, by_path_objects, set_files, set_dir]


def test_config_variants_all_load_the_model(mlp_io):
    x, expected = mlp_io
    for config in _config_variants(MLP):
        assert pathlib.Path(config.prog_file()) == MLP / "model.pdmodel"
        assert pathlib.Path(config.params_file()) == MLP / "model.pdiparams"
        np.testing.assert_allclose(
            run_mlp(inference.create_predictor(config), x), expected, atol=TOL
        )


def test_config_model_dir_with_inference_names(tmp_path, mlp_io):
    # paddle.jit.save / PaddlePaddle's exporters name the files inference.*.
    x, expected = mlp_io
    shutil.copy(MLP / "model.pdmodel", tmp_path / "inference.pdmodel")
    shutil.copy(MLP / "model.pdiparams", tmp_path / "inference.pdiparams")
    config = inference.Config(str(tmp_path))
    assert config.model_dir() == str(tmp_path)
    assert pathlib.Path(config.prog_file()) == tmp_path / "inference.pdmodel"
    np.testing.assert_allclose(run_mlp(inference.Predictor(config), x), expected, atol=TOL)


def test_config_options_round_trip():
    config = inference.Config(str(MLP))
    config.disable_gpu()
    assert config.use_gpu() is False
    config.set_cpu_math_library_num_threads(3)
    assert config.cpu_math_library_num_threads() == 3
    assert config.ir_optim() is True
    config.switch_ir_optim(False)
    assert config.ir_optim() is False
    config.switch_ir_optim()
    assert config.ir_optim() is True
    config.enable_mkldnn()
    assert config.mkldnn_enabled() is True
    config.disable_mkldnn()
    assert config.mkldnn_enabled() is False
    config.enable_memory_optim()
    config.switch_use_feed_fetch_ops(False)
    config.switch_specify_input_names(True)
    config.disable_glog_info()
    summary = config.summary()
    assert isinstance(summary, str) and str(MLP) in summary


def test_ir_optim_and_delete_pass_keep_the_answer(mlp_io):
    # ir_optim (default on) runs fc_fuse_pass: the MLP's mul + add (+ relu) become two fc ops.
    x, expected = mlp_io
    setups = [
        lambda c: None,
        lambda c: c.switch_ir_optim(False),
        lambda c: c.delete_pass("fc_fuse_pass"),
        lambda c: c.delete_pass("no_such_pass"),  # not in the pipeline: ignored, as in PaddlePaddle
    ]
    for setup in setups:
        config = inference.Config(str(MLP))
        setup(config)
        y = run_mlp(inference.create_predictor(config), x)
        np.testing.assert_allclose(y, expected, rtol=0, atol=TOL)


def test_delete_pass_is_recorded_once():
    config = inference.Config(str(MLP))
    assert "deleted_passes" not in config.summary()
    config.delete_pass("fc_fuse_pass")
    config.delete_pass(pass_name="fc_fuse_pass")
    assert "deleted_passes: fc_fuse_pass\n" in config.summary()
    with pytest.raises(TypeError):
        config.delete_pass(3)


def test_config_built_file_by_file(mlp_io):
    # The PaddlePaddle idiom: Config() then set_prog_file / set_params_file.
    x, expected = mlp_io
    config = inference.Config()
    config.set_prog_file(str(MLP / "model.pdmodel"))
    config.set_params_file(MLP / "model.pdiparams")
    np.testing.assert_allclose(run_mlp(inference.create_predictor(config), x), expected, atol=TOL)


def test_config_rejects_non_paths():
    with pytest.raises(TypeError):
        inference.Config(42)
    with pytest.raises(TypeError):
        inference.Config().set_model(str(MLP), None)


def test_tensor_handle_metadata(mlp_predictor, mlp_io):
    x, _ = mlp_io
    handle = mlp_predictor.get_input_handle("x")
    assert isinstance(handle, inference.Tensor)
    assert handle.name() == "x"
    assert handle.type() == inference.DataType.FLOAT32  # as declared, before any data
    handle.reshape([2, 784])
    assert handle.shape() == [2, 784]
    handle.copy_from_cpu(x)
    assert handle.shape() == [4, 784]
    assert "'x'" in repr(handle)


def test_tensor_lod_round_trip(mlp_predictor, mlp_io):
    x, _ = mlp_io
    handle = mlp_predictor.get_input_handle("x")
    handle.copy_from_cpu(x)
    assert handle.lod() == []
    handle.set_lod([[0, 1, 4]])
    assert handle.lod() == [[0, 1, 4]]


def test_copy_from_cpu_makes_layouts_contiguous(mlp_predictor, mlp_io):
    x, expected = mlp_io
    fortran = np.asfortranarray(x)
    strided = np.zeros((4, 784 * 2), dtype=np.float32)
    strided[:, ::2] = x
    big_endian = x.astype(">f4")
    for variant in (fortran, strided[:, ::2], big_endian):
        np.testing.assert_allclose(run_mlp(mlp_predictor, variant), expected, atol=TOL)


def test_copy_to_cpu_returns_a_fresh_array(mlp_predictor, mlp_io):
    x, expected = mlp_io
    run_mlp(mlp_predictor, x)
    out = mlp_predictor.get_output_handle("softmax_0.tmp_0")
    first = out.copy_to_cpu()
    assert first.flags.c_contiguous and first.flags.writeable and first.flags.owndata
    first[:] = 0
    np.testing.assert_allclose(out.copy_to_cpu(), expected, atol=TOL)
    # The input array is not aliased either.
    x_copy = x.copy()
    run_mlp(mlp_predictor, x_copy)
    x_copy[:] = 0
    np.testing.assert_allclose(out.copy_to_cpu(), expected, atol=TOL)
    assert out.type() == inference.DataType.FLOAT32


@pytest.mark.parametrize(
    "dtype", [np.float64, np.float16, np.int32, np.int64, np.int8, np.uint8, np.bool_]
)
def test_each_numpy_dtype_reaches_cpp_as_itself(mlp_predictor, dtype):
    # x is declared float32, so C++ rejects the others; its message spells the
    # dtype it received, which shows the binding mapped numpy's dtype correctly.
    name = np.dtype(dtype).name
    handle = mlp_predictor.get_input_handle("x")
    expected = rf"'x'.*float32.*\b{name}\b"
    with pytest.raises(paddle.base.core.InvalidArgumentError, match=expected):
        handle.copy_from_cpu(np.zeros((4, 784), dtype=dtype))


def test_copy_from_cpu_of_an_empty_batch(mlp_predictor):
    handle = mlp_predictor.get_input_handle("x")
    handle.copy_from_cpu(np.zeros((0, 784), dtype=np.float32))
    assert handle.shape() == [0, 784]
    back = handle.copy_to_cpu()
    assert back.shape == (0, 784) and back.dtype == np.float32


def test_enums_and_version():
    assert {"FLOAT32", "FLOAT64", "INT32", "INT64", "UINT8", "INT8", "FLOAT16", "BOOL"} <= set(
        inference.DataType.__members__
    )
    assert {"UNK", "CPU", "GPU"} <= set(inference.PlaceType.__members__)
    version = inference.get_version()
    assert paddle.__version__ in version
    assert paddle.base.core.AnalysisConfig is inference.Config
