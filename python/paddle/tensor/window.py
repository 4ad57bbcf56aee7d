"""Window functions for spectral analysis (``hann_window``, ``hamming_window``,
``blackman_window``, ``bartlett_window``, ``kaiser_window``), as PaddlePaddle
3.3.1 defines them: a periodic window of length L is the symmetric window of
length L + 1 without its last sample (the form ``stft`` wants). The values are
computed in float64 and rounded once to ``dtype``."""
import numbers

import numpy as np

from ..framework import dtypes as _dtype
from .creation import to_tensor

__all__ = ["bartlett_window", "blackman_window", "hamming_window", "hann_window",
           "kaiser_window"]


def _positions(window_length, periodic, fn):
    """The sample positions n / (N - 1) in [0, 1] (N the symmetric length), or None
    for windows of 0 or 1 samples."""
    if isinstance(window_length, bool) or not isinstance(window_length,
                                                          (numbers.Integral, np.integer)):
        raise TypeError(f"[{fn}] window_length must be an int, got "
                        f"{type(window_length).__name__}")
    if window_length < 0:
        raise ValueError(f"[{fn}] window_length must be >= 0, got {window_length}")
    if not isinstance(periodic, bool):
        raise TypeError(f"[{fn}] periodic must be a bool, got {type(periodic).__name__}")
    if window_length <= 1:
        return None
    n = window_length + 1 if periodic else window_length
    return np.arange(window_length, dtype=np.float64) / (n - 1)


def _finish(values, window_length, dtype, requires_grad, fn):
    d = _dtype.convert_dtype(dtype)
    if not _dtype.is_floating_point(d):
        raise TypeError(f"[{fn}] dtype must be a floating-point dtype, got {d.name}")
    if values is None:
        values = np.ones(window_length, dtype=np.float64)
    return to_tensor(values, dtype=d, stop_gradient=not requires_grad)


def hann_window(window_length, periodic=True, *, dtype="float32", layout=None, device=None,
                pin_memory=False, requires_grad=False):
    """The Hann window 0.5 - 0.5 cos(2 pi n / (N - 1)).

    Args:
        window_length (int): The number of samples, >= 0.
        periodic (bool, optional): True: periodic (for spectral analysis), False:
            symmetric. Default True.
        dtype (str|paddle.dtype, optional): A floating-point dtype. Default "float32".
        layout (None, optional): For PaddlePaddle compatibility; unused. Default None.
        device (str, optional): For PaddlePaddle compatibility; tensors live on the CPU.
            Default None.
        pin_memory (bool, optional): For PaddlePaddle compatibility; unused. Default False.
        requires_grad (bool, optional): Whether the result records gradients. Default False.

    Returns:
        Tensor: The window, 1-D of window_length samples.

    Example:
        >>> paddle.hann_window(4).numpy()
        array([0. , 0.5, 1. , 0.5], dtype=float32)
    """
    t = _positions(window_length, periodic, "hann_window")
    values = None if t is None else 0.5 - 0.5 * np.cos(2 * np.pi * t)
    return _finish(values, window_length, dtype, requires_grad, "hann_window")


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype="float32",
                   layout=None, device=None, pin_memory=False, requires_grad=False):
    """The Hamming window alpha - beta cos(2 pi n / (N - 1)).

    Args:
        window_length (int): The number of samples, >= 0.
        periodic (bool, optional): True: periodic, False: symmetric. Default True.
        alpha (float, optional): The constant term. Default 0.54.
        beta (float, optional): The cosine's weight. Default 0.46.
        dtype (str|paddle.dtype, optional): A floating-point dtype. Default "float32".
        layout (None, optional): For PaddlePaddle compatibility; unused. Default None.
        device (str, optional): For PaddlePaddle compatibility; tensors live on the CPU.
            Default None.
        pin_memory (bool, optional): For PaddlePaddle compatibility; unused. Default False.
        requires_grad (bool, optional): Whether the result records gradients. Default False.

    Returns:
        Tensor: The window, 1-D of window_length samples.

    Example:
        >>> paddle.hamming_window(4).numpy()
        array([0.08, 0.54, 1.  , 0.54], dtype=float32)
    """
    t = _positions(window_length, periodic, "hamming_window")
    values = None if t is None else alpha - beta * np.cos(2 * np.pi * t)
    return _finish(values, window_length, dtype, requires_grad, "hamming_window")


