"""The paddle.Tensor methods of issue 7: the functions installed as methods (repeat,
split_with_sizes, the diagonal fills, resize_, set_, as_strided, unfold, the random fills,
concat/stack, ...) and the methods and properties of their own (apply, device, grad_fn,
is_same_shape, ...): values against PaddlePaddle 3.3.1 (tests/data/top_names, recorded by
tools/oracle/record_top_names.py) or numpy, gradients, bad input."""
import os

import numpy as np
import pytest

import paddle

VALUES = np.load(os.path.join(os.path.dirname(__file__), "..", "data", "top_names",
                              "cases.npz"))


def case(name):
    prefix = name + "/"
    return {k[len(prefix):]: VALUES[k] for k in VALUES.files if k.startswith(prefix)}


def check_grads(rec, out, inputs):
    (out * paddle.to_tensor(rec["r"])).sum().backward()
    for k, t in inputs.items():
        if "grad_" + k in rec:
            np.testing.assert_allclose(t.grad.numpy(), rec["grad_" + k], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name,call", [
    ("repeat", lambda x: x.repeat(2, 1)),
    ("repeat_more_dims", lambda x: x.repeat([2, 1, 2])),
])
def test_repeat(name, call):
    rec = case(name)
    x = paddle.to_tensor(rec["x"], stop_gradient=False)
    out = call(x)
    np.testing.assert_array_equal(out.numpy(), rec["out"])
    check_grads(rec, out, {"x": x})
    assert paddle.tensor.repeat(paddle.to_tensor([1, 2]), 2).tolist() == [1, 2, 1, 2]
    with pytest.raises(ValueError, match=r"\[repeat\] repeats must have at least one entry"):
        x.repeat(2)


def test_split_with_sizes():
    rec = case("split_with_sizes")
    parts = paddle.to_tensor(rec["x"]).split_with_sizes([1, 3], dim=1)
    np.testing.assert_array_equal(parts[0].numpy(), rec["out0"])
    np.testing.assert_array_equal(parts[1].numpy(), rec["out1"])
    with pytest.raises(ValueError, match=r"sum to the size 4 of dim 1"):
        paddle.to_tensor(rec["x"]).split_with_sizes([1, 2], dim=1)


@pytest.mark.parametrize("shape,offset,wrap", [
    ((5, 3), 0, True), ((5, 3), 0, False), ((5, 3), -1, False), ((3, 5), 1, False),
    ((3, 5), 2, True), ((3, 3, 3), 0, False), ((7, 3), 1, True)])
def test_fill_diagonal_(shape, offset, wrap):
    x = paddle.zeros(list(shape))
    assert x.fill_diagonal_(2.5, offset=offset, wrap=wrap) is x
    np.testing.assert_array_equal(x.numpy(), case(f"fill_diagonal_{shape}_{offset}_{wrap}")["out"])


def test_fill_diagonal_gradient_and_bad_input():
    base = paddle.ones([3, 3])
    base.stop_gradient = False
    y = base * 2
    y.fill_diagonal_(0.0)
    y.sum().backward()
    np.testing.assert_array_equal(base.grad.numpy(), 2 * (1 - np.eye(3)))
    with pytest.raises(ValueError, match="at least 2 dims"):
        paddle.zeros([3]).fill_diagonal_(1.0)
    with pytest.raises(ValueError, match="equal dims"):
        paddle.zeros([2, 3, 3]).fill_diagonal_(1.0)
    with pytest.raises(TypeError, match="value must be a number"):
        paddle.zeros([2, 2]).fill_diagonal_("a")


@pytest.mark.parametrize("name,kwargs", [
    ("fill_diagonal_tensor", {"offset": 1}),
    ("fill_diagonal_tensor_dims", {"offset": 0, "dim1": 1, "dim2": 2})])
