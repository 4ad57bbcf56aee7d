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


def test_higher_order_gradients_match_analytic_values():
    x = paddle.to_tensor([0.5, 1.0, 2.0], stop_gradient=False)
    (g1,) = paddle.grad(paddle.tanh(x).sum(), x, create_graph=True)
    (g2,) = paddle.grad(g1.sum(), x, create_graph=True)
    (g3,) = paddle.grad(g2.sum(), x)
    t = np.tanh([0.5, 1.0, 2.0])
    np.testing.assert_allclose(g1.numpy(), 1 - t**2, rtol=1e-6)
    np.testing.assert_allclose(g2.numpy(), -2 * t * (1 - t**2), rtol=1e-5)
    np.testing.assert_allclose(g3.numpy(), (1 - t**2) * (6 * t**2 - 2), rtol=1e-5)
    y = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    (d1,) = paddle.grad((y ** 3 + paddle.exp(y) * paddle.sin(y)).sum(), y, create_graph=True)
    (d2,) = paddle.grad(d1.sum(), y)
    v = np.array([1.0, 2.0])
    np.testing.assert_allclose(d2.numpy(), 6 * v + 2 * np.exp(v) * np.cos(v), rtol=1e-5)


def test_gradient_penalty_through_matmul_and_broadcasting():
    rng = np.random.default_rng(3)
    xn = rng.standard_normal((4, 3))
    wn = rng.standard_normal((3, 2))
    bn = rng.standard_normal((2,))
    x = paddle.to_tensor(xn, stop_gradient=False)
    w = paddle.to_tensor(wn, stop_gradient=False)
    b = paddle.to_tensor(bn, stop_gradient=False)
    out = paddle.tanh(x @ w + b)
    (gx,) = paddle.grad(out.sum(), x, create_graph=True)
    (gx * gx).sum().backward()

    def penalty(wv, bv):
        t = np.tanh(xn @ wv + bv)
        return (((1 - t**2) @ wv.T) ** 2).sum()
    eps = 1e-6
    for param, value, ref in ((w, wn, lambda v: penalty(v, bn)), (b, bn, lambda v: penalty(wn, v))):
        num = np.zeros_like(value)
        for idx in np.ndindex(value.shape):
            hi, lo = value.copy(), value.copy()
            hi[idx] += eps
            lo[idx] -= eps
            num[idx] = (ref(hi) - ref(lo)) / (2 * eps)
        np.testing.assert_allclose(param.grad.numpy(), num, rtol=1e-5, atol=1e-7)


def test_higher_order_through_an_op_without_one_is_a_clear_error():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    (g,) = paddle.grad(paddle.erf(x).sum(), x, create_graph=True)
    assert not g.stop_gradient
    # erf_grad has no composite form: the second derivative is an error, never a silent zero.
    with pytest.raises(NotImplementedError, match="erf_grad"):
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
