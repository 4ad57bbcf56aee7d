"""The C++, C and Java API reference: what each surface declares, with the
English text of each declaration's doc comment, and the pages of both sites.

The declarations are the specs' (tools/api_diff: cpp_spec reads
core/inference/paddle_inference_api.h, c_spec core/capi/pd_inference_api.h,
java_spec the Java sources), so a page documents exactly the names and
signatures of api_spec/<surface>.spec. The readers keep the text behind each
`doc=` hash (spec_format.DOC_TEXTS); Javadoc markup becomes Markdown here.
Chinese text comes from docs/i18n/zh/<surface>/*.yaml (translations.py);
native_pages.py renders.
"""
import dataclasses
import functools
import pathlib
import re
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # tools.api_diff, which reads the headers and sources

from tools.api_diff import c_spec, cpp_spec, java_spec, spec_format  # noqa: E402

import native_pages  # noqa: E402
from generated_pages import write_generated  # noqa: E402
import translations  # noqa: E402

SURFACES = ("cpp", "c", "java")
_READERS = {"cpp": cpp_spec.spec_lines, "c": c_spec.spec_lines, "java": java_spec.spec_lines}


@dataclasses.dataclass(frozen=True)
class Declaration:
    """One line of the spec: an overload, or one of a C struct's two lines."""
    kind: str
    signature: str      # the spec line's tail ("" when it has none)
    text: str           # English text of its doc comment, as Markdown ("" when none)
    fields: tuple       # ((key, value as written), ...) of the spec line

    @property
    def deprecated(self):
        return dict(self.fields).get("deprecated", "no") != "no"


@dataclasses.dataclass(frozen=True)
class NativeApi:
    name: str           # the spec name: paddle_infer::Config::SetModel, PD_Cstr.size
    decls: tuple        # (Declaration, ...) in spec order

    @property
    def kind(self):
        """The spec kind; a C struct and its typedef of the same name are a struct."""
        kinds = [d.kind for d in self.decls]
        return "struct" if "struct" in kinds else kinds[0]

    @property
    def signatures(self):
        return [d.signature for d in self.decls if d.signature]

    @property
    def text(self):
        """The distinct texts of its declarations, in order, a paragraph each."""
        return "\n\n".join(dict.fromkeys(d.text for d in self.decls if d.text))

    @property
    def deprecated(self):
        return all(d.deprecated for d in self.decls)


def _check_surface(surface):
    if surface not in SURFACES:
        raise ValueError(f"[native_api] expected a surface of {SURFACES}, got {surface!r}")


@functools.lru_cache(maxsize=None)
def collect(surface):
    """(NativeApi, ...) of one surface, one per spec name, in spec order."""
    _check_surface(surface)
    apis = {}
    for line in _READERS[surface](REPO):
        rec = spec_format.parse_line(line)
        digest = rec.fields.get("doc", "-")
        text = "" if digest == "-" else spec_format.DOC_TEXTS[digest]
        if surface == "java":
            text = javadoc_to_markdown(text)
        text = "\n".join(line.rstrip() for line in text.strip().splitlines())
        decl = Declaration(rec.kind, rec.tail, text, tuple(rec.fields.items()))
        apis.setdefault(rec.name, []).append(decl)
    return tuple(NativeApi(name, tuple(decls)) for name, decls in apis.items())


def english_texts(surface):
    """{full name: English text} of the APIs of a surface that have a doc comment."""
    return {api.name: api.text for api in collect(surface) if api.text}


_PRE = re.compile(r"<pre>\{@code\n(.*?)\n\s*\}</pre>", re.DOTALL)
_CODE = re.compile(r"\{@(?:code|literal) ([^{}]*)\}")
# {@link Type#member(A, B) label}: the reference (its parameters may hold spaces), then a label
_LINK = re.compile(r"\{@link(?:plain)?\s+([^\s}(]*(?:\([^)]*\))?)\s*([^}]*)\}")


def javadoc_to_markdown(text):
    """Javadoc's HTML and inline tags as Markdown: <pre>{@code} blocks, {@code x},
    {@link Type#member(...)}, <p>, <ol>/<li>; the @deprecated tag is dropped (the
    page marks deprecated APIs)."""
    text = _PRE.sub(lambda m: "```java\n" + m.group(1) + "\n```", text)
    text = _CODE.sub(lambda m: f"`{m.group(1)}`", text)
    text = _LINK.sub(lambda m: f"`{m.group(2).strip() or m.group(1).lstrip('#').replace('#', '.')}`",
                     text)
    text = re.sub(r"^@deprecated\s+", "", text.strip())
    text = re.sub(r"\s*<p>", "\n\n", text)
    text = re.sub(r"^\s*</?ol>\s*$\n?", "", text, flags=re.MULTILINE)
    text = re.sub(r"^\s*<li>", "1. ", text, flags=re.MULTILINE)
    return _unindent_prose(text).strip()


def _unindent_prose(text):
    """Lines outside ``` blocks without their indentation (Javadoc indents the
    continuation of an <li>; Markdown would read 4 spaces as code)."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        out.append(line if fenced or line.startswith("```") else line.lstrip())
    return "\n".join(out)


def documented(surface):
    """{spec name: page path relative to the site root} of a surface."""
    return native_pages.page_paths(surface, collect(surface))


def pages(lang):
    """{path relative to the site root: MyST text}: api/<surface>/index.md and the
    pages of the three surfaces, in `lang` (en or zh)."""
    out = {}
    for surface in SURFACES:
        translated = translations.load(surface) if lang == "zh" else {}
        zh = {name: (e.en_hash, e.text) for name, e in translated.items()}
        out.update(native_pages.render(surface, collect(surface), lang, zh))
    return out


def write_pages(root, langs=("en", "zh")):
    """Writes the pages of each language under root/<lang>/ (only those whose text
    changed, so Sphinx rebuilds only those; stale ones removed); returns how many
    pages each site has."""
    rendered = {}
    for lang in langs:
        rendered = pages(lang)
        for surface in SURFACES:
            folder = f"api/{surface}"
            write_generated(pathlib.Path(root) / lang, folder,
                            {p: t for p, t in rendered.items() if p.startswith(folder + "/")})
    return len(rendered)
