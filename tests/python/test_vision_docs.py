"""Every Example in paddle.vision's docstrings runs and prints what it shows."""
import doctest
import importlib
import pkgutil

import pytest

import paddle
import paddle.vision


def _vision_doctests():
    finder = doctest.DocTestFinder(exclude_empty=True)
    found = {}
    names = ["paddle.vision"] + [m.name for m in pkgutil.walk_packages(
        paddle.vision.__path__, "paddle.vision.")]
    for name in sorted(names):
        for test in finder.find(importlib.import_module(name), name, globs={}):
            if test.examples:
                found.setdefault(test.name, test)
    return [found[k] for k in sorted(found)]


@pytest.mark.parametrize("test", _vision_doctests(), ids=lambda t: t.name)
def test_vision_example_runs(test):
    before = paddle.vision.get_image_backend()
    test.globs = {"paddle": paddle}
    report = []
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    try:
        failed = runner.run(test, out=report.append).failed
    finally:
        paddle.vision.set_image_backend(before)
    assert failed == 0, "".join(report)
