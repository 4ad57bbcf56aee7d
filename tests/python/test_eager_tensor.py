"""paddle.Tensor in eager mode: creation, numpy interop, operators, type
promotion, basic indexing, printing; each checked against numpy."""
import numpy as np
import pytest

import paddle


def test_to_tensor_dtypes_follow_paddlepaddle():
    assert paddle.to_tensor(1.0).dtype == paddle.float32
    assert paddle.to_tensor(1).dtype == paddle.int64
    assert paddle.to_tensor(True).dtype == paddle.bool
    assert paddle.to_tensor(np.float64(1.0)).dtype == paddle.float64
    assert paddle.to_tensor(np.arange(3, dtype="int32")).dtype == paddle.int32
    assert paddle.to_tensor([1.5, 2.5], dtype="int32").tolist() == [1, 2]
    assert paddle.to_tensor(3).shape == [] and paddle.to_tensor(3).ndim == 0
    assert str(paddle.float32) == "paddle.float32"


def test_to_tensor_copies_and_numpy_shares():
    a = np.arange(6, dtype="float32").reshape(2, 3)
    t = paddle.to_tensor(a)
    a[0, 0] = 100
    assert t.numpy()[0, 0] == 0  # to_tensor copied
    v = t.numpy()
    assert v.ctypes.data == t._data_ptr()  # numpy() shares the buffer
    del t
    assert v[1, 2] == 5  # the array keeps the buffer alive


def test_to_tensor_bad_input():
    with pytest.raises(TypeError, match="data type"):
        paddle.to_tensor("abc")
    with pytest.raises(ValueError):
        paddle.to_tensor([[1, 2], [3]])
    with pytest.raises(TypeError, match="unknown dtype"):
        paddle.to_tensor([1.0], dtype="float31")


def test_creation_functions():
    np.testing.assert_array_equal(paddle.zeros([2, 3]).numpy(), np.zeros((2, 3), "float32"))
    np.testing.assert_array_equal(paddle.ones([2], dtype="int64").numpy(), [1, 1])
    assert paddle.full([2], 1).dtype == paddle.float32
    assert paddle.full([2], True).dtype == paddle.bool
    assert paddle.full([2], 7, dtype="int64").tolist() == [7, 7]
    assert paddle.full([1], 2**62 + 1, dtype="int64").item() == 2**62 + 1  # exact beyond float
    np.testing.assert_array_equal(paddle.arange(5).numpy(), np.arange(5))
    assert paddle.arange(5).dtype == paddle.int64
    np.testing.assert_allclose(paddle.arange(0, 1, 0.25).numpy(), [0, 0.25, 0.5, 0.75])
    np.testing.assert_allclose(paddle.linspace(0, 1, 5).numpy(), np.linspace(0, 1, 5))
    np.testing.assert_array_equal(paddle.eye(2, 3).numpy(), np.eye(2, 3))
    assert paddle.zeros_like(paddle.ones([2], dtype="int32")).dtype == paddle.int32
    assert paddle.full_like(paddle.to_tensor([1, 2]), 2.5).tolist() == [2, 2]
    with pytest.raises(ValueError, match="step"):
        paddle.arange(0, 5, 0)
    with pytest.raises(TypeError, match="shape"):
        paddle.zeros("abc")


def test_random_creation_is_seeded():
    paddle.seed(7)
    a = paddle.rand([100]).numpy()
    paddle.seed(7)
    b = paddle.rand([100]).numpy()
    np.testing.assert_array_equal(a, b)
    assert 0 <= a.min() and a.max() < 1
    r = paddle.randint(0, 5, [1000]).numpy()
    assert r.dtype == np.int64 and r.min() == 0 and r.max() == 4
    assert sorted(paddle.randperm(6).tolist()) == list(range(6))
    n = paddle.randn([4000]).numpy()
    assert abs(n.mean()) < 0.1 and abs(n.std() - 1) < 0.1
    with pytest.raises(ValueError, match="high"):
        paddle.randint(5, 5)


@pytest.mark.parametrize("op, ref", [
    (lambda a, b: a + b, np.add), (lambda a, b: a - b, np.subtract),
    (lambda a, b: a * b, np.multiply), (lambda a, b: a / b, np.divide),
    (lambda a, b: a ** b, np.power), (paddle.maximum, np.maximum), (paddle.minimum, np.minimum),
])
def test_binary_ops_broadcast_like_numpy(op, ref):
    rng = np.random.default_rng(0)
    a = rng.uniform(0.5, 2, (2, 3, 4)).astype("float32")
    b = rng.uniform(0.5, 2, (3, 1)).astype("float32")
    np.testing.assert_allclose(op(paddle.to_tensor(a), paddle.to_tensor(b)).numpy(), ref(a, b),
                               rtol=1e-6)
    np.testing.assert_allclose(op(paddle.to_tensor(a), 1.5).numpy(), ref(a, np.float32(1.5)),
                               rtol=1e-6)
    np.testing.assert_allclose(op(2.0, paddle.to_tensor(b)).numpy(), ref(np.float32(2.0), b),
                               rtol=1e-6)


