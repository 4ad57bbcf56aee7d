"""paddle.signal (frame, overlap_add, stft, istft) and the window functions
(paddle.*_window, paddle.audio.functional.get_window):
values and gradients against PaddlePaddle 3.3.1 (complex_cases.py), the
round trip stft -> istft, and bad input."""
import numpy as np
import pytest

import paddle
from complex_cases import check_case, check_error, names

T = paddle.to_tensor
CASES = names(lambda n, src: "P.signal." in src or "_window(" in src or "get_window" in src)


@pytest.mark.parametrize("name", CASES)
def test_matches_paddle_3_3_1(name):
    check_case(name)


@pytest.mark.parametrize("name", ["frame_too_long", "get_window_unknown",
                                  "get_window_needs_parameter"])
def test_bad_input_raises_as_paddle_3_3_1(name):
    check_error(name)


def test_frame_then_overlap_add_without_overlap_is_the_signal():
    x = T(np.arange(12.0))
    np.testing.assert_array_equal(
        paddle.signal.overlap_add(paddle.signal.frame(x, 4, 4), 4).numpy(), np.arange(12.0))


@pytest.mark.parametrize("n_fft, hop, win", [(16, 4, 16), (12, 3, 9), (8, 2, 8)])
def test_istft_inverts_stft(n_fft, hop, win):
    x = np.random.default_rng(0).standard_normal((2, 50))
    w = paddle.hann_window(win, dtype="float64")
    spec = paddle.signal.stft(T(x), n_fft, hop, win, window=w)
    back = paddle.signal.istft(spec, n_fft, hop, win, window=w, length=50)
    np.testing.assert_allclose(back.numpy(), x, atol=1e-10)


def test_windows_match_numpy_symmetric_forms():
    np.testing.assert_allclose(paddle.hann_window(9, periodic=False, dtype="float64").numpy(),
                               np.hanning(9), atol=1e-15)
    np.testing.assert_allclose(paddle.hamming_window(9, periodic=False, dtype="float64").numpy(),
                               np.hamming(9), atol=1e-15)
    np.testing.assert_allclose(paddle.blackman_window(9, periodic=False, dtype="float64").numpy(),
                               np.blackman(9), atol=1e-15)
    np.testing.assert_allclose(paddle.bartlett_window(9, periodic=False, dtype="float64").numpy(),
                               np.bartlett(9), atol=1e-15)
    np.testing.assert_allclose(
        paddle.kaiser_window(9, periodic=False, beta=4.0, dtype="float64").numpy(),
        np.kaiser(9, 4.0), atol=1e-14)


@pytest.mark.parametrize("call, error, match", [
    (lambda: paddle.hann_window(-1), ValueError, r"\[hann_window\] window_length must be >= 0"),
    (lambda: paddle.hann_window(2.5), TypeError, r"\[hann_window\] window_length must be an int"),
    (lambda: paddle.hann_window(4, dtype="int32"), TypeError, "floating-point dtype"),
    (lambda: paddle.signal.frame(T(np.ones(8)), 4, 0), ValueError,
     r"\[frame\] hop_length should be a positive int"),
    (lambda: paddle.signal.frame(T(np.ones(8)), 4, 2, axis=1), ValueError, "0 or -1"),
    (lambda: paddle.signal.stft(T(np.ones(8)), 16), ValueError, "n_fft should be in"),
    (lambda: paddle.signal.stft(T(np.ones(8)), 4, win_length=5), ValueError, "win_length"),
    (lambda: paddle.signal.stft(T(np.ones(8) + 1j), 4, onesided=True), ValueError, "onesided"),
    (lambda: paddle.signal.stft(T(np.ones(8)), 4, window=T(np.ones(3))), ValueError,
     "window"),
    (lambda: paddle.signal.istft(T(np.ones((3, 4))), 4), TypeError, "complex"),
    (lambda: paddle.signal.istft(T(np.ones((3, 4)) + 0j), 8), ValueError, "frequencies"),
    (lambda: paddle.signal.istft(T(np.ones((3, 5)) + 0j), 4, window=T(np.zeros(4))),
     ValueError, "NOLA"),
])
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()
