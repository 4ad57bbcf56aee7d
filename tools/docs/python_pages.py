"""The Python API reference as MyST Markdown pages, in English or Chinese.

Pure: pages(apis, lang, translations) returns {relative path: text} for the
APIs of python_api.collect(): api/python/index.md (the modules),
api/python/<module>/index.md (a module's APIs) and api/python/<module>/<name>.md
(one API: signature from the code, text, parameters, returns, examples, and for
a class its own methods and properties). English text comes from the docstrings,
Chinese text from the translations (translations.load("python")); the examples
are the English docstring's in both. A missing or stale translation shows the
English text under a note: the coverage gate, not the build, fails on it.
"""
import ast
import inspect

import docstrings
from markdown_text import first_sentence, md_blocks, md_text, table
from python_api import drop_self as _drop_self
from translations import text_hash

ROOT = "api/python"

LABELS = {
    "en": {
        "index_title": "Python API reference",
        "index_intro": ("Every public function and class of the `paddle` package ({apis} in all, "
                        "in {modules} modules), generated from the code: signatures from the "
                        "functions themselves, text and examples from their docstrings. An API "
                        "exported under several names is documented under the shortest one; its "
                        "page lists the others. `paddle.contrib` is experimental: it may change "
                        "without a deprecation period."),
        "module": "module", "apis": "APIs", "api": "API", "kind": "kind", "summary": "summary",
        "function": "function", "class": "class", "aliases": "Also available as",
        "bases": "Bases", "parameters": "Parameters", "returns": "Returns", "raises": "Raises",
        "example": "Example", "methods": "Methods", "properties": "Properties",
        "inherited": "Inherited members", "from": "from {}", "name": "name",
        "default": "default", "description": "description", "required": "required",
        "same_as": "The function {}, as a method: `x.{}(...)` is `{}(x, ...)`.",
        "untranslated": "", "experimental": ("Experimental (`paddle.contrib`): may change "
                                             "without a deprecation period."),
        "no_doc": "", "module_intro": "The public functions and classes of `{}`.",
    },
    "zh": {
        "index_title": "Python API 参考",
        "index_intro": ("`paddle` 包的全部公开函数与类（共 {apis} 个，分属 {modules} 个模块），由代码生成："
                        "签名取自函数本身，说明与示例取自文档字符串（中文说明为其译文）。以多个名称导出的 "
                        "API 以最短的名称记录，其页面列出其他名称。`paddle.contrib` 为实验性接口，"
                        "可能不经弃用期而改变。"),
        "module": "模块", "apis": "API 数", "api": "API", "kind": "类型", "summary": "简介",
        "function": "函数", "class": "类", "aliases": "其他名称",
        "bases": "基类", "parameters": "参数", "returns": "返回", "raises": "异常",
        "example": "示例", "methods": "方法", "properties": "属性",
        "inherited": "继承的成员", "from": "继承自 {}", "name": "名称",
        "default": "默认值", "description": "说明", "required": "必填",
        "same_as": "即函数 {} 的方法形式：`x.{}(...)` 等同于 `{}(x, ...)`。",
        "untranslated": "此段说明尚无与当前英文一致的中文译文，下面是英文原文。",
        "experimental": "实验性接口（`paddle.contrib`）：可能不经弃用期而改变。",
        "no_doc": "", "module_intro": "`{}` 的公开函数与类。",
    },
}


# An API page is reached from its module's table, not from the navigation: a
# sidebar listing all ~900 pages on each of them made a site build take minutes.
ORPHAN = ["---", "orphan: true", "---", ""]


def page_path(name, module):
    """The page of an API, relative to the site root."""
    return f"{ROOT}/{module}/{name[len(module) + 1:]}.md"


def pages(apis, lang, translations):
    """{relative path: Markdown} of the whole Python reference in `lang`."""
    t = LABELS[lang]
    by_name = {a.name: a for a in apis}
    modules = {}
    for api in apis:
        modules.setdefault(api.module, []).append(api)
    out = {f"{ROOT}/index.md": _index(modules, t, len(apis))}
    for module, members in sorted(modules.items()):
        out[f"{ROOT}/{module}/index.md"] = _module_page(module, members, lang, translations)
        for api in members:
            out[page_path(api.name, module)] = _api_page(api, lang, translations, by_name)
    return out


