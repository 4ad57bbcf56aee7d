"""What the recorded cases of test_tensor_api_oracle.py do not show for the
aliases, joining, composites and predicates: in-place functions (same
object, version counter, leaf check, changed dtype), ``out=``, finfo/iinfo,
the gradients 3.3.1 does not define, and the Tensor methods."""
import numpy as np
import pytest

import paddle


def test_inplace_function_changes_and_returns_its_argument():
    x = paddle.to_tensor([[1.0, -2.0], [3.0, -4.0]])
    before = x.inplace_version
    out = paddle.abs_(x)
    assert out is x and x.inplace_version == before + 1
    np.testing.assert_array_equal(x.numpy(), [[1.0, 2.0], [3.0, 4.0]])
    assert paddle.tril_(x).numpy().tolist() == [[1.0, 0.0], [3.0, 4.0]]


def test_inplace_function_may_change_dtype_and_shape():
    x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0])
    assert paddle.equal_(x, paddle.to_tensor([1.0, 0.0, 3.0, 0.0])) is x
    assert x.dtype == paddle.bool and x.tolist() == [True, False, True, False]
    y = paddle.to_tensor([1.5, 2.5, 3.5, 4.5])
    paddle.reshape_(y, [2, 2])
    paddle.cast_(y, "int32")
    assert y.shape == [2, 2] and y.dtype == paddle.int32 and y.tolist() == [[1, 2], [3, 4]]


def test_where_inplace_changes_x_not_the_condition():
    cond = paddle.to_tensor([True, False])
    x = paddle.to_tensor([1.0, 2.0])
    assert paddle.where_(cond, x, paddle.to_tensor([5.0, 6.0])) is x
    assert x.tolist() == [1.0, 6.0] and cond.tolist() == [True, False]


def test_inplace_on_a_leaf_that_wants_a_gradient_is_refused():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    with pytest.raises(ValueError, match=r"\[sin_\] Leaf Tensor"):
        paddle.sin_(x)
    with paddle.no_grad():
        paddle.sin_(x)
    np.testing.assert_allclose(x.numpy(), np.sin([1.0, 2.0]), rtol=1e-6)


def test_inplace_result_keeps_the_gradient_flowing():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = x * 3.0
    before = y.inplace_version
    paddle.square_(y)  # square's gradient reads the value y held before
    assert y.inplace_version == before + 1
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [18.0, 36.0])


def test_a_value_read_before_an_inplace_change_is_still_refused():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = x * 3.0
    z = y * x  # keeps y for its gradient
    paddle.sin_(y)
    with pytest.raises(RuntimeError, match="modified in place"):
        z.sum().backward()


def test_inplace_names_are_tensor_methods_and_need_a_tensor():
    for name in paddle.tensor.inplace.__all__:
        assert getattr(paddle.Tensor, name) is getattr(paddle, name), name
    with pytest.raises(TypeError, match=r"\[abs_\] x must be a paddle.Tensor"):
        paddle.abs_([1.0])


def test_out_keyword_receives_the_result():
    out = paddle.zeros([2])
    r = paddle.mul(paddle.to_tensor([2.0, 3.0]), paddle.to_tensor([4.0, 5.0]), out=out)
    assert r is out and out.tolist() == [8.0, 15.0]
    flags = paddle.zeros([2], dtype="bool")
    paddle.gt(paddle.to_tensor([1, 3]), paddle.to_tensor([2, 2]), out=flags)
    assert flags.tolist() == [False, True]


def test_positive_is_the_tensor_itself_and_view_reads_bytes():
    x = paddle.to_tensor([1.0, -2.0])
    assert paddle.positive(x) is x
    v = paddle.view(paddle.to_tensor([[1.0, 2.0]], dtype="float32"), "uint8")
    assert v.shape == [1, 8] and v.dtype == paddle.uint8
    assert v.numpy().tobytes() == np.array([1.0, 2.0], "float32").tobytes()
    with pytest.raises(ValueError, match=r"\[view\] cannot view"):
        paddle.view(paddle.ones([3], dtype="uint8"), "int32")


