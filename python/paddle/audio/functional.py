"""paddle.audio.functional: ``get_window``, the windows of PaddlePaddle 3.3.1
(which follows scipy.signal.get_window): symmetric for filter design, or
periodic (``fftbins``: the symmetric window one sample longer, its last
sample dropped) for spectral analysis. Computed in float64 with numpy and
rounded once to ``dtype``."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from ..tensor.creation import to_tensor

__all__ = ["get_window"]


def _general_cosine(m, coefficients):
    fac = np.linspace(-np.pi, np.pi, m)
    return sum(a * np.cos(k * fac) for k, a in enumerate(coefficients))


def _centered(m):
    return np.arange(m) - (m - 1) / 2.0


def _triang(m):
    n = np.arange(1, (m + 1) // 2 + 1)
    if m % 2 == 0:
        w = (2 * n - 1.0) / m
        return np.r_[w, w[::-1]]
    w = 2 * n / (m + 1.0)
    return np.r_[w, w[-2::-1]]


def _bohman(m):
    fac = np.abs(np.linspace(-1, 1, m)[1:-1])
    return np.r_[0, (1 - fac) * np.cos(np.pi * fac) + np.sin(np.pi * fac) / np.pi, 0]


def _tukey(m, alpha=0.5):
    if alpha <= 0:
        return np.ones(m)
    if alpha >= 1:
        return _general_cosine(m, [0.5, 0.5])
    n = np.arange(m)
    width = int(np.floor(alpha * (m - 1) / 2.0))
    n1, n3 = n[:width + 1], n[m - width - 1:]
    w1 = 0.5 * (1 + np.cos(np.pi * (-1 + 2.0 * n1 / alpha / (m - 1))))
    w3 = 0.5 * (1 + np.cos(np.pi * (-2.0 / alpha + 1 + 2.0 * n3 / alpha / (m - 1))))
    return np.concatenate([w1, np.ones(m - len(w1) - len(w3)), w3])


def _exponential(m, center=None, tau=1.0, *, sym):
    if sym and center is not None:
        raise ValueError("If sym==True, center must be None.")
    center = (m - 1) / 2.0 if center is None else center
    return np.exp(-np.abs(np.arange(m) - center) / tau)


# name -> (function of (m, *params), the number of parameters it needs at least)
_WINDOWS = {
    "hamming": (lambda m: _general_cosine(m, [0.54, 0.46]), 0),
    "hann": (lambda m: _general_cosine(m, [0.5, 0.5]), 0),
    "blackman": (lambda m: _general_cosine(m, [0.42, 0.50, 0.08]), 0),
    "nuttall": (lambda m: _general_cosine(m, [0.3635819, 0.4891775, 0.1365995, 0.0106411]), 0),
    "bartlett": (lambda m: 1.0 - np.abs(2.0 * np.arange(m) / (m - 1) - 1.0), 0),
    "triang": (_triang, 0),
    "cosine": (lambda m: np.sin(np.pi / m * (np.arange(m) + 0.5)), 0),
    "bohman": (_bohman, 0),
    "tukey": (_tukey, 0),
    "kaiser": (lambda m, beta: np.i0(beta * np.sqrt(np.clip(
        1 - (2.0 * np.arange(m) / (m - 1) - 1.0) ** 2, 0, None))) / np.i0(beta), 1),
    "gaussian": (lambda m, std: np.exp(-_centered(m) ** 2 / (2.0 * std * std)), 1),
    "general_gaussian": (lambda m, p, sig: np.exp(-0.5 * np.abs(_centered(m) / sig) ** (2 * p)),
                         2),
    "exponential": (_exponential, 1),  # (center[, tau]), as 3.3.1 passes them
}


def get_window(window, win_length, fftbins=True, dtype="float64"):
    """A window of ``win_length`` samples by name, as scipy.signal.get_window makes it.

    Args:
        window (str|tuple): The window's name, or a tuple of its name and parameters:
            'hamming', 'hann', 'blackman', 'nuttall', 'bartlett', 'triang', 'cosine',
            'bohman', 'tukey' (alpha, default 0.5), and, with parameters, ('kaiser', beta),
            ('gaussian', std), ('general_gaussian', p, sig), ('exponential', center[, tau])
            (a center only with fftbins).
        win_length (int): The number of samples, >= 0.
        fftbins (bool, optional): True: a periodic window (for spectral analysis), False: a
            symmetric one (for filter design). Default True.
        dtype (str, optional): A floating-point dtype of the result. Default 'float64'.

    Returns:
        Tensor: The window, 1-D of win_length samples.

    Example:
        >>> paddle.audio.functional.get_window("hann", 4).numpy()
        array([0. , 0.5, 1. , 0.5])
    """
    if isinstance(window, tuple):
        name, params = window[0], tuple(window[1:])
    elif isinstance(window, str):
        name, params = window, ()
    else:
        raise ValueError(f"{type(window)} as window type is not supported.")
    if name not in _WINDOWS:
        raise ValueError(f"Unknown window type: {name!r} (supported: {', '.join(_WINDOWS)})")
    fn, needed = _WINDOWS[name]
    if len(params) < needed:
        raise ValueError(f"The '{name}' window needs one or more parameters -- pass a tuple.")
    if isinstance(win_length, bool) or not isinstance(win_length, (numbers.Integral, np.integer)) \
            or win_length < 0:
        raise ValueError(f"[get_window] win_length must be an int >= 0, got {win_length!r}")
    d = _dtype.convert_dtype(dtype)
    if not _dtype.is_floating_point(d):
        raise TypeError(f"[get_window] dtype must be a floating-point dtype, got {d.name}")
    if win_length <= 1:
        return to_tensor(np.ones(int(win_length)), dtype=d)
    m = int(win_length) + (1 if fftbins else 0)
    values = fn(m, *params, sym=not fftbins) if name == "exponential" else fn(m, *params)
    return to_tensor(np.asarray(values, dtype=np.float64)[:int(win_length)], dtype=d)
