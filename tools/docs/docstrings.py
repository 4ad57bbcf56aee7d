"""A docstring split into what the reference shows: the text, its parameter
descriptions, and its examples. Pure text in, parts out; both languages.

The sections are PaddlePaddle's (Google style), a header alone on its line:
"Args:", "Returns:", "Raises:", "Note:", "Example:"/"Examples:", and in Chinese
"参数:", "返回:", "异常:", "注意:". The examples are never translated: a Chinese
page shows the English docstring's examples.
"""
import dataclasses
import re
import textwrap

SECTIONS = {
    "Args": "params", "Arguments": "params", "Parameters": "params", "参数": "params",
    "Returns": "returns", "Return": "returns", "返回": "returns",
    "Raises": "raises", "异常": "raises",
    "Note": "note", "Notes": "note", "注意": "note",
    "Example": "examples", "Examples": "examples", "示例": "examples",
}
_HEADER = re.compile(r"^(%s)\s*[:：]\s*$" % "|".join(map(re.escape, SECTIONS)))
# "name (type): text", "name: text", "*args: text", "a, b (type): text" (two
# parameters described together), and "name (type)." (a parameter with no text).
_NAMES = r"\*{0,2}[A-Za-z_][A-Za-z0-9_]*(?:,\s*[A-Za-z_][A-Za-z0-9_]*)*"
_PARAM = re.compile(r"^(%s)\s*(\(([^)]*)\))?\s*[:：]\s*(.*)$" % _NAMES)
_BARE_PARAM = re.compile(r"^(%s)\s*\(([^)]*)\)\s*[.。]?\s*$" % _NAMES)
# reST's code-block directive, which some examples are wrapped in.
_CODE_BLOCK = re.compile(r"^\s*\.\. code-block::.*$")


@dataclasses.dataclass
class Param:
    name: str           # one name, or several described together ("a, b")
    type: str
    text: str

    @property
    def names(self):
        return [n.strip() for n in self.name.split(",") if n.strip()]


@dataclasses.dataclass
class Doc:
    body: str           # the text before the first section, and any note
    params: list        # [Param] of the parameters section
    returns: str
    raises: str
    examples: str       # doctest text, dedented ("" when none)

    @property
    def summary(self):
        """The first sentence-line of the body (for index tables)."""
        return self.body.split("\n\n")[0].replace("\n", " ").strip()


def split_sections(text):
    """[(kind, lines)] in order; kind "body" for the text before any header."""
    parts, kind, lines = [], "body", []
    for line in (text or "").splitlines():
        m = _HEADER.match(line)
        if m:
            parts.append((kind, lines))
            kind, lines = SECTIONS[m.group(1)], []
        else:
            lines.append(line)
    parts.append((kind, lines))
    return [(k, textwrap.dedent("\n".join(ls)).strip("\n")) for k, ls in parts]


def prose(text):
    """The docstring without its examples: the part a translation covers."""
    kept, skipping = [], False
    for line in (text or "").splitlines():
        m = _HEADER.match(line)
        if m:
            skipping = SECTIONS[m.group(1)] == "examples"
        if not skipping:
            kept.append(line)
    return "\n".join(kept).strip()


def parse_params(block):
    """[Param] of an Args section; a line indented under an entry continues it."""
    params = []
    for line in block.splitlines():
        if not line.strip():
            continue
        m = _PARAM.match(line) if not line[0].isspace() else None
        bare = _BARE_PARAM.match(line) if not line[0].isspace() else None
        if m:
            params.append(Param(m.group(1), (m.group(3) or "").strip(), m.group(4).strip()))
        elif bare:
            params.append(Param(bare.group(1), bare.group(2).strip(), ""))
        elif params:
            params[-1].text = (params[-1].text + "\n" + line.strip()).strip()
        else:  # text before the first entry: keep it, unnamed
            params.append(Param("", "", line.strip()))
    return params


def parse(text):
    """Doc of a docstring (English or its translation); a note joins the body."""
    parts = {"body": [], "params": [], "returns": [], "raises": [], "examples": []}
    for kind, block in split_sections(text):
        if kind == "params":
            parts["params"].extend(parse_params(block))
        elif kind == "examples":
            lines = [l for l in block.splitlines() if not _CODE_BLOCK.match(l)]
            parts["examples"].append(textwrap.dedent("\n".join(lines)).strip("\n"))
        elif block:
            parts["body" if kind == "note" else kind].append(block)
    joined = {k: "\n\n".join(v) for k, v in parts.items() if k != "params"}
    return Doc(params=parts["params"], **joined)
