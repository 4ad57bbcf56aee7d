"""The C++, C and Java reference pages as MyST Markdown (pure: APIs in, text out).

render(surface, apis, lang, zh) returns {path: text}: api/<surface>/index.md
with a toctree, and one page per group a reader looks for: a C++ class, a C
handle (PD_Config with its functions), a Java class; the rest (free functions,
enums, types, arrays) on pages of their own. Each API has a heading with a
stable label (api-<surface>-<name>), its signatures as the spec writes them,
and its text. Enumerators, enum constants and C struct fields are rows of a
table under their parent, each row with an anchor of the same form.

Chinese pages take the text from `zh` ({name: (en_hash, text)}, the
translations); where it is missing or stale the English text is shown under a
visible note (the coverage gate, not the build, fails on it).
"""
import re

from markdown_text import join_cjk_breaks
from translations import text_hash

TABLE_KINDS = {"cpp": {"enumerator"}, "c": {"enumerator", "field"}, "java": {"enum_constant"}}
LANGUAGE = {"cpp": "cpp", "c": "c", "java": "java"}
# C: the handles with a page each, and the name prefixes of the arrays page.
C_HANDLES = ("PD_Config", "PD_Predictor", "PD_Tensor")
C_ARRAYS = ("PD_OneDimArray", "PD_TwoDimArray", "PD_Cstr")
JAVA_PACKAGE = "com.baidu.paddle.inference"
# Pages of several APIs, titled from LABELS; every other page is one class's or handle's.
GENERIC_PAGES = ("functions", "arrays", "types", "errors")

LABELS = {
    "en": {
        "cpp": ("C++ API", "The C++ inference API, namespace `paddle_infer` "
                "(`core/inference/paddle_inference_api.h`, the header the SDK installs): "
                "load a saved model, feed inputs, run, read outputs. Names and signatures "
                "follow PaddlePaddle's `paddle_infer::` API."),
        "c": ("C API", "The C inference API (`core/capi/pd_inference_api.h`): a stable C ABI "
              "over the C++ API, named as PaddlePaddle's C API. Functions that can fail return "
              "FALSE, NULL or an error value and record why in the thread's last error "
              "(`PD_GetLastErrorCode`, `PD_GetLastErrorMessage`)."),
        "java": ("Java API", "The Java inference API, package `com.baidu.paddle.inference` "
                 "(`java/src/main/java`), over the C API through JNI. Names follow "
                 "PaddlePaddle's Java API; PaddlePaddle's older names are kept as deprecated "
                 "aliases."),
        "functions": "paddle_infer: functions and enums",
        "arrays": "Arrays and strings", "types": "Types and constants",
        "errors": "Errors and version",
        "deprecated": "deprecated", "deprecated_all": "**Deprecated.**",
        "deprecated_some": "**Deprecated overload:**",
        "name": "name", "value": "value", "ordinal": "ordinal", "field": "field",
        "description": "description",
        "stale": ("No current Chinese translation of this text yet; the English original "
                  "follows."),
        "stale_inline": "",
    },
    "zh": {
        "cpp": ("C++ API", "C++ 推理 API，命名空间 `paddle_infer`"
                "（`core/inference/paddle_inference_api.h`，即 SDK 安装的头文件）："
                "加载保存的模型，输入数据，运行，读取输出。名称与签名与 PaddlePaddle 的 "
                "`paddle_infer::` API 一致。"),
        "c": ("C API", "C 推理 API（`core/capi/pd_inference_api.h`）：C++ API 之上稳定的 C ABI，"
              "命名与 PaddlePaddle 的 C API 一致。可能失败的函数返回 FALSE、NULL 或错误值，"
              "并把原因记入本线程的最近错误（`PD_GetLastErrorCode`、`PD_GetLastErrorMessage`）。"),
        "java": ("Java API", "Java 推理 API，包 `com.baidu.paddle.inference`"
                 "（`java/src/main/java`），通过 JNI 调用 C API。名称与 PaddlePaddle 的 Java API "
                 "一致；PaddlePaddle 的旧名称保留为已弃用的别名。"),
        "functions": "paddle_infer：函数与枚举",
        "arrays": "数组与字符串", "types": "类型与常量", "errors": "错误与版本",
        "deprecated": "已弃用", "deprecated_all": "**已弃用。**",
        "deprecated_some": "**已弃用的重载：**",
        "name": "名称", "value": "值", "ordinal": "序号", "field": "字段",
        "description": "说明",
        "stale": "此说明尚无最新的中文翻译，下面是英文原文。",
        "stale_inline": "（尚无最新的中文翻译，此为英文原文）",
    },
}


# ---- grouping: which page each API is on ----

