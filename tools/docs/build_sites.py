"""Builds the English and Chinese documentation sites (what scripts/docs.sh runs).

Sphinx reads each site from a staging folder, build/docs/_src/<lang>: a copy
of docs/<lang> plus the references generated there (ops/, api/), so nothing
generated lands in docs/. The HTML goes to build/docs/<lang>; warnings are errors.
"""
import pathlib
import shutil
import subprocess
import sys
import time

import python_api
import python_pages
import translations
from gen_op_reference import write_op_reference
from generated_pages import write_generated
from native_api import write_pages as write_native_pages
from op_pages import LANGS, OpDocError

REPO = pathlib.Path(__file__).resolve().parents[2]
OUT = REPO / "build" / "docs"
STAGE = OUT / "_src"
GENERATED = ("ops", "api")  # folders of docs/<lang> reserved for the generated references


def stage_sources(lang):
    """build/docs/_src/<lang>: a copy of docs/<lang> (ops/ is generated beside it).

    A copy, not links: MyST resolves a link from the file's real path. Files are
    copied with their times and only when changed, so Sphinx rebuilds only those.
    """
    src, stage = REPO / "docs" / lang, STAGE / lang
    for folder in GENERATED:
        if (src / folder).exists():
            sys.exit(f"docs: docs/{lang}/{folder} is reserved for the generated reference")
    wanted = {p.relative_to(src) for p in src.rglob("*") if p.is_file()}
    for path in sorted(stage.rglob("*"), reverse=True) if stage.exists() else []:
        rel = path.relative_to(stage)
        if rel.parts[0] not in GENERATED and path.is_file() and rel not in wanted:
            path.unlink()
    for rel in wanted:
        target = stage / rel
        if not target.exists() or target.read_bytes() != (src / rel).read_bytes():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src / rel, target)


def write_python_reference():
    """The Python API pages of both sites; returns the number of APIs."""
    apis = python_api.collect()
    zh = translations.load("python")
    for lang in LANGS:
        write_generated(STAGE / lang, python_pages.ROOT, python_pages.pages(apis, lang, zh))
    return len(apis)


def build(lang):
    """Runs Sphinx for one site (conf.py from docs/<lang>); returns the seconds it took."""
    start = time.monotonic()
    subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-j", "auto", "-b", "html",
                    "-c", str(REPO / "docs" / lang), "-d", str(OUT / "_doctrees" / lang),
                    str(STAGE / lang), str(OUT / lang)], check=True)
    return time.monotonic() - start


def main():
    for lang in LANGS:
        stage_sources(lang)
    try:
        count = write_op_reference(STAGE)
    except OpDocError as e:
        sys.exit(f"docs: {e}")
    print(f"docs: operator reference for {count} operators generated", flush=True)
    print(f"docs: Python API reference for {write_python_reference()} APIs generated", flush=True)
    pages = write_native_pages(STAGE)
    print(f"docs: C++, C and Java reference ({pages} pages a site) generated", flush=True)
    for lang in LANGS:
        try:
            seconds = build(lang)
        except subprocess.CalledProcessError:
            sys.exit(f"docs: the {lang} site has warnings or errors (see above)")
        print(f"docs: {lang} site built in {seconds:.1f} s: {OUT / lang / 'index.html'}",
              flush=True)


if __name__ == "__main__":
    main()
