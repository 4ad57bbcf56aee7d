"""The operator reference as MyST Markdown pages, rendered from OpProto messages.

Pure functions of the protos (no I/O): render_op_reference(protos, families,
lang, kernels) returns {relative path: text}, one `ops/<type>.md` per op plus
`ops/index.md`, which groups the ops by family. Missing English or Chinese text,
or an op without a family, raises OpDocError naming every op at fault, so a
page is never published with a hole in it.
"""
import json
import re

import numpy as np
from paddle.proto import framework_pb2

from markdown_text import first_sentence, md_text, table
from op_families import TITLES, family_of

LANGS = ("en", "zh")

LABELS = {
    "en": {
        "index_title": "Operator reference",
        "index_intro": ("Every registered operator ({ops} in all, {grads} of them gradient ops), "
                        "generated from the operator definitions in `core/ops`, grouped by the "
                        "file that defines them. Names, attributes and defaults are "
                        "PaddlePaddle's, as saved in a `.pdmodel`."),
        "op": "operator", "summary": "summary", "grad_op": "gradient op",
        "family": "Family", "gradient": "Gradient", "gradient_of": "Gradient of",
        "kernels": "Kernels", "not_listed": "not listed", "none": "none",
        "inputs": "Inputs", "outputs": "Outputs", "attributes": "Attributes",
        "name": "name", "flags": "flags", "description": "description", "type": "type",
        "default": "default", "constraint": "constraint", "required": "required",
        "no_inputs": "No inputs.", "no_outputs": "No outputs.", "no_attrs": "No attributes.",
        "duplicable": "duplicable", "dispensable": "dispensable", "intermediate": "intermediate",
        "sep": " · ", "list_sep": ", ", "fact": "**{}:** {}",
    },
    "zh": {
        "index_title": "算子参考",
        "index_intro": ("全部已注册的算子（共 {ops} 个，其中 {grads} 个为梯度算子），由 `core/ops` "
                        "中的算子定义生成，按定义它们的文件分组。名称、属性与默认值与 "
                        "PaddlePaddle 保存在 `.pdmodel` 中的一致。"),
        "op": "算子", "summary": "简介", "grad_op": "梯度算子",
        "family": "类别", "gradient": "梯度", "gradient_of": "对应的前向算子",
        "kernels": "内核", "not_listed": "未列出", "none": "无",
        "inputs": "输入", "outputs": "输出", "attributes": "属性",
        "name": "名称", "flags": "标志", "description": "说明", "type": "类型",
        "default": "默认值", "constraint": "约束", "required": "必填",
        "no_inputs": "无输入。", "no_outputs": "无输出。", "no_attrs": "无属性。",
        "duplicable": "可重复", "dispensable": "可省略", "intermediate": "中间结果",
        # The colon outside the bold: CommonMark does not close "**类别：**" before a letter.
        "sep": " · ", "list_sep": "、", "fact": "**{}**：{}",
    },
}

FLAGS = ("duplicable", "dispensable", "intermediate")


class OpDocError(Exception):
    """Operators that cannot be documented; the message names each one and why."""


def check_protos(protos, families):
    """Raises OpDocError listing every op with a missing text or family."""
    problems = []
    for proto in protos:
        for where, en, zh in _texts(proto):
            if not en.strip():
                problems.append(f"{proto.type}: no English text (comment) for {where}")
            if not zh.strip():
                problems.append(f"{proto.type}: no Chinese text (comment_zh) for {where}")
        family = family_of(proto.type, families)
        if family is None:
            problems.append(f"{proto.type}: no family (no registration found in core/ops)")
        elif family not in TITLES:
            problems.append(f"{proto.type}: family {family} has no title in "
                            "tools/docs/op_families.py TITLES")
    if problems:
        raise OpDocError("operator reference: " + "; ".join(problems))


def _texts(proto):
    yield "the op", proto.comment, proto.comment_zh
    for kind, items in (("input", proto.inputs), ("output", proto.outputs),
                        ("attribute", proto.attrs)):
        for item in items:
            yield f"{kind} {item.name}", item.comment, item.comment_zh


def render_op_reference(protos, families, lang, kernels=None):
    """{path: MyST text}: ops/<type>.md for each proto and ops/index.md.

    kernels: {op type: [(place, dtype), ...]} (paddle._core.get_op_kernel_keys);
    None writes "not listed"."""
    check_protos(protos, families)
    types = {p.type for p in protos}
    pages = {f"ops/{p.type}.md": render_op_page(p, types, families, lang,
                                                None if kernels is None else kernels.get(p.type, []))
             for p in protos}
    pages["ops/index.md"] = render_index(protos, families, lang)
    return pages


def _text(item, lang):
    return item.comment_zh if lang == "zh" else item.comment


def _kernel_list(keys, t):
    """'cpu: float32, float64' per place, or none."""
    by_place = {}
    for place, dtype in keys:
        by_place.setdefault(place, []).append(dtype)
    return t["list_sep"].join(f"{place}: {', '.join(d)}" for place, d in by_place.items()) or t["none"]


