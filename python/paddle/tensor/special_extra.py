"""Special functions: gammaln, multigammaln (composed of lgamma, so the
gradient flows), frexp, polygamma and the regularized incomplete gamma
functions gammainc/gammaincc. polygamma and gammainc/gammaincc are computed
with numpy (series, recurrences and continued fractions) inside a PyLayer
whose backward is their derivative."""
import math
import numbers

import numpy as np

from ..autograd.py_layer import PyLayer
from ..framework import dtypes as _dtype
from . import math as _math
from ._helpers import Tensor, check_tensor, op
from .math_extra import _float_input, digamma, lgamma

__all__ = ["gammaln", "multigammaln", "frexp", "polygamma", "gammainc", "gammaincc"]

_reshape = op("reshape2", ["X"], ["shape"])


def _from_numpy(arr):
    return Tensor._from_numpy(np.array(arr, order="C"))


def gammaln(x, name=None):
    """Elementwise log |Gamma(x)| (the same as :func:`lgamma`).

    Args:
        x (Tensor): float (an integer tensor is taken in the default float type).
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape, a float dtype.

    Example:
        >>> paddle.gammaln(paddle.to_tensor([1.0, 3.0])).numpy()
        array([0.       , 0.6931472], dtype=float32)
    """
    check_tensor(x, "x", "gammaln")
    return lgamma(x)


def _order(n, name, fn):
    if not isinstance(n, (numbers.Integral, np.integer)) or isinstance(n, bool) or n < 0:
        raise ValueError(f"[{fn}] {name} must be a non-negative int, got {n!r}")
    return int(n)


def multigammaln(x, p, name=None):
    """Elementwise log of the multivariate gamma function of dimension ``p``:
    p(p-1)/4 log(pi) + sum over j < p of lgamma(x - j/2).

    Args:
        x (Tensor): float; defined for elements larger than (p - 1) / 2 (below, the
            lgamma terms read log |Gamma|, as in 3.3.1).
        p (int): the dimension, at least 1.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype.

    Example:
        >>> paddle.multigammaln(paddle.to_tensor([2.5, 3.0]), 2).numpy()
        array([0.8570478, 1.550195 ], dtype=float32)
    """
    x = _float_input(x, "multigammaln")
    p = _order(p, "p", "multigammaln")
    if p < 1:
        raise ValueError(f"[multigammaln] p must be at least 1, got {p}")
    total = _math.scale(x, 0.0, p * (p - 1) / 4 * math.log(math.pi))
    for j in range(p):
        total = _math.add(total, lgamma(_math.scale(x, 1.0, -j / 2)))
    return total


def frexp(x, name=None):
    """x split into a mantissa in [0.5, 1) (by magnitude; 0 for 0) and a power
    of two: x = mantissa * 2 ** exponent.

    Args:
        x (Tensor): float32 or float64.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        tuple: (mantissa, exponent), both of x's dtype and shape.

    Example:
        >>> mantissa, exponent = paddle.frexp(paddle.to_tensor([1.5, -8.0]))
        >>> mantissa.numpy(), exponent.numpy()
        (array([ 0.75, -0.5 ], dtype=float32), array([1., 4.], dtype=float32))
    """
    check_tensor(x, "x", "frexp")
    if x.dtype not in (_dtype.float32, _dtype.float64):
        raise TypeError(f"[frexp] x must be a float32 or float64 Tensor, got {x.dtype.name}")
    _, exponent = np.frexp(x.numpy())
    np_dtype = _dtype.to_numpy_dtype(x.dtype)
    # mantissa = x * 2 ** -exponent, an op, so the gradient reaches x
    mantissa = _math.multiply(x, _from_numpy(np.exp2(-exponent).astype(np_dtype)))
    return mantissa, _from_numpy(exponent.astype(np_dtype))


def _polygamma_values(x, n):
    """psi^(n)(x) for n >= 1: (-1)^(n+1) n! zeta(n + 1, x), summed directly up
    to x + 20, then the asymptotic series of the tail."""
    x = np.asarray(x, np.float64)
    out = np.zeros_like(x)
    shifted = x.copy()
    with np.errstate(divide="ignore", invalid="ignore"):  # the poles give NaN below
        for _ in range(20):
            out += shifted ** -(n + 1)
            shifted = shifted + 1
    # tail: sum over k >= 0 of (s + k)^-(n+1), by Euler-Maclaurin:
    # s^-n / n + s^-(n+1) / 2 + sum_k B_2k / (2k)! (n+1)...(n+2k-1) s^-(n+2k)
    s = shifted
    tail = s ** -n / n + 0.5 * s ** -(n + 1)
    bernoulli = [1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6]
    rising = float(n + 1)
    for k, b in enumerate(bernoulli, start=1):
        tail = tail + b / math.factorial(2 * k) * rising * s ** -(n + 2 * k)
        rising *= (n + 2 * k) * (n + 2 * k + 1)
    value = (-1) ** (n + 1) * math.factorial(n) * (out + tail)
    bad = (x <= 0) & (x == np.floor(x))
    return np.where(bad, np.nan, value)


class _Polygamma(PyLayer):
    @staticmethod
    def forward(ctx, x, n):
        ctx.n = n
        ctx.save_for_backward(x)
        np_dtype = _dtype.to_numpy_dtype(x.dtype)
        return _from_numpy(_polygamma_values(x.numpy(), n).astype(np_dtype))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensor()
        return _math.multiply(grad, polygamma(x, ctx.n + 1))


