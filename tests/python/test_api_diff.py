"""The semantic differ (python -m tools.api_diff diff): real API changes made on
scratch copies, regenerated with the spec writers into tmp dirs (never the real
package or api_spec/), each held to its exact change class and verdict; the
three report formats and the exit statuses 0/1/2."""
import importlib
import json
import pathlib
import sys
import textwrap

import pytest

from tools.api_diff import cli, cpp_spec, ops_spec, python_spec
from tools.api_diff.change_classes import CHANGE_CLASSES, VERDICTS
from tools.api_diff.differ import diff_specs
from tools.api_diff.spec_format import parse_line, unparse

REPO = pathlib.Path(__file__).resolve().parents[2]

# A scratch package standing in for `paddle`: its stable namespace and a contrib one.
SCRATCH = {
    "__init__.py": '''
        """Scratch API for the differ's tests."""
        __all__ = ["Layer", "clip", "old_name", "scale"]

        def scale(x, factor=2.0):
            """Scales x."""
            return x * factor

        def clip(x, low, high=1.0):
            """Clips x."""

        def old_name(a, b=1):
            """Does the thing."""

        class Layer:
            """A layer."""

            def __init__(self, size):
                self.size = size

            def forward(self, x, training=False):
                """Runs the layer."""
        ''',
    "contrib/__init__.py": '''
        """Experimental."""
        __all__ = ["fused"]

        def fused(x, y):
            """Fused op."""
        ''',
}


def _purge():
    for name in [n for n in sys.modules if n == "scratchapi" or n.startswith("scratchapi.")]:
        del sys.modules[name]


def _python_specs(root, edits=(), files=None):
    """python.spec and contrib.spec of the scratch package written under root, after
    the (file, old, new) text edits."""
    files = {f: textwrap.dedent(t) for f, t in (SCRATCH if files is None else files).items()}
    for file, old, new in edits:
        assert old in files[file], old
        files[file] = files[file].replace(old, new)
    for file, text in files.items():
        path = root / "scratchapi" / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    _purge()
    sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    try:
        stable = python_spec.spec_lines("scratchapi", exclude=("scratchapi.contrib",))
        return {"python.spec": stable,
                "contrib.spec": python_spec.spec_lines("scratchapi.contrib")}
    finally:
        sys.path.remove(str(root))
        _purge()


def _python_changes(tmp_path, edits):
    base = _python_specs(tmp_path / "base")
    head = _python_specs(tmp_path / "head", edits)
    return _triples(diff_specs(base, head))


def _triples(changes):
    return [(c.name, c.change, c.verdict) for c in changes]


def _details(changes):
    return [(c.name, c.change, c.detail) for c in changes]


INIT = "__init__.py"


def test_no_change_is_no_change(tmp_path):
    assert _python_changes(tmp_path, []) == []


def test_removed_function(tmp_path):
    edits = [(INIT, '"Layer", "clip", ', '"Layer", ')]
    assert _python_changes(tmp_path, edits) == [("scratchapi.clip", "removed", "breaking")]


def test_removed_class_counts_its_members(tmp_path):
    base = _python_specs(tmp_path / "base")
    head = _python_specs(tmp_path / "head", [(INIT, '"Layer", ', "")])
    assert _details(diff_specs(base, head)) == [("scratchapi.Layer", "removed", "with 2 members")]


def test_added_function(tmp_path):
    edits = [(INIT, '"scale"]', '"scale", "shift"]'),
             (INIT, "class Layer:", "def shift(x, by=0):\n    return x\n\nclass Layer:")]
    assert _python_changes(tmp_path, edits) == [("scratchapi.shift", "added", "compatible")]


def test_parameter_added_with_default(tmp_path):
    edits = [(INIT, "def scale(x, factor=2.0):", "def scale(x, factor=2.0, bias=0.0):")]
    assert _python_changes(tmp_path, edits) == [
        ("scratchapi.scale", "param_added_with_default", "compatible")]


def test_parameter_added_without_default(tmp_path):
    edits = [(INIT, "def clip(x, low, high=1.0):", "def clip(x, low, high=1.0, *, mode):")]
    assert _python_changes(tmp_path, edits) == [
        ("scratchapi.clip", "param_added_without_default", "breaking")]


def test_parameter_inserted_before_a_positional_one(tmp_path):
    edits = [(INIT, "def clip(x, low, high=1.0):", "def clip(x, low, mid=0.5, high=1.0):")]
    assert _python_changes(tmp_path, edits) == [("scratchapi.clip", "param_inserted", "breaking")]


