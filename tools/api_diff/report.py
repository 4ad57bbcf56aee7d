"""The differ's changes as text (a terminal), JSON (tools) or Markdown (a
review comment: one table per verdict)."""
import json

from .change_classes import VERDICTS
from .differ import summary


def headline(changes):
    counts = summary(changes)
    if not changes:
        return "API changes: none"
    return "API changes: " + ", ".join(f"{counts[v]} {v}" for v in VERDICTS)


def text(changes):
    out = [headline(changes)]
    for v in VERDICTS:
        mine = [c for c in changes if c.verdict == v]
        if mine:
            out.append(f"\n{v} ({len(mine)}):")
            out += [f"  {c.spec}  {c.name} ({c.kind})  {c.change}"
                    + (f": {c.detail}" if c.detail else "") for c in mine]
    return "\n".join(out) + "\n"


def as_json(changes):
    data = {"summary": summary(changes),
            "changes": [dict(c._asdict(), verdict=c.verdict) for c in changes]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def cell(value):
    value = value.replace("|", "\\|")
    return f"`{value}`" if value else ""


def markdown(changes):
    out = [f"## {headline(changes)}"]
    for v in VERDICTS:
        mine = [c for c in changes if c.verdict == v]
        if not mine:
            continue
        out += ["", f"### {v.capitalize()} ({len(mine)})", "",
                "| spec | entity | kind | change | detail |", "| --- | --- | --- | --- | --- |"]
        out += [f"| {c.spec} | {cell(c.name)} | {c.kind} | {c.change} | {cell(c.detail)} |"
                for c in mine]
    return "\n".join(out) + "\n"


FORMATS = {"text": text, "json": as_json, "markdown": markdown}
