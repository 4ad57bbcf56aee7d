"""The approval gate (python -m tools.api_diff gate) on scratch governance
folders: a small set of spec files released to BASE/, edited the way real API
changes edit them, judged against a scratch COMMITTEE, POLICY, DEPRECATIONS
and approvals/. Each change class x verdict x approval outcome, the refusals
(deprecation windows, experimental types in stable signatures), the report
formats and the exit statuses 0/1/2. Never touches api_spec/ itself."""
import importlib
import json
import pathlib
import shutil
import sys
import textwrap

import pytest

from tools.api_diff import cli, policy, python_spec
from tools.api_diff.spec_files import GRAMMAR

REPO = pathlib.Path(__file__).resolve().parents[2]
TODAY = "2026-12-01"

SPECS = {
    "python.spec": """
        scratch module doc=-
        scratch.Layer class bases=- doc=aaaaaaaaaaaa
        scratch.Layer.__init__ method doc=- (self, size)
        scratch.Layer.forward method doc=bbbbbbbbbbbb (self, x, training=False)
        scratch.clip function doc=cccccccccccc (x, low, high=1.0)
        scratch.old_name function doc=dddddddddddd (a, b=1)
        scratch.scale function doc=eeeeeeeeeeee (x, factor=2.0)
        """,
    "contrib.spec": """
        scratch.contrib module doc=-
        scratch.contrib.fused function doc=ffffffffffff (x, y)
        """,
    "ops.spec": """
        scale op grad=scale_grad version=0 kernels=cpu:float32 doc=- doc_zh=-
        scale.Out output index=0 flags=- doc=- doc_zh=-
        scale.X input index=0 flags=- doc=- doc_zh=-
        scale.scale attr index=0 type=FLOAT default=1.0 flags=- constraints=- doc=- doc_zh=-
        """,
    "cpp.spec": """
        paddle_infer namespace doc=-
        paddle_infer::Config class doc=-
        paddle_infer::Config::SwitchIrOptim method quals=- doc=- void SwitchIrOptim(bool on = true)
        """,
}

COMMITTEE = """
    [groups]
    core = "python, contrib, ops"
    inference = "cpp"
    docs = "docstrings"

    [members.ana]
    name = "Ana"
    groups = ["core"]

    [members.bo]
    name = "Bo"
    groups = ["core"]

    [members.ines]
    name = "Ines"
    groups = ["inference"]

    [members.dora]
    name = "Dora"
    groups = ["docs"]
    """

# The repository's own POLICY: the tests hold the real rules to their outcomes.
POLICY = (REPO / "api_spec" / "POLICY").read_text(encoding="utf-8")


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


@pytest.fixture
def gov(tmp_path):
    """A scratch api_spec/: the specs, released to BASE/, and the governance files."""
    folder = tmp_path / "api_spec"
    for name, text in SPECS.items():
        _write(folder / name, text)
    _write(folder / "COMMITTEE", COMMITTEE)
    (folder / "POLICY").write_text(POLICY, encoding="utf-8")
    assert cli.main(["release", "--spec-dir", str(folder)]) == 0
    return folder


def _edit(folder, spec, old, new):
    path = folder / spec
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _approve(folder, name, entities, changes, by, expires="2027-01-01", specs=None):
    lines = [f"entities = {json.dumps(entities)}", f"changes = {json.dumps(changes)}",
             f"approved_by = {json.dumps(by)}", 'reason = "reviewed in the API meeting"',
             f"expires = {expires}"]
    if specs:
        lines.append(f"specs = {json.dumps(specs)}")
    _write(folder / "approvals" / f"{name}.toml", "\n".join(lines) + "\n")


def _gate(folder, capsys, fmt="text", today=TODAY):
    capsys.readouterr()
    code = cli.main(["gate", "--spec-dir", str(folder), "--today", today, "--format", fmt])
    return code, capsys.readouterr().out


def _json(folder, capsys, today=TODAY):
    code, out = _gate(folder, capsys, "json", today)
    return code, json.loads(out)


