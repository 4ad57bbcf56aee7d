"""More random tensors of PaddlePaddle 3.3.1: ``binomial``, ``standard_gamma``,
``log_normal`` and the in-place fills ``log_normal_``, ``cauchy_``, ``geometric_``,
``exponential_``, ``random_``: ``binomial`` and ``standard_gamma`` run their ops (also in
static programs), the others a numpy generator seeded from one draw of the default
generator (as ``multinomial``); ``paddle.seed`` repeats them all; no gradients."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ._helpers import Tensor, check_inplace, check_tensor, op, shape_list
from .creation_extra import _from_numpy, _number as _checked_number, _numpy_generator
from .manipulation import cast

_binomial = op("binomial", ["count", "prob"], outputs=["out"])
_standard_gamma = op("standard_gamma", ["x"], outputs=["out"])

__all__ = ["binomial", "standard_gamma", "log_normal", "log_normal_", "cauchy_", "geometric_",
           "exponential_", "random_"]


def _float_tensor(x, name, fn):
    check_tensor(x, name, fn)
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] {name} must be a floating-point Tensor, got {x.dtype.name}")
    return x


def _number(v, name, fn):
    return float(_checked_number(v, name, fn))


def _fill(x, values, fn):
    """x's data replaced by ``values`` (numpy, x's shape), in x's dtype; x returned."""
    check_inplace(x, fn)
    # through int64 or float64 and a cast: numpy has no bfloat16
    values = np.asarray(values)
    values = values.astype(np.int64 if values.dtype.kind in "iu" else np.float64)
    x._assign_from(cast(_from_numpy(values), x.dtype))
    x.stop_gradient = True
    return x


def binomial(count, prob, name=None):
    """Counts of successes in ``count`` trials of probability ``prob``, elementwise.

    Args:
        count (Tensor): the trials (int32, int64 or float; non-negative).
        prob (Tensor): float probabilities in [0, 1], of count's shape.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: int64, count's shape.

    Example:
        >>> paddle.binomial(paddle.to_tensor([4, 0]), paddle.to_tensor([1.0, 0.5])).numpy()
        array([4, 0])
    """
    check_tensor(count, "count", "binomial")
    _float_tensor(prob, "prob", "binomial")
    if count.dtype.name not in ("int32", "int64", "float32", "float64"):
        raise TypeError(f"[binomial] count must be int32, int64, float32 or float64, got "
                        f"{count.dtype.name}")
    if count.shape != prob.shape:
        raise ValueError(f"[binomial] count and prob must have one shape, got {count.shape} and "
                         f"{prob.shape}")
    out = _binomial(count, prob)  # (the op checks the values)
    out.stop_gradient = True
    return out


def standard_gamma(x, name=None):
    """Draws from Gamma distributions of shape (concentration) x and rate 1, elementwise.

    Args:
        x (Tensor): float, positive concentrations.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x's shape and dtype, positive values.

    Example:
        >>> bool((paddle.standard_gamma(paddle.to_tensor([1.0, 3.0])) > 0).all())
        True
    """
    _float_tensor(x, "x", "standard_gamma")
    if x.dtype.name not in ("float32", "float64"):
        raise TypeError(f"[standard_gamma] x must be float32 or float64, got {x.dtype.name}")
    out = _standard_gamma(x)  # (the op checks the values)
    out.stop_gradient = True
    return out


def log_normal(mean=1.0, std=2.0, shape=None, name=None):
    """Draws exp(N(mean, std^2)): values whose logarithm is normal.

    Args:
        mean (float|Tensor, optional): the mean of the logarithm: a number, or a float Tensor
            (then the result has its shape). Default: 1.0.
        std (float|Tensor, optional): the standard deviation of the logarithm (positive): a
            number or a float Tensor. Default: 2.0.
        shape (list|tuple|Tensor, optional): the result's shape when mean and std are numbers.
            Default: None.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: float32 (or the dtype of the Tensor argument), positive values.

    Example:
        >>> out = paddle.log_normal(0.0, 1.0, shape=[2, 3])
        >>> out.shape, bool((out > 0).all())
        (paddle.Size([2, 3]), True)
    """
    tensors = [t for t in (mean, std) if isinstance(t, Tensor)]
    for t in tensors:
        _float_tensor(t, "mean" if t is mean else "std", "log_normal")
    if tensors:
        dtype = tensors[0].numpy().dtype
        mu = mean.numpy().astype(np.float64) if isinstance(mean, Tensor) else float(mean)
        sigma = std.numpy().astype(np.float64) if isinstance(std, Tensor) else float(std)
        size = np.broadcast(np.asarray(mu), np.asarray(sigma)).shape
    else:
        if shape is None:
            raise ValueError("[log_normal] shape is required when mean and std are numbers")
        mu, sigma = _number(mean, "mean", "log_normal"), _number(std, "std", "log_normal")
        size, dtype = tuple(shape_list(shape, "log_normal")), np.float32
    if (np.asarray(sigma) <= 0).any():
        raise ValueError(f"[log_normal] std must be positive, got {sigma}")
    draws = _numpy_generator().lognormal(mu, sigma, size)
    return _from_numpy(np.asarray(draws).astype(dtype))


