"""Records PaddlePaddle 3.3.1's results of the indexing/scatter functions of
python/paddle/tensor/scatter_extra.py (values, dtypes, shapes, and gradients)
for tests/python/test_tensor_api3.py, into tests/data/tensor_api3/cases.json
(each case's source, the dtypes and shapes of its results) and cases.npz (the
values, and the inputs as "input/<name>"). A case is Python source evaluated with P = paddle, T =
paddle.to_tensor, np, the inputs below and G(name): a float64 leaf made from
an input that wants a gradient; a tuple or list result is recorded element by
element, so a case can return [out, *P.grad(...)].

Run with the real PaddlePaddle: /work/venvs/paddle/bin/python tools/oracle/tensor_api3_oracle.py
"""
import json
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "tensor_api3"

rng = np.random.default_rng(11)
INPUTS = {
    "F": rng.standard_normal((3, 4)).astype("float32"),
    "D": rng.standard_normal((2, 3, 4)),
    "I": rng.integers(-5, 6, (3, 4)).astype("int64"),
    "W": rng.standard_normal((3, 4)),  # weights of the losses
    "N": np.array([[1.0, np.nan, 3.0, 2.0, 5.0], [np.nan] * 5, [4.0, 1.0, np.nan, 2.0, 2.0],
                   [0.5, 0.25, 7.0, -1.0, 3.0]], dtype="float32"),
    "R": rng.integers(0, 4, (4, 6)).astype("int64"),  # repeated values
    "S": (lambda a: a @ a.transpose(0, 2, 1) + 3 * np.eye(3))(rng.standard_normal((2, 3, 3))),
    "Q": rng.uniform(0.2, 6.0, (3, 4)),  # positive
}

# A loss whose gradient differs per element: sum(out * weights of out's shape).
LOSS = "lambda o: (o * T(np.resize(W, o.shape).astype(o.numpy().dtype))).sum()"

