"""The governance data in api_spec/, read and checked: COMMITTEE (members and
their groups), POLICY (which changes need how many approvals from which
groups), DEPRECATIONS (the windows before a removal), approvals/*.toml (who
approved which changes, why, until when). All TOML, read with `tomllib`.

Every file is validated as it is read: an unknown key, group, member, verdict
or change class is a PolicyError (the gate's exit status 2), never a silently
weaker rule."""
import datetime
import pathlib
import tomllib
from typing import NamedTuple

from .change_classes import CHANGE_CLASSES, VERDICTS
from .spec_files import GRAMMAR


class PolicyError(Exception):
    """A governance file is missing or malformed: the gate failed, it judged nothing."""


class Rule(NamedTuple):
    members: int  # distinct committee members who must approve
    from_owner: int  # of them, how many from the group that owns the surface
    groups: dict  # {group: how many of them from that group}


class Policy(NamedTuple):
    members: dict  # {handle: frozenset of groups}
    groups: dict  # {group: what it looks after}
    owners: dict  # {spec file: owning group}
    rule_of_class: dict  # {change class: rule name}; other classes use their verdict
    rules: dict  # {rule name: Rule}
    surface_rules: dict  # {(spec file, rule name): Rule}, overriding rules
    deprecations: list  # [Deprecation]
    approvals: list  # [Approval]

    def rule_name(self, change_class, verdict):
        return self.rule_of_class.get(change_class, verdict)

    def rule(self, spec, rule_name):
        return self.surface_rules.get((spec, rule_name), self.rules[rule_name])


class Deprecation(NamedTuple):
    entity: str
    spec: str
    since: datetime.date
    removal_after: datetime.date
    replacement: str


class Approval(NamedTuple):
    file: str  # where it is recorded, for the report
    entities: tuple  # fnmatch globs over entity names
    changes: tuple  # fnmatch globs over change classes
    specs: tuple  # spec files it covers (all when empty)
    approved_by: tuple
    reason: str
    expires: datetime.date


def _read(path):
    if not path.is_file():
        raise PolicyError(f"{path}: missing")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise PolicyError(f"{path}: not valid TOML: {err}") from err


def _keys(where, table, required, optional=()):
    """The table's keys must be the required ones plus some optional ones."""
    if not isinstance(table, dict):
        raise PolicyError(f"{where}: expected a table, got {type(table).__name__}")
    missing = [k for k in required if k not in table]
    unknown = sorted(set(table) - set(required) - set(optional))
    if missing:
        raise PolicyError(f"{where}: missing {', '.join(missing)}")
    if unknown:
        raise PolicyError(f"{where}: unknown key {', '.join(unknown)}")


def _typed(where, value, kind, what):
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise PolicyError(f"{where}: expected {what}, got {value!r}")
    return value


def _strings(where, value):
    _typed(where, value, list, "a list of strings")
    return tuple(_typed(where, v, str, "a list of strings") for v in value)


def _date(where, value):
    if type(value) is not datetime.date:  # a datetime is a date too: refuse the time part
        raise PolicyError(f"{where}: expected a date (YYYY-MM-DD), got {value!r}")
    return value


def _spec(where, value):
    if value not in GRAMMAR:
        raise PolicyError(f"{where}: unknown spec file {value!r} (one of {', '.join(GRAMMAR)})")
    return value


def read_committee(path):
    data = _read(path)
    _keys(path.name, data, ("groups", "members"))
    groups = {g: _typed(f"{path.name} [groups] {g}", d, str, "a description")
              for g, d in _typed(f"{path.name} [groups]", data["groups"], dict, "a table").items()}
    members = {}
    for handle, entry in _typed(f"{path.name} [members]", data["members"], dict, "a table").items():
        where = f"{path.name} [members.{handle}]"
        _keys(where, entry, ("name", "groups"))
        _typed(where, entry["name"], str, "a name")
        mine = _strings(where + " groups", entry["groups"])
        for g in mine:
            if g not in groups:
                raise PolicyError(f"{where}: unknown group {g!r} (one of {', '.join(groups)})")
        if not mine:
            raise PolicyError(f"{where}: belongs to no group")
        members[handle] = frozenset(mine)
    return members, groups


def _rule(where, table, groups):
    _keys(where, table, ("members",), ("from_owner", "groups"))
    members = _typed(where + " members", table["members"], int, "a count")
    from_owner = _typed(where + " from_owner", table.get("from_owner", 0), int, "a count")
    per_group = _typed(where + " groups", table.get("groups", {}), dict, "a table")
    for g, n in per_group.items():
        if g not in groups:
            raise PolicyError(f"{where}: unknown group {g!r}")
        _typed(f"{where} groups.{g}", n, int, "a count")
    if members < 1 or any(n < 0 or n > members for n in [from_owner, *per_group.values()]):
        raise PolicyError(f"{where}: needs at least 1 member and no more from a group than "
                          f"in all ({members})")
    return Rule(members, from_owner, dict(per_group))


