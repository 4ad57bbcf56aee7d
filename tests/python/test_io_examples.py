"""The examples in paddle.io's docstrings run and print what they show."""
import doctest
import importlib

import pytest

MODULES = ["paddle.io.reader", "paddle.io.dataloader.dataset", "paddle.io.dataloader.sampler",
           "paddle.io.dataloader.batch_sampler", "paddle.io.dataloader.collate",
           "paddle.io.dataloader.worker"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name),
                             optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