CASES = {
    "index_fill_axis1": "P.index_fill(T(F), T([0, 2]), 1, -1.5)",
    "index_fill_neg_axis_int": "P.index_fill(T(I), T([1, -1]), -2, 7)",
    "index_fill_3d": "P.index_fill(T(D), T([3]), 2, 0.25)",
    "index_fill_method": "T(F).index_fill(T([1], dtype='int32'), 0, 2.0)",
    "index_fill_grad": "(lambda x: [P.index_fill(x, T([0, 3]), 1, 5.0), "
                       "P.grad(L(P.index_fill(x, T([0, 3]), 1, 5.0)), x)[0]])(G('F'))",
    "index_put_pairs": "P.index_put(T(F), (T([0, 2]), T([1, 3])), T(np.float32(9.0)))",
    "index_put_rows": "P.index_put(T(F), (T([1]),), T(np.arange(4, dtype='float32')))",
    "index_put_accumulate": "P.index_put(T(F), (T([0, 0, 2]), T([1, 1, 0])), "
                            "T(np.array([1.0, 2.0, 3.0], dtype='float32')), accumulate=True)",
    "index_put_bool": "P.index_put(T(I), (T(I > 0),), T(np.array([100])))",
    "index_put_broadcast": "P.index_put(T(D), (T([[0], [1]]), T([0, 2])), T(np.ones(4)))",
    "index_put_grad": "(lambda x, v: [P.index_put(x, (T([0, 2]), T([1, 3])), v), "
                      "*P.grad(L(P.index_put(x, (T([0, 2]), T([1, 3])), v)), [x, v])])"
                      "(G('F'), T(np.array([2.0, 3.0]), stop_gradient=False))",
    "index_put_acc_grad": "(lambda x, v: [P.index_put(x, (T([1, 1]),), v, True), "
                          "*P.grad(L(P.index_put(x, (T([1, 1]),), v, True)), [x, v])])"
                          "(G('F'), T(np.ones((2, 4)), stop_gradient=False))",
    "index_sample": "P.index_sample(T(F), T([[0, 0], [3, 1], [2, 2]]))",
    "index_sample_int": "P.index_sample(T(I), T([[3], [2], [1]], dtype='int32'))",
    "index_sample_grad": "(lambda x: [P.index_sample(x, T([[0, 0, 1], [3, 1, 1], [2, 2, 0]])), "
                         "P.grad(L(P.index_sample(x, T([[0, 0, 1], [3, 1, 1], [2, 2, 0]]))), x)[0]]"
                         ")(G('F'))",
    "masked_scatter": "P.masked_scatter(T(F), T(F > 0), T(np.arange(12, dtype='float32')))",
    "masked_scatter_broadcast": "P.masked_scatter(T(F), T([True, False, True, False]), "
                                "T(-np.arange(20, dtype='float32')))",
    "masked_scatter_grad": "(lambda x, v: [P.masked_scatter(x, T(F > 0), v), "
                           "*P.grad(L(P.masked_scatter(x, T(F > 0), v)), [x, v])])"
                           "(G('F'), T(np.arange(15.0), stop_gradient=False))",
    "scatter_add": "P.scatter_add(T(F), 1, T([[0, 0], [1, 3], [2, 2]]), T(F[:, :2] * 10))",
    "scatter_add_int": "P.scatter_add(T(I), 0, T([[2, 0, 1, 2]]), T(I))",
    "scatter_add_grad": "(lambda x, s: [P.scatter_add(x, 1, T([[0, 0], [1, 3], [2, 2]]), s), "
                        "*P.grad(L(P.scatter_add(x, 1, T([[0, 0], [1, 3], [2, 2]]), s)), [x, s])])"
                        "(G('F'), T(W[:, :2].copy(), stop_gradient=False))",
    "scatter_reduce_sum": "P.scatter_reduce(T(F), 1, T([[0, 0], [1, 1], [3, 3]]), T(F[:, 1:3]), "
                          "'sum')",
    "scatter_reduce_prod": "P.scatter_reduce(T(F), 0, T([[0, 0, 1, 2], [0, 1, 1, 2]]), "
                           "T(F[:2] + 1), 'prod')",
    "scatter_reduce_mean_noself": "P.scatter_reduce(T(F), 1, T([[0, 0], [1, 1], [3, 3]]), "
                                  "T(F[:, :2] * 3), 'mean', include_self=False)",
    "scatter_reduce_amax": "P.scatter_reduce(T(I), 1, T([[0, 0], [1, 1], [3, 3]]), "
                           "T(I[:, :2] * 2), 'amax')",
    "scatter_reduce_amin_noself": "P.scatter_reduce(T(D), 2, T(np.zeros((2, 3, 2), 'int64')), "
                                  "T(D[:, :, 1:3]), 'amin', include_self=False)",
    "scatter_reduce_src_larger": "P.scatter_reduce(T(F), 1, T([[1], [2], [0]]), T(F * 5), "
                                 "'sum')",
    "scatter_reduce_grad": "(lambda x, s: [P.scatter_reduce(x, 1, T([[0, 0], [1, 3], [2, 2]]), s, "
                           "'sum'), *P.grad(L(P.scatter_reduce(x, 1, T([[0, 0], [1, 3], [2, 2]]), "
                           "s, 'sum')), [x, s])])(G('F'), T(W[:, :2].copy(), stop_gradient=False))",
    "diagonal_scatter": "P.diagonal_scatter(T(F), T(np.ones(3, 'float32')))",
    "diagonal_scatter_offset": "P.diagonal_scatter(T(F), T(np.ones(2, 'float32') * 4), "
                               "offset=2)",
    "diagonal_scatter_neg": "P.diagonal_scatter(T(F), T(np.ones(2, 'float32') * 4), "
                            "offset=-1)",
    "diagonal_scatter_3d": "P.diagonal_scatter(T(D), T(np.zeros((3, 2))), 0, 0, 2)",
    # 3.3.1 gives y no gradient (it is not in its backward graph): x's only.
    "diagonal_scatter_grad": "(lambda x, y: [P.diagonal_scatter(x, y, 1), "
                             "P.grad(L(P.diagonal_scatter(x, y, 1)), x)[0]])"
                             "(G('F'), T(np.ones(3)))",
    "select_scatter": "P.select_scatter(T(F), T(np.zeros(4, 'float32')), 0, 1)",
    "select_scatter_neg": "P.select_scatter(T(D), T(np.ones((2, 3))), 2, -1)",
    "select_scatter_grad": "(lambda x, v: [P.select_scatter(x, v, 1, 2), "
                           "*P.grad(L(P.select_scatter(x, v, 1, 2)), [x, v])])"
                           "(G('F'), T(np.ones(3), stop_gradient=False))",
    "slice_scatter": "P.slice_scatter(T(F), T(np.zeros((3, 2), 'float32')), [1], [0], [4], [2])",
    "slice_scatter_2axes": "P.slice_scatter(T(D), T(np.ones((2, 2, 2))), [1, 2], [1, 1], [3, 4], "
                           "[1, 2])",
    "slice_scatter_grad": "(lambda x, v: [P.slice_scatter(x, v, [0], [1], [3], [1]), "
                          "*P.grad(L(P.slice_scatter(x, v, [0], [1], [3], [1])), [x, v])])"
                          "(G('F'), T(np.ones((2, 4)), stop_gradient=False))",
    "multiplex": "P.multiplex([T(F), T(F * 10), T(F * 100)], T([[2], [0], [1]], dtype='int32'))",
    "multiplex_int": "P.multiplex([T(I), T(-I)], T([[1], [1], [0]], dtype='int32'))",
    "multiplex_grad": "(lambda a, b, i: [P.multiplex([a, b], i), "
                      "*P.grad(L(P.multiplex([a, b], i)), [a, b])])"
                      "(G('F'), G('F'), T([[1], [0], [1]], dtype='int32'))",
    "argwhere": "P.argwhere(T(I))",
    "argwhere_bool": "P.argwhere(T(F > 0.5))",
    "argwhere_1d": "P.argwhere(T([0.0, 1.5, 0.0, -2.0]))",
    "isin": "P.isin(T(I), T([1, -3, 5]))",
    "isin_invert": "P.isin(T(I), T([[0, 2], [4, 4]]), invert=True)",
    "isin_float": "P.isin(T([1.5, 2.0, -0.0]), T([0.0, 2.0]))",
    "isin_unique": "P.isin(T([3, 1, 2]), T([2, 3]), assume_unique=True)",
    # statistics (stat_extra.py)
    "bincount": "P.bincount(T(R.reshape(-1)))",
    "bincount_minlength": "P.bincount(T([0, 2, 2]), minlength=6)",
    "bincount_weights32": "P.bincount(T([1, 1, 3]), T(np.array([0.5, 1.0, 2.0], 'float32')))",
    "bincount_weights64": "P.bincount(T([1, 1, 3], dtype='int32'), T([0.5, 1.0, 2.0], "
                          "dtype='float64'))",
    "bincount_weights_int": "P.bincount(T([1, 1, 3]), T([1, 2, 3]))",
    "histogram": "P.histogram(T(F), bins=5)",
    "histogram_range": "P.histogram(T(D), bins=4, min=-1, max=1)",
    "histogram_int": "P.histogram(T(I), bins=3, min=0, max=6)",
    "histogram_weight": "P.histogram(T(F), bins=4, min=-2, max=2, weight=T(W.astype('float32')))",
    "histogram_density": "P.histogram(T(F), bins=4, min=-2, max=2, density=True)",
    "histogram_constant": "P.histogram(T([1.0, 1.0, 1.0]), bins=4)",
    "histogram_bin_edges": "P.histogram_bin_edges(T(F), bins=5)",
    "histogram_bin_edges_range": "P.histogram_bin_edges(T(D), bins=3, min=-1, max=2)",
    "histogram_bin_edges_constant": "P.histogram_bin_edges(T([2.0, 2.0]), bins=2)",
    "mode": "P.mode(T(R))",
    "mode_axis0_keepdim": "P.mode(T(R), 0, keepdim=True)",
    "mode_float": "P.mode(T(np.round(D * 2) / 2), 1)",
    "mode_grad": "(lambda x: [*P.mode(x, 1), P.grad(L(P.mode(x, 1)[0]), x)[0]])"
                 "(T(np.round(W * 2), stop_gradient=False))",
    "msort": "P.msort(T(F))",
    "msort_int": "P.msort(T(R))",
    "msort_grad": "(lambda x: [P.msort(x), P.grad(L(P.msort(x)), x)[0]])(G('D'))",
    "nanmedian": "P.nanmedian(T(N))",
    "nanmedian_axis": "P.nanmedian(T(N), 1)",
    "nanmedian_keepdim": "P.nanmedian(T(N), 0, keepdim=True)",
    "nanmedian_min": "P.nanmedian(T(N), 1, mode='min')",
    "nanmedian_min_all": "P.nanmedian(T(N), mode='min')",
    "nanmedian_axes": "P.nanmedian(T(D), [0, 2])",
    # 3.3.1 hands a row of NaNs the output's gradient (all of it, at every element): the
    # gradient cases leave that row out (here it gets none).
    "nanmedian_grad": "(lambda x: [P.nanmedian(x, 1), P.grad(L(P.nanmedian(x, 1)), x)[0]])"
                      "(T(N[[0, 2, 3]].astype('float64'), stop_gradient=False))",
    "nanmedian_min_ties": "P.nanmedian(T([[2.0, 2.0, 1.0, 5.0], [2.0, np.nan, 2.0, 1.0]]), 1, "
                          "mode='min')",
    "quantile": "P.quantile(T(F), 0.3)",
    "quantile_axis": "P.quantile(T(D), [0.1, 0.5, 0.9], axis=2)",
    "quantile_keepdim": "P.quantile(T(D), 0.25, axis=[0, 2], keepdim=True)",
    "quantile_nan": "P.quantile(T(N), 0.5, axis=1)",
    "quantile_lower": "P.quantile(T(F), 0.3, axis=1, interpolation='lower')",
    "quantile_higher": "P.quantile(T(F), 0.3, axis=1, interpolation='higher')",
    "quantile_midpoint": "P.quantile(T(F), 0.3, axis=0, interpolation='midpoint')",
    "quantile_nearest_half": "P.quantile(T(np.arange(6.0)), [0.1, 0.5, 0.7, 0.9], "
                             "interpolation='nearest')",
    "quantile_tensor_q": "P.quantile(T(D), T(0.75, dtype='float64'), axis=-1)",
    "quantile_grad": "(lambda x: [P.quantile(x, [0.2, 0.6], 1), "
                     "P.grad(L(P.quantile(x, [0.2, 0.6], 1)), x)[0]])(G('F'))",
    "nanquantile": "P.nanquantile(T(N), [0.25, 0.5], 1)",
    "nanquantile_all": "P.nanquantile(T(N), 0.4)",
    "nanquantile_keepdim": "P.nanquantile(T(N), 0.6, 0, keepdim=True, interpolation='higher')",
    "nanquantile_grad": "(lambda x: [P.nanquantile(x, 0.3, 1), "
                        "P.grad(L(P.nanquantile(x, 0.3, 1)), x)[0]])"
                        "(T(N[[0, 2, 3]].astype('float64'), stop_gradient=False))",
    "cov": "P.linalg.cov(T(F))",
    "cov_cols_biased": "P.linalg.cov(T(F), rowvar=False, ddof=False)",
    "cov_1d": "P.linalg.cov(T(F[0]))",
    "cov_weights": "P.linalg.cov(T(D[0]), fweights=T([1, 2, 1, 3]), "
                   "aweights=T([0.5, 1.0, 2.0, 1.5], dtype='float64'))",
    "cov_aweights": "P.linalg.cov(T(F), aweights=T(np.array([1.0, 0.2, 0.7, 2.0], 'float32')))",
    "cov_grad": "(lambda x: [P.linalg.cov(x), P.grad(L(P.linalg.cov(x)), x)[0]])(G('F'))",
    "corrcoef": "P.linalg.corrcoef(T(F))",
    "corrcoef_cols": "P.linalg.corrcoef(T(D[1]), rowvar=False)",
    "corrcoef_grad": "(lambda x: [P.linalg.corrcoef(x), P.grad(L(P.linalg.corrcoef(x)), x)[0]])"
                     "(G('F'))",
    "unique_consecutive": "P.unique_consecutive(T([1, 1, 2, 2, 3, 1, 1]))",
    "unique_consecutive_all": "P.unique_consecutive(T(R), return_inverse=True, "
                              "return_counts=True)",
    "unique_consecutive_axis": "P.unique_consecutive(T([[1, 1, 2], [1, 1, 2], [3, 4, 5]]), "
                               "True, True, axis=0, dtype='int32')",
    "unique_consecutive_axis1": "P.unique_consecutive(T([[1.0, 1.0, 2.0], [3.0, 3.0, 5.0]]), "
                                "return_counts=True, axis=1)",
    # creation and shape helpers (creation_extra.py)
    "logspace": "P.logspace(0, 3, 4)",
    "logspace_base2_f64": "P.logspace(1, 2, 3, base=2.0, dtype='float64')",
    "logspace_int": "P.logspace(0, 3, 4, dtype='int32')",
    "logspace_tensors": "P.logspace(T(-1.0), T(1.0), T(5, dtype='int32'), base=T(3.0))",
    "logspace_one": "P.logspace(2, 5, 1)",
    "tril_indices": "P.tril_indices(3, 4, 1)",
    "tril_indices_neg": "P.tril_indices(4, 3, -1, 'int32')",
    "triu_indices": "P.triu_indices(3, None, -1, 'int32')",
    "triu_indices_wide": "P.triu_indices(2, 5, 2)",
    "add_n": "P.add_n([T(F), T(F * 2), T(F - 1)])",
    "add_n_one": "P.add_n(T(I))",
    "add_n_grad": "(lambda a, b: [P.add_n([a, b, a]), *P.grad(L(P.add_n([a, b, a])), [a, b])])"
                  "(G('F'), G('F'))",
    "broadcast_shapes": "T(P.broadcast_shapes([2, 1, 3], [4, 1], [1]))",
    "rank": "P.rank(T(D))",
    "rank_method": "T(F).rank()",
    "vecdot": "P.vecdot(T(D), T(D[0]))",
    "vecdot_axis": "P.vecdot(T(F), T(F[:, :1] * 2), axis=0)",
    "vecdot_grad": "(lambda x, y: [P.vecdot(x, y), *P.grad(L(P.vecdot(x, y)), [x, y])])"
                   "(G('F'), T(W.copy(), stop_gradient=False))",
    "reduce_as": "P.reduce_as(T(D), T(np.zeros((3, 1))))",
    "reduce_as_lead": "P.reduce_as(T(D), T(np.zeros((1, 3, 4))))",
    "reduce_as_int": "P.reduce_as(T(I), T(np.zeros(4, 'int64')))",
    "reduce_as_grad": "(lambda x: [P.reduce_as(x, T(np.zeros((1, 4)))), "
                      "P.grad(L(P.reduce_as(x, T(np.zeros((1, 4))))), x)[0]])(G('F'))",
    "cross": "P.cross(T(F[:, :3]), T(F[:, 1:]))",
    "cross_axis": "P.cross(T(D[:, :, :3].transpose(0, 2, 1).copy()), "
                  "T(D[:, :, 1:].transpose(0, 2, 1).copy()), axis=1)",
    "cross_int": "P.cross(T(I[:, :3]), T(I[:, 1:]))",
    "cross_grad": "(lambda x, y: [P.cross(x, y), *P.grad(L(P.cross(x, y)), [x, y])])"
                  "(T(W[:, :3].copy(), stop_gradient=False), T(W[:, 1:].copy(), "
                  "stop_gradient=False))",
    "as_tensor": "P.as_tensor([[1, 2], [3, 4]], dtype='float64')",
    "as_tensor_tensor": "P.as_tensor(T(I), dtype='float32')",
    "asarray": "P.asarray(F)",
    "asarray_list": "P.asarray([1.5, 2.5], dtype='float64')",
    "from_numpy": "P.from_numpy(I.astype('int32'))",
    "bernoulli_certain": "P.bernoulli(T([[0.0, 1.0], [1.0, 0.0]]))",
    "bernoulli_p": "P.bernoulli(T(F), p=1.0)",
    "isin_0d": "P.isin(T(2), T([2, 3]))",
    # special functions (special_extra.py)
    "gammaln": "P.gammaln(T(F))",
    "gammaln_grad": "(lambda x: [P.gammaln(x), P.grad(L(P.gammaln(x)), x)[0]])(G('Q'))",
    "multigammaln": "P.multigammaln(T(Q + 1.0), 3)",
    "multigammaln_grad": "(lambda x: [P.multigammaln(x, 2), "
                         "P.grad(L(P.multigammaln(x, 2)), x)[0]])(G('Q'))",
    "frexp": "P.frexp(T(np.concatenate([F.reshape(-1) * 100, [0.0, 1.0, -0.5]]).astype('float32')))",
    "frexp_f64": "P.frexp(T(D))",
    "frexp_grad": "(lambda x: [*P.frexp(x), P.grad(L(P.frexp(x)[0]), x)[0]])(G('F'))",
    "polygamma0": "P.polygamma(T(Q), 0)",
    "polygamma1": "P.polygamma(T(Q), 1)",
    "polygamma3_f32": "P.polygamma(T(Q.astype('float32')), 3)",
    "polygamma_negative": "P.polygamma(T([-0.5, -1.5, 0.1]), 2)",
    "polygamma_grad": "(lambda x: [P.polygamma(x, 1), P.grad(L(P.polygamma(x, 1)), x)[0]])"
                      "(G('Q'))",
    "gammainc": "P.gammainc(T(Q), T(Q[::-1].copy()))",
    "gammainc_f32": "P.gammainc(T(np.array([0.5, 2.0, 3.0, 30.0], 'float32')), "
                    "T(np.array([1.0, 0.0, 10.0, 25.0], 'float32')))",
    "gammaincc": "P.gammaincc(T(Q), T(Q[:, ::-1].copy() * 2))",
    "gammainc_grad": "(lambda x, y: [P.gammainc(x, y), P.grad(L(P.gammainc(x, y)), y)[0]])"
                     "(G('Q'), T(Q[::-1] * 1.5, stop_gradient=False))",
    "gammaincc_grad": "(lambda x, y: [P.gammaincc(x, y), P.grad(L(P.gammaincc(x, y)), y)[0]])"
                      "(G('Q'), T(Q[::-1] * 0.5, stop_gradient=False))",
    # matrices (linalg_extra.py)
    "inverse": "P.inverse(T(S))",
    "inverse_f32": "P.linalg.inv(T(S[0].astype('float32')))",
    "inverse_grad": "(lambda x: [P.inverse(x), P.grad(L(P.inverse(x)), x)[0]])(G('S'))",
    "cholesky": "P.linalg.cholesky(T(S))",
    "cholesky_upper": "P.linalg.cholesky(T(S[1].astype('float32')), upper=True)",
    "cholesky_grad": "(lambda x: [P.linalg.cholesky(x), P.grad(L(P.linalg.cholesky(x)), x)[0]])"
                     "(G('S'))",
    "cholesky_upper_grad": "(lambda x: [P.linalg.cholesky(x, True), "
                           "P.grad(L(P.linalg.cholesky(x, True)), x)[0]])(G('S'))",
    "eigvalsh": "P.linalg.eigvalsh(T(S))",
    "eigvalsh_upper": "P.linalg.eigvalsh(T(np.triu(S[0]).astype('float32')), 'U')",
    "einsum_bmm": "P.einsum('bij,bjk->bik', T(D), T(D.transpose(0, 2, 1).copy()))",
    "einsum_trace": "P.einsum('ii', T(S[0]))",
    "einsum_diag": "P.einsum('ii->i', T(S[1]))",
    "einsum_transpose": "P.einsum('ij->ji', T(F))",
    "einsum_ellipsis": "P.einsum('...j,j->...', T(D), T(D[0, 0]))",
    "einsum_implicit": "P.einsum('bij,bjk', T(D), T(D.transpose(0, 2, 1).copy()))",
    "einsum_outer": "P.einsum('i,j->ij', T(F[0]), T(F[1]))",
    "einsum_sum_all": "P.einsum('ijk->', T(D))",
    "einsum_chain": "P.einsum('ij,jk,kl->il', T(S[0]), T(S[1]), T(S[0]))",
    "einsum_batch_ellipsis": "P.einsum('...ij,...jk', T(D), T(F.T.astype('float64')))",
    "einsum_spaces": "P.einsum('i j , j -> i', T(F), T(F[0]))",
    "einsum_grad": "(lambda x, y: [P.einsum('bij,jk->bki', x, y), "
                   "*P.grad(L(P.einsum('bij,jk->bki', x, y)), [x, y])])"
                   "(G('D'), T(W.T.copy(), stop_gradient=False))",
    "einsum_diag_grad": "(lambda x: [P.einsum('ii->i', x), "
                        "P.grad(L(P.einsum('ii->i', x)), x)[0]])(T(S[0].copy(), stop_gradient=False))",
    # (3.3.1's gradient of eigvalsh is not symmetric: its middle rows differ from
    # V diag(g) V^T; tests/python/test_tensor_api3.py checks the one here numerically)
}


