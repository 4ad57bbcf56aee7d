"""Tensor conversions, in-place variants and small properties
(python/paddle/tensor/more_methods.py)."""
import numpy as np
import pytest

import paddle


def test_conversions():
    x = paddle.to_tensor([1.5, -2.5])
    assert x.float().dtype == paddle.float32 and x.double().dtype == paddle.float64
    assert x.int().dtype == paddle.int32 and x.int().tolist() == [1, -2]
    assert x.long().dtype == paddle.int64 and x.bool().tolist() == [True, True]
    assert x.type_as(paddle.to_tensor([1])).dtype == paddle.int64
    assert x.to("float64").dtype == paddle.float64 and x.to(dtype="int64").dtype == paddle.int64
    assert x.cpu() is x and x.to("cpu") is x
    with pytest.raises(ValueError, match="CUDA"):
        x.cuda()
    with pytest.raises(ValueError, match="CUDA"):
        x.to("gpu:0")


def test_inplace_variants_replace_the_data():
    x = paddle.to_tensor([1.0, 4.0])
    same = x
    x.add_(1).sqrt_()
    assert same is x
    np.testing.assert_allclose(x.numpy(), np.sqrt([2.0, 5.0]), rtol=1e-6)
    x.clip_(0, 2)
    assert x.numpy().max() <= 2
    x.zero_()
    assert x.tolist() == [0.0, 0.0]
    x.fill_(7)
    assert x.tolist() == [7.0, 7.0]


def test_inplace_on_a_leaf_that_wants_gradients():
    w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    with pytest.raises(ValueError, match="can't use inplace"):
        w.exp_()
    with paddle.no_grad():  # an optimizer's update
        w.add_(1)
    assert w.tolist() == [2.0, 3.0] and not w.stop_gradient
    y = w * 2  # a non-leaf: in place keeps the graph
    y.exp_()
    y.sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), 2 * np.exp([4.0, 6.0]), rtol=1e-5)


def test_set_value_copy_and_data():
    w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    w.set_value(np.array([5, 6]))
    assert w.tolist() == [5.0, 6.0] and w.dtype == paddle.float32 and not w.stop_gradient
    w.copy_(paddle.to_tensor([1.0, 1.0]))
    assert w.tolist() == [1.0, 1.0]
    with pytest.raises(ValueError, match="shape"):
        w.set_value(np.ones(3))
    d = w.data
    assert d.stop_gradient and d.tolist() == [1.0, 1.0]
    w.data = paddle.to_tensor([3.0, 4.0])
    assert w.tolist() == [3.0, 4.0]


def test_shape_views_and_properties():
    x = paddle.arange(24, dtype="float32").reshape([2, 3, 4])
    assert x.view([6, 4]).shape == [6, 4] and x.view(4, 6).shape == [4, 6]
    assert x.view_as(paddle.ones([3, 8])).shape == [3, 8]
    np.testing.assert_array_equal(x.permute(2, 0, 1).numpy(), x.numpy().transpose(2, 0, 1))
    np.testing.assert_array_equal(x.mT.numpy(), x.numpy().transpose(0, 2, 1))
    assert x.get_strides() == [12, 4, 1] and x.stride(1) == 4
    assert x.element_size() == 4 and x.itemsize == 4 and x.is_contiguous()
    assert x.new_zeros([2]).dtype == paddle.float32 and x.new_full([2], 3).tolist() == [3.0, 3.0]
    assert x.requires_grad is False
    x.requires_grad = True
    assert not x.stop_gradient
    assert x.data_ptr() == x._data_ptr() and x.ndimension() == 3


def test_aliases_and_swapaxes():
    x = paddle.to_tensor([[1.0, -2.0], [3.0, 4.0]])
    np.testing.assert_array_equal(x.clamp(0, 3).numpy(), np.clip(x.numpy(), 0, 3))
    np.testing.assert_array_equal(x.sub(1).numpy(), x.numpy() - 1)
    np.testing.assert_array_equal(x.mul(x).numpy(), x.numpy() ** 2)
    np.testing.assert_allclose(x.div(2).numpy(), x.numpy() / 2)
    assert x.gt(0).tolist() == [[True, False], [True, True]]
    assert x.eq(x).numpy().all() and not x.ne(x).numpy().any()
    assert x.ravel().shape == [4] and x.negative().tolist() == [[-1.0, 2.0], [-3.0, -4.0]]
    y = paddle.ones([2, 3, 4])
    assert y.swapaxes(0, 2).shape == [4, 3, 2] and y.swapdims(1, 2).shape == [2, 4, 3]
    z = x.clone()
    z.clamp_(0, 1)
    assert z.tolist() == [[1.0, 0.0], [1.0, 1.0]]
