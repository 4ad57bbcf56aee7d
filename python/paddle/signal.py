"""paddle.signal: slicing a signal into overlapping frames and adding frames
back (``frame``, ``overlap_add``), and the short-time Fourier transform and
its inverse (``stft``, ``istft``), as in PaddlePaddle 3.3.1. Framing is a
gather and overlap-add an index_add, the transforms are paddle.fft's ops, so
gradients flow through all of them."""
import numbers

import numpy as np

from . import fft as _fft
from .framework import dtypes as _dtype
from .tensor._helpers import check_tensor, op
from .tensor.creation import to_tensor
from .tensor.gather_scatter import gather, index_add
from .tensor.manipulation import concat, reshape, slice, squeeze, transpose, unsqueeze
from .tensor.math import multiply, divide, abs as _abs, min as _min
from .tensor.complex_numbers import complex as _make_complex, imag as _imag, real as _real

__all__ = ["stft", "istft"]

_fill_constant = op("fill_constant", [], ["shape", "dtype", "value", "str_value"])


def _positive_int(v, name, fn):
    if isinstance(v, bool) or not isinstance(v, (numbers.Integral, np.integer)) or v <= 0:
        raise ValueError(f"[{fn}] {name} should be a positive int, got {v!r}")
    return int(v)


def _frame_axis(axis, fn):
    if axis not in (0, -1):
        raise ValueError(f"Unexpected axis: {axis}. It should be 0 or -1.")
    return axis


def frame(x, frame_length, hop_length, axis=-1, name=None):
    """Slices x into overlapping frames of ``frame_length`` samples, ``hop_length``
    apart, along its first or last axis.

    Args:
        x (Tensor): The signal; axis -1: [..., seq_length], axis 0: [seq_length, ...].
        frame_length (int): The samples per frame, at most seq_length.
        hop_length (int): The samples between the starts of two frames, > 0.
        axis (int, optional): 0 or -1, the axis that holds the samples. Default -1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The frames, num_frames = 1 + (seq_length - frame_length) // hop_length:
        [..., frame_length, num_frames] for axis -1, [num_frames, frame_length, ...] for 0.

    Example:
        >>> paddle.signal.frame(paddle.arange(5, dtype="float32"), 3, 2).numpy()
        array([[0., 2.],
               [1., 3.],
               [2., 4.]], dtype=float32)
    """
    check_tensor(x, "x", "frame")
    _frame_axis(axis, "frame")
    frame_length = _positive_int(frame_length, "frame_length", "frame")
    hop_length = _positive_int(hop_length, "hop_length", "frame")
    if x.ndim == 0:
        raise ValueError("[frame] expected x with at least one dim, got a 0-D tensor")
    seq = x.shape[axis]
    if frame_length > seq:
        raise ValueError("Attribute frame_length should be less equal than sequence length, "
                         f"but got ({frame_length}) > ({seq}).")
    frames = 1 + (seq - frame_length) // hop_length
    starts = np.arange(frames) * hop_length
    offsets = np.arange(frame_length)
    if axis == -1:  # index[f, t] = t * hop + f
        index = offsets[:, None] + starts[None, :]
        shape = list(x.shape[:-1]) + [frame_length, frames]
    else:  # index[t, f]
        index = starts[:, None] + offsets[None, :]
        shape = [frames, frame_length] + list(x.shape[1:])
    picked = gather(x, to_tensor(index.reshape(-1).astype("int64")), axis=x.ndim - 1 if axis == -1 else 0)
    return reshape(picked, shape)


def overlap_add(x, hop_length, axis=-1, name=None):
    """Adds overlapping frames into one signal, each ``hop_length`` after the last: the
    inverse of ``frame`` where frames do not overlap, their sum where they do.

    Args:
        x (Tensor): The frames, at least 2-D; axis -1: [..., frame_length, num_frames],
            axis 0: [num_frames, frame_length, ...]. Real (float32 or float64).
        hop_length (int): The samples between the starts of two frames, > 0.
        axis (int, optional): 0 or -1, where the frame dims are. Default -1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The signal of (num_frames - 1) * hop_length + frame_length samples along
        the axis.

    Example:
        >>> paddle.signal.overlap_add(paddle.ones([3, 2]), 2).numpy()
        array([1., 1., 2., 1., 1.], dtype=float32)
    """
    check_tensor(x, "x", "overlap_add")
    _frame_axis(axis, "overlap_add")
    hop_length = _positive_int(hop_length, "hop_length", "overlap_add")
    if x.ndim < 2:
        raise ValueError(f"[overlap_add] expected x with at least 2 dims, got {x.ndim}")
    if axis == -1:
        frame_length, frames = x.shape[-2], x.shape[-1]
        index = np.arange(frame_length)[:, None] + np.arange(frames)[None, :] * hop_length
        flat = reshape(x, list(x.shape[:-2]) + [frame_length * frames])
        seq_axis = x.ndim - 2
        base_shape = list(x.shape[:-2])
    else:
        frames, frame_length = x.shape[0], x.shape[1]
        index = np.arange(frames)[:, None] * hop_length + np.arange(frame_length)[None, :]
        flat = reshape(x, [frames * frame_length] + list(x.shape[2:]))
        seq_axis = 0
        base_shape = list(x.shape[2:])
    seq = (frames - 1) * hop_length + frame_length
    shape = base_shape[:seq_axis] + [seq] + base_shape[seq_axis:]
    zeros = _fill_constant(shape, x.dtype.code, 0.0, "")
    return index_add(zeros, to_tensor(index.reshape(-1).astype("int64")), seq_axis, flat)


