"""paddle.fft: values, dtypes and gradients against PaddlePaddle 3.3.1
(tests/python/complex_cases.py), accuracy against numpy.fft over many
lengths (every length to 64, primes, 1000, 4096), gradients by finite
differences, static mode and bad input."""
import numpy as np
import pytest

import paddle
from complex_cases import check_case, check_error, names
from test_complex import _numeric_complex_grad

T = paddle.to_tensor
CASES = names(lambda n, src: "P.fft." in src and "P.signal." not in src)
ERRORS = ["fft_bad_norm", "fft_n_zero", "fft_axis_out_of_range", "irfft_n_zero",
          "fftn_s_axes_mismatch", "fft2_one_axis", "fftfreq_zero"]
LENGTHS = list(range(1, 65)) + [67, 97, 127, 257, 1000, 1031, 4096]


@pytest.mark.parametrize("name", CASES)
def test_matches_paddle_3_3_1(name):
    check_case(name)


@pytest.mark.parametrize("name", ERRORS)
def test_bad_input_raises_as_paddle_3_3_1(name):
    check_error(name)


def _max_rel(got, want):
    return np.max(np.abs(got - want)) / max(1.0, np.max(np.abs(want)))


@pytest.mark.parametrize("dtype, tol", [("complex64", 1e-5), ("complex128", 1e-12)])
def test_fft_and_ifft_match_numpy_over_lengths(dtype, tol):
    rng = np.random.default_rng(0)
    for n in LENGTHS:
        x = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(dtype)
        assert _max_rel(paddle.fft.fft(T(x)).numpy(), np.fft.fft(x)) < tol, n
        assert _max_rel(paddle.fft.ifft(T(x)).numpy(), np.fft.ifft(x)) < tol, n


@pytest.mark.parametrize("dtype, tol", [("float32", 1e-5), ("float64", 1e-12)])
def test_real_transforms_match_numpy_over_lengths(dtype, tol):
    rng = np.random.default_rng(1)
    for n in LENGTHS:
        x = rng.standard_normal(n).astype(dtype)
        spec = np.fft.rfft(x)
        assert _max_rel(paddle.fft.rfft(T(x)).numpy(), spec) < tol, n
        assert _max_rel(paddle.fft.ihfft(T(x)).numpy(), np.fft.ihfft(x)) < tol, n
        half = T(spec.astype("complex64" if dtype == "float32" else "complex128"))
        assert _max_rel(paddle.fft.irfft(half, n=n).numpy(), np.fft.irfft(spec, n)) < tol, n
        assert _max_rel(paddle.fft.hfft(half, n=n).numpy(), np.fft.hfft(spec, n)) < tol, n


def test_nd_transforms_match_numpy():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((3, 5, 8))
    z = x + 1j * rng.standard_normal((3, 5, 8))
    np.testing.assert_allclose(paddle.fft.fftn(T(z), axes=[0, 2], norm="ortho").numpy(),
                               np.fft.fftn(z, axes=[0, 2], norm="ortho"), atol=1e-12)
    np.testing.assert_allclose(paddle.fft.rfftn(T(x), s=[4, 6], axes=[1, 2]).numpy(),
                               np.fft.rfftn(x, s=[4, 6], axes=[1, 2]), atol=1e-12)
    np.testing.assert_allclose(
        paddle.fft.irfftn(T(z), s=[5, 9], axes=[1, 2], norm="forward").numpy(),
        np.fft.irfftn(z, s=[5, 9], axes=[1, 2], norm="forward"), atol=1e-12)
    np.testing.assert_allclose(paddle.fft.ifft2(T(z)).numpy(), np.fft.ifft2(z), atol=1e-12)


def test_fft_of_int_input_is_complex64():
    out = paddle.fft.fft(T([1, 2, 3]))
    assert out.dtype == paddle.complex64
    np.testing.assert_allclose(out.numpy(), np.fft.fft([1, 2, 3]), rtol=1e-6)


def test_real_transforms_refuse_complex_input():
    with pytest.raises(TypeError, match=r"\[rfft\] expected a real tensor x, got complex64"):
        paddle.fft.rfft(T([1 + 1j]))


def test_duplicate_axes_are_refused():
    with pytest.raises(ValueError, match=r"\[fftn\] axes \[0, 0\] name an axis twice"):
        paddle.fft.fftn(T(np.ones((2, 2))), axes=[0, 0])


