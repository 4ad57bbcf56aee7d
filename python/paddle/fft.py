"""paddle.fft: discrete Fourier transforms over one, two or n axes (complex,
real-input and Hermitian forms), the sample frequencies and the shifts that
centre them, as in PaddlePaddle 3.3.1 (and numpy.fft). The transforms are the
ops fft_c2c, fft_r2c and fft_c2r (core/ops/fft_ops.cc), so gradients flow;
``n`` and ``s`` crop or zero-pad the input first."""
import numbers

import numpy as np

from .framework import dtypes as _dtype
from .tensor._helpers import check_tensor, op
from .tensor.creation import to_tensor
from .tensor.manipulation import cast, concat, slice
from .tensor.layout import roll
from .tensor.complex_numbers import complex as _make_complex

__all__ = [
    "fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2",
    "hfft2", "ihfft2", "fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fftfreq",
    "rfftfreq", "fftshift", "ifftshift",
]

_c2c = op("fft_c2c", ["X"], ["axes", "normalization", "forward"])
_r2c = op("fft_r2c", ["X"], ["axes", "normalization", "forward", "onesided"])
_c2r = op("fft_c2r", ["X"], ["axes", "normalization", "forward", "last_dim_size"])
_fill_constant = op("fill_constant", [], ["shape", "dtype", "value", "str_value"])


def _check_norm(norm):
    if norm not in ("forward", "backward", "ortho"):
        raise ValueError(f"Unexpected norm: {norm}. Norm should be forward, backward or ortho")
    return norm


def _check_n(n):
    if isinstance(n, bool) or not isinstance(n, (numbers.Integral, np.integer)) or n < 1:
        raise ValueError(f"Invalid FFT argument n({n}), it should be positive.")
    return int(n)


def _check_axis(axis, x):
    if isinstance(axis, bool) or not isinstance(axis, (numbers.Integral, np.integer)):
        raise ValueError(f"Invalid FFT axis ({axis}), it should be an integer.")
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"Invalid FFT axis ({axis}), it should be in range "
                         f"[-{x.ndim}, {x.ndim})")
    return int(axis) % x.ndim


def _real_input(x, fn):
    """x as float: integers in the default float dtype; complex is refused."""
    check_tensor(x, "x", fn)
    if _dtype.is_complex(x.dtype):
        raise TypeError(f"[{fn}] expected a real tensor x, got {x.dtype.name}")
    if not _dtype.is_floating_point(x.dtype):
        return cast(x, _dtype.default_float_dtype())
    return x


def _complex_input(x, fn):
    """x as complex: a real x gets a zero imaginary part."""
    check_tensor(x, "x", fn)
    if _dtype.is_complex(x.dtype):
        return x
    x = _real_input(x, fn)
    return _make_complex(x, _zeros(list(x.shape), x.dtype))


def _zeros(shape, dtype):
    return _fill_constant(list(shape), _dtype.convert_dtype(dtype).code, 0.0, "")


def _resize(x, axes, sizes):
    """x cropped or zero-padded at the end of each axis to sizes."""
    for axis, size in zip(axes, sizes):
        have = x.shape[axis]
        if size < have:
            x = slice(x, [axis], [0], [size])
        elif size > have:
            shape = list(x.shape)
            shape[axis] = size - have
            x = concat([x, _zeros(shape, x.dtype)], axis=axis)
    return x


def _axes_and_sizes(x, s, axes, fn, count=None):
    """The normalized axes and the sizes s gives them (None where s is None)."""
    if s is not None:
        if not isinstance(s, (list, tuple)):
            raise ValueError(f"Invalid FFT argument s ({s}), it should be a sequence of integers.")
        for n in s:
            _check_n(n)
    if axes is None:
        if s is None:
            axes = list(range(x.ndim)) if count is None else list(range(-count, 0))
        else:
            axes = list(range(-len(s), 0))
    elif isinstance(axes, (numbers.Integral, np.integer)):
        axes = [axes]
    axes = list(axes)
    if count is not None and len(axes) != count:
        raise ValueError(f"Invalid FFT argument axes ({axes}), it should be a sequence of "
                         f"{count} integers.")
    if s is not None and len(s) != len(axes):
        raise ValueError(f"Length of s ({len(s)}) and length of axes ({len(axes)}) does not "
                         "match.")
    if not axes:
        raise ValueError(f"[{fn}] expected at least one axis")
    axes = [_check_axis(a, x) for a in axes]
    if len(set(axes)) != len(axes):
        raise ValueError(f"[{fn}] axes {axes} name an axis twice")
    return axes, (list(s) if s is not None else None)


