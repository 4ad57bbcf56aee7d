"""Runs the examples of the documented Python API (python_api.collect()): each
API's and each of its members' docstring examples, as doctest reads them.
`module_doctests` finds, the way doctest does, those of every module of a
package instead, so the examples of helpers outside the reference run too.

Each docstring runs in a fresh state, so an example cannot depend on another:
a temporary working directory (an example that saves a file writes it there),
a fresh unique-name generator, fresh default static programs and scope, and
the globals `paddle` and `np` (no seed: an example that shows random values
sets its own); afterwards dynamic mode, the float32 default dtype, the flags
and the image backend are back.

    .venv/bin/python tools/docs/examples_runner.py [PREFIX]

runs the examples of the APIs whose names start with PREFIX and prints the
failures (exit status 1 when one fails).
"""
import contextlib
import doctest
import importlib
import importlib.util
import os
import pkgutil
import sys
import tempfile

import numpy as np

import python_api

OPTIONS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
_PARSER = doctest.DocTestParser()


def doctests(api):
    """[(name, doctest.DocTest)] of an API and of its own members, those with
    examples; a member that is a public function is run on that function's page."""
    docs = [(api.name, api.doc)] + [(m.name, m.doc) for m in api.members]
    found = []
    for name, doc in docs:
        test = _PARSER.get_doctest(doc or "", {}, name, None, 0)
        if test.examples:
            found.append((name, test))
    return found


def module_doctests(roots):
    """[(name, doctest.DocTest)] with examples of every Python module under the
    packages ``roots`` (extension modules have none), by doctest's names."""
    names = set()
    for root in roots:
        package = importlib.import_module(root)
        names.add(root)
        for info in pkgutil.walk_packages(getattr(package, "__path__", []), root + "."):
            spec = importlib.util.find_spec(info.name)
            if spec.origin and spec.origin.endswith(".py"):
                names.add(info.name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    found = {}
    for name in sorted(names):
        for test in finder.find(importlib.import_module(name), name, globs={}):
            if test.examples:
                found.setdefault(test.name, test)  # a re-export is found again
    return [(name, found[name]) for name in sorted(found)]


@contextlib.contextmanager
def fresh_state():
    """The state every example starts from, and what is restored after it."""
    import paddle

    cwd = os.getcwd()
    backend = paddle.vision.get_image_backend()
    flags = paddle.get_flags(list(paddle._core.list_flags()))  # process-wide: an example may set one
    with tempfile.TemporaryDirectory(prefix="paddle_example_") as scratch:
        os.chdir(scratch)
        try:
            paddle.disable_static()
            paddle.set_default_dtype("float32")
            with paddle.utils.unique_name.guard(), \
                    paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()), \
                    paddle.static.scope_guard(paddle.static.Scope()):
                yield
        finally:
            paddle.disable_static()
            paddle.set_default_dtype("float32")
            paddle.vision.set_image_backend(backend)
            paddle.set_flags(flags)
            os.chdir(cwd)


def run_test(test):
    """Runs one doctest in a fresh state; the failure report, or ''."""
    import paddle

    test.globs = {"paddle": paddle, "np": np}
    runner = doctest.DocTestRunner(optionflags=OPTIONS)
    report = []
    with fresh_state():
        failed = runner.run(test, out=report.append, clear_globs=True).failed
    return "".join(report) if failed else ""


def run(apis):
    """([(name, failure report)], number of docstrings run) of the APIs' examples."""
    return run_tests([found for api in apis for found in doctests(api)])


def run_tests(tests):
    """([(name, failure report)], number run) of [(name, doctest.DocTest)]."""
    failures = []
    for name, test in tests:
        report = run_test(test)
        if report:
            failures.append((name, report))
    return failures, len(tests)


def main(argv):
    prefix = argv[1] if len(argv) > 1 else ""
    apis = [a for a in python_api.collect() if a.name.startswith(prefix)]
    failures, ran = run(apis)
    for name, report in failures:
        print(f"=== {name}\n{report}")
    print(f"{ran} docstrings run, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
