"""The documentation coverage gate (run by .ci/run through scripts/test.sh).

    .venv/bin/python tools/docs/coverage_gate.py [--report FILE] [--no-examples]

Checks, for each surface (Python API, operators, C++, C and Java inference APIs,
guides) and each language, that:
  - every public API and op has a page (the specs in api_spec/ say what is public),
    with English text, and a Chinese translation that is current with it;
  - what the pages say about parameters matches the code's signatures;
  - no translation or Chinese guide documents something that no longer exists;
  - every public function and class has an example, and every example runs.
Prints counts per surface and language and every problem; exits 1 on any.
"""
import argparse
import dataclasses
import inspect
import pathlib
import re
import sys

import docstrings
import translations

REPO = pathlib.Path(__file__).resolve().parents[2]
SPEC_DIR = REPO / "api_spec"
DOCS = REPO / "docs"
LANGS = ("en", "zh")
# A Chinese guide starts with the hash of the English guide it was translated from.
SOURCE_MARK = re.compile(r"^<!-- source: en/(\S+) ([0-9a-f]{12}) -->\n")


@dataclasses.dataclass(frozen=True)
class Problem:
    surface: str
    lang: str
    kind: str
    name: str
    message: str

    def __str__(self):
        return f"{self.surface:7} {self.lang}  {self.kind:12} {self.name}: {self.message}"


@dataclasses.dataclass
class Count:
    surface: str
    lang: str
    total: int
    documented: int


def spec_names(spec_file, kinds=None):
    """The names of the given kinds (all: None) in a spec file (first two columns)."""
    names = set()
    path = SPEC_DIR / spec_file
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        parts = line.split(" ", 2)
        if len(parts) >= 2 and (kinds is None or parts[1] in kinds):
            names.add(parts[0])
    return names


# ---- Python -------------------------------------------------------------------------------

def _code_params(obj, kind):
    """The parameter names of a function, or of a class's constructor; None when
    the code gives no signature (some compiled functions)."""
    target = obj
    if kind == "class":
        if "__init__" not in vars(obj):
            return None
        target = obj.__init__
    try:
        params = inspect.signature(target).parameters
    except (TypeError, ValueError):
        return None
    return {n for n in params if n != "self"}


def python_problems(apis, public, zh):
    """(counts, problems) of the Python reference. `apis`: python_api.collect();
    `public`: the public function and class names (the specs); `zh`: the loaded
    Chinese translations."""
    import python_api
    problems = []
    documented = {a.name for a in apis} | {n for a in apis for n in a.aliases}
    for name in sorted(public - documented):
        problems.append(Problem("python", "en", "missing", name, "public (in the spec) but "
                                "not in the reference"))
    english = python_api.english_texts(apis)
    for api in apis:
        if not docstrings.prose(api.doc):
            problems.append(Problem("python", "en", "missing", api.name, "no docstring"))
        if not docstrings.parse(api.doc).examples:
            problems.append(Problem("python", "en", "no_example", api.name,
                                    "no Example section in its docstring"))
        code = _code_params(api.obj, api.kind)
        if code is None:
            continue
        described = [n.lstrip("*") for p in docstrings.parse(api.doc).params for n in p.names]
        for name in described:
            if name not in code:
                problems.append(Problem("python", "en", "signature", api.name,
                                        f"documents parameter {name!r}, the code has "
                                        f"{sorted(code)}"))
    for kind, name, message in translations.problems(english, zh):
        problems.append(Problem("python", "zh", kind, name, message))
    bad_zh = {p.name for p in problems if p.lang == "zh"}
    bad_en = {p.name for p in problems if p.lang == "en" and p.kind == "missing"}
    counts = [Count("python", "en", len(apis), len({a.name for a in apis} - bad_en)),
              Count("python", "zh", len(english), len(set(english) - bad_zh))]
    return counts, problems


# ---- operators ----------------------------------------------------------------------------

def op_problems(protos, public):
    """(counts, problems) of the operator reference: every op of the spec has a
    registered proto, and each has its English and Chinese text."""
    from op_pages import OpDocError, check_protos
    from op_families import registered_families
    problems = []
    registered = {p.type for p in protos}
    for name in sorted(public - registered):
        problems.append(Problem("ops", "en", "missing", name, "in ops.spec, not registered"))
    try:
        check_protos(protos, registered_families((REPO / "core" / "ops",
                                                  REPO / "core" / "distributed")))
    except OpDocError as e:
        for line in str(e).splitlines():
            lang = "zh" if "Chinese" in line else "en"
            problems.append(Problem("ops", lang, "missing", line.split(":")[0], line))
    bad = {lang: {p.name for p in problems if p.lang == lang} for lang in LANGS}
    counts = [Count("ops", lang, len(protos), len(registered - bad[lang])) for lang in LANGS]
    return counts, problems


# ---- C++, C, Java --------------------------------------------------------------------------

