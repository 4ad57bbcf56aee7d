"""Complex tensors: the complex kernels of the op families (arithmetic with
broadcasting, exp/log/sqrt/square/abs, sums, casts, shape ops) and the
complex functions (real, imag, conj, angle, complex, polar, as_complex,
as_real), values and gradients against PaddlePaddle 3.3.1
(tests/python/complex_cases.py), gradients against finite differences,
static mode, printing and bad input."""
import numpy as np
import pytest

import paddle
from complex_cases import check_case, check_error, names

T = paddle.to_tensor
FFT_OR_SIGNAL = ("P.fft.", "P.signal.", "_window(", "get_window")
CASES = names(lambda n, src: not any(s in src for s in FFT_OR_SIGNAL))


@pytest.mark.parametrize("name", CASES)
def test_matches_paddle_3_3_1(name):
    check_case(name)


def test_as_complex_refuses_a_last_dim_other_than_2():
    check_error("as_complex_last_dim")
    with pytest.raises(ValueError, match=r"\[as_complex\] expected x with a last dim of size 2"):
        paddle.as_complex(T(np.ones((2, 3), "float32")))


@pytest.mark.parametrize("fn", [paddle.real, paddle.imag, paddle.as_real])
def test_parts_refuse_a_real_tensor(fn):
    with pytest.raises(TypeError, match="expected x of complex64 or complex128, got float32"):
        fn(T([1.0, 2.0]))


def test_full_with_a_complex_value_needs_a_complex_dtype():
    with pytest.raises(TypeError, match=r"\[full\] a complex fill_value needs a complex dtype"):
        paddle.full([2], 1j, dtype="float32")


def test_complex_refuses_mixed_or_integer_parts():
    with pytest.raises(TypeError, match=r"\[complex\] expected real and imag of one dtype"):
        paddle.complex(T([1.0]), T([1.0], dtype="float64"))
    with pytest.raises(TypeError, match=r"\[complex\] expected real of float32 or float64"):
        paddle.complex(T([1]), T([1]))


def _numeric_complex_grad(f, z, eps=1e-6):
    """dL/da + i dL/db of the real scalar L = f(z) by central differences."""
    z = np.asarray(z, dtype=np.complex128)
    g = np.zeros_like(z)
    for j in range(z.size):
        for step, unit in ((eps, 1.0), (eps, 1j)):
            zp, zm = z.copy(), z.copy()
            zp.reshape(-1)[j] += step * unit
            zm.reshape(-1)[j] -= step * unit
            d = (f(zp) - f(zm)) / (2 * step)
            g.reshape(-1)[j] += d * (1.0 if unit == 1.0 else 1j)
    return g


LOSSES = {
    "mul": (lambda z: z * T(np.array([1 - 2j, 0.5j, 3 + 0j])),
            lambda z: z * np.array([1 - 2j, 0.5j, 3 + 0j])),
    "div": (lambda z: T(np.array([2 + 1j, -1j, 1 + 0j])) / z,
            lambda z: np.array([2 + 1j, -1j, 1 + 0j]) / z),
    "exp": (paddle.exp, np.exp),
    "log": (paddle.log, np.log),
    "sqrt": (paddle.sqrt, np.sqrt),
    "square": (paddle.square, np.square),
    "conj": (paddle.conj, np.conj),
}


@pytest.mark.parametrize("name", sorted(LOSSES))
def test_gradient_follows_the_conjugate_convention(name):
    # L = sum(w_r real(f(z)) + w_i imag(f(z))): its gradient is dL/da + i dL/db.
    ours, ref = LOSSES[name]
    z0 = np.array([0.7 + 0.3j, -1.2 + 0.8j, 0.4 - 1.1j])
    wr, wi = np.array([1.0, -2.0, 0.5]), np.array([0.3, 1.5, -1.0])
    z = T(z0, stop_gradient=False)
    out = ours(z)
    loss = (paddle.real(out) * T(wr)).sum() + (paddle.imag(out) * T(wi)).sum()
    (grad,) = paddle.grad(loss, z)
    want = _numeric_complex_grad(lambda v: float(np.sum(wr * ref(v).real + wi * ref(v).imag)), z0)
    np.testing.assert_allclose(grad.numpy(), want, rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("fn, ref", [(paddle.abs, np.abs), (paddle.angle, np.angle),
                                     (paddle.real, np.real), (paddle.imag, np.imag)])
def test_real_valued_functions_gradient(fn, ref):
    z0 = np.array([0.7 + 0.3j, -1.2 + 0.8j, 0.4 - 1.1j])
    w = np.array([1.0, -2.0, 0.5])
    z = T(z0, stop_gradient=False)
    (grad,) = paddle.grad((fn(z) * T(w)).sum(), z)
    want = _numeric_complex_grad(lambda v: float(np.sum(w * ref(v))), z0)
    np.testing.assert_allclose(grad.numpy(), want, rtol=1e-6, atol=1e-8)


def test_abs_gradient_is_zero_at_zero():
    z = T(np.array([0j, 3 + 4j]), stop_gradient=False)
    (grad,) = paddle.grad(paddle.abs(z).sum(), z)
    np.testing.assert_allclose(grad.numpy(), [0, 0.6 + 0.8j])


def test_complex_gradient_sums_over_broadcast_dims():
    x = T(np.ones((2, 3)), stop_gradient=False)
    y = T(np.ones(3), stop_gradient=False)
    out = paddle.complex(x, y)
    loss = paddle.real(out).sum() * 2 + paddle.imag(out).sum() * 3
    gx, gy = paddle.grad(loss, [x, y])
    np.testing.assert_allclose(gx.numpy(), np.full((2, 3), 2.0))
    np.testing.assert_allclose(gy.numpy(), np.full(3, 6.0))


def test_is_complex_and_dtypes():
    z = T([1 + 1j])
    assert paddle.is_complex(z) and z.is_complex()
    assert not paddle.is_complex(paddle.real(z))
    assert z.dtype == paddle.complex64
    assert T(np.array([1j])).dtype == paddle.complex128
    assert paddle.abs(z).dtype == paddle.float32
    assert paddle.as_real(z.astype("complex128")).dtype == paddle.float64


def test_printing_a_complex_tensor():
    text = str(T([1 + 2j, 3 - 4j]))
    assert "dtype=complex64" in text
    assert "(1.00000000+2.00000000j)" in text and "(3.00000000-4.00000000j)" in text


def test_static_program_runs_the_complex_ops():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            re = paddle.static.data("re", [2, 3], "float32")
            im = paddle.static.data("im", [2, 3], "float32")
            z = paddle.complex(re, im)
            out = paddle.abs(z * paddle.conj(z))
            ang = paddle.angle(z)
        exe = paddle.static.Executor()
        a = np.arange(6, dtype="float32").reshape(2, 3)
        b = np.ones((2, 3), "float32")
        got, got_angle = exe.run(main, feed={"re": a, "im": b}, fetch_list=[out, ang])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got, a ** 2 + b ** 2, rtol=1e-6)
    np.testing.assert_allclose(got_angle, np.angle(a + 1j * b), rtol=1e-6)