def blackman_window(window_length, periodic=True, *, dtype="float32", layout=None, device=None,
                    pin_memory=False, requires_grad=False):
    """The Blackman window 0.42 - 0.5 cos(2 pi n / (N - 1)) + 0.08 cos(4 pi n / (N - 1)).

    Args:
        window_length (int): The number of samples, >= 0.
        periodic (bool, optional): True: periodic, False: symmetric. Default True.
        dtype (str|paddle.dtype, optional): A floating-point dtype. Default "float32".
        layout (None, optional): For PaddlePaddle compatibility; unused. Default None.
        device (str, optional): For PaddlePaddle compatibility; tensors live on the CPU.
            Default None.
        pin_memory (bool, optional): For PaddlePaddle compatibility; unused. Default False.
        requires_grad (bool, optional): Whether the result records gradients. Default False.

    Returns:
        Tensor: The window, 1-D of window_length samples.

    Example:
        >>> paddle.blackman_window(4, periodic=False, dtype="float64").numpy().round(4)
        array([-0.  ,  0.63,  0.63, -0.  ])
    """
    t = _positions(window_length, periodic, "blackman_window")
    values = None if t is None else (0.42 - 0.5 * np.cos(2 * np.pi * t)
                                     + 0.08 * np.cos(4 * np.pi * t))
    return _finish(values, window_length, dtype, requires_grad, "blackman_window")


def bartlett_window(window_length, periodic=True, *, dtype="float32", layout=None, device=None,
                    pin_memory=False, requires_grad=False):
    """The Bartlett (triangular) window 1 - |2 n / (N - 1) - 1|.

    Args:
        window_length (int): The number of samples, >= 0.
        periodic (bool, optional): True: periodic, False: symmetric. Default True.
        dtype (str|paddle.dtype, optional): A floating-point dtype. Default "float32".
        layout (None, optional): For PaddlePaddle compatibility; unused. Default None.
        device (str, optional): For PaddlePaddle compatibility; tensors live on the CPU.
            Default None.
        pin_memory (bool, optional): For PaddlePaddle compatibility; unused. Default False.
        requires_grad (bool, optional): Whether the result records gradients. Default False.

    Returns:
        Tensor: The window, 1-D of window_length samples.

    Example:
        >>> paddle.bartlett_window(4).numpy()
        array([0. , 0.5, 1. , 0.5], dtype=float32)
    """
    t = _positions(window_length, periodic, "bartlett_window")
    values = None if t is None else 1.0 - np.abs(2.0 * t - 1.0)
    return _finish(values, window_length, dtype, requires_grad, "bartlett_window")


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype="float32", layout=None,
                  device=None, pin_memory=False, requires_grad=False):
    """The Kaiser window I0(beta sqrt(1 - (2 n / (N - 1) - 1)^2)) / I0(beta).

    Args:
        window_length (int): The number of samples, >= 0.
        periodic (bool, optional): True: periodic, False: symmetric. Default True.
        beta (float, optional): The shape parameter (larger: narrower). Default 12.0.
        dtype (str|paddle.dtype, optional): A floating-point dtype. Default "float32".
        layout (None, optional): For PaddlePaddle compatibility; unused. Default None.
        device (str, optional): For PaddlePaddle compatibility; tensors live on the CPU.
            Default None.
        pin_memory (bool, optional): For PaddlePaddle compatibility; unused. Default False.
        requires_grad (bool, optional): Whether the result records gradients. Default False.

    Returns:
        Tensor: The window, 1-D of window_length samples.

    Example:
        >>> paddle.kaiser_window(3, periodic=False, beta=0.0).numpy()
        array([1., 1., 1.], dtype=float32)
    """
    t = _positions(window_length, periodic, "kaiser_window")
    values = None if t is None else (np.i0(beta * np.sqrt(np.clip(1 - (2 * t - 1) ** 2, 0, None)))
                                     / np.i0(beta))
    return _finish(values, window_length, dtype, requires_grad, "kaiser_window")
