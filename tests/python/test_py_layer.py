"""paddle.autograd.PyLayer: custom forward/backward in Python, recorded as one
grad node (GradNode::MakeCustom) that calls backward. Behaviour follows
PaddlePaddle 3.3.1 (checked against it by hand); where PaddlePaddle crashes or
accepts a gradient of the wrong shape, a typed error is raised here instead."""
import numpy as np
import pytest

import paddle
from paddle.autograd import PyLayer, PyLayerContext


class Cube(PyLayer):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, dy):
        x, = ctx.saved_tensor()
        return 3 * x * x * dy


def _leaf(values, dtype="float32"):
    return paddle.to_tensor(np.array(values, dtype), stop_gradient=False)


def test_cube_gradient_is_its_analytic_backward():
    xv = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]], "float32")
    x = _leaf(xv)
    y = Cube.apply(x)
    assert not y.stop_gradient and not y.is_leaf
    np.testing.assert_allclose(y.numpy(), xv ** 3, rtol=1e-6)
    (y * paddle.to_tensor(np.full_like(xv, 2.0))).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 6 * xv ** 2, rtol=1e-6)


def test_cube_gradient_matches_finite_differences():
    xv = np.array([0.3, -0.7, 1.1], "float64")
    x = _leaf(xv, "float64")
    Cube.apply(x).sum().backward()
    eps = 1e-6
    numeric = ((xv + eps) ** 3 - (xv - eps) ** 3) / (2 * eps)
    np.testing.assert_allclose(x.grad.numpy(), numeric, rtol=1e-6)


class ScaleAndShift(PyLayer):
    """Two tensor inputs, a non-tensor argument in between, two outputs."""

    @staticmethod
    def forward(ctx, a, scale, b, shift=0.0):
        ctx.scale = scale
        ctx.save_for_backward(a, b)
        return a * b * scale, a + shift

    @staticmethod
    def backward(ctx, d_prod, d_shift):
        a, b = ctx.saved_tensor()
        return d_prod * b * ctx.scale + d_shift, d_prod * a * ctx.scale


def test_several_inputs_and_outputs_with_non_tensor_arguments():
    a, b = _leaf([1.0, 2.0]), _leaf([3.0, -1.0])
    prod, shifted = ScaleAndShift.apply(a, 2.0, b, shift=5.0)
    np.testing.assert_allclose(prod.numpy(), [6.0, -4.0])
    np.testing.assert_allclose(shifted.numpy(), [6.0, 7.0])
    (prod.sum() + 10 * shifted.sum()).backward()
    np.testing.assert_allclose(a.grad.numpy(), [2 * 3.0 + 10, 2 * -1.0 + 10])
    np.testing.assert_allclose(b.grad.numpy(), [2 * 1.0, 2 * 2.0])


def test_an_unused_output_gets_a_zero_gradient():
    seen = {}

    class Two(PyLayer):
        @staticmethod
        def forward(ctx, a):
            return a * 2, a * 3

        @staticmethod
        def backward(ctx, d1, d2):
            seen["d2"] = d2.numpy().copy()
            return d1 * 2 + d2 * 3

    a = _leaf([1.0, 1.0])
    first, _ = Two.apply(a)
    first.sum().backward()
    np.testing.assert_array_equal(seen["d2"], [0.0, 0.0])
    np.testing.assert_allclose(a.grad.numpy(), [2.0, 2.0])


def test_set_materialize_grads_false_passes_none():
    seen = {}

    class Two(PyLayer):
        @staticmethod
        def forward(ctx, a):
            ctx.set_materialize_grads(False)
            return a * 2, a * 3

        @staticmethod
        def backward(ctx, d1, d2):
            seen["d2"] = d2
            return d1 * 2

    a = _leaf([1.0])
    Two.apply(a)[0].backward()
    assert seen["d2"] is None
    np.testing.assert_allclose(a.grad.numpy(), [2.0])


def test_kwarg_tensors_are_inputs_after_positional_ones():
    class Mul(PyLayer):
        @staticmethod
        def forward(ctx, a, b=None):
            ctx.save_for_backward(a, b)
            return a * b

        @staticmethod
        def backward(ctx, dy):
            a, b = ctx.saved_tensor()
            return dy * b, dy * a

    a, b = _leaf([2.0]), _leaf([5.0])
    Mul.apply(a, b=b).backward()
    np.testing.assert_allclose(a.grad.numpy(), [5.0])
    np.testing.assert_allclose(b.grad.numpy(), [2.0])


def test_backward_returning_none_for_an_input_gives_it_no_gradient():
    class FirstOnly(PyLayer):
        @staticmethod
        def forward(ctx, a, b):
            return a + b

        @staticmethod
        def backward(ctx, dy):
            return dy, None

    a, b = _leaf([1.0]), _leaf([2.0])
    FirstOnly.apply(a, b).backward()
    np.testing.assert_allclose(a.grad.numpy(), [1.0])
    assert b.grad is None