# Each edit: (spec, old text, new text), the change it is, and approvers that
# satisfy its rule / that fall short of it (and why).
CASES = {
    "removed": (
        ("python.spec", "scratch.old_name function doc=dddddddddddd (a, b=1)\n", ""),
        ("python.spec", "scratch.old_name", "removed", "breaking", "breaking"),
        ["ana", "dora"], ["ana"]),  # too few
    "param_added_with_default": (
        ("python.spec", "(x, low, high=1.0)", "(x, low, high=1.0, eps=0.0)"),
        ("python.spec", "scratch.clip", "param_added_with_default", "compatible", "compatible"),
        ["bo"], ["ines"]),  # a member, but not of the owning group
    "param_added_without_default": (
        ("python.spec", "(a, b=1)", "(a, b=1, *, mode)"),
        ("python.spec", "scratch.old_name", "param_added_without_default", "breaking",
         "breaking"),
        ["bo", "ines"], ["ines", "dora"]),  # two members, none of core
    "default_changed": (
        ("python.spec", "(x, factor=2.0)", "(x, factor=3.0)"),
        ("python.spec", "scratch.scale", "default_changed", "breaking", "breaking"),
        ["ana", "bo"], ["bo"]),
    "doc_changed": (
        ("python.spec", "doc=eeeeeeeeeeee", "doc=123456789abc"),
        ("python.spec", "scratch.scale", "doc_changed", "doc-only", "doc-only"),
        ["dora"], ["ana"]),  # doc-only needs docs
    "attr_default_changed": (
        ("ops.spec", "type=FLOAT default=1.0", "type=FLOAT default=2.0"),
        ("ops.spec", "scale.scale", "attr_default_changed", "breaking", "breaking"),
        ["ana", "ines"], ["ines", "dora"]),
    "cpp_default_changed": (
        ("cpp.spec", "bool on = true", "bool on = false"),
        ("cpp.spec", "paddle_infer::Config::SwitchIrOptim", "default_changed", "breaking",
         "breaking"),
        ["ines", "ana"], ["ana", "bo"]),  # cpp.spec is owned by inference
    "contrib_param_removed": (
        ("contrib.spec", "(x, y)", "(x)"),
        ("contrib.spec", "scratch.contrib.fused", "param_removed", "breaking", "breaking"),
        ["ana"], ["dora"]),  # experimental: one owner suffices
}


def _apply(folder, case):
    spec, old, new = CASES[case][0]
    _edit(folder, spec, old, new)


@pytest.mark.parametrize("case", sorted(CASES))
def test_missing_approvals_fail_with_exit_1_naming_the_change(gov, capsys, case):
    _apply(gov, case)
    spec, name, change, verdict, rule = CASES[case][1]
    code, data = _json(gov, capsys)
    assert code == 1 and data["passed"] is False
    assert [(c["spec"], c["name"], c["change"], c["verdict"], c["rule"], c["status"])
            for c in data["changes"]] == [(spec, name, change, verdict, rule, "missing")]
    code, out = _gate(gov, capsys)
    assert f"{spec}  {name}" in out and change in out and "approvals missing (1)" in out


@pytest.mark.parametrize("case", sorted(CASES))
def test_valid_approval_passes(gov, capsys, case):
    _apply(gov, case)
    _, name, change, _, _ = CASES[case][1]
    _approve(gov, "ok", [name], [change], CASES[case][2])
    code, data = _json(gov, capsys)
    assert code == 0 and data["passed"] is True
    assert data["changes"][0]["approvers"] == sorted(CASES[case][2])


@pytest.mark.parametrize("case", sorted(CASES))
def test_approval_short_of_the_rule_fails(gov, capsys, case):
    _apply(gov, case)
    _, name, change, _, _ = CASES[case][1]
    _approve(gov, "short", [name], [change], CASES[case][3])
    code, data = _json(gov, capsys)
    assert code == 1 and data["changes"][0]["status"] == "missing"