# Values PaddlePaddle 3.3.1 prints for these (repr of paddle.finfo / paddle.iinfo).
FINFO = {
    "float32": "paddle.finfo(min=-3.40282e+38, max=3.40282e+38, eps=1.19209e-07, resolution=1e-06,"
               " smallest_normal=1.17549e-38, tiny=1.17549e-38, bits=32, dtype=float32)",
    "float16": "paddle.finfo(min=-65504, max=65504, eps=0.000976562, resolution=0.001, "
               "smallest_normal=6.10352e-05, tiny=6.10352e-05, bits=16, dtype=float16)",
    "float64": "paddle.finfo(min=-1.79769e+308, max=1.79769e+308, eps=2.22045e-16, "
               "resolution=1e-15, smallest_normal=2.22507e-308, tiny=2.22507e-308, bits=64, "
               "dtype=float64)",
    "bfloat16": "paddle.finfo(min=-3.38953e+38, max=3.38953e+38, eps=0.0078125, resolution=0.01, "
                "smallest_normal=1.17549e-38, tiny=1.17549e-38, bits=16, dtype=bfloat16)",
}


@pytest.mark.parametrize("name", sorted(FINFO))
def test_finfo_matches_paddlepaddle(name):
    assert repr(paddle.finfo(getattr(paddle, name))) == FINFO[name]


def test_finfo_of_complex_is_its_real_part_and_attributes_are_python_numbers():
    f = paddle.finfo(paddle.complex64)
    assert (f.dtype, f.bits, f.eps) == ("float32", 32, 1.1920928955078125e-07)
    assert paddle.finfo("float64").max == 1.7976931348623157e+308
    assert isinstance(paddle.finfo(paddle.float32).tiny, float)


def test_iinfo_matches_paddlepaddle():
    assert repr(paddle.iinfo(paddle.uint8)) == "paddle.iinfo(min=0, max=255, bits=8, dtype=uint8)"
    i = paddle.iinfo("int64")
    assert (i.bits, i.min, i.max, i.dtype) == (64, -2**63, 2**63 - 1, "int64")
    assert isinstance(paddle.iinfo(paddle.int16).max, int)


def test_predicates():
    assert paddle.is_tensor(paddle.ones([1])) and not paddle.is_tensor(np.ones(1))
    assert paddle.is_floating_point(paddle.ones([1], dtype="float64"))
    assert not paddle.is_integer(paddle.ones([1], dtype="bool"))
    assert paddle.is_integer(paddle.ones([1], dtype="uint8"))
    assert paddle.to_tensor(np.ones(1, "complex64")).is_complex()
    e = paddle.is_empty(paddle.ones([2, 0]))
    assert e.shape == [] and e.dtype == paddle.bool and e.item() is True


def test_diag_embed_gradient_is_the_diagonal_of_the_output_gradient():
    # 3.3.1 defines no gradient for diag_embed; here it flows through the ops.
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], stop_gradient=False)
    w = paddle.to_tensor(np.arange(18, dtype="float32").reshape(2, 3, 3))
    (paddle.diag_embed(x, offset=1) * w).sum().backward()
    expect = np.stack([np.diagonal(m, offset=1) for m in w.numpy()])
    np.testing.assert_array_equal(x.grad.numpy(), expect)


def test_trunc_division_gradient_is_zero():
    x = paddle.to_tensor([7.5, -7.5], stop_gradient=False)
    paddle.div(x, paddle.to_tensor([2.0, 2.0]), rounding_mode="trunc").sum().backward()
    assert x.grad is None or not x.grad.numpy().any()


def test_swapaxes_takes_a_perm_or_two_dims_and_view_takes_dims():
    x = paddle.ones([2, 3, 4])
    assert x.swapaxes([2, 1, 0]).shape == [4, 3, 2] and x.swapdims(0, 1).shape == [3, 2, 4]
    assert x.view(4, 6).shape == [4, 6] and x.view([-1]).shape == [24]
    with pytest.raises(TypeError, match=r"\[permute\] dims must be a list"):
        paddle.permute(x, 2)


def test_random_fills_in_place():
    paddle.seed(3)
    x = paddle.zeros([1000])
    assert paddle.normal_(x, 2.0, 0.5) is x and x.stop_gradient
    assert abs(float(x.mean()) - 2.0) < 0.1 and abs(float(x.std()) - 0.5) < 0.1
    assert x.uniform_(-3.0, -2.0) is x
    assert float(x.min()) >= -3.0 and float(x.max()) < -2.0
    with pytest.raises(TypeError, match=r"\[normal_\] x must be a floating-point"):
        paddle.normal_(paddle.ones([2], dtype="int32"))
    leaf = paddle.ones([2])
    leaf.stop_gradient = False
    with pytest.raises(ValueError, match=r"\[uniform_\] Leaf Tensor"):
        leaf.uniform_()


def test_requires_grad_sets_stop_gradient_and_returns_the_tensor():
    x = paddle.ones([2])
    assert x.requires_grad_() is x and not x.stop_gradient
    assert x.requires_grad_(False).stop_gradient
