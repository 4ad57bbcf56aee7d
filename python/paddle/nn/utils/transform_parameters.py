"""parameters_to_vector / vector_to_parameters: a model's parameters as one
flat vector (to hand to a second-order method, or to average) and back."""
import math

from ...tensor._helpers import Tensor, check_tensor
from ...tensor.manipulation import concat, reshape
from ._checks import require_dynamic

__all__ = []  # the public names live in paddle.nn.utils, as in PaddlePaddle


def _tensor_list(parameters, fn):
    if isinstance(parameters, Tensor):
        raise TypeError(f"[{fn}] parameters must be an iterable of Tensors, got one Tensor")
    params = list(parameters)
    for i, p in enumerate(params):
        check_tensor(p, f"parameters[{i}]", fn)
    return params


def parameters_to_vector(parameters, name=None):
    """The values of ``parameters`` flattened and joined, in order, into one
    1-D Tensor (a copy, made outside the graph).

    Args:
        parameters (Iterable[Tensor]): the tensors, e.g. ``layer.parameters()``; one dtype.
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        Tensor: a 1-D Tensor of all the values; its stop_gradient is False.

    Example:
        >>> linear = paddle.nn.Linear(10, 15)
        >>> paddle.nn.utils.parameters_to_vector(linear.parameters()).shape
        paddle.Size([165])
    """
    fn = "parameters_to_vector"
    require_dynamic(fn)
    params = _tensor_list(parameters, fn)
    if not params:
        raise ValueError(f"[{fn}] parameters must hold at least one Tensor, got none")
    for i, p in enumerate(params):
        if p.dtype != params[0].dtype:
            raise TypeError(f"[{fn}] parameters must share one dtype: parameters[{i}] is "
                            f"{p.dtype.name}, parameters[0] {params[0].dtype.name}")
    from ...autograd import no_grad  # here: paddle.autograd imports paddle.nn
    with no_grad():
        out = concat([reshape(p, [-1]) for p in params], 0)
    out.stop_gradient = False
    return out


def vector_to_parameters(vec, parameters, name=None):
    """Copies consecutive slices of the 1-D ``vec`` into ``parameters``, each
    taking as many values as it holds, in its own shape (the inverse of
    parameters_to_vector). ``vec`` may hold more values than needed.

    Args:
        vec (Tensor): a 1-D Tensor with at least as many values as the parameters.
        parameters (Iterable[Tensor]): the tensors to write, e.g. ``layer.parameters()``.
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        None.

    Example:
        >>> linear = paddle.nn.Linear(2, 2)
        >>> paddle.nn.utils.vector_to_parameters(paddle.arange(6, dtype="float32"),
        ...                                      linear.parameters())
        >>> linear.weight.numpy(), linear.bias.numpy()
        (array([[0., 1.],
               [2., 3.]], dtype=float32), array([4., 5.], dtype=float32))
    """
    fn = "vector_to_parameters"
    require_dynamic(fn)
    check_tensor(vec, "vec", fn)
    if vec.ndim != 1:
        raise ValueError(f"[{fn}] vec must be 1-D, got shape {list(vec.shape)}")
    params = _tensor_list(parameters, fn)
    total = sum(math.prod(p.shape) for p in params)
    if total > vec.shape[0]:
        raise ValueError(f"[{fn}] vec holds {vec.shape[0]} values, fewer than the {total} of "
                         f"the parameters")
    from ...autograd import no_grad
    with no_grad():
        start = 0
        for p in params:
            size = math.prod(p.shape)
            piece = reshape(vec[start:start + size], p.shape)
            keep = p.stop_gradient
            p._assign_from(piece.astype(p.dtype))
            p.stop_gradient = keep
            start += size
