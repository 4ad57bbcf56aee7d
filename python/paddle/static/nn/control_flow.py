"""Control flow of static programs, as PaddlePaddle's legacy (ProgramDesc)
builders write it: ``cond`` runs each branch in a ``conditional_block`` and
merges the results with ``select_input``; ``while_loop`` runs its body in a
``while`` op; ``case`` and ``switch_case`` are chains of ``cond``. In eager
mode each runs the Python branch or loop directly. The ops and their
gradients: core/ops/control_flow_ops.cc, core/ir/backward.cc."""
import numbers

from ... import _core
from ..mode import _building

__all__ = ["cond", "while_loop", "case", "switch_case"]

_STEP_SCOPES = 11  # VarType.STEP_SCOPES
_BOOL, _INT_TYPES = "bool", ("uint8", "int32", "int64")


def _is_var(x):
    return isinstance(x, _core.Tensor) and x._static_ref() is not None


def _dtype_name(x):
    return str(x.dtype).replace("paddle.", "")


def _check_scalar_bool(x, what, fn):
    """A bool tensor of one element (dims known only at run time are checked there)."""
    if not isinstance(x, _core.Tensor):
        raise TypeError(f"[{fn}] {what} must be a bool Tensor, got {type(x).__name__}")
    if _dtype_name(x) != _BOOL:
        raise TypeError(f"[{fn}] {what} must be a bool Tensor, got dtype {_dtype_name(x)}")
    shape = list(x.shape)
    if all(d >= 0 for d in shape) and _numel(shape) != 1:
        raise TypeError(f"[{fn}] {what} must have one element (shape [] or [1]), got shape "
                        f"{shape}")


def _numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _check_callable(f, what, fn):
    if f is not None and not callable(f):
        raise TypeError(f"[{fn}] {what} must be callable, got {type(f).__name__}")


# ---- nested structures (a tensor, or lists, tuples and dicts of them) ----

def _flatten(nest):
    if isinstance(nest, (list, tuple)):
        return [x for item in nest for x in _flatten(item)]
    if isinstance(nest, dict):
        return [x for k in sorted(nest) for x in _flatten(nest[k])]
    return [nest]


def _structure(nest):
    """The shape of a nest with its leaves blanked, for comparing two nests."""
    if isinstance(nest, (list, tuple)):
        return (type(nest).__name__, tuple(_structure(x) for x in nest))
    if isinstance(nest, dict):
        return ("dict", tuple((k, _structure(nest[k])) for k in sorted(nest)))
    return "leaf"


def _pack(structure_of, flat):
    it = iter(flat)

    def build(nest):
        if isinstance(nest, (list, tuple)):
            items = [build(x) for x in nest]
            return type(nest)(items) if type(nest) in (list, tuple) else type(nest)(*items)
        if isinstance(nest, dict):
            return {k: build(nest[k]) for k in sorted(nest)}
        return next(it)

    return build(structure_of)


# ---- blocks ----

def _program():
    from ..program import default_main_program

    return default_main_program()


def _sub_block_io(program, block):
    """(names the block reads from enclosing blocks, names it writes there),
    in first-use order; a nested control-flow op lists its own in its slots."""
    reads, written, writes = [], set(), []
    for op in block.ops:
        for n in op.input_arg_names:
            if n not in written and n not in reads:
                reads.append(n)
        for n in op.output_arg_names:
            written.add(n)
            if n not in writes:
                writes.append(n)
    parent = program.block(block.parent_idx)

    def outer(n):
        return program._desc.find_var_block(parent.idx, n) >= 0

    return [n for n in reads if outer(n)], [n for n in writes if outer(n)]


def _append(block, type, inputs, outputs, attrs=None):
    return block.append_op(type=type, inputs=inputs, outputs=outputs, attrs=attrs or {})


def _new_var(block, like, prefix, shape=None):
    from ...utils import unique_name

    v = block.create_var(name=unique_name.generate(prefix), dtype=like.dtype,
                         shape=list(like.shape) if shape is None else shape,
                         stop_gradient=like.stop_gradient)
    return v