def _finish(result, out):
    if out is not None:
        out._assign_from(result)
        return out
    return result


# ---- n-dimensional transforms: the others are these on one or two axes ----

def _c2c_nd(x, s, axes, norm, forward, fn, count=None):
    _check_norm(norm)
    x = _complex_input(x, fn)
    axes, sizes = _axes_and_sizes(x, s, axes, fn, count)
    if sizes is not None:
        x = _resize(x, axes, sizes)
    return _c2c(x, axes, norm, forward)


def _r2c_nd(x, s, axes, norm, forward, fn, count=None):
    _check_norm(norm)
    x = _real_input(x, fn)
    axes, sizes = _axes_and_sizes(x, s, axes, fn, count)
    if sizes is not None:
        x = _resize(x, axes, sizes)
    return _r2c(x, axes, norm, forward, True)


def _c2r_nd(x, s, axes, norm, forward, fn, count=None):
    _check_norm(norm)
    x = _complex_input(x, fn)
    axes, sizes = _axes_and_sizes(x, s, axes, fn, count)
    if sizes is not None:
        last = sizes[-1]
        x = _resize(x, axes, sizes[:-1] + [last // 2 + 1])
    else:
        last = 2 * (x.shape[axes[-1]] - 1)
        if last < 1:
            raise ValueError(f"Invalid FFT argument n({last}), it should be positive.")
    return _c2r(x, axes, norm, forward, last)


def _one_axis(n, axis):
    """s and axes of a one-axis transform; n (when given) checked."""
    return ([_check_n(n)] if n is not None else None), [axis]


def fft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The one-dimensional discrete Fourier transform along ``axis``.

    Args:
        x (Tensor): The input tensor, real or complex (a real one is taken with zero
            imaginary parts).
        n (int, optional): The signal length; x is cropped or zero-padded to it. Default
            None: x's size along axis.
        axis (int, optional): The axis to transform. Default -1.
        norm (str, optional): "backward" (no scaling; the inverse scales by 1/n), "forward"
            (scale by 1/n) or "ortho" (scale by 1/sqrt(n)). Default "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex transform (complex64 for float32 input).

    Example:
        >>> paddle.fft.fft(paddle.to_tensor([1.0, 0.0, 0.0, 0.0])).numpy()
        array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex64)
    """
    s, axes = _one_axis(n, axis)
    return _finish(_c2c_nd(x, s, axes, norm, True, "fft"), out)


def ifft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The one-dimensional inverse discrete Fourier transform along ``axis``.

    Args:
        x (Tensor): The input tensor, real or complex.
        n (int, optional): The signal length; x is cropped or zero-padded to it. Default
            None: x's size along axis.
        axis (int, optional): The axis to transform. Default -1.
        norm (str, optional): "backward" (scale by 1/n), "forward" (no scaling) or "ortho"
            (scale by 1/sqrt(n)). Default "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex inverse transform.

    Example:
        >>> paddle.fft.ifft(paddle.to_tensor([4.0, 0.0, 0.0, 0.0])).numpy()
        array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex64)
    """
    s, axes = _one_axis(n, axis)
    return _finish(_c2c_nd(x, s, axes, norm, False, "ifft"), out)


def rfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The discrete Fourier transform of a real signal: the n // 2 + 1 non-negative
    frequency terms along ``axis``.

    Args:
        x (Tensor): The real input (integers are taken in the default float dtype).
        n (int, optional): The signal length; x is cropped or zero-padded to it. Default
            None: x's size along axis.
        axis (int, optional): The axis to transform. Default -1.
        norm (str, optional): "backward", "forward" or "ortho", as in ``fft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex transform, n // 2 + 1 entries along axis.

    Example:
        >>> paddle.fft.rfft(paddle.to_tensor([1.0, 2.0, 3.0, 4.0])).numpy()
        array([10.+0.j, -2.+2.j, -2.+0.j], dtype=complex64)
    """
    s, axes = _one_axis(n, axis)
    return _finish(_r2c_nd(x, s, axes, norm, True, "rfft"), out)


def irfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The inverse of ``rfft``: a real signal of length n from its non-negative
    frequency terms along ``axis``.

    Args:
        x (Tensor): The input, complex (a real one is taken with zero imaginary parts).
        n (int, optional): The output length; x is cropped or zero-padded to n // 2 + 1
            entries. Default None: 2 * (m - 1) for m entries along axis.
        axis (int, optional): The axis to transform. Default -1.
        norm (str, optional): "backward", "forward" or "ortho", as in ``ifft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The real signal (float32 for complex64 input).

    Example:
        >>> paddle.fft.irfft(paddle.to_tensor([10 + 0j, -2 + 2j, -2 + 0j])).numpy()
        array([1., 2., 3., 4.], dtype=float32)
    """
    s, axes = _one_axis(n, axis)
    return _finish(_c2r_nd(x, s, axes, norm, False, "irfft"), out)


def hfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The discrete Fourier transform of a Hermitian-symmetric signal given by its first
    half: a real spectrum of length n along ``axis``.

    Args:
        x (Tensor): The input, complex (a real one is taken with zero imaginary parts).
        n (int, optional): The output length; x is cropped or zero-padded to n // 2 + 1
            entries. Default None: 2 * (m - 1) for m entries along axis.
        axis (int, optional): The axis to transform. Default -1.
        norm (str, optional): "backward", "forward" or "ortho", as in ``fft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The real transform.

    Example:
        >>> paddle.fft.hfft(paddle.to_tensor([1 + 0j, 0j, 0j])).numpy()
        array([1., 1., 1., 1.], dtype=float32)
    """
    s, axes = _one_axis(n, axis)
    return _finish(_c2r_nd(x, s, axes, norm, True, "hfft"), out)


def ihfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The inverse of ``hfft``: the first n // 2 + 1 terms of the inverse transform of a
    real signal along ``axis``.

    Args:
        x (Tensor): The real input.
        n (int, optional): The signal length; x is cropped or zero-padded to it. Default
            None: x's size along axis.
        axis (int, optional): The axis to transform. Default -1.
        norm (str, optional): "backward", "forward" or "ortho", as in ``ifft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex result, n // 2 + 1 entries along axis.

    Example:
        >>> paddle.fft.ihfft(paddle.to_tensor([1.0, 1.0, 1.0, 1.0])).numpy()
        array([1.+0.j, 0.+0.j, 0.+0.j], dtype=complex64)
    """
    s, axes = _one_axis(n, axis)
    return _finish(_r2c_nd(x, s, axes, norm, False, "ihfft"), out)


def fftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The n-dimensional discrete Fourier transform over ``axes``.

    Args:
        x (Tensor): The input tensor, real or complex.
        s (list|tuple, optional): The signal sizes along the axes; x is cropped or
            zero-padded to them. Default None: x's sizes.
        axes (list|tuple, optional): The axes to transform. Default None: the last len(s)
            axes, or all axes when s is None too.
        norm (str, optional): "backward", "forward" or "ortho", as in ``fft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex transform.

    Example:
        >>> paddle.fft.fftn(paddle.ones([2, 2])).numpy()
        array([[4.+0.j, 0.+0.j],
               [0.+0.j, 0.+0.j]], dtype=complex64)
    """
    return _finish(_c2c_nd(x, s, axes, norm, True, "fftn"), out)


def ifftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The n-dimensional inverse discrete Fourier transform over ``axes``.

    Args:
        x (Tensor): The input tensor, real or complex.
        s (list|tuple, optional): The signal sizes along the axes; x is cropped or
            zero-padded to them. Default None: x's sizes.
        axes (list|tuple, optional): The axes to transform. Default None: the last len(s)
            axes, or all axes when s is None too.
        norm (str, optional): "backward", "forward" or "ortho", as in ``ifft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex inverse transform.

    Example:
        >>> paddle.fft.ifftn(paddle.to_tensor([[4.0, 0.0], [0.0, 0.0]])).numpy()
        array([[1.+0.j, 1.+0.j],
               [1.+0.j, 1.+0.j]], dtype=complex64)
    """
    return _finish(_c2c_nd(x, s, axes, norm, False, "ifftn"), out)


def rfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The n-dimensional transform of a real signal: the last axis keeps its
    n // 2 + 1 non-negative frequency terms.

    Args:
        x (Tensor): The real input.
        s (list|tuple, optional): The signal sizes along the axes; x is cropped or
            zero-padded to them. Default None: x's sizes.
        axes (list|tuple, optional): The axes to transform. Default None: the last len(s)
            axes, or all axes when s is None too.
        norm (str, optional): "backward", "forward" or "ortho", as in ``fft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex transform.

    Example:
        >>> paddle.fft.rfftn(paddle.ones([2, 2])).numpy()
        array([[4.+0.j, 0.+0.j],
               [0.+0.j, 0.+0.j]], dtype=complex64)
    """
    return _finish(_r2c_nd(x, s, axes, norm, True, "rfftn"), out)


def irfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The inverse of ``rfftn``: a real signal from the non-negative frequency terms
    of its last axis.

    Args:
        x (Tensor): The input, complex (a real one is taken with zero imaginary parts).
        s (list|tuple, optional): The output sizes along the axes. Default None: x's sizes,
            and 2 * (m - 1) along the last axis.
        axes (list|tuple, optional): The axes to transform. Default None: the last len(s)
            axes, or all axes when s is None too.
        norm (str, optional): "backward", "forward" or "ortho", as in ``ifft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The real signal.

    Example:
        >>> paddle.fft.irfftn(paddle.to_tensor([[4 + 0j, 0j], [0j, 0j]])).numpy()
        array([[1., 1.],
               [1., 1.]], dtype=float32)
    """
    return _finish(_c2r_nd(x, s, axes, norm, False, "irfftn"), out)


def hfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The n-dimensional transform of a Hermitian-symmetric signal given by the first
    half of its last axis: a real result.

    Args:
        x (Tensor): The input, complex (a real one is taken with zero imaginary parts).
        s (list|tuple, optional): The output sizes along the axes. Default None: x's sizes,
            and 2 * (m - 1) along the last axis.
        axes (list|tuple, optional): The axes to transform. Default None: the last len(s)
            axes, or all axes when s is None too.
        norm (str, optional): "backward", "forward" or "ortho", as in ``fft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The real transform.

    Example:
        >>> paddle.fft.hfftn(paddle.to_tensor([[1 + 0j, 0j], [0j, 0j]])).numpy()
        array([[1., 1.],
               [1., 1.]], dtype=float32)
    """
    return _finish(_c2r_nd(x, s, axes, norm, True, "hfftn"), out)


def ihfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The inverse of ``hfftn``: the inverse transform of a real signal, the last axis
    keeping its first n // 2 + 1 terms.

    Args:
        x (Tensor): The real input.
        s (list|tuple, optional): The signal sizes along the axes; x is cropped or
            zero-padded to them. Default None: x's sizes.
        axes (list|tuple, optional): The axes to transform. Default None: the last len(s)
            axes, or all axes when s is None too.
        norm (str, optional): "backward", "forward" or "ortho", as in ``ifft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex result.

    Example:
        >>> paddle.fft.ihfftn(paddle.ones([2, 2])).numpy()
        array([[1.+0.j, 0.+0.j],
               [0.+0.j, 0.+0.j]], dtype=complex64)
    """
    return _finish(_r2c_nd(x, s, axes, norm, False, "ihfftn"), out)


def _two(fn, x, s, axes, norm, forward, name):
    check_tensor(x, "x", name)
    if s is not None and (not isinstance(s, (list, tuple)) or len(s) != 2):
        raise ValueError(f"Invalid FFT argument s ({s}), it should be a sequence of 2 "
                         "integers.")
    if axes is None or not isinstance(axes, (list, tuple)) or len(axes) != 2:
        raise ValueError(f"Invalid FFT argument axes ({axes}), it should be a sequence of 2 "
                         "integers.")
    return fn(x, s, axes, norm, forward, name, count=2)


def fft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The two-dimensional discrete Fourier transform over ``axes``.

    Args:
        x (Tensor): The input tensor (at least 2-D), real or complex.
        s (list|tuple, optional): The two signal sizes; x is cropped or zero-padded to
            them. Default None: x's sizes.
        axes (list|tuple, optional): The two axes to transform. Default (-2, -1).
        norm (str, optional): "backward", "forward" or "ortho", as in ``fft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex transform.

    Example:
        >>> paddle.fft.fft2(paddle.ones([2, 2])).numpy()
        array([[4.+0.j, 0.+0.j],
               [0.+0.j, 0.+0.j]], dtype=complex64)
    """
    return _finish(_two(_c2c_nd, x, s, axes, norm, True, "fft2"), out)


def ifft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The two-dimensional inverse discrete Fourier transform over ``axes``.

    Args:
        x (Tensor): The input tensor (at least 2-D), real or complex.
        s (list|tuple, optional): The two signal sizes; x is cropped or zero-padded to
            them. Default None: x's sizes.
        axes (list|tuple, optional): The two axes to transform. Default (-2, -1).
        norm (str, optional): "backward", "forward" or "ortho", as in ``ifft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex inverse transform.

    Example:
        >>> paddle.fft.ifft2(paddle.to_tensor([[4.0, 0.0], [0.0, 0.0]])).numpy()
        array([[1.+0.j, 1.+0.j],
               [1.+0.j, 1.+0.j]], dtype=complex64)
    """
    return _finish(_two(_c2c_nd, x, s, axes, norm, False, "ifft2"), out)


def rfft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The two-dimensional transform of a real signal; the last axis keeps its
    n // 2 + 1 non-negative frequency terms.

    Args:
        x (Tensor): The real input (at least 2-D).
        s (list|tuple, optional): The two signal sizes; x is cropped or zero-padded to
            them. Default None: x's sizes.
        axes (list|tuple, optional): The two axes to transform. Default (-2, -1).
        norm (str, optional): "backward", "forward" or "ortho", as in ``fft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex transform.

    Example:
        >>> paddle.fft.rfft2(paddle.ones([2, 2])).numpy()
        array([[4.+0.j, 0.+0.j],
               [0.+0.j, 0.+0.j]], dtype=complex64)
    """
    return _finish(_two(_r2c_nd, x, s, axes, norm, True, "rfft2"), out)


def irfft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The inverse of ``rfft2``: a real 2-D signal.

    Args:
        x (Tensor): The input (at least 2-D), complex or real.
        s (list|tuple, optional): The two output sizes. Default None: x's sizes, and
            2 * (m - 1) along the last axis.
        axes (list|tuple, optional): The two axes to transform. Default (-2, -1).
        norm (str, optional): "backward", "forward" or "ortho", as in ``ifft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The real signal.

    Example:
        >>> paddle.fft.irfft2(paddle.to_tensor([[4 + 0j, 0j], [0j, 0j]])).numpy()
        array([[1., 1.],
               [1., 1.]], dtype=float32)
    """
    return _finish(_two(_c2r_nd, x, s, axes, norm, False, "irfft2"), out)


def hfft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The two-dimensional transform of a Hermitian-symmetric signal given by the first
    half of its last axis: a real result.

    Args:
        x (Tensor): The input (at least 2-D), complex or real.
        s (list|tuple, optional): The two output sizes. Default None: x's sizes, and
            2 * (m - 1) along the last axis.
        axes (list|tuple, optional): The two axes to transform. Default (-2, -1).
        norm (str, optional): "backward", "forward" or "ortho", as in ``fft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The real transform.

    Example:
        >>> paddle.fft.hfft2(paddle.to_tensor([[1 + 0j, 0j], [0j, 0j]])).numpy()
        array([[1., 1.],
               [1., 1.]], dtype=float32)
    """
    return _finish(_two(_c2r_nd, x, s, axes, norm, True, "hfft2"), out)


def ihfft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The inverse of ``hfft2``: the inverse transform of a real 2-D signal, the last axis
    keeping its first n // 2 + 1 terms.

    Args:
        x (Tensor): The real input (at least 2-D).
        s (list|tuple, optional): The two signal sizes; x is cropped or zero-padded to
            them. Default None: x's sizes.
        axes (list|tuple, optional): The two axes to transform. Default (-2, -1).
        norm (str, optional): "backward", "forward" or "ortho", as in ``ifft``. Default
            "backward".
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex result.

    Example:
        >>> paddle.fft.ihfft2(paddle.ones([2, 2])).numpy()
        array([[1.+0.j, 0.+0.j],
               [0.+0.j, 0.+0.j]], dtype=complex64)
    """
    return _finish(_two(_r2c_nd, x, s, axes, norm, False, "ihfft2"), out)


def _freq_args(n, d, fn):
    if isinstance(n, bool) or not isinstance(n, (numbers.Integral, np.integer)):
        raise TypeError(f"[{fn}] n must be an int, got {type(n).__name__}")
    if n == 0 or d == 0:
        raise ValueError("d or n should not be 0.")
    if n < 0:
        raise ValueError(f"[{fn}] n must be positive, got {n}")


def fftfreq(n, d=1.0, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """The sample frequencies of an n-point transform with sample spacing d:
    [0, 1, ..., (n - 1) // 2, -(n // 2), ..., -1] / (n d).

    Args:
        n (int): The transform length, >= 1.
        d (float, optional): The sample spacing. Default 1.0.
        dtype (str|paddle.dtype, optional): The result's dtype. Default None: the default
            float dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.
        device (str, optional): For PaddlePaddle compatibility; tensors live on the CPU.
            Default None.
        requires_grad (bool, optional): Whether the result records gradients. Default False.

    Returns:
        Tensor: The n frequencies, 1-D.

    Example:
        >>> paddle.fft.fftfreq(4).numpy()
        array([ 0.  ,  0.25, -0.5 , -0.25], dtype=float32)
    """
    _freq_args(n, d, "fftfreq")
    dtype = dtype or _dtype.default_float_dtype()
    values = np.fft.fftfreq(int(n), d)
    result = to_tensor(values, dtype=dtype, stop_gradient=not requires_grad)
    return _finish(result, out)


def rfftfreq(n, d=1.0, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """The non-negative sample frequencies of an n-point real transform with sample
    spacing d: [0, 1, ..., n // 2] / (n d).

    Args:
        n (int): The transform length, >= 1.
        d (float, optional): The sample spacing. Default 1.0.
        dtype (str|paddle.dtype, optional): The result's dtype. Default None: the default
            float dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.
        device (str, optional): For PaddlePaddle compatibility; tensors live on the CPU.
            Default None.
        requires_grad (bool, optional): Whether the result records gradients. Default False.

    Returns:
        Tensor: The n // 2 + 1 frequencies, 1-D.

    Example:
        >>> paddle.fft.rfftfreq(4).numpy()
        array([0.  , 0.25, 0.5 ], dtype=float32)
    """
    _freq_args(n, d, "rfftfreq")
    dtype = dtype or _dtype.default_float_dtype()
    values = np.fft.rfftfreq(int(n), d)
    result = to_tensor(values, dtype=dtype, stop_gradient=not requires_grad)
    return _finish(result, out)


def _shift(x, axes, sign, fn):
    check_tensor(x, "x", fn)
    if axes is None:
        axes = list(range(x.ndim))
    elif isinstance(axes, (numbers.Integral, np.integer)):
        axes = [axes]
    axes = [_check_axis(a, x) for a in axes]
    shifts = [sign * (x.shape[a] // 2) for a in axes]
    return roll(x, shifts, axes)


def fftshift(x, axes=None, name=None):
    """x with the zero-frequency term moved to the centre: each axis rolled by n // 2.

    Args:
        x (Tensor): The input tensor, e.g. a spectrum.
        axes (int|list|tuple, optional): The axes to shift. Default None: all axes.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The shifted tensor, x's shape and dtype.

    Example:
        >>> paddle.fft.fftshift(paddle.to_tensor([0.0, 1.0, 2.0, -2.0, -1.0])).numpy()
        array([-2., -1.,  0.,  1.,  2.], dtype=float32)
    """
    return _shift(x, axes, 1, "fftshift")


def ifftshift(x, axes=None, name=None):
    """The inverse of ``fftshift``: each axis rolled back by n // 2.

    Args:
        x (Tensor): The input tensor.
        axes (int|list|tuple, optional): The axes to shift. Default None: all axes.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The shifted tensor, x's shape and dtype.

    Example:
        >>> paddle.fft.ifftshift(paddle.to_tensor([-2.0, -1.0, 0.0, 1.0, 2.0])).numpy()
        array([ 0.,  1.,  2., -2., -1.], dtype=float32)
    """
    return _shift(x, axes, -1, "ifftshift")
