"""Corrupt models never crash: mutated programs (attribute types and values,
shapes, dtypes, slot bindings, op types, persistability) and mutated bytes
either run or raise a typed error. Seeded, so a failure reproduces."""
import random

import numpy as np
import pytest

from paddle import inference
from paddle.base import core
from paddle.proto import framework_pb2

from conftest import MLP

VALUES = [0, 1, 2, 3, -1, -2, 5, 100, -100, 2**31 - 1, -(2**31)]
OP_TYPES = ["mul", "relu", "softmax", "elementwise_add", "feed", "fetch", "mul_grad",
            "softmax_grad", "relu_grad", "elementwise_add_grad"]


def mutate_attr(rng, block, op):
    if op.attrs:
        a = op.attrs[rng.randrange(len(op.attrs))]
        a.type = rng.choice([0, 1, 2, 3, 6, 9])  # INT FLOAT STRING INTS BOOLEAN LONG
        a.i, a.l, a.f = rng.choice(VALUES), rng.choice(VALUES), rng.random()


def tensor_vars(block):
    return [v for v in block.vars if v.type.HasField("lod_tensor")]


def mutate_dims(rng, block, op):
    dims = rng.choice(tensor_vars(block)).type.lod_tensor.tensor.dims
    if dims:
        dims[rng.randrange(len(dims))] = rng.choice(VALUES)
    else:
        dims.append(rng.choice(VALUES))


def mutate_dtype(rng, block, op):
    rng.choice(tensor_vars(block)).type.lod_tensor.tensor.data_type = rng.choice(
        [0, 2, 3, 4, 5, 6, 20, 21, 22])


def mutate_slot(rng, block, op):
    slot = rng.choice(list(op.inputs) + list(op.outputs))
    if slot.arguments and rng.random() < 0.5:
        slot.arguments[0] = rng.choice(block.vars).name
    else:
        slot.parameter = rng.choice(["X", "Y", "Out", "Z"])


def mutate_type(rng, block, op):
    op.type = rng.choice(OP_TYPES)


def mutate_persistable(rng, block, op):
    var = rng.choice(block.vars)
    var.persistable = not var.persistable


MUTATIONS = [mutate_attr, mutate_dims, mutate_dtype, mutate_slot, mutate_type, mutate_persistable]


def run_model(model, params, x):
    predictor = inference.create_predictor(inference.Config(str(model), str(params)))
    for name in predictor.get_input_names():
        predictor.get_input_handle(name).copy_from_cpu(x)
    predictor.run()
    for name in predictor.get_output_names():
        predictor.get_output_handle(name).copy_to_cpu()


@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_programs_run_or_raise_typed_errors(tmp_path, mlp_io, seed):
    base = framework_pb2.ProgramDesc()
    base.ParseFromString((MLP / "model.pdmodel").read_bytes())
    params = tmp_path / "m.pdiparams"
    params.write_bytes((MLP / "model.pdiparams").read_bytes())
    model = tmp_path / "m.pdmodel"
    rng = random.Random(seed)
    outcomes = {"ran": 0, "raised": 0}
    for _ in range(150):
        program = framework_pb2.ProgramDesc()
        program.CopyFrom(base)
        block = program.blocks[0]
        for _ in range(rng.randint(1, 3)):
            rng.choice(MUTATIONS)(rng, block, rng.choice(block.ops))
        model.write_bytes(program.SerializePartialToString())
        try:
            run_model(model, params, mlp_io[0])
            outcomes["ran"] += 1
        except (core.EnforceNotMet, TypeError) as e:
            assert str(e).startswith("["), f"error does not say where: {e}"
            outcomes["raised"] += 1
    assert outcomes["raised"] > 50, outcomes  # the mutations do reach the checks


@pytest.mark.parametrize("which", ["pdmodel", "pdiparams"])
def test_mutated_bytes_run_or_raise_typed_errors(tmp_path, mlp_io, which):
    files = {s: (MLP / f"model.{s}").read_bytes() for s in ("pdmodel", "pdiparams")}
    rng = random.Random(7)
    raised = 0
    for _ in range(150):
        data = bytearray(files[which])
        # The params' headers and descs sit in their first bytes; past that is float data.
        span = len(data) if which == "pdmodel" else 1200
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(span)] = rng.randrange(256)
        paths = {s: tmp_path / f"m.{s}" for s in files}
        for s, path in paths.items():
            path.write_bytes(bytes(data) if s == which else files[s])
        try:
            run_model(paths["pdmodel"], paths["pdiparams"], mlp_io[0])
        except core.EnforceNotMet:
            raised += 1
    assert raised > 10
