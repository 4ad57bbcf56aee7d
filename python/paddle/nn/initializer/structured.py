"""Orthogonal, Dirac and Bilinear: initializers whose values have a structure
(an orthogonal matrix, an identity convolution, a bilinear upsampling
filter). Orthogonal draws its Gaussian matrix with the seeded random op, as
PaddlePaddle does, so paddle.seed gives its numbers."""
import math

import numpy as np

from ... import _core
from ...framework.dtypes import to_numpy_dtype
from .initializer import Initializer, _float_dtype, _number
from .normal import _gaussian

__all__ = []  # the public names live in paddle.nn.initializer, as in PaddlePaddle

Tensor = _core.Tensor


def _from_numpy(values, dtype):
    return Tensor._from_numpy(np.ascontiguousarray(values).astype(to_numpy_dtype(dtype)))


class Orthogonal(Initializer):
    """An orthogonal matrix (the parameter flattened to [shape[0], prod(shape[1:])]): rows or
    columns orthonormal, times ``gain``; from the QR decomposition of a Gaussian matrix with the
    signs of R's diagonal moved into Q.

    Args:
        gain (float, optional): The factor applied to the matrix. Default 1.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Orthogonal: The initializer (floating-point parameters of 2 or more dimensions).

    Example:
        >>> w = paddle.create_parameter([3, 3], "float32",
        ...                             default_initializer=paddle.nn.initializer.Orthogonal())
        >>> bool(paddle.allclose(w @ w.T, paddle.eye(3), atol=1e-5))
        True
    """

    def __init__(self, gain=1.0, name=None):
        self._gain = _number(gain, "gain", "Orthogonal")

    def _values(self, shape, dtype):
        if len(shape) < 2:
            raise ValueError(f"[Orthogonal] only tensors of 2 or more dimensions can be "
                             f"initialized, got shape {shape}")
        rows, cols = shape[0], math.prod(shape[1:])
        draws = _gaussian([max(rows, cols), min(rows, cols)], 0.0, 1.0, 0,
                          _float_dtype(dtype, "Orthogonal").code).numpy()
        q, r = np.linalg.qr(draws.astype("float64"), mode="reduced")
        q = q * np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        return _from_numpy(q.reshape(shape) * self._gain, dtype)


class Dirac(Initializer):
    """The identity convolution: a filter [out, in, k...] of zeros with a 1 at the center of
    channel ``i`` of filter ``i`` (per group), so the convolution passes its input through.

    Args:
        groups (int, optional): The convolution's groups, a positive int dividing shape[0].
            Default 1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Dirac: The initializer (parameters of 3 to 5 dimensions).

    Example:
        >>> conv = paddle.nn.Conv1D(2, 2, 3, padding=1, bias_attr=False,
        ...                         weight_attr=paddle.nn.initializer.Dirac())
        >>> x = paddle.to_tensor([[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]])
        >>> bool((conv(x) == x).all())
        True
    """

    def __init__(self, groups=1, name=None):
        if isinstance(groups, bool) or not isinstance(groups, int) or groups < 1:
            raise ValueError(f"[Dirac] groups must be a positive int, got {groups!r}")
        self._groups = groups

    def _values(self, shape, dtype):
        if not 3 <= len(shape) <= 5:
            raise ValueError(f"[Dirac] only tensors of 3, 4 or 5 dimensions can be initialized, "
                             f"got shape {shape}")
        if shape[0] % self._groups:
            raise ValueError(f"[Dirac] shape[0] ({shape[0]}) must be divisible by groups "
                             f"({self._groups})")
        _float_dtype(dtype, "Dirac")
        values = np.zeros(shape)
        per_group = shape[0] // self._groups
        center = tuple(k // 2 for k in shape[2:])
        for g in range(self._groups):
            for i in range(min(per_group, shape[1])):
                values[(g * per_group + i, i) + center] = 1.0
        return _from_numpy(values, dtype)


class Bilinear(Initializer):
    """The bilinear interpolation filter of a transposed convolution that upsamples by
    ``ceil(k / 2)``, for a filter [out, in, k, k] (every channel pair gets the same kernel).

    Returns:
        Bilinear: The initializer (4-D parameters with square kernels).

    Example:
        >>> w = paddle.create_parameter([1, 1, 4, 4], "float32",
        ...                             default_initializer=paddle.nn.initializer.Bilinear())
        >>> w.numpy()[0, 0, 0].tolist()
        [0.0625, 0.28125, 0.375, 0.15625]
    """

    def __init__(self):
        pass

    def _values(self, shape, dtype):
        if len(shape) != 4:
            raise ValueError(f"[Bilinear] the parameter must be 4-D, got shape {shape}")
        if shape[2] != shape[3]:
            raise ValueError(f"[Bilinear] shape[2] must be equal to shape[3], got shape {shape}")
        size = shape[3]
        f = math.ceil(size / 2.0)
        c = (2 * f - 1 - f % 2) / (2.0 * f)
        i = np.arange(math.prod(shape))
        x, y = i % size, (i / size) % size
        values = (1 - np.abs(x / f - c)) * (1 - np.abs(y / f - c))
        return _from_numpy(values.reshape(shape).astype("float32"), _float_dtype(dtype, "Bilinear"))