def native_problems(surface, documented, english, zh, public):
    """(counts, problems) of one inference API surface: every spec name is on a
    page (`documented`: {name: page}), and its doc comment has a current translation."""
    problems = []
    for name in sorted(public - set(documented)):
        problems.append(Problem(surface, "en", "missing", name, "public (in the spec) but on "
                                "no page"))
    for name in sorted(set(documented) - public):
        problems.append(Problem(surface, "en", "orphan", name, f"on page {documented[name]}, "
                                "not in the spec"))
    for kind, name, message in translations.problems(english, zh):
        problems.append(Problem(surface, "zh", kind, name, message))
    bad_zh = {p.name for p in problems if p.lang == "zh"}
    return [Count(surface, "en", len(public), len(public & set(documented))),
            Count(surface, "zh", len(english), len(set(english) - bad_zh))], problems


# ---- guides -------------------------------------------------------------------------------

def guide_pages(docs_root, lang):
    """The hand-written pages of a site, relative paths (the README is not a page)."""
    root = pathlib.Path(docs_root) / lang
    return {str(p.relative_to(root)) for p in root.rglob("*.md") if p.name != "README.md"}


def source_mark(rel, docs_root=DOCS):
    """The first line a Chinese guide needs: the English page's path and hash."""
    english = (pathlib.Path(docs_root) / "en" / rel).read_text(encoding="utf-8")
    return f"<!-- source: en/{rel} {translations.text_hash(english)} -->"


def guide_problems(docs_root=DOCS):
    """(counts, problems) of the guides: each page has its twin, and each Chinese
    page is marked with the hash of the English text it was translated from."""
    problems = []
    en, zh = guide_pages(docs_root, "en"), guide_pages(docs_root, "zh")
    for rel in sorted(en - zh):
        problems.append(Problem("guides", "zh", "missing", rel, "no Chinese page"))
    for rel in sorted(zh - en):
        problems.append(Problem("guides", "zh", "orphan", rel, "a Chinese page with no "
                                "English page"))
    for rel in sorted(en & zh):
        english = (pathlib.Path(docs_root) / "en" / rel).read_text(encoding="utf-8")
        chinese = (pathlib.Path(docs_root) / "zh" / rel).read_text(encoding="utf-8")
        mark = SOURCE_MARK.match(chinese)
        want = translations.text_hash(english)
        if mark is None or mark.group(1) != rel:
            problems.append(Problem("guides", "zh", "unmarked", rel, "the Chinese page does not "
                                    f"start with <!-- source: en/{rel} {want} -->"))
        elif mark.group(2) != want:
            problems.append(Problem("guides", "zh", "stale", rel, f"translated from English "
                                    f"text {mark.group(2)}, the English page is now {want}"))
    bad = {p.name for p in problems}
    return [Count("guides", "en", len(en), len(en)),
            Count("guides", "zh", len(en), len(en & zh - bad))], problems


# ---- examples -----------------------------------------------------------------------------

def example_problems(apis):
    """(examples run, problems) of the docstring examples of the Python reference."""
    import examples_runner
    failures, ran = examples_runner.run(apis)
    return ran, [Problem("python", "en", "example", name, report.strip().splitlines()[-1]
                         if report.strip() else "failed") for name, report in failures]


# ---- the gate -----------------------------------------------------------------------------

def collect_all(run_examples=True):
    """(counts, problems, examples run) of every surface."""
    import native_api
    import python_api
    from gen_op_reference import load_protos
    counts, problems = [], []
    apis = python_api.collect()
    public = spec_names("python.spec", {"function", "class"}) | \
        spec_names("contrib.spec", {"function", "class"})
    for c, p in (python_problems(apis, public, translations.load("python")),
                 op_problems(load_protos(), spec_names("ops.spec", {"op"})),
                 guide_problems()):
        counts += c
        problems += p
    for surface in ("cpp", "c", "java"):
        c, p = native_problems(surface, native_api.documented(surface),
                               native_api.english_texts(surface), translations.load(surface),
                               spec_names(f"{surface}.spec"))
        counts += c
        problems += p
    ran = 0
    if run_examples:
        ran, p = example_problems(apis)
        problems += p
    return counts, problems, ran


def report(counts, problems, ran):
    lines = ["documentation coverage (documented / total):"]
    for c in counts:
        lines.append(f"  {c.surface:7} {c.lang}  {c.documented:5} / {c.total}")
    if ran:
        lines.append(f"  examples run: {ran}")
    kinds = {}
    for p in problems:
        kinds[p.kind] = kinds.get(p.kind, 0) + 1
    lines.append(f"problems: {len(problems)}" + (" (" + ", ".join(
        f"{k} {n}" for k, n in sorted(kinds.items())) + ")" if problems else ""))
    lines += [f"  {p}" for p in problems]
    return "\n".join(lines) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", help="also write the report to this file")
    parser.add_argument("--no-examples", action="store_true", help="do not run the examples")
    parser.add_argument("--source-mark", metavar="GUIDE",
                        help="print the first line of the Chinese twin of docs/en/GUIDE (its "
                        "source mark) and exit; put it there after translating a change")
    args = parser.parse_args(argv)
    if args.source_mark:
        print(source_mark(args.source_mark))
        return 0
    counts, problems, ran = collect_all(not args.no_examples)
    text = report(counts, problems, ran)
    sys.stdout.write(text)
    if args.report:
        pathlib.Path(args.report).write_text(text, encoding="utf-8")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
