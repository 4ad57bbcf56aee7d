"""Every Example in the docstrings of paddle.metric, paddle.hapi and
paddle.callbacks runs and prints what it shows (in a scratch directory: some
save checkpoints)."""
import numpy as np
import pytest

import docstring_examples
import paddle

ROOTS = ["paddle.metric", "paddle.hapi", "paddle.callbacks"]


@pytest.mark.parametrize("test", docstring_examples.find(ROOTS), ids=lambda t: t.name)
def test_docstring_example_runs(test, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    paddle.seed(0)
    failures = docstring_examples.run(test, {"paddle": paddle, "np": np})
    assert not failures, failures