@pytest.mark.parametrize("fn, ref", [
    (lambda z: paddle.fft.fft(z, norm="ortho"), lambda z: np.fft.fft(z, norm="ortho")),
    (lambda z: paddle.fft.ifft(z, n=5), lambda z: np.fft.ifft(z, n=5)),
    (lambda z: paddle.fft.irfft(z, n=7), lambda z: np.fft.irfft(z, n=7)),
    (lambda z: paddle.fft.hfft(z), lambda z: np.fft.hfft(z)),
])
def test_complex_input_gradients_by_finite_differences(fn, ref):
    z0 = np.array([0.7 + 0.3j, -1.2 + 0.8j, 0.4 - 1.1j, 0.2 + 0.5j])
    w = np.random.default_rng(3).standard_normal(16)
    z = T(z0, stop_gradient=False)
    out = fn(z)
    wr, wi = w[:out.shape[-1]], w[8:8 + out.shape[-1]]
    if out.is_complex():
        loss = (paddle.real(out) * T(wr)).sum() + (paddle.imag(out) * T(wi)).sum()
    else:
        loss = (out * T(wr)).sum()
    (grad,) = paddle.grad(loss, z)

    def numeric(v):
        r = ref(v)
        return float(np.sum(wr * r.real) + (np.sum(wi * r.imag) if np.iscomplexobj(r) else 0))
    want = _numeric_complex_grad(numeric, z0)
    np.testing.assert_allclose(grad.numpy(), want, rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("fn, ref", [
    (lambda x: paddle.fft.rfft(x, n=6), lambda x: np.fft.rfft(x, n=6)),
    (lambda x: paddle.fft.ihfft(x, norm="forward"), lambda x: np.fft.ihfft(x, norm="forward")),
    (lambda x: paddle.fft.rfft2(x), lambda x: np.fft.rfft2(x)),
])
def test_real_input_gradients_by_finite_differences(fn, ref):
    x0 = np.random.default_rng(4).standard_normal((3, 5))
    x = T(x0, stop_gradient=False)
    out = fn(x)
    w = np.random.default_rng(5).standard_normal(out.shape)
    loss = (paddle.real(out) * T(w)).sum() + (paddle.imag(out) * T(w[::-1].copy())).sum()
    (grad,) = paddle.grad(loss, x)
    eps = 1e-6
    want = np.zeros_like(x0)
    for j in range(x0.size):
        xp, xm = x0.copy(), x0.copy()
        xp.reshape(-1)[j] += eps
        xm.reshape(-1)[j] -= eps
        f = lambda v: float(np.sum(w * ref(v).real) + np.sum(w[::-1] * ref(v).imag))
        want.reshape(-1)[j] = (f(xp) - f(xm)) / (2 * eps)
    np.testing.assert_allclose(grad.numpy(), want, rtol=1e-6, atol=1e-8)


def test_static_program_runs_the_transforms():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [4, 6], "float64")
            spec = paddle.fft.rfft(x)
            back = paddle.fft.irfft(spec, n=6)
            full = paddle.fft.fft2(x)
        x0 = np.random.default_rng(6).standard_normal((4, 6))
        got_spec, got_back, got_full = paddle.static.Executor().run(
            main, feed={"x": x0}, fetch_list=[spec, back, full])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got_spec, np.fft.rfft(x0), atol=1e-12)
    np.testing.assert_allclose(got_back, x0, atol=1e-12)
    np.testing.assert_allclose(got_full, np.fft.fft2(x0), atol=1e-12)


def test_op_attribute_checks_name_the_op():
    # A normalization outside the three is refused by the op too (static programs).
    with pytest.raises(Exception, match="normalization"):
        paddle.fft._c2c(T(np.ones(4, "complex64")), [0], "bad", True)
    with pytest.raises(Exception, match=r"\[fft_c2c\] axis 3 is out of range"):
        paddle.fft._c2c(T(np.ones(4, "complex64")), [3], "backward", True)


@pytest.mark.parametrize("fn", [paddle.fft.fft, paddle.fft.ifft, paddle.fft.rfft, paddle.fft.irfft,
                                paddle.fft.hfft, paddle.fft.ihfft])
def test_a_non_tensor_is_refused_naming_the_function(fn):
    with pytest.raises(TypeError, match=rf"\[{fn.__name__}\] x must be a paddle.Tensor, got list"):
        fn([1.0, 2.0])
