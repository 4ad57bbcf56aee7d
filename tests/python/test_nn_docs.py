"""Every Example in the docstrings of paddle.nn (and of the parameter and
unique-name helpers it brings) runs and prints what it shows."""
import pytest

import docstring_examples
import paddle

ROOTS = ["paddle.nn", "paddle.utils.unique_name", "paddle.base.framework", "paddle.base.param_attr"]


@pytest.mark.parametrize("test", docstring_examples.find(ROOTS), ids=lambda t: t.name)
def test_docstring_example_runs(test):
    paddle.seed(0)
    failures = docstring_examples.run(test, {"paddle": paddle})
    assert not failures, failures
