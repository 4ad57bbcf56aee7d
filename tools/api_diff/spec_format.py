"""The line format shared by every spec file (grammar: api_spec/README.md).

    <name> <kind>[ <key>=<value>]*[ <tail>]

A value is a bare token (no space, not starting with '"' or '[') or compact
JSON (a string or list); the tail, when present, is free text to the end of
the line (a signature, a constant's value). format_line and parse_line are inverses, so the
differ (differ.py) reads the specs back into records with parse_line.
"""
import hashlib
import inspect
import json
import re
from typing import NamedTuple

_KEY = re.compile(r"[a-z_]+=")
_BARE = re.compile(r'[^\s"\[][^\s]*')


class SpecLine(NamedTuple):
    name: str
    kind: str
    fields: dict  # key -> the value's text as written (decode with decode_value)
    tail: str  # "" when absent


class Json:
    """A value written as JSON even when it would pass as a bare token (attribute
    defaults: `1` is an int, `"1"` a string)."""

    def __init__(self, value):
        self.value = value


def doc_hash(doc):
    """12 hex digits of sha256 over the cleaned docstring; "-" when there is none."""
    if not doc or not doc.strip():
        return "-"
    return hashlib.sha256(inspect.cleandoc(doc).encode("utf-8")).hexdigest()[:12]


# {hash: cleaned text} of the comments the header and Java readers hashed, so that
# the reference pages (tools/docs/native_api.py) get the text behind each doc= field.
DOC_TEXTS = {}


def remembered_doc_hash(doc):
    """doc_hash(doc), keeping the cleaned text in DOC_TEXTS under its hash."""
    digest = doc_hash(doc)
    if digest != "-":
        DOC_TEXTS[digest] = inspect.cleandoc(doc)
    return digest


def format_value(value):
    if isinstance(value, Json):
        return json.dumps(value.value, separators=(",", ":"), ensure_ascii=False)
    if isinstance(value, str) and value and _BARE.fullmatch(value):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def format_line(name, kind, fields=(), tail=""):
    """fields: (key, value) pairs in the order to write them."""
    parts = [name, kind] + [f"{k}={format_value(v)}" for k, v in fields]
    if tail:
        if _KEY.match(tail):
            raise ValueError(f"{name}: a tail may not look like a field: {tail!r}")
        parts.append(tail)
    line = " ".join(parts)
    if "\n" in line or "\r" in line:
        raise ValueError(f"{name}: a spec line may not hold a line break")
    return line


def decode_value(text):
    """A field's value: the decoded JSON, or the bare token as a string."""
    return json.loads(text) if text[:1] in ('"', "[") else text


def unparse(spec_line):
    """The line again, from its parts (parse_line's inverse)."""
    parts = [spec_line.name, spec_line.kind] + [f"{k}={v}" for k, v in spec_line.fields.items()]
    return " ".join(parts + ([spec_line.tail] if spec_line.tail else []))


def parse_line(line):
    """The SpecLine of one spec line; ValueError when it breaks the grammar."""
    name, sep, rest = line.partition(" ")
    kind, _, rest = rest.partition(" ")
    if not name or not sep or not kind:
        raise ValueError(f"not a spec line: {line!r}")
    fields, decoder = {}, json.JSONDecoder()
    while rest and _KEY.match(rest):
        key, _, rest = rest.partition("=")
        if rest[:1] in ('"', "["):
            end = decoder.raw_decode(rest)[1]
        else:
            end = len(rest.split(" ", 1)[0])
        if key in fields or end == 0:
            raise ValueError(f"field {key!r} empty or twice: {line!r}")
        fields[key] = rest[:end]
        rest = rest[end:]
        if rest and not rest.startswith(" "):
            raise ValueError(f"junk after field {key!r}: {line!r}")
        rest = rest[1:]
    return SpecLine(name, kind, fields, rest)
