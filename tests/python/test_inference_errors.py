"""paddle.inference on bad input: missing and corrupt model files, wrong names,
dtypes and shapes, and calls in the wrong order. Every failure is a typed
exception whose message says what and where; none crashes the process."""
import gc
import re
import struct
import subprocess
import sys

import numpy as np
import pytest
from conftest import MLP, run_mlp

from paddle import inference
from paddle.base import core
from paddle.proto import framework_pb2


def _load(prog, params):
    return inference.create_predictor(inference.Config(str(prog), str(params)))


# ---- model files ----


def test_missing_program_file_names_it(tmp_path):
    missing = tmp_path / "nothing_here.pdmodel"
    with pytest.raises(core.NotFoundError, match="nothing_here.pdmodel"):
        _load(missing, MLP / "model.pdiparams")


def test_missing_params_file_names_it(mlp_copy):
    (mlp_copy / "model.pdiparams").unlink()
    with pytest.raises(core.NotFoundError, match="model.pdiparams"):
        _load(mlp_copy / "model.pdmodel", mlp_copy / "model.pdiparams")


def test_model_dir_without_a_model_names_the_dir(tmp_path):
    empty = tmp_path / "empty_model_dir"
    empty.mkdir()
    with pytest.raises(core.NotFoundError, match="empty_model_dir"):
        inference.create_predictor(inference.Config(str(empty)))


@pytest.mark.parametrize("keep", [0, 1, 100, 3000])
def test_truncated_program_is_an_invalid_model(mlp_copy, keep):
    prog = mlp_copy / "model.pdmodel"
    prog.write_bytes(prog.read_bytes()[:keep])
    with pytest.raises(core.InvalidModelError, match="model.pdmodel"):
        _load(prog, mlp_copy / "model.pdiparams")


def test_garbage_program_is_an_invalid_model(mlp_copy):
    prog = mlp_copy / "model.pdmodel"
    prog.write_bytes(b"this is not a paddle model\x00\xff\xfe" * 20)
    with pytest.raises(core.InvalidModelError, match="model.pdmodel") as info:
        _load(prog, mlp_copy / "model.pdiparams")
    # Also catchable as the builtin a Python caller expects.
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("keep", [0, 10, 1000, 407183])
def test_truncated_params_is_an_invalid_model(mlp_copy, keep):
    params = mlp_copy / "model.pdiparams"
    params.write_bytes(params.read_bytes()[:keep])
    with pytest.raises(core.InvalidModelError, match="model.pdiparams"):
        _load(mlp_copy / "model.pdmodel", params)


def test_params_with_bytes_left_over_is_an_invalid_model(mlp_copy):
    params = mlp_copy / "model.pdiparams"
    params.write_bytes(params.read_bytes() + b"\x00" * 16)
    with pytest.raises(core.InvalidModelError, match="model.pdiparams"):
        _load(mlp_copy / "model.pdmodel", params)


def _first_record_dtype_offset(data):
    # Record layout (docs/en/model_format.md): u32 version, u64 lod levels (0 here),
    # u32 version, i32 desc size, then the TensorDesc: field 1 (tag 0x08) = data type.
    version, levels = struct.unpack_from("<IQ", data, 0)
    assert (version, levels) == (0, 0)
    desc_at = 4 + 8 + 4 + 4
    assert data[desc_at] == 0x08 and data[desc_at + 1] == 5  # FP32
    return desc_at + 1


def test_params_with_a_flipped_dtype_byte_names_the_variable(mlp_copy):
    params = mlp_copy / "model.pdiparams"
    data = bytearray(params.read_bytes())
    data[_first_record_dtype_offset(data)] = 6  # FP64 where the program says FP32
    params.write_bytes(bytes(data))
    # Variables are stored sorted by name: the first is fc_0.b_0.
    with pytest.raises(core.InvalidModelError, match="fc_0.b_0") as info:
        _load(mlp_copy / "model.pdmodel", params)
    assert "model.pdiparams" in str(info.value)


