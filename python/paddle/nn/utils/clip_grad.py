"""clip_grad_norm_ / clip_grad_value_: the gradients of parameters scaled to a
largest total norm, or clamped to a range, in place (eager mode)."""
import math
import numbers

from ...tensor._helpers import Tensor, check_tensor
from ...tensor.linalg import norm
from ...tensor.manipulation import stack
from ...tensor.math import max as _max, multiply
from ...tensor.numeric import clip
from ._checks import require_dynamic

__all__ = []  # the public names live in paddle.nn.utils, as in PaddlePaddle

_NORM_TYPES = (float("inf"), 0.0, 1.0, 2.0)


def _params(parameters, fn):
    if isinstance(parameters, Tensor):
        return [parameters]
    params = list(parameters)
    for i, p in enumerate(params):
        check_tensor(p, f"parameters[{i}]", fn)
    return params


def _number(v, what, fn):
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise TypeError(f"[{fn}] {what} must be a number, got {type(v).__name__}")
    return float(v)


def _overwrite(g, value):
    """g takes value's values in place (the grad tensor the parameter holds)."""
    keep = g.stop_gradient
    g._assign_from(value)
    g.stop_gradient = keep


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Scales the gradients of ``parameters`` in place so that their total
    norm (the norm of all of them joined into one vector) is at most
    ``max_norm``: each is multiplied by min(1, max_norm / (total + 1e-6)).

    Args:
        parameters (Iterable[Tensor]|Tensor): the tensors whose ``grad`` to clip
            (those without a gradient are skipped).
        max_norm (float|int): the largest total norm.
        norm_type (float|int): the norm's order: 2, 1, 0 (the count of non-zeros)
            or inf (the largest magnitude). Default 2.0.
        error_if_nonfinite (bool): raise a RuntimeError when the total norm is
            nan or inf. Default False.

    Returns:
        Tensor: the total norm before clipping (0-D; 0.0 when no parameter has a gradient).

    Example:
        >>> w = paddle.to_tensor([3.0, 4.0], stop_gradient=False)
        >>> (w * w / 2).sum().backward()  # the gradient is w: norm 5
        >>> paddle.nn.utils.clip_grad_norm_(w, max_norm=1.0).item()
        5.0
        >>> w.grad.numpy().round(4)
        array([0.6, 0.8], dtype=float32)
    """
    fn = "clip_grad_norm_"
    require_dynamic(fn)
    params = _params(parameters, fn)
    max_norm = _number(max_norm, "max_norm", fn)
    norm_type = _number(norm_type, "norm_type", fn)
    if norm_type not in _NORM_TYPES:
        raise ValueError(f"[{fn}] norm_type must be one of [inf, 0, 1, 2], got {norm_type}")
    grads = [p.grad for p in params if p.grad is not None]
    from ...tensor.creation import to_tensor
    if not grads:
        return to_tensor(0.0)
    from ...autograd import no_grad  # here: paddle.autograd imports paddle.nn
    with no_grad():
        if norm_type == math.inf:
            norms = [_max(g.abs()) for g in grads]
            total = norms[0] if len(norms) == 1 else _max(stack(norms))
        else:
            total = norm(stack([norm(g, norm_type) for g in grads]), norm_type)
        if error_if_nonfinite and not math.isfinite(total.item()):
            raise RuntimeError(f"[{fn}] the total norm of order {norm_type} of the gradients is "
                               "non-finite, so it cannot be clipped; set error_if_nonfinite=False "
                               "to scale the gradients by it anyway")
        coef = clip(max_norm / (total + 1e-6), max=1.0)
        for g in grads:
            _overwrite(g, multiply(g, coef.astype(g.dtype)))
    return total


def clip_grad_value_(parameters, clip_value):
    """Clamps the gradients of ``parameters`` in place to [-clip_value, clip_value].

    Args:
        parameters (Iterable[Tensor]|Tensor): the tensors whose ``grad`` to clip
            (those without a gradient are skipped).
        clip_value (float|int): the largest magnitude a gradient keeps.

    Returns:
        None.

    Example:
        >>> w = paddle.to_tensor([3.0, -4.0], stop_gradient=False)
        >>> (w * w / 2).sum().backward()
        >>> paddle.nn.utils.clip_grad_value_(w, 1.0)
        >>> w.grad.numpy()
        array([ 1., -1.], dtype=float32)
    """
    fn = "clip_grad_value_"
    require_dynamic(fn)
    params = _params(parameters, fn)
    clip_value = _number(clip_value, "clip_value", fn)
    from ...autograd import no_grad
    with no_grad():
        for p in params:
            if p.grad is not None:
                _overwrite(p.grad, clip(p.grad, min=-clip_value, max=clip_value))
