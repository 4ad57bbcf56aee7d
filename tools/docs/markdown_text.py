"""Plain text (docstrings, doc comments, proto comments) as MyST Markdown:
literal except for `code` spans, so no text is read as markup by accident."""
import re
import textwrap


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out + [""]


def first_sentence(text, lang):
    """The text up to its first full stop (。 in Chinese)."""
    match = re.search(r"。" if lang == "zh" else r"\.(\s|$)", text)
    return text[: match.start() + 1] if match else text


# ASCII punctuation that Markdown, MyST or a table cell could read as syntax.
_SPECIAL = re.compile(r"([\\*_\[\]<>|{}$#~!&^])")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")


# A line break between two Chinese characters (or full-width punctuation) is
# no space: a browser shows one, which splits a wrapped Chinese sentence.
_CJK = "\u3000-\u303f\u4e00-\u9fff\uff00-\uffef"
_CJK_BREAK = re.compile(f"(?<=[{_CJK}])[ \t]*\n[ \t]*(?=[{_CJK}])")


def join_cjk_breaks(text):
    """The text with each line break between two Chinese characters removed;
    fenced code blocks are kept as written."""
    parts = re.split(r"(^[ \t]*```.*?^[ \t]*```[ \t]*$)", text, flags=re.M | re.S)
    return "".join(part if part.lstrip().startswith("```") else _CJK_BREAK.sub("", part)
                   for part in parts)


def md_text(text):
    """Plain text as one Markdown line: literal except for `code` spans."""
    text = " ".join(_CJK_BREAK.sub("", text).split())
    out, pos = [], 0
    for match in _CODE_SPAN.finditer(text):
        before = text[pos: match.start()]
        role = before.endswith(":math:")  # reST's :math:`x` is MyST's {math}`x`
        out.append(_SPECIAL.sub(r"\\\1", before[:-len(":math:")] if role else before))
        out.append(("{math}" if role else "") + match.group(0).replace("|", "\\|"))
        pos = match.end()
    out.append(_SPECIAL.sub(r"\\\1", text[pos:]))
    return "".join(out)


_LIST_ITEM = re.compile(r"^\s*([-*]|\d+[.)])\s+")


def md_blocks(text):
    """Multi-paragraph plain text as Markdown: a paragraph stays one, a block
    indented under the text is shown as code, "- item" lines stay a list."""
    out = []
    for block in re.split(r"\n\s*\n", (text or "").strip("\n")):
        lines = block.splitlines()
        if not lines:
            continue
        indent = min(len(l) - len(l.lstrip()) for l in lines if l.strip())
        if indent >= 2 and out:
            out.append("```text\n" + textwrap.dedent(block) + "\n```")
        elif all(_LIST_ITEM.match(l) or l[:1].isspace() for l in lines) and _LIST_ITEM.match(lines[0]):
            items = []
            for line in lines:
                m = _LIST_ITEM.match(line)
                if m:
                    items.append([m.group(1), line[m.end():]])
                else:
                    items[-1][1] += " " + line.strip()
            out.append("\n".join(f"{'-' if b in '-*' else b} {md_text(t)}" for b, t in items))
        else:
            out.append(md_text(block))
    return "\n\n".join(out)