def test_parameter_removed(tmp_path):
    edits = [(INIT, "def forward(self, x, training=False):", "def forward(self, x):")]
    assert _python_changes(tmp_path, edits) == [
        ("scratchapi.Layer.forward", "param_removed", "breaking")]


def test_default_changed(tmp_path):
    base = _python_specs(tmp_path / "base")
    head = _python_specs(tmp_path / "head", [(INIT, "factor=2.0", "factor=3.0")])
    assert _details(diff_specs(base, head)) == [
        ("scratchapi.scale", "default_changed", "factor: 2.0 -> 3.0")]
    assert diff_specs(base, head)[0].verdict == "breaking"


def test_docstring_only(tmp_path):
    edits = [(INIT, '"""Scales x."""', '"""Scales x by factor."""')]
    assert _python_changes(tmp_path, edits) == [("scratchapi.scale", "doc_changed", "doc-only")]


def test_parameters_reordered(tmp_path):
    base = _python_specs(tmp_path / "base")
    edits = [(INIT, "def old_name(a, b=1):", "def old_name(b, a=1):")]
    head = _python_specs(tmp_path / "head", edits)
    changes = _details(diff_specs(base, head))
    assert ("scratchapi.old_name", "param_reordered", "(a, b) -> (b, a)") in changes
    # b lost its place and its default, a gained one: each is named as well.
    assert {c[1] for c in changes} == {"param_reordered", "default_added", "default_removed"}


def test_renamed_function(tmp_path):
    edits = [(INIT, '"old_name"', '"new_name"'), (INIT, "def old_name(", "def new_name(")]
    base = _python_specs(tmp_path / "base")
    changes = diff_specs(base, _python_specs(tmp_path / "head", edits))
    assert _details(changes) == [("scratchapi.new_name", "renamed", "from scratchapi.old_name")]
    assert changes[0].verdict == "breaking"


def test_promoted_from_contrib(tmp_path):
    edits = [("contrib/__init__.py", '__all__ = ["fused"]', "__all__ = []"),
             (INIT, '"scale"]', '"scale", "fused"]'),
             (INIT, "class Layer:", "from .contrib import fused\n\nclass Layer:")]
    base = _python_specs(tmp_path / "base")
    changes = diff_specs(base, _python_specs(tmp_path / "head", edits))
    assert [(c.spec, c.name, c.change, c.verdict, c.detail) for c in changes] == [
        ("python.spec", "scratchapi.fused", "promoted", "compatible",
         "from scratchapi.contrib.fused (contrib.spec)")]


# ops.spec comes from the C++ op registry: a change is made by editing a generated
# line through the parser.
@pytest.fixture(scope="module")
def ops_lines():
    return ops_spec.spec_lines()


def _edit(lines, name, kind, tail=None, **fields):
    out = []
    for line in lines:
        rec = parse_line(line)
        if rec.name == name and rec.kind == kind:
            assert set(fields) <= set(rec.fields)
            rec = rec._replace(fields={**rec.fields, **fields},
                               tail=rec.tail if tail is None else tail)
            line = unparse(rec)
        out.append(line)
    assert out != list(lines), f"{name} ({kind}) not found or unchanged"
    return out


def _with_line(lines, copy_of, name, **fields):
    rec = parse_line(next(l for l in lines if l.startswith(copy_of + " ")))
    return sorted(lines + [unparse(rec._replace(name=name, fields={**rec.fields, **fields}))])


def _ops_diff(old, new):
    return diff_specs({"ops.spec": old}, {"ops.spec": new})


def test_op_attribute_default_changed(ops_lines):
    changes = _ops_diff(ops_lines, _edit(ops_lines, "softmax.axis", "attr", default="1"))
    assert [(c.name, c.kind, c.change, c.verdict, c.detail) for c in changes] == [
        ("softmax.axis", "attr", "attr_default_changed", "breaking", "-1 -> 1")]


def test_op_attribute_added_with_and_without_default(ops_lines):
    with_default = _with_line(ops_lines, "softmax.axis", "softmax.beta", index="1", default="0")
    assert _triples(_ops_diff(ops_lines, with_default)) == [
        ("softmax.beta", "op_attr_added_with_default", "compatible")]
    required = _with_line(ops_lines, "softmax.axis", "softmax.beta", index="1", default="-")
    assert _triples(_ops_diff(ops_lines, required)) == [
        ("softmax.beta", "op_attr_added_without_default", "breaking")]


