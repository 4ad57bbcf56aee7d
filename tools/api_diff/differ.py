"""The semantic differ: two sets of spec files, compared record by record, each
change named by a class of change_classes.py.

A record is every line of one name in one file (overloads share a name). A
removed or added entity whose parent went or came with it is counted in the
parent, not listed. Renames (same scope, same fields and signature, a new
name) and promotions (contrib.spec -> python.spec, same kind and last name
part) carry their members along and compare them under the new name."""
import collections
from typing import NamedTuple

from . import signatures
from .change_classes import VERDICTS, verdict
from .spec_files import GRAMMAR
from .spec_format import parse_line
from .spec_sources import SpecError

_ROUTINES = ("function", "method", "constructor", "destructor")
# The files whose signatures are typed parameter lists, matched by position
# (signatures.parse_typed); the others are Python's.
_TYPED_SIGNATURES = ("cpp.spec", "c.spec", "java.spec")
_OP_SLOT_ADDED = {"input": "op_input_added", "output": "op_output_added"}
_OP_REMOVED = {"input": "op_input_removed", "output": "op_output_removed",
               "attr": "op_attr_removed"}
# Field -> the class of a change to it; the fields with more to say are in _field_changes.
_FIELD_CLASS = {"doc": "doc_changed", "doc_zh": "doc_changed", "bases": "bases_changed",
                "version": "version_changed", "index": "op_position_changed",
                "flags": "flags_changed", "constraints": "constraints_changed",
                "quals": "qualifiers_changed", "scoped": "enum_changed", "value": "value_changed",
                "visibility": "qualifiers_changed", "mods": "qualifiers_changed",
                "extends": "bases_changed", "implements": "bases_changed",
                "typeparams": "annotation_changed", "throws": "throws_changed",
                "ordinal": "value_changed"}


class Change(NamedTuple):
    spec: str  # the file, e.g. "python.spec"
    name: str
    kind: str
    change: str  # a class of change_classes.CHANGE_CLASSES
    detail: str

    @property
    def verdict(self):
        return verdict(self.change)


def _sep(spec):
    return "::" if spec == "cpp.spec" else "."


def _parent(name, spec):
    return name.rpartition(_sep(spec))[0]


def _leaf(name, spec):
    return name.rpartition(_sep(spec))[2]


def records(spec, lines):
    """{name: [SpecLine]} of one file's lines; SpecError on a line that breaks the grammar."""
    out = collections.defaultdict(list)
    for number, line in enumerate(lines, 1):
        try:
            rec = parse_line(line)
        except ValueError as err:
            raise SpecError(f"{spec} line {number}: {err}") from err
        if rec.kind not in GRAMMAR[spec]:
            raise SpecError(f"{spec} line {number}: unknown kind {rec.kind!r}")
        out[rec.name].append(rec)
    return dict(out)


def _is_member(name, roots, spec):
    """Whether name is strictly inside one of the names in roots."""
    parent = _parent(name, spec)
    while parent:
        if parent in roots:
            return True
        parent = _parent(parent, spec)
    return False


def _roots(names, spec):
    """The names of `names` whose ancestors are not in it, each with its member count."""
    names = set(names)
    tops = sorted(n for n in names if not _is_member(n, names, spec))
    return {t: sum(1 for n in names if n.startswith(t + _sep(spec))) for t in tops}


def _shape(spec, name, recs):
    """What must agree for `recs` to be the same entity under another name:
    kinds, fields and tails, the own name left out of C++ signatures."""
    leaf = _leaf(name, spec)
    return sorted((r.kind, tuple(r.fields.items()), r.tail.replace(leaf + "(", "(")) for r in recs)


def _added_class(spec, rec):
    """The class of an added entity whose parent was there before."""
    if spec == "c.spec" and rec.kind == "field":
        return "layout_changed"
    if spec == "java.spec" and rec.kind == "method" and "abstract" in rec.fields["mods"].split(","):
        return "abstract_method_added"
    if spec == "ops.spec" and rec.kind in _OP_SLOT_ADDED:
        optional = "dispensable" in rec.fields["flags"].split(",")
        return _OP_SLOT_ADDED[rec.kind] + ("_optional" if optional else "")
    if spec == "ops.spec" and rec.kind == "attr":
        required = rec.fields["default"] == "-"
        return "op_attr_added_without_default" if required else "op_attr_added_with_default"
    return "added"