def _parent(surface, name):
    sep = "::" if surface == "cpp" else "."
    return name.rsplit(sep, 1)[0]


def _c_enum_parent(name, typedefs):
    """The typedef a C enumerator's values belong to: PD_DATA_* -> PD_DataType."""
    word = name.split("_")[1] if name.count("_") >= 2 else ""
    for typedef in typedefs:
        if word and typedef[len("PD_"):].upper().startswith(word):
            return typedef
    return None


def _page_key(surface, api, classes):
    """The page slug of an API (api/<surface>/<slug>.md)."""
    name = api.name
    if surface == "cpp":
        owners = [c for c in classes if name == c or name.startswith(c + "::")]
        if not owners:
            return "functions"
        return _slug(max(owners, key=len).removeprefix("paddle_infer::"))
    if surface == "java":
        return _slug(name[len(JAVA_PACKAGE) + 1:].split(".")[0])
    base = name.split(".")[0]
    for handle in C_HANDLES:
        if base.startswith(handle):
            return _slug(handle)
    if base.startswith(C_ARRAYS):
        return "arrays"
    return "errors" if api.kind == "function" else "types"


def _slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _groups(surface, apis):
    """{page slug: [NativeApi]}, each list in name order."""
    classes = [a.name for a in apis if a.kind in ("class", "struct")]
    out = {}
    for api in sorted(apis, key=lambda a: a.name):
        out.setdefault(_page_key(surface, api, classes), []).append(api)
    return out


def page_paths(surface, apis):
    """{spec name: page path} of every API."""
    return {api.name: f"api/{surface}/{slug}.md"
            for slug, group in _groups(surface, apis).items() for api in group}


def anchors(surface, apis):
    """{spec name: label}: api-<surface>-<slug of the name> (Java's without the
    package). Names that differ only in case (Java's deprecated Reshape beside
    reshape) share a slug, since Sphinx labels ignore case: the current one keeps
    it, the deprecated ones get -2, -3 in name order."""
    seen, out = {}, {}
    for api in sorted(apis, key=lambda a: (a.deprecated, a.name)):
        name = api.name.removeprefix(JAVA_PACKAGE + ".") if surface == "java" else api.name
        base = f"api-{surface}-{_slug(name)}"
        seen[base] = seen.get(base, 0) + 1
        out[api.name] = base if seen[base] == 1 else f"{base}-{seen[base]}"
    return out


# ---- rendering ----

_SPECIAL = re.compile(r"([\\*_\[\]<>|#])")


