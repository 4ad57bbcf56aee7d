"""Gradients of static programs: ``append_backward`` and ``gradients`` append
the grad ops of each forward op (from its gradient definition) to the
program, in C++ (core/ir/backward.h)."""
from .. import _core
from .program import Variable, _op_role, OP_ROLE_BACKWARD

__all__ = ["append_backward", "gradients"]


def _variable(v, fn, what):
    if not isinstance(v, Variable):
        raise TypeError(f"[{fn}] {what} must be a Variable of a static program, got "
                        f"{type(v).__name__}")
    return v


def _names(values, fn, what):
    if values is None:
        return []
    if isinstance(values, (Variable, str)):
        values = [values]
    out = []
    for v in values:
        out.append(v if isinstance(v, str) else _variable(v, fn, what).name)
    return out


def append_backward(loss, parameter_list=None, no_grad_set=None, callbacks=None,
                    checkpoints=None, distop_context=None):
    """Appends to ``loss``'s program the ops computing the gradient of
    ``loss`` (one element) w.r.t. every variable it depends on, as
    ``<name>@GRAD`` variables; a variable used several times gets the sum.

    Args:
        loss (Variable): the scalar to differentiate.
        parameter_list (list, optional): parameters (or names) to return
            gradients of; default every trainable parameter.
        no_grad_set (set, optional): variables (or names) that get no gradient.

    Returns:
        list: ``(parameter, gradient)`` Variable pairs.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> loss = paddle.mean(y)
        >>> [g.name for _, g in paddle.static.append_backward(loss)]
        ['fc_0.w_0@GRAD', 'fc_0.b_0@GRAD']
        >>> paddle.disable_static()
    """
    _variable(loss, "append_backward", "loss")
    if callbacks is not None and not isinstance(callbacks, (list, tuple)):
        raise TypeError("[append_backward] callbacks must be a list")
    program = loss.block.program
    params = _names(parameter_list, "append_backward", "parameter_list")
    no_grad = set(_names(no_grad_set, "append_backward", "no_grad_set"))
    pairs = _core._append_backward(program._desc, loss.name, params, no_grad)
    gb = program.global_block()
    return [(gb._var_recursive(p), gb._var_recursive(g)) for p, g in pairs]


def gradients(targets, inputs, target_gradients=None, no_grad_set=None):
    """The gradients of ``targets`` (times ``target_gradients``, default
    ones) w.r.t. ``inputs``, as Variables built into the program (None where
    no gradient flows).

    Args:
        targets (Variable|list|tuple): The Variable(s) to differentiate, of one program.
        inputs (Variable|list|tuple): The Variable(s) to take the gradients with respect to.
        target_gradients (Variable|list|tuple, optional): The gradient of each target, the
            same count as ``targets``; a None entry (or None, the default) means ones of the
            target's shape.
        no_grad_set (set|list, optional): Variables (or their names) no gradient is computed
            for. Default None.

    Returns:
        list: One Variable (``NAME@GRAD``) per input, in order, or None for an input no
        gradient flows to.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [2])
        >>> x.stop_gradient = False
        >>> y = x * x
        >>> (dx,) = paddle.static.gradients([y], [x])
        >>> dx.name
        'x@GRAD'
        >>> paddle.disable_static()
    """
    targets = [targets] if isinstance(targets, Variable) else list(targets)
    inputs = [inputs] if isinstance(inputs, Variable) else list(inputs)
    for t in targets:
        _variable(t, "gradients", "targets")
    for i in inputs:
        _variable(i, "gradients", "inputs")
    tg = target_gradients
    if tg is None:
        tg = [None] * len(targets)
    elif isinstance(tg, Variable):
        tg = [tg]
    if len(tg) != len(targets):
        raise ValueError(f"[gradients] {len(targets)} targets but {len(tg)} target_gradients")
    tg_names = ["" if g is None else _variable(g, "gradients", "target_gradients").name
                for g in tg]
    program = targets[0].block.program
    no_grad = set(_names(no_grad_set, "gradients", "no_grad_set"))
    with _op_role(OP_ROLE_BACKWARD):
        names = _core._calc_gradients(program._desc, [t.name for t in targets], tg_names,
                                      [i.name for i in inputs], no_grad)
    gb = program.global_block()
    return [gb._var_recursive(n) if n else None for n in names]
