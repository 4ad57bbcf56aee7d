"""`generate` writes the spec files; `check` regenerates them into a temp dir
and compares with the committed ones (exit status: 0 current, 1 stale, the
diff is printed); `diff` classifies the changes between two sets of specs
(0 none or only compatible/doc-only ones, 1 breaking ones); `release` copies
the specs to api_spec/BASE/ (the released API); `gate` judges every change
from BASE against the policy and the recorded approvals (0 every change
approved, 1 approvals missing or a change refused). Exit 2: the tool itself
failed (paddle is not importable, a spec or a policy file is unreadable, a
revision unknown), never "changes found"."""
import argparse
import datetime
import difflib
import pathlib
import shutil
import sys
import tempfile
import traceback

from . import gate, gate_report, policy, report, spec_files, spec_sources
from .change_classes import BREAKING
from .differ import diff_specs
from .spec_format import parse_line

REPO = pathlib.Path(__file__).resolve().parents[2]
SPEC_DIR = REPO / "api_spec"


def write_specs(out_dir):
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, lines in spec_files.all_specs(REPO).items():
        (out_dir / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def _entities(lines):
    return {(p.name, p.kind) for p in map(parse_line, lines)}


def stale_report(name, committed, fresh):
    """A readable account of how a committed spec file differs from the fresh one:
    the entities that changed, then the unified diff."""
    old, new = set(committed), set(fresh)
    gone, came = _entities(old - new), _entities(new - old)
    out = [f"api_spec/{name} is stale:"]
    for ent in sorted(gone | came):
        what = "changed" if ent in gone and ent in came else "removed" if ent in gone else "added"
        out.append(f"  {what}: {ent[0]} ({ent[1]})")
    out.extend(difflib.unified_diff(committed, fresh, f"api_spec/{name} (committed)",
                                    f"api_spec/{name} (generated)", lineterm=""))
    return "\n".join(out)


def _lines(path):
    return path.read_text(encoding="utf-8").splitlines()


def _file_report(name, committed_path, fresh_path):
    """What is wrong with one committed spec file, or None when it is current."""
    if not committed_path.exists():
        return f"api_spec/{name} is missing: run `python -m tools.api_diff generate`"
    if not fresh_path.exists():
        return f"api_spec/{name} is no longer generated: delete it"
    if committed_path.read_bytes() != fresh_path.read_bytes():
        return stale_report(name, _lines(committed_path), _lines(fresh_path))
    return None


def check(spec_dir):
    """0 when every spec file in spec_dir is current, else prints the diffs and returns 1."""
    spec_dir = pathlib.Path(spec_dir)
    with tempfile.TemporaryDirectory() as tmp:
        write_specs(tmp)
        names = sorted({p.name for p in pathlib.Path(tmp).glob("*.spec")}
                       | {p.name for p in spec_dir.glob("*.spec")})
        reports = [_file_report(n, spec_dir / n, pathlib.Path(tmp) / n) for n in names]
    reports = [r for r in reports if r]
    if reports:
        print("\n\n".join(reports))
        print("\nThe API specs are stale. If the change is intended, run\n"
              "  .venv/bin/python -m tools.api_diff generate\nand commit api_spec/.")
        return 1
    print(f"api_spec: {len(names)} spec files are current")
    return 0


def diff(base, head, use_git, fmt):
    """Prints the report of the changes from base to head; 1 when one is breaking."""
    def read(side):
        return spec_sources.read_git(side, REPO) if use_git else spec_sources.read_dir(side)

    changes = diff_specs(read(base), read(head) if head else spec_sources.read_dir(SPEC_DIR))
    sys.stdout.write(report.FORMATS[fmt](changes))
    return 1 if any(c.verdict == BREAKING for c in changes) else 0


def release(spec_dir):
    """Copies spec_dir's spec files to spec_dir/BASE/: the API the gate compares against."""
    spec_dir = pathlib.Path(spec_dir)
    specs = spec_sources.read_dir(spec_dir)  # SpecError when there are none
    base = spec_dir / "BASE"
    base.mkdir(exist_ok=True)
    for old in base.glob("*.spec"):
        old.unlink()
    for name in specs:
        shutil.copyfile(spec_dir / name, base / name)
    print(f"api_spec: released {len(specs)} spec files to {base}")
    return 0


def run_gate(spec_dir, base_dir, today, fmt):
    """Prints the gate's report of the changes from base_dir to spec_dir; 0 passed, 1 failed."""
    spec_dir = pathlib.Path(spec_dir)
    rules = policy.load(spec_dir)
    result = gate.evaluate(spec_sources.read_dir(base_dir or spec_dir / "BASE"),
                           spec_sources.read_dir(spec_dir), rules, today)
    sys.stdout.write(gate_report.FORMATS[fmt](result))
    return 0 if result.passed else 1


def _date(text):
    try:
        return datetime.date.fromisoformat(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(f"expected YYYY-MM-DD, got {text!r}") from err


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.api_diff", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="write the spec files")
    gen.add_argument("--out", default=str(SPEC_DIR),
                     help="folder to write them to (default: api_spec/)")
    chk = sub.add_parser("check", help="fail (exit 1) when the committed specs are stale")
    chk.add_argument("--spec-dir", default=str(SPEC_DIR),
                     help="the committed specs (default: api_spec/)")
    dif = sub.add_parser("diff", help="classify the API changes from BASE to HEAD "
                                      "(exit 1 when one is breaking)")
    dif.add_argument("base", help="a folder of spec files, or with --git a revision")
    dif.add_argument("head", nargs="?",
                     help="the same; default: the working tree's api_spec/ (with --git too)")
    dif.add_argument("--git", action="store_true",
                     help="BASE and HEAD are git revisions: read api_spec/ there with git show")
    dif.add_argument("--format", choices=sorted(report.FORMATS), default="text")
    rel = sub.add_parser("release", help="copy the specs to api_spec/BASE/ (the released API)")
    rel.add_argument("--spec-dir", default=str(SPEC_DIR), help="default: api_spec/")
    gat = sub.add_parser("gate", help="fail (exit 1) unless every change from api_spec/BASE/ "
                                      "has the approvals the policy asks")
    gat.add_argument("--spec-dir", default=str(SPEC_DIR),
                     help="the specs and the governance files (default: api_spec/)")
    gat.add_argument("--base", help="the released specs (default: SPEC_DIR/BASE)")
    today = datetime.datetime.now(datetime.timezone.utc).date()
    gat.add_argument("--today", type=_date, default=today,
                     help="the date expiries and deprecation windows are judged on "
                          "(default: today, UTC)")
    gat.add_argument("--format", choices=sorted(gate_report.FORMATS), default="text")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse's usage errors are exit 2 already; --help is 0
        return exit_.code
    try:
        if args.command == "generate":
            write_specs(args.out)
            return 0
        if args.command == "diff":
            return diff(args.base, args.head, args.git, args.format)
        if args.command == "release":
            return release(args.spec_dir)
        if args.command == "gate":
            return run_gate(args.spec_dir, args.base, args.today, args.format)
        return check(args.spec_dir)
    except (spec_sources.SpecError, policy.PolicyError) as err:
        print(f"api_diff: {err}\napi_diff: the tool failed (exit 2)", file=sys.stderr)
        return 2
    except Exception:  # noqa: BLE001  (any failure of the tool is exit 2, never "stale")
        traceback.print_exc()
        print("api_diff: the tool failed (exit 2); the specs were not compared", file=sys.stderr)
        return 2
