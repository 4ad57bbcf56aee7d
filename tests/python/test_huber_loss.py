"""paddle.nn.HuberLoss: PaddlePaddle 3.3.1's numbers for the three reductions
(recorded by hand from 3.3.1: HuberLoss(delta=0.5), HuberLoss('none', 2.0),
HuberLoss('sum') on the tensors below)."""
import numpy as np
import pytest

import paddle

A = [[0.1, 2.0], [1.0, -3.0]]
B = [[0.0, 1.0], [1.2, 0.0]]


def test_matches_3_3_1():
    a, b = paddle.to_tensor(A), paddle.to_tensor(B)
    assert paddle.nn.HuberLoss(delta=0.5)(a, b).item() == pytest.approx(0.44375, rel=1e-6)
    np.testing.assert_allclose(paddle.nn.HuberLoss(reduction="none", delta=2.0)(a, b).numpy(),
                               [[0.005, 0.5], [0.02, 4.0]], rtol=1e-5)
    assert paddle.nn.HuberLoss(reduction="sum")(a, b).item() == pytest.approx(3.025, rel=1e-6)
    assert isinstance(paddle.nn.HuberLoss(), paddle.nn.SmoothL1Loss)


def test_bad_reduction_names_the_layer():
    with pytest.raises(ValueError, match="HuberLoss"):
        paddle.nn.HuberLoss(reduction="max")