def test_params_with_a_bad_record_version(mlp_copy):
    params = mlp_copy / "model.pdiparams"
    data = bytearray(params.read_bytes())
    data[0] = 7
    params.write_bytes(bytes(data))
    with pytest.raises(core.InvalidModelError, match="fc_0.b_0"):
        _load(mlp_copy / "model.pdmodel", params)


def test_params_starting_mid_stream_is_an_invalid_model(mlp_copy):
    # The first record header now lands in the middle of some tensor's data.
    params = mlp_copy / "model.pdiparams"
    data = params.read_bytes()
    params.write_bytes(data[len(data) // 2 :])
    with pytest.raises(core.InvalidModelError, match="model.pdiparams"):
        _load(mlp_copy / "model.pdmodel", params)


# ---- names ----


def test_unknown_input_name(mlp_predictor):
    with pytest.raises(core.NotFoundError, match="no_such_input"):
        mlp_predictor.get_input_handle("no_such_input")


def test_unknown_output_name(mlp_predictor):
    with pytest.raises(core.NotFoundError, match="no_such_output"):
        mlp_predictor.get_output_handle("no_such_output")


# ---- data ----


@pytest.mark.parametrize(
    "bad",
    [
        np.zeros((4, 784), dtype=np.complex64),
        np.zeros((4, 784), dtype=np.complex128),
        np.array([[object()] * 784] * 4, dtype=object),
        np.zeros((4, 784), dtype=np.int16),
        np.array(["a", "b"]),
        np.zeros(3, dtype="datetime64[s]"),
    ],
    ids=["complex64", "complex128", "object", "int16", "str", "datetime"],
)
def test_copy_from_cpu_rejects_other_dtypes(mlp_predictor, bad):
    handle = mlp_predictor.get_input_handle("x")
    with pytest.raises(TypeError, match=r"'x'.*" + re.escape(str(bad.dtype))) as info:
        handle.copy_from_cpu(bad)
    assert "float32" in str(info.value)  # says what is accepted


@pytest.mark.parametrize("bad", [[[1.0] * 784], None, 3.0], ids=["list", "None", "float"])
def test_copy_from_cpu_wants_an_ndarray(mlp_predictor, bad):
    with pytest.raises(TypeError, match="'x'.*ndarray"):
        mlp_predictor.get_input_handle("x").copy_from_cpu(bad)


def test_reshape_rejects_negative_dims(mlp_predictor):
    with pytest.raises(core.InvalidArgumentError, match=r"'x'.*\[4, -1\]"):
        mlp_predictor.get_input_handle("x").reshape([4, -1])


def test_reshape_rejects_dims_beyond_int32(mlp_predictor):
    with pytest.raises(core.InvalidArgumentError, match=r"'x'.*4294967296"):
        mlp_predictor.get_input_handle("x").reshape([2**32, 784])


def test_wrong_input_shape_names_the_input_and_shapes(mlp_predictor):
    # The declared shape [-1, 784] catches this at the handle, before mul sees it.
    with pytest.raises(core.InvalidArgumentError, match="'x'") as info:
        run_mlp(mlp_predictor, np.zeros((4, 100), dtype=np.float32))
    message = str(info.value)
    assert "100" in message and "784" in message
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("ir_optim, op", [(False, "mul"), (True, "fc")])
def test_shape_error_inside_the_model_names_the_op_and_shapes(mlp_copy, ir_optim, op):
    # Declare x as [-1, -1] so the handle lets [4, 100] through: the first layer
    # must catch it (mul as saved, or the fc that fc_fuse_pass made of it).
    prog = mlp_copy / "model.pdmodel"
    program = framework_pb2.ProgramDesc.FromString(prog.read_bytes())
    x = next(v for v in program.blocks[0].vars if v.name == "x")
    x.type.lod_tensor.tensor.dims[:] = [-1, -1]
    prog.write_bytes(program.SerializeToString())
    config = inference.Config(str(prog), str(mlp_copy / "model.pdiparams"))
    config.switch_ir_optim(ir_optim)
    predictor = inference.create_predictor(config)
    with pytest.raises(core.InvalidArgumentError, match=rf"\[{op}\]") as info:
        run_mlp(predictor, np.zeros((4, 100), dtype=np.float32))
    message = str(info.value)
    assert "100" in message and "784" in message


def test_wrong_input_rank(mlp_predictor):
    handle = mlp_predictor.get_input_handle("x")
    for bad in (np.array(1.0, dtype=np.float32), np.zeros((2, 2, 784), dtype=np.float32)):
        with pytest.raises(core.InvalidArgumentError, match="'x'"):
            handle.copy_from_cpu(bad)


def test_outputs_are_read_only(mlp_predictor, mlp_io):
    out = mlp_predictor.get_output_handle("softmax_0.tmp_0")
    # The message names the call made, not another one it happens to use.
    with pytest.raises(core.PreconditionNotMetError, match="copy_from_cpu.*softmax_0.tmp_0.*output") as info:
        out.copy_from_cpu(mlp_io[1])
    assert "reshape" not in str(info.value).lower()
    with pytest.raises(core.PreconditionNotMetError, match="Reshape.*softmax_0.tmp_0.*output"):
        out.reshape([4, 10])


def test_reading_an_output_before_run(mlp_predictor):
    with pytest.raises(core.PreconditionNotMetError, match="softmax_0.tmp_0"):
        mlp_predictor.get_output_handle("softmax_0.tmp_0").copy_to_cpu()


def test_predictor_recovers_after_an_error(mlp_predictor, mlp_io):
    x, expected = mlp_io
    with pytest.raises(core.EnforceNotMet):
        run_mlp(mlp_predictor, np.zeros((4, 100), dtype=np.float32))
    with pytest.raises(core.EnforceNotMet):
        run_mlp(mlp_predictor, x.astype(np.float64))
    np.testing.assert_allclose(run_mlp(mlp_predictor, x), expected, atol=1e-5)


def test_run_before_setting_inputs(mlp_predictor):
    with pytest.raises(core.PreconditionNotMetError, match="'x'"):
        mlp_predictor.run()


def test_tensor_handles_cannot_be_made_from_python():
    with pytest.raises(TypeError):
        inference.Tensor()


# ---- attributes: validated once, on load, before any pass ----


@pytest.mark.parametrize("ir_optim", [False, True])
def test_bad_attribute_is_rejected_at_load_whatever_the_passes(mlp_copy, ir_optim):
    # A LONG that does not fit mul's INT x_num_col_dims: fc_fuse_pass used to
    # read it (truncated) and run the model; without the pass it was rejected.
    prog = mlp_copy / "model.pdmodel"
    program = framework_pb2.ProgramDesc.FromString(prog.read_bytes())
    mul = next(op for op in program.blocks[0].ops if op.type == "mul")
    attr = next(a for a in mul.attrs if a.name == "x_num_col_dims")
    attr.type = framework_pb2.LONG
    attr.l = 2**32 + 1
    prog.write_bytes(program.SerializeToString())
    config = inference.Config(str(prog), str(mlp_copy / "model.pdiparams"))
    config.switch_ir_optim(ir_optim)
    with pytest.raises(core.InvalidModelError, match=r"\[mul\] attribute 'x_num_col_dims'") as info:
        inference.create_predictor(config)
    assert "4294967297" in str(info.value) and "model.pdmodel" in str(info.value)


def test_reshape_whose_target_shape_overflows_is_a_typed_error(tmp_path):
    # The product of [-1, 65536 x 4] wrapped to 0 and was divided by: SIGFPE.
    lenet = MLP.parent / "lenet"
    program = framework_pb2.ProgramDesc.FromString((lenet / "model.pdmodel").read_bytes())
    reshape = next(op for op in program.blocks[0].ops if op.type == "reshape2")
    shape = next(a for a in reshape.attrs if a.name == "shape")
    shape.ints[:] = [-1, 65536, 65536, 65536, 65536]
    (tmp_path / "model.pdmodel").write_bytes(program.SerializeToString())
    config = inference.Config(str(tmp_path / "model.pdmodel"), str(lenet / "model.pdiparams"))
    predictor = inference.create_predictor(config)
    name = predictor.get_input_names()[0]
    predictor.get_input_handle(name).copy_from_cpu(np.zeros((1, 1, 28, 28), dtype=np.float32))
    with pytest.raises(core.InvalidArgumentError, match=r"\[reshape2\].*attribute 'shape'"):
        predictor.run()


# ---- strings crossing into C++ ----


@pytest.mark.parametrize(
    "make",
    [
        lambda p: inference.Config(str(p) + "\0.x", str(MLP / "model.pdiparams")),
        lambda p: inference.Config(str(MLP / "model.pdmodel"), str(p) + "\0"),
        lambda p: inference.Config(str(p.parent) + "\0/sub"),
        lambda p: inference.Config().set_prog_file(str(p) + "\0.x"),
        lambda p: inference.Config().set_params_file("\0"),
        lambda p: inference.Config().set_model(str(p) + "\0.x", "x"),
    ],
    ids=["prog", "params", "dir", "set_prog_file", "set_params_file", "set_model"],
)
def test_paths_with_a_nul_are_value_errors(make):
    # "model.pdmodel\0.x" used to load model.pdmodel: cut short silently.
    with pytest.raises(ValueError, match=r"NUL") as info:
        make(MLP / "model.pdmodel")
    assert isinstance(info.value, core.InvalidArgumentError)


def test_names_with_a_nul_are_value_errors(mlp_predictor):
    with pytest.raises(ValueError, match="NUL"):
        mlp_predictor.get_input_handle("x\0y")
    with pytest.raises(ValueError, match="NUL"):
        inference.Config().delete_pass("fc_fuse_pass\0")


# ---- load-time checks ----


def test_output_that_no_op_writes_is_rejected_at_load(mlp_copy):
    # It used to load and run, then copy_to_cpu said "call run() first".
    prog = mlp_copy / "model.pdmodel"
    program = framework_pb2.ProgramDesc.FromString(prog.read_bytes())
    block = program.blocks[0]
    orphan = block.vars.add()
    orphan.CopyFrom(next(v for v in block.vars if v.name == "softmax_0.tmp_0"))
    orphan.name = "never_written"
    fetch = next(op for op in block.ops if op.type == "fetch")
    fetch.inputs[0].arguments[:] = ["never_written"]
    prog.write_bytes(program.SerializeToString())
    with pytest.raises(core.InvalidModelError, match="'never_written'.*written by no op") as info:
        _load(prog, mlp_copy / "model.pdiparams")
    assert "model.pdmodel" in str(info.value)


def test_huge_program_under_a_memory_limit_names_the_file(tmp_path):
    # A 3 GB .pdmodel (sparse) where the process may map only 2 GB: a typed
    # MemoryError naming the file, not a bare std::bad_alloc.
    huge = tmp_path / "huge.pdmodel"
    with open(huge, "wb") as f:
        f.truncate(3 << 30)
    code = (
        "import resource, sys\n"
        "from paddle import inference\n"
        "from paddle.base import core\n"
        "resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
        "try:\n"
        f"    inference.create_predictor(inference.Config({str(huge)!r}, 'p.pdiparams'))\n"
        "except core.ResourceExhaustedError as e:\n"
        "    assert isinstance(e, MemoryError)\n"
        "    print('raised:', e)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "raised:" in result.stdout and "huge.pdmodel" in result.stdout, result.stdout


# ---- handles ----


def test_handles_outlive_their_predictor(mlp_io):
    x, expected = mlp_io
    config = inference.Config(str(MLP / "model.pdmodel"), str(MLP / "model.pdiparams"))
    predictor = inference.create_predictor(config)
    run_mlp(predictor, x)
    inp = predictor.get_input_handle("x")
    out = predictor.get_output_handle("softmax_0.tmp_0")
    del predictor
    gc.collect()
    np.testing.assert_allclose(out.copy_to_cpu(), expected, atol=1e-5)
    assert inp.shape() == [4, 784]


def test_reshape_belongs_to_the_input_not_the_handle(mlp_predictor):
    a = mlp_predictor.get_input_handle("x")
    b = mlp_predictor.get_input_handle("x")
    a.reshape([2, 784])
    assert a.shape() == [2, 784] and b.shape() == [2, 784]