def _escape_prose(text):
    """Markdown of plain text: characters Markdown would read as markup are escaped,
    except in `code` spans and ``` fenced blocks (kept as written)."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            out.append(line)
        elif fenced:
            out.append(line)
        else:
            parts = re.split(r"(`[^`]*`)", line)
            out.append("".join(p if p.startswith("`") else _SPECIAL.sub(r"\\\1", p)
                               for p in parts))
    return "\n".join(out)


def _escape_title(title):
    return _SPECIAL.sub(r"\\\1", title)


def _text_of(api_name, english, lang, zh):
    """(text, is_english_fallback) of one API in `lang`."""
    if lang == "en" or not english:
        return english, False
    entry = zh.get(api_name)
    if entry is None or entry[0] != text_hash(english):
        return english, True
    return join_cjk_breaks(entry[1]), False


def _type_line(surface, api):
    """The declaration shown for an API whose spec lines have no signature."""
    fields = dict(api.decls[0].fields)
    if surface == "java":
        line = f"{fields['mods'].replace(',', ' ')} {api.kind} {api.name}"
        if fields.get("extends", "-") != "-":
            line += f" extends {fields['extends']}"
        if fields.get("implements", "-") != "-":
            line += f" implements {fields['implements'].replace(',', ', ')}"
        return line
    if api.kind == "enum":
        scoped = "enum class" if fields.get("scoped") == "yes" else "enum"
        return f"{scoped} {api.name} : {fields['type']}"
    return f"{api.kind} {api.name}"


def _code_block(surface, lines):
    return [f"```{LANGUAGE[surface]}", *lines, "```", ""]


def _api_section(surface, api, lang, zh, labels, rows, level, title):
    t = LABELS[lang]
    out = [f"({labels[api.name]})=", f"{'#' * level} {_escape_title(title)}", ""]
    out += _code_block(surface, api.signatures or [_type_line(surface, api)])
    if api.deprecated:
        out += [t["deprecated_all"], ""]
    elif any(d.deprecated for d in api.decls):
        out += [f"{t['deprecated_some']} " + ", ".join(
            f"`{d.signature}`" for d in api.decls if d.deprecated), ""]
    text, fallback = _text_of(api.name, api.text, lang, zh)
    if fallback:
        out += ["```{note}", t["stale"], "```", ""]
    if text:
        out += [_escape_prose(text), ""]
    if rows:
        out += _table(surface, rows, lang, zh, labels)
    return out


def _table(surface, rows, lang, zh, labels):
    t = LABELS[lang]
    first = "field" if rows[0].kind == "field" else "name"
    second = "ordinal" if rows[0].kind == "enum_constant" else "value"
    has_value = rows[0].kind != "field"
    head = [t[first]] + ([t[second]] if has_value else []) + [t["description"]]
    out = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    position = "index" if rows[0].kind == "field" else second
    for row in sorted(rows, key=lambda r: int(dict(r.decls[0].fields)[position])):
        fields = dict(row.decls[0].fields)
        shown = row.signatures[0] if row.kind == "field" else row.name.rsplit(
            "::" if surface == "cpp" else ".", 1)[-1]
        text, fallback = _text_of(row.name, row.text, lang, zh)
        text = " ".join(_escape_prose(text).split())
        if fallback:
            text += " " + t["stale_inline"]
        cells = [f'<span id="{labels[row.name]}"></span>`{shown}`']
        if has_value:
            cells.append(f"`{fields.get(second, '')}`")
        cells.append(text)
        out.append("| " + " | ".join(cells) + " |")
    return out + [""]


def _title(surface, slug, group, lang):
    """(the API the page is about or None, the page title)."""
    if slug in GENERIC_PAGES:
        return None, LABELS[lang][slug]
    head = group[0]
    return head, head.name.removeprefix(JAVA_PACKAGE + ".")


def _order(api):
    """Sort key on a page: constructors first, deprecated aliases last."""
    rank = {"constructor": 0, "destructor": 1}.get(api.kind, 2)
    return (api.deprecated, rank, api.name.lower(), api.name)


def _short(surface, name, page_is_class):
    if not page_is_class:
        return name
    return name.rsplit("::" if surface == "cpp" else ".", 1)[-1]


def render_page(surface, slug, group, lang, zh, labels, table_parents):
    """One page: its title (a class page: the class's own section), then its APIs."""
    t = LABELS[lang]
    head, title = _title(surface, slug, group, lang)
    listed = [a for a in group if a.kind not in TABLE_KINDS[surface]]
    rows = lambda api: [r for r in group if table_parents.get(r.name) == api.name]  # noqa: E731
    out = []
    if head is not None and head in listed:
        out += _api_section(surface, head, lang, zh, labels, rows(head), 1, title)
        listed.remove(head)
    else:
        out += [f"# {_escape_title(title)}", ""]
    for api in sorted(listed, key=_order):
        heading = _short(surface, api.name, head is not None)
        if api.deprecated:
            heading += f" ({t['deprecated']})"
        out += _api_section(surface, api, lang, zh, labels, rows(api), 2, heading)
    orphans = [r for r in group if r.kind in TABLE_KINDS[surface]
               and table_parents.get(r.name) not in {a.name for a in group}]
    for row in orphans:
        out += _api_section(surface, row, lang, zh, labels, [], 2, row.name)
    return "\n".join(out).rstrip() + "\n"


def _table_parents(surface, apis):
    """{row name: the API whose table lists it}."""
    kinds = TABLE_KINDS[surface]
    names = {a.name for a in apis}
    typedefs = [a.name for a in apis if a.kind == "typedef"]
    out = {}
    for api in apis:
        if api.kind not in kinds:
            continue
        if surface == "c" and api.kind == "enumerator":
            parent = _c_enum_parent(api.name, typedefs)
        else:
            parent = _parent(surface, api.name)
        if parent in names:
            out[api.name] = parent
    return out


def _toc_order(slug):
    """The class and handle pages by name, then the generic ones."""
    generic = slug in GENERIC_PAGES
    return (generic, GENERIC_PAGES.index(slug) if generic else 0, slug)


def render(surface, apis, lang, zh):
    """{path: MyST text} of one surface in `lang`: its index and its pages."""
    title, intro = LABELS[lang][surface]
    labels = anchors(surface, apis)
    parents = _table_parents(surface, apis)
    groups = _groups(surface, apis)
    pages = {f"api/{surface}/{slug}.md": render_page(surface, slug, group, lang, zh, labels,
                                                     parents)
             for slug, group in groups.items()}
    index = [f"(api-{surface}-index)=", f"# {title}", "", intro, "", "```{toctree}",
             ":maxdepth: 1", "", *sorted(groups, key=_toc_order), "```", ""]
    pages[f"api/{surface}/index.md"] = "\n".join(index)
    return pages