def _run_branch(program, cond_var, fn, fn_name):
    """Builds ``fn`` into a conditional_block run when ``cond_var`` holds; the
    tensors it returns are copied to new variables of the enclosing block."""
    parent = program.current_block()
    block = program._create_block()
    try:
        out = fn()
        flat = _flatten(out)
        copies = []
        for v in flat:
            if _is_var(v):
                copy = _new_var(parent, v, f"{fn_name}.out")
                _append(block, "assign", {"X": [v]}, {"Out": [copy]})
                copies.append(copy)
            elif v is None or isinstance(v, (bool, numbers.Number)):
                copies.append(v)
            else:
                raise TypeError(f"[cond] {fn_name} must return Tensors (or nested lists, tuples "
                                f"or dicts of them), got a {type(v).__name__}")
    finally:
        program._rollback()
    reads, writes = _sub_block_io(program, block)
    scope = parent.create_var(type=_STEP_SCOPES)
    _append(parent, "conditional_block",
            {"Cond": [cond_var], "Input": reads},
            {"Out": writes, "Scope": [scope]},
            {"sub_block": block, "is_scalar_condition": True})
    return None if out is None else _pack(out, copies)


def _to_variable(value):
    """A Python bool, int or float as a [1] tensor (bool, int64, float32), as
    PaddlePaddle merges a branch that returns a constant."""
    from ... import full

    dtype = "bool" if isinstance(value, bool) else "int64" if isinstance(value, int) else "float32"
    return full([1], value, dtype)


def _merge(program, mask, false_var, true_var, where):
    """select_input of the two branches' values (or the value both give)."""
    if not _is_var(false_var) or not _is_var(true_var):
        if not _is_var(false_var) and not _is_var(true_var) and false_var == true_var:
            return true_var
        for v in (false_var, true_var):
            if not _is_var(v) and not isinstance(v, (bool, int, float)):
                raise TypeError(f"[cond] {where}: true_fn returns {true_var!r} but false_fn "
                                f"returns {false_var!r}; return Tensors, Python numbers or the "
                                "same value from both")
        false_var = false_var if _is_var(false_var) else _to_variable(false_var)
        true_var = true_var if _is_var(true_var) else _to_variable(true_var)
    if false_var.dtype != true_var.dtype:
        raise TypeError(f"[cond] {where}: true_fn returns dtype {_dtype_name(true_var)} but "
                        f"false_fn returns dtype {_dtype_name(false_var)}")
    ts, fs = list(true_var.shape), list(false_var.shape)
    if len(ts) != len(fs):
        raise ValueError(f"[cond] {where}: true_fn returns shape {ts} but false_fn returns "
                         f"shape {fs}, of another rank")
    shape = [a if a == b else -1 for a, b in zip(ts, fs)]
    block = program.current_block()
    out = _new_var(block, true_var, "cond.merged", shape)
    out.stop_gradient = true_var.stop_gradient and false_var.stop_gradient
    _append(block, "select_input", {"X": [false_var, true_var], "Mask": [mask]},
            {"Out": [out]})
    return out


def cond(pred, true_fn=None, false_fn=None, name=None, return_names=None):
    """``true_fn()`` if ``pred`` holds, else ``false_fn()`` (either may be
    None: it returns nothing). In a static program both branches are built,
    each in its own ``conditional_block``, and only the one ``pred`` picks
    runs; ``select_input`` merges their results, which must have the same
    structure and dtypes (a dim that differs becomes -1; a Python number one
    branch returns becomes a [1] tensor, and one both return is kept as is).
    Gradients flow through the branch that ran. In eager mode only the chosen
    branch runs.

    Args:
        pred (Tensor): a bool tensor of one element (shape [] or [1]).
        true_fn, false_fn (callable, optional): take no arguments and return
            Tensors (nested lists, tuples or dicts of them) or None.
        name (str, optional): unused (PaddlePaddle's signature).
        return_names (list of str, optional): names of the results, used in
            error messages.

    Returns:
        What the branch returns.

    Example:
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [1], "float32")
        ...     y = paddle.static.nn.cond(x > 0, lambda: x * 2, lambda: -x)
        >>> exe = paddle.static.Executor()
        >>> [float(exe.run(main, feed={"x": np.array([v], "float32")}, fetch_list=[y])[0][0])
        ...  for v in (3.0, -5.0)]
        [6.0, 5.0]
        >>> paddle.disable_static()
    """
    _check_callable(true_fn, "true_fn", "cond")
    _check_callable(false_fn, "false_fn", "cond")
    if name is not None and not isinstance(name, str):
        raise TypeError(f"[cond] name must be a str or None, got {type(name).__name__}")
    if not _building():
        if not isinstance(pred, _core.Tensor):
            raise TypeError(f"[cond] pred must be a bool Tensor, got {type(pred).__name__}")
        if pred.size != 1:
            raise TypeError(f"[cond] pred must have one element, got shape {list(pred.shape)}")
        fn = true_fn if bool(pred.item()) else false_fn
        return fn() if fn is not None else None
    _check_scalar_bool(pred, "pred", "cond")
    from ... import logical_not

    program = _program()
    true_out = _run_branch(program, pred, true_fn, "true_fn") if true_fn else None
    false_out = (_run_branch(program, logical_not(pred), false_fn, "false_fn")
                 if false_fn else None)
    if true_out is None and false_out is None:
        return None
    if true_out is None or false_out is None:
        which = "true_fn" if true_out is None else "false_fn"
        raise ValueError(f"[cond] {which} returns None while the other branch returns values")
    if _structure(true_out) != _structure(false_out):
        raise ValueError(f"[cond] true_fn and false_fn return different structures: "
                         f"{_describe(true_out)} vs {_describe(false_out)}")
    from ... import cast

    mask = cast(pred, "int32")
    flat_true, flat_false = _flatten(true_out), _flatten(false_out)
    names = list(return_names) if return_names is not None else []
    merged = [_merge(program, mask, f, t,
                     f"result '{names[i]}'" if i < len(names) else f"result #{i}")
              for i, (t, f) in enumerate(zip(flat_true, flat_false))]
    return _pack(true_out, merged)


