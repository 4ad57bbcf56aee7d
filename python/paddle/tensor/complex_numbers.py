"""Complex numbers: the parts of a complex tensor (``real``, ``imag``,
``angle``), ``conj``, building one (``complex``, ``polar``) and reading real
pairs as complex numbers and back (``as_complex``/``as_real`` and their
``view_as_*`` names). Each is an op with its gradient (PaddlePaddle's
conjugate convention: the gradient of a real loss L with respect to
z = a + ib is dL/da + i dL/db)."""
from ..framework import dtypes as _dtype
from ._helpers import check_tensor, op

__all__ = ["angle", "as_complex", "as_real", "complex", "conj", "imag", "polar", "real",
           "view_as_complex", "view_as_real"]

_real = op("real", ["X"])
_imag = op("imag", ["X"])
_conj = op("conj", ["X"])
_angle = op("angle", ["X"])
_complex = op("complex", ["X", "Y"])
_as_complex = op("as_complex", ["X"])
_as_real = op("as_real", ["X"])
_cos = op("cos", ["X"])
_sin = op("sin", ["X"])
_mul = op("elementwise_mul", ["X", "Y"], ["axis"])
_add = op("elementwise_add", ["X", "Y"], ["axis"])
_sub = op("elementwise_sub", ["X", "Y"], ["axis"])
_matmul = op("matmul_v2", ["X", "Y"], ["trans_x", "trans_y"])

_REALS = (_dtype.float32, _dtype.float64)


def _complex_input(x, fn):
    check_tensor(x, "x", fn)
    if not _dtype.is_complex(x.dtype):
        raise TypeError(f"[{fn}] expected x of complex64 or complex128, got {x.dtype.name}")
    return x


def _real_input(x, name, fn):
    check_tensor(x, name, fn)
    if x.dtype not in _REALS:
        raise TypeError(f"[{fn}] expected {name} of float32 or float64, got {x.dtype.name}")
    return x


def real(x, name=None):
    """The real parts of a complex tensor.

    Args:
        x (Tensor): A complex64 or complex128 tensor.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The real parts, x's shape, float32 (complex64) or float64 (complex128).

    Example:
        >>> paddle.real(paddle.to_tensor([1 + 2j, 3 - 4j])).numpy()
        array([1., 3.], dtype=float32)
    """
    return _real(_complex_input(x, "real"))


def imag(x, name=None):
    """The imaginary parts of a complex tensor.

    Args:
        x (Tensor): A complex64 or complex128 tensor.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The imaginary parts, x's shape, float32 (complex64) or float64 (complex128).

    Example:
        >>> paddle.imag(paddle.to_tensor([1 + 2j, 3 - 4j])).numpy()
        array([ 2., -4.], dtype=float32)
    """
    return _imag(_complex_input(x, "imag"))


def conj(x, name=None):
    """The complex conjugates, elementwise; a real tensor comes back unchanged.

    Args:
        x (Tensor): A tensor of float32, float64, int32, int64, complex64 or complex128.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The conjugates, x's shape and dtype.

    Example:
        >>> paddle.conj(paddle.to_tensor([1 + 2j])).numpy()
        array([1.-2.j], dtype=complex64)
    """
    check_tensor(x, "x", "conj")
    return _conj(x)


def angle(x, name=None):
    """The argument (phase angle) of each element in radians, in (-pi, pi]; for a real
    tensor pi where x < 0 and 0 elsewhere.

    Args:
        x (Tensor): A float32, float64, complex64 or complex128 tensor.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The angles, x's shape, real (float32 for complex64, float64 for complex128).

    Example:
        >>> paddle.angle(paddle.to_tensor([1j, -1 + 0j])).numpy()
        array([1.5707964, 3.1415927], dtype=float32)
    """
    check_tensor(x, "x", "angle")
    if x.dtype not in _REALS and not _dtype.is_complex(x.dtype):
        raise TypeError(f"[angle] expected x of a float or complex dtype, got {x.dtype.name}")
    return _angle(x)