def test_fill_diagonal_tensor(name, kwargs):
    rec = case(name)
    x = paddle.to_tensor(rec["x"], stop_gradient=False)
    y = paddle.to_tensor(rec["y"], stop_gradient=False)
    out = x.fill_diagonal_tensor(y, **kwargs)
    np.testing.assert_array_equal(out.numpy(), rec["out"])
    check_grads(rec, out, {"x": x, "y": y})
    # y's gradient (3.3.1 gives none): the diagonal of the weights
    weights = np.moveaxis(rec["r"], (kwargs.get("dim1", 0), kwargs.get("dim2", 1)), (-2, -1))
    np.testing.assert_allclose(
        y.grad.numpy(), np.diagonal(weights, offset=kwargs["offset"], axis1=-2, axis2=-1),
        rtol=1e-6)
    z = paddle.to_tensor(rec["x"])
    assert z.fill_diagonal_tensor_(paddle.to_tensor(rec["y"]), **kwargs) is z
    np.testing.assert_array_equal(z.numpy(), rec["out"])


@pytest.mark.parametrize("shape", [[2, 2], [2], [5]])
def test_resize_(shape):
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    assert x.resize_(shape) is x
    recorded = case(f"resize_{shape}")["out"]
    assert x.shape == list(recorded.shape)
    kept = min(3, recorded.size)  # 3.3.1 leaves the new elements uninitialised; zeros here
    np.testing.assert_array_equal(x.numpy().ravel()[:kept], recorded.ravel()[:kept])
    assert (x.numpy().ravel()[kept:] == 0).all()
    with pytest.raises(ValueError, match="non-negative"):
        x.resize_([-1])


def test_set_():
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    src = paddle.to_tensor([5.0, 6.0, 7.0, 8.0])
    assert x.set_(src) is x and x.tolist() == [5.0, 6.0, 7.0, 8.0]
    assert x.set_(src, [2], [2], 1).tolist() == [6.0, 8.0]
    assert x.set_(src, [2, 2]).tolist() == [[5.0, 6.0], [7.0, 8.0]]
    assert x.set_().shape == [0]
    with pytest.raises(TypeError, match=r"\[set_\] source must have x's dtype"):
        x.set_(paddle.to_tensor([1, 2]))


def test_as_strided_and_unfold_methods():
    x = paddle.arange(6, dtype="float32")
    assert x.as_strided([2, 2], [1, 2], 1).tolist() == [[1.0, 3.0], [2.0, 4.0]]
    rec = case("unfold_axis1")
    np.testing.assert_array_equal(paddle.to_tensor(rec["x"]).unfold(1, 2, 1).numpy(),
                                  rec["out"])


def test_random_fills():
    paddle.seed(9)
    e = paddle.zeros([4000]).exponential_(2.0)
    assert e.min() >= 0 and abs(e.numpy().mean() - 0.5) < 0.05
    r = paddle.zeros([4000], dtype="int64").random_(2, 5)
    assert set(np.unique(r.numpy())) == {2, 3, 4}
    r = paddle.zeros([1000], dtype="int32").random_(3)
    assert set(np.unique(r.numpy())) == {0, 1, 2}
    big = paddle.zeros([1000], dtype="int64").random_(2 ** 62, 2 ** 62 + 3)
    assert set(np.unique(big.numpy()) - 2 ** 62) <= {0, 1, 2}
    f = paddle.zeros([1000]).random_()
    assert f.min() >= 0 and f.max() < 2 ** 24 and (f.numpy() == np.floor(f.numpy())).all()
    assert paddle.zeros([3]).log_normal_().min() > 0
    assert paddle.zeros([3]).cauchy_().shape == [3]
    assert paddle.zeros([3]).geometric_(0.2).min() >= 0
    with pytest.raises(ValueError, match="random_ expects 'from' to be less than 'to'"):
        paddle.zeros([2]).random_(3, 3)
    with pytest.raises(ValueError, match=r"\[exponential_\] lam must be positive"):
        paddle.zeros([2]).exponential_(0.0)
    with pytest.raises(TypeError, match=r"\[random_\] x must be a float or integer"):
        paddle.zeros([2], dtype="bool").random_()


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float64", "int32"])
def test_random_fills_keep_the_dtype(dtype):
    x = paddle.zeros([3]).astype(dtype)
    assert x.random_(0, 3).dtype.name == dtype
    if dtype != "int32":
        assert x.exponential_().dtype.name == dtype and x.cauchy_().dtype.name == dtype
        assert paddle.log_normal_(x).dtype.name == dtype
        assert x.geometric_(0.5).dtype.name == dtype


