"""paddle.metric against PaddlePaddle 3.3.1's values (recorded by
tools/oracle/hapi_oracle.py) and small hand-computed cases; bad inputs."""
import json
import pathlib

import numpy as np
import pytest

import hapi_cases
import paddle

EXPECTED = json.loads((pathlib.Path(__file__).resolve().parents[1] / "data" / "hapi" /
                       "expected.json").read_text())["metrics"]


def _as_json(value):
    return json.loads(json.dumps(value, default=lambda v: v.tolist()))


def test_metric_values_match_paddlepaddle():
    got = _as_json(hapi_cases.run_metrics(paddle))
    assert sorted(got) == sorted(EXPECTED)
    for key, want in EXPECTED.items():
        assert np.allclose(np.array(_numbers(got[key])), np.array(_numbers(want))), key
        assert _names(got[key]) == _names(want), key


def _numbers(v):
    if isinstance(v, dict):
        return [x for k in sorted(v) for x in _numbers(v[k])]
    if isinstance(v, list):
        return [x for item in v for x in _numbers(item)]
    return [] if isinstance(v, str) else [v]


def _names(v):
    if isinstance(v, dict):
        return [x for k in sorted(v) for x in _names(v[k])]
    if isinstance(v, list):
        return [x for item in v for x in _names(item)]
    return [v] if isinstance(v, str) else []


def test_accuracy_topk_by_hand_and_reset():
    m = paddle.metric.Accuracy(topk=(1, 2), name="hit")
    assert m.name() == ["hit_top1", "hit_top2"]
    pred = paddle.to_tensor([[0.1, 0.7, 0.2], [0.5, 0.1, 0.4], [0.3, 0.2, 0.5]])
    correct = m.compute(pred, paddle.to_tensor([[2], [2], [1]]))
    assert correct.dtype == paddle.float32
    np.testing.assert_array_equal(correct.numpy(), [[0, 1], [0, 1], [0, 0]])
    assert m.update(correct) == [0.0, 2 / 3]
    m.reset()
    assert m.accumulate() == [0.0, 0.0]


def test_accuracy_function_counts_into_correct_and_total():
    correct = paddle.to_tensor([0], dtype="int32")
    total = paddle.to_tensor([0], dtype="int32")
    pred = paddle.to_tensor([[0.1, 0.9], [0.8, 0.2], [0.4, 0.6]], stop_gradient=False)
    acc = paddle.metric.accuracy(pred, paddle.to_tensor([[1], [1], [1]]), correct=correct,
                                 total=total)
    assert acc.shape == [] and acc.dtype == paddle.float32 and acc.stop_gradient
    assert acc.item() == pytest.approx(2 / 3)
    assert correct.item() == 2 and total.item() == 3


def test_auc_by_hand():
    # 2 positives, 2 negatives; one of the four pairs is ordered wrongly.
    m = paddle.metric.Auc()
    m.update(np.array([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4], [0.3, 0.7]]),
             np.array([[0], [1], [1], [0]]))
    assert m.accumulate() == pytest.approx(0.75)
    m.reset()
    assert m.accumulate() == 0.0


def test_a_metric_must_define_the_abstract_methods():
    class Incomplete(paddle.metric.Metric):
        def name(self):
            return "x"
    with pytest.raises(TypeError):
        Incomplete()


@pytest.mark.parametrize("make, args, error", [
    (paddle.metric.Precision, ([1, 0], np.array([1, 0])), ValueError),
    (paddle.metric.Recall, (np.array([1.0]), "1"), ValueError),
    (paddle.metric.Precision, (np.ones((3, 2)), np.ones((3, 1))), ValueError),
    (paddle.metric.Auc, (np.array([[0.5, 1.5]]), np.array([1])), ValueError),
    (paddle.metric.Auc, (np.array([0.5, 0.2]), np.array([1, 0])), ValueError),
])
def test_bad_metric_inputs(make, args, error):
    with pytest.raises(error):
        make().update(*args)


def test_bad_accuracy_arguments():
    pred = paddle.to_tensor([[0.1, 0.9], [0.8, 0.2]])
    label = paddle.to_tensor([[1], [0]])
    with pytest.raises(ValueError, match="k must be"):
        paddle.metric.accuracy(pred, label, k=3)
    with pytest.raises(TypeError):
        paddle.metric.accuracy(pred.numpy(), label)
    with pytest.raises(ValueError, match="one class per row"):
        paddle.metric.accuracy(pred, paddle.to_tensor([1, 0, 1]))
    with pytest.raises(ValueError, match="topk"):
        paddle.metric.Accuracy(topk=(0,))
    with pytest.raises(ValueError, match="exceeds"):
        paddle.metric.Accuracy(topk=(3,)).compute(pred, label)
    with pytest.raises(ValueError, match="num_thresholds"):
        paddle.metric.Auc(num_thresholds=0)
