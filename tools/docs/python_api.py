"""The Python API the reference documents, read from the installed package.

The public names are python.spec's (tools/api_diff: every public module, each
name it exports). One object is often exported under several names
(paddle.add, paddle.tensor.add, paddle.tensor.math.add): it is documented once,
under its canonical name (the one with the fewest dots, then the shortest), and
its page lists the others. A class page documents the methods and properties
the class itself defines; inherited ones are on the base's page. A method that
is a public function (Tensor.add is paddle.add) links to the function's page.
"""
import dataclasses
import inspect
import pathlib
import re
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # tools.api_diff, which defines the public names

from tools.api_diff.python_spec import public_modules, public_names, signatures  # noqa: E402

import docstrings  # noqa: E402

ROOT_PACKAGE = "paddle"
EXPERIMENTAL = "paddle.contrib"


@dataclasses.dataclass
class Member:
    name: str           # full name: paddle.nn.Layer.train
    kind: str           # method, classmethod, staticmethod, property
    signatures: list    # [str]; [] for a property
    doc: str            # the raw docstring ("" when none)
    same_as: str = ""   # canonical name of the public function this method is


@dataclasses.dataclass
class Api:
    name: str           # canonical full name
    kind: str           # function or class
    obj: object
    signatures: list    # [str] of the function, or of the class's constructor
    doc: str            # the raw docstring
    aliases: list       # the other public names, sorted
    bases: list = dataclasses.field(default_factory=list)    # canonical names of documented bases
    members: list = dataclasses.field(default_factory=list)  # [Member]

    owner: str = ""     # for a class nested in a documented class: that class's name

    @property
    def module(self):
        """The module whose page lists the API (a nested class: its owner's)."""
        return (self.owner or self.name).rsplit(".", 1)[0]

    @property
    def experimental(self):
        return self.name == EXPERIMENTAL or self.name.startswith(EXPERIMENTAL + ".")

    @property
    def parsed(self):
        return docstrings.parse(self.doc)


def canonical(names):
    return min(names, key=lambda n: (n.count("."), len(n), n))


def _exported(modules):
    """{id: (object, [public names])} of the functions and classes."""
    found = {}
    for module in modules:
        for short in public_names(module):
            obj = getattr(module, short, None)
            if inspect.ismodule(obj) or not (inspect.isclass(obj) or callable(obj)):
                continue
            found.setdefault(id(obj), (obj, []))[1].append(f"{module.__name__}.{short}")
    return found


def _doc(obj):
    """The object's own docstring, cleaned; not one inherited from a base (which
    inspect.getdoc would give: a subclass's forward would read as Layer.forward's)."""
    doc = getattr(obj, "__doc__", None)
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def _in_package(cls):
    mod = getattr(cls, "__module__", "") or ""
    return mod == ROOT_PACKAGE or mod.startswith(ROOT_PACKAGE + ".")


def _members(cls, name, function_names):
    out = []
    for member, raw in sorted(vars(cls).items()):
        if member.startswith("_"):
            continue
        full = f"{name}.{member}"
        kind = "method"
        if isinstance(raw, (staticmethod, classmethod)):
            kind, raw = type(raw).__name__, raw.__func__
        if isinstance(raw, property) or inspect.isdatadescriptor(raw):
            out.append(Member(full, "property", [], _doc(raw)))
        elif callable(raw) and not inspect.isclass(raw):
            same = function_names.get(id(raw), "")
            out.append(Member(full, kind, signatures(raw, member), "" if same else _doc(raw), same))
    return out


