"""Tensor advanced indexing and item assignment: the results PaddlePaddle
3.3.1 recorded (tools/oracle/tensor_indexing_oracle.py), numpy's rules
where 3.3.1 has none, gradients through both, and bad indices."""
import json
import pathlib

import numpy as np
import pytest

import paddle
from grad_check import check_grad

DATA = pathlib.Path(__file__).resolve().parent.parent / "data" / "tensor_api"
CASES = json.loads((DATA / "indexing.json").read_text())
RECORDED = np.load(DATA / "indexing.npz")
X = RECORDED["x"]
MASK2 = np.array([[True, False, True], [False, False, True]])
MASK3 = X % 5 == 1
ENV = {"T": paddle.to_tensor, "np": np, "MASK2": MASK2, "MASK3": MASK3}


@pytest.mark.parametrize("i", range(len(CASES["get"])))
def test_getitem_matches_paddlepaddle(i):
    out = paddle.to_tensor(X)[eval(CASES["get"][i], ENV)]
    expect = RECORDED[f"get{i}"]
    assert out.shape == list(expect.shape), CASES["get"][i]
    np.testing.assert_array_equal(out.numpy(), expect)


@pytest.mark.parametrize("i", range(len(CASES["set"])))
def test_setitem_matches_paddlepaddle(i):
    index, value = CASES["set"][i]
    t = paddle.to_tensor(X)
    t[eval(index, ENV)] = eval(value, ENV)
    np.testing.assert_array_equal(t.numpy(), RECORDED[f"set{i}"])


@pytest.mark.parametrize("index", [
    (None, [1], slice(1, 3)),
    ([0, 1], None, [1, 2]),
    (np.array([[0, 1], [1, 0]]), slice(None, None, -1)),
    (slice(None), slice(2, 0, -1), np.array([[3], [0]])),
])
def test_getitem_follows_numpy_where_paddlepaddle_does_not_say(index):
    np.testing.assert_array_equal(paddle.to_tensor(X)[index].numpy(), X[index])


def test_getitem_dtypes_and_empty_results():
    flags = paddle.to_tensor(MASK2)
    assert flags[[1, 0]].dtype == paddle.bool
    np.testing.assert_array_equal(flags[[1, 0]].numpy(), MASK2[[1, 0]])
    idx32 = paddle.to_tensor([2, 1], dtype="int32")
    np.testing.assert_array_equal(paddle.to_tensor(X)[:, idx32].numpy(), X[:, [2, 1]])
    none = paddle.to_tensor(X)[paddle.to_tensor(X > 100)]
    assert none.shape == [0]


def test_gradients_flow_through_advanced_indexing():
    a = X[:, :, :2].astype("float64")
    check_grad(lambda t: t[[1, 0, 1], 1:], a)  # a repeated row gets both gradients
    check_grad(lambda t: t[paddle.to_tensor(MASK2)], a)
    check_grad(lambda t: t[:, [2, 0], [1, 0]], a)
    check_grad(lambda t: t[0, :, [1, 0]], a)


def test_getitem_bad_indices():
    x = paddle.to_tensor(X)
    with pytest.raises(IndexError, match="out of bounds"):
        x[[2]]
    with pytest.raises(IndexError, match="out of bounds"):
        x[:, paddle.to_tensor([-4])]
    with pytest.raises(IndexError, match="bool mask"):
        x[paddle.to_tensor([True, False, True])]
    with pytest.raises(IndexError, match="broadcast"):
        x[[0, 1], [0, 1, 2]]
    with pytest.raises(IndexError, match="ints or bools"):
        x[np.array([0.5])]
    with pytest.raises(IndexError, match="too many indices"):
        x[[0], 0, 0, 0]
    with pytest.raises(IndexError, match="unsupported index"):
        x["a"]


def test_setitem_gradients_reach_the_old_tensor_and_the_value():
    base = paddle.to_tensor(X[0], stop_gradient=False)
    value = paddle.to_tensor([[7.0], [8.0]], stop_gradient=False)
    y = base * 2
    y[[0, 2], 1:3] = value
    w = np.arange(12, dtype="float32").reshape(3, 4)
    (y * paddle.to_tensor(w)).sum().backward()
    expect = 2 * w
    expect[[0, 2], 1:3] = 0
    np.testing.assert_array_equal(base.grad.numpy(), expect)
    np.testing.assert_array_equal(value.grad.numpy(), w[[0, 2], 1:3].sum(1, keepdims=True))
    expect_y = 2 * X[0]
    expect_y[[0, 2], 1:3] = [[7.0], [8.0]]
    np.testing.assert_array_equal(y.numpy(), expect_y)