def _spy(seen, probe):
    """A layer (y = 2a, da = 2dy) that appends probe(ctx) to `seen` in forward and backward."""

    class Spy(PyLayer):
        @staticmethod
        def forward(ctx, a):
            seen.append(probe(ctx))
            return a * 2

        @staticmethod
        def backward(ctx, dy):
            seen.append(probe(ctx))
            return dy * 2

    return Spy


def test_inputs_without_gradient_record_nothing():
    calls = []
    spy = _spy(calls, lambda ctx: "called")
    y = spy.apply(paddle.to_tensor([1.0]))
    assert y.stop_gradient and y.is_leaf
    with paddle.no_grad():
        assert spy.apply(_leaf([1.0])).stop_gradient
    assert calls == ["called"] * 2  # the two forwards, no backward


def test_forward_runs_without_recording_and_backward_without_grad_mode():
    modes = []
    _spy(modes, lambda ctx: paddle.is_grad_enabled()).apply(_leaf([1.0])).backward()
    assert modes == [False, False]


def test_mark_non_differentiable_output_stops_gradient():
    seen = {}

    class ArgMaxLike(PyLayer):
        @staticmethod
        def forward(ctx, a):
            idx = a * 0
            ctx.mark_non_differentiable(idx)
            return a * 2, idx

        @staticmethod
        def backward(ctx, dy, didx):
            seen["didx"] = didx.numpy().copy()
            return dy * 2

    a = _leaf([1.0, 4.0])
    y, idx = ArgMaxLike.apply(a)
    assert idx.stop_gradient and not y.stop_gradient
    (y + idx).sum().backward()
    np.testing.assert_array_equal(seen["didx"], [0.0, 0.0])
    np.testing.assert_allclose(a.grad.numpy(), [2.0, 2.0])


class Passthrough(PyLayer):
    """Returns its input as is; the gradient is tripled."""

    @staticmethod
    def forward(ctx, a, not_inplace=False):
        if not_inplace:
            ctx.mark_not_inplace(a)
        return a

    @staticmethod
    def backward(ctx, dy):
        return dy * 3


def test_returning_a_leaf_input_that_wants_a_gradient_is_refused():
    a = _leaf([1.0])
    with pytest.raises(ValueError, match="can't use inplace strategy"):
        Passthrough.apply(a)


def test_mark_not_inplace_returns_a_new_tensor():
    a = _leaf([1.0, 2.0])
    y = Passthrough.apply(a, not_inplace=True)
    assert y is not a and a.is_leaf and not y.is_leaf
    y.sum().backward()
    np.testing.assert_allclose(a.grad.numpy(), [3.0, 3.0])


def test_a_non_leaf_input_returned_in_place_chains_gradients():
    x = _leaf([1.0, 2.0])
    h = x * 2
    y = Passthrough.apply(h)
    assert y is h
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [6.0, 6.0])


def test_grads_arrive_in_the_outputs_dtype():
    seen = {}

    class Widen(PyLayer):
        @staticmethod
        def forward(ctx, a):
            return a.astype("float64")

        @staticmethod
        def backward(ctx, dy):
            seen["dtype"] = dy.dtype
            return dy.astype("float32")

    a = _leaf([1.0])
    Widen.apply(a).backward(paddle.to_tensor([2.0], dtype="float32"))
    assert seen["dtype"] == paddle.float64
    np.testing.assert_allclose(a.grad.numpy(), [2.0])


def test_higher_order_gradient_through_backward_ops():
    x = _leaf([1.0, 2.0])
    ones = paddle.to_tensor([1.0, 1.0])
    g, = paddle.grad(Cube.apply(x), x, grad_outputs=ones, create_graph=True)
    np.testing.assert_allclose(g.numpy(), [3.0, 12.0])
    assert not g.stop_gradient
    g2, = paddle.grad(g, x, grad_outputs=ones)
    np.testing.assert_allclose(g2.numpy(), [6.0, 12.0])


def test_hook_on_an_output_sees_and_replaces_its_gradient():
    x = _leaf([1.0, 2.0])
    y = Cube.apply(x)
    y.register_hook(lambda g: g * 10)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [30.0, 120.0])


def test_second_backward_needs_retain_graph():
    x = _leaf([2.0])
    y = Cube.apply(x)
    y.backward(retain_graph=True)
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), [24.0])
    with pytest.raises(RuntimeError, match="retain_graph=True"):
        y.backward()


def test_saved_tensor_is_none_without_save():
    seen = []
    _spy(seen, lambda ctx: ctx.saved_tensor()).apply(_leaf([1.0])).backward()
    assert seen == [None, None]
    assert isinstance(PyLayerContext(), PyLayerContext)


def _layer(backward):
    class Custom(PyLayer):
        @staticmethod
        def forward(ctx, *args):
            return sum(args[1:], args[0] * 2)

    Custom.backward = staticmethod(backward)
    return Custom


@pytest.mark.parametrize("backward, inputs, match", [
    (lambda ctx, dy: (dy, dy), 1, "should be 1, but received 2"),
    (lambda ctx, dy: dy, 2, "should not return empty at 1 position"),
    (lambda ctx, dy: paddle.ones([3]), 1, r"shape \[3\] for input #0, whose shape is \[1\]"),
    (lambda ctx, dy: 3, 1, "only support Tensor or None.*int"),
    (lambda ctx, dy: (dy, "x"), 2, "only support Tensor or None.*str at position 1"),
])
def test_bad_backward_results_are_value_errors(backward, inputs, match):
    args = [_leaf([1.0]) for _ in range(inputs)]
    with pytest.raises(ValueError, match=match):
        _layer(backward).apply(*args).backward()


