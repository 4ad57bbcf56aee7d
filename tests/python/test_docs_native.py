"""The C++, C and Java API reference (tools/docs/native_api.py, native_pages.py):
every name of api_spec/{cpp,c,java}.spec is on a page of each language under
its anchor, with the spec's signatures; the Chinese pages take the translations
and show the English under a note where one is missing or stale; the same input
gives the same pages."""
import pathlib
import re
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools" / "docs"))
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import markdown_text  # noqa: E402
import native_api  # noqa: E402
import native_pages  # noqa: E402
import translations  # noqa: E402
from tools.api_diff.spec_format import parse_line  # noqa: E402

SURFACES = native_api.SURFACES
LANGS = ("en", "zh")


def _spec(surface):
    """[(name, kind, tail)] of the committed spec file."""
    text = (REPO / "api_spec" / f"{surface}.spec").read_text(encoding="utf-8")
    return [(r.name, r.kind, r.tail) for r in map(parse_line, text.splitlines())]


@pytest.fixture(scope="module")
def pages():
    return {lang: native_api.pages(lang) for lang in LANGS}


@pytest.mark.parametrize("surface", SURFACES)
def test_collect_has_the_specs_names_kinds_and_signatures(surface):
    got = [(api.name, d.kind, d.signature) for api in native_api.collect(surface)
           for d in api.decls]
    assert got == _spec(surface)


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_spec_name_is_on_its_page_under_its_anchor(pages, surface, lang):
    apis = native_api.collect(surface)
    where = native_api.documented(surface)
    labels = native_pages.anchors(surface, apis)
    assert set(where) == {name for name, _, _ in _spec(surface)}
    for name, path in where.items():
        page = pages[lang][path]
        assert f"({labels[name]})=" in page or f'<span id="{labels[name]}">' in page, name


@pytest.mark.parametrize("surface", SURFACES)
def test_labels_are_unique_ignoring_case(surface):
    labels = native_pages.anchors(surface, native_api.collect(surface)).values()
    assert len({label.lower() for label in labels}) == len(labels)
    assert all(re.fullmatch(r"api-[a-z]+-[a-z0-9-]+", label) for label in labels)


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("lang", LANGS)
def test_signatures_on_the_pages_are_the_specs(pages, surface, lang):
    where = native_api.documented(surface)
    for name, kind, tail in _spec(surface):
        if not tail:
            continue
        page = pages[lang][where[name]]
        if surface == "c" and kind == "field":  # a row of its struct's table
            assert f"`{tail}`" in page, (name, tail)
        else:
            blocks = re.findall(r"^```(?:cpp|c|java)\n(.*?)^```$", page, re.M | re.S)
            assert any(tail in block.splitlines() for block in blocks), (name, tail)


@pytest.mark.parametrize("lang", LANGS)
def test_each_surface_has_an_index_with_a_toctree_of_its_pages(pages, lang):
    for surface in SURFACES:
        index = pages[lang][f"api/{surface}/index.md"]
        toctree = index.split("```{toctree}", 1)[1].split("```", 1)[0].splitlines()
        listed = [line for line in toctree if line and not line.startswith(":")]
        own = sorted(p[len(f"api/{surface}/"):-3] for p in pages[lang]
                     if p.startswith(f"api/{surface}/") and not p.endswith("/index.md"))
        assert sorted(listed) == own


def test_pages_group_as_a_reader_expects():
    cpp = native_api.documented("cpp")
    assert cpp["paddle_infer::Config::SetModel"] == "api/cpp/config.md"
    assert cpp["paddle_infer::services::PredictorPool::Retrive"] == \
        "api/cpp/services-predictorpool.md"
    assert cpp["paddle_infer::CreatePredictor"] == "api/cpp/functions.md"
    c = native_api.documented("c")
    assert c["PD_ConfigSetModelDir"] == c["PD_Config"] == "api/c/pd-config.md"
    assert c["PD_TensorReshape"] == "api/c/pd-tensor.md"
    assert c["PD_Cstr.size"] == c["PD_CstrDestroy"] == "api/c/arrays.md"
    assert c["PD_DATA_FLOAT32"] == c["PD_DataType"] == "api/c/types.md"
    assert c["PD_GetLastErrorMessage"] == "api/c/errors.md"
    java = native_api.documented("java")
    assert java["com.baidu.paddle.inference.Tensor.copyFromCpu"] == "api/java/tensor.md"


def _section(page, label):
    return page.split(f"({label})=\n", 1)[1].split("\n(api-", 1)[0]


