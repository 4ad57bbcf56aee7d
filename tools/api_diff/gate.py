"""The approval gate: every change from the released specs (api_spec/BASE/) to
the working tree's is judged against the policy (policy.py).

A change passes when the unexpired approvals that cover it (entity glob,
change-class glob, spec file) were given by enough committee members of the
groups its rule names; approvals add up across records. Refused whatever the
approvals: removing a deprecated entity before its window ends, and a stable
API whose signature or bases name a type of the experimental namespace.
Reported without failing: deprecation windows that have ended with the entity
still there, and approvals that are expired, name non-members or cover nothing."""
import collections
import fnmatch
import re
from typing import NamedTuple

from .differ import diff_specs, records

APPROVED, MISSING = "approved", "missing"


class Judged(NamedTuple):
    change: object  # a differ.Change
    rule: str  # the rule's name (a verdict, or e.g. "promotion")
    status: str  # APPROVED or MISSING
    approvers: tuple  # the valid approvers counted
    needs: str  # what the rule asks, in words
    notes: tuple  # why approvals did not count (expired, non-member...)


class Result(NamedTuple):
    judged: list  # [Judged], in the differ's order
    refused: list  # [(spec, entity, reason)]: fail whatever the approvals
    notes: list  # [str]: reported, not failing

    @property
    def passed(self):
        return not self.refused and all(j.status == APPROVED for j in self.judged)


def _covers(approval, change):
    return ((not approval.specs or change.spec in approval.specs)
            and any(fnmatch.fnmatchcase(change.name, g) for g in approval.entities)
            and any(fnmatch.fnmatchcase(change.change, g) for g in approval.changes))


def _needs(rule, owner):
    parts = [f"{rule.members} member{'s' if rule.members > 1 else ''}"]
    if rule.from_owner:
        parts.append(f"{rule.from_owner} of {owner} (owns the surface)")
    parts += [f"{n} of {g}" for g, n in sorted(rule.groups.items())]
    return ", ".join(parts)


def _judge(change, policy, today):
    rule_name = policy.rule_name(change.change, change.verdict)
    rule = policy.rule(change.spec, rule_name)
    owner = policy.owners[change.spec]
    approvers, notes = set(), []
    for a in policy.approvals:
        if not _covers(a, change):
            continue
        if a.expires < today:
            notes.append(f"{a.file} expired on {a.expires}")
            continue
        for who in a.approved_by:
            if who in policy.members:
                approvers.add(who)
            else:
                notes.append(f"{a.file}: {who!r} is not a committee member")
    in_group = lambda g: sum(1 for who in approvers if g in policy.members[who])
    ok = (len(approvers) >= rule.members and in_group(owner) >= rule.from_owner
          and all(in_group(g) >= n for g, n in rule.groups.items()))
    return Judged(change, rule_name, APPROVED if ok else MISSING, tuple(sorted(approvers)),
                  _needs(rule, owner), tuple(dict.fromkeys(notes)))


def _deprecation_findings(policy, base, head, today):
    """(refused, notes) from the deprecation windows."""
    refused, notes = [], []
    for d in policy.deprecations:
        was = d.entity in base.get(d.spec, {})
        still = d.entity in head.get(d.spec, {})
        if was and not still and today <= d.removal_after:
            refused.append((d.spec, d.entity, f"removed inside its deprecation window (deprecated "
                                              f"since {d.since}, removal after {d.removal_after})"))
        elif still and today > d.removal_after:
            notes.append(f"{d.spec} {d.entity}: the deprecation window ended on "
                         f"{d.removal_after}; it may be removed now (with approvals)")
        elif not was and not still:
            notes.append(f"{d.spec} {d.entity}: deprecated, but no such entity: delete the record")
    return refused, notes


def exposures(head):
    """(spec, entity, reason) for each stable API whose signature or bases name
    something of the experimental namespace (the modules of contrib.spec)."""
    contrib = head.get("contrib.spec", {})
    modules = [n for n, recs in contrib.items() if recs[0].kind == "module"]
    roots = [m for m in modules if not any(m.startswith(o + ".") for o in modules)]
    if not roots:
        return []
    mention = re.compile(r"(?<![\w.])(?:%s)\.\w" % "|".join(map(re.escape, roots)))
    out = []
    for name, recs in sorted(head.get("python.spec", {}).items()):
        for r in recs:
            text = f"{r.fields.get('bases', '')} {r.tail or ''}"
            if mention.search(text):
                out.append(("python.spec", name, "a stable API exposes an experimental type: "
                                                 + text.strip()))
                break
    return out


def evaluate(base_specs, head_specs, policy, today):
    """The Result of the changes from base_specs to head_specs ({file: [lines]})."""
    changes = diff_specs(base_specs, head_specs)
    base = {s: records(s, lines) for s, lines in base_specs.items()}
    head = {s: records(s, lines) for s, lines in head_specs.items()}
    judged = [_judge(c, policy, today) for c in changes]
    refused, notes = _deprecation_findings(policy, base, head, today)
    refused += exposures(head)
    used = collections.Counter(a.file for a in policy.approvals
                               for c in changes if _covers(a, c))
    notes += [f"{a.file} covers no change: delete it" for a in policy.approvals
              if not used[a.file]]
    return Result(judged, refused, notes)
