"""Every Example in the docstrings of paddle.metric, paddle.hapi and
paddle.callbacks runs and prints what it shows (in a scratch directory: some
save checkpoints)."""
import doctest
import importlib
import pkgutil

import numpy as np
import pytest

import paddle

ROOTS = ["paddle.metric", "paddle.hapi", "paddle.callbacks"]


def _doctests():
    names = set()
    for root in ROOTS:
        module = importlib.import_module(root)
        names.add(root)
        for info in pkgutil.walk_packages(getattr(module, "__path__", []), root + "."):
            names.add(info.name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests = {}
    for name in sorted(names):
        for test in finder.find(importlib.import_module(name), name, globs={}):
            if test.examples:
                tests.setdefault(test.name, test)
    return [tests[k] for k in sorted(tests)]


@pytest.mark.parametrize("test", _doctests(), ids=lambda t: t.name)
def test_docstring_example_runs(test, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    paddle.seed(0)
    test.globs = {"paddle": paddle, "np": np}
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    report = []
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)