def test_apply():
    x = paddle.to_tensor([1.0, 2.0])
    assert x.apply(lambda t: t * 2).tolist() == [2.0, 4.0] and x.tolist() == [1.0, 2.0]
    assert x.apply_(lambda t: t + 1) is x and x.tolist() == [2.0, 3.0]
    w = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(RuntimeError, match="required gradient"):
        w.apply(lambda t: t)
    with pytest.raises(TypeError, match="func must be callable"):
        x.apply(1)
    with pytest.raises(TypeError, match="the result of func must be a paddle.Tensor"):
        x.apply(lambda t: 1)


def test_small_properties():
    x = paddle.to_tensor([[1.0, 2.0]])
    assert x.device == "cpu" and x.get_device() == -1 and x.is_cuda is False
    assert x.is_dense() and not x.is_sparse() and not x.is_sparse_coo()
    assert not x.is_sparse_csr() and not x.is_selected_rows() and not x.is_dist()
    assert x.layout == "NCHW" and x.offset == 0 and x.type == "VarType.DENSE_TENSOR"
    assert x.value() is x
    assert x.is_same_shape(paddle.zeros([1, 2])) and not x.is_same_shape(paddle.zeros([2]))
    assert x.cfloat().dtype == paddle.complex64 and x.cdouble().dtype == paddle.complex128
    assert x.cfloat().numpy()[0, 1] == 2 + 0j


def test_dense_and_local_answers():
    x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
    (x * 3).sum().backward()
    assert x.dense_dim() == 2 and x.sparse_dim() == 0 and x.get_selected_rows() is None
    assert x.get_tensor() is x and x.grad_.tolist() == [[3.0, 3.0]]
    assert x.num_shard is None and x.placements is None and x.process_mesh is None


def test_grad_fn():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    assert x.grad_fn is None
    y = (x * 2).sum()
    assert y.grad_fn is not None and "sum" in y.grad_fn.name()
    assert paddle.to_tensor([1.0]).grad_fn is None


def test_function_methods():
    rec = case("tensor_concat")
    x = paddle.to_tensor(rec["x"], stop_gradient=False)
    y = paddle.to_tensor(rec["y"], stop_gradient=False)
    out = paddle.Tensor.concat([x, y], axis=1)
    np.testing.assert_array_equal(out.numpy(), rec["out"])
    check_grads(rec, out, {"x": x, "y": y})
    assert paddle.Tensor.stack([x, y]).shape == [2, 3, 4]
    assert paddle.Tensor.broadcast_shape([2, 1], [3]) == [2, 3]
    assert [t.shape for t in paddle.Tensor.broadcast_tensors([x, y[0]])] == [[3, 4], [3, 4]]
    c = paddle.to_tensor([[1.0, 2.0]]).view_as_complex()
    assert c.dtype == paddle.complex64 and c.view_as_real().tolist() == [[1.0, 2.0]]
    assert paddle.to_tensor([1.0]).polar(paddle.to_tensor([0.0])).dtype == paddle.complex64
    np.testing.assert_array_equal(paddle.to_tensor(rec["x"]).cfloat().numpy(),
                                  case("cfloat")["out"])
    s = paddle.ones([64]).stft(16, center=False)
    assert s.shape == paddle.signal.stft(paddle.ones([64]), 16, center=False).shape
    probs = paddle.to_tensor([[0.1, 0.9]])
    assert probs.top_p_sampling(paddle.to_tensor([0.5]))[1].tolist() == [[1]]
    assert paddle.ones([2, 2]).softmax(1).tolist() == [[0.5, 0.5], [0.5, 0.5]]
    assert paddle.to_tensor([[16], [1]]).shard_index(20, 2, 0).tolist() == [[-1], [1]]
    hist, _ = paddle.to_tensor([[0.0, 1.0]]).histogramdd(bins=1)
    assert hist.tolist() == [[1.0]]


def test_create_parameter_and_tensor_methods():
    p = paddle.Tensor.create_parameter([2], "float32")
    assert type(p).__name__ == "EagerParamBase" and p.shape == [2]
    t = paddle.Tensor.create_tensor("int32")
    assert t.dtype == paddle.int32 and t.shape == []
