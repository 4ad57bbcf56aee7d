"""Records PaddlePaddle 3.3.1's results of the complex-number functions,
paddle.fft, paddle.signal and the window functions (values, dtypes, shapes
and gradients) for tests/python/test_complex.py, test_fft.py and
test_signal.py, into tests/data/complex/cases.json (each case's source, the
dtypes and shapes of its results) and cases.npz (the values, and the inputs
as "input/<name>"). A case is Python source evaluated with P = paddle,
T = paddle.to_tensor, np, the inputs below, L (a real loss of a result that
weighs each element differently) and G(name) (a leaf made from an input that
wants a gradient); a list result is recorded element by element, so a case
can return [out, *P.grad(...)].

Run with the real PaddlePaddle: /work/venvs/paddle/bin/python tools/oracle/complex_fft_oracle.py
"""
import json
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "complex"

rng = np.random.default_rng(7)
INPUTS = {
    "C": (rng.standard_normal((3, 4)) + 1j * rng.standard_normal((3, 4))).astype("complex64"),
    "Z": rng.standard_normal((2, 3, 5)) + 1j * rng.standard_normal((2, 3, 5)),  # complex128
    "F": rng.standard_normal((3, 4)).astype("float32"),
    "D": rng.standard_normal((2, 3, 6)),
    "S": rng.standard_normal((2, 40)),  # signals
    "H": rng.standard_normal((2, 5, 7)) + 1j * rng.standard_normal((2, 5, 7)),  # spectra
    "W": rng.standard_normal(64),  # weights of the losses
}

# A real loss whose gradient differs per element: the real and imaginary parts weighed.
LOSS = ("lambda o: ((P.real(o) if o.is_complex() else o) * T(np.resize(W, o.shape))).sum()"
        " + ((P.imag(o) * T(np.resize(W[::-1].copy(), o.shape))).sum() if o.is_complex() "
        "else 0)")