def test_type_promotion_follows_paddlepaddle():
    i = paddle.to_tensor([1, 2])
    f = paddle.to_tensor([1.0, 2.0])
    assert (i + 1.5).dtype == paddle.float32
    assert (i * 2).dtype == paddle.int64
    assert (i / 2).dtype == paddle.float32
    assert (i // 2).dtype == paddle.int64
    assert (f + paddle.to_tensor([1.0], dtype="float64")).dtype == paddle.float64
    assert (paddle.to_tensor([True]) + 1).dtype == paddle.int64
    assert (i > 1).dtype == paddle.bool
    with pytest.raises(TypeError, match="Type promotion"):
        i + f
    with pytest.raises(TypeError, match="Type promotion"):
        i + paddle.to_tensor([1], dtype="int32")


def test_comparisons_and_logic():
    a = paddle.to_tensor([1, 2, 3])
    assert (a == 2).tolist() == [False, True, False]
    assert (a >= 2).tolist() == [False, True, True]
    assert (~(a < 2)).tolist() == [False, True, True]
    assert ((a > 1) & (a < 3)).tolist() == [False, True, False]


def test_round_takes_halves_to_even():
    # As PaddlePaddle 3.3.1 does (checked with it), and numpy: 0.5 -> 0, 2.5 -> 2, -2.5 -> -2.
    for dtype in ("float32", "float64"):
        x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.7, -0.2], dtype)
        np.testing.assert_array_equal(paddle.round(paddle.to_tensor(x)).numpy(), np.round(x))


def test_unary_math_and_reductions():
    x = np.array([[0.5, 1.0, 2.0], [3.0, 4.0, 5.0]], "float32")
    t = paddle.to_tensor(x)
    for fn, ref in [(paddle.exp, np.exp), (paddle.log, np.log), (paddle.sqrt, np.sqrt),
                    (paddle.tanh, np.tanh), (paddle.abs, np.abs), (paddle.floor, np.floor)]:
        np.testing.assert_allclose(fn(t).numpy(), ref(x), rtol=1e-6)
    np.testing.assert_allclose(paddle.sum(t).item(), x.sum(), rtol=1e-6)
    np.testing.assert_allclose(t.sum(axis=1, keepdim=True).numpy(), x.sum(1, keepdims=True))
    np.testing.assert_allclose(t.mean(axis=[0, 1]).numpy(), x.mean(), rtol=1e-6)
    np.testing.assert_allclose(t.max(axis=0).numpy(), x.max(0))
    np.testing.assert_allclose(t.prod().item(), x.prod(), rtol=1e-6)
    assert paddle.sum(paddle.to_tensor([1, 2], dtype="int32")).dtype == paddle.int64
    with pytest.raises(ValueError, match="out of range"):
        t.sum(axis=2)


def test_matmul_and_shape_functions():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((2, 3, 4)).astype("float32")
    b = rng.standard_normal((4, 5)).astype("float32")
    np.testing.assert_allclose((paddle.to_tensor(a) @ paddle.to_tensor(b)).numpy(), a @ b,
                               rtol=1e-5, atol=1e-6)
    t = paddle.to_tensor(a)
    assert t.reshape([6, -1]).shape == [6, 4]
    np.testing.assert_array_equal(t.transpose([2, 0, 1]).numpy(), a.transpose(2, 0, 1))
    assert paddle.unsqueeze(t, [0, 2]).shape == [1, 2, 1, 3, 4]
    assert paddle.flatten(t, 1).shape == [2, 12]
    np.testing.assert_array_equal(paddle.concat([t, t], axis=1).numpy(), np.concatenate([a, a], 1))
    np.testing.assert_array_equal(paddle.stack([t, t]).numpy(), np.stack([a, a]))
    parts = paddle.split(t, [1, -1], axis=2)
    assert [p.shape for p in parts] == [[2, 3, 1], [2, 3, 3]]
    with pytest.raises(ValueError, match="permutation"):
        t.transpose([0, 0, 1])
    with pytest.raises(ValueError, match="equal parts"):
        paddle.split(t, 2, axis=1)


@pytest.mark.parametrize("index", [
    0, -1, (1, 2), slice(None), slice(1, None), slice(None, None, -1), slice(3, 0, -2),
    (Ellipsis, 1), (None, 0), (slice(None), None, slice(0, 2)), (0, Ellipsis, None),
])
def test_basic_indexing_like_numpy(index):
    a = np.arange(60, dtype="float32").reshape(3, 4, 5)
    np.testing.assert_array_equal(paddle.to_tensor(a)[index].numpy(), a[index])


def test_indexing_out_of_range_is_index_error():
    t = paddle.ones([3, 4])
    with pytest.raises(IndexError, match="out of bounds"):
        t[3]
    with pytest.raises(IndexError, match="too many indices"):
        t[0, 0, 0]


def test_item_tolist_len_iter_and_repr():
    t = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    assert t[1, 0].item() == 3.0 and isinstance(paddle.to_tensor(1).item(), int)
    assert t.tolist() == [[1.0, 2.0], [3.0, 4.0]]
    assert len(t) == 2 and [r.tolist() for r in t] == [[1.0, 2.0], [3.0, 4.0]]
    assert repr(t) == ("Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,\n"
                       "       [[1., 2.],\n        [3., 4.]])")
    with pytest.raises(ValueError, match="one element"):
        t.item()
    assert isinstance(t, paddle.Tensor) and type(t).__module__ == "paddle"


def test_inplace_operators_rebind_the_same_tensor():
    t = paddle.to_tensor([1.0, 2.0])
    same = t
    t += 1
    assert same is t and t.tolist() == [2.0, 3.0]
    t *= paddle.to_tensor([2.0, 2.0])
    assert t.tolist() == [4.0, 6.0]


def test_python_scalars_keep_float64_precision():
    # The scalar is not rounded to float32 on the way (the scale op's attributes are float).
    x = paddle.to_tensor(-1.9e-13, dtype="float64")
    for got, want in [((-0.774999232018297 + x).item(), -0.774999232018297 + -1.9e-13),
                      ((x * 0.1234567890123).item(), -1.9e-13 * 0.1234567890123),
                      ((x - 1.000000001).item(), -1.9e-13 - 1.000000001)]:
        assert got == want