def _index(modules, t, count):
    rows = [[f"[`{m}`]({m}/index.md)", str(len(apis))] for m, apis in sorted(modules.items())]
    toc = "\n".join(f"{m}/index" for m in sorted(modules))
    return "\n".join([f"# {t['index_title']}", "", t["index_intro"].format(
        apis=count, modules=len(modules)), ""] + table([t["module"], t["apis"]], rows) +
        ["```{toctree}", ":hidden:", ":maxdepth: 1", "", toc, "```", ""])


def _module_page(module, apis, lang, translations):
    t = LABELS[lang]
    rows = []
    for api in apis:
        short = api.name[len(module) + 1:]
        text, _ = _text(api.name, api.doc, lang, translations)
        summary = first_sentence(docstrings.parse(text).summary, lang)
        rows.append([f"[`{short}`]({short}.md)", t[api.kind], md_text(summary)])
    return "\n".join([f"# {module}", "", t["module_intro"].format(module), ""] +
                     table([t["api"], t["kind"], t["summary"]], rows))


def _text(name, english, lang, translations):
    """(text to show, whether it is the English shown in place of a translation)."""
    prose = docstrings.prose(english)
    if lang == "en" or not prose:
        return english, False
    entry = translations.get(name)
    if entry is None or entry.en_hash != text_hash(prose):
        return english, True
    return entry.text, False


def _link(target, from_module, by_name):
    api = by_name.get(target)
    if api is None:
        return f"`{target}`"
    rel = page_path(api.name, api.module)[len(ROOT) + 1:]
    up = "../" if from_module else ""
    return f"[`{target}`]({up}{rel})"


def _drop_first(sig):
    """'(x, name=None)' -> '(name=None)': the first parameter, whatever its name."""
    params, ret = _split_params(sig)
    return sig if not params else "(" + ", ".join(params[1:]) + ")" + ret


WIDTH = 88  # a longer signature is shown one parameter per line


def _signature_text(prefix, name, sig):
    line = f"{prefix}{name}{sig}"
    if len(line) <= WIDTH:
        return line
    params, ret = _split_params(sig)
    if params is None:
        return line
    return f"{prefix}{name}(\n" + "".join(f"    {p},\n" for p in params) + ")" + ret


def _split_params(sig):
    """(['a', 'b=1', ...], ' -> ret') of '(a, b=1, ...) -> ret': split at the
    top-level commas; (None, '') when the text is not one parenthesized list."""
    depth, start, parts = 0, 1, []
    quote = None
    for i, c in enumerate(sig):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c in "([{<":
            depth += 1
        elif c in ")]}>" and not (c == ">" and sig[i - 1] == "-"):
            depth -= 1
            if depth == 0:
                if sig[start:i].strip():
                    parts.append(sig[start:i].strip())
                return parts, sig[i + 1:]
        elif c == "," and depth == 1:
            parts.append(sig[start:i].strip())
            start = i + 1
    return None, ""


def _signature_block(prefix, name, sigs):
    """The signatures in a code block, highlighted as Python when they are Python
    (a default shown as "<class ...>" is not, and would fail the -W build)."""
    lines = [_signature_text(prefix, name, s) for s in sigs] or [f"{prefix}{name}"]
    try:
        for s in sigs:
            ast.parse(f"def f{s.split(' -> ')[0]}: pass")
        lang = "python"
    except SyntaxError:
        lang = "text"
    return [f"```{lang}"] + lines + ["```", ""]


def _api_page(api, lang, translations, by_name):
    t = LABELS[lang]
    lines = ORPHAN + [f"# {api.name}", ""]
    lines += _signature_block("class " if api.kind == "class" else "", api.name, api.signatures)
    if api.experimental:
        lines += [f"*{t['experimental']}*", ""]
    if api.aliases:
        lines += [f"**{t['aliases']}:** " + ", ".join(f"`{a}`" for a in api.aliases), ""]
    if api.bases:
        lines += [f"**{t['bases']}:** " + ", ".join(
            _link(b, True, by_name) for b in api.bases), ""]
    text, fallback = _text(api.name, api.doc, lang, translations)
    lines += _doc_sections(text, fallback, api.doc, _parameters(api), t, level=2)
    if api.kind == "class":
        lines += _members(api, lang, translations, by_name)
    return "\n".join(lines).rstrip() + "\n"


