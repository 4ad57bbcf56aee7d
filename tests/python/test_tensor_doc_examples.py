"""The Example sections of the tensor modules run and print what they say."""
import doctest

import pytest

import paddle
from paddle.tensor import (
    aliases, attribute, cumulative, gather_scatter, inplace, joining, layout, linalg,
    linalg_composite, manipulation, math_extra, numeric, ordered, predicates, search, stat,
)


@pytest.mark.parametrize("module", [aliases, attribute, cumulative, gather_scatter, inplace,
                                    joining, layout, linalg, linalg_composite, manipulation,
                                    math_extra, numeric, ordered, predicates, search, stat],
                         ids=lambda m: m.__name__)
def test_examples_run(module):
    result = doctest.testmod(module, extraglobs={"paddle": paddle}, report=False,
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0
