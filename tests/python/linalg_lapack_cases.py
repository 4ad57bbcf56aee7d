"""The paddle.linalg cases that tools/oracle/record_linalg_lapack.py records
with PaddlePaddle 3.3.1 and test_linalg_lapack.py replays: name -> (inputs,
indices of the inputs to differentiate, call). A call takes (paddle.linalg,
*tensors) and returns a tuple of outputs; factors unique only up to signs
(Q, U, V, eigenvectors) are returned as sign-free values (their squares,
products) so that both libraries must agree. The gradient recorded is that
of sum(out_k * cotangent(out_k's shape, k)) over the float outputs."""
import numpy as np


def cotangent(shape, k):
    """Fixed weights for output k."""
    n = int(np.prod(shape)) if len(shape) else 1
    return (np.cos(np.arange(n) * 0.7 + k) + 0.5).reshape(shape)


def _cases():
    rng = np.random.default_rng(7)

    def f(*shape):
        return rng.uniform(-1.0, 1.0, shape)

    def well(*shape):  # invertible, well conditioned
        a = f(*shape)
        return a + 3.0 * np.eye(shape[-1])

    def spd(*shape):
        a = f(*shape)
        return a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1])

    def sq(t):
        return t * t

    sym = spd(2, 3, 3)
    low = np.linalg.cholesky(sym)
    c = {}
    c["det"] = ([well(2, 3, 3)], [0], lambda L, x: (L.det(x),))
    c["det_float32"] = ([well(3, 3).astype("float32")], [0], lambda L, x: (L.det(x),))
    c["slogdet"] = ([well(2, 3, 3) * np.array([1, -1, 1])], [0], lambda L, x: (L.slogdet(x),))
    c["inv"] = ([well(2, 3, 3)], [0], lambda L, x: (L.inv(x),))
    c["solve"] = ([well(2, 3, 3), f(2, 3, 2)], [0, 1], lambda L, x, y: (L.solve(x, y),))
    c["solve_broadcast"] = ([well(3, 3), f(2, 3, 2)], [0, 1], lambda L, x, y: (L.solve(x, y),))
    c["solve_vector"] = ([well(2, 3, 3), f(2, 3)], [0, 1], lambda L, x, y: (L.solve(x, y),))
    c["solve_right"] = ([well(3, 3), f(2, 3)], [0, 1],
                        lambda L, x, y: (L.solve(x, y, left=False),))
    c["triangular_solve"] = ([well(2, 3, 3), f(2, 3, 2)], [0, 1],
                             lambda L, x, y: (L.triangular_solve(x, y),))
    c["triangular_solve_lower_transpose_unit"] = (
        [well(2, 3, 3), f(3, 2)], [0, 1],
        lambda L, x, y: (L.triangular_solve(x, y, upper=False, transpose=True,
                                            unitriangular=True),))
    c["cholesky"] = ([sym], [0], lambda L, x: (L.cholesky(x),))
    c["cholesky_upper"] = ([sym], [0], lambda L, x: (L.cholesky(x, upper=True),))
    c["cholesky_solve"] = ([f(2, 3, 2), low], [0, 1], lambda L, x, y: (L.cholesky_solve(x, y),))
    c["cholesky_solve_upper"] = ([f(2, 3, 2), np.swapaxes(low, -1, -2)], [0, 1],
                                 lambda L, x, y: (L.cholesky_solve(x, y, upper=True),))
    c["cholesky_inverse"] = ([low[0]], [0], lambda L, x: (L.cholesky_inverse(x),))
    c["lu"] = ([well(2, 3, 3)], [0], lambda L, x: L.lu(x, get_infos=True))
    c["lu_wide"] = ([f(2, 3, 4)], [0], lambda L, x: L.lu(x)[:1])
    c["lu_tall"] = ([f(2, 4, 3)], [0], lambda L, x: L.lu(x)[:1])
    c["lu_unpack"] = ([well(2, 3, 3)], [0], lambda L, x: L.lu_unpack(*L.lu(x)))
    c["lu_solve"] = ([f(2, 3, 2), well(2, 3, 3)], [0, 1],
                     lambda L, b, a: (L.lu_solve(b, *L.lu(a)),))
    c["lu_solve_transpose"] = ([f(2, 3, 2), well(2, 3, 3)], [0, 1],
                               lambda L, b, a: (L.lu_solve(b, *L.lu(a), trans="T"),))
    c["qr"] = ([f(2, 4, 3)], [0], lambda L, x: tuple(sq(t) for t in L.qr(x)))
    c["qr_wide"] = ([f(3, 4)], [0], lambda L, x: tuple(sq(t) for t in L.qr(x)))
    c["qr_complete"] = ([f(3, 4)], [0], lambda L, x: tuple(sq(t) for t in L.qr(x, "complete")))
    c["qr_r"] = ([f(4, 3)], [], lambda L, x: (sq(L.qr(x, "r")),))
    c["svd"] = ([f(2, 4, 3)], [0], lambda L, x: (lambda u, s, vh: (s, sq(u), sq(vh)))(*L.svd(x)))
    c["svd_wide"] = ([f(3, 5)], [0], lambda L, x: (lambda u, s, vh: (s, sq(u), sq(vh)))(*L.svd(x)))
    c["svd_full"] = ([f(4, 3)], [0], lambda L, x: (lambda u, s, vh: (s, sq(u), sq(vh)))(
        *L.svd(x, full_matrices=True)))
    c["svdvals"] = ([f(2, 3, 4)], [0], lambda L, x: (L.svdvals(x),))
    c["eigh"] = ([sym], [0], lambda L, x: (lambda w, v: (w, sq(v)))(*L.eigh(x)))
    c["eigh_upper"] = ([sym], [0], lambda L, x: (lambda w, v: (w, sq(v)))(*L.eigh(x, UPLO="U")))
    c["eigvalsh"] = ([sym], [0], lambda L, x: (L.eigvalsh(x),))
    c["eigvals"] = ([f(2, 3, 3)], [], lambda L, x: (L.eigvals(x),))
    c["eig"] = ([f(3, 3)], [], lambda L, x: L.eig(x))
    for driver in ("gels", "gelsy", "gelsd", "gelss"):
        c[f"lstsq_{driver}"] = ([f(2, 5, 3), f(2, 5, 2)], [],
                                lambda L, x, y, d=driver: L.lstsq(x, y, driver=d))
    c["lstsq_default_wide"] = ([f(3, 4), f(3, 2)], [], lambda L, x, y: L.lstsq(x, y))
    c["pinv"] = ([f(2, 3, 4)], [0], lambda L, x: (L.pinv(x),))
    c["pinv_hermitian"] = ([sym], [], lambda L, x: (L.pinv(x, hermitian=True),))
    for n in (3, -2, 0):
        c[f"matrix_power_{n}"] = ([well(2, 3, 3)], [0], lambda L, x, n=n: (L.matrix_power(x, n),))
    rank2 = f(2, 4, 2) @ f(2, 2, 3)
    c["matrix_rank"] = ([rank2], [], lambda L, x: (L.matrix_rank(x),))
    c["matrix_rank_tol"] = ([rank2], [], lambda L, x: (L.matrix_rank(x, tol=0.3),))
    c["matrix_rank_hermitian"] = ([sym], [], lambda L, x: (L.matrix_rank(x, hermitian=True),))
    c["matrix_rank_atol"] = ([rank2], [], lambda L, x: (L.matrix_rank(x, atol=0.3),))
    c["matrix_rank_rtol"] = ([rank2], [], lambda L, x: (L.matrix_rank(x, rtol=0.2),))
    for p in (None, "fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf):
        c[f"cond_{p}"] = ([well(2, 3, 3)], [0], lambda L, x, p=p: (L.cond(x, p),))
    c["matrix_exp"] = ([f(2, 3, 3) * 2], [0], lambda L, x: (L.matrix_exp(x),))
    geqrf = f(4, 3)
    c["householder_product"] = ([geqrf, f(3) * 0.5 + 1.0], [0, 1],
                                lambda L, x, t: (L.householder_product(x, t),))
    square = f(2, 3, 3)
    c["ormqr"] = ([square, f(2, 3) * 0.5 + 1.0, f(2, 3, 2)], [0, 1, 2],
                  lambda L, x, t, y: (L.ormqr(x, t, y),))
    c["ormqr_right_transpose"] = ([square, f(2, 3) * 0.5 + 1.0, f(2, 2, 3)], [0, 1, 2],
                                  lambda L, x, t, y: (L.ormqr(x, t, y, left=False,
                                                              transpose=True),))
    return c


CASES = _cases()
