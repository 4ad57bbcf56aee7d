"""ops.spec: every registered operator, from the runtime OpProtos plus the
kernel keys and gradient that paddle._core reports (grammar: api_spec/README.md)."""
import numpy as np

from .spec_format import Json, doc_hash, format_line

# There is no operator version registry yet: every op is written version=0.
OP_VERSION = 0

_VAR_FLAGS = ("duplicable", "dispensable", "intermediate", "extra", "quant")
_ATTR_FLAGS = ("extra", "generated", "quant", "support_tensor")


def _float32(x):
    # The shortest decimal that reads back as the same float32 (0.1, not 0.10000000149011612).
    return float(str(np.float32(x)))


def _scalar(s, pb):
    kind = pb.Scalar.Type.Name(s.type)
    return {"BOOLEAN": lambda: s.b, "LONG": lambda: s.i, "FLOAT64": lambda: s.r,
            "COMPLEX128": lambda: [s.c.r, s.c.i]}[kind]()


def default_value(attr, pb):
    """The attribute's default as a JSON-able value (None when it is required)."""
    if not attr.HasField("default_value"):
        return None
    v = attr.default_value
    return {
        "INT": lambda: v.i, "LONG": lambda: v.l, "FLOAT": lambda: _float32(v.f),
        "STRING": lambda: v.s, "BOOLEAN": lambda: v.b, "INTS": lambda: list(v.ints),
        "LONGS": lambda: list(v.longs), "FLOATS": lambda: [_float32(f) for f in v.floats],
        "STRINGS": lambda: list(v.strings), "FLOAT64": lambda: v.float64,
        "FLOAT64S": lambda: list(v.float64s), "BOOLEANS": lambda: list(v.bools),
        "SCALAR": lambda: _scalar(v.scalar, pb),
        "SCALARS": lambda: [_scalar(s, pb) for s in v.scalars],
        "BLOCK": lambda: v.block_idx, "BLOCKS": lambda: list(v.blocks_idx),
        "VAR": lambda: v.var_name, "VARS": lambda: list(v.vars_name),
    }[pb.AttrType.Name(v.type)]()


def _flags(msg, names):
    return ",".join(n for n in names if getattr(msg, n)) or "-"


def _docs(msg):
    return [("doc", doc_hash(msg.comment)), ("doc_zh", doc_hash(msg.comment_zh))]


def op_lines(proto, core, pb):
    """The lines of one operator: the op, its inputs, outputs and attributes."""
    t = proto.type
    kernels = ",".join(f"{place}:{dtype}" for place, dtype in core.get_op_kernel_keys(t)) or "-"
    out = [format_line(t, "op", [("grad", core.get_op_grad(t) or "-"), ("version", str(OP_VERSION)),
                                 ("kernels", kernels)] + _docs(proto))]
    for kind, slots in (("input", proto.inputs), ("output", proto.outputs)):
        for i, var in enumerate(slots):
            fields = [("index", str(i)), ("flags", _flags(var, _VAR_FLAGS))] + _docs(var)
            out.append(format_line(f"{t}.{var.name}", kind, fields))
    for i, attr in enumerate(proto.attrs):
        value = default_value(attr, pb)
        fields = [("index", str(i)), ("type", pb.AttrType.Name(attr.type)),
                  ("default", "-" if value is None else Json(value)),
                  ("flags", _flags(attr, _ATTR_FLAGS)),
                  ("constraints", list(attr.constraints) if attr.constraints else "-")]
        out.append(format_line(f"{t}.{attr.name}", "attr", fields + _docs(attr)))
    return out


def spec_lines():
    from paddle import _core as core
    from paddle.proto import framework_pb2 as pb

    lines = []
    for data in core.get_all_op_protos():
        lines.extend(op_lines(pb.OpProto.FromString(data), core, pb))
    return sorted(lines)
