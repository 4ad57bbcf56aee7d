"""The Chinese text of the API reference, kept in the repository.

    docs/i18n/zh/<surface>/<group>.yaml     (surface: python, cpp, c, java)

maps an API's full name to the translation of its English text and the hash of
the English text it was translated from:

    paddle.add:
      en_hash: '3f2a9c1b7d20'
      text: |-
        逐元素计算 x + y，按 NumPy 的规则广播。

When the English text changes, its hash no longer matches and the translation is
stale (the coverage gate says so). `text_hash` is the one definition of the hash.

    .venv/bin/python tools/docs/translations.py todo SURFACE [PREFIX]

prints, as YAML entries to fill in, the APIs of a surface (whose names start
with PREFIX) that have no translation or a stale one, each with its English text;
`check SURFACE [PREFIX]` lists every problem of its translations (see problems()).
"""
import dataclasses
import hashlib
import pathlib
import re
import sys

import yaml

REPO = pathlib.Path(__file__).resolve().parents[2]
ROOT = REPO / "docs" / "i18n" / "zh"
SURFACES = ("python", "cpp", "c", "java")


class TranslationError(Exception):
    """A translation file that cannot be read: names the file and the entry."""


def normalize(text):
    """The text as hashed and compared: no trailing spaces, no blank edges."""
    return "\n".join(line.rstrip() for line in (text or "").strip().splitlines())


def text_hash(text):
    """12 hex digits of the SHA-256 of the normalized English text."""
    return hashlib.sha256(normalize(text).encode("utf-8")).hexdigest()[:12]


@dataclasses.dataclass(frozen=True)
class Entry:
    name: str
    en_hash: str
    text: str
    file: pathlib.Path


_HASH = re.compile(r"[0-9a-f]{12}")


def _entries_of(path):
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as e:
        raise TranslationError(f"{path}: not valid YAML: {e}") from None
    if data is None:
        return []
    if not isinstance(data, dict):
        raise TranslationError(f"{path}: expected a mapping of API names to entries")
    out = []
    for name, value in data.items():
        where = f"{path}: {name}"
        if not isinstance(value, dict) or set(value) != {"en_hash", "text"}:
            raise TranslationError(f"{where}: an entry has exactly the keys en_hash and text")
        en_hash, text = str(value["en_hash"]), value["text"]
        if not _HASH.fullmatch(en_hash):
            raise TranslationError(f"{where}: en_hash must be 12 hex digits, got {en_hash!r}")
        if not isinstance(text, str) or not text.strip():
            raise TranslationError(f"{where}: text is empty")
        out.append(Entry(str(name), en_hash, normalize(text), path))
    return out


def load(surface, root=ROOT):
    """{full name: Entry} of one surface; a name in two files is an error."""
    entries = {}
    for path in sorted((pathlib.Path(root) / surface).glob("*.yaml")):
        for entry in _entries_of(path):
            if entry.name in entries:
                raise TranslationError(f"{entry.name}: translated twice, in "
                                       f"{entries[entry.name].file} and {path}")
            entries[entry.name] = entry
    return entries


def dump(entries):
    """YAML text of {name: (en_hash, text)}, sorted by name, text as a block."""
    lines = []
    for name in sorted(entries):
        en_hash, text = entries[name]
        lines += [f"{name}:", f"  en_hash: '{en_hash}'", "  text: |-"]
        lines += [f"    {line}" if line else "" for line in normalize(text).splitlines()]
    out = "\n".join(lines) + "\n"
    back = yaml.safe_load(out) or {}
    assert {k: (v["en_hash"], normalize(v["text"])) for k, v in back.items()} == \
        {k: (h, normalize(t)) for k, (h, t) in entries.items()}, "dump does not round-trip"
    return out


def todo(english, translated):
    """{name: English text} of the APIs whose translation is missing or stale.
    `english` is {name: English text} of the APIs that have text to translate."""
    return {name: text for name, text in english.items()
            if name not in translated or translated[name].en_hash != text_hash(text)}


_CJK = re.compile(r"[\u4e00-\u9fff]")


def problems(english, translated):
    """[(kind, name, message)] of one surface's translations: kind is missing,
    stale, orphan (a translation of no API), untranslated (no Chinese in it) or
    params (its parameter names differ from the English text's)."""
    import docstrings
    out = []
    for name, text in sorted(english.items()):
        entry = translated.get(name)
        if entry is None:
            out.append(("missing", name, "no Chinese translation"))
        elif entry.en_hash != text_hash(text):
            out.append(("stale", name, f"translated from English text {entry.en_hash}, "
                        f"the English text is now {text_hash(text)} ({entry.file.name})"))
        elif not _CJK.search(entry.text):
            out.append(("untranslated", name, f"the text has no Chinese ({entry.file.name})"))
        else:
            en = [p.name for p in docstrings.parse(text).params]
            zh = [p.name for p in docstrings.parse(entry.text).params]
            if en != zh:
                out.append(("params", name, f"documents parameters {zh}, the English text "
                            f"{en} ({entry.file.name})"))
    for name in sorted(set(translated) - set(english)):
        out.append(("orphan", name, f"translates an API that does not exist or has no text "
                    f"({translated[name].file.name})"))
    return out


def english_texts(surface):
    """{full name: English text to translate} of a surface, from its generator."""
    if surface == "python":
        import python_api
        return python_api.english_texts(python_api.collect())
    import native_api
    return native_api.english_texts(surface)


def main(argv):
    if len(argv) not in (2, 3) or argv[0] not in ("todo", "check") or argv[1] not in SURFACES:
        sys.exit(f"usage: translations.py {{todo,check}} {{{','.join(SURFACES)}}} [PREFIX]")
    prefix = argv[2] if len(argv) == 3 else ""
    english = {k: v for k, v in english_texts(argv[1]).items() if k.startswith(prefix)}
    translated = {k: v for k, v in load(argv[1]).items() if k.startswith(prefix)}
    if argv[0] == "todo":
        missing = todo(english, translated)
        sys.stdout.write(dump({k: (text_hash(v), v) for k, v in missing.items()}))
        return
    found = problems(english, translated)
    for kind, name, message in found:
        print(f"{kind:12} {name}: {message}")
    print(f"{len(english)} texts, {len(translated)} translations, {len(found)} problems")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