def _describe(nest):
    if isinstance(nest, (list, tuple)):
        items = ", ".join(_describe(x) for x in nest)
        return f"{type(nest).__name__} of {len(nest)} [{items}]"
    if isinstance(nest, dict):
        return "dict with keys " + str(sorted(nest))
    return "Tensor" if isinstance(nest, _core.Tensor) else type(nest).__name__


def case(pred_fn_pairs, default=None, name=None):
    """An if-elif-else chain: the ``fn()`` of the first ``(pred, fn)`` pair
    whose ``pred`` holds, else ``default()`` (None: the last pair's fn). In a
    static program it is a chain of ``cond``.

    Args:
        pred_fn_pairs (list|tuple): ``(pred, fn)`` tuples: ``pred`` a bool Tensor of one
            element, ``fn`` a callable without arguments; tried in order.
        default (callable, optional): Called when no ``pred`` holds; None (the default)
            takes the last pair's ``fn``.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|list|tuple|None: What the chosen function returns (in a static program every
        function must return the same structure).

    Example:
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [1], "float32")
        ...     y = paddle.static.nn.case([(x < 0, lambda: x * 0 - 1), (x < 10, lambda: x * 2)],
        ...                               default=lambda: x * 3)
        >>> exe = paddle.static.Executor()
        >>> [float(exe.run(main, feed={"x": np.array([v], "float32")}, fetch_list=[y])[0][0])
        ...  for v in (-1.0, 4.0, 20.0)]
        [-1.0, 8.0, 60.0]
        >>> paddle.disable_static()
    """
    if not isinstance(pred_fn_pairs, (list, tuple)):
        raise TypeError(f"[case] pred_fn_pairs must be a list or tuple, got "
                        f"{type(pred_fn_pairs).__name__}")
    for pair in pred_fn_pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"[case] each element of pred_fn_pairs must be a (pred, fn) tuple, "
                            f"got {pair!r}")
        if not isinstance(pair[0], _core.Tensor):
            raise TypeError(f"[case] pred must be a bool Tensor, got {type(pair[0]).__name__}")
        if _building():
            _check_scalar_bool(pair[0], "pred", "case")
        _check_callable(pair[1], "fn", "case")
        if pair[1] is None:
            raise TypeError("[case] fn must be callable, got NoneType")
    _check_callable(default, "default", "case")
    pairs = list(pred_fn_pairs)
    if default is None:
        if not pairs:
            raise ValueError("[case] pred_fn_pairs is empty and there is no default")
        default = pairs.pop()[1]
    if not _building():
        for pred, fn in pairs:
            if bool(pred.item()):
                return fn()
        return default()
    false_fn = default
    for pred, true_fn in reversed(pairs):
        false_fn = _bind_cond(pred, true_fn, false_fn)
    return false_fn()


def _bind_cond(pred, true_fn, false_fn):
    return lambda: cond(pred, true_fn, false_fn)


