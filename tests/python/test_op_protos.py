"""The operator schema (core.get_all_op_protos): every proto parses with the
Python protobuf schema, carries English and Chinese text, and uses
PaddlePaddle's slot and attribute names, so loaded programs bind."""
import json
import pathlib
import re

import pytest

from paddle.base import core
from paddle.proto import framework_pb2

CJK = re.compile(r"[\u4e00-\u9fff]")

SIGNATURES = pathlib.Path(__file__).resolve().parents[1] / "data" / "paddle_ops.tsv"


def _paddle_signatures():
    """PaddlePaddle 3.3.1's signature of each op we implement (tests/data/paddle_ops.tsv):
    {op: {"input": [(name, flags)], "output": [...], "attr": [(name, type, default)]}}."""
    ops = {}
    for line in SIGNATURES.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        op, kind, name, flags, default = line.split("\t")
        entry = ops.setdefault(op, {"input": [], "output": [], "attr": []})
        flag_set = set(filter(None, flags.split(",")))
        if kind == "attr":
            attr_type = flags.split(",")[0]
            entry["attr"].append((name, attr_type, default))
        else:
            entry[kind].append((name, flag_set))
    return ops


PADDLE = _paddle_signatures()


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


def _scalar(s):
    """A Scalar message's value (a complex as [real, imag])."""
    kind = framework_pb2.Scalar.Type.Name(s.type)
    return {"BOOLEAN": lambda: s.b, "LONG": lambda: s.i, "FLOAT64": lambda: s.r,
            "COMPLEX128": lambda: [s.c.r, s.c.i]}[kind]()


def _default_of(attr):
    """The proto's default as the TSV writes it, parsed; None when the attribute is required."""
    if not attr.HasField("default_value"):
        return None
    v = attr.default_value
    kind = framework_pb2.AttrType.Name(v.type)
    return {
        "INT": lambda: v.i, "LONG": lambda: v.l, "FLOAT": lambda: v.f, "STRING": lambda: v.s,
        "BOOLEAN": lambda: v.b, "INTS": lambda: list(v.ints), "LONGS": lambda: list(v.longs),
        "FLOATS": lambda: list(v.floats), "STRINGS": lambda: list(v.strings),
        "FLOAT64": lambda: v.float64, "FLOAT64S": lambda: list(v.float64s),
        "BOOLEANS": lambda: list(v.bools), "SCALAR": lambda: _scalar(v.scalar),
        "SCALARS": lambda: [_scalar(s) for s in v.scalars],
    }[kind]()


def _tsv_default(text):
    if text == '""':
        return None  # required (for a STRING, possibly an empty default)
    return json.loads(text)


FORWARD_OPS = [t for t in core.op_types() if not t.endswith("_grad")]
# Ops of our own, which PaddlePaddle does not have: each is made by a pass inside a prepared
# copy of a program and never appears in a program a user saves.
OURS = {
    "fused_matmul_grad_sgd": "matmul_grad_sgd_fuse_pass, run by static-mode Executor.run",
}


def test_our_own_ops_are_registered_and_not_paddlepaddles():
    for op_type in OURS:
        assert op_type in FORWARD_OPS and op_type not in PADDLE, op_type


@pytest.mark.parametrize("op_type", [t for t in FORWARD_OPS if t not in OURS])
def test_every_op_matches_paddlepaddles_signature(op_type):
    assert op_type in PADDLE, f"{op_type}: no rows in tests/data/paddle_ops.tsv"
    want = PADDLE[op_type]
    proto = framework_pb2.OpProto.FromString(core.get_op_proto(op_type))
    for kind, slots in (("input", proto.inputs), ("output", proto.outputs)):
        assert [v.name for v in slots] == [n for n, _ in want[kind]], f"{op_type} {kind}s"
        for v, (name, flags) in zip(slots, want[kind]):
            for flag in ("dispensable", "duplicable", "intermediate"):
                assert getattr(v, flag) == (flag in flags), f"{op_type} {kind} {name}: {flag}"
    assert [a.name for a in proto.attrs] == [n for n, _, _ in want["attr"]], f"{op_type} attrs"
    for a, (name, attr_type, default) in zip(proto.attrs, want["attr"]):
        assert framework_pb2.AttrType.Name(a.type) == attr_type, f"{op_type}.{name} type"
        got, expected = _default_of(a), _tsv_default(default)
        if attr_type == "STRING" and expected is None:
            # The rows write both "required" and "defaults to the empty string" as "".
            assert got in (None, ""), f"{op_type}.{name} default"
        elif isinstance(expected, float):
            assert got == pytest.approx(expected, rel=1e-6), f"{op_type}.{name} default"
        else:
            assert got == expected, f"{op_type}.{name} default"


def test_signature_rows_name_only_registered_ops():
    # A row for an op we do not register would be a stale promise.
    assert sorted(PADDLE) == [t for t in FORWARD_OPS if t not in OURS]


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


def test_kernel_keys_list_each_ops_kernels():
    assert core.get_op_kernel_keys("mul") == [("cpu", "float32"), ("cpu", "float64")]
    keys = core.get_op_kernel_keys("sum")
    assert ("cpu", "int64") in keys and len(set(keys)) == len(keys)
    with pytest.raises(core.NotFoundError, match="no_such_op"):
        core.get_op_kernel_keys("no_such_op")


def test_op_grad_says_how_the_gradient_is_made():
    assert core.get_op_grad("mul") == "mul_grad"  # declared with .Grad()
    assert core.get_op_grad("sum") == "*"  # a grad maker that emits scale ops
    assert core.get_op_grad("mul_grad") == ""  # no second-order gradient
    with pytest.raises(core.NotFoundError):
        core.get_op_grad("no_such_op")
