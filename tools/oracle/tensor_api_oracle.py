"""Records PaddlePaddle 3.3.1's results (values, dtypes, shapes) of the tensor
functions for tests/python/test_tensor_api_oracle.py, into
tests/data/tensor_api/functions.npz and functions.json. Each case is Python
source evaluated with P = paddle, T = paddle.to_tensor, np and the inputs
below; a tuple or list result is recorded element by element.

Run with the real PaddlePaddle: /work/venvs/paddle/bin/python tools/oracle/tensor_api_oracle.py
"""
import json
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "tensor_api"

rng = np.random.default_rng(7)
INPUTS = {
    "F": rng.standard_normal((3, 4)).astype("float32"),
    "D": rng.standard_normal((2, 3, 4)),
    "I": rng.integers(-5, 6, (3, 4)).astype("int64"),
    "I32": rng.integers(0, 4, (5,)).astype("int32"),
    "B": rng.integers(0, 2, (3, 4)).astype(bool),
    "S": np.array([1.0, np.nan, np.inf, -np.inf, 0.0, -2.5], dtype="float32"),
    "U": rng.uniform(-0.9, 0.9, (3, 4)).astype("float32"),  # inside (-1, 1)
    "G": rng.uniform(1.1, 4.0, (2, 3)),  # above 1, float64
    "Z": np.array([-3.5, -2.0, -0.0, 0.0, 0.5, 1.0, 2.0, 7.25], dtype="float32"),
}


def grad_case(fn, src):
    """A case recording fn's result and its gradient by paddle.grad at the input ``src``."""
    return f"(lambda x: [{fn}(x), P.grad({fn}(x).sum(), x)[0]])(T({src}, stop_gradient=False))"


UNARY_GRAD_CASES = [
    grad_case(f, src) for f, src in [
        ("P.acos", "U"), ("P.asin", "U"), ("P.atan", "F"), ("P.acosh", "G"), ("P.asinh", "D"),
        ("P.atanh", "U"), ("P.cosh", "F"), ("P.sinh", "D"), ("P.tan", "U"), ("P.log2", "G"),
        ("P.log10", "G"), ("P.expm1", "F"), ("P.lgamma", "G"), ("P.lgamma", "F"),
        ("P.digamma", "G"), ("P.digamma", "F"), ("P.erfinv", "U"),
        ("P.erfinv", "U.astype('float64')"),
        ("P.stanh", "F"), ("(lambda t: P.stanh(t, 0.5, 2.0))", "D"), ("P.logit", "U * 0.5 + 0.5"),
        ("(lambda t: P.logit(t, eps=0.2))", "U * 0.5 + 0.5"), ("P.trunc", "F * 3"),
        ("P.frac", "F * 3"), ("P.sinc", "Z"), ("P.deg2rad", "D"), ("P.rad2deg", "F"),
        ("P.sgn", "F"), ("(lambda t: P.logaddexp(t, t[:1] * 2))", "D"),
        ("(lambda t: P.hypot(t, t[:, :1]))", "F"), ("(lambda t: P.fmax(t, t[:1] * -1))", "F"),
        ("(lambda t: P.fmin(t, t[:, :1]))", "D"), ("(lambda t: P.heaviside(t, t[:1]))", "Z"),
        ("(lambda t: P.cumprod(t, 1))", "F"), ("(lambda t: P.cumprod(t, -1))", "Z"),
        ("(lambda t: P.cumprod(t, 0))", "[[1.0, 0.0, 3.0], [2.0, 2.0, 0.0], [0.0, 5.0, 1.5]]"),
        ("P.cumprod", "D"), ("P.logcumsumexp", "F"), ("(lambda t: P.logcumsumexp(t, 1))", "D * 30"),
        ("(lambda t: P.cummax(t, 1)[0])", "F"), ("(lambda t: P.cummin(t, 0)[0])", "D"),
        ("(lambda t: P.diff(t, 2, 0))", "D"), ("(lambda t: P.diff(t, prepend=t[:, :1]))", "F"),
        ("(lambda t: P.lerp(t, t * 3 + 1, 0.25))", "F"),
        ("(lambda t: P.lerp(t, t[:1] * 2, t.abs() / 4))", "D"),
        ("(lambda t: P.nan_to_num(t, 1.5, 9.0))", "S"), ("(lambda t: P.ldexp(t, T(I)))", "F"),
        ("(lambda t: P.copysign(t, T(F[::-1].copy())))", "F"),
        ("(lambda t: P.copysign(t, T(Z[::-1].copy())))", "Z"),
        ("P.i0", "F * 3"), ("P.i0e", "D * 3"), ("P.i1", "D * 3"), ("P.i1e", "F * 3"),
        ("(lambda t: P.atan2(t, t[::-1]))", "F"), ("(lambda t: P.atan2(t[:1], t * -1))", "D"),
    ]
]

