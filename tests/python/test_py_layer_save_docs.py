"""Every Example in the docstrings of paddle.autograd.PyLayer and of
paddle.save / paddle.load / paddle.async_save runs and prints what it shows."""
import doctest

import pytest

import paddle
from paddle.autograd import py_layer
from paddle.framework import _async_save as framework_async_save
from paddle.framework import io as framework_io


def _docstring_examples():
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests = []
    for module in (py_layer, framework_io, framework_async_save):
        tests += [t for t in finder.find(module, module.__name__, globs={}) if t.examples]
    return sorted(tests, key=lambda t: t.name)


@pytest.mark.parametrize("test", _docstring_examples(), ids=lambda t: t.name)
def test_docstring_example_runs(test):
    test.globs = {"paddle": paddle}
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    report = []
    assert runner.run(test, out=report.append).failed == 0, "".join(report)
