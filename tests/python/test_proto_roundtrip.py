"""paddle.proto.framework_pb2 reads the .pdmodel files the real PaddlePaddle
wrote and writes them back byte for byte: our schema has PaddlePaddle's field
numbers and wire types (docs/en/model_format.md)."""
import pytest
from conftest import DATA, MLP
from google.protobuf.message import DecodeError

from paddle.proto import framework_pb2

# Every .pdmodel in tests/data, io.npz or not: parsing needs no recorded outputs.
MODELS = sorted(p.parent for p in DATA.glob("*/model.pdmodel"))


@pytest.mark.parametrize("model_dir", MODELS, ids=[d.name for d in MODELS])
def test_pdmodel_reserializes_byte_identically(model_dir):
    data = (model_dir / "model.pdmodel").read_bytes()
    program = framework_pb2.ProgramDesc()
    program.ParseFromString(data)
    assert program.IsInitialized()
    assert program.SerializeToString() == data
    # Unknown fields would also round-trip; dropping them must change nothing,
    # so every byte maps to a field of our schema.
    program.DiscardUnknownFields()
    assert program.SerializeToString() == data


def test_mlp_program_content():
    data = (MLP / "model.pdmodel").read_bytes()
    program = framework_pb2.ProgramDesc.FromString(data)
    assert program.version.version == 3003001
    block = program.blocks[0]
    assert (block.idx, block.parent_idx) == (0, -1)
    assert [op.type for op in block.ops] == [
        "feed", "mul", "elementwise_add", "relu", "mul", "elementwise_add", "softmax", "fetch",
    ]
    x = next(v for v in block.vars if v.name == "x")
    assert x.type.type == framework_pb2.VarType.LOD_TENSOR
    assert x.type.lod_tensor.tensor.data_type == framework_pb2.VarType.FP32
    assert list(x.type.lod_tensor.tensor.dims) == [-1, 784]
    w = next(v for v in block.vars if v.name == "fc_0.w_0")
    assert w.persistable and list(w.type.lod_tensor.tensor.dims) == [784, 128]


def test_assign_value_scalars_read_as_paddlepaddle_wrote_them():
    data = (DATA / "const_mask" / "model.pdmodel").read_bytes()
    program = framework_pb2.ProgramDesc.FromString(data)
    ops = [op for op in program.blocks[0].ops if op.type == "assign_value"]
    values = [next(a for a in op.attrs if a.name == "values") for op in ops]
    assert all(v.type == framework_pb2.SCALARS for v in values)
    kinds = [{framework_pb2.Scalar.Type.Name(s.type) for s in v.scalars} for v in values]
    assert kinds == [{"FLOAT64"}, {"BOOLEAN"}, {"LONG"}, {"LONG"}, {"FLOAT64"}]
    assert [s.b for s in values[1].scalars] == [True, False, True]
    assert [s.i for s in values[3].scalars] == [1, -2, 3]
    assert [s.r for s in values[4].scalars] == [0.1, 2.5, -3.0]


def test_every_scalar_kind_round_trips():
    attr = framework_pb2.OpDesc.Attr(name="values", type=framework_pb2.SCALARS)
    S = framework_pb2.Scalar
    attr.scalars.add(type=S.BOOLEAN, b=True)
    attr.scalars.add(type=S.LONG, i=-(2**40))
    attr.scalars.add(type=S.FLOAT64, r=0.1)
    attr.scalars.add(type=S.COMPLEX128, c=framework_pb2.Complex(r=1.0, i=-2.0))
    data = attr.SerializeToString()
    back = framework_pb2.OpDesc.Attr.FromString(data)
    assert back == attr and back.SerializeToString() == data
    assert back.scalars[3].c.i == -2.0


def test_a_truncated_pdmodel_does_not_parse():
    data = (MLP / "model.pdmodel").read_bytes()
    with pytest.raises(DecodeError):
        framework_pb2.ProgramDesc.FromString(data[: len(data) // 2])