CASES = [
    "P.argmax(T(F))", "P.argmax(T(F), axis=0, keepdim=True)", "P.argmin(T(I), axis=-1)",
    "P.argmax(T(I), keepdim=True, dtype='int32')",
    "P.argsort(T(D), axis=1, descending=True)", "P.sort(T(I), axis=0)",
    "P.topk(T(F), 2, axis=0)", "P.topk(T(D), 3, largest=False)",
    "P.where(T(B), T(F), -1.0)", "P.where(T(B), 1, 0)", "P.where(T(F) > 0)",
    "P.nonzero(T(I))", "P.nonzero(T(B), as_tuple=True)",
    "P.index_select(T(F), T(I32) % 3, axis=0)", "P.masked_select(T(F), T(B))",
    "P.gather(T(D), T([2, 0]), axis=1)", "P.gather_nd(T(D), T([[1, 2], [0, 0]]))",
    "P.scatter(T(F), T([1, 0]), T(np.ones((2, 4), 'float32')))",
    "P.scatter(T(F), T([1, 1]), T(np.ones((2, 4), 'float32')), overwrite=False)",
    "P.scatter_nd_add(T(F), T([[0, 1], [0, 1]]), T([1.0, 2.0]))",
    "P.scatter_nd(T([[1], [3]]), T([5.0, 6.0]), [4])",
    "P.take_along_axis(T(F), T([[0], [3], [1]]), 1)",
    "P.put_along_axis(T(F), T([[0], [3], [1]]), 7.0, 1)",
    "P.put_along_axis(T(F), T([[0, 0], [3, 1], [1, 2]]), 2.0, 1, reduce='mul')",
    "P.put_along_axis(T(I), T([[0, 0, 2, 1]]), 3, 0, reduce='add', include_self=False)",
    "P.tile(T(F[:1]), [2, 1, 2])", "P.expand(T(F[:1]), [2, 3, 4])",
    "P.broadcast_to(T(I32), [2, 5])", "P.expand_as(T(F[:, :1]), T(F))",
    "P.broadcast_tensors([T(F[:1]), T(F[:, :1])])",
    "P.flip(T(D), [0, 2])", "P.roll(T(F), 2)", "P.roll(T(D), [1, -1], axis=[0, 2])",
    "P.tril(T(F), -1)", "P.triu(T(D), 1)",
    "P.diag(T([1.0, 2.0]), 1)", "P.diag(T(F), -1)", "P.diag(T(I32), 0, padding_value=-1)",
    "P.unstack(T(D), axis=1)", "P.unbind(T(F), 1)", "P.chunk(T(D), 2, axis=2)",
    "P.slice(T(D), [0, 2], [1, -3], [2, 100])",
    "P.strided_slice(T(D), [1, 2], [2, 0], [0, 4], [-1, 3])",
    "P.isnan(T(S))", "P.isinf(T(S))", "P.isfinite(T(S))", "P.isnan(T(I))",
    "P.clip(T(F), -0.5, 0.5)", "P.clip(T(I), -2, 3)", "P.clip(T(I), min=-1.5)",
    "P.cumsum(T(F), axis=1)", "P.cumsum(T(I))", "P.cumsum(T(I32))",
    "P.cumsum(T(F), dtype='float64')",
    "P.logsumexp(T(D), axis=[0, 2])", "P.logsumexp(T(F), keepdim=True)", "P.logsumexp(T(I))",
    "P.kron(T(F[:2, :2]), T(I32[:3].astype('float32')))",
    "P.isclose(T(S), T(S))", "P.isclose(T(S), T(S), equal_nan=True)",
    "P.allclose(T(F), T(F + 1e-6))", "P.equal_all(T(I), T(I))",
    "P.dot(T(F), T(F))", "P.bmm(T(D[:, :, :3]), T(D[:, :3, :]))", "P.mm(T(F), T(F.T))",
    "P.t(T(F))",
    "P.linalg.norm(T(D))", "P.linalg.norm(T(F), p=1)", "P.linalg.norm(T(F), p=np.inf, axis=0)",
    "P.linalg.norm(T(D), p=3, axis=-1, keepdim=True)", "P.linalg.norm(T(F), p=0, axis=1)",
    "P.linalg.norm(T(D), p='fro', axis=[1, 2])", "P.linalg.norm(T(F), p=-1, axis=[0, 1])",
    "P.linalg.norm(T(F), p=np.inf, axis=[0, 1])",
    "P.var(T(D), axis=[0, 2])", "P.var(T(F), unbiased=False)", "P.var(T(I))",
    "P.std(T(D), axis=1, keepdim=True)", "P.std(T(F), unbiased=False)",
    "P.median(T(F))", "P.median(T(D), axis=2)", "P.median(T(I), axis=0, mode='min')",
    "P.median(T(I))", "P.median(T(F), axis=1, keepdim=True)",
    "P.numel(T(D))", "P.shape(T(D))",
    "P.masked_fill(T(F), T(B), -1.5)", "P.masked_fill(T(I), T(B[0]), T(2))",
    "P.masked_fill(T(I), T(B), 2.6)",
    "P.linalg.vector_norm(T(D), p=1, axis=[0, 2])", "P.linalg.vector_norm(T(F), p=np.inf)",
    "P.linalg.matrix_norm(T(D))", "P.linalg.matrix_norm(T(D), p=-np.inf, axis=[0, 2])",
    "P.tile(T(F), [0, 2])", "P.var(T(I32))", "P.std(T(I))",
    "P.take(T(D), T([[0, -1], [23, 5]]))", "P.take(T(F), T([13, -14]), mode='wrap')",
    "P.take(T(F), T([13, -14]), mode='clip')", "P.repeat_interleave(T(F), 2, axis=0)",
    "P.repeat_interleave(T(I32), T([1, 0, 2, 1, 3]))", "P.repeat_interleave(T(F), 3)",
    "P.kthvalue(T(D), 2)", "P.kthvalue(T(F), 3, axis=0, keepdim=True)",
    "P.moveaxis(T(D), [0, 2], [1, 0])",
    "P.unique(T(I), return_index=True, return_inverse=True, return_counts=True)",
    "P.unique(T(B.astype('int64')), axis=1, return_counts=True, dtype='int32')",
    "P.searchsorted(T(np.sort(F, axis=1)), T(F[:, :2]))",
    "P.searchsorted(T([1.0, 2.0, 3.0]), T(F), right=True, out_int32=True)",
    "P.bucketize(T(I), T([-2, 0, 3]))",
    "P.index_add(T(F), T([2, 0, 2]), 1, T(F[:, :3]), alpha=0.5)",
    "P.mv(T(F), T(F[0]))", "P.outer(T(F[0]), T(F[:, 1]))", "P.outer(T(I), T(I[0]))",
    "P.inner(T(D), T(F.astype('float64')))",
    "P.diagonal(T(D), 1, 1, 2)", "P.diagonal(T(D), -1, 2, 0)", "P.trace(T(F), 1)",
    "P.trace(T(I))", "P.count_nonzero(T(I), axis=0)", "P.count_nonzero(T(B), keepdim=True)",
    "P.nansum(T(S))", "P.nanmean(T(S[[0, 1, 4, 5]]))", "P.nansum(T(I), axis=1)",
    "P.rot90(T(D), 1, [1, 2])", "P.rot90(T(F), -1)", "P.rot90(T(I), 2)",
    *UNARY_GRAD_CASES,
    "P.acos(T(I32))", "P.expm1(T(I))", "P.log2(T(I32) + 1)", "P.trunc(T(I32))", "P.frac(T(I))",
    "P.digamma(T(Z))", "P.lgamma(T(Z))", "P.erfinv(T([-1.0, 1.0, 1.5, -2.0, 0.0]))",
    "P.logit(T(Z))", "P.acosh(T(Z))", "P.atanh(T(Z))", "P.deg2rad(T(I))", "P.rad2deg(T(I32))",
    "P.signbit(T(Z))", "P.signbit(T(I))", "P.isneginf(T(S))", "P.isposinf(T(S))",
    "P.isneginf(T(I))", "P.isreal(T(F))", "P.isreal(T(I))",
    "P.bitwise_and(T(I), T(I[0]))", "P.bitwise_or(T(I32), T(I32[::-1]))",
    "P.bitwise_xor(T(I), T(I.T[:1].T))",
    "P.bitwise_not(T(I))", "P.bitwise_and(T(B), T(B[::-1]))", "P.bitwise_xor(T(B), T(B[1]))",
    "P.bitwise_not(T(B))", "P.bitwise_or(T(I.astype('uint8')), T(I32.astype('uint8')[:4]))",
    "P.bitwise_not(T(I.astype('int8')))",
    "P.bitwise_and(T(I.astype('int16')), T(I[1].astype('int16')))",
    "P.fmax(T(S), T(S[::-1]))", "P.fmin(T(S), T(S[::-1]))", "P.fmax(T(I), T(I[0]))",
    "P.fmin(T(I32), T(I32[::-1]))", "P.heaviside(T(I), T(I[1]))",
    "P.fmax(T(F), T(D[0]))", "P.logaddexp(T(I), T(I[0]))", "P.hypot(T(I32), T(I32))",
    "P.cumprod(T(I), 0)", "P.cumprod(T(I32))", "P.cumprod(T(I), dtype='float64')",
    "P.logcumsumexp(T(I32))", "P.logcumsumexp(T(S[[0, 2, 4]]))",
    "P.logcumsumexp(T(D), 1, dtype='float32')",
    "P.cummax(T(F), 1)", "P.cummin(T(I), 0, dtype='int32')", "P.cummax(T(D))", "P.cummin(T(S))",
    "P.cummax(T(np.array([1.0, 3.0, 3.0, 2.0, 3.0], 'float32')))", "P.cummax(T(I32))",
    "P.diff(T(I))", "P.diff(T(B), axis=0)", "P.diff(T(D), n=2, axis=1, append=T(D[:, :2]))",
    "P.nan_to_num(T(S))", "P.nan_to_num(T(S.astype('float64')), posinf=1.0, neginf=-1.0)",
    "P.gcd(T(I), T(I[0]))", "P.lcm(T(I32), T(I32[::-1]))", "P.gcd(T([0, 0, -4]), T([0, 6, 0]))",
    "P.lcm(T([0, 3, -4]), T([0, 0, 6]))", "P.ldexp(T(I), T(I[0]))", "P.ldexp(T(F), T(F))",
    "P.gcd(T([12.0, 7.5, -9.0]), T([8.0, 2.5, 0.0]))", "P.lcm(T([4.0, 1.5]), T([6.0, 2.0]))",
    "P.copysign(T(I), T(I[::-1].copy()))",
    "P.copysign(T(F), -2.0)", "P.copysign(T(Z), T(Z[::-1].copy()))",
    "P.lerp(T(D), T(D[0]), T(D[:, :1, :1]))",
    "T(F).cumprod(1)", "T(F).logcumsumexp()", "T(D).cummax(2)", "T(F).diff()", "T(S).nan_to_num()",
    "T(I).gcd(T(I32.astype('int64')[:4]))", "T(F).lerp(T(F * 2), 0.3)",
    "T(F).copysign(T(F[::-1].copy()))",
    "P.i0(T(I))", "P.i0e(T([0.0, -1.0, 500.0, -800.0]))", "P.i1e(T([0.0, -1.0, 500.0, -800.0]))",
    "P.i1(T(Z))", "P.i0e(T(Z.astype('float64') * 100))", "P.i1e(T(Z.astype('float64') * 100))",
    "P.atan2(T(I), T(I[::-1].copy()))", "P.atan2(T(I32), T(I32))", "P.atan2(T(F), T(D[0]))",
    "P.atan2(T(Z), T(Z[::-1].copy()))",
    "P.nextafter(T(F), T(F[::-1].copy()))", "P.nextafter(T(D), T(D[0]))",
    "P.nextafter(T(Z), T(np.zeros(8, 'float32')))",
    "P.bitwise_left_shift(T(I), T(np.abs(I[0])))", "P.bitwise_right_shift(T(I), T(np.abs(I[1])))",
    "P.bitwise_left_shift(T([1, -8, 3, 5]), T([2, 1, 70, -1]))",
    "P.bitwise_right_shift(T([-8, 8, -1, -5]), T([1, 70, -1, 64]))",
    "P.bitwise_right_shift(T([-8, 8, -1]), T([1, 70, 2]), is_arithmetic=False)",
    "P.bitwise_right_shift(T(np.array([-8, 8, -1], 'int8')), T(np.array([1, 9, 2], 'int8')), "
    "is_arithmetic=False)",
    "P.bitwise_left_shift(T(np.array([100, 3], 'uint8')), T(np.array([1, 8], 'uint8')))",
    "P.bitwise_right_shift(T(I32), T(I32[::-1].copy()), False)", "T(I).bitwise_left_shift(T(I32[:4].astype('int64')))",
    "T(F).atan2(T(F))", "T(F).i0()", "T(D).nextafter(T(F.astype('float64')))",
    "T(I) & T(I[0])", "T(I32) | T(I32[::-1].copy())", "T(I) ^ T(I)", "~T(I)", "~T(B)",
    "T(B) & T(B[0])", "T(I) << T(np.abs(I[0]))", "T(I) >> T(np.abs(I[1]))",
    "T(I).floor_mod(T(np.where(I == 0, 3, I)))", "T(I).bitwise_invert()", "P.bitwise_invert(T(I32))",
    "P.acos_(T(U))", "P.cumprod_(T(F), 1)", "P.bitwise_left_shift_(T(I), T(np.abs(I)))",
    "P.floor_mod_(T(I), T(I[0] * 0 + 4))", "P.nan_to_num_(T(S))",
    "T(U).acos()", "T(D).sinh()", "T(I).bitwise_not()", "T(F).trunc()", "T(I).bitwise_and(T(I))",
    "T(F).fmax(T(F[0]))", "T(Z).heaviside(T(Z))", "T(F).logit(0.1)", "T(F).stanh()",
]


def main():
    import paddle

    env = {"P": paddle, "T": paddle.to_tensor, "np": np, **INPUTS}
    arrays, meta = {}, []
    for i, src in enumerate(CASES):
        out = eval(src, env)
        parts = list(out) if isinstance(out, (tuple, list)) else [out]
        for j, part in enumerate(parts):
            arrays[f"case{i}_{j}"] = part.numpy()
        meta.append({"src": src, "parts": len(parts), "sequence": isinstance(out, (tuple, list)),
                     "dtypes": [str(p.dtype).replace("paddle.", "") for p in parts]})
    OUT.mkdir(parents=True, exist_ok=True)
    np.savez(OUT / "functions.npz", **arrays, **{f"input_{k}": v for k, v in INPUTS.items()})
    (OUT / "functions.json").write_text(json.dumps(
        {"paddle": paddle.__version__, "cases": meta}, indent=1) + "\n")


if __name__ == "__main__":
    main()