def collect(root=ROOT_PACKAGE):
    """[Api] of the package, sorted by canonical name."""
    found = _exported(public_modules(root))
    names = {key: canonical(ns) for key, (obj, ns) in found.items()}
    functions = {key: names[key] for key, (obj, _) in found.items() if not inspect.isclass(obj)}
    apis = []
    for key, (obj, all_names) in found.items():
        name = names[key]
        aliases = sorted(set(all_names) - {name})
        if inspect.isclass(obj):
            apis += _class_apis(obj, name, aliases, names, functions)
        else:
            apis.append(Api(name, "function", obj, signatures(obj, getattr(obj, "__name__", name)),
                            _doc(obj), aliases))
    # A public class also nested in another under its name there (the spec lists it there:
    # paddle.inference.Config.Precision is paddle.inference.PrecisionType): one more alias.
    by_name = {a.name: a for a in apis}
    for key, (obj, _) in found.items():
        if not (inspect.isclass(obj) and _in_package(obj)):
            continue
        for short, nested in sorted(vars(obj).items()):
            if inspect.isclass(nested) and not short.startswith("_") and id(nested) in names:
                target = by_name.get(names[id(nested)])
                if target is not None and target.name != f"{names[key]}.{short}":
                    target.aliases = sorted(set(target.aliases) | {f"{names[key]}.{short}"})
    return sorted(apis, key=lambda a: a.name)


_SELF = re.compile(r"^\(self(?::[^,()]*)?(?:, |(?=\)))")


def _class_apis(cls, name, aliases, names, functions, owner=""):
    """The Api of a class and of the public classes nested in it (the spec lists
    those under the class's name, e.g. paddle.nn.MultiHeadAttention.Cache)."""
    init = cls.__init__ if "__init__" in vars(cls) else cls
    try:
        sigs = signatures(init, "__init__") if init is not cls else signatures(cls, cls.__name__)
    except ValueError:
        sigs = []
    if init is not cls:
        sigs = [drop_self(s) for s in sigs]
    bases = [names[id(b)] for b in cls.__bases__ if id(b) in names]
    inside = _in_package(cls)
    members = _members(cls, name, functions) if inside else []
    out = [Api(name, "class", cls, sigs, _doc(cls), aliases, bases, members, owner)]
    for short, nested in sorted(vars(cls).items()) if inside else []:
        if inspect.isclass(nested) and not short.startswith("_") and id(nested) not in names:
            out += _class_apis(nested, f"{name}.{short}", [], names, functions,
                               owner or name)
    return out


def drop_self(sig):
    """'(self, a, b=1)' -> '(a, b=1)'; also pybind11's '(self: T, a: int)'."""
    return _SELF.sub("(", sig)


def english_texts(apis):
    """{full name: English text to translate}: each API's and member's docstring
    without its examples; nothing for what has no text."""
    out = {}
    for api in apis:
        for name, doc in [(api.name, api.doc)] + [(m.name, m.doc) for m in api.members]:
            text = docstrings.prose(doc)
            if text:
                out[name] = text
    return out


def parameter_names(signature):
    """The parameter names of a signature text, without self, * and /."""
    try:
        params = inspect.signature(_fake(signature)).parameters
    except (SyntaxError, ValueError):
        return None
    return [("*" if p.kind == p.VAR_POSITIONAL else "**" if p.kind == p.VAR_KEYWORD else "") + n
            for n, p in params.items() if n != "self"]


def _fake(signature):
    """A function with the signature's parameters (defaults replaced by None),
    so inspect reads the names of a pybind11 or C signature text as well."""
    import ast
    tree = ast.parse(f"def f{signature.split(' -> ')[0]}: pass")
    fn = tree.body[0]
    for arg in fn.args.args + fn.args.posonlyargs + fn.args.kwonlyargs:
        arg.annotation = None
    for holder in (fn.args.vararg, fn.args.kwarg):
        if holder is not None:
            holder.annotation = None
    fn.args.defaults = [ast.Constant(None) for _ in fn.args.defaults]
    fn.args.kw_defaults = [None if d is None else ast.Constant(None) for d in fn.args.kw_defaults]
    fn.returns = None
    namespace = {}
    exec(compile(ast.fix_missing_locations(tree), "<signature>", "exec"), namespace)
    return namespace["f"]
