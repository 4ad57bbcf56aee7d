"""Shared fixtures: the test models in tests/data (exported by the real
PaddlePaddle 3.3.1, with the inputs and outputs it recorded)."""
import json
import os
import pathlib
import shutil

import numpy as np
import pytest

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"
MLP = DATA / "mlp"


def model_dirs():
    """Every test model directory (one with a meta.json), sorted by name."""
    return sorted(p.parent for p in DATA.glob("*/meta.json"))


def load_model_case(model_dir):
    """(meta, inputs by name, expected outputs by name) of a test model."""
    meta = json.loads((model_dir / "meta.json").read_text())
    io = np.load(model_dir / "io.npz")
    inputs = {name: io[f"in:{name}"] for name in meta["feed_order"]}
    outputs = {name: io[f"out:{name}"] for name in meta["fetch_order"]}
    return meta, inputs, outputs


@pytest.fixture
def mlp_io():
    """(x [4, 784] float32, expected softmax [4, 10] float32)."""
    io = np.load(MLP / "io.npz")
    return io["in:x"], io["out:softmax_0.tmp_0"]


@pytest.fixture
def mlp_predictor():
    from paddle import inference

    config = inference.Config(str(MLP / "model.pdmodel"), str(MLP / "model.pdiparams"))
    return inference.create_predictor(config)


@pytest.fixture
def mlp_copy(tmp_path):
    """A writable copy of the MLP's files, for tests that damage them."""
    for name in ("model.pdmodel", "model.pdiparams"):
        shutil.copy(MLP / name, tmp_path / name)
    return tmp_path


def run_mlp(predictor, x):
    """Feeds x as `x`, runs, returns the softmax output."""
    predictor.get_input_handle("x").copy_from_cpu(x)
    predictor.run()
    return predictor.get_output_handle("softmax_0.tmp_0").copy_to_cpu()


@pytest.fixture()
def static_programs():
    """Static mode with fresh main and startup programs, fresh names and a
    fresh global scope: yields (main, startup); eager mode again after."""
    import paddle
    from paddle import static

    paddle.enable_static()
    main, startup = static.Program(), static.Program()
    try:
        with paddle.utils.unique_name.guard(), static.program_guard(main, startup), \
                static.scope_guard(static.Scope()):
            yield main, startup
    finally:
        paddle.disable_static()


# What a launcher or mpirun tells a process about its job (paddle.distributed).
JOB_VARIABLE_PREFIXES = ("PADDLE_", "OMPI_COMM_WORLD_", "FLAGS_selected_", "FLAGS_nccl_")


@pytest.fixture
def outside_a_job(monkeypatch):
    """The environment of a process outside any distributed job, whatever the
    tests run under; tests set the variables they need on the monkeypatch
    it returns."""
    for name in list(os.environ):
        if name.startswith(JOB_VARIABLE_PREFIXES):
            monkeypatch.delenv(name)
    return monkeypatch
