"""Finds and runs the Examples in the docstrings of a set of packages: each
module under the roots, each example found once (re-exports included)."""
import doctest
import importlib
import pkgutil


def _modules(roots):
    names = set()
    for root in roots:
        module = importlib.import_module(root)
        names.add(root)
        for info in pkgutil.walk_packages(getattr(module, "__path__", []), root + "."):
            names.add(info.name)
    return sorted(names)


def find(roots):
    """The doctests with examples of every module under ``roots``, by name."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests = {}
    for name in _modules(roots):
        for test in finder.find(importlib.import_module(name), name, globs={}):
            if test.examples:
                tests.setdefault(test.name, test)  # re-exports are found once
    return [tests[k] for k in sorted(tests)]


def run(test, globs):
    """Runs one doctest with ``globs`` in scope; the failure report, or ''."""
    test.globs = dict(globs)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    report = []
    result = runner.run(test, out=report.append)
    return "".join(report) if result.failed else ""