def render_op_page(proto, types, families, lang, kernel_keys=None):
    """One op's page: summary, facts line, inputs, outputs, attributes."""
    t = LABELS[lang]
    fact = lambda label, value: t["fact"].format(t[label], value)  # noqa: E731
    facts = [fact("family", TITLES[family_of(proto.type, families)][LANGS.index(lang)])]
    grad = proto.type + "_grad"
    forward = proto.type[: -len("_grad")] if proto.type.endswith("_grad") else None
    if forward in types:
        facts.append(fact("gradient_of", _op_link(forward)))
    if grad in types or forward not in types:  # a gradient op's gradient only if it has one
        facts.append(fact("gradient", _op_link(grad) if grad in types else t["none"]))
    facts.append(fact("kernels", t["not_listed"] if kernel_keys is None
                      else _kernel_list(kernel_keys, t)))

    # Op pages stay out of the sidebar (orphans, reached from the index's tables):
    # a sidebar listing every op on every page made the site build take minutes.
    lines = ["---", "orphan: true", "---", ""] + [f"# {proto.type}", "", md_text(_text(proto, lang)), "",
                     t["sep"].join(facts), ""]
    for heading, slots, empty in (("inputs", proto.inputs, "no_inputs"),
                                  ("outputs", proto.outputs, "no_outputs")):
        lines += [f"## {t[heading]}", ""]
        if not slots:
            lines += [t[empty], ""]
            continue
        rows = [[f"`{v.name}`", t["list_sep"].join(t[f] for f in FLAGS if getattr(v, f)) or "—",
                 md_text(_text(v, lang))] for v in slots]
        lines += table([t["name"], t["flags"], t["description"]], rows)
    lines += [f"## {t['attributes']}", ""]
    if not proto.attrs:
        lines += [t["no_attrs"], ""]
    else:
        rows = [[f"`{a.name}`", f"`{_attr_type(a.type)}`", _default_cell(a, t),
                 "; ".join(constraint_text(c, lang) for c in a.constraints) or "—",
                 md_text(_text(a, lang))]
                for a in proto.attrs]
        lines += table([t["name"], t["type"], t["default"], t["constraint"], t["description"]],
                        rows)
    return "\n".join(lines)


def render_index(protos, families, lang):
    """ops/index.md: one section per family with a table of its ops."""
    t = LABELS[lang]
    types = {p.type for p in protos}
    by_family = {}
    for proto in protos:
        by_family.setdefault(family_of(proto.type, families), []).append(proto)
    grads = sum(p.type.endswith("_grad") for p in protos)
    lines = [f"# {t['index_title']}", "",
             t["index_intro"].format(ops=len(protos), grads=grads), ""]
    for family in sorted(by_family, key=list(TITLES).index):
        members = by_family[family]
        lines += [f"## {TITLES[family][LANGS.index(lang)]}", ""]
        # A gradient op gets its own row only when its forward op is not listed here.
        shown = [p for p in members
                 if not (p.type.endswith("_grad") and p.type[: -len("_grad")] in types)]
        rows = []
        for p in shown:
            grad = p.type + "_grad"
            rows.append([_op_link(p.type), md_text(first_sentence(_text(p, lang), lang)),
                         _op_link(grad) if grad in types else "—"])
        lines += table([t["op"], t["summary"], t["grad_op"]], rows)
    return "\n".join(lines)


def _op_link(op_type):
    return f"[`{op_type}`]({op_type}.md)"


def constraint_text(constraint, lang):
    """A proto constraint (English, e.g. "one of {NCHW, NHWC}") as Markdown in `lang`."""
    choices = re.fullmatch(r"one of \{(.*)\}", constraint)
    if choices:
        values = [f"`{v}`" if v else '`""`' for v in choices.group(1).split(", ")]
        values = LABELS[lang]["list_sep"].join(values)
        return ("取值之一：" if lang == "zh" else "one of ") + values
    interval = re.fullmatch(r"in (\[.*\])", constraint)
    if interval and lang == "zh":
        return f"在 {md_text(interval.group(1))} 内"
    return md_text(constraint)  # ">= 1" reads the same in both languages


def _attr_type(value):
    return framework_pb2.AttrType.Name(value)


def _default_cell(attr, t):
    if not attr.HasField("default_value"):
        return t["required"]
    text = json.dumps(default_value(attr.default_value), ensure_ascii=False)
    return "`" + text.replace("|", "\\|") + "`"


def default_value(v):
    """An OpDesc.Attr's value as plain Python (float32 fields at their printed precision)."""
    f32 = lambda x: float(str(np.float32(x)))  # noqa: E731: 0.001f, not 0.0010000000474974513
    kind = framework_pb2.AttrType.Name(v.type)
    return {
        "INT": lambda: v.i, "LONG": lambda: v.l, "FLOAT": lambda: f32(v.f), "STRING": lambda: v.s,
        "BOOLEAN": lambda: v.b, "INTS": lambda: list(v.ints), "LONGS": lambda: list(v.longs),
        "FLOATS": lambda: [f32(x) for x in v.floats], "STRINGS": lambda: list(v.strings),
        "FLOAT64": lambda: v.float64, "FLOAT64S": lambda: list(v.float64s),
        "BOOLEANS": lambda: list(v.bools), "SCALAR": lambda: _scalar(v.scalar),
        "SCALARS": lambda: [_scalar(s) for s in v.scalars],
    }[kind]()


def _scalar(s):
    kind = framework_pb2.Scalar.Type.Name(s.type)
    return {"BOOLEAN": lambda: s.b, "LONG": lambda: s.i, "FLOAT64": lambda: s.r,
            "COMPLEX128": lambda: [s.c.r, s.c.i]}[kind]()