def test_op_attribute_type_changed_and_removed(ops_lines):
    retyped = _edit(ops_lines, "softmax.axis", "attr", type="LONG")
    assert _triples(_ops_diff(ops_lines, retyped)) == [
        ("softmax.axis", "attr_type_changed", "breaking")]
    gone = [l for l in ops_lines if not l.startswith("softmax.axis ")]
    assert _triples(_ops_diff(ops_lines, gone)) == [("softmax.axis", "op_attr_removed", "breaking")]


def test_op_inputs_added_and_removed(ops_lines):
    optional = _with_line(ops_lines, "softmax.X", "softmax.Mask", index="1", flags="dispensable")
    assert _triples(_ops_diff(ops_lines, optional)) == [
        ("softmax.Mask", "op_input_added_optional", "compatible")]
    required = _with_line(ops_lines, "softmax.X", "softmax.Mask", index="1")
    assert _triples(_ops_diff(ops_lines, required)) == [
        ("softmax.Mask", "op_input_added", "breaking")]
    gone = [l for l in ops_lines if not l.startswith("softmax.Out ")]
    assert _triples(_ops_diff(ops_lines, gone)) == [
        ("softmax.Out", "op_output_removed", "breaking")]


def test_kernel_dtype_removed_and_added(ops_lines):
    fewer = _edit(ops_lines, "softmax", "op", kernels="cpu:float32")
    assert _details(_ops_diff(ops_lines, fewer)) == [
        ("softmax", "kernel_dtype_removed", "cpu:float64")]
    assert _triples(_ops_diff(fewer, ops_lines)) == [
        ("softmax", "kernel_dtype_added", "compatible")]


def test_gradient_removed_and_added(ops_lines):
    no_grad = _edit(ops_lines, "softmax", "op", grad="-")
    assert _triples(_ops_diff(ops_lines, no_grad)) == [("softmax", "gradient_removed", "breaking")]
    assert _triples(_ops_diff(no_grad, ops_lines)) == [("softmax", "gradient_added", "compatible")]


def test_removed_op_counts_its_slots(ops_lines):
    gone = [l for l in ops_lines if parse_line(l).name.partition(".")[0] != "softmax"]
    assert _details(_ops_diff(ops_lines, gone)) == [("softmax", "removed", "with 3 members")]


# cpp.spec: a changed C++ signature, made by editing a generated record.
@pytest.fixture(scope="module")
def cpp_lines():
    return cpp_spec.spec_lines(REPO)


def _cpp_diff(old, new):
    return _details(diff_specs({"cpp.spec": old}, {"cpp.spec": new}))


def test_cpp_method_signature_changed(cpp_lines):
    name = "paddle_infer::Config::SwitchIrOptim"
    edited = _edit(cpp_lines, name, "method", tail="void SwitchIrOptim(bool on, int level)")
    assert _cpp_diff(cpp_lines, edited) == [
        (name, "default_removed", "on: true -> None"),
        (name, "param_added_without_default", "level: int")]
    with_default = _edit(cpp_lines, name, "method",
                         tail="void SwitchIrOptim(bool on = true, int level = 0)")
    assert _cpp_diff(cpp_lines, with_default) == [
        (name, "param_added_with_default", "level: int = 0")]


def test_cpp_parameter_type_and_return_changed(cpp_lines):
    name = "paddle_infer::Tensor::Reshape"
    edited = _edit(cpp_lines, name, "method",
                   tail="bool Reshape(const std::vector<int64_t> & shape)")
    assert _cpp_diff(cpp_lines, edited) == [
        (name, "annotation_changed", "returns void -> bool"),
        (name, "annotation_changed",
         "shape: const std::vector<int> & -> const std::vector<int64_t> &")]


def test_cpp_parameter_rename_is_no_change(cpp_lines):
    name = "paddle_infer::Tensor::Reshape"
    edited = _edit(cpp_lines, name, "method", tail="void Reshape(const std::vector<int> & dims)")
    assert _cpp_diff(cpp_lines, edited) == []


def test_cpp_qualifier_changed(cpp_lines):
    edited = _edit(cpp_lines, "paddle_infer::Predictor::Run", "method", quals="virtual")
    assert _cpp_diff(cpp_lines, edited) == [
        ("paddle_infer::Predictor::Run", "qualifiers_changed", "quals: - -> virtual")]