def _members(count):
    return f"with {count} member{'s' * (count != 1)}" if count else ""


def _kernel_changes(old, new):
    olds, news = set(old.split(",")) - {"-"}, set(new.split(",")) - {"-"}
    return [("kernel_dtype_removed", k) for k in sorted(olds - news)] + \
           [("kernel_dtype_added", k) for k in sorted(news - olds)]


def _field_changes(spec, kind, key, old, new):
    if key == "kernels":
        return _kernel_changes(old, new)
    if key == "grad":
        cls = "gradient_added" if old == "-" else \
              "gradient_removed" if new == "-" else "gradient_changed"
        return [(cls, f"{old} -> {new}")]
    if key == "access":
        cls = "property_became_read_only" if new == "ro" else "property_became_writable"
        return [(cls, f"{old} -> {new}")]
    if key == "default":
        cls = "attr_default_added" if old == "-" else "attr_default_removed" if new == "-" \
              else "attr_default_changed"
        return [(cls, f"{old} -> {new}")]
    if key == "type":
        return [("attr_type_changed" if kind == "attr" else "enum_changed", f"{old} -> {new}")]
    if key == "deprecated":
        return [("undeprecated" if new == "no" else "deprecated", f"{old} -> {new}")]
    if key == "index" and spec == "c.spec":  # a C struct's field order is its memory layout
        return [("layout_changed", f"{key}: {old} -> {new}")]
    detail = key if key.startswith("doc") else f"{key}: {old} -> {new}"
    return [(_FIELD_CLASS.get(key, "value_changed"), detail)]


def _signature(spec, name, tail):
    if spec in _TYPED_SIGNATURES:
        return signatures.parse_typed(tail, _leaf(name, spec))
    return signatures.parse_python(tail)


def _tail_changes(spec, name, kind, old, new):
    if kind not in _ROUTINES:
        return [("value_changed", f"{old} -> {new}")]
    try:
        old_sig, new_sig = _signature(spec, name, old), _signature(spec, name, new)
    except ValueError:
        return [("signature_changed", f"{old} -> {new}")]
    return signatures.compare(old_sig, new_sig, by_position=spec in _TYPED_SIGNATURES)


def _line_changes(spec, name, old, new):
    out = []
    for key in dict.fromkeys([*old.fields, *new.fields]):
        a, b = old.fields.get(key, "-"), new.fields.get(key, "-")
        if a != b:
            out += _field_changes(spec, new.kind, key, a, b)
    if old.tail != new.tail:
        out += _tail_changes(spec, name, new.kind, old.tail, new.tail)
    return out


def _pair_overloads(olds, news):
    """(pairs to compare, unmatched old lines, unmatched new lines): equal
    signatures pair up; one left on each side is the same overload changed."""
    news_left = list(news)
    pairs, olds_left = [], []
    for o in olds:
        same = next((n for n in news_left if n.tail == o.tail), None)
        if same is None:
            olds_left.append(o)
        else:
            pairs.append((o, same))
            news_left.remove(same)
    if len(olds_left) == 1 and len(news_left) == 1:
        return pairs + [(olds_left[0], news_left[0])], [], []
    return pairs, olds_left, news_left


def compare_records(spec, name, olds, news):
    """[(class, detail)] between the lines of one entity on both sides."""
    old_kinds, new_kinds = sorted({r.kind for r in olds}), sorted({r.kind for r in news})
    if old_kinds != new_kinds:
        return [("kind_changed", f"{','.join(old_kinds)} -> {','.join(new_kinds)}")]
    pairs, gone, came = _pair_overloads(olds, news)
    out = [c for o, n in pairs for c in _line_changes(spec, name, o, n)]
    out += [("removed", f"overload {r.tail}") for r in gone]
    out += [("added", f"overload {r.tail}") for r in came]
    return list(dict.fromkeys(out))  # overloads share a doc: one doc change, not three


class _Side(NamedTuple):
    spec: str
    old: dict
    new: dict


def _unique(names, key):
    """{key: name} for the keys that exactly one of names has."""
    by = collections.defaultdict(list)
    for n in names:
        by[key(n)].append(n)
    return {k: v[0] for k, v in by.items() if len(v) == 1}


def _kinds(recs):
    return tuple(sorted({r.kind for r in recs}))


