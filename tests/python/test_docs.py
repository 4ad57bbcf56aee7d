"""The documentation generator (tools/docs): one page per registered op in each
language with the proto's inputs, outputs and attributes; missing Chinese text
is an error naming the op; the language switch links the same page path in the
other site."""
import html
import pathlib
import posixpath
import re
import subprocess
import sys

import pytest

from paddle.base import core
from paddle.proto import framework_pb2

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools" / "docs"))

from gen_op_reference import load_protos, write_op_reference  # noqa: E402
from op_families import registered_families  # noqa: E402
from op_pages import LANGS, OpDocError, render_op_reference  # noqa: E402
from sphinx_site import lang_switch_url  # noqa: E402


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The generated reference of both languages: {lang: {op type: page text}}."""
    root = tmp_path_factory.mktemp("docs")
    write_op_reference(root)
    return {lang: {p.stem: p.read_text(encoding="utf-8")
                   for p in (root / lang / "ops").glob("*.md") if p.stem != "index"}
            for lang in LANGS}


def _table_rows(page, heading):
    """The first cells (names) of the table under `## heading`."""
    section = page.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return [m.group(1) for m in re.finditer(r"^\| `([^`]+)` \|", section, re.MULTILINE)]


def test_one_page_per_registered_op_in_each_language(reference):
    for lang in LANGS:
        assert sorted(reference[lang]) == core.op_types(), lang


@pytest.mark.parametrize("lang,headings", [("en", ("Inputs", "Outputs", "Attributes")),
                                           ("zh", ("输入", "输出", "属性"))])
def test_each_page_lists_the_protos_slots_and_attributes(reference, lang, headings):
    for proto in load_protos():
        page = reference[lang][proto.type]
        for heading, items in zip(headings, (proto.inputs, proto.outputs, proto.attrs)):
            assert _table_rows(page, heading) == [i.name for i in items], (lang, proto.type)
        text = proto.comment_zh if lang == "zh" else proto.comment
        assert " ".join(text.split())[:8] in page.replace("\\", ""), (lang, proto.type)


def test_flags_types_defaults_and_constraints_are_shown(reference):
    conv = reference["en"]["conv2d"]
    assert "| `groups` | `INT` | `1` | \\>= 1 |" in conv
    assert "| `data_format` | `STRING` | `\"NCHW\"` | one of `NCHW`, `NHWC`, `AnyLayout` |" in conv
    assert "**Gradient:** [`conv2d_grad`](conv2d_grad.md)" in conv
    assert "**Kernels:** cpu: float32, float64" in conv
    for op in ("conv2d", "relu", "equal", "feed"):
        keys = core.get_op_kernel_keys(op)
        dtypes = ", ".join(d for _, d in keys)
        assert f"**Kernels:** cpu: {dtypes}" in reference["en"][op], op
    concat = reference["zh"]["concat"]
    assert "| `X` | 可重复 |" in concat
    assert "**梯度**：无" in reference["zh"]["equal"]
    assert "**对应的前向算子**：[`concat`](concat.md)" in reference["zh"]["concat_grad"]


def _fake_proto(comment_zh="假的算子。", input_zh="输入。"):
    proto = framework_pb2.OpProto(type="relu", comment="A fake op.", comment_zh=comment_zh)
    proto.inputs.add(name="X", comment="The input.", comment_zh=input_zh)
    return proto


def test_missing_chinese_text_is_an_error_naming_the_op():
    families = registered_families(REPO / "core" / "ops")
    render_op_reference([_fake_proto()], families, "en")  # complete: renders
    with pytest.raises(OpDocError, match=r"relu: no Chinese text \(comment_zh\) for the op"):
        render_op_reference([_fake_proto(comment_zh="")], families, "en")
    with pytest.raises(OpDocError, match=r"relu: no Chinese text \(comment_zh\) for input X"):
        render_op_reference([_fake_proto(input_zh=" ")], families, "zh")


def test_generator_command_exits_with_the_error(tmp_path):
    script = ("import sys; sys.path.insert(0, 'tools/docs'); import gen_op_reference as g; "
              "p = g.load_protos(); p[0].comment_zh = ''; g.write_op_reference(sys.argv[1], p)")
    run = subprocess.run([sys.executable, "-c", script, str(tmp_path)], cwd=REPO,
                         capture_output=True, text=True)
    first = core.op_types()[0]
    assert run.returncode != 0 and f"{first}: no Chinese text" in run.stderr


@pytest.mark.parametrize("page", ["index", "architecture", "ops/relu", "a/b/c"])
def test_switch_url_is_the_same_path_in_the_other_site(page):
    for lang, other in (("en", "zh"), ("zh", "en")):
        here = posixpath.dirname(f"{lang}/{page}")
        assert posixpath.normpath(posixpath.join(here, lang_switch_url(page, lang))) == \
            f"{other}/{page}.html"


def test_built_pages_link_to_their_twin(tmp_path):
    """A small two-language site built with the shared settings: each page's switch
    link names the page at the same path in the other site, and that page exists."""
    for lang in LANGS:
        src = tmp_path / "src" / lang
        (src / "sub").mkdir(parents=True)
        (src / "conf.py").write_text(
            f"import sys; sys.path.insert(0, {str(REPO / 'tools' / 'docs')!r})\n"
            f"from sphinx_site import configure\nconfigure(globals(), {lang!r})\n")
        (src / "index.md").write_text("# Home\n\n```{toctree}\nsub/page\n```\n")
        (src / "sub" / "page.md").write_text("# Page\n\nText.\n")
        subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(src),
                        str(tmp_path / "out" / lang)], check=True)
    for lang in LANGS:
        for page in ("index", "sub/page"):
            built = tmp_path / "out" / lang / f"{page}.html"
            href = html.unescape(re.search(r'class="lang-switch-link" href="([^"]+)"',
                                           built.read_text()).group(1))
            target = (built.parent / href).resolve()
            other = "zh" if lang == "en" else "en"
            assert target == (tmp_path / "out" / other / f"{page}.html").resolve()
            assert target.exists()
