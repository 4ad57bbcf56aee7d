"""The gate's verdict (gate.Result) as text, JSON or Markdown: the changes that
lack approvals first (what each needs, what it has, why an approval did not
count), then the refusals, the approved changes and the notes."""
import json

from . import report
from .gate import APPROVED, MISSING

HOW_TO = ("Record approvals as api_spec/approvals/*.toml, deprecate before removing "
          "(api_spec/DEPRECATIONS): docs/en/api_governance.md")


def _status_line(r):
    if r.passed:
        return "API gate: passed"
    missing = sum(1 for j in r.judged if j.status == MISSING)
    return f"API gate: FAILED ({missing} changes lack approvals, {len(r.refused)} refused)"


def _has(j):
    return ", ".join(j.approvers) or "no valid approvals"


def text(r):
    out = [_status_line(r), report.headline([j.change for j in r.judged])]
    for status, title in ((MISSING, "approvals missing"), (APPROVED, "approved")):
        mine = [j for j in r.judged if j.status == status]
        if mine:
            out.append(f"\n{title} ({len(mine)}):")
            for j in mine:
                c = j.change
                out.append(f"  {c.spec}  {c.name} ({c.kind})  {c.change} [{j.rule}]: "
                           f"needs {j.needs}; has {_has(j)}")
                out += [f"    - {n}" for n in j.notes]
    if r.refused:
        out.append(f"\nrefused ({len(r.refused)}):")
        out += [f"  {spec}  {name}: {why}" for spec, name, why in r.refused]
    if r.notes:
        out.append(f"\nnotes ({len(r.notes)}):")
        out += [f"  {n}" for n in r.notes]
    if not r.passed:
        out.append(f"\n{HOW_TO}")
    return "\n".join(out) + "\n"


def as_json(r):
    data = {"passed": r.passed,
            "summary": {"changes": len(r.judged),
                        MISSING: sum(1 for j in r.judged if j.status == MISSING),
                        "refused": len(r.refused)},
            "changes": [dict(j.change._asdict(), verdict=j.change.verdict, rule=j.rule,
                             status=j.status, approvers=list(j.approvers), needs=j.needs,
                             notes=list(j.notes)) for j in r.judged],
            "refused": [{"spec": s, "name": n, "reason": why} for s, n, why in r.refused],
            "notes": r.notes}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def markdown(r):
    out = [f"## {_status_line(r)}", "", report.headline([j.change for j in r.judged])]
    if r.judged:
        out += ["", "| status | spec | entity | change | rule | needs | approved by |",
                "| --- | --- | --- | --- | --- | --- | --- |"]
        for j in sorted(r.judged, key=lambda j: j.status != MISSING):
            c = j.change
            out.append(f"| {j.status} | {c.spec} | {report.cell(c.name)} | {c.change} | "
                       f"{j.rule} | {j.needs} | {_has(j)} |")
    if r.refused:
        out += ["", "### Refused", ""] + [f"- {spec} {report.cell(name)}: {why}"
                                          for spec, name, why in r.refused]
    notes = [n for j in r.judged for n in j.notes] + r.notes
    if notes:
        out += ["", "### Notes", ""] + [f"- {n}" for n in dict.fromkeys(notes)]
    return "\n".join(out) + "\n"


FORMATS = {"text": text, "json": as_json, "markdown": markdown}