def test_what_a_breaking_change_needs_is_in_words(gov, capsys):
    _apply(gov, "cpp_default_changed")
    _, out = _gate(gov, capsys)
    assert "needs 2 members, 1 of inference (owns the surface); has no valid approvals" in out


def test_approval_by_a_non_member_does_not_count(gov, capsys):
    _apply(gov, "default_changed")
    _approve(gov, "a", ["scratch.scale"], ["default_changed"], ["ana", "mallory"])
    code, out = _gate(gov, capsys)
    assert code == 1 and "approvals/a.toml: 'mallory' is not a committee member" in out


def test_expired_approval_does_not_count(gov, capsys):
    _apply(gov, "default_changed")
    _approve(gov, "old", ["scratch.scale"], ["default_changed"], ["ana", "bo"],
             expires="2026-11-30")
    code, out = _gate(gov, capsys)
    assert code == 1 and "approvals/old.toml expired on 2026-11-30" in out
    assert _gate(gov, capsys, today="2026-11-30")[0] == 0  # the expiry day itself still counts


@pytest.mark.parametrize("entities, changes, specs", [
    (["scratch.clip"], ["default_changed"], None),  # another entity
    (["scratch.scale"], ["doc_changed"], None),  # another change class
    (["scratch.scale"], ["default_changed"], ["contrib.spec"]),  # another spec file
])
def test_approval_that_does_not_cover_the_change_fails(gov, capsys, entities, changes, specs):
    _apply(gov, "default_changed")
    _approve(gov, "elsewhere", entities, changes, ["ana", "bo"], specs=specs)
    code, out = _gate(gov, capsys)
    assert code == 1 and "approvals/elsewhere.toml covers no change: delete it" in out


def test_globs_cover_several_changes_and_approvals_add_up(gov, capsys):
    for case in ("default_changed", "param_added_with_default", "doc_changed"):
        _apply(gov, case)
    _approve(gov, "one", ["scratch.*"], ["*"], ["ana"])
    _approve(gov, "two", ["scratch.sc*"], ["default_*", "doc_*"], ["bo", "dora"])
    code, data = _json(gov, capsys)
    assert code == 0, data
    assert {c["name"] + " " + c["change"]: c["approvers"] for c in data["changes"]} == {
        "scratch.scale default_changed": ["ana", "bo", "dora"],
        "scratch.scale doc_changed": ["ana", "bo", "dora"],
        "scratch.clip param_added_with_default": ["ana"]}


def _promote(folder):
    _edit(folder, "contrib.spec", "scratch.contrib.fused function doc=ffffffffffff (x, y)\n", "")
    _edit(folder, "python.spec", "scratch.clip function",
          "scratch.fused function doc=ffffffffffff (x, y)\nscratch.clip function")


def test_promotion_is_its_own_rule(gov, capsys):
    _promote(gov)
    code, data = _json(gov, capsys)
    assert code == 1
    assert [(c["name"], c["change"], c["verdict"], c["rule"], c["detail"])
            for c in data["changes"]] == [
        ("scratch.fused", "promoted", "compatible", "promotion",
         "from scratch.contrib.fused (contrib.spec)")]
    _approve(gov, "promote", ["scratch.fused"], ["promoted"], ["ana"])
    assert _gate(gov, capsys)[0] == 1  # a compatible change would pass with one; promotion not
    _approve(gov, "promote", ["scratch.fused"], ["promoted"], ["ana", "bo"])
    assert _gate(gov, capsys)[0] == 0


def _deprecate(folder, since="2026-11-01", removal_after="2027-05-01"):
    _write(folder / "DEPRECATIONS", f"""
        [[deprecation]]
        entity = "scratch.old_name"
        spec = "python.spec"
        since = {since}
        removal_after = {removal_after}
        replacement = "scratch.scale"
        """)


