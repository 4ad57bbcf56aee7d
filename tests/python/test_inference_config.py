"""paddle.inference.Config beyond paths and threads, with PaddlePaddle 3.3.1's names:
PrecisionType, the model from memory, pass_builder(), switch_ir_debug's pictures,
the GPU/XPU/TensorRT/profile switches this CPU build accepts and reports in
summary(), and get_num_bytes_of_data_type."""
import re

import numpy as np
import pytest
from conftest import MLP, run_mlp

from paddle import inference
from paddle.base import core

TOL = 1e-5


def _buffers():
    return (MLP / "model.pdmodel").read_bytes(), (MLP / "model.pdiparams").read_bytes()


def test_precision_type_has_paddlepaddles_members():
    from paddle.inference import PrecisionType  # the published CPU demo's first import

    assert list(PrecisionType.__members__) == ["Float32", "Int8", "Half", "Bfloat16"]
    assert [int(p) for p in PrecisionType.__members__.values()] == [0, 1, 2, 3]
    assert inference.Config.Precision is PrecisionType
    assert inference.Config.Half == PrecisionType.Half
    assert repr(PrecisionType.Float32) == "<Precision.Float32: 0>"


def test_num_bytes_of_each_data_type():
    sizes = {name: inference.get_num_bytes_of_data_type(dt)
             for name, dt in inference.DataType.__members__.items()}
    assert sizes == {"FLOAT32": 4, "INT64": 8, "INT32": 4, "UINT8": 1, "INT8": 1,
                     "FLOAT16": 2, "BOOL": 1, "FLOAT64": 8, "BFLOAT16": 2}
    with pytest.raises(TypeError):
        inference.get_num_bytes_of_data_type("float32")


def test_tensorrt_versions_are_none_in_a_cpu_build():
    assert inference.get_trt_compile_version() == (0, 0, 0)
    assert inference.get_trt_runtime_version() == (0, 0, 0)


def test_model_from_memory_equals_model_from_files(mlp_io):
    x, expected = mlp_io
    prog, params = _buffers()
    config = inference.Config()
    assert config.model_from_memory() is False
    config.set_model_buffer(prog, len(prog), params, len(params))
    assert config.model_from_memory() is True
    from_memory = run_mlp(inference.create_predictor(config), x)
    from_files = run_mlp(inference.create_predictor(inference.Config(str(MLP))), x)
    np.testing.assert_allclose(from_memory, expected, rtol=0, atol=TOL)
    np.testing.assert_array_equal(from_memory, from_files)