def read_policy(path, groups):
    data = _read(path)
    _keys(path.name, data, ("owners", "rules"), ("classes", "surfaces"))
    owners = {}
    for spec, group in _typed(f"{path.name} [owners]", data["owners"], dict, "a table").items():
        _spec(f"{path.name} [owners]", spec)
        if group not in groups:
            raise PolicyError(f"{path.name} [owners] {spec}: unknown group {group!r}")
        owners[spec] = group
    missing = [s for s in GRAMMAR if s not in owners]
    if missing:
        raise PolicyError(f"{path.name} [owners]: no owner for {', '.join(missing)}")
    rule_of_class = {}
    for cls, name in _typed(f"{path.name} [classes]", data.get("classes", {}), dict,
                            "a table").items():
        if cls not in CHANGE_CLASSES:
            raise PolicyError(f"{path.name} [classes]: unknown change class {cls!r}")
        rule_of_class[cls] = _typed(f"{path.name} [classes] {cls}", name, str, "a rule name")
    rules = {n: _rule(f"{path.name} [rules.{n}]", t, groups)
             for n, t in _typed(f"{path.name} [rules]", data["rules"], dict, "a table").items()}
    needed = set(VERDICTS) | set(rule_of_class.values())
    if needed - set(rules):
        raise PolicyError(f"{path.name} [rules]: no rule for {', '.join(sorted(needed - set(rules)))}")
    surface_rules = {}
    for spec, table in _typed(f"{path.name} [surfaces]", data.get("surfaces", {}), dict,
                              "a table").items():
        _spec(f"{path.name} [surfaces]", spec)
        for n, t in _typed(f"{path.name} [surfaces.\"{spec}\"]", table, dict, "a table").items():
            if n not in rules:
                raise PolicyError(f"{path.name} [surfaces.\"{spec}\".{n}]: no such rule")
            surface_rules[(spec, n)] = _rule(f"{path.name} [surfaces.\"{spec}\".{n}]", t, groups)
    return owners, rule_of_class, rules, surface_rules


def read_deprecations(path):
    if not path.exists():
        return []
    data = _read(path)
    _keys(path.name, data, (), ("deprecation",))
    out = []
    for i, entry in enumerate(_typed(path.name, data.get("deprecation", []), list, "a list"), 1):
        where = f"{path.name} [[deprecation]] #{i}"
        _keys(where, entry, ("entity", "spec", "since", "removal_after"), ("replacement",))
        dep = Deprecation(_typed(where + " entity", entry["entity"], str, "a name"),
                          _spec(where + " spec", entry["spec"]),
                          _date(where + " since", entry["since"]),
                          _date(where + " removal_after", entry["removal_after"]),
                          _typed(where, entry.get("replacement", ""), str, "a name"))
        if dep.removal_after <= dep.since:
            raise PolicyError(f"{where}: removal_after must come after since")
        out.append(dep)
    return out


def read_approval(path):
    data = _read(path)
    where = f"approvals/{path.name}"
    _keys(where, data, ("entities", "changes", "approved_by", "reason", "expires"), ("specs",))
    approval = Approval(where, _strings(where + " entities", data["entities"]),
                        _strings(where + " changes", data["changes"]),
                        tuple(_spec(where + " specs", s)
                              for s in _strings(where + " specs", data.get("specs", []))),
                        _strings(where + " approved_by", data["approved_by"]),
                        _typed(where + " reason", data["reason"], str, "a reason").strip(),
                        _date(where + " expires", data["expires"]))
    if not (approval.entities and approval.changes and approval.approved_by and approval.reason):
        raise PolicyError(f"{where}: entities, changes, approved_by and reason may not be empty")
    return approval


def load(folder):
    """The Policy recorded in folder (api_spec/ or a scratch copy)."""
    folder = pathlib.Path(folder)
    members, groups = read_committee(folder / "COMMITTEE")
    owners, rule_of_class, rules, surface_rules = read_policy(folder / "POLICY", groups)
    approvals = [read_approval(p) for p in sorted((folder / "approvals").glob("*.toml"))]
    return Policy(members, groups, owners, rule_of_class, rules, surface_rules,
                  read_deprecations(folder / "DEPRECATIONS"), approvals)