def switch_case(branch_index, branch_fns, default=None, name=None):
    """Like C's switch: the function of ``branch_fns`` whose key equals
    ``branch_index``, else ``default()`` (None: the function of the largest
    key). ``branch_fns`` is a dict ``{int: fn}``, a list of ``(int, fn)``
    pairs, or a list of functions (keys 0, 1, ...).

    Args:
        branch_index (Tensor): A uint8/int32/int64 Tensor of one element, the key to select.
        branch_fns (dict|list|tuple): The branches: ``{int: fn}``, ``(int, fn)`` tuples or
            functions; keys are distinct ints, functions take no arguments.
        default (callable, optional): Called when no key equals ``branch_index``; None (the
            default) takes the function of the largest key.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor|list|tuple|None: What the chosen function returns (in a static program every
        function must return the same structure).

    Example:
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     i = paddle.static.data("i", [1], "int64")
        ...     y = paddle.static.nn.switch_case(
        ...         i, {0: lambda: paddle.full([1], 10.0), 2: lambda: paddle.full([1], 30.0)},
        ...         default=lambda: paddle.full([1], -1.0))
        >>> exe = paddle.static.Executor()
        >>> [float(exe.run(main, feed={"i": np.array([v])}, fetch_list=[y])[0][0])
        ...  for v in (0, 1, 2)]
        [10.0, -1.0, 30.0]
        >>> paddle.disable_static()
    """
    if not isinstance(branch_index, _core.Tensor):
        raise TypeError(f"[switch_case] branch_index must be an integer Tensor, got "
                        f"{type(branch_index).__name__}")
    if _dtype_name(branch_index) not in _INT_TYPES:
        raise TypeError(f"[switch_case] branch_index must be uint8, int32 or int64, got "
                        f"{_dtype_name(branch_index)}")
    if not isinstance(branch_fns, (list, tuple, dict)):
        raise TypeError(f"[switch_case] branch_fns must be a dict, list or tuple, got "
                        f"{type(branch_fns).__name__}")
    items = list(branch_fns.items()) if isinstance(branch_fns, dict) else list(branch_fns)
    if items and all(callable(f) for f in items):
        items = list(enumerate(items))
    keys = set()
    for pair in items:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"[switch_case] each element of branch_fns must be an (int, fn) "
                            f"tuple or a function, got {pair!r}")
        key, fn = pair
        if not isinstance(key, int) or isinstance(key, bool):
            raise TypeError(f"[switch_case] keys of branch_fns must be int, got "
                            f"{type(key).__name__}")
        if key in keys:
            raise ValueError(f"[switch_case] the key {key} appears more than once in branch_fns")
        keys.add(key)
        if not callable(fn):
            raise TypeError(f"[switch_case] the function for key {key} must be callable, got "
                            f"{type(fn).__name__}")
    _check_callable(default, "default", "switch_case")
    if not items:
        raise ValueError("[switch_case] branch_fns is empty")
    items.sort(key=lambda kv: kv[0])
    if default is None:
        default = items.pop()[1]
    if not _building():
        if branch_index.size != 1:
            raise TypeError(f"[switch_case] branch_index must have one element, got shape "
                            f"{list(branch_index.shape)}")
        index = int(branch_index.item())
        return dict(items).get(index, default)()
    from ... import cast, equal, full

    if _dtype_name(branch_index) != "int64":
        branch_index = cast(branch_index, "int64")
    pairs = [(equal(branch_index, full([1], key, "int64")), fn) for key, fn in items]
    return case(pairs, default) if pairs else default()


