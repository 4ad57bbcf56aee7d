"""paddle.tensor.math_extra and paddle.tensor.cumulative beyond the recorded
values (test_tensor_api_oracle.py has those; test_tensor_doc_examples.py runs
the examples): every function is a Tensor method, the in-place variants
PaddlePaddle has change the tensor, and the ops work in a static program too."""
import numpy as np
import pytest

import paddle
from paddle.tensor import cumulative, inplace, math_extra


@pytest.mark.parametrize("module,name", [(m, n) for m in (math_extra, cumulative)
                                         for n in m.__all__])
def test_each_function_is_in_paddle_and_a_tensor_method(module, name):
    assert getattr(paddle, name) is getattr(module, name)
    assert getattr(paddle.Tensor, name) is getattr(module, name)


# In-place variants PaddlePaddle 3.3.1's Tensor has, with an input in their domain.
INPLACE = [
    ("acos", 0.5), ("acosh", 1.5), ("asin", 0.5), ("asinh", 0.5), ("atan", 0.5),
    ("atanh", 0.5), ("cosh", 0.5), ("sinh", 0.5), ("tan", 0.5), ("log2", 0.5), ("log10", 0.5),
    ("trunc", 1.5), ("frac", 1.5), ("lgamma", 0.5), ("digamma", 0.5), ("erfinv", 0.5),
    ("logit", 0.5), ("sinc", 0.5), ("cumprod", 0.5),
]


@pytest.mark.parametrize("name,value", INPLACE)
def test_inplace_variant_replaces_the_data(name, value):
    x = paddle.to_tensor([value, value])
    want = getattr(paddle, name)(x).numpy()
    got = getattr(x, name + "_")()
    assert got is x
    np.testing.assert_allclose(x.numpy(), want)


def test_inplace_binary_variants():
    for name, x, y in [("gcd", [12, 9], [8, 6]), ("lcm", [4, 3], [6, 5]),
                       ("ldexp", [1.0, 3.0], [2, 1]), ("copysign", [1.0, 2.0], [-1.0, 1.0])]:
        a = paddle.to_tensor(x)
        want = getattr(paddle, name)(a, paddle.to_tensor(y)).numpy()
        assert getattr(a, name + "_")(paddle.to_tensor(y)) is a
        np.testing.assert_array_equal(a.numpy(), want)


def test_cumprod_gradient_is_exact_at_zeros_and_cummax_ties_take_the_later_index():
    x = paddle.to_tensor([2.0, 0.0, 3.0, 0.0, 5.0], stop_gradient=False)
    (g,) = paddle.grad(paddle.cumprod(x, 0).sum(), x)
    # d/dx_i of the sum of the running products, by hand: only the terms holding x_i.
    np.testing.assert_allclose(g.numpy(), [1.0, 2.0 + 6.0, 0.0, 0.0, 0.0])
    values, indices = paddle.cummax(paddle.to_tensor([1.0, 3.0, 3.0, 2.0]))
    np.testing.assert_array_equal(indices.numpy(), [0, 1, 2, 2])


def test_inplace_bitwise_and_hypot():
    a = paddle.to_tensor([12, 5])
    a.bitwise_and_(paddle.to_tensor([10, 4]))
    np.testing.assert_array_equal(a.numpy(), [8, 4])
    b = paddle.to_tensor([3.0])
    b.hypot_(paddle.to_tensor([4.0]))
    np.testing.assert_allclose(b.numpy(), [5.0])


@pytest.mark.parametrize("name", inplace.__all__)
def test_each_top_level_inplace_function_is_in_paddle_and_has_a_method(name):
    assert getattr(paddle, name) is getattr(inplace, name)
    assert callable(getattr(paddle.Tensor, name))


def test_operators_on_bools_stay_logical():
    a, b = paddle.to_tensor([True, False]), paddle.to_tensor([True, True])
    np.testing.assert_array_equal((a & b).numpy(), [True, False])
    np.testing.assert_array_equal((~a).numpy(), [False, True])
    with pytest.raises(RuntimeError, match="bitwise_left_shift"):
        a << b


def test_inplace_on_a_leaf_that_wants_a_gradient_is_refused():
    x = paddle.to_tensor([0.5], stop_gradient=False)
    with pytest.raises(ValueError, match="acos_"):
        x.acos_()


def test_bitwise_out_argument_receives_the_result():
    out = paddle.zeros([2], dtype="int64")
    r = paddle.bitwise_xor(paddle.to_tensor([12, 1]), paddle.to_tensor([10, 1]), out=out)
    assert r is out
    np.testing.assert_array_equal(out.numpy(), [6, 0])


def test_integer_inputs_of_float_functions_take_the_default_float_type():
    paddle.set_default_dtype("float64")
    try:
        assert paddle.sinh(paddle.to_tensor([1, 2])).dtype == paddle.float64
    finally:
        paddle.set_default_dtype("float32")


def test_bad_inputs_name_the_function():
    with pytest.raises(RuntimeError, match=r"\[bitwise_and\] expected a bool or integer"):
        paddle.bitwise_and(paddle.ones([2]), paddle.ones([2]))
    with pytest.raises(ValueError, match=r"\[bitwise_or\] x and y must have the same dtype"):
        paddle.bitwise_or(paddle.to_tensor([1]), paddle.to_tensor([1], dtype="int32"))
    with pytest.raises(TypeError, match=r"\[tan\] x must be a paddle.Tensor"):
        paddle.tan(1.0)
    with pytest.raises(ValueError, match="elementwise_fmax"):
        paddle.fmax(paddle.ones([2, 3]), paddle.ones([4]))


def test_static_program_runs_the_new_ops():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [2, 2], "float32")
            y = paddle.static.data("y", [2, 2], "int32")
            outs = [paddle.acos(x), paddle.fmax(x, x * 2), paddle.bitwise_not(y)]
        exe = paddle.static.Executor()
        xv = np.array([[0.1, -0.5], [0.9, 0.0]], "float32")
        yv = np.array([[1, -2], [0, 7]], "int32")
        a, m, n = exe.run(main, feed={"x": xv, "y": yv}, fetch_list=outs)
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(a, np.arccos(xv), rtol=1e-6)
    np.testing.assert_allclose(m, np.fmax(xv, xv * 2))
    np.testing.assert_array_equal(n, ~yv)
