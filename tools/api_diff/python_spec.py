"""python.spec and contrib.spec: the public names of an installed package,
found by runtime inspection (grammar: api_spec/README.md)."""
import importlib
import importlib.util
import inspect
import pkgutil
import re

from .spec_format import doc_hash, format_line

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_PLAIN = (bool, int, float, str, type(None))


def _qualname(cls):
    if cls.__module__ == "builtins":
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"


def _pybind_signatures(obj, name):
    """The signatures pybind11 wrote at the top of the docstring: one, or one
    per overload ("1. name(...) -> ...")."""
    lines = (obj.__doc__ or "").splitlines()
    numbered = re.compile(rf"\d+\. {re.escape(name)}(\(.*)$")
    overloads = [m.group(1) for m in map(numbered.match, lines) if m]
    if overloads:
        return overloads
    if lines and lines[0].startswith(name + "("):
        return [lines[0][len(name):]]
    raise ValueError(f"{name}: no signature (inspect found none, and no pybind11 docstring)")


def signatures(obj, name):
    """The call signatures of a function, method or class constructor as text."""
    try:
        sigs = [str(inspect.signature(obj))]
    except (ValueError, TypeError):
        sigs = _pybind_signatures(obj, name)
    return [_ADDRESS.sub("", s) for s in sigs]


def _value_text(value):
    """A constant's value, without anything that differs between runs."""
    if isinstance(value, _PLAIN) or hasattr(type(value), "__members__"):  # plain or an enum
        return _ADDRESS.sub("", repr(value))
    return f"<{_qualname(type(value))}>"


def _routine_lines(name, kind, obj, short_name):
    return [format_line(name, kind, [("doc", doc_hash(obj.__doc__))], sig)
            for sig in signatures(obj, short_name)]


def _own_members(cls, package):
    """(name, raw attribute) of the public members that the package's classes in
    cls's MRO define (not those of object, Exception or pybind11's base)."""
    seen = {}
    for klass in cls.__mro__:
        if klass.__module__ != package and not klass.__module__.startswith(package + "."):
            continue
        for member, raw in vars(klass).items():
            # __init__ only when the package defines it (not a slot wrapper such as
            # pybind11 gives a class without constructors).
            if member == "__init__" and type(raw).__name__ == "wrapper_descriptor":
                continue
            if (not member.startswith("_") or member == "__init__") and member not in seen:
                seen[member] = raw
    return sorted(seen.items())


def _class_lines(name, cls, package):
    bases = [_qualname(b) for b in cls.__bases__ if b.__name__ not in ("object", "pybind11_object")]
    fields = [("bases", ",".join(bases) or "-"), ("doc", doc_hash(cls.__doc__))]
    out = [format_line(name, "class", fields)]
    for member, raw in _own_members(cls, package):
        full = f"{name}.{member}"
        if isinstance(raw, (staticmethod, classmethod)):
            raw = raw.__func__
        if isinstance(raw, property) or inspect.isdatadescriptor(raw):
            mode = "rw" if getattr(raw, "fset", None) is not None else "ro"
            fields = [("access", mode), ("doc", doc_hash(raw.__doc__))]
            out.append(format_line(full, "property", fields))
        elif isinstance(raw, type):
            out.extend(_class_lines(full, raw, package))
        elif callable(raw):
            out.extend(_routine_lines(full, "method", raw, member))
        else:
            out.append(format_line(full, "constant", [("doc", "-")], "= " + _value_text(raw)))
    return out


def public_names(module):
    if hasattr(module, "__all__"):
        return sorted(module.__all__)
    return sorted(n for n in vars(module) if not n.startswith("_"))


def module_lines(module, package):
    """The lines of one module and of the public names it holds (submodules
    get their own module_lines)."""
    out = [format_line(module.__name__, "module", [("doc", doc_hash(module.__doc__))])]
    for short in public_names(module):
        obj = getattr(module, short)
        name = f"{module.__name__}.{short}"
        if inspect.ismodule(obj):
            continue
        if inspect.isclass(obj):
            out.extend(_class_lines(name, obj, package))
        elif callable(obj):
            out.extend(_routine_lines(name, "function", obj, getattr(obj, "__name__", short)))
        else:
            out.append(format_line(name, "constant", [("doc", "-")], "= " + _value_text(obj)))
    return out


def public_modules(root, exclude=()):
    """root and its Python submodules, skipping private ones (a part starting with
    "_"), generated protobuf modules (*_pb2), native libraries shipped in the
    package (libpaddle_core.so) and the `exclude` subtrees."""
    top = importlib.import_module(root)
    names = [root]
    for info in pkgutil.walk_packages(getattr(top, "__path__", []), root + "."):
        parts = info.name.split(".")
        if any(p.startswith("_") for p in parts) or parts[-1].endswith("_pb2"):
            continue
        origin = importlib.util.find_spec(info.name).origin or ""
        if not info.ispkg and not origin.endswith(".py"):
            continue
        if any(info.name == e or info.name.startswith(e + ".") for e in exclude):
            continue
        names.append(info.name)
    return [importlib.import_module(n) for n in sorted(names)]


def spec_lines(root, exclude=()):
    """Every line of the spec of package `root`, sorted."""
    lines = []
    for module in public_modules(root, exclude):
        lines.extend(module_lines(module, root.split(".")[0]))
    return sorted(set(lines))