def evaluate(P, source, inputs=INPUTS, loss=LOSS):
    """What the case ``source`` gives with the paddle module P (the tests run the same)."""
    env = {"P": P, "T": P.to_tensor, "np": np, **{k: v.copy() for k, v in inputs.items()}}
    env["G"] = lambda name: P.to_tensor(inputs[name].astype("float64"), stop_gradient=False)
    env["L"] = eval(loss, env)
    return eval(source, env)


def results(value):
    """The numpy arrays of a case's result, one per element of a tuple or list."""
    items = value if isinstance(value, (tuple, list)) else [value]
    return [np.asarray(v.numpy()) for v in items]


def main():
    import paddle
    OUT.mkdir(parents=True, exist_ok=True)
    cases, arrays = {}, {}
    for name, source in CASES.items():
        outs = results(evaluate(paddle, source))
        cases[name] = {"source": source, "dtypes": [str(a.dtype) for a in outs],
                       "shapes": [list(a.shape) for a in outs]}
        for i, a in enumerate(outs):
            arrays[f"{name}/{i}"] = a
    arrays.update({f"input/{k}": v for k, v in INPUTS.items()})
    np.savez_compressed(OUT / "cases.npz", **arrays)
    (OUT / "cases.json").write_text(json.dumps({"loss": LOSS, "cases": cases}, indent=1) + "\n")
    print(f"recorded {len(cases)} cases in {OUT}")


if __name__ == "__main__":
    main()