def _parameters(api):
    """[(name, default text or None)] from the code: the function's, or the constructor's."""
    target = api.obj
    if api.kind == "class":
        target = api.obj.__init__ if "__init__" in vars(api.obj) else None
    try:
        params = inspect.signature(target).parameters if target is not None else {}
    except (TypeError, ValueError):
        return []
    out = []
    for name, p in params.items():
        if name == "self":
            continue
        star = "*" if p.kind == p.VAR_POSITIONAL else "**" if p.kind == p.VAR_KEYWORD else ""
        default = None if p.default is p.empty else repr(p.default)
        out.append((star + name, default))
    return out


def _doc_sections(text, fallback, english, params, t, level):
    """The body, parameters, returns, raises and examples of one docstring."""
    doc = docstrings.parse(text)
    examples = docstrings.parse(english).examples  # never translated
    h = "#" * level
    lines = []
    if fallback:
        lines += ["```{note}", t["untranslated"], "```", ""]
    if doc.body:
        lines += [md_blocks(doc.body), ""]
    described = {n.lstrip("*"): p for p in doc.params for n in p.names}
    if params or doc.params:
        rows, used = [], set()
        for name, default in params:
            p = described.get(name.lstrip("*"))
            desc = ""
            if p is not None:
                used.add(id(p))
                desc = (f"({md_text(p.type)}) " if p.type else "") + md_text(p.text)
            rows.append([f"`{name}`", f"`{default}`" if default is not None else "", desc])
        for p in doc.params:  # documented, not in a signature the code gives
            if id(p) not in used:
                rows.append([f"`{p.name}`" if p.name else "", "", md_text(p.text)])
        header = [t["name"], t["default"], t["description"]]
        if not any(row[2] for row in rows):  # nothing described: no empty column
            header, rows = header[:2], [row[:2] for row in rows]
        lines += [f"{h} {t['parameters']}", ""] + table(header, rows)
    for key in ("returns", "raises"):
        if getattr(doc, key):
            lines += [f"{h} {t[key]}", "", md_blocks(getattr(doc, key)), ""]
    if examples:
        lines += [f"{h} {t['example']}", "", "```pycon", examples.rstrip(), "```", ""]
    return lines


def _members(api, lang, translations, by_name):
    t = LABELS[lang]
    methods = [m for m in api.members if m.kind != "property"]
    props = [m for m in api.members if m.kind == "property"]
    lines = []
    for title, group in ((t["methods"], methods), (t["properties"], props)):
        if not group:
            continue
        lines += [f"## {title}", ""]
        for m in group:
            short = m.name.rsplit(".", 1)[1]
            lines += [f"### {short}", ""]
            if m.signatures:
                prefix = "@" + m.kind + "\n" if m.kind in ("classmethod", "staticmethod") else ""
                # A method that is a function shows the call without the tensor it is on.
                drop = _drop_first if m.same_as else _drop_self
                sigs = [drop(sig) for sig in m.signatures]
                lines += _signature_block(prefix, short, sigs)
            if m.same_as:
                lines += [t["same_as"].format(_link(m.same_as, True, by_name), short,
                                              m.same_as), ""]
                continue
            text, fallback = _text(m.name, m.doc, lang, translations)
            lines += _doc_sections(text, fallback, m.doc, [], t, level=4)
    inherited = _inherited(api, by_name)
    if inherited:
        lines += [f"## {t['inherited']}", ""]
        for base, names in inherited:
            lines += [f"- {t['from'].format(_link(base, True, by_name))}: " +
                      ", ".join(f"`{n}`" for n in names)]
        lines += [""]
    return lines


def _inherited(api, by_name):
    """[(base name, [member short names])] of members the class inherits from
    documented classes and does not define itself."""
    own = {m.name.rsplit(".", 1)[1] for m in api.members}
    out, seen = [], set(own)
    queue = list(api.bases)
    while queue:
        base = by_name.get(queue.pop(0))
        if base is None:
            continue
        names = [m.name.rsplit(".", 1)[1] for m in base.members]
        fresh = [n for n in names if n not in seen]
        seen.update(fresh)
        if fresh:
            out.append((base.name, fresh))
        queue.extend(base.bases)
    return out