def polygamma(x, n, name=None):
    """Elementwise n-th derivative of the digamma function (n = 0: digamma).

    Args:
        x (Tensor): float (an integer tensor is taken in the default float type).
        n (int): the order, non-negative.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape, a float dtype.

    Example:
        >>> paddle.polygamma(paddle.to_tensor([2.0]), 1).numpy()
        array([0.64493406], dtype=float32)
    """
    x = _float_input(x, "polygamma")
    n = _order(n, "n", "polygamma")
    if n == 0:
        return digamma(x)
    return _Polygamma.apply(x, n)


def _lower_series(a, x):
    """P(a, x) by its power series (converges fast for x < a + 1)."""
    term = 1.0 / a
    total = term
    for k in range(1, 500):
        term = term * x / (a + k)
        total = total + term
        if np.all(np.abs(term) <= np.abs(total) * 1e-16):
            break
    return total * np.exp(-x + a * np.log(x) - _lgamma(a))


def _upper_fraction(a, x):
    """Q(a, x) by its continued fraction (modified Lentz; for x >= a + 1)."""
    tiny = 1e-300
    b = x + 1.0 - a
    c = np.full_like(x, 1.0 / tiny)
    d = 1.0 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b = b + 2.0
        d = an * d + b
        d = np.where(np.abs(d) < tiny, tiny, d)
        c = b + an / c
        c = np.where(np.abs(c) < tiny, tiny, c)
        d = 1.0 / d
        delta = d * c
        h = h * delta
        if np.all(np.abs(delta - 1.0) <= 1e-16):
            break
    return np.exp(-x + a * np.log(x) - _lgamma(a)) * h


def _lgamma(a):
    return np.vectorize(math.lgamma, otypes=[np.float64])(a)


def _gammainc_values(a, x):
    """The regularized lower incomplete gamma P(a, x), elementwise."""
    a, x = np.broadcast_arrays(np.asarray(a, np.float64), np.asarray(x, np.float64))
    out = np.zeros(a.shape)
    series = x < a + 1
    positive = x > 0
    pick = series & positive
    if pick.any():
        out[pick] = _lower_series(a[pick], x[pick])
    pick = ~series & positive
    if pick.any():
        out[pick] = 1.0 - _upper_fraction(a[pick], x[pick])
    out[np.isinf(x) & (x > 0)] = 1.0
    return out


class _GammaInc(PyLayer):
    """P(x, y) (upper: Q = 1 - P); the gradient reaches y only, as in 3.3.1:
    dP/dy = y^(x-1) e^-y / Gamma(x)."""

    @staticmethod
    def forward(ctx, x, y, upper):
        ctx.upper = upper
        ctx.save_for_backward(x, y)
        values = _gammainc_values(x.numpy(), y.numpy())
        if upper:
            values = 1.0 - values
        return _from_numpy(values.astype(_dtype.to_numpy_dtype(y.dtype)))

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensor()
        a, v = x.numpy().astype(np.float64), y.numpy().astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            density = np.exp((a - 1) * np.log(v) - v - _lgamma(a))
        density = np.where(v > 0, density, 0.0)
        if ctx.upper:
            density = -density
        dy = _math.multiply(grad, _from_numpy(density.astype(_dtype.to_numpy_dtype(y.dtype))))
        return None, dy


def _gammainc(x, y, upper, fn):
    for key, t in (("x", x), ("y", y)):
        check_tensor(t, key, fn)
        if t.dtype not in (_dtype.float32, _dtype.float64):
            raise TypeError(f"[{fn}] {key} must be a float32 or float64 Tensor, got "
                            f"{t.dtype.name}")
    if x.dtype != y.dtype:
        raise TypeError(f"[{fn}] x and y must have one dtype, got {x.dtype.name} and "
                        f"{y.dtype.name}")
    if x.shape != y.shape:
        raise ValueError(f"[{fn}] x and y must have one shape, got {x.shape} and {y.shape}")
    if (x.numpy() <= 0).any() or (y.numpy() < 0).any():
        raise ValueError(f"[{fn}] x must be positive and y non-negative")
    return _GammaInc.apply(x, y, upper)


def gammainc(x, y, name=None):
    """Elementwise regularized lower incomplete gamma function
    P(x, y) = (1 / Gamma(x)) * integral from 0 to y of t^(x-1) e^-t dt.

    Args:
        x (Tensor): float32 or float64, positive (the shape parameter).
        y (Tensor): x's shape and dtype, non-negative (the upper limit).
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype; the gradient reaches y only.

    Example:
        >>> paddle.gammainc(paddle.to_tensor([0.5, 2.0]), paddle.to_tensor([1.0, 1.0])).numpy()
        array([0.8427008 , 0.26424113], dtype=float32)
    """
    return _gammainc(x, y, False, "gammainc")


def gammaincc(x, y, name=None):
    """Elementwise regularized upper incomplete gamma function Q(x, y) = 1 - P(x, y).

    Args:
        x (Tensor): float32 or float64, positive (the shape parameter).
        y (Tensor): x's shape and dtype, non-negative (the lower limit).
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype; the gradient reaches y only.

    Example:
        >>> paddle.gammaincc(paddle.to_tensor([0.5, 2.0]), paddle.to_tensor([1.0, 1.0])).numpy()
        array([0.1572992, 0.7357589], dtype=float32)
    """
    return _gammainc(x, y, True, "gammaincc")