def _frame_sizes(n_fft, hop_length, win_length, fn):
    """n_fft, hop_length (default n_fft // 4) and win_length (default n_fft, at most
    n_fft), checked."""
    n_fft = _positive_int(n_fft, "n_fft", fn)
    hop_length = _positive_int(n_fft // 4 if hop_length is None else hop_length, "hop_length", fn)
    win_length = n_fft if win_length is None else _positive_int(win_length, "win_length", fn)
    if win_length > n_fft:
        raise ValueError(f"win_length should be in (0, n_fft({n_fft})], but got {win_length}.")
    return n_fft, hop_length, win_length


def _padded_window(window, win_length, n_fft, dtype, fn):
    if window is None:
        w = to_tensor(np.ones(win_length), dtype=dtype)
    else:
        check_tensor(window, "window", fn)
        if window.ndim != 1 or window.shape[0] != win_length:
            raise ValueError(f"expected a 1D window tensor of size equal to win_length="
                             f"{win_length}, but got window with shape {list(window.shape)}.")
        w = window
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        w = _fft._resize(w, [0], [win_length + left])  # zeros after, then move them
        order = np.concatenate([np.arange(win_length, win_length + left), np.arange(win_length)])
        w = gather(w, to_tensor(order.astype("int64")), axis=0)
        w = _fft._resize(w, [0], [n_fft])
    return w


def _reflect_pad(x, pad, mode):
    """x [B, T] padded by `pad` samples at both ends of its last axis."""
    seq = x.shape[-1]
    if mode == "reflect":
        if pad >= seq:
            raise ValueError(f"[stft] reflect padding of {pad} needs more than {pad} samples, "
                             f"got {seq}")
        index = np.concatenate([np.arange(pad, 0, -1), np.arange(seq),
                                np.arange(seq - 2, seq - 2 - pad, -1)])
        return gather(x, to_tensor(index.astype("int64")), axis=1)
    zeros = _fill_constant([x.shape[0], pad], x.dtype.code, 0.0, "")
    return concat([zeros, x, zeros], axis=1)


def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
         pad_mode="reflect", normalized=False, onesided=None, name=None):
    """The short-time Fourier transform: the DFT of windowed frames of x.

    Args:
        x (Tensor): The signal, [seq_length] or [batch, seq_length], real or complex.
        n_fft (int): The samples per frame (the DFT length), in (0, seq_length].
        hop_length (int, optional): The samples between frames. Default None: n_fft // 4.
        win_length (int, optional): The window's length, at most n_fft; the window is
            zero-padded on both sides to n_fft. Default None: n_fft.
        window (Tensor, optional): The 1-D window of win_length samples. Default None: ones.
        center (bool, optional): Pad x by n_fft // 2 at both ends so frame t is centred at
            t * hop_length. Default True.
        pad_mode (str, optional): "reflect" or "constant" (zeros), the padding with center.
            Default "reflect".
        normalized (bool, optional): Scale by 1 / sqrt(n_fft) ("ortho"). Default False.
        onesided (bool, optional): Keep the n_fft // 2 + 1 non-negative frequencies (real x
            only). Default None: True for real x, False for complex x.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The complex transform, [freqs, num_frames] or [batch, freqs, num_frames].

    Example:
        >>> list(paddle.signal.stft(paddle.ones([8]), 4, center=False).shape)
        [3, 5]
    """
    check_tensor(x, "x", "stft")
    if x.ndim not in (1, 2):
        raise ValueError(f"x should be a 1D or 2D real tensor, but got rank of x is {x.ndim}")
    squeeze_out = x.ndim == 1
    if squeeze_out:
        x = unsqueeze(x, [0])
    n_fft, hop_length, win_length = _frame_sizes(n_fft, hop_length, win_length, "stft")
    if pad_mode not in ("reflect", "constant"):
        raise ValueError(f"pad_mode should be 'reflect' or 'constant', got {pad_mode!r}")
    is_complex = _dtype.is_complex(x.dtype)
    if onesided is None:
        onesided = not is_complex
    if onesided and is_complex:
        raise ValueError("onesided should be False when input or window is a complex Tensor.")
    real_dtype = {_dtype.complex64: _dtype.float32, _dtype.complex128: _dtype.float64}.get(
        x.dtype, x.dtype)
    if not _dtype.is_floating_point(real_dtype):
        raise TypeError(f"[stft] expected x of a float or complex dtype, got {x.dtype.name}")
    w = _padded_window(window, win_length, n_fft, real_dtype, "stft")
    if not 0 < n_fft <= x.shape[-1]:
        raise ValueError(f"n_fft should be in (0, seq_length({x.shape[-1]})], but got {n_fft}.")
    if center:
        x = _reflect_pad(x, n_fft // 2, pad_mode)
    frames = frame(x, n_fft, hop_length, axis=-1)           # [B, n_fft, T]
    frames = multiply(frames, unsqueeze(w, [1]))
    frames = transpose(frames, [0, 2, 1])                    # [B, T, n_fft]
    norm = "ortho" if normalized else "backward"
    if onesided:
        out = _fft.rfft(frames, axis=-1, norm=norm)
    else:
        out = _fft.fft(frames, axis=-1, norm=norm)
    out = transpose(out, [0, 2, 1])                          # [B, freqs, T]
    return squeeze(out, [0]) if squeeze_out else out


def istft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
          normalized=False, onesided=True, length=None, return_complex=False, name=None):
    """The inverse short-time Fourier transform: the signal whose ``stft`` is x, by
    windowed overlap-add (the window must satisfy the nonzero overlap-add condition).

    Args:
        x (Tensor): The complex transform, [freqs, num_frames] or [batch, freqs, num_frames].
        n_fft (int): The DFT length of the frames.
        hop_length (int, optional): The samples between frames. Default None: n_fft // 4.
        win_length (int, optional): The window's length, at most n_fft. Default None: n_fft.
        window (Tensor, optional): The 1-D window of win_length samples. Default None: ones.
        center (bool, optional): Whether stft padded the signal (the padding is cut off).
            Default True.
        normalized (bool, optional): Whether stft scaled by 1 / sqrt(n_fft). Default False.
        onesided (bool, optional): Whether x holds only the n_fft // 2 + 1 non-negative
            frequencies. Default True.
        length (int, optional): The output length. Default None: as many samples as the
            frames cover (less the centre padding).
        return_complex (bool, optional): Return the complex signal (needs onesided False).
            Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The signal, [seq_length] or [batch, seq_length].

    Example:
        >>> x = paddle.arange(16, dtype="float64")
        >>> spec = paddle.signal.stft(x, 8, window=paddle.hann_window(8, dtype="float64"))
        >>> y = paddle.signal.istft(spec, 8, window=paddle.hann_window(8, dtype="float64"))
        >>> bool(paddle.allclose(x, y))
        True
    """
    check_tensor(x, "x", "istft")
    if x.ndim not in (2, 3):
        raise ValueError(f"x should be a 2D or 3D complex tensor, but got rank of x is {x.ndim}")
    if not _dtype.is_complex(x.dtype):
        raise TypeError(f"[istft] expected a complex x, got {x.dtype.name}")
    squeeze_out = x.ndim == 2
    if squeeze_out:
        x = unsqueeze(x, [0])
    n_fft, hop_length, win_length = _frame_sizes(n_fft, hop_length, win_length, "istft")
    if return_complex and onesided:
        raise ValueError("onesided should be False when return_complex is True.")
    freqs = n_fft // 2 + 1 if onesided else n_fft
    if x.shape[1] != freqs:
        raise ValueError(f"[istft] expected {freqs} frequencies in x (n_fft {n_fft}, onesided "
                         f"{onesided}), got {x.shape[1]}")
    real_dtype = _dtype.float32 if x.dtype == _dtype.complex64 else _dtype.float64
    w = _padded_window(window, win_length, n_fft, real_dtype, "istft")
    frames_count = x.shape[2]
    norm = "ortho" if normalized else "backward"
    spec = transpose(x, [0, 2, 1])                           # [B, T, freqs]
    if return_complex:
        frames = _fft.ifft(spec, n=n_fft, axis=-1, norm=norm)
    elif onesided:
        frames = _fft.irfft(spec, n=n_fft, axis=-1, norm=norm)
    else:
        frames = _real(_fft.ifft(spec, n=n_fft, axis=-1, norm=norm))
    frames = transpose(multiply(frames, w), [0, 2, 1])      # [B, n_fft, T]
    if return_complex:
        signal = _make_complex(overlap_add(_real(frames), hop_length),
                               overlap_add(_imag(frames), hop_length))
    else:
        signal = overlap_add(frames, hop_length)            # [B, seq]
    w2 = np.asarray(w.numpy(), dtype=np.float64) ** 2
    envelope = overlap_add(to_tensor(np.tile(w2[:, None], (1, frames_count)), dtype=real_dtype),
                           hop_length)                      # [seq]
    start = n_fft // 2 if center else 0
    seq = signal.shape[-1]
    if length is None:
        end = seq - n_fft // 2 if center else seq
    else:
        end = start + int(length)
    if end > seq:
        pad_to = end
        signal = _fft._resize(signal, [1], [pad_to])
        envelope = _fft._resize(envelope, [0], [pad_to])
    signal = slice(signal, [1], [start], [end])
    envelope = slice(envelope, [0], [start], [end])
    if float(_min(_abs(envelope)).item()) < 1e-11:
        raise ValueError("Abort istft because Nonzero Overlap Add (NOLA) condition failed. "
                         "For more information about NOLA constraint please see "
                         "`scipy.signal.check_NOLA`.")
    out = divide(signal, envelope)
    return squeeze(out, [0]) if squeeze_out else out

