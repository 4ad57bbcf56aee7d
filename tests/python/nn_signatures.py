"""The parameters of a public callable as comparable data: for a class its
__init__'s, without self; each parameter as [name, kind, repr(default) or None]."""
import inspect


def parameters(obj):
    target = obj.__init__ if isinstance(obj, type) else obj
    out = []
    for p in inspect.signature(target).parameters.values():
        if p.name == "self":
            continue
        default = None if p.default is inspect.Parameter.empty else repr(p.default)
        out.append([p.name, p.kind.name, default])
    return out


# Keyword-only extras PaddlePaddle 3.3.1 added that this project may leave out.
OPTIONAL_EXTRAS = {"device", "dtype", "out", "requires_grad", "pin_memory"}


def comparable(params):
    return [p for p in params if not (p[0] in OPTIONAL_EXTRAS and p[1] == "KEYWORD_ONLY")]
