"""Eager autograd (core/eager): backward, paddle.grad, accumulation, hooks,
no_grad, retain_graph; gradients checked against analytic values."""
import numpy as np
import pytest

import paddle


def test_backward_accumulates_into_leaves():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], stop_gradient=False)
    (x * x).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * x.numpy())
    (x * 3).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * x.numpy() + 3)
    x.clear_grad()
    np.testing.assert_array_equal(x.grad.numpy(), np.zeros((2, 2)))
    x.clear_grad(set_to_zero=False)
    assert x.grad is None


def test_chain_of_ops_matches_analytic_gradient():
    rng = np.random.default_rng(0)
    w_np = rng.standard_normal((3, 2)).astype("float32")
    x_np = rng.standard_normal((4, 3)).astype("float32")
    w = paddle.to_tensor(w_np, stop_gradient=False)
    x = paddle.to_tensor(x_np)
    y = paddle.tanh(x @ w)
    loss = (y * y).mean()
    loss.backward()
    t = np.tanh(x_np @ w_np)
    dy = 2 * t / t.size
    dw = x_np.T @ (dy * (1 - t * t))
    np.testing.assert_allclose(w.grad.numpy(), dw, rtol=1e-5, atol=1e-6)
    assert x.grad is None  # stop_gradient=True tensors get none


def test_a_tensor_used_twice_sums_its_gradients():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = x * 2
    (y * y + y).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * (2 * 2 * x.numpy() + 1))


def test_paddle_grad_returns_without_accumulating():
    x = paddle.to_tensor([3.0], stop_gradient=False)
    w = paddle.to_tensor([2.0], stop_gradient=False)
    (dx,) = paddle.grad(x * x * w, x)
    np.testing.assert_allclose(dx.numpy(), [12.0])
    assert x.grad is None and w.grad is None
    y = x * 2
    (dy,) = paddle.grad((y * y).sum(), y)  # a non-leaf input
    np.testing.assert_allclose(dy.numpy(), [12.0])


def test_paddle_grad_allow_unused_and_errors():
    x = paddle.to_tensor([1.0], stop_gradient=False)
    z = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(ValueError, match="not used"):
        paddle.grad(x * 2, [x, z])
    dx, dz = paddle.grad(x * 2, [x, z], allow_unused=True)
    assert dz is None and dx.item() == 2.0
    with pytest.raises(ValueError, match="no output requires a gradient"):
        paddle.grad(paddle.to_tensor([1.0]) * 2, x)


def test_paddle_grad_with_grad_outputs_and_no_grad_vars():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = x * 3
    (dx,) = paddle.grad(y, x, grad_outputs=paddle.to_tensor([1.0, 10.0]))
    np.testing.assert_allclose(dx.numpy(), [3.0, 30.0])
    a = x * 2
    b = a * x
    (dx,) = paddle.grad(b.sum(), x, no_grad_vars=[a])
    np.testing.assert_allclose(dx.numpy(), a.numpy())


def test_backward_twice_needs_retain_graph():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    loss = (x * x).sum()
    loss.backward(retain_graph=True)
    loss.backward()
    np.testing.assert_allclose(x.grad.numpy(), 4 * x.numpy())
    with pytest.raises(RuntimeError, match="retain_graph=True"):
        loss.backward()


def test_create_graph_gives_a_differentiable_gradient_or_a_clear_error():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    (g,) = paddle.grad(paddle.tanh(x).sum(), x, create_graph=True)
    assert not g.stop_gradient
    np.testing.assert_allclose(g.numpy(), 1 - np.tanh([1.0, 2.0]) ** 2, rtol=1e-6)
    # tanh_grad has no gradient of its own yet: the second derivative is an
    # error, never a silent zero.
    with pytest.raises(NotImplementedError, match="tanh_grad"):
        paddle.grad(g.sum(), x)


def test_no_grad_and_set_grad_enabled():
    x = paddle.to_tensor([1.0], stop_gradient=False)
    with paddle.no_grad():
        y = x * 2
        with paddle.enable_grad():
            z = x * 2
    assert y.stop_gradient and not z.stop_gradient
    assert paddle.is_grad_enabled()

    @paddle.no_grad()
    def f(t):
        return t * 2
    assert f(x).stop_gradient
    with paddle.set_grad_enabled(False):
        assert not paddle.is_grad_enabled()
    assert paddle.is_grad_enabled()


def test_hooks_on_leaf_and_non_leaf():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    h = x.register_hook(lambda g: g * 10)
    (x * 2).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [20.0, 20.0])
    h.remove()
    x.clear_grad()
    (x * 2).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [2.0, 2.0])

    a = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    b = a * 2
    seen = []
    b.register_hook(lambda g: seen.append(g.numpy().copy()))
    (b * b).sum().backward()
    np.testing.assert_allclose(seen[0], 2 * b.numpy())
    with pytest.raises(RuntimeError, match="stop_gradient=True"):
        paddle.to_tensor([1.0]).register_hook(lambda g: g)


def test_gradients_through_indexing_split_concat_and_reductions():
    x = paddle.to_tensor(np.arange(12, dtype="float32").reshape(3, 4), stop_gradient=False)
    (x[1:, ::2].sum() + x[0, 1] * 3).backward()
    expected = np.zeros((3, 4), "float32")
    expected[1:, ::2] = 1
    expected[0, 1] = 3
    np.testing.assert_array_equal(x.grad.numpy(), expected)
    x.clear_grad()
    p, q = paddle.split(x, [1, 3], axis=1)
    (paddle.concat([q, p], axis=1).max(axis=1).sum() + p.mean()).backward()
    expected = np.zeros((3, 4), "float32")
    expected[:, 3] = 1
    expected[:, 0] += 1 / 3
    np.testing.assert_allclose(x.grad.numpy(), expected, rtol=1e-6)


def test_inplace_change_of_a_saved_input_is_an_error():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = x * 1
    z = y * y
    y += 1  # z's gradient would read the new y
    with pytest.raises(RuntimeError, match="modified in place"):
        z.sum().backward()
