"""The Example sections of the tensor modules run and print what they say."""
import doctest

import pytest

import paddle
from paddle.tensor import (
    attribute, cumulative, gather_scatter, inplace, layout, linalg, manipulation, math_extra,
    numeric, ordered, search, stat,
)


@pytest.mark.parametrize("module", [attribute, cumulative, gather_scatter, inplace, layout, linalg,
                                    manipulation, math_extra, numeric, ordered, search, stat],
                         ids=lambda m: m.__name__)
def test_examples_run(module):
    result = doctest.testmod(module, extraglobs={"paddle": paddle}, report=False,
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0
