"""paddle.index_fill, index_put, index_sample, masked_scatter, scatter_add,
scatter_reduce, diagonal_scatter, select_scatter, slice_scatter, multiplex,
argwhere, isin (python/paddle/tensor/scatter_extra.py): values, dtypes and
gradients against PaddlePaddle 3.3.1's (tools/oracle/tensor_api3_oracle.py,
tests/data/tensor_api3/), the in-place forms, and bad input."""
import json
import pathlib

import numpy as np
import pytest

import paddle

T = paddle.to_tensor
DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "tensor_api3"
FIXTURE = json.loads((DATA / "cases.json").read_text())
ARRAYS = np.load(DATA / "cases.npz")
INPUTS = {k.split("/", 1)[1]: ARRAYS[k] for k in ARRAYS.files if k.startswith("input/")}


def _evaluate(source):
    """The recorder's evaluate(): the same names, the recorded inputs."""
    env = {"P": paddle, "T": T, "np": np, **{k: v.copy() for k, v in INPUTS.items()}}
    env["G"] = lambda name: T(INPUTS[name].astype("float64"), stop_gradient=False)
    env["L"] = eval(FIXTURE["loss"], env)
    return eval(source, env)


@pytest.mark.parametrize("name", sorted(FIXTURE["cases"]))
def test_matches_paddle_3_3_1(name):
    case = FIXTURE["cases"][name]
    got = _evaluate(case["source"])
    got = list(got) if isinstance(got, (tuple, list)) else [got]
    assert len(got) == len(case["dtypes"])
    for i, (g, dtype, shape) in enumerate(zip(got, case["dtypes"], case["shapes"])):
        arr = g.numpy()
        assert str(arr.dtype) == dtype, (name, i)
        assert list(arr.shape) == shape, (name, i)
        np.testing.assert_allclose(arr, ARRAYS[f"{name}/{i}"], rtol=1e-6, atol=1e-6,
                                   err_msg=f"{name} result {i}")


def test_diagonal_scatter_gives_y_its_gradient():
    # 3.3.1 leaves y out of the backward graph; here y gets the mathematical one.
    x = T(np.zeros((3, 4)), stop_gradient=False)
    y = T(np.ones(3), stop_gradient=False)
    out = paddle.diagonal_scatter(x, y, offset=1)
    gx, gy = paddle.grad((out * T(np.arange(12.0).reshape(3, 4))).sum(), [x, y])
    np.testing.assert_array_equal(gy.numpy(), [1.0, 6.0, 11.0])
    assert gx.numpy()[0, 1] == 0 and gx.numpy()[0, 0] == 0.0 and gx.numpy()[1, 0] == 4.0


def test_multiplex_takes_an_int64_index_too():
    a, b = T([[1.0, 2.0], [3.0, 4.0]]), T([[5.0, 6.0], [7.0, 8.0]])
    out = paddle.multiplex([a, b], T([[1], [0]], dtype="int64"))
    np.testing.assert_array_equal(out.numpy(), [[5.0, 6.0], [3.0, 4.0]])


@pytest.mark.parametrize("name, call", [
    ("index_fill_", lambda x: paddle.index_fill_(x, T([1]), 0, 3.0)),
    ("index_put_", lambda x: paddle.index_put_(x, (T([0]), T([2])), T(np.float32(3.0)))),
    ("masked_scatter_", lambda x: paddle.masked_scatter_(x, x > 0, T(np.ones(12, "float32")))),
    ("scatter_add_", lambda x: paddle.scatter_add_(x, 0, T([[1, 1, 1, 1]]),
                                                   T(np.ones((1, 4), "float32")))),
])
def test_inplace_forms_change_x(name, call):
    x = T(INPUTS["F"].copy())
    before = x.numpy().copy()
    out = call(x)
    assert out is x
    assert not np.array_equal(x.numpy(), before)
    assert getattr(paddle.Tensor, name) is getattr(paddle, name)
    assert getattr(paddle.Tensor, name[:-1]) is getattr(paddle, name[:-1])


