"""weight_norm / remove_weight_norm: a weight re-expressed as g * v / ||v||,
the magnitude ``<name>_g`` and direction ``<name>_v`` trained in its place and
the weight recomputed from them by a forward pre-hook before every call."""
from ...tensor.creation import assign
from ...tensor.manipulation import reshape, transpose
from ...tensor.math import sqrt, square, sum as _sum
from ..functional.norm import normalize
from ._checks import check_layer, check_parameter

__all__ = []  # the public names live in paddle.nn.utils, as in PaddlePaddle

_EPS = 1e-12


def _to_front(x, dim):
    """x with ``dim`` swapped to the front, and the permutation (its own inverse)."""
    perm = list(range(x.ndim))
    perm[0], perm[dim] = dim, 0
    return transpose(x, perm), perm


def _norm_except_dim(w, dim):
    """||w|| over every dim but ``dim`` (shape [w.shape[dim]]), or over all of
    w for dim -1 (0-D)."""
    if dim == -1:
        return sqrt(_sum(square(w)) + _EPS)
    front = _to_front(w, dim)[0] if dim != 0 else w
    return sqrt(_sum(square(reshape(front, [front.shape[0], -1])), axis=1) + _EPS)


def _compute_weight(v, g, dim):
    """g * v / ||v||, the norm taken as _norm_except_dim's and g broadcast along dim."""
    if dim == -1:
        return v / (sqrt(_sum(square(v))) + _EPS) * g
    front, perm = _to_front(v, dim) if dim != 0 else (v, None)
    rows = normalize(reshape(front, [front.shape[0], -1]), axis=1)
    scaled = rows * reshape(g, [-1, 1])
    out = reshape(scaled, front.shape)
    return transpose(out, perm) if perm is not None else out


class WeightNorm:
    """The forward pre-hook: sets ``layer.<name>`` from ``<name>_g`` and ``<name>_v``."""

    def __init__(self, name, dim):
        self.name = name
        self.dim = dim

    def compute_weight(self, layer):
        return _compute_weight(getattr(layer, self.name + "_v"), getattr(layer, self.name + "_g"),
                               self.dim)

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer))


def _hook_of(layer, name):
    for key, (hook, _, _) in layer._forward_pre_hooks.items():
        if isinstance(hook, WeightNorm) and hook.name == name:
            return key, hook
    return None, None


def weight_norm(layer, name="weight", dim=0):
    """Re-expresses the parameter ``name`` of ``layer`` as g * v / ||v||: the
    parameters ``<name>_g`` (the norms) and ``<name>_v`` (the direction) replace
    it, and a forward pre-hook recomputes ``layer.<name>`` from them before
    each call.

    Args:
        layer (Layer): the layer holding the parameter.
        name (str): the parameter's name. Default "weight".
        dim (int|None): the dim that keeps one norm per index (the norm is
            taken over the other dims), in [-R, R) for a weight of rank R;
            None or -1 takes one norm over the whole weight. Default 0.

    Returns:
        Layer: ``layer``, with the hook registered.

    Example:
        >>> linear = paddle.nn.Linear(2, 3)
        >>> linear = paddle.nn.utils.weight_norm(linear)
        >>> linear.weight_g.shape, linear.weight_v.shape
        (paddle.Size([2]), paddle.Size([2, 3]))
    """
    fn = "weight_norm"
    check_layer(layer, fn)
    if _hook_of(layer, name)[1] is not None:
        raise RuntimeError(f"[{fn}] cannot register two weight_norm hooks on the same parameter "
                           f"{name}")
    weight = check_parameter(layer, name, fn)
    rank = weight.ndim
    if dim is None:
        dim = -1
    if isinstance(dim, bool) or not isinstance(dim, int) or not -rank <= dim < rank:
        raise ValueError(f"[{fn}] dim must be an int in [-{rank}, {rank}) for the weight "
                         f"{name} of shape {list(weight.shape)}, got {dim!r}")
    if dim != -1:
        dim %= rank
    hook = WeightNorm(name, dim)
    del layer._parameters[name]
    g_value = _norm_except_dim(weight.detach(), dim)
    v = layer.create_parameter(weight.shape, dtype=weight.dtype)
    layer.add_parameter(name + "_v", v)
    g = layer.create_parameter(g_value.shape, dtype=g_value.dtype)
    layer.add_parameter(name + "_g", g)
    from ...autograd import no_grad  # here: paddle.autograd imports paddle.nn
    with no_grad():
        assign(weight, v)
        assign(g_value, g)
    setattr(layer, name, hook.compute_weight(layer))
    layer.register_forward_pre_hook(hook)
    return layer


def remove_weight_norm(layer, name="weight"):
    """Undoes weight_norm: ``<name>`` becomes a parameter again, holding
    g * v / ||v||, and ``<name>_g``, ``<name>_v`` and the hook go.

    Args:
        layer (Layer): the layer weight_norm was applied to.
        name (str): the parameter's name. Default "weight".

    Returns:
        Layer: ``layer``, without the hook.

    Example:
        >>> linear = paddle.nn.utils.weight_norm(paddle.nn.Linear(2, 3))
        >>> linear = paddle.nn.utils.remove_weight_norm(linear)
        >>> sorted(n for n, _ in linear.named_parameters())
        ['bias', 'weight']
    """
    key, hook = _hook_of(layer, name)
    if hook is None:
        raise ValueError(f"[remove_weight_norm] weight_norm of '{name}' not found in "
                         f"{type(layer).__name__}")
    value = hook.compute_weight(layer)
    delattr(layer, name)
    del layer._parameters[name + "_g"]
    del layer._parameters[name + "_v"]
    weight = layer.create_parameter(value.shape, dtype=value.dtype)
    layer.add_parameter(name, weight)
    from ...autograd import no_grad
    with no_grad():
        assign(value, weight)
    del layer._forward_pre_hooks[key]
    return layer