def complex(real, imag, name=None, *, out=None):
    """The complex tensor real + i imag; the two broadcast together as in numpy.

    Args:
        real (Tensor): The real parts, float32 or float64.
        imag (Tensor): The imaginary parts, of real's dtype.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex tensor (complex64 for float32, complex128 for float64) of the
        broadcast shape.

    Example:
        >>> paddle.complex(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([3.0, 4.0])).numpy()
        array([1.+3.j, 2.+4.j], dtype=complex64)
    """
    _real_input(real, "real", "complex")
    _real_input(imag, "imag", "complex")
    if real.dtype != imag.dtype:
        raise TypeError(f"[complex] expected real and imag of one dtype, got {real.dtype.name} "
                        f"and {imag.dtype.name}")
    result = _complex(real, imag)
    if out is not None:
        out._assign_from(result)
        return out
    return result


def polar(abs, angle, name=None, *, out=None):
    """The complex tensor abs * (cos(angle) + i sin(angle)) from magnitudes and angles.

    Args:
        abs (Tensor): The magnitudes, float32 or float64.
        angle (Tensor): The angles in radians, of abs's dtype, broadcastable with abs.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        out (Tensor, optional): A tensor that takes the result. Default None.

    Returns:
        Tensor: The complex tensor of the broadcast shape.

    Example:
        >>> paddle.polar(paddle.to_tensor([2.0]), paddle.to_tensor([0.0])).numpy()
        array([2.+0.j], dtype=complex64)
    """
    _real_input(abs, "abs", "polar")
    _real_input(angle, "angle", "polar")
    if abs.dtype != angle.dtype:
        raise TypeError(f"[polar] expected abs and angle of one dtype, got {abs.dtype.name} "
                        f"and {angle.dtype.name}")
    result = _complex(_mul(abs, _cos(angle), -1), _mul(abs, _sin(angle), -1))
    if out is not None:
        out._assign_from(result)
        return out
    return result


def as_complex(x, name=None):
    """A real tensor [..., 2] read as complex numbers: its last dim holds (real, imag).

    Args:
        x (Tensor): A float32 or float64 tensor whose last dim has size 2.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The complex tensor of x's shape without its last dim.

    Example:
        >>> paddle.as_complex(paddle.to_tensor([[1.0, 2.0]])).numpy()
        array([1.+2.j], dtype=complex64)
    """
    _real_input(x, "x", "as_complex")
    if x.ndim == 0 or x.shape[-1] != 2:
        raise ValueError(f"[as_complex] expected x with a last dim of size 2, got shape "
                         f"{list(x.shape)}")
    return _as_complex(x)


def as_real(x, name=None):
    """A complex tensor read as real pairs: a new last dim of size 2 holds (real, imag).

    Args:
        x (Tensor): A complex64 or complex128 tensor.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The real tensor of x's shape plus a last dim of 2.

    Example:
        >>> paddle.as_real(paddle.to_tensor([1 + 2j])).numpy()
        array([[1., 2.]], dtype=float32)
    """
    return _as_real(_complex_input(x, "as_real"))


def view_as_complex(input):
    """The same as ``as_complex``: a real tensor [..., 2] read as complex numbers.

    Args:
        input (Tensor): A float32 or float64 tensor whose last dim has size 2.

    Returns:
        Tensor: The complex tensor of input's shape without its last dim.

    Example:
        >>> paddle.view_as_complex(paddle.to_tensor([[0.0, 1.0]])).numpy()
        array([0.+1.j], dtype=complex64)
    """
    return as_complex(input)


def view_as_real(input):
    """The same as ``as_real``: a complex tensor read as real (real, imag) pairs.

    Args:
        input (Tensor): A complex64 or complex128 tensor.

    Returns:
        Tensor: The real tensor of input's shape plus a last dim of 2.

    Example:
        >>> paddle.view_as_real(paddle.to_tensor([3 - 1j])).numpy()
        array([[ 3., -1.]], dtype=float32)
    """
    return as_real(input)


def complex_matmul(x, y, transpose_x, transpose_y):
    """x @ y of two complex tensors of one dtype, as four real products:
    (a + ib)(c + id) = (ac - bd) + i(ad + bc); gradients flow through them."""
    a, b, c, d = _real(x), _imag(x), _real(y), _imag(y)

    def mm(p, q):
        return _matmul(p, q, transpose_x, transpose_y)
    return _complex(_sub(mm(a, c), mm(b, d), -1), _add(mm(a, d), mm(b, c), -1))
