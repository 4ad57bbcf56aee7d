"""SpectralNorm: a weight divided by its largest singular value, estimated
by power iteration from the stored vectors weight_u and weight_v."""
from ...framework import dtypes as _dtype
from ...tensor.manipulation import reshape, transpose
from ...tensor.math import matmul, sqrt, sum as _sum
from ..initializer import Normal
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


def _normalized(v, eps):
    return v / (sqrt(_sum(v * v)) + eps)


class SpectralNorm(Layer):
    """forward(weight) = weight / sigma, sigma the largest singular value of
    weight seen as a matrix [weight_shape[dim], the rest], estimated by
    power_iters steps of power iteration from weight_u and weight_v (which
    stay as they are). The gradient treats the iteration's vectors as
    constants, the usual spectral normalization gradient (PaddlePaddle
    3.3.1's CPU kernel gives other values: its gradients are not matched).

    Args:
        weight_shape (list|tuple): the shape of the weights to normalize.
        dim (int): the dim that becomes the matrix's rows. Default 0.
        power_iters (int): the number of power iteration steps. Default 1.
        eps (float): added to the vectors' norms. Default 1e-12.
        dtype (str): the dtype of weight_u and weight_v. Default "float32".

    Returns:
        A Layer whose forward(weight) returns the normalized weight.

    Example:
        >>> layer = paddle.nn.SpectralNorm([2, 3], power_iters=20)
        >>> w = paddle.to_tensor([[2.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
        >>> layer(w).numpy().round(4)
        array([[1. , 0. , 0. ],
               [0. , 0.5, 0. ]], dtype=float32)
    """

    def __init__(self, weight_shape, dim=0, power_iters=1, eps=1e-12, dtype="float32"):
        super().__init__()
        shape = [int(s) for s in weight_shape]
        if not -len(shape) <= dim < len(shape):
            raise ValueError(f"[SpectralNorm] dim {dim} is out of range for weight_shape {shape}")
        if not isinstance(power_iters, int) or power_iters < 0:
            raise ValueError(f"[SpectralNorm] power_iters must be a non-negative int, got "
                             f"{power_iters!r}")
        self._weight_shape = shape
        self._dim = dim % len(shape)
        self._power_iters = power_iters
        self._eps = eps
        self._dtype = _dtype.convert_dtype(dtype).name
        rows = shape[self._dim]
        cols = 1
        for i, s in enumerate(shape):
            cols *= s if i != self._dim else 1
        self.weight_u = self.create_parameter([rows], dtype=self._dtype,
                                              default_initializer=Normal(0.0, 1.0))
        self.weight_v = self.create_parameter([cols], dtype=self._dtype,
                                              default_initializer=Normal(0.0, 1.0))
        self.weight_u.stop_gradient = True
        self.weight_v.stop_gradient = True

    def forward(self, weight):
        if list(weight.shape) != self._weight_shape:
            raise ValueError(f"[SpectralNorm] weight must have shape {self._weight_shape}, got "
                             f"{weight.shape}")
        return spectral_normalize(weight, self.weight_u, self.weight_v, self._dim,
                                  self._power_iters, self._eps)


def spectral_normalize(weight, u, v, dim, power_iters, eps):
    """weight / sigma, sigma estimated from u and v by power_iters steps
    (also paddle.static.nn.spectral_norm's math)."""
    order = [dim] + [i for i in range(weight.ndim) if i != dim]
    matrix = reshape(transpose(weight, order), [weight.shape[dim], -1])
    constant = matrix * 1.0
    constant.stop_gradient = True  # the iteration's vectors are constants
    for _ in range(power_iters):
        v = _normalized(matmul(constant, u, transpose_x=True), eps)
        u = _normalized(matmul(constant, v), eps)
    sigma = _sum(u * matmul(matrix, v))
    return weight / sigma
