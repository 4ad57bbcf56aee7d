"""paddle.autograd.backward and paddle.grad."""
# The names imported here are not this module's API.
__all__ = ["backward", "grad"]
from .. import _core

Tensor = _core.Tensor


def _as_list(v, what, fn):
    if isinstance(v, Tensor):
        return [v]
    if isinstance(v, (list, tuple)):
        for i, t in enumerate(v):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"[{fn}] {what}[{i}] must be a Tensor, got {type(t).__name__}")
        return list(v)
    raise TypeError(f"[{fn}] {what} must be a Tensor or a list of Tensors, got {type(v).__name__}")


def backward(tensors, grad_tensors=None, retain_graph=False):
    """Computes the gradients of ``tensors`` and accumulates them into the
    ``.grad`` of every leaf tensor with ``stop_gradient=False``.

    Args:
        tensors (Tensor|list[Tensor]): the outputs to differentiate.
        grad_tensors (Tensor|list[Tensor|None], optional): their gradients
            (ones where None).
        retain_graph (bool): keep the graph so backward can run through it again.

    Example:
        >>> x = paddle.to_tensor([2.0], stop_gradient=False)
        >>> paddle.autograd.backward([x * x])
        >>> x.grad.numpy()
        array([4.], dtype=float32)
    """
    ts = _as_list(tensors, "tensors", "backward")
    gs = [] if grad_tensors is None else _as_list(grad_tensors, "grad_tensors", "backward")
    if gs and len(gs) != len(ts):
        raise ValueError(f"[backward] {len(gs)} grad_tensors for {len(ts)} tensors")
    _core.backward(ts, gs, bool(retain_graph))


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=False, no_grad_vars=None):
    """The gradients of ``outputs`` with respect to ``inputs``, returned (not
    accumulated into ``.grad``).

    Args:
        outputs (Tensor|list[Tensor]): what to differentiate.
        inputs (Tensor|list[Tensor]): with respect to what.
        grad_outputs (Tensor|list[Tensor|None], optional): the gradients of
            outputs (ones where None).
        retain_graph (bool, optional): keep the graph; defaults to create_graph.
        create_graph (bool): record the gradient computation, so the results can
            be differentiated again (higher-order gradients).
        only_inputs (bool): must be True (PaddlePaddle's only mode).
        allow_unused (bool): give None for an input the outputs do not depend
            on, instead of raising.
        no_grad_vars (Tensor|list[Tensor], optional): no gradient flows through these.

    Returns:
        list[Tensor|None]: one gradient per input.

    Example:
        >>> x = paddle.to_tensor([3.0], stop_gradient=False)
        >>> (dx,) = paddle.grad(x * x, x)
        >>> dx.numpy()
        array([6.], dtype=float32)
    """
    if not only_inputs:
        raise ValueError("[paddle.grad] only_inputs=False is not supported")
    outs = _as_list(outputs, "outputs", "paddle.grad")
    ins = _as_list(inputs, "inputs", "paddle.grad")
    gos = [] if grad_outputs is None else _as_list(grad_outputs, "grad_outputs", "paddle.grad")
    if gos and len(gos) != len(outs):
        raise ValueError(f"[paddle.grad] {len(gos)} grad_outputs for {len(outs)} outputs")
    ngv = [] if no_grad_vars is None else _as_list(no_grad_vars, "no_grad_vars", "paddle.grad")
    if retain_graph is None:
        retain_graph = create_graph
    return _core.grad(outs, ins, gos, ngv, bool(retain_graph), bool(create_graph),
                      bool(allow_unused))
