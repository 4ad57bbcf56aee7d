"""Records PaddlePaddle 3.3.1's results (values, dtypes, shapes) of the tensor
functions for tests/python/test_tensor_api_oracle.py, into
tests/data/tensor_api/functions.npz and functions.json. Each case is Python
source evaluated with P = paddle, T = paddle.to_tensor, np and the inputs
below; a tuple or list result is recorded element by element. GRAD_CASES
also record gradients (grads.npz, grads.json): G(name) is a leaf made from an
input that wants a gradient; the loss is the sum of each result times fixed
weights (loss_weights), so every element's gradient shows.

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
    "A": rng.uniform(1.1, 4.0, (2, 3)),  # above 1, float64
    "Z": np.array([-3.5, -2.0, -0.0, 0.0, 0.5, 1.0, 2.0, 7.25], dtype="float32"),
}


def grad_case(fn, src):
    """A case recording fn's result and its gradient by paddle.grad at the input ``src``."""
    return f"(lambda x: [{fn}(x), P.grad({fn}(x).sum(), x)[0]])(T({src}, stop_gradient=False))"


UNARY_GRAD_CASES = [
    grad_case(f, src) for f, src in [
        ("P.acos", "U"), ("P.asin", "U"), ("P.atan", "F"), ("P.acosh", "A"), ("P.asinh", "D"),
        ("P.atanh", "U"), ("P.cosh", "F"), ("P.sinh", "D"), ("P.tan", "U"), ("P.log2", "A"),
        ("P.log10", "A"), ("P.expm1", "F"), ("P.lgamma", "A"), ("P.lgamma", "F"),
        ("P.digamma", "A"), ("P.digamma", "F"), ("P.erfinv", "U"),
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
    # aliases, joining/splitting, composites, predicates (tensor_api part 2)
    "P.gt(T(F), T(F[0]))", "P.ge(T(I), T(I[0]))", "P.lt(T(I), T(I32[:4].astype('int64')))",
    "P.le(T(F), T(F[:, :1]))", "P.eq(T(I), T(I))", "P.ne(T(I), T(I[1]))", "P.greater(T(F), T(0.5))",
    "P.less(T(I32), T(I32[::-1]))", "P.cat([T(F), T(F)], axis=1)", "P.concatenate([T(D), T(D)], -1)",
    "P.clamp(T(F), -0.3, 0.4)", "P.clamp(T(I), max=2)", "P.permute(T(D), [2, 0, 1])",
    "T(D).permute(1, 2, 0)", "P.swapaxes(T(D), [1, 0, 2])", "P.swapaxes(T(D), 0, 2)",
    "P.swapdims(T(F), 1, 0)", "T(D).swapaxes(1, 2)",
    "P.div(T(F), T(F[::-1]))", "P.div(T(F), T(F[::-1] * 0.3), rounding_mode='trunc')",
    "P.div(T(F), T(F[::-1] * 0.3), rounding_mode='floor')", "P.div(T(I), T([2, -3, 4, -1]), rounding_mode='trunc')",
    "P.div(T(I), T([3, -2, 1, -4]), rounding_mode='floor')", "P.div(T(I), T(I32[:4].astype('int64') + 1))",
    "P.mul(T(F), T(F))", "P.sub(T(F), T(F[0]), alpha=2)", "P.sub(T(I), T(I[2]))",
    "P.true_divide(T(I), T(I32[:4].astype('int64') + 1))", "P.negative(T(I))",
    "P.positive(T(F))", "P.ravel(T(D))", "P.view(T(D), [4, -1])", "T(F).view(2, 6)",
    "P.view(T(F), 'int32')", "P.view(T(D), 'float32')", "P.view_as(T(F), T(D[0].T))",
    "P.matrix_transpose(T(D))", "P.take_along_dim(T(F), T([[0], [3], [1]]), 1)",
    "P.reverse(T(D), [0, 2])", "P.reverse(T(F), 1)",
    "P.hstack([T(F), T(F)])", "P.hstack([T(I32), T(I32)])", "P.vstack([T(F[0]), T(F[1])])",
    "P.vstack([T(F), T(F[:1])])", "P.dstack([T(F[0]), T(F[1])])", "P.dstack([T(D), T(D)])",
    "P.column_stack([T(F[0]), T(F[1])])", "P.column_stack([T(F), T(F[:, :1])])",
    "P.row_stack([T(I32), T(I32)])",
    "P.atleast_1d(T(1.5))", "P.atleast_2d(T(I32))", "P.atleast_3d(T(F))",
    "P.atleast_3d(T(1.0), T(I32), T(F), T(D))", "P.atleast_2d(T(D))",
    "P.hsplit(T(F), 2)", "P.hsplit(T(F), 3)", "P.atleast_1d([1.0, 2.0])", "P.hsplit(T(F), [1, 3])", "P.hsplit(T(I32[:4]), 2)",
    "P.vsplit(T(D), [1])", "P.dsplit(T(D), 2)", "P.dsplit(T(D), [1, 10])",
    "P.tensor_split(T(D), 3, axis=2)", "P.tensor_split(T(I32), 3)",
    "P.tensor_split(T(F), [1, -1], axis=1)", "P.tensor_split(T(F), [2, 1])",
    "P.narrow(T(D), 2, 1, 2)", "P.narrow(T(F), -1, -3, 2)", "P.narrow(T(F), 0, T(1), 2)",
    "P.unflatten(T(D), 2, [2, 2])", "P.unflatten(T(F), -1, (-1, 2))",
    "P.unflatten(T(D), 0, T([1, 2]))",
    "P.meshgrid(T(I32), T(I32[:3]))", "P.meshgrid([T(F[0]), T(F[1]), T(F[:, 0])])",
    "P.meshgrid(T(1.0), T(F[0]))",
    "P.block_diag([T(F), T(F[:2, :3])])", "P.block_diag([T(F[0]), T(2.0), T(F[:2, :1])])",
    "P.cartesian_prod([T(I32[:2]), T(I32[2:])])", "P.cartesian_prod([T(F[0])])",
    "P.cartesian_prod([T(F[0, :2]), T(F[1, :3]), T(F[2, :2])])",
    "P.combinations(T(F[0]))", "P.combinations(T(I32), 3)",
    "P.combinations(T(F[0, :3]), with_replacement=True)", "P.combinations(T(I32[:2]), 3)",
    "P.tensordot(T(D), T(D.transpose(1, 2, 0)), 2)", "P.tensordot(T(F), T(F), [[0], [0]])",
    "P.tensordot(T(D), T(D), [[0, 1], [0, 1]])", "P.tensordot(T(F), T(F.T), 0)",
    "P.tensordot(T(D), T(D), [0, 2])", "P.tensordot(T(F), T(F), T([[1, 0], [1, 0]]))",
    "P.tensordot(T(F), T(F), ([0, 1], [0]))", "P.tensordot(T(D), T(D[:1]), [[0, 2], [0]])",
    "P.tensordot(T(F[:1]), T(F), [[0], [0]])", "P.tensordot(T(I), T(I.T), 1)",
    "P.cdist(T(F), T(F[:2].astype('float64')))",
    "P.vander(T(F[0]))", "P.vander(T(I32), 3, increasing=True)", "P.vander(T(F[1]), 0)",
    "P.diag_embed(T(F))", "P.diag_embed(T(F), offset=1)", "P.diag_embed(T(D), -1, 0, 2)",
    "P.diag_embed(T(I32), 2, 1, 0)",
    "P.diagflat(T(F))", "P.diagflat(T(I32), 1)", "P.diagflat(T(F[:2]), -2)",
    "P.trapezoid(T(F))", "P.trapezoid(T(D), dx=0.5, axis=1)", "P.trapezoid(T(F), x=T(F[0] ** 2))",
    "P.trapezoid(T(D), x=T(D + 1.0), axis=0)", "P.cumulative_trapezoid(T(F))",
    "P.cumulative_trapezoid(T(D), dx=2.0, axis=0)",
    "P.cumulative_trapezoid(T(F), x=T(np.cumsum(np.abs(F[:, 0]))), axis=0)",
    "P.addmm(T(F[:, :3]), T(F), T(F.T[:, :3]))", "P.addmm(T(F[0, :3]), T(F), T(F.T[:, :3]), beta=0.5, alpha=2.0)",
    "P.baddbmm(T(D[:, :, :2]), T(D), T(D.transpose(0, 2, 1)[:, :, :2]))",
    "P.baddbmm(T(D[:, :3, :3]), T(D[:, :, :2]), T(D[:, :2, :3]), beta=-1.0, alpha=0.5)",
    "P.linalg.multi_dot([T(F), T(F.T)])", "P.linalg.multi_dot([T(F[0]), T(F.T), T(F)])",
    "P.linalg.multi_dot([T(F), T(F.T), T(F[:, 0])])",
    "P.cdist(T(F), T(F[:2]))", "P.cdist(T(D), T(D[:, :2]), p=1.0)", "P.cdist(T(F), T(F), p=0.0)",
    "P.cdist(T(F[:, :2]), T(F[:, 2:]), p=np.inf)", "P.cdist(T(D), T(D), p=3.0)",
    "P.dist(T(F), T(F[0]))", "P.dist(T(F), T(F[:, :1]), p=0)", "P.dist(T(D), T(F.astype('float64')), p=np.inf)",
    "P.dist(T(F), T(F * 0.5), p=-np.inf)", "P.dist(T(F), T(F[::-1]), p=3)",
    "P.renorm(T(F), 2.0, 0, 1.0)", "P.renorm(T(D), 1.0, 2, 0.8)", "P.renorm(T(F), 3.0, -1, 100.0)",
    "P.is_empty(T(F))", "P.is_empty(P.zeros([0, 3]))", "T(D).is_empty()",
    # in-place variants: the changed tensor is the result
    "P.abs_(T(F))", "P.cos_(T(F))", "P.sin_(T(D))", "P.tanh_(T(F))", "P.log_(T(np.abs(F)))",
    "P.log1p_(T(np.abs(F)))", "P.erf_(T(F))", "P.neg_(T(I))", "P.square_(T(F))",
    "P.subtract_(T(F), T(F[0]))", "P.multiply_(T(I), T(I[1]))", "P.divide_(T(F), T(F[::-1]))",
    "P.floor_divide_(T(I), T([2, 3, -2, 5]))", "P.remainder_(T(I), T([2, 3, -2, 5]))",
    "P.mod_(T(F), T(F[0]))", "P.floor_mod_(T(I), T([4, 3, 2, 1]))",
    "P.sub_(T(F), T(F[1]), alpha=0.5)", "P.div_(T(F), T(F[::-1]), rounding_mode='floor')",
    "P.equal_(T(I), T(I[0]))", "P.not_equal_(T(F), T(F))", "P.less_than_(T(I), T(I[2]))",
    "P.less_(T(F), T(F[1]))", "P.less_equal_(T(I), T(I[0]))", "P.greater_than_(T(F), T(F[::-1]))",
    "P.greater_equal_(T(I32), T(I32[::-1]))", "P.logical_and_(T(B), T(B[::-1]))",
    "P.logical_or_(T(B), T(B[0]))", "P.logical_xor_(T(B), T(B[::-1]))", "P.logical_not_(T(B))",
    "P.cast_(T(F), 'int32')", "P.reshape_(T(D), [4, 6])", "P.flatten_(T(D), 1)",
    "P.squeeze_(T(F[:1]), 0)", "P.unsqueeze_(T(F), [0, 2])", "P.transpose_(T(D), [2, 0, 1])",
    "P.t_(T(F))", "P.tril_(T(F), 1)", "P.triu_(T(D), -1)", "P.cumsum_(T(F), 1)",
    "P.masked_fill_(T(F), T(B), 9.0)", "P.scatter_(T(F), T([2, 0]), T(F[:2] * 3))",
    "P.index_add_(T(F), T([2, 0]), 0, T(F[:2]))", "P.where_(T(B), T(F), T(F * 2))",
    "P.addmm_(T(F[:, :3]), T(F), T(F.T[:, :3]), beta=2.0)",
    "P.baddbmm_(T(D[:, :, :2]), T(D), T(D.transpose(0, 2, 1)[:, :, :2]), alpha=0.5)",
    "P.renorm_(T(F), 2.0, 1, 0.7)",
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

GRAD_CASES = [
    "P.cat([G('F'), G('F')], axis=1)", "P.clamp(G('F'), -0.3, 0.4)",
    "P.permute(G('D'), [2, 0, 1])", "P.swapaxes(G('D'), 0, 2)", "P.div(G('F'), G('F2'))",
    "P.div(G('F'), G('F2'), rounding_mode='trunc')", "P.sub(G('F'), G('F2'), alpha=2)",
    "P.view(G('D'), [4, -1])", "P.view_as(G('F'), T(D[0].T))", "P.matrix_transpose(G('D'))",
    "P.take_along_dim(G('F'), T([[0], [3], [1]]), 1)", "P.reverse(G('D'), [0, 2])",
    "P.hstack([G('F'), G('F2')])", "P.vstack([G('V'), G('F')])", "P.dstack([G('F'), G('F2')])",
    "P.column_stack([G('V3'), G('F')])", "P.atleast_3d(G('V'))", "P.hsplit(G('F'), [1, 3])",
    "P.tensor_split(G('D'), 3, axis=2)", "P.narrow(G('D'), 2, 1, 2)",
    "P.unflatten(G('D'), 2, [2, 2])", "P.meshgrid(G('V'), G('V3'))",
    "P.block_diag([G('F'), G('V')])", "P.cartesian_prod([G('V'), G('V3')])",
    "P.combinations(G('V'), 3)", "P.combinations(G('V3'), with_replacement=True)",
    "P.tensordot(G('D'), G('D2'), [[0, 1], [0, 1]])", "P.tensordot(G('D'), G('D2')[:1], [[0, 2], [0]])", "P.tensordot(G('F'), G('F2T'), 1)",
    "P.vander(G('V'))", "P.vander(G('V0'), 4, increasing=True)",
    "P.diag_embed(G('F'), offset=1)", "P.diag_embed(G('D'), -1, 0, 2)", "P.diagflat(G('F'), 1)",
    "P.trapezoid(G('F'), x=G('V'))", "P.trapezoid(G('D'), dx=0.5, axis=1)",
    "P.cumulative_trapezoid(G('F'), x=G('V'))", "P.cumulative_trapezoid(G('D'), axis=0)",
    "P.addmm(G('V3'), G('F'), G('F2T'), beta=0.5, alpha=2.0)",
    "P.baddbmm(G('B'), G('D'), G('D2T'), beta=-1.0, alpha=0.5)",
    "P.linalg.multi_dot([G('V3'), G('F'), G('F2T'), G('V3')])",
    "P.cdist(G('F'), G('F2'))", "P.cdist(G('D'), G('D2'), p=1.0)", "P.cdist(G('F'), G('F2'), p=3.0)",
    "P.dist(G('F'), G('F2'))", "P.dist(G('F'), G('F2'), p=np.inf)", "P.dist(G('D'), G('D2'), p=1.5)",
    "P.renorm(G('F'), 2.0, 0, 1.0)", "P.renorm(G('D'), 1.0, 2, 0.8)",
    "P.positive(G('F'))", "P.negative(G('F'))", "P.ravel(G('D'))",
    # in-place on a tensor in the graph: the gradient flows through the result
    "P.abs_(G('F') * 1.0)", "P.sin_(G('F') * 1.0)", "P.square_(G('F') * 1.0)",
    "P.log_(P.abs(G('F')) + 1.0)", "P.tanh_(G('F') * 1.0)", "P.cumsum_(G('F') * 1.0, 1)",
    "P.multiply_(G('F') * 1.0, G('F2'))", "P.subtract_(G('F') * 2.0, G('F2'))",
    "P.masked_fill_(G('F') * 1.0, T(B), 2.0)", "P.where_(T(B), G('F') * 1.0, G('F2'))",
    "P.tril_(G('F') * 1.0)", "P.transpose_(G('D') * 1.0, [2, 0, 1])",
    "P.addmm_(G('V3') * 1.0, G('F'), G('F2T'))", "P.renorm_(G('F') * 1.0, 2.0, 0, 0.5)",
    "P.scatter_(G('F') * 1.0, T([1, 0]), G('F2')[:2])", "(G('F') * 1.0).exp_()",
    "(G('F') * 1.0).clip_(-0.5, 0.5)",
]
GRAD_INPUTS = {
    "F": INPUTS["F"], "F2": rng.standard_normal((3, 4)).astype("float32"),
    "F2T": rng.standard_normal((4, 3)).astype("float32"), "D": INPUTS["D"],
    "D2": rng.standard_normal((2, 3, 4)), "D2T": rng.standard_normal((2, 4, 3)),
    "B": rng.standard_normal((2, 3, 3)), "V": np.array([0.5, 1.0, 2.5, 3.0], "float32"),
    "V0": np.array([0.0, -1.5, 2.0], "float32"), "V3": rng.standard_normal(3).astype("float32"),
}


def loss_weights(shape):
    """Fixed weights for a result of ``shape``: distinct, so a misplaced gradient shows."""
    n = int(np.prod(shape))
    return np.linspace(0.5, 1.5, n).reshape(shape) if n else np.zeros(shape)


def record_grads(paddle):
    arrays, meta = {}, []
    for i, src in enumerate(GRAD_CASES):
        leaves = []

        def leaf(name):
            t = paddle.to_tensor(GRAD_INPUTS[name], stop_gradient=False)
            leaves.append(t)
            return t
        env = {"P": paddle, "T": paddle.to_tensor, "np": np, "G": leaf, **INPUTS}
        out = eval(src, env)
        parts = list(out) if isinstance(out, (tuple, list)) else [out]
        loss = sum((p * paddle.to_tensor(loss_weights(p.shape), dtype=p.dtype)).sum()
                   for p in parts)
        loss.backward()
        missing = [j for j, t in enumerate(leaves) if t.grad is None]
        for j, t in enumerate(leaves):
            if t.grad is not None:
                arrays[f"case{i}_{j}"] = t.grad.numpy()
        meta.append({"src": src, "leaves": len(leaves), "no_grad": missing})
    np.savez(OUT / "grads.npz", **arrays, **{f"input_{k}": v for k, v in GRAD_INPUTS.items()})
    (OUT / "grads.json").write_text(json.dumps(
        {"paddle": paddle.__version__, "cases": meta}, indent=1) + "\n")


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
    record_grads(paddle)


if __name__ == "__main__":
    main()