# The CLI: report formats and exit statuses.
@pytest.fixture
def spec_dirs(tmp_path):
    """Folders base/ and head/ with python.spec and contrib.spec of the scratch
    package; head gets the edits the test writes with `write_head`."""
    base = tmp_path / "base"
    _write(base, _python_specs(tmp_path / "src_base"))

    def write_head(edits):
        head = tmp_path / "head"
        _write(head, _python_specs(tmp_path / "src_head", edits))
        return str(base), str(head)

    return write_head


def _write(folder, specs):
    folder.mkdir(parents=True, exist_ok=True)
    for name, lines in specs.items():
        (folder / name).write_text("".join(l + "\n" for l in lines), encoding="utf-8")


BREAKING_EDITS = [(INIT, '"Layer", "clip", ', '"Layer", '),
                  (INIT, "def scale(x, factor=2.0):", "def scale(x, factor=2.0, bias=0.0):"),
                  (INIT, '"""Runs the layer."""', '"""Runs it."""')]


def test_exit_0_when_nothing_or_only_compatible_or_doc_changes(spec_dirs, capsys):
    assert cli.main(["diff", *spec_dirs([])]) == 0
    assert capsys.readouterr().out == "API changes: none\n"
    assert cli.main(["diff", *spec_dirs(BREAKING_EDITS[1:])]) == 0
    assert capsys.readouterr().out.startswith("API changes: 0 breaking, 1 compatible, 1 doc-only")


def test_text_report_and_exit_1_on_breaking(spec_dirs, capsys):
    assert cli.main(["diff", *spec_dirs(BREAKING_EDITS)]) == 1
    assert capsys.readouterr().out == textwrap.dedent("""\
        API changes: 1 breaking, 1 compatible, 1 doc-only

        breaking (1):
          python.spec  scratchapi.clip (function)  removed

        compatible (1):
          python.spec  scratchapi.scale (function)  param_added_with_default: bias = 0.0

        doc-only (1):
          python.spec  scratchapi.Layer.forward (method)  doc_changed: doc
        """)


def test_json_report(spec_dirs, capsys):
    assert cli.main(["diff", *spec_dirs(BREAKING_EDITS), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["summary"] == {"breaking": 1, "compatible": 1, "doc-only": 1}
    assert data["changes"][0] == {"spec": "python.spec", "name": "scratchapi.clip",
                                  "kind": "function", "change": "removed", "detail": "",
                                  "verdict": "breaking"}
    assert [c["change"] for c in data["changes"]] == ["removed", "param_added_with_default",
                                                      "doc_changed"]


def test_markdown_report_has_a_table_per_verdict(spec_dirs, capsys):
    assert cli.main(["diff", *spec_dirs(BREAKING_EDITS), "--format", "markdown"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("## API changes: 1 breaking, 1 compatible, 1 doc-only\n")
    for title in ("### Breaking (1)", "### Compatible (1)", "### Doc-only (1)"):
        assert f"\n{title}\n\n| spec | entity | kind | change | detail |\n| --- |" in out
    assert "| python.spec | `scratchapi.clip` | function | removed |  |" in out
    assert ("| python.spec | `scratchapi.scale` | function | param_added_with_default "
            "| `bias = 0.0` |") in out


def test_exit_2_when_the_tool_fails(spec_dirs, tmp_path, capsys):
    base, head = spec_dirs([])
    assert cli.main(["diff", base, str(tmp_path / "missing")]) == 2
    assert "not a folder of spec files" in capsys.readouterr().err
    assert cli.main(["diff", base, str(tmp_path)]) == 2  # a folder without spec files
    with open(pathlib.Path(head) / "python.spec", "a", encoding="utf-8") as f:
        f.write("scratchapi.broken\n")
    assert cli.main(["diff", base, head]) == 2
    assert "python.spec line" in capsys.readouterr().err
    assert cli.main(["diff", "--git", "no-such-revision-xyz", base]) == 2
    assert "unknown git revision 'no-such-revision-xyz'" in capsys.readouterr().err
    assert cli.main(["diff", base, head, "--format", "yaml"]) == 2


def test_git_revisions_read_api_spec():
    # HEAD against itself: the committed specs are read with git show, and equal.
    assert cli.main(["diff", "--git", "HEAD", "HEAD"]) == 0


def test_every_class_has_a_verdict_and_the_readme_lists_it():
    readme = (REPO / "tools" / "api_diff" / "README.md").read_text(encoding="utf-8")
    for name, cls in CHANGE_CLASSES.items():
        assert cls.verdict in VERDICTS
        assert f"| `{name}` | {cls.verdict} |" in readme, name
