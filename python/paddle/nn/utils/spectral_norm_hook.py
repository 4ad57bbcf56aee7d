"""spectral_norm: a weight divided by its largest singular value, estimated
by power iteration from the buffers ``<name>_u`` and ``<name>_v`` (advanced one
step set per call in training mode) by a forward pre-hook."""
from ...tensor.creation import assign, normal
from ...tensor.manipulation import reshape, transpose
from ...tensor.math import matmul, sum as _sum
from ..functional.norm import normalize
from ._checks import check_parameter

__all__ = []  # the public names live in paddle.nn.utils, as in PaddlePaddle


class SpectralNorm:
    """The forward pre-hook: sets ``layer.<name>`` to ``<name>_orig`` / sigma."""

    def __init__(self, name, n_power_iterations, dim, eps):
        self.name = name
        self.n_power_iterations = n_power_iterations
        self.dim = dim
        self.eps = eps

    def matrix(self, weight):
        """weight as [weight.shape[dim], the rest]."""
        if self.dim != 0:
            weight = transpose(weight, [self.dim] + [d for d in range(weight.ndim)
                                                     if d != self.dim])
        return reshape(weight, [weight.shape[0], -1])

    def compute_weight(self, layer, do_power_iteration):
        weight = getattr(layer, self.name + "_orig")
        u = getattr(layer, self.name + "_u")
        v = getattr(layer, self.name + "_v")
        mat = self.matrix(weight)
        if do_power_iteration:
            from ...autograd import no_grad  # here: paddle.autograd imports paddle.nn
            with no_grad():
                for _ in range(self.n_power_iterations):
                    assign(normalize(matmul(mat, u, transpose_x=True), axis=0, epsilon=self.eps), v)
                    assign(normalize(matmul(mat, v), axis=0, epsilon=self.eps), u)
            u, v = u.clone(), v.clone()  # the buffers change next call; the graph keeps these
        sigma = _sum(u * matmul(mat, v))
        return weight / sigma

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer, layer.training))


def spectral_norm(layer, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    """Divides the parameter ``name`` of ``layer`` by its spectral norm sigma
    (its largest singular value as a matrix [shape[dim], the rest]) before
    each call. sigma = u . (W v), where the buffers u and v take
    n_power_iterations steps of power iteration per call in training mode
    (v = normalize(W^T u), u = normalize(W v)); the parameter is kept as
    ``<name>_orig``.

    Args:
        layer (Layer): the layer holding the parameter.
        name (str): the parameter's name. Default "weight".
        n_power_iterations (int): power iteration steps per call, positive. Default 1.
        eps (float): the smallest norm the vectors are divided by. Default 1e-12.
        dim (int|None): the dim that becomes the matrix's rows; None takes 1
            for Linear and the transposed convolutions, 0 otherwise. Default None.

    Returns:
        Layer: ``layer``, with the hook registered.

    Example:
        >>> linear = paddle.nn.utils.spectral_norm(paddle.nn.Linear(3, 2))
        >>> linear.weight_orig.shape, linear.weight_u.shape, linear.weight_v.shape
        (paddle.Size([3, 2]), paddle.Size([2]), paddle.Size([3]))
    """
    fn = "spectral_norm"
    weight = check_parameter(layer, name, fn)
    if isinstance(n_power_iterations, bool) or not isinstance(n_power_iterations, int) \
            or n_power_iterations <= 0:
        raise ValueError(f"[{fn}] n_power_iterations must be a positive int, got "
                         f"{n_power_iterations!r}")
    for hook, _, _ in layer._forward_pre_hooks.values():
        if isinstance(hook, SpectralNorm) and hook.name == name:
            raise RuntimeError(f"[{fn}] cannot register two spectral_norm hooks on the same "
                               f"parameter {name}")
    if dim is None:
        from ..layer.common import Linear
        from ..layer.conv_transpose import Conv1DTranspose, Conv2DTranspose, Conv3DTranspose
        dim = 1 if isinstance(layer, (Linear, Conv1DTranspose, Conv2DTranspose,
                                      Conv3DTranspose)) else 0
    if isinstance(dim, bool) or not isinstance(dim, int) or not -weight.ndim <= dim < weight.ndim:
        raise ValueError(f"[{fn}] dim must be an int in [-{weight.ndim}, {weight.ndim}) for the "
                         f"weight {name} of shape {list(weight.shape)}, got {dim!r}")
    hook = SpectralNorm(name, n_power_iterations, dim % weight.ndim, float(eps))
    rows, cols = hook.matrix(weight).shape
    u = normalize(normal(0.0, 1.0, [rows]).astype(weight.dtype), axis=0, epsilon=hook.eps)
    v = normalize(normal(0.0, 1.0, [cols]).astype(weight.dtype), axis=0, epsilon=hook.eps)
    del layer._parameters[name]
    layer.add_parameter(name + "_orig", weight)
    setattr(layer, name, weight * 1.0)
    layer.register_buffer(name + "_u", u)
    layer.register_buffer(name + "_v", v)
    layer.register_forward_pre_hook(hook)
    return layer
