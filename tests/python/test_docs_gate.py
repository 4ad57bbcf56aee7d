"""The documentation coverage gate (tools/docs/coverage_gate.py) fails on each
kind of hole it exists to catch, and passes on the repository as it is."""
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "docs"))

import coverage_gate as gate  # noqa: E402
import python_api  # noqa: E402
import translations  # noqa: E402


def scale(x, factor=2.0):
    """Multiplies x by factor.

    Args:
        x (Tensor): the input.
        factor (float): the multiplier.

    Example:
        >>> scale(3)
        6.0
    """
    return x * factor


def _api(fn, doc=None):
    if doc is not None:
        fn = type(fn)(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__)
        fn.__doc__ = doc
    return python_api.Api(f"demo.{fn.__name__}", "function", fn, ["(x, factor=2.0)"],
                          python_api._doc(fn), aliases=[])


def _translated(api, text=None, en_hash=None):
    english = python_api.english_texts([api])[api.name]
    text = text or "将 x 乘以 factor。\n\n参数:\n    x (Tensor): 输入。\n    factor (float): 乘数。"
    return {api.name: translations.Entry(api.name, en_hash or translations.text_hash(english),
                                         text, pathlib.Path("demo.yaml"))}


def _kinds(problems, lang=None):
    return {(p.kind, p.name) for p in problems if lang is None or p.lang == lang}


def test_a_complete_api_passes():
    api = _api(scale)
    counts, problems = gate.python_problems([api], {api.name}, _translated(api))
    assert problems == []
    assert [(c.lang, c.documented, c.total) for c in counts] == [("en", 1, 1), ("zh", 1, 1)]


def test_missing_chinese_page_fails():
    api = _api(scale)
    counts, problems = gate.python_problems([api], {api.name}, {})
    assert _kinds(problems) == {("missing", "demo.scale")}
    assert [(c.lang, c.documented) for c in counts] == [("en", 1), ("zh", 0)]


def test_stale_translation_fails():
    api = _api(scale)
    _, problems = gate.python_problems([api], {api.name}, _translated(api, en_hash="0" * 12))
    assert _kinds(problems, "zh") == {("stale", "demo.scale")}


def test_wrong_signature_fails_in_english_and_in_chinese():
    doc = scale.__doc__.replace("factor (float)", "scale (float)")
    api = _api(scale, doc)
    zh = _translated(api, text="将 x 乘以 factor。\n\n参数:\n    x (Tensor): 输入。\n"
                                 "    factor (float): 乘数。")
    _, problems = gate.python_problems([api], {api.name}, zh)
    assert ("signature", "demo.scale") in _kinds(problems, "en")  # 'scale' is no parameter
    assert ("params", "demo.scale") in _kinds(problems, "zh")     # zh documents 'factor'


def test_orphan_translation_fails():
    api = _api(scale)
    zh = _translated(api)
    zh["demo.removed"] = translations.Entry("demo.removed", "0" * 12, "已删除。", pathlib.Path("x"))
    _, problems = gate.python_problems([api], {api.name}, zh)
    assert _kinds(problems) == {("orphan", "demo.removed")}


def test_public_api_without_page_or_example_fails():
    api = _api(scale, "Multiplies x by factor.")
    _, problems = gate.python_problems([api], {api.name, "demo.other"}, {})
    kinds = _kinds(problems, "en")
    assert ("missing", "demo.other") in kinds and ("no_example", "demo.scale") in kinds


def _guides(tmp_path, en, zh):
    for lang, pages in (("en", en), ("zh", zh)):
        (tmp_path / lang).mkdir()
        for rel, text in pages.items():
            (tmp_path / lang / rel).write_text(text, encoding="utf-8")
    return tmp_path


def test_guides_missing_orphan_stale_and_current(tmp_path):
    english = "# Guide\n\nText.\n"
    mark = f"<!-- source: en/a.md {translations.text_hash(english)} -->\n"
    root = _guides(tmp_path, {"a.md": english, "b.md": english, "c.md": english},
                   {"a.md": mark + "# 指南\n", "c.md": mark.replace("a.md", "c.md")
                    .replace(translations.text_hash(english), "0" * 12) + "# 指南\n",
                    "d.md": "# 孤页\n"})
    counts, problems = gate.guide_problems(root)
    assert _kinds(problems) == {("missing", "b.md"), ("stale", "c.md"), ("orphan", "d.md")}
    assert [(c.lang, c.documented, c.total) for c in counts] == [("en", 3, 3), ("zh", 1, 3)]


def test_native_surface_missing_and_orphan_pages():
    documented = {"PD_A": "api/c/a.md", "PD_Gone": "api/c/a.md"}
    _, problems = gate.native_problems("c", documented, {}, {}, {"PD_A", "PD_B"})
    assert _kinds(problems) == {("missing", "PD_B"), ("orphan", "PD_Gone")}


def test_the_repository_python_reference_and_guides_pass():
    apis = python_api.collect()
    public = gate.spec_names("python.spec", {"function", "class"})
    _, problems = gate.python_problems(apis, public, translations.load("python"))
    _, guide = gate.guide_problems()
    assert [str(p) for p in problems + guide] == []


def test_gate_command_writes_a_report_with_counts(tmp_path):
    out = tmp_path / "report.txt"
    code = gate.main(["--report", str(out), "--no-examples"])
    text = out.read_text()
    assert "python  zh" in text and "guides  zh" in text and "ops     zh" in text
    assert code == (0 if "problems: 0" in text else 1)