def _moves(sides):
    """[(old spec, old root, new spec, new root, class)]: promotions from contrib
    to python, then renames inside one file, each only where the match is unique."""
    removed = {s.spec: _roots(set(s.old) - set(s.new), s.spec) for s in sides.values()}
    added = {s.spec: _roots(set(s.new) - set(s.old), s.spec) for s in sides.values()}
    moves = []
    if "contrib.spec" in sides and "python.spec" in sides:
        c, p = sides["contrib.spec"], sides["python.spec"]
        gone = _unique(removed[c.spec], lambda n: (_leaf(n, c.spec), _kinds(c.old[n])))
        came = _unique(added[p.spec], lambda n: (_leaf(n, p.spec), _kinds(p.new[n])))
        moves += [(c.spec, gone[k], p.spec, came[k], "promoted") for k in gone.keys() & came.keys()]
    taken = {(m[0], m[1]) for m in moves} | {(m[2], m[3]) for m in moves}
    for s in sides.values():
        def candidates(names, recs_of, spec=s.spec):
            # A name with neither a doc hash nor a signature matches too much to be a rename.
            names = [n for n in names if (spec, n) not in taken and any(
                r.fields.get("doc", "-") != "-" or r.tail for r in recs_of[n])]
            return _unique(names, lambda n: (_parent(n, spec), repr(_shape(spec, n, recs_of[n]))))

        gone, came = candidates(removed[s.spec], s.old), candidates(added[s.spec], s.new)
        moves += [(s.spec, gone[k], s.spec, came[k], "renamed") for k in gone.keys() & came.keys()]
    return moves


def diff_specs(base, head):
    """The Changes from spec set `base` to `head` ({file name: [lines]} each), ordered
    by verdict, file, name."""
    names = [n for n in GRAMMAR if n in base or n in head]
    sides = {n: _Side(n, records(n, base.get(n, [])), records(n, head.get(n, []))) for n in names}
    changes = []
    consumed = set()  # (spec, name, side) already reported through a move
    for old_spec, old_root, new_spec, new_root, cls in _moves(sides):
        o, n = sides[old_spec], sides[new_spec]
        kind = n.new[new_root][0].kind
        changes.append(Change(new_spec, new_root, kind, cls, f"from {old_root}"
                              + (f" ({old_spec})" if old_spec != new_spec else "")))
        old_sep, new_sep = _sep(old_spec), _sep(new_spec)
        for old_name in o.old:
            if old_name != old_root and not old_name.startswith(old_root + old_sep):
                continue
            new_name = new_root + old_name[len(old_root):].replace(old_sep, new_sep)
            if new_name not in n.new or new_name in n.old or old_name in o.new:
                continue
            consumed |= {(old_spec, old_name, "old"), (new_spec, new_name, "new")}
            for c, detail in compare_records(new_spec, new_name, o.old[old_name], n.new[new_name]):
                changes.append(Change(new_spec, new_name, n.new[new_name][0].kind, c, detail))
    for s in sides.values():
        changes += _file_changes(s, consumed)
    order = {v: i for i, v in enumerate(VERDICTS)}
    return sorted(changes, key=lambda c: (order[c.verdict], names.index(c.spec), c.name,
                                          c.change, c.detail))


def _file_changes(side, consumed):
    spec, old, new = side.spec, side.old, side.new
    out = []
    gone = [n for n in old if n not in new and (spec, n, "old") not in consumed]
    came = [n for n in new if n not in old and (spec, n, "new") not in consumed]
    for root, count in _roots(gone, spec).items():
        kind = old[root][0].kind
        cls = _OP_REMOVED.get(kind, "removed") if spec == "ops.spec" else "removed"
        out.append(Change(spec, root, kind, cls, _members(count)))
    for root, count in _roots(came, spec).items():
        rec = new[root][0]
        out.append(Change(spec, root, rec.kind, _added_class(spec, rec), _members(count)))
    for name in sorted(old.keys() & new.keys()):
        for cls, detail in compare_records(spec, name, old[name], new[name]):
            out.append(Change(spec, name, new[name][0].kind, cls, detail))
    return out


def summary(changes):
    """{verdict: count} over every verdict, in report order."""
    counts = collections.Counter(c.verdict for c in changes)
    return {v: counts.get(v, 0) for v in VERDICTS}