def test_removal_inside_its_deprecation_window_is_refused_even_when_approved(gov, capsys):
    _deprecate(gov)
    _apply(gov, "removed")
    _approve(gov, "rm", ["scratch.old_name"], ["removed"], ["ana", "bo"], expires="2027-12-31")
    code, out = _gate(gov, capsys)
    assert code == 1 and "refused (1):" in out
    assert ("python.spec  scratch.old_name: removed inside its deprecation window "
            "(deprecated since 2026-11-01, removal after 2027-05-01)") in out
    md = _gate(gov, capsys, "markdown")[1]
    assert "### Refused\n\n- python.spec `scratch.old_name`: removed inside its deprecation" in md
    assert _gate(gov, capsys, today="2027-05-02")[0] == 0  # after the window: approvals suffice


def test_removal_after_the_window_still_needs_approvals(gov, capsys):
    _deprecate(gov)
    _apply(gov, "removed")
    code, data = _json(gov, capsys, today="2027-05-02")
    assert code == 1 and data["refused"] == [] and data["changes"][0]["status"] == "missing"


def test_an_ended_window_is_reported_without_failing(gov, capsys):
    _deprecate(gov)
    code, out = _gate(gov, capsys, today="2027-06-01")
    assert code == 0 and ("python.spec scratch.old_name: the deprecation window ended on "
                          "2027-05-01; it may be removed now (with approvals)") in out


SCRATCH_PACKAGE = {
    "__init__.py": '''
        """Stable."""
        from .contrib import Fused
        __all__ = ["Wrapper", "build", "make", "shape"]

        def make(x, kind: Fused = None):
            """Makes a thing."""

        def build(x, how=Fused()):
            """Builds a thing."""

        def shape(x, contribution=None):
            """A parameter named like the namespace is no exposure."""

        class Wrapper(Fused):
            """Wraps a fused thing."""
        ''',
    "contrib/__init__.py": '''
        """Experimental."""
        __all__ = ["Fused"]

        class Fused:
            """A fused thing."""
        ''',
}