@pytest.mark.parametrize("lang, marker", [("en", "**Deprecated.**"), ("zh", "**已弃用。**")])
def test_java_deprecated_aliases_are_marked(pages, lang, marker):
    page = pages[lang]["api/java/config.md"]
    labels = native_pages.anchors("java", native_api.collect("java"))
    alias = _section(page, labels["com.baidu.paddle.inference.Config.setCppModel"])
    assert alias.startswith("## setCppModel (") and marker in alias
    assert marker not in _section(page, labels["com.baidu.paddle.inference.Config.setModel"])
    # One deprecated overload of two: the overload is named, the API is not marked.
    reshape = _section(pages[lang]["api/java/tensor.md"],
                       labels["com.baidu.paddle.inference.Tensor.reshape"])
    assert "`void reshape(int dimNum, int[] shape)`" in reshape and marker not in reshape


def _one_api(surface, name):
    return [a for a in native_api.collect(surface) if a.name == name]


def test_chinese_pages_show_the_translation():
    apis = _one_api("c", "PD_PredictorRun")
    english = apis[0].text
    zh = {"PD_PredictorRun": (translations.text_hash(english), "运行模型。")}
    page = native_pages.render("c", apis, "zh", zh)["api/c/pd-predictor.md"]
    assert "运行模型。" in page and english.split()[0] not in page
    assert native_pages.LABELS["zh"]["stale"] not in page


@pytest.mark.parametrize("case", ["missing", "stale"])
def test_a_missing_or_stale_translation_shows_the_english_under_a_note(case):
    apis = _one_api("c", "PD_PredictorRun")
    zh = {} if case == "missing" else {"PD_PredictorRun": ("0" * 12, "旧的翻译。")}
    page = native_pages.render("c", apis, "zh", zh)["api/c/pd-predictor.md"]
    note = "```{note}\n" + native_pages.LABELS["zh"]["stale"] + "\n```"
    assert note in page
    assert native_pages._escape_prose(apis[0].text) in page
    assert "旧的翻译" not in page


def test_a_missing_translation_of_a_table_row_is_marked_in_its_row():
    apis = [a for a in native_api.collect("cpp") if a.name.startswith("paddle_infer::PlaceType")]
    page = native_pages.render("cpp", apis, "zh", {})["api/cpp/functions.md"]
    row = next(line for line in page.splitlines() if "`kCPU`" in line)
    assert "host memory" in row and native_pages.LABELS["zh"]["stale_inline"] in row


def test_the_committed_translations_are_complete_and_current():
    for surface in SURFACES:
        assert translations.problems(native_api.english_texts(surface),
                                     translations.load(surface)) == [], surface


def test_pages_are_stable(pages):
    again = {lang: native_api.pages(lang) for lang in LANGS}
    assert again == pages
    apis = native_api.collect("java")
    assert native_pages.render("java", apis, "en", {}) == \
        native_pages.render("java", tuple(reversed(apis)), "en", {})


def test_javadoc_becomes_markdown():
    text = ("Sets it, see {@link #setModel(String, String)} and {@link Predictor#create(Config)}:"
            "\n{@code x < y}.\n\n<p>Example:\n<pre>{@code\ntry (A a = new A()) {\n  a.run();\n}\n"
            "}</pre>\n<ol>\n  <li>one,\n      continued\n  <li>two\n</ol>")
    assert native_api.javadoc_to_markdown(text) == (
        "Sets it, see `setModel(String, String)` and `Predictor.create(Config)`:\n`x < y`.\n\n"
        "Example:\n```java\ntry (A a = new A()) {\n  a.run();\n}\n```\n1. one,\ncontinued\n"
        "1. two")
    assert native_api.javadoc_to_markdown("@deprecated use {@link #close()}.") == \
        "use `close()`."


def test_prose_is_escaped_but_code_is_not():
    text = "Holds __model__ or [x] | y, not `__params__`.\n```java\nint[] a = b * c;\n```"
    assert native_pages._escape_prose(text) == (
        "Holds \\_\\_model\\_\\_ or \\[x\\] \\| y, not `__params__`.\n```java\n"
        "int[] a = b * c;\n```")


def test_an_unknown_surface_is_refused():
    with pytest.raises(ValueError, match=r"\[native_api\] expected a surface of .*, got 'rust'"):
        native_api.collect("rust")


def test_a_line_break_between_chinese_characters_is_joined():
    text = "加载模型，\n然后运行 `run()`\n再读取输出。\n```java\n// 注释\n// 第二行\n```"
    assert markdown_text.join_cjk_breaks(text) == \
        "加载模型，然后运行 `run()`\n再读取输出。\n```java\n// 注释\n// 第二行\n```"


def test_a_paragraph_break_between_chinese_paragraphs_is_kept():
    assert markdown_text.join_cjk_breaks("第一段。\n\n第二段。\n接着。") == "第一段。\n\n第二段。接着。"