def while_loop(cond, body, loop_vars, is_test=False, name=None):
    """Repeats ``loop_vars = body(*loop_vars)`` while ``cond(*loop_vars)``
    holds, and returns the final ``loop_vars`` (a list). In a static program
    the body is built once into a ``while`` op; ``cond`` must return a bool
    tensor of one element and ``body`` as many tensors as ``loop_vars``, of
    the same dtypes. Gradients flow to the initial loop variables and to
    what the body reads (unless ``is_test``).

    Args:
        cond (callable): Takes the loop variables and returns a bool Tensor of one element.
        body (callable): Takes the loop variables and returns their next values (as many
            Tensors, the same dtypes).
        loop_vars (list|tuple): The initial loop variables, Tensors, not empty.
        is_test (bool, optional): Whether the loop is for inference only (no gradient is
            built through it). Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        list: The loop variables' final values.

    Example:
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     i = paddle.full([1], 0, "int64")
        ...     x = paddle.static.data("x", [1], "float32")
        ...     i, y = paddle.static.nn.while_loop(lambda i, y: i < 3,
        ...                                        lambda i, y: [i + 1, y * 2], [i, x])
        >>> exe = paddle.static.Executor()
        >>> exe.run(main, feed={"x": np.array([1.5], "float32")}, fetch_list=[i, y])
        [array([3]), array([12.], dtype=float32)]
        >>> paddle.disable_static()
    """
    if not callable(cond):
        raise TypeError(f"[while_loop] cond must be callable, got {type(cond).__name__}")
    if not callable(body):
        raise TypeError(f"[while_loop] body must be callable, got {type(body).__name__}")
    if not isinstance(loop_vars, (list, tuple)):
        raise TypeError(f"[while_loop] loop_vars must be a list or tuple, got "
                        f"{type(loop_vars).__name__}")
    if len(loop_vars) == 0:
        raise ValueError("[while_loop] loop_vars must not be empty")
    for i, v in enumerate(loop_vars):
        if not isinstance(v, _core.Tensor):
            raise TypeError(f"[while_loop] loop_vars[{i}] must be a Tensor, got "
                            f"{type(v).__name__}")
    loop_vars = list(loop_vars)
    if not _building():
        pre = cond(*loop_vars)
        _check_scalar_bool(pre, "the value cond returns", "while_loop")
        while bool(pre.item()):
            loop_vars = _body_outputs(body(*loop_vars), loop_vars)
            pre = cond(*loop_vars)
            _check_scalar_bool(pre, "the value cond returns", "while_loop")
        return loop_vars
    from ... import assign

    pre = cond(*loop_vars)
    _check_scalar_bool(pre, "the value cond returns", "while_loop")
    program = _program()
    parent = program.current_block()
    # The loop updates copies, so the caller's variables keep their values.
    carried = [assign(v) for v in loop_vars]
    for c, v in zip(carried, loop_vars):
        c.stop_gradient = v.stop_gradient
    block = program._create_block()
    try:
        outs = _body_outputs(body(*carried), carried)
        now = cond(*outs)
        _check_scalar_bool(now, "the value cond returns", "while_loop")
        carried_names = {c.name for c in carried}
        # A loop variable returned at another position is copied first, so the
        # assignments below never read a variable one of them already wrote.
        outs = [assign(o) if o.name in carried_names and o.name != c.name else o
                for o, c in zip(outs, carried)]
        for o, c in zip(outs, carried):
            if o.name != c.name:
                _append(block, "assign", {"X": [o]}, {"Out": [c]})
        _append(block, "assign", {"X": [now]}, {"Out": [pre]})
    finally:
        program._rollback()
    _let_gradients_flow(program, block, list(zip(outs, carried)))
    reads, writes = _sub_block_io(program, block)
    xs = [n for n in reads + [w for w in writes if w not in reads] if n != pre.name]
    scopes = parent.create_var(type=_STEP_SCOPES)
    _append(parent, "while", {"X": xs, "Condition": [pre]},
            {"Out": writes, "StepScopes": [scopes]}, {"sub_block": block, "is_test": is_test})
    return carried


_FLOATING = ("float16", "bfloat16", "float32", "float64", "complex64", "complex128")


def _let_gradients_flow(program, block, assigned):
    """The body is built once, before it is known which loop variables will
    carry a gradient: a loop variable that starts with stop_gradient but is
    assigned a value that carries one (``assigned``: (value, loop variable)
    pairs) carries one too, and so does every floating variable the loop's
    ops (nested blocks included) compute from such a variable, until nothing
    changes. Variables made stop_gradient for other reasons stay so."""
    blocks, k = [block], 0
    while k < len(blocks):
        for op in blocks[k].ops:
            if op.has_attr("sub_block"):
                blocks.append(program.block(op.attr("sub_block")))
        k += 1
    flipped = set()

    def flip(v):
        if (v.stop_gradient and v.type == "LOD_TENSOR" and not v.persistable
                and _dtype_name(v) in _FLOATING):
            v.stop_gradient = False
            flipped.add(v.name)

    size = -1
    while size != len(flipped):
        size = len(flipped)
        for value, var in assigned:
            if not value.stop_gradient:
                flip(var)
        for b in blocks:
            for op in b.ops:
                if any(n in flipped for n in op.input_arg_names):
                    for n in op.output_arg_names:
                        flip(b._var_recursive(n))


def _body_outputs(outs, loop_vars):
    """The body's results as a list matching loop_vars, checked."""
    if not isinstance(outs, (list, tuple)):
        outs = [outs]
    outs = list(outs)
    if len(outs) != len(loop_vars):
        raise ValueError(f"[while_loop] body returns {len(outs)} values, but loop_vars has "
                         f"{len(loop_vars)}")
    for i, (o, v) in enumerate(zip(outs, loop_vars)):
        if not isinstance(o, _core.Tensor):
            raise TypeError(f"[while_loop] body's result #{i} must be a Tensor, got "
                            f"{type(o).__name__}")
        if o.dtype != v.dtype:
            raise TypeError(f"[while_loop] body's result #{i} has dtype {_dtype_name(o)}, but "
                            f"loop_vars[{i}] has dtype {_dtype_name(v)}")
    return outs