def test_inplace_refuses_a_leaf_that_wants_a_gradient():
    x = T(np.zeros((2, 2), "float32"), stop_gradient=False)
    with pytest.raises(ValueError, match="index_fill_"):
        x.index_fill_(T([0]), 0, 1.0)


def test_inplace_on_a_graph_tensor_keeps_the_gradient():
    x = T(np.ones((2, 3)), stop_gradient=False)
    y = x * 2
    y.index_fill_(T([1]), 1, 0.0)
    (gx,) = paddle.grad(y.sum(), [x])
    np.testing.assert_array_equal(gx.numpy(), [[2.0, 0.0, 2.0], [2.0, 0.0, 2.0]])


F32 = T(np.zeros((3, 4), "float32"))


@pytest.mark.parametrize("call, error, words", [
    (lambda: paddle.index_fill(F32, T([4]), 1, 0.0), IndexError, "index 4 is out of bounds"),
    (lambda: paddle.index_fill(F32, T([0.0]), 1, 0.0), ValueError, "index must be an int32"),
    (lambda: paddle.index_fill(F32, T([0]), 2, 0.0), ValueError, "axis 2 is out of range"),
    (lambda: paddle.index_fill(F32, T([0]), 0, "a"), TypeError, "value must be a number"),
    (lambda: paddle.index_fill([1.0], T([0]), 0, 1.0), TypeError, "x must be a paddle.Tensor"),
    (lambda: paddle.index_put(F32, (T([3]),), T(np.float32(1))), IndexError, "index_put"),
    (lambda: paddle.index_put(F32, T([0]), T(np.float32(1))), TypeError, "indices must be"),
    (lambda: paddle.index_put(F32, (T([0.5]),), T(np.float32(1))), TypeError, "indices\\[0\\]"),
    (lambda: paddle.index_put(F32, (T([0]),), T(1.0, dtype="float64")), TypeError,
     "value must have x's dtype"),
    (lambda: paddle.index_put(F32, (T([0]),), T(np.ones(3, "float32"))), ValueError,
     "does not broadcast"),
    (lambda: paddle.index_put(F32, (T([0]), T([0]), T([0])), T(np.float32(1))), IndexError,
     "3 indices"),
    (lambda: paddle.index_sample(F32, T([[0]])), ValueError, "index must have x's 3 rows"),
    (lambda: paddle.index_sample(F32, T([[5], [0], [0]])), IndexError, "index 5"),
    (lambda: paddle.index_sample(T(np.zeros(3)), T([0])), ValueError, "must be 2-D"),
    (lambda: paddle.masked_scatter(F32, T([1, 0, 1, 0]), F32), TypeError, "mask must be a bool"),
    (lambda: paddle.masked_scatter(F32, T([True, False, True]), F32), ValueError,
     "does not broadcast"),
    (lambda: paddle.masked_scatter(F32, F32 == 0, T(np.ones(5, "float32"))), ValueError,
     "at least 12 elements"),
    (lambda: paddle.scatter_add(F32, 1, T([[0, 4]]), F32), IndexError, "index 4"),
    (lambda: paddle.scatter_add(F32, 1, T([0, 1]), F32), ValueError, "input's 2 dims"),
    (lambda: paddle.scatter_add(F32, 1, T([[0, 1, 2, 3, 0]]), F32), ValueError,
     "no larger than src"),
    (lambda: paddle.scatter_add(F32, 1, T([[0]]), T(np.ones((3, 4)))), TypeError,
     "src must have input's dtype"),
    (lambda: paddle.scatter_reduce(F32, 1, T([[0]]), F32, "max"), ValueError,
     "reduce must be one of"),
    (lambda: paddle.diagonal_scatter(F32, T(np.ones(4, "float32"))), ValueError,
     "y must have shape \\[3\\]"),
    (lambda: paddle.diagonal_scatter(F32, T(np.ones(3, "float32")), 0, 1, 1), ValueError,
     "axis1 and axis2 must differ"),
    (lambda: paddle.diagonal_scatter(T(np.ones(3, "float32")), T(np.ones(3, "float32"))),
     ValueError, "at least 2-D"),
    (lambda: paddle.select_scatter(F32, T(np.ones(4, "float32")), 0, 3), IndexError,
     "index 3 is out of bounds"),
    (lambda: paddle.select_scatter(F32, T(np.ones(3, "float32")), 0, 0), ValueError,
     "values must have shape \\[4\\]"),
    (lambda: paddle.select_scatter(F32, T(np.ones(4, "float32")), 0, 0.5), TypeError,
     "index must be an int"),
    (lambda: paddle.slice_scatter(F32, F32, [1], [0], [4], [0]), ValueError,
     "strides must be positive"),
    (lambda: paddle.slice_scatter(F32, F32, [1], [0], [4], [2]), ValueError,
     "value must have shape \\[3, 2\\]"),
    (lambda: paddle.slice_scatter(F32, F32, [1, 0], [0], [4], [2]), ValueError,
     "one entry each"),
    (lambda: paddle.slice_scatter(F32, F32, 1, [0], [4], [2]), TypeError, "axes must be a list"),
    (lambda: paddle.multiplex([F32, F32], T([[0], [2], [1]])), IndexError, "index 2"),
    (lambda: paddle.multiplex([F32, F32[:2]], T([[0], [1], [1]])), ValueError,
     "one shape and dtype"),
    (lambda: paddle.multiplex([F32, F32], T([0, 1])), ValueError, "index must have shape"),
    (lambda: paddle.multiplex(F32, T([[0]])), TypeError, "inputs must be"),
    (lambda: paddle.argwhere(np.ones(3)), TypeError, "input must be a paddle.Tensor"),
    (lambda: paddle.isin(T([True]), T([True])), TypeError, "x must be a float or integer"),
    (lambda: paddle.isin(T([1]), [1]), TypeError, "test_x must be a paddle.Tensor"),
])
def test_bad_input_raises_a_typed_error_naming_it(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_results_keep_x_dtype_and_isin_is_bool():
    for dtype in ("float32", "float64", "int32", "int64"):
        x = T(np.arange(6).reshape(2, 3).astype(dtype))
        assert paddle.index_fill(x, T([0]), 1, 1).dtype == x.dtype
        assert paddle.select_scatter(x, x[:, 0], 1, 2).dtype == x.dtype
        assert paddle.isin(x, x[0]).dtype == paddle.bool
    assert paddle.argwhere(T([[True, False]])).dtype == paddle.int64


def test_nanmedian_of_a_row_of_nans_is_nan_with_no_gradient():
    # 3.3.1 hands such a row the whole output gradient at every element; here it gets none.
    x = T(np.array([[np.nan, np.nan], [1.0, 3.0]]), stop_gradient=False)
    out = paddle.nanmedian(x, 1)
    assert np.isnan(out.numpy()[0])
    (gx,) = paddle.grad(out[1], [x])
    np.testing.assert_array_equal(gx.numpy(), [[0.0, 0.0], [0.5, 0.5]])


@pytest.mark.parametrize("call, error, words", [
    (lambda: paddle.bincount(T([1.0])), TypeError, "x must be an integer"),
    (lambda: paddle.bincount(T([[1]])), ValueError, "x must be 1-D"),
    (lambda: paddle.bincount(T([-1, 2])), ValueError, "non-negative, got -1"),
    (lambda: paddle.bincount(T([1, 2]), T([1.0])), ValueError, "weights must have x's shape"),
    (lambda: paddle.bincount(T([1]), minlength=-2), ValueError, "minlength"),
    (lambda: paddle.histogram(F32, bins=0), ValueError, "bins must be a positive int"),
    (lambda: paddle.histogram(F32, min=2, max=1), ValueError, "max must be larger"),
    (lambda: paddle.histogram(F32, weight=T([1.0])), ValueError, "weight must have input's"),
    (lambda: paddle.histogram([1.0]), TypeError, "input must be a paddle.Tensor"),
    (lambda: paddle.histogram_bin_edges(F32, bins=2.5), ValueError, "bins must be"),
    (lambda: paddle.mode(F32, 2), ValueError, "axis 2 is out of range"),
    (lambda: paddle.mode(T(np.zeros((2, 0))), 1), ValueError, "no elements along axis 1"),
    (lambda: paddle.msort(T(1.0)), ValueError, "at least 1-D"),
    (lambda: paddle.quantile(T([1, 2]), 0.5), TypeError, "x must be a float32 or float64"),
    (lambda: paddle.quantile(F32, 1.5), ValueError, "q must be in \\[0, 1\\]"),
    (lambda: paddle.quantile(F32, []), ValueError, "q must be a number"),
    (lambda: paddle.quantile(F32, 0.5, interpolation="cubic"), ValueError, "interpolation"),
    (lambda: paddle.quantile(F32, 0.5, axis=[0, 0]), ValueError, "repeated dim"),
    (lambda: paddle.quantile(F32, 0.5, axis=[]), ValueError, "empty list"),
    (lambda: paddle.nanquantile(F32, 0.5, axis=3), ValueError, "axis 3 is out of range"),
    (lambda: paddle.nanmedian(F32, mode="max"), ValueError, "mode must be 'avg' or 'min'"),
    (lambda: paddle.linalg.cov(T(np.zeros((2, 2, 2)))), ValueError, "1-D or 2-D"),
    (lambda: paddle.linalg.cov(F32, fweights=T([1.0, 1.0, 1.0, 1.0])), TypeError,
     "fweights must be an integer"),
    (lambda: paddle.linalg.cov(F32, aweights=T([1, 1, 1, 1])), TypeError,
     "aweights must be a float"),
    (lambda: paddle.linalg.cov(F32, fweights=T([1, 1])), ValueError, "shape \\[4\\]"),
    (lambda: paddle.linalg.cov(F32, fweights=T([1, -1, 1, 1])), ValueError, "non-negative"),
    (lambda: paddle.linalg.corrcoef(T([[1, 2]])), TypeError, "x must be a float32"),
    (lambda: paddle.unique_consecutive(F32, dtype="float32"), TypeError, "int32 or int64"),
    (lambda: paddle.unique_consecutive(F32, axis=5), ValueError, "axis 5 is out of range"),
])
def test_statistics_bad_input(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_statistics_are_tensor_methods():
    x = T(np.array([[3.0, 1.0], [2.0, 5.0]]))
    np.testing.assert_array_equal(x.msort().numpy(), [[2.0, 1.0], [3.0, 5.0]])
    assert x.quantile(0.5).item() == 2.5
    np.testing.assert_allclose(x.cov().numpy(), paddle.linalg.cov(x).numpy())
    assert paddle.Tensor.corrcoef is paddle.linalg.corrcoef
    out = paddle.zeros([2, 2], dtype="float64")
    assert paddle.msort(x, out=out) is out and out.numpy()[0, 0] == 2.0
    q = paddle.zeros([], dtype="float64")
    assert paddle.quantile(x, 0.5, out=q) is q and q.item() == 2.5
    # as in 3.3.1, cov and corrcoef are paddle.linalg's, not paddle's
    assert "cov" in paddle.linalg.__all__ and "cov" not in paddle.__all__


def test_random_like_functions_take_shape_dtype_and_requires_grad():
    x = paddle.zeros([300, 4], dtype="float64")
    u = paddle.rand_like(x)
    assert u.shape == [300, 4] and u.dtype == paddle.float64 and u.stop_gradient
    assert 0.0 <= u.numpy().min() and u.numpy().max() < 1.0 and abs(u.numpy().mean() - 0.5) < 0.05
    n = paddle.randn_like(x, dtype="float32", requires_grad=True)
    assert n.dtype == paddle.float32 and not n.stop_gradient
    assert abs(n.numpy().mean()) < 0.1 and abs(n.numpy().std() - 1.0) < 0.1
    with pytest.raises(TypeError, match="\\[rand_like\\] dtype must be a floating-point"):
        paddle.rand_like(paddle.zeros([2], dtype="int64"))
    with pytest.raises(TypeError, match="\\[randn_like\\] x must be a paddle.Tensor"):
        paddle.randn_like([1.0])


def test_bernoulli_draws_with_the_probabilities():
    draws = paddle.bernoulli(paddle.full([20000], 0.3)).numpy()
    assert set(np.unique(draws)) <= {0.0, 1.0} and abs(draws.mean() - 0.3) < 0.02
    x = paddle.zeros([20000], dtype="float64")
    assert paddle.bernoulli_(x, 0.75) is x and x.dtype == paddle.float64
    assert abs(x.numpy().mean() - 0.75) < 0.02
    y = paddle.zeros([2, 2])
    y.bernoulli_(T([1.0, 0.0]))
    np.testing.assert_array_equal(y.numpy(), [[1.0, 0.0], [1.0, 0.0]])


def test_multinomial_and_poisson_follow_paddle_seed():
    probs = T([[0.1, 0.0, 0.9], [0.5, 0.5, 0.0]])
    paddle.seed(5)
    a = paddle.multinomial(probs, 2000, replacement=True)
    paddle.seed(5)
    b = paddle.multinomial(probs, 2000, replacement=True)
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    assert a.shape == [2, 2000] and a.dtype == paddle.int64
    counts = [np.bincount(row, minlength=3) / 2000 for row in a.numpy()]
    np.testing.assert_allclose(counts, [[0.1, 0.0, 0.9], [0.5, 0.5, 0.0]], atol=0.04)
    once = paddle.multinomial(T([1.0, 2.0, 3.0, 4.0]), 4).numpy()
    assert sorted(once.tolist()) == [0, 1, 2, 3]  # without replacement: each once
    rates = paddle.full([20000], 4.0, dtype="float64")
    paddle.seed(9)
    p = paddle.poisson(rates)
    paddle.seed(9)
    np.testing.assert_array_equal(p.numpy(), paddle.poisson(rates).numpy())
    assert p.dtype == paddle.float64 and abs(p.numpy().mean() - 4.0) < 0.1
    assert abs(p.numpy().var() - 4.0) < 0.3


@pytest.mark.parametrize("call, error, words", [
    (lambda: paddle.logspace(0, 1, -1), ValueError, "num must be a non-negative int"),
    (lambda: paddle.logspace("a", 1, 2), TypeError, "start must be a number"),
    (lambda: paddle.tril_indices(3, 3, dtype="float32"), TypeError, "int32 or int64"),
    (lambda: paddle.triu_indices(-1), ValueError, "row must be a non-negative int"),
    (lambda: paddle.bernoulli(T([1, 0])), TypeError, "x must be a floating-point"),
    (lambda: paddle.bernoulli(T([0.5]), p=2.0), ValueError, "p must be in \\[0, 1\\]"),
    (lambda: paddle.bernoulli(T([1.5])), ValueError, "bernoulli"),
    (lambda: paddle.multinomial(T([[[0.5]]]), 1), ValueError, "1-D or 2-D"),
    (lambda: paddle.multinomial(T([0.5, -0.1]), 1), ValueError, "non-negative weights"),
    (lambda: paddle.multinomial(T([0.0, 0.0]), 1), ValueError, "positive sum"),
    (lambda: paddle.multinomial(T([0.5, 0.5, 0.0]), 3), ValueError, "exceeds the categories"),
    (lambda: paddle.multinomial(T([0.5]), 0), ValueError, "num_samples must be a positive"),
    (lambda: paddle.poisson(T([-1.0])), ValueError, "non-negative rates"),
    (lambda: paddle.poisson(T([1])), TypeError, "x must be a floating-point"),
    (lambda: paddle.add_n([]), TypeError, "non-empty list"),
    (lambda: paddle.add_n([F32, F32[0]]), ValueError, "one shape and dtype"),
    (lambda: paddle.add_n([F32, 1.0]), TypeError, "inputs\\[1\\] must be a paddle.Tensor"),
    (lambda: paddle.broadcast_shapes([2, 3], [4]), ValueError, "do not broadcast"),
    (lambda: paddle.broadcast_shapes([2.0]), TypeError, "shapes\\[0\\] must be a list"),
    (lambda: paddle.rank([1]), TypeError, "input must be a paddle.Tensor"),
    (lambda: paddle.vecdot(F32, F32, axis=2), ValueError, "axis 2 is out of range"),
    (lambda: paddle.reduce_as(F32, T(np.zeros(3))), ValueError, "must broadcast to x's"),
    (lambda: paddle.cross(F32[:2], F32[:2]), ValueError, "no dim of size 3"),
    (lambda: paddle.cross(F32, F32, axis=1), ValueError, "dim 1 of x must have size 3"),
    (lambda: paddle.cross(F32, F32[:2]), ValueError, "one shape"),
    (lambda: paddle.cross(F32, T(np.zeros((3, 4)))), TypeError, "one dtype"),
    (lambda: paddle.asarray([1.0], copy=False), ValueError, "copy=False"),
    (lambda: paddle.from_numpy([1, 2]), TypeError, "ndarray must be a numpy.ndarray"),
])
def test_creation_helpers_bad_input(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_as_tensor_and_asarray_share_a_tensor_of_that_dtype():
    x = T([1.0, 2.0])
    assert paddle.as_tensor(x) is x and paddle.as_tensor(x, "float32") is x
    assert paddle.as_tensor(x, "float64") is not x
    assert paddle.asarray(x) is x and paddle.asarray(x, copy=False) is x
    copied = paddle.asarray(x, copy=True)
    assert copied is not x and copied.dtype == x.dtype
    assert not paddle.as_tensor([1.0], requires_grad=True).stop_gradient
    array = np.arange(3)
    t = paddle.from_numpy(array)
    array[0] = 7  # 3.3.1 copies the array too
    assert t.numpy()[0] == 0 and t.dtype == paddle.int64


def test_methods_of_the_creation_helpers():
    x = T(np.ones((2, 3), "float32"))
    assert x.rank().item() == 2 and x.rank().dtype == paddle.int32
    np.testing.assert_array_equal(x.add_n().numpy(), x.numpy())
    np.testing.assert_array_equal(x.reduce_as(T(np.zeros(3, "float32"))).numpy(), [2.0] * 3)
    assert x.cross(x).shape == [2, 3]
    assert paddle.Tensor.bernoulli_ is paddle.bernoulli_
    # as in 3.3.1, paddle.linalg has cross and vecdot too
    assert paddle.linalg.cross is paddle.cross and paddle.linalg.vecdot is paddle.vecdot


def test_a_saved_rng_state_repeats_the_draws_after_it():
    paddle.seed(11)
    paddle.rand([4])
    state = paddle.get_rng_state()
    assert isinstance(state, list) and len(state) == 1 and state[0].current_seed() == 11
    after = [paddle.rand([5]).numpy(), paddle.randn([3]).numpy(),
             paddle.multinomial(T([0.5, 0.5]), 6, True).numpy()]
    paddle.rand([7])
    paddle.set_rng_state(state, device="cpu")
    again = [paddle.rand([5]).numpy(), paddle.randn([3]).numpy(),
             paddle.multinomial(T([0.5, 0.5]), 6, True).numpy()]
    for a, b in zip(after, again):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("call, error, words", [
    (lambda: paddle.get_rng_state("gpu"), ValueError, "not compiled with CUDA"),
    (lambda: paddle.set_rng_state([1]), TypeError, "state_list\\[0\\] must be a GeneratorState"),
    (lambda: paddle.set_rng_state(paddle.get_rng_state()[0]), ValueError, "list of one"),
    (lambda: paddle.set_rng_state([type(paddle.get_rng_state()[0])("1 2 3")]), ValueError,
     "not one get_rng_state gave"),
    (lambda: paddle.set_printoptions(precision=-1), TypeError, "precision must be"),
    (lambda: paddle.set_printoptions(sci_mode=1), TypeError, "sci_mode must be a bool"),
])
def test_rng_state_and_printoptions_bad_input(call, error, words):
    with pytest.raises(error, match=words):
        call()


@pytest.fixture
def restore_printoptions():
    yield
    paddle.set_printoptions(precision=8, threshold=1000, edgeitems=3, sci_mode=False,
                            linewidth=80)


def test_set_printoptions_changes_how_tensors_print(restore_printoptions):
    x = T([1.5, 200.25])
    paddle.set_printoptions(precision=3, sci_mode=True)
    assert "[1.500e+00, 2.002e+02]" in repr(x)
    paddle.set_printoptions(precision=2, sci_mode=False, threshold=5, edgeitems=1)
    assert repr(paddle.arange(10).astype("float32")).endswith("[0., ..., 9.])")
    paddle.set_printoptions(threshold=1000, linewidth=20)
    body = repr(paddle.arange(12)).split("\n", 1)[1]
    assert all(len(line) <= 20 for line in body.split("\n"))


def test_eigvalsh_gradient_matches_finite_differences():
    a = INPUTS["S"][0]
    weights = np.array([0.3, -1.2, 2.0])
    x = T(a, stop_gradient=False)
    (grad,) = paddle.grad((paddle.linalg.eigvalsh(x) * T(weights)).sum(), [x])
    eps = 1e-6
    for i, j in [(0, 0), (1, 0), (2, 1), (2, 2)]:
        step = np.zeros_like(a)
        step[i, j] = step[j, i] = eps  # a symmetric change of both triangles
        f = [(np.linalg.eigvalsh(a + s * step) * weights).sum() for s in (1, -1)]
        numeric = (f[0] - f[1]) / (2 * eps)
        analytic = grad.numpy()[i, j] * (1 if i == j else 2)
        np.testing.assert_allclose(analytic, numeric, rtol=1e-5, atol=1e-7)


def test_special_and_matrix_functions_are_methods_with_inplace_forms():
    x = T(INPUTS["Q"].copy())
    np.testing.assert_allclose(x.gammaln().numpy(), paddle.gammaln(x).numpy())
    np.testing.assert_allclose(x.polygamma(2).numpy(), paddle.polygamma(x, 2).numpy())
    y = x.clone()
    assert paddle.multigammaln_(y, 2) is y
    np.testing.assert_allclose(y.numpy(), paddle.multigammaln(x, 2).numpy())
    z = x.clone()
    z.gammaincc_(x)
    np.testing.assert_allclose(z.numpy(), paddle.gammaincc(x, x).numpy())
    s = T(INPUTS["S"])
    assert paddle.linalg.inv is paddle.inverse
    np.testing.assert_allclose((s.inverse() @ s).numpy(), np.broadcast_to(np.eye(3), (2, 3, 3)),
                               atol=1e-12)
    np.testing.assert_allclose(s.cholesky().numpy(), np.linalg.cholesky(INPUTS["S"]))
    assert s.eigvalsh().shape == [2, 3]
    assert "inv" in paddle.linalg.__all__ and "inverse" not in paddle.__all__


@pytest.mark.parametrize("call, error, words", [
    (lambda: paddle.frexp(T([1, 2])), TypeError, "x must be a float32 or float64"),
    (lambda: paddle.polygamma(T([1.0]), -1), ValueError, "n must be a non-negative int"),
    (lambda: paddle.polygamma(T([True]), 1), RuntimeError, "expected a float or integer"),
    (lambda: paddle.multigammaln(T([3.0]), 0), ValueError, "p must be at least 1"),
    (lambda: paddle.gammainc(T([1.0]), T([1.0, 2.0])), ValueError, "one shape"),
    (lambda: paddle.gammainc(T([1.0]), T([1.0], dtype="float64")), TypeError, "one dtype"),
    (lambda: paddle.gammainc(T([1]), T([1])), TypeError, "x must be a float32"),
    (lambda: paddle.gammaincc(T([0.0]), T([1.0])), ValueError, "x must be positive"),
    (lambda: paddle.gammaincc(T([1.0]), T([-1.0])), ValueError, "y non-negative"),
    (lambda: paddle.inverse(T([[1.0, 2.0], [2.0, 4.0]])), ValueError, "singular"),
    (lambda: paddle.inverse(T([1.0, 2.0])), ValueError, "square matrices"),
    (lambda: paddle.inverse(T([[1, 0], [0, 1]])), TypeError, "float32 or float64"),
    (lambda: paddle.linalg.cholesky(T([[1.0, 2.0], [2.0, 1.0]])), ValueError,
     "positive definite"),
    (lambda: paddle.linalg.cholesky(T(np.zeros((2, 3)))), ValueError, "square matrices"),
    (lambda: paddle.linalg.eigvalsh(T(np.eye(2)), "X"), ValueError, "UPLO must be 'L' or 'U'"),
])
def test_special_and_matrix_bad_input(call, error, words):
    with pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize("call, error, words", [
    (lambda: paddle.einsum("ij,jk", F32), ValueError, "2 operand\\(s\\), got 1"),
    (lambda: paddle.einsum("ij", F32, F32), ValueError, "1 operand\\(s\\), got 2"),
    (lambda: paddle.einsum("ijk", F32), ValueError, "name 3 dims of an operand with 2"),
    (lambda: paddle.einsum("i1", F32), ValueError, "invalid subscripts"),
    (lambda: paddle.einsum("ij,jk->ik", F32, F32), ValueError, "label 'j' names dims of sizes"),
    (lambda: paddle.einsum("ii", F32), ValueError, "label 'i' names dims of sizes 3 and 4"),
    (lambda: paddle.einsum("ij->ii", F32), ValueError, "repeats a label"),
    (lambda: paddle.einsum("ij->k", F32), ValueError, "output label 'k' is in no operand"),
    (lambda: paddle.einsum("b...,b...->b", F32, F32), ValueError, "missing ellipsis"),
    (lambda: paddle.einsum("ij,ij", F32, T(np.zeros((3, 4)))), TypeError, "one dtype"),
    (lambda: paddle.einsum(1, F32), TypeError, "equation must be a str"),
    (lambda: paddle.einsum("ij", np.zeros((3, 4))), TypeError, "operands\\[0\\] must be"),
    (lambda: paddle.einsum("ij"), ValueError, "at least one operand"),
])
def test_einsum_bad_input(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_einsum_takes_a_list_of_operands():
    a = T([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_array_equal(paddle.einsum("ij,jk->ik", [a, a]).numpy(),
                                  (a @ a).numpy())


def test_static_program_runs_the_composed_functions():
    xv = np.arange(6, dtype="float32").reshape(2, 3) + 1
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [2, 3], "float32")
            v = paddle.static.data("v", [3], "float32")
            outs = [paddle.vecdot(x, x), paddle.add_n([x, x]), paddle.reduce_as(x, v),
                    paddle.einsum("ij,kj->ik", x, x), paddle.gammaln(x),
                    paddle.multigammaln(x, 2), paddle.cross(x, paddle.flip(x, [1]), axis=1),
                    paddle.msort(x), paddle.linalg.cov(x), paddle.select_scatter(x, v, 0, 1)]
        exe = paddle.static.Executor()
        got = exe.run(main, feed={"x": xv, "v": np.ones(3, "float32")}, fetch_list=outs)
    finally:
        paddle.disable_static()
    x = T(xv)
    want = [paddle.vecdot(x, x), paddle.add_n([x, x]), paddle.reduce_as(x, T(np.ones(3))),
            paddle.einsum("ij,kj->ik", x, x), paddle.gammaln(x), paddle.multigammaln(x, 2),
            paddle.cross(x, paddle.flip(x, [1]), axis=1), paddle.msort(x),
            paddle.linalg.cov(x), paddle.select_scatter(x, T(np.ones(3, "float32")), 0, 1)]
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w.numpy(), rtol=1e-6)
