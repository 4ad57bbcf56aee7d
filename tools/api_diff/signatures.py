"""Signatures read back from spec tails as parameter lists, and what changed
between two of them (as change classes of change_classes.py)."""
import ast
import re
from typing import NamedTuple

POSITIONAL = ("positional_only", "positional_or_keyword")
_VARIADIC = ("var_positional", "var_keyword")
# pybind11 writes some defaults as reprs (`x: DataType = <DataType.FLOAT32: 0>`): no Python.
_REPR = re.compile(r"<[^<>()]*>")
_HELD = re.compile(r"__repr(\d+)__")


class Param(NamedTuple):
    name: str
    kind: str  # one of POSITIONAL, "var_positional", "keyword_only", "var_keyword"
    annotation: str  # "" when none
    default: object  # its text; None when there is none


class Signature(NamedTuple):
    params: tuple
    returns: str  # the return annotation (Python) or type (C++); "" when none


def parse_python(text):
    """`(a, b: int = 1, *args, c, **kw) -> None` as inspect prints it, parsed with
    ast as `def f<text>: pass`; ValueError when it is not a signature."""
    held = []

    def hold(match):
        held.append(match.group(0))
        return f"__repr{len(held) - 1}__"

    try:
        fn = ast.parse(f"def f{_REPR.sub(hold, text)}: pass").body[0]
    except SyntaxError as err:
        raise ValueError(f"not a Python signature: {text!r}") from err

    def txt(node):
        return "" if node is None else _HELD.sub(lambda m: held[int(m.group(1))], ast.unparse(node))

    a = fn.args
    positional = [(p, "positional_only") for p in a.posonlyargs] + \
                 [(p, "positional_or_keyword") for p in a.args]
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    params = [Param(p.arg, kind, txt(p.annotation), None if d is None else txt(d))
              for (p, kind), d in zip(positional, defaults)]
    if a.vararg:
        params.append(Param(a.vararg.arg, "var_positional", txt(a.vararg.annotation), None))
    params += [Param(p.arg, "keyword_only", txt(p.annotation), None if d is None else txt(d))
               for p, d in zip(a.kwonlyargs, a.kw_defaults)]
    if a.kwarg:
        params.append(Param(a.kwarg.arg, "var_keyword", txt(a.kwarg.annotation), None))
    return Signature(tuple(params), txt(fn.returns))


def _split_top(text, sep=","):
    """text split at the `sep`s outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "<([{"
        depth -= ch in ">)]}"
        if ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return parts + [text[start:]]


def parse_typed(text, short_name):
    """`void SetModel(const std::string & a, int b = 1) const` as cpp.spec writes it
    (libclang's type spelling, a space, the name), and C's and Java's signatures
    in c.spec and java.spec alike: the parameters in order, all positional (none
    of the three has keyword arguments). What follows the list (C++'s `const`)
    is left to the fields (`quals`)."""
    start = text.find(short_name + "(")
    if start < 0:
        raise ValueError(f"no parameter list of {short_name} in {text!r}")
    open_ = start + len(short_name)
    depth = 0
    for close in range(open_, len(text)):
        depth += text[close] == "("
        depth -= text[close] == ")"
        if depth == 0:
            break
    inner = text[open_ + 1:close].strip()
    params = []
    for i, part in enumerate(_split_top(inner) if inner not in ("", "void") else []):
        decl, eq, default = part.partition(" = ")
        words = decl.split()
        named = len(words) > 1 and re.fullmatch(r"[A-Za-z_]\w*", words[-1])
        name = words[-1] if named else f"#{i}"
        type_ = " ".join(words[:-1] if named else words)
        params.append(Param(name, "positional_only", type_, default.strip() if eq else None))
    return Signature(tuple(params), text[:start].strip())


def _describe(p):
    text = p.name + (f": {p.annotation}" if p.annotation else "")
    return text + (f" = {p.default}" if p.default is not None else "")


def _match_by_position(olds, news):
    """A C, C++ or Java parameter's name is no part of the API: a new name at the
    same position with the same type is the old parameter."""
    old_names, new_names = {p.name for p in olds}, {p.name for p in news}
    out = list(news)
    for i, (o, n) in enumerate(zip(olds, news)):
        if o.name != n.name and o.annotation == n.annotation \
                and n.name not in old_names and o.name not in new_names:
            out[i] = n._replace(name=o.name)
    return out


def compare(old, new, by_position=False):
    """[(change class, detail)] of what changed from Signature old to new; with
    by_position, parameters renamed in place are the same (parse_typed's)."""
    out = []
    if old.returns != new.returns:
        out.append(("annotation_changed", f"returns {old.returns or '-'} -> {new.returns or '-'}"))
    olds = list(old.params)
    news = _match_by_position(olds, list(new.params)) if by_position else list(new.params)
    old_by, new_by = {p.name: p for p in olds}, {p.name: p for p in news}
    out += [("param_removed", _describe(p)) for p in olds if p.name not in new_by]
    common_pos = [p.name for p in news if p.kind in POSITIONAL and p.name in old_by]
    for i, p in enumerate(news):
        if p.name in old_by:
            continue
        later = [q for q in news[i + 1:] if q.name in common_pos]
        if p.kind in POSITIONAL and later:
            out.append(("param_inserted", f"{_describe(p)} before {later[0].name}"))
        elif p.default is not None or p.kind in _VARIADIC:
            out.append(("param_added_with_default", _describe(p)))
        else:
            out.append(("param_added_without_default", _describe(p)))
    old_order = [p.name for p in olds if p.name in new_by]
    new_order = [p.name for p in news if p.name in old_by]
    if old_order != new_order:
        out.append(("param_reordered", f"({', '.join(old_order)}) -> ({', '.join(new_order)})"))
    for n in news:
        o = old_by.get(n.name)
        if o is None:
            continue
        if o.kind != n.kind:
            out.append(("param_kind_changed", f"{n.name}: {o.kind} -> {n.kind}"))
        if o.annotation != n.annotation:
            out.append(("annotation_changed",
                        f"{n.name}: {o.annotation or '-'} -> {n.annotation or '-'}"))
        if o.default != n.default:
            cls = "default_added" if o.default is None else \
                  "default_removed" if n.default is None else "default_changed"
            out.append((cls, f"{n.name}: {o.default} -> {n.default}"))
    return out