def test_a_gradient_for_an_input_without_one_is_refused():
    layer = _layer(lambda ctx, dy: (dy, dy))
    with pytest.raises(ValueError, match="should return None at 1 position"):
        layer.apply(_leaf([1.0]), paddle.to_tensor([1.0])).backward()


def test_forward_must_return_a_tensor():
    class NoTensor(PyLayer):
        @staticmethod
        def forward(ctx, a):
            return 3

    with pytest.raises(ValueError, match="At least one output"):
        NoTensor.apply(_leaf([1.0]))
    with pytest.raises(NotImplementedError, match="forward"):
        PyLayer.apply(_leaf([1.0]))


def test_errors_raised_in_backward_keep_their_type():
    def boom(ctx, dy):
        raise KeyError("boom in backward")

    with pytest.raises(KeyError, match="boom in backward"):
        _layer(boom).apply(_leaf([1.0])).backward()


def test_forward_may_return_a_list_and_non_tensors():
    class Mixed(PyLayer):
        @staticmethod
        def forward(ctx, a):
            return [a * 2, "tag", a * 3]

        @staticmethod
        def backward(ctx, d1, d2):
            return d1 * 2 + d2 * 3

    a = _leaf([1.0])
    out = Mixed.apply(a)
    assert isinstance(out, list) and out[1] == "tag"
    (out[0] + out[2]).backward()
    np.testing.assert_allclose(a.grad.numpy(), [5.0])


class Tanh(PyLayer):
    """Saves its output for backward (the usual case that could leak)."""

    @staticmethod
    def forward(ctx, x):
        y = paddle.tanh(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, dy):
        y, = ctx.saved_tensor()
        return dy * (1 - y * y)


def test_an_output_saved_for_backward_is_freed_with_its_graph():
    import gc
    import weakref

    class Marker:
        pass

    x = _leaf([0.5])
    y = Tanh.apply(x)
    y.marker = Marker()
    alive = weakref.ref(y.marker)
    del y
    gc.collect()
    assert alive() is None


def test_a_saved_output_still_gives_gradients_after_the_output_is_gone():
    x = _leaf([0.5, -1.0])
    loss = (Tanh.apply(x) * 2).sum()  # the output itself is not kept
    loss.backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * (1 - np.tanh([0.5, -1.0]) ** 2), rtol=1e-6)


def test_higher_order_gradient_through_a_saved_output():
    xv = np.array([0.5, -1.0], "float32")
    x = _leaf(xv)
    y = Tanh.apply(x)
    ones = paddle.to_tensor([1.0, 1.0])
    g, = paddle.grad(y, x, grad_outputs=ones, create_graph=True)
    g2, = paddle.grad(g, x, grad_outputs=ones)
    t = np.tanh(xv)
    np.testing.assert_allclose(g.numpy(), 1 - t * t, rtol=1e-6)
    np.testing.assert_allclose(g2.numpy(), -2 * t * (1 - t * t), rtol=1e-5)



class ListProduct(PyLayer):
    """A list argument of tensors is one input position with a list of gradients."""

    @staticmethod
    def forward(ctx, factors, scale):
        ctx.save_for_backward(*[f for f in factors if isinstance(f, paddle.Tensor)])
        ctx.scale = scale
        return factors[0] * factors[1] * scale

    @staticmethod
    def backward(ctx, dy):
        a, b = ctx.saved_tensor()
        return [dy * b * ctx.scale, dy * a * ctx.scale], dy * a * b


def test_a_list_of_tensors_takes_a_list_of_gradients():
    a, b, s = _leaf([2.0]), _leaf([3.0]), _leaf([5.0])
    ListProduct.apply([a, b], s).backward()
    np.testing.assert_allclose(a.grad.numpy(), [15.0])
    np.testing.assert_allclose(b.grad.numpy(), [10.0])
    np.testing.assert_allclose(s.grad.numpy(), [6.0])


def test_a_single_list_input_may_return_its_list_and_skip_non_tensor_items():
    class FirstTimesTwo(PyLayer):
        @staticmethod
        def forward(ctx, items):
            return items[0] * 2

        @staticmethod
        def backward(ctx, dy):
            return [dy * 2, None]

    a = _leaf([1.0])
    FirstTimesTwo.apply([a, "not a tensor"]).backward()
    np.testing.assert_allclose(a.grad.numpy(), [2.0])


def test_a_list_input_needs_one_gradient_per_item():
    class TensorForList(PyLayer):
        @staticmethod
        def forward(ctx, items):
            return items[0] * 2

        @staticmethod
        def backward(ctx, dy):
            return dy

    with pytest.raises(ValueError, match="input #0 is a list of 2, so its gradient must be"):
        TensorForList.apply([_leaf([1.0]), 3]).backward()
