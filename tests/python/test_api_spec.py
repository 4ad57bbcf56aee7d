"""The API specs (api_spec/, written by tools/api_diff): reproducible, current,
parseable by their documented grammar, and `check` fails on a stale one
naming the entity (exit 1) and on its own failure (exit 2)."""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

import pytest

import paddle
from tools.api_diff import cli
from tools.api_diff.spec_files import GRAMMAR
from tools.api_diff.spec_format import decode_value, parse_line, unparse

REPO = pathlib.Path(__file__).resolve().parents[2]
SPEC_DIR = REPO / "api_spec"


def _run_tool(*args, env=None):
    return subprocess.run([sys.executable, "-m", "tools.api_diff", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


def test_generate_twice_gives_identical_bytes(tmp_path):
    assert cli.main(["generate", "--out", str(tmp_path / "a")]) == 0
    assert cli.main(["generate", "--out", str(tmp_path / "b")]) == 0
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == ["c.spec", "contrib.spec", "cpp.spec", "java.spec", "ops.spec", "python.spec"]
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_committed_specs_are_current():
    # A fresh interpreter: nothing another test patched can leak in.
    result = _run_tool("check")
    assert result.returncode == 0, result.stdout + result.stderr


def test_generate_takes_under_ten_seconds(tmp_path):
    start = time.monotonic()
    result = _run_tool("generate", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert time.monotonic() - start < 10


@pytest.fixture
def spec_copy(tmp_path):
    shutil.copytree(SPEC_DIR, tmp_path / "api_spec")
    return tmp_path / "api_spec"


@pytest.mark.parametrize("spec, entity, kind", [
    ("python.spec", "paddle.get_flags", "function"),
    ("ops.spec", "softmax.axis", "attr"),
    ("cpp.spec", "paddle_infer::Predictor::Run", "method"),
])
def test_check_names_an_edited_entity(spec_copy, capsys, spec, entity, kind):
    path = spec_copy / spec
    lines = path.read_text(encoding="utf-8").splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith(f"{entity} {kind} "))
    lines[i] = lines[i] + "x"  # any edit: the check compares bytes
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli.main(["check", "--spec-dir", str(spec_copy)]) == 1
    out = capsys.readouterr().out
    assert f"api_spec/{spec} is stale" in out
    assert f"changed: {entity} ({kind})" in out


def test_check_fails_when_a_signature_changes(spec_copy, monkeypatch, capsys):
    # A stand-in for paddle.get_flags with one more parameter (the real module is untouched).
    def get_flags(flags, default=None):
        """Returns the current values of flags."""

    monkeypatch.setattr(paddle, "get_flags", get_flags)
    assert cli.main(["check", "--spec-dir", str(spec_copy)]) == 1
    out = capsys.readouterr().out
    assert "changed: paddle.get_flags (function)" in out
    assert "+paddle.get_flags function doc=" in out and "(flags, default=None)" in out


def test_check_fails_when_a_name_is_added(spec_copy, monkeypatch, capsys):
    monkeypatch.setattr(paddle, "__all__", paddle.__all__ + ["new_api"], raising=True)
    monkeypatch.setattr(paddle, "new_api", lambda x=1: x, raising=False)
    assert cli.main(["check", "--spec-dir", str(spec_copy)]) == 1
    assert "added: paddle.new_api (function)" in capsys.readouterr().out


def test_check_fails_when_a_spec_file_is_missing(spec_copy, capsys):
    (spec_copy / "cpp.spec").unlink()
    assert cli.main(["check", "--spec-dir", str(spec_copy)]) == 1
    assert "api_spec/cpp.spec is missing" in capsys.readouterr().out


def test_check_exits_2_when_the_tool_fails(tmp_path):
    # A `paddle` that cannot be imported, first on the path: the tool fails, it is not "stale".
    (tmp_path / "paddle").mkdir()
    (tmp_path / "paddle" / "__init__.py").write_text("raise ImportError('broken on purpose')\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    result = _run_tool("check", env=env)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "broken on purpose" in result.stderr and "the tool failed" in result.stderr


SPEC_FILES = sorted(GRAMMAR)


@pytest.mark.parametrize("spec", SPEC_FILES)
def test_every_line_parses_by_the_documented_grammar(spec):
    text = (SPEC_DIR / spec).read_text(encoding="utf-8")
    assert text.endswith("\n") and "\r" not in text
    lines = text.splitlines()
    assert lines == sorted(set(lines)), f"{spec}: not sorted, or a line twice"
    assert not re.search(r"0x[0-9a-fA-F]{6,}", text), f"{spec}: an address"
    assert str(REPO) not in text, f"{spec}: a path of this checkout"
    for line in lines:
        rec = parse_line(line)
        assert unparse(rec) == line
        assert rec.kind in GRAMMAR[spec], f"{spec}: unknown kind in {line!r}"
        fields, has_tail = GRAMMAR[spec][rec.kind]
        assert tuple(rec.fields) == fields, line
        assert bool(rec.tail) == has_tail, line
        for key, value in rec.fields.items():
            decode_value(value)
            if key in ("doc", "doc_zh"):
                assert re.fullmatch(r"-|[0-9a-f]{12}", value), line


def test_spec_files_cover_the_surfaces():
    lines = {s: (SPEC_DIR / s).read_text(encoding="utf-8").splitlines() for s in SPEC_FILES}
    python = {parse_line(l)[:2] for l in lines["python.spec"]}
    assert ("paddle.inference.Config", "class") in python
    assert ("paddle.inference.create_predictor", "function") in python
    assert ("paddle.inference.Tensor.copy_from_cpu", "method") in python
    assert not any(l.startswith("paddle.contrib") for l in lines["python.spec"])
    assert [parse_line(l)[:2] for l in lines["contrib.spec"]][0] == ("paddle.contrib", "module")
    from paddle import _core
    ops = [parse_line(l).name for l in lines["ops.spec"] if parse_line(l).kind == "op"]
    assert ops == _core.op_types()
    cpp = {parse_line(l)[:2] for l in lines["cpp.spec"]}
    assert ("paddle_infer::Predictor::Clone", "method") in cpp
    assert ("paddle_infer::DataType::FLOAT32", "enumerator") in cpp
    c = {parse_line(l)[:2] for l in lines["c.spec"]}
    assert ("PD_PredictorCreate", "function") in c and ("PD_Cstr.size", "field") in c
    assert ("PD_Cstr", "struct") in c and ("PD_Cstr", "typedef") in c
    assert ("PD_ERR_INVALID_MODEL", "enumerator") in c and ("TRUE", "macro") in c
    assert not any(n.startswith("PADDLE_CAPI_") for n, _ in c)  # the header's plumbing
    java = {parse_line(l)[:2] for l in lines["java.spec"]}
    package = "com.baidu.paddle.inference"
    assert (f"{package}.Predictor.create", "method") in java
    assert (f"{package}.Config.Config", "constructor") in java
    assert (f"{package}.ErrorCode.NOT_FOUND", "enum_constant") in java
    # Inherited from the package-private NativeResource, which is not written itself.
    assert (f"{package}.Tensor.close", "method") in java
    assert not any(n.startswith(f"{package}.NativeResource") for n, _ in java)


def test_attribute_defaults_keep_their_type():
    ops = (SPEC_DIR / "ops.spec").read_text(encoding="utf-8").splitlines()
    fields = {parse_line(l).name: parse_line(l).fields for l in ops if parse_line(l).kind == "attr"}
    import json
    assert json.loads(fields["softmax.axis"]["default"]) == -1
    assert json.loads(fields["dropout.dropout_implementation"]["default"]) == "downgrade_in_infer"
    assert json.loads(fields["dropout.dropout_prob"]["default"]) == 0.5