def test_setitem_with_a_mask_keeps_the_rest_and_casts_the_value():
    t = paddle.arange(6).reshape([2, 3])
    t[t > 2] = 0
    t[0] = 2.7
    assert t.tolist() == [[2, 2, 2], [0, 0, 0]] and t.dtype == paddle.int64
    flags = paddle.to_tensor([True, False, True])
    flags[1] = True
    assert flags.tolist() == [True, True, True]
    flags[[0, 2]] = False
    assert flags.tolist() == [False, True, False] and flags.dtype == paddle.bool
    t[paddle.to_tensor([False, False])] = 5  # selects nothing
    assert t.tolist() == [[2, 2, 2], [0, 0, 0]]


def test_setitem_bad_input():
    t = paddle.zeros([2, 3])
    with pytest.raises(ValueError, match="cannot assign a value of shape"):
        t[0] = paddle.ones([2])
    with pytest.raises(ValueError, match="cannot assign"):
        t[:, [0, 1]] = np.ones((3, 2))
    with pytest.raises(IndexError, match="out of bounds"):
        t[[5]] = 1.0
    with pytest.raises(TypeError, match="numbers, arrays or Tensors"):
        t[0] = "x"
    leaf = paddle.ones([2], dtype="float32")
    leaf.stop_gradient = False
    with pytest.raises(ValueError, match="Leaf Tensor"):
        leaf[0] = 1.0
    with paddle.no_grad():
        leaf[0] = 3.0
    assert leaf.tolist() == [3.0, 1.0]


def test_empty_selections_keep_their_shape():
    x = paddle.ones([3, 4])
    x.stop_gradient = False
    assert x[None, :0].shape == [1, 0, 4] and not x[None, :0].stop_gradient
    assert x[[]].shape == [0, 4] and x[:, []].shape == [3, 0]
    assert x[np.zeros(3, bool), 1:].shape == [0, 3]


def _random_item(rng, size):
    """One index item for a dim of ``size``: an int, a slice (any step, bounds
    past the ends), a whole slice, an int array, a bool mask or an int list."""
    kind = rng.integers(0, 6)
    if kind == 0:
        return int(rng.integers(-size, size))
    if kind == 1:
        start, stop = sorted(int(v) for v in rng.integers(-size - 1, size + 2, 2))
        return slice(start, stop, int(rng.choice([1, 2, -1, -2, 3])))
    if kind == 2:
        return slice(None)
    if kind == 3:
        return rng.integers(-size, size, int(rng.integers(1, 4)))
    if kind == 4:
        return rng.integers(0, 2, size).astype(bool)
    return [int(v) for v in rng.integers(-size, size, 2)]


def _random_cases(rng, count):
    """(x, index) pairs on which PaddlePaddle's rule is numpy's: no int next
    to an index array (3.3.1 applies ints first, numpy treats them as arrays)."""
    cases = []
    while len(cases) < count:
        shape = tuple(int(s) for s in rng.integers(1, 5, int(rng.integers(1, 4))))
        dims = int(rng.integers(1, len(shape) + 1))
        items = tuple(_random_item(rng, shape[d]) for d in range(dims))
        kinds = {type(it) for it in items}
        if kinds & {np.ndarray, list} and int in kinds:
            continue
        cases.append((rng.standard_normal(shape), items))
    return cases


def test_random_indices_read_what_numpy_reads():
    for x, index in _random_cases(np.random.default_rng(0), 400):
        try:
            expect = x[index]
        except IndexError:
            with pytest.raises(IndexError):
                paddle.to_tensor(x)[index]
            continue
        got = paddle.to_tensor(x)[index]
        assert got.shape == list(expect.shape), index
        np.testing.assert_array_equal(got.numpy(), expect, err_msg=str(index))


def test_random_assignments_write_what_numpy_writes():
    rng = np.random.default_rng(1)
    for x, index in _random_cases(rng, 400):
        try:
            target = x[index].shape
        except IndexError:
            continue
        # A value of the target's trailing dims, some of them 1 (broadcast).
        trailing = target[len(target) - int(rng.integers(0, len(target) + 1)):]
        value = rng.standard_normal(tuple(1 if rng.random() < 0.3 else s for s in trailing))
        expect = x.copy()
        expect[index] = value
        t = paddle.to_tensor(x)
        t[index] = value
        np.testing.assert_array_equal(t.numpy(), expect, err_msg=str(index))
