"""The operator schema (core.get_all_op_protos): every proto parses with the
Python protobuf schema, carries English and Chinese text, and uses
PaddlePaddle's slot and attribute names, so loaded programs bind."""
import re

import pytest

from paddle.base import core
from paddle.proto import framework_pb2

CJK = re.compile(r"[\u4e00-\u9fff]")

# PaddlePaddle 3.3.1's operator signatures for the ops the MLP uses:
# inputs, outputs, and the attributes with their types.
PADDLE_NAMES = {
    "mul": (["X", "Y"], ["Out"], {"x_num_col_dims": "INT", "y_num_col_dims": "INT"}),
    "relu": (["X"], ["Out"], {}),
    "softmax": (["X"], ["Out"], {"axis": "INT"}),
    "elementwise_add": (["X", "Y"], ["Out"], {"axis": "INT"}),
    "feed": (["X"], ["Out"], {"col": "INT"}),
    "fetch": (["X"], ["Out"], {"col": "INT"}),
}


def _protos():
    out = []
    for data in core.get_all_op_protos():
        assert isinstance(data, bytes)
        proto = framework_pb2.OpProto()
        proto.ParseFromString(data)
        assert proto.IsInitialized()
        out.append(proto)
    return out


def test_every_proto_parses_and_is_listed():
    protos = _protos()
    types = [p.type for p in protos]
    assert types == core.op_types()
    assert types == sorted(types) and len(set(types)) == len(types)


def test_mlp_ops_are_present_with_paddlepaddle_names():
    protos = {p.type: p for p in _protos()}
    for op, (inputs, outputs, attrs) in PADDLE_NAMES.items():
        assert op in protos, f"op {op} is not registered"
        proto = protos[op]
        assert [v.name for v in proto.inputs] == inputs, op
        assert [v.name for v in proto.outputs] == outputs, op
        declared = {a.name: framework_pb2.AttrType.Name(a.type) for a in proto.attrs}
        for name, type_name in attrs.items():
            assert declared.get(name) == type_name, f"{op}.{name}"


def _texts(proto):
    yield proto.type, proto.comment, proto.comment_zh
    for kind, items in (("input", proto.inputs), ("output", proto.outputs), ("attr", proto.attrs)):
        for item in items:
            yield f"{proto.type} {kind} {item.name}", item.comment, item.comment_zh


@pytest.mark.parametrize("op_type", core.op_types())
def test_every_op_is_documented_in_english_and_chinese(op_type):
    proto = framework_pb2.OpProto.FromString(core.get_op_proto(op_type))
    assert proto.type == op_type
    for where, en, zh in _texts(proto):
        assert en.strip(), f"{where}: no English comment"
        assert zh.strip(), f"{where}: no Chinese comment_zh"
        assert CJK.search(zh), f"{where}: comment_zh has no Chinese text: {zh!r}"


def test_attribute_defaults_have_the_declared_type():
    proto = framework_pb2.OpProto.FromString(core.get_op_proto("softmax"))
    axis = next(a for a in proto.attrs if a.name == "axis")
    assert axis.HasField("default_value")
    assert axis.default_value.type == framework_pb2.INT
    assert axis.default_value.i == -1


def test_get_op_proto_matches_the_full_list():
    by_type = dict(zip(core.op_types(), core.get_all_op_protos()))
    assert core.get_op_proto("mul") == by_type["mul"]
    assert core.has_op("mul") and not core.has_op("no_such_op")


def test_unknown_op_is_not_found():
    with pytest.raises(core.NotFoundError, match="no_such_op") as info:
        core.get_op_proto("no_such_op")
    assert isinstance(info.value, LookupError)