def test_a_stable_api_exposing_an_experimental_type_is_refused(gov, tmp_path, capsys):
    for file, text in SCRATCH_PACKAGE.items():
        _write(tmp_path / "pkg" / "scratchgate" / file, text)
    sys.path.insert(0, str(tmp_path / "pkg"))
    importlib.invalidate_caches()
    try:
        stable = python_spec.spec_lines("scratchgate", exclude=("scratchgate.contrib",))
        contrib = python_spec.spec_lines("scratchgate.contrib")
    finally:
        sys.path.remove(str(tmp_path / "pkg"))
        for name in [n for n in sys.modules if n.split(".")[0] == "scratchgate"]:
            del sys.modules[name]
    for name, lines in (("python.spec", stable), ("contrib.spec", contrib)):
        (gov / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    _approve(gov, "all", ["*"], ["*"], ["ana", "bo", "dora"])
    code, data = _json(gov, capsys)
    assert code == 1
    reasons = {r["name"]: r["reason"] for r in data["refused"]}
    assert sorted(reasons) == ["scratchgate.Wrapper", "scratchgate.build", "scratchgate.make"]
    assert reasons["scratchgate.Wrapper"].endswith(": scratchgate.contrib.Fused")
    assert "how=<scratchgate.contrib.Fused object>" in reasons["scratchgate.build"]
    assert "kind: scratchgate.contrib.Fused = None" in reasons["scratchgate.make"]


def test_the_three_formats(gov, capsys):
    _apply(gov, "default_changed")
    _apply(gov, "doc_changed")
    _approve(gov, "doc", ["scratch.scale"], ["doc_changed"], ["dora"])
    code, out = _gate(gov, capsys)
    assert code == 1 and out.splitlines()[:2] == [
        "API gate: FAILED (1 changes lack approvals, 0 refused)",
        "API changes: 1 breaking, 0 compatible, 1 doc-only"]
    assert "approved (1):\n  python.spec  scratch.scale (function)  doc_changed [doc-only]" in out
    assert out.rstrip().endswith("docs/en/api_governance.md")  # how to get approvals
    code, md = _gate(gov, capsys, "markdown")
    assert md.startswith("## API gate: FAILED")
    assert ("| missing | python.spec | `scratch.scale` | default_changed | breaking | "
            "2 members, 1 of core (owns the surface) | no valid approvals |") in md
    assert "| approved | python.spec | `scratch.scale` | doc_changed | doc-only |" in md
    code, data = _json(gov, capsys)
    assert data["summary"] == {"changes": 2, "missing": 1, "refused": 0}


def test_no_change_passes(gov, capsys):
    assert _gate(gov, capsys) == (0, "API gate: passed\nAPI changes: none\n")


@pytest.mark.parametrize("policy_text, message", [
    ("[owners\n", "POLICY: not valid TOML"),
    (POLICY.replace('"cpp.spec" = "inference"', '"cpp.spec" = "hardware"'),
     "POLICY [owners] cpp.spec: unknown group 'hardware'"),
    (POLICY.replace("[rules.doc-only]", "[rules.doc_only]"), "POLICY [rules]: no rule for doc-only"),
    (POLICY.replace("members = 2\nfrom_owner = 1", "members = 1\nfrom_owner = 2", 1),
     "POLICY [rules.breaking]: needs at least 1 member"),
    (POLICY.replace("promoted = ", "promotedd = "), "unknown change class 'promotedd'"),
])
def test_exit_2_for_a_malformed_policy(gov, capsys, policy_text, message):
    (gov / "POLICY").write_text(policy_text, encoding="utf-8")
    code = cli.main(["gate", "--spec-dir", str(gov)])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "the tool failed" in err


@pytest.mark.parametrize("file, text, message", [
    ("COMMITTEE", COMMITTEE.replace('groups = ["docs"]', 'groups = ["writers"]'),
     "COMMITTEE [members.dora]: unknown group 'writers'"),
    ("approvals/x.toml", 'entities = ["a"]\nchanges = ["*"]\napproved_by = ["ana"]\n'
                         'reason = "r"\nexpires = "soon"\n',
     "approvals/x.toml expires: expected a date (YYYY-MM-DD), got 'soon'"),
    ("DEPRECATIONS", '[[deprecation]]\nentity = "scratch.clip"\nspec = "python.spec"\n'
                     "since = 2026-01-01\n", "missing removal_after"),
])
def test_exit_2_for_malformed_governance_files(gov, capsys, file, text, message):
    _write(gov / file, text)
    assert cli.main(["gate", "--spec-dir", str(gov)]) == 2
    assert message in capsys.readouterr().err


def test_exit_2_without_a_release(gov, capsys):
    shutil.rmtree(gov / "BASE")
    assert cli.main(["gate", "--spec-dir", str(gov)]) == 2
    assert "BASE: not a folder of spec files" in capsys.readouterr().err


def test_release_makes_the_tree_the_base(gov, capsys):
    _apply(gov, "default_changed")
    assert _gate(gov, capsys)[0] == 1
    assert cli.main(["release", "--spec-dir", str(gov)]) == 0
    assert _gate(gov, capsys)[0] == 0
    assert sorted(p.name for p in (gov / "BASE").iterdir()) == sorted(SPECS)


def test_the_repository_governance_files_are_valid():
    rules = policy.load(REPO / "api_spec")
    assert set(rules.owners) == set(GRAMMAR) and rules.rules["breaking"].members == 2
    assert all(who in rules.members for a in rules.approvals for who in a.approved_by)


def test_a_deprecation_of_an_unknown_entity_is_reported(gov, capsys):
    _write(gov / "DEPRECATIONS", """
        [[deprecation]]
        entity = "scratch.never_was"
        spec = "python.spec"
        since = 2026-01-01
        removal_after = 2026-06-01
        """)
    code, out = _gate(gov, capsys)
    assert code == 0
    assert "python.spec scratch.never_was: deprecated, but no such entity: delete the record" in out
