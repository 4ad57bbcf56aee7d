"""Every Example in the docstrings of paddle.nn (and of the parameter and
unique-name helpers it brings) runs and prints what it shows."""
import doctest
import importlib
import pkgutil

import pytest

import paddle

ROOTS = ["paddle.nn", "paddle.utils.unique_name", "paddle.base.framework", "paddle.base.param_attr"]


def _modules():
    names = set()
    for root in ROOTS:
        module = importlib.import_module(root)
        names.add(root)
        for info in pkgutil.walk_packages(getattr(module, "__path__", []), root + "."):
            names.add(info.name)
    return sorted(names)


def _doctests():
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests = {}
    for name in _modules():
        for test in finder.find(importlib.import_module(name), name, globs={}):
            if test.examples:
                tests.setdefault(test.name, test)  # re-exports are found once
    return [tests[k] for k in sorted(tests)]


@pytest.mark.parametrize("test", _doctests(), ids=lambda t: t.name)
def test_docstring_example_runs(test):
    paddle.seed(0)
    test.globs = {"paddle": paddle}
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    report = []
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)