CASES = {
    # complex arithmetic (the kernels of the op families)
    "add": "T(C) + T(C[::-1].copy())",
    "sub_broadcast": "T(Z) - T(Z[0, 0])",
    "mul": "T(C) * T(C[:, ::-1].copy())",
    "div": "T(Z) / T(Z[:, :, ::-1].copy())",
    "mul_real_scalar": "T(C) * 2.5",
    "add_real_tensor": "T(C) + T(F)",
    "scale": "P.scale(T(C), 2.0, 1.0)",
    "exp": "P.exp(T(C))",
    "log": "P.log(T(Z))",
    "sqrt": "P.sqrt(T(C))",
    "square": "P.square(T(Z))",
    "abs": "P.abs(T(C))",
    "sum": "P.sum(T(Z), axis=1)",
    "mean": "P.mean(T(C))",
    "equal": "P.equal(T(C), T(np.where(F > 0, C, 0).astype('complex64')))",
    "cast_to_float": "P.cast(T(C), 'float32')",
    "cast_from_float": "P.cast(T(F), 'complex128')",
    "full_complex": "P.full([2, 2], 3.0, dtype='complex64')",
    "full_complex_value": "[P.full([2, 3], 0.1 - 2j), P.full([2], 0.1 + 0.2j, dtype='complex64')]",
    "reshape_transpose": "P.transpose(P.reshape(T(C), [4, 3]), [1, 0])",
    "concat": "P.concat([T(C), T(C)], axis=0)",
    "slice": "T(Z)[:, 1:, ::2]",
    "gather": "P.gather(T(C), T([2, 0]), axis=0)",
    "grad_mul": "(lambda a, b: [a * b, *P.grad(L(a * b), [a, b])])(G('C'), G('C'))",
    "grad_div": "(lambda a, b: [a / b, *P.grad(L(a / b), [a, b])])"
                "(G('Z'), T(Z[:, :, ::-1].copy(), stop_gradient=False))",
    "grad_exp": "(lambda z: [P.exp(z), P.grad(L(P.exp(z)), z)[0]])(G('C'))",
    "grad_log": "(lambda z: [P.grad(L(P.log(z)), z)[0]])(G('Z'))",
    "grad_sqrt": "(lambda z: [P.grad(L(P.sqrt(z)), z)[0]])(G('C'))",
    "grad_square": "(lambda z: [P.grad(L(P.square(z)), z)[0]])(G('C'))",
    "grad_abs": "(lambda z: [P.grad(L(P.abs(z)), z)[0]])(G('Z'))",
    "pow_scalar": "T(C) ** 2",
    "pow_tensor": "P.pow(T(Z), T(Z[::-1].copy()))",
    "flip_tile_roll": "[P.flip(T(C), [0, 1]), P.tile(T(C), [2, 1]), P.roll(T(Z), 1, 2)]",
    "where": "P.where(T(F > 0), T(C), T(C[::-1].copy()))",
    "matmul": "T(C) @ T(C.T.copy())",
    "matmul_batch_transpose": "P.matmul(T(Z), T(Z), transpose_y=True)",
    "grad_matmul": "(lambda a, b: P.grad(L(P.matmul(a, b)), [a, b]))"
                   "(G('Z'), T(Z[0].T.copy(), stop_gradient=False))",
    "grad_pow": "(lambda z: P.grad(L(z ** 3), z))(G('C'))",
    "grad_flip_where": "(lambda z: P.grad(L(P.where(T(F > 0), P.flip(z, [1]), z)), z))(G('C'))",
    "index_mask_arrays": "[T(Z)[T(Z).real() > 0], T(C)[:, [0, 2]], T(Z)[1, [2, 0], 1:]]",
    "index_select_cumsum": "[P.index_select(T(C), T([2, 0]), axis=1), P.cumsum(T(Z), 2)]",
    "setitem": "(lambda z: (z.__setitem__((0, 1), 5 - 5j), z)[1])(T(C))",
    "grad_index_cumsum": "(lambda z: P.grad(L(P.cumsum(z[z.real() > 0], 0)), z))(G('Z'))",
    "trig": "[P.sin(T(C)), P.cos(T(Z)), P.tanh(T(C)), P.reciprocal(T(Z))]",
    "grad_trig": "(lambda z: P.grad(L(P.sin(z) + P.cos(z) * P.tanh(z) + P.reciprocal(z)), z))"
                 "(G('Z'))",
    "class_tests": "(lambda z: [P.isnan(z), P.isinf(z), P.isfinite(z)])(T(np.array("
                   "[1 + 1j, complex(np.nan, 1), complex(1, np.inf), complex(np.inf, np.nan)])))",
    "grad_sum_broadcast": "(lambda a, b: P.grad(L(a + b), [a, b]))(G('Z'), "
                          "T(Z[0, 0].copy(), stop_gradient=False))",
    # complex functions
    "real": "P.real(T(C))",
    "imag": "P.imag(T(Z))",
    "conj": "P.conj(T(C))",
    "conj_real": "P.conj(T(F))",
    "angle": "P.angle(T(Z))",
    "angle_real": "P.angle(T(np.array([-2.0, 0.0, 3.0])))",
    "complex": "P.complex(T(F), T(F[::-1].copy()))",
    "complex_broadcast": "P.complex(T(D), T(D[0, 0].copy()))",
    "polar": "P.polar(T(np.abs(F)), T(F))",
    "as_complex": "P.as_complex(T(D[:, :, :2].copy()))",
    "as_real": "P.as_real(T(C))",
    "view_as_real": "P.view_as_real(T(Z))",
    "method_real_imag": "[T(C).real(), T(C).imag(), T(C).conj(), T(C).angle()]",
    "grad_real": "(lambda z: P.grad(L(P.real(z)), z))(G('C'))",
    "grad_imag": "(lambda z: P.grad(L(P.imag(z)), z))(G('Z'))",
    "grad_conj": "(lambda z: P.grad(L(P.conj(z)), z))(G('C'))",
    "grad_angle": "(lambda z: P.grad(L(P.angle(z)), z))(G('Z'))",
    "grad_complex": "(lambda a, b: P.grad(L(P.complex(a, b)), [a, b]))(G('D'), "
                    "T(D[0, 0].copy(), stop_gradient=False))",
    "grad_as_real": "(lambda z: P.grad(L(P.as_real(z)), z))(G('C'))",
    "grad_as_complex": "(lambda x: P.grad(L(P.as_complex(x)), x))"
                       "(T(D[:, :, :2].copy(), stop_gradient=False))",
    "grad_polar": "(lambda r, t: P.grad(L(P.polar(r, t)), [r, t]))"
                  "(T(np.abs(D), stop_gradient=False), G('D'))",
    # paddle.fft
    "fft": "P.fft.fft(T(C))",
    "fft_n_pad": "P.fft.fft(T(Z), n=8, axis=1)",
    "fft_n_crop_ortho": "P.fft.fft(T(Z), n=3, norm='ortho')",
    "fft_real_input": "P.fft.fft(T(F), norm='forward')",
    "ifft": "P.fft.ifft(T(Z), axis=0)",
    "ifft_forward": "P.fft.ifft(T(C), norm='forward')",
    "rfft": "P.fft.rfft(T(D))",
    "rfft_n": "P.fft.rfft(T(S), n=17, norm='ortho')",
    "irfft": "P.fft.irfft(T(H))",
    "irfft_n_odd": "P.fft.irfft(T(H), n=9, axis=1)",
    "hfft": "P.fft.hfft(T(H), norm='ortho')",
    "ihfft": "P.fft.ihfft(T(D))",
    "fft2": "P.fft.fft2(T(Z))",
    "ifft2_s": "P.fft.ifft2(T(Z), s=[4, 4], axes=[0, 2])",
    "rfft2": "P.fft.rfft2(T(D), norm='forward')",
    "irfft2": "P.fft.irfft2(T(H))",
    "hfft2": "P.fft.hfft2(T(H), s=[5, 6])",
    "ihfft2": "P.fft.ihfft2(T(D))",
    "fftn": "P.fft.fftn(T(Z))",
    "fftn_s": "P.fft.fftn(T(Z), s=[2, 7])",
    "ifftn_axes": "P.fft.ifftn(T(Z), axes=[0, 2], norm='ortho')",
    "rfftn": "P.fft.rfftn(T(D))",
    "irfftn": "P.fft.irfftn(T(H), s=[3, 4, 10])",
    "hfftn": "P.fft.hfftn(T(H), axes=[1, 2])",
    "ihfftn": "P.fft.ihfftn(T(D), s=[4, 5])",
    "fftfreq": "P.fft.fftfreq(7, 0.5)",
    "rfftfreq": "P.fft.rfftfreq(8, dtype='float64')",
    "fftshift": "P.fft.fftshift(T(D))",
    "ifftshift_axes": "P.fft.ifftshift(T(D), axes=[1, 2])",
    "grad_fft": "(lambda z: P.grad(L(P.fft.fft(z, norm='ortho')), z))(G('C'))",
    "grad_ifft": "(lambda z: P.grad(L(P.fft.ifft(z)), z))(G('Z'))",
    "grad_fft2": "(lambda z: P.grad(L(P.fft.fft2(z)), z))(G('Z'))",
    "grad_rfft": "(lambda x: P.grad(L(P.fft.rfft(x)), x))(G('D'))",
    "grad_rfft_n": "(lambda x: P.grad(L(P.fft.rfft(x, n=9, norm='forward')), x))(G('S'))",
    "grad_irfft": "(lambda z: P.grad(L(P.fft.irfft(z)), z))(G('H'))",
    "grad_irfft_odd": "(lambda z: P.grad(L(P.fft.irfft(z, n=13, norm='ortho')), z))(G('H'))",
    "grad_hfft": "(lambda z: P.grad(L(P.fft.hfft(z)), z))(G('H'))",
    "grad_ihfft": "(lambda x: P.grad(L(P.fft.ihfft(x)), x))(G('D'))",
    "grad_rfftn": "(lambda x: P.grad(L(P.fft.rfftn(x)), x))(G('D'))",
    "grad_irfftn": "(lambda z: P.grad(L(P.fft.irfftn(z)), z))(G('H'))",
    # windows
    "hann": "[P.hann_window(8), P.hann_window(7, periodic=False, dtype='float64')]",
    "hamming": "[P.hamming_window(8), P.hamming_window(5, False, 0.5, 0.5, dtype='float64')]",
    "blackman": "[P.blackman_window(9), P.blackman_window(6, periodic=False, dtype='float64')]",
    "bartlett": "[P.bartlett_window(8), P.bartlett_window(7, periodic=False, dtype='float64')]",
    "kaiser": "[P.kaiser_window(8), P.kaiser_window(7, False, 5.0, dtype='float64')]",
    "windows_short": "[P.hann_window(1), P.hamming_window(0), P.kaiser_window(1)]",
    "get_window": "[P.audio.functional.get_window(w, 9) for w in ('hamming', 'hann', "
                  "'blackman', 'nuttall', 'bartlett', 'triang', 'cosine', 'bohman', 'tukey', "
                  "('tukey', 0.3), ('kaiser', 6.0), ('gaussian', 2.0), "
                  "('general_gaussian', 1.5, 2.0), ('exponential', 3.0, 2.0))]",
    "get_window_symmetric": "[P.audio.functional.get_window(w, 8, fftbins=False, "
                            "dtype='float32') for w in ('hann', 'triang', 'bohman', "
                            "('tukey', 0.7), ('kaiser', 3.0), ('exponential', None, 1.5))]",
    # paddle.signal
    "frame": "P.signal.frame(T(S), 8, 5)",
    "frame_axis0": "P.signal.frame(T(S.T.copy()), 6, 4, axis=0)",
    "overlap_add": "P.signal.overlap_add(T(D), 2)",
    "overlap_add_axis0": "P.signal.overlap_add(T(D.transpose(2, 1, 0).copy()), 3, axis=0)",
    "stft": "P.signal.stft(T(S), 16, 4, window=P.hann_window(16, dtype='float64'))",
    "stft_1d_constant": "P.signal.stft(T(S[0].astype('float32')), 8, 3, 6, "
                        "window=P.hann_window(6), pad_mode='constant', normalized=True)",
    "stft_twosided": "P.signal.stft(T(S), 10, center=False, onesided=False)",
    "stft_complex": "P.signal.stft(T(S[0] + 1j * S[1]), 8)",
    "istft_roundtrip": "P.signal.istft(P.signal.stft(T(S), 16, 4, "
                       "window=P.hann_window(16, dtype='float64')), 16, 4, "
                       "window=P.hann_window(16, dtype='float64'))",
    "istft_length": "P.signal.istft(P.signal.stft(T(S), 12, 3, 10, "
                    "window=P.hann_window(10, dtype='float64'), normalized=True), 12, 3, 10, "
                    "window=P.hann_window(10, dtype='float64'), normalized=True, length=35)",
    "grad_frame": "(lambda x: P.grad(L(P.signal.frame(x, 8, 5)), x))(G('S'))",
    "grad_overlap_add": "(lambda x: P.grad(L(P.signal.overlap_add(x, 2)), x))(G('D'))",
    "grad_stft": "(lambda x: P.grad(L(P.signal.stft(x, 16, 4, window=P.hann_window(16, "
                 "dtype='float64'))), x))(G('S'))",
}