def log_normal_(x, mean=1.0, std=2.0, name=None):
    """Fills x in place with draws of exp(N(mean, std^2)) and returns it.

    Args:
        x (Tensor): a float tensor.
        mean (float, optional): the mean of the logarithm. Default: 1.0.
        std (float, optional): the standard deviation of the logarithm (positive). Default: 2.0.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.zeros([3])
        >>> bool((paddle.log_normal_(x, 0.0, 0.5) > 0).all())
        True
    """
    _float_tensor(x, "x", "log_normal_")
    mu, sigma = _number(mean, "mean", "log_normal_"), _number(std, "std", "log_normal_")
    if sigma <= 0:
        raise ValueError(f"[log_normal_] std must be positive, got {sigma}")
    return _fill(x, _numpy_generator().lognormal(mu, sigma, tuple(x.shape)), "log_normal_")


def cauchy_(x, loc=0, scale=1, name=None):
    """Fills x in place with draws of the Cauchy distribution and returns it.

    Args:
        x (Tensor): a float tensor.
        loc (float, optional): the location (median). Default: 0.
        scale (float, optional): the scale (half the interquartile range; positive). Default: 1.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x.

    Example:
        >>> paddle.cauchy_(paddle.zeros([2, 2]), loc=1.0, scale=0.5).shape
        paddle.Size([2, 2])
    """
    _float_tensor(x, "x", "cauchy_")
    loc, scale = _number(loc, "loc", "cauchy_"), _number(scale, "scale", "cauchy_")
    if scale <= 0:
        raise ValueError(f"[cauchy_] scale must be positive, got {scale}")
    draws = loc + scale * _numpy_generator().standard_cauchy(tuple(x.shape))
    return _fill(x, draws, "cauchy_")


def geometric_(x, probs, name=None):
    """Fills x in place with log(u) / log(1 - probs), u uniform in (0, 1], and returns it:
    PaddlePaddle 3.3.1's geometric fill (continuous; its ceiling is the number of trials to
    the first success).

    Args:
        x (Tensor): a float tensor.
        probs (float|Tensor): the success probability in (0, 1): a number, or a float Tensor
            that broadcasts to x.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x.

    Example:
        >>> bool((paddle.geometric_(paddle.zeros([4]), 0.3) >= 0).all())
        True
    """
    _float_tensor(x, "x", "geometric_")
    p = probs.numpy().astype(np.float64) if isinstance(probs, Tensor) else \
        _number(probs, "probs", "geometric_")
    if not ((np.asarray(p) > 0) & (np.asarray(p) < 1)).all():
        raise ValueError(f"[geometric_] probs must be in (0, 1), got {p}")
    u = 1.0 - _numpy_generator().random(tuple(x.shape))  # in (0, 1]
    return _fill(x, np.broadcast_to(np.log(u) / np.log1p(-p), tuple(x.shape)), "geometric_")


def exponential_(x, lam=1.0, name=None):
    """Fills x in place with draws of the exponential distribution of rate ``lam`` and
    returns it.

    Args:
        x (Tensor): a float tensor.
        lam (float, optional): the rate (positive; the mean is 1 / lam). Default: 1.0.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        Tensor: x.

    Example:
        >>> bool((paddle.zeros([3]).exponential_(2.0) >= 0).all())
        True
    """
    _float_tensor(x, "x", "exponential_")
    lam = _number(lam, "lam", "exponential_")
    if lam <= 0:
        raise ValueError(f"[exponential_] lam must be positive, got {lam}")
    return _fill(x, _numpy_generator().exponential(1.0 / lam, tuple(x.shape)), "exponential_")


_MANTISSA = {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 53}


def random_(x, from_=0, to=None, *, generator=None):
    """Fills x in place with whole numbers drawn uniformly from [from_, to) and returns it.

    With ``to`` None: [0, from_) when from_ is non-zero, else [0, 2**m) for floats with m
    mantissa bits (integers the dtype holds exactly) and [0, the dtype's maximum) for
    integers.

    Args:
        x (Tensor): a float or integer tensor.
        from_ (int, optional): the low end (included). Default: 0.
        to (int, optional): the high end (excluded). Default: None.
        generator (None, optional): keyword only; only None (the default generator).

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.zeros([4], dtype='int64')
        >>> bool(((x.random_(0, 3) >= 0) & (x < 3)).all())
        True
    """
    check_tensor(x, "x", "random_")
    if generator is not None:
        raise ValueError("[random_] generator must be None (the default generator)")
    name = x.dtype.name
    if name not in _MANTISSA and not _dtype.is_integer(x.dtype):
        raise TypeError(f"[random_] x must be a float or integer Tensor, got {name}")
    for v, what in ((from_, "from_"), (to, "to")):
        if v is not None and (not isinstance(v, numbers.Integral) or isinstance(v, bool)):
            raise TypeError(f"[random_] {what} must be an int, got {type(v).__name__}")
    if to is None:
        if from_ == 0:
            to = 2 ** _MANTISSA[name] if name in _MANTISSA else int(np.iinfo(name).max)
        else:
            from_, to = 0, from_
    if from_ >= to:
        raise ValueError(f"random_ expects 'from' to be less than 'to', but got from={from_} "
                         f">= to={to}")
    draws = _numpy_generator().integers(int(from_), int(to), tuple(x.shape), dtype=np.int64)
    return _fill(x, draws, "random_")