def test_corrupt_buffers_are_invalid_model_as_corrupt_files_are():
    prog, params = _buffers()
    for bad_prog, bad_params, where in [
        (b"not a program", params, "program buffer"),
        (prog, params[: len(params) // 2], "params buffer"),
    ]:
        config = inference.Config()
        config.set_model_buffer(bad_prog, len(bad_prog), bad_params, len(bad_params))
        with pytest.raises(core.InvalidModelError, match=where):
            inference.create_predictor(config)
    config = inference.Config()
    with pytest.raises(core.InvalidArgumentError, match="params_buffer size 99"):
        config.set_model_buffer(prog, len(prog), b"abc", 99)
    with pytest.raises(core.InvalidArgumentError, match="program's bytes"):
        config.set_model_buffer(b"", 0, params, len(params))
    assert config.model_from_memory() is False


def test_pass_builder_edits_the_pipeline_and_checks_names():
    config = inference.Config()
    builder = config.pass_builder()
    passes = builder.all_passes()
    assert "fc_fuse_pass" in passes and passes[-1] == "dead_code_elimination_pass"
    with pytest.raises(core.NotFoundError, match="no pass named 'no_such_pass'"):
        builder.append_pass("no_such_pass")
    with pytest.raises(core.OutOfRangeError):
        builder.insert_pass(len(passes) + 1, "fc_fuse_pass")
    with pytest.raises(core.OutOfRangeError):
        builder.delete_pass(len(passes))
    assert builder.all_passes() == passes
    builder.set_passes(["fc_fuse_pass"])
    builder.insert_pass(0, "delete_dropout_op_pass")
    builder.append_pass("dead_code_elimination_pass")
    builder.delete_pass(0)
    assert config.pass_builder().all_passes() == ["fc_fuse_pass", "dead_code_elimination_pass"]
    assert builder.debug_string() == "  - fc_fuse_pass\n  - dead_code_elimination_pass\n"
    assert "passes: fc_fuse_pass, dead_code_elimination_pass\n" in config.summary()
    builder.turn_on_debug()
    assert builder.all_passes() == ["fc_fuse_pass", "graph_viz_pass",
                                    "dead_code_elimination_pass", "graph_viz_pass"]


def _labels(dot_text):
    return set(re.findall(r'label="([^"]*)", shape=box', dot_text))


def test_switch_ir_debug_writes_one_picture_per_pass(tmp_path, mlp_io):
    x, expected = mlp_io
    config = inference.Config(str(MLP))
    config.set_optim_cache_dir(str(tmp_path))
    config.switch_ir_debug()
    np.testing.assert_allclose(run_mlp(inference.create_predictor(config), x), expected, atol=TOL)
    passes = config.pass_builder().all_passes()
    names = sorted(p.name for p in tmp_path.glob("*.dot"))
    assert names == sorted(f"{k}_ir_{p}.dot" for k, p in enumerate(passes))
    for name in names:
        text = (tmp_path / name).read_text()
        assert text.startswith("digraph ") and text.rstrip().endswith("}")
        assert text.count("{") == text.count("}")
    k = passes.index("fc_fuse_pass")
    assert "fc" not in _labels((tmp_path / f"{k - 1}_ir_{passes[k - 1]}.dot").read_text())
    assert "fc" in _labels((tmp_path / f"{k}_ir_fc_fuse_pass.dot").read_text())


def test_deleted_and_appended_passes_change_what_runs(tmp_path, mlp_io):
    x, expected = mlp_io
    config = inference.Config(str(MLP))
    config.set_optim_cache_dir(str(tmp_path))
    config.switch_ir_debug(True, ["dead_code_elimination_pass"])
    config.pass_builder().delete_pass("fc_fuse_pass")
    np.testing.assert_allclose(run_mlp(inference.create_predictor(config), x), expected, atol=TOL)
    picture = tmp_path / "0_ir_dead_code_elimination_pass.dot"
    assert [p.name for p in tmp_path.glob("*.dot")] == [picture.name]
    assert "fc" not in _labels(picture.read_text())
    config.pass_builder().append_pass("fc_fuse_pass")
    config.switch_ir_debug(passes=["fc_fuse_pass"])
    np.testing.assert_allclose(run_mlp(inference.create_predictor(config), x), expected, atol=TOL)
    assert "fc" in _labels((tmp_path / "0_ir_fc_fuse_pass.dot").read_text())


def test_switches_without_a_backend_are_accepted_and_reported(mlp_io):
    x, expected = mlp_io
    config = inference.Config(str(MLP))
    config.enable_use_gpu(256, 1, inference.PrecisionType.Half)
    config.enable_profile()
    config.enable_xpu()
    config.enable_tensorrt_engine(workspace_size=1 << 20, precision_mode=inference.PrecisionType.Int8)
    config.enable_onnxruntime()
    config.enable_mkldnn_bfloat16()
    config.set_mkldnn_cache_capacity(10)
    config.enable_onednn_int8({"conv2d"})
    assert (config.use_gpu(), config.gpu_device_id(), config.memory_pool_init_size_mb()) == (
        False, 1, 256)
    assert config.use_xpu() is False and config.tensorrt_engine_enabled() is False
    assert config.onnxruntime_enabled() is True
    config.disable_onnxruntime()
    assert config.onnxruntime_enabled() is False
    assert ("ignored (not in this build): EnableUseGpu, EnableProfile, EnableXpu, "
            "EnableTensorRtEngine, EnableONNXRuntime, EnableMkldnnBfloat16, "
            "SetMkldnnCacheCapacity, EnableMkldnnInt8\n") in config.summary()
    with pytest.raises(core.InvalidArgumentError, match="capacity >= 0, got -1"):
        config.set_onednn_cache_capacity(-1)
    with pytest.raises(core.InvalidArgumentError, match="device_id >= 0"):
        config.enable_use_gpu(100, -2)
    config.enable_onednn()
    assert config.onednn_enabled() is True and config.mkldnn_enabled() is True
    config.disable_onednn()
    assert config.onednn_enabled() is False
    np.testing.assert_allclose(run_mlp(inference.create_predictor(config), x), expected, atol=TOL)