# Calls that must fail, and the class of the error 3.3.1 raises (where it raises
# one; the cases where 3.3.1 fails inside its C++ core are ours to name).
ERROR_CASES = {
    "fft_bad_norm": "P.fft.fft(T(C), norm='bad')",
    "fft_n_zero": "P.fft.fft(T(C), n=0)",
    "fft_axis_out_of_range": "P.fft.fft(T(C), axis=2)",
    "irfft_n_zero": "P.fft.irfft(T(H), n=0)",
    "fftn_s_axes_mismatch": "P.fft.fftn(T(Z), s=[2], axes=[0, 1])",
    "fft2_one_axis": "P.fft.fft2(T(Z), axes=[0])",
    "fftfreq_zero": "P.fft.fftfreq(0)",
    "as_complex_last_dim": "P.as_complex(T(F))",
    "frame_too_long": "P.signal.frame(T(F), 5, 1)",
    "get_window_unknown": "P.audio.functional.get_window('nope', 8)",
    "get_window_needs_parameter": "P.audio.functional.get_window('kaiser', 8)",
}


def main():
    import paddle as P

    T = P.to_tensor
    env = {"P": P, "T": T, "np": np, **INPUTS}
    env["L"] = eval(LOSS, env)
    env["G"] = lambda name: T(INPUTS[name], stop_gradient=False)
    OUT.mkdir(parents=True, exist_ok=True)
    arrays = {f"input/{k}": v for k, v in INPUTS.items()}
    cases = {}
    for name, src in CASES.items():
        result = eval(src, env)
        results = list(result) if isinstance(result, (list, tuple)) else [result]
        meta = []
        for i, r in enumerate(results):
            arrays[f"{name}/{i}"] = r.numpy()
            meta.append({"dtype": str(r.dtype).replace("paddle.", ""), "shape": list(r.shape)})
        cases[name] = {"src": src, "results": meta}
    errors = {}
    for name, src in ERROR_CASES.items():
        try:
            eval(src, env)
        except Exception as e:  # noqa: BLE001  (recording the class)
            errors[name] = {"src": src, "error": type(e).__name__}
        else:
            raise AssertionError(f"{name} did not fail")
    (OUT / "cases.json").write_text(json.dumps(
        {"loss": LOSS, "cases": cases, "errors": errors}, indent=1) + "\n", encoding="utf-8")
    np.savez_compressed(OUT / "cases.npz", **arrays)
    print(f"recorded {len(cases)} cases, {len(errors)} errors into {OUT}")


if __name__ == "__main__":
    main()
