"""Program, Block, Operator and Variable: views over one C++ ProgramDesc
(``paddle._core.StaticProgram``); nothing about a program is kept in Python
but the view objects themselves. Also the default main and startup programs,
``program_guard`` and ``name_scope``."""
import contextlib
import weakref

from .. import _core
from ..base.framework import EagerParamBase
from ..framework import dtypes as _dtype
from . import mode

__all__ = ["Program", "Block", "Operator", "Variable", "Parameter", "default_main_program",
           "default_startup_program", "program_guard", "name_scope"]

Tensor = _core.Tensor

# PaddlePaddle's OpRole values (the op_role attribute of every op).
OP_ROLE_FORWARD, OP_ROLE_BACKWARD, OP_ROLE_OPTIMIZE, OP_ROLE_LOSS = 0, 1, 2, 256

_VAR_KINDS = {7: "LOD_TENSOR", 8: "SELECTED_ROWS", 9: "FEED_MINIBATCH", 10: "FETCH_LIST",
              11: "STEP_SCOPES", 12: "LOD_RANK_TABLE", 13: "LOD_TENSOR_ARRAY",
              14: "PLACE_LIST", 15: "READER", 17: "RAW"}

# The Python Program of each C++ program, so a variable finds its program.
_programs = weakref.WeakValueDictionary()


def _program_of(desc):
    prog = _programs.get(id(desc))
    if prog is None or prog._desc is not desc:
        prog = Program._wrap(desc)
    return prog


class Variable(Tensor):
    """A variable of a static program: what ``paddle.static.data`` and every op
    built in static mode return. It holds no value while the program is built;
    its name, shape (-1 for dims known only at run time), dtype and flags are
    those of the program's variable, and the Tensor methods build more ops.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 3], "float32")
        >>> y = paddle.nn.functional.relu(x)
        >>> y.shape, y.dtype == paddle.float32
        (paddle.Size([-1, 3]), True)
        >>> paddle.disable_static()
    """

    @property
    def block(self):
        """The Block that declares this variable."""
        desc, idx, _ = self._static_ref()
        return _program_of(desc).block(idx)

    def _info(self):
        desc, idx, name = self._static_ref()
        block = desc.find_var_block(idx, name)
        return desc.var_info(block, name)

    @property
    def type(self):
        """The variable's kind: ``LOD_TENSOR``, ``LOD_TENSOR_ARRAY``, ..."""
        return _VAR_KINDS.get(self._info()["kind"], str(self._info()["kind"]))

    @property
    def lod_level(self):
        return self._info()["lod_level"]

    @property
    def is_parameter(self):
        return self._info()["is_parameter"]

    @property
    def desc(self):
        """(program, block, name) of the C++ variable this object views."""
        return self._static_ref()

    def to_string(self, throw_on_error=True, with_details=False):
        info = self._info()
        text = (f"var {info['name']} : {_VAR_KINDS.get(info['kind'], info['kind'])}"
                f".shape({', '.join(str(d) for d in info['shape'] or [])})"
                f".dtype({info['dtype'].name if info['dtype'] is not None else None})"
                f".stop_gradient({info['stop_gradient']})")
        if info["persistable"]:
            text += ".persistable(True)"
        return text

    def __repr__(self):
        return self.to_string()

    __str__ = __repr__

    def __bool__(self):
        raise TypeError(f"[Variable] the truth value of '{self.name}' is not known while the "
                        "program is built; use paddle.static.nn.cond for a data-dependent branch")


# Variable of a static program, whose objects C++ makes for symbolic tensors.
_core._set_variable_type(Variable)


class Parameter(Variable, EagerParamBase):
    """A trainable persistable variable of a static program
    (``paddle.static.create_parameter``, layers built in static mode): its
    initializer runs in the startup program.

    Example:
        >>> paddle.enable_static()
        >>> w = paddle.static.create_parameter([3, 2], "float32")
        >>> w.persistable, w.trainable
        (True, True)
        >>> paddle.disable_static()
    """

    def __repr__(self):
        return Variable.to_string(self)

    __str__ = __repr__


class Operator:
    """One op of a block (a view: it reads and writes the program's op).

    Args:
        block (Block): The block the op is in.
        idx (int): The op's position in the block's ops.

    Returns:
        Operator: The view; ``Block.ops`` makes these, users do not construct them.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> op = paddle.static.default_main_program().global_block().ops[0]
        >>> op.type, op.input("X"), op.input("Y")
        ('mul', ['x'], ['fc_0.w_0'])
        >>> op.attr("x_num_col_dims")
        1
        >>> paddle.disable_static()
    """

    def __init__(self, block, idx):
        self.block = block
        self.idx = idx

    def _info(self):
        return self.block.program._desc.op(self.block.idx, self.idx)

    @property
    def type(self):
        return self._info()["type"]

    def input(self, name):
        """The variable names bound to input slot ``name``."""
        return list(self._info()["inputs"].get(name, []))

    def output(self, name):
        return list(self._info()["outputs"].get(name, []))

    @property
    def input_names(self):
        return list(self._info()["inputs"])

    @property
    def output_names(self):
        return list(self._info()["outputs"])

    @property
    def input_arg_names(self):
        return [n for names in self._info()["inputs"].values() for n in names]

    @property
    def output_arg_names(self):
        return [n for names in self._info()["outputs"].values() for n in names]

    @property
    def attr_names(self):
        return list(self._info()["attr_names"])

    def has_attr(self, name):
        return name in self._info()["attr_names"]

    def attr(self, name):
        if not self.has_attr(name):
            raise ValueError(f"[Operator.attr] op '{self.type}' has no attribute '{name}'")
        return self.block.program._desc.op_attr(self.block.idx, self.idx, name)

    def all_attrs(self):
        return {n: self.attr(n) for n in self.attr_names}

    def _set_attr(self, name, value):
        self.block.program._desc.set_op_attr(self.block.idx, self.idx, name, value)

    _update_desc_attr = _set_attr

    def _rename_input(self, old, new):
        ins = {s: [new if n == old else n for n in names]
               for s, names in self._info()["inputs"].items()}
        self.block.program._desc.set_op_io(self.block.idx, self.idx, ins, {})

    def _rename_output(self, old, new):
        outs = {s: [new if n == old else n for n in names]
                for s, names in self._info()["outputs"].items()}
        self.block.program._desc.set_op_io(self.block.idx, self.idx, {}, outs)

    def __repr__(self):
        info = self._info()
        outs = ", ".join(f"{k}={v}" for k, v in info["outputs"].items())
        ins = ", ".join(f"{k}={v}" for k, v in info["inputs"].items())
        return f"{{{outs}}} = {info['type']}(inputs={{{ins}}})"

    __str__ = __repr__


def _names(value, what):
    """Slot arguments of append_op: Variables or names, one or a list."""
    if value is None:
        return []
    items = value if isinstance(value, (list, tuple)) else [value]
    out = []
    for v in items:
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, Tensor) and v._static_ref() is not None:
            out.append(v.name)
        else:
            raise TypeError(f"[append_op] {what} must be Variables or variable names, got "
                            f"{type(v).__name__}")
    return out


class Block:
    """A block of a program: its variables and its ops, in order.

    Args:
        program (Program): The program the block is in.
        idx (int): The block's index in the program (0 for the global block).

    Returns:
        Block: The view; ``Program.global_block()`` and ``Program.block(i)`` make these,
        users do not construct them.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> block = paddle.static.default_main_program().global_block()
        >>> block.idx, [op.type for op in block.ops]
        (0, ['mul', 'elementwise_add'])
        >>> block.has_var("x"), [p.name for p in block.all_parameters()]
        (True, ['fc_0.w_0', 'fc_0.b_0'])
        >>> paddle.disable_static()
    """

    def __init__(self, program, idx):
        self.program = program
        self.idx = idx

    @property
    def parent_idx(self):
        return self.program._desc.block_parent(self.idx)

    @property
    def forward_block_idx(self):
        return -1

    @property
    def ops(self):
        return [Operator(self, i) for i in range(self.program._desc.op_count(self.idx))]

    @property
    def vars(self):
        return {n: self.var(n) for n in self.program._desc.var_names(self.idx)}

    def has_var(self, name):
        return self.program._desc.has_var(self.idx, name)

    def var(self, name):
        """The variable ``name`` declared in this block (ValueError if absent)."""
        if not isinstance(name, str):
            raise TypeError(f"[Block.var] name must be a str, got {type(name).__name__}")
        if not self.has_var(name):
            raise ValueError(f"var {name} not in this block")
        info = self.program._desc.var_info(self.idx, name)
        cls = Parameter if info["is_parameter"] else None
        v = self.program._desc.var(self.idx, name, cls)
        return v

    def _var_recursive(self, name):
        b = self.program._desc.find_var_block(self.idx, name)
        if b < 0:
            raise ValueError(f"Var {name} is not found recursively")
        return self.program.block(b).var(name)

    _find_var_recursive = _var_recursive

    def create_var(self, name=None, shape=None, dtype=None, type=None, persistable=False,
                   stop_gradient=True, lod_level=None, need_check_feed=False, **kwargs):
        """Declares a variable (a fresh ``_generated_var_N`` name when none is given)."""
        from ..utils import unique_name

        name = name or unique_name.generate("_generated_var")
        kind = {v: k for k, v in _VAR_KINDS.items()}.get(type) if isinstance(type, str) else type
        self.program._desc.set_var(
            self.idx, name, shape=list(shape) if shape is not None else None,
            dtype=_dtype.convert_dtype(dtype) if dtype is not None else None, kind=kind,
            persistable=persistable, stop_gradient=stop_gradient, lod_level=lod_level,
            need_check_feed=need_check_feed)
        return self.var(name)

    def create_parameter(self, *args, **kwargs):
        from .data import create_parameter

        return create_parameter(*args, **kwargs)

    def append_op(self, type, inputs=None, outputs=None, attrs=None, **kwargs):
        """Appends op ``type`` with slots bound to Variables (or names); output
        variables the block lacks are declared; shapes are inferred."""
        ins = {k: _names(v, f"input '{k}'") for k, v in (inputs or {}).items()}
        outs = {k: _names(v, f"output '{k}'") for k, v in (outputs or {}).items()}
        idx = self.program._desc.append_op(self.idx, type, ins, outs, dict(attrs or {}))
        return Operator(self, idx)

    def _remove_op(self, index, sync=True):
        self.program._desc.remove_ops(self.idx, index, index + 1)

    def _remove_var(self, name, sync=True):
        self.program._desc.remove_var(self.idx, name)

    def all_parameters(self):
        return [v for v in self.vars.values() if v.is_parameter]

    def iter_parameters(self):
        return iter(self.all_parameters())

    def to_string(self, throw_on_error=True, with_details=False):
        return self.program._desc.block_text(self.idx)

    __str__ = to_string

    def __repr__(self):
        return f"Block(idx={self.idx}, ops={self.program._desc.op_count(self.idx)})"


class Program:
    """A static program: blocks of variables and ops, built by the paddle
    functions called under ``program_guard`` (or on the default programs in
    static mode) and run by ``paddle.static.Executor``. It serializes to
    PaddlePaddle's ``ProgramDesc`` protobuf.

    Example:
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [2], "float32")
        ...     y = x * 2.0
        >>> [op.type for op in main.global_block().ops]
        ['scale']
        >>> paddle.disable_static()
    """

    def __init__(self):
        self._init(_core.StaticProgram())

    def _init(self, desc):
        self._desc = desc
        self._current_block_idx = 0
        self._lr_scheduler = None  # (scheduler, lr variable name) set by an optimizer
        self._is_test = False
        _programs[id(desc)] = self

    @classmethod
    def _wrap(cls, desc):
        p = cls.__new__(cls)
        p._init(desc)
        return p

    @property
    def random_seed(self):
        """The seed given to the random ops built into the program afterwards
        (dropout, initializers): each run then draws the same numbers. 0 (the
        default): they draw from the global generator (``paddle.seed``)."""
        return self._desc.random_seed

    @random_seed.setter
    def random_seed(self, seed):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"Program.random_seed's input seed must be an integer, but "
                             f"received {type(seed).__name__}")
        if not -2**31 <= seed < 2**31:
            raise ValueError(f"Program.random_seed must fit in 32 bits, got {seed}")
        self._desc.random_seed = seed

    @property
    def num_blocks(self):
        return self._desc.num_blocks

    @property
    def blocks(self):
        return [self.block(i) for i in range(self.num_blocks)]

    def global_block(self):
        return Block(self, 0)

    def block(self, index):
        if not 0 <= index < self.num_blocks:
            raise IndexError(f"[Program.block] block {index} does not exist (the program has "
                             f"{self.num_blocks})")
        return Block(self, index)

    def current_block(self):
        return Block(self, self._current_block_idx)

    def _create_block(self, parent_idx=None):
        parent = self._current_block_idx if parent_idx is None else parent_idx
        self._current_block_idx = self._desc.append_block(parent)
        mode._retarget()
        return self.current_block()

    def _rollback(self):
        self._current_block_idx = self._desc.block_parent(self._current_block_idx)
        mode._retarget()

    def list_vars(self):
        for b in self.blocks:
            yield from b.vars.values()

    def all_parameters(self):
        return [p for b in self.blocks for p in b.all_parameters()]

    def clone(self, for_test=False):
        """A copy of the program. ``for_test=True`` keeps only the forward ops
        (no backward or optimizer ops) and switches ops with an ``is_test``
        attribute (dropout, batch_norm) to inference behaviour."""
        p = Program._wrap(self._desc.clone())
        p._lr_scheduler = self._lr_scheduler
        if for_test:
            p._prune_to_forward()
            p._is_test = True
        return p

    def _prune_to_forward(self):
        for b in range(self.num_blocks):
            ops = self._desc.op_count(b)
            for i in reversed(range(ops)):
                role = (self._desc.op_attr(b, i, "op_role")
                        if "op_role" in self._desc.op(b, i)["attr_names"] else 0)
                if role & (OP_ROLE_BACKWARD | OP_ROLE_OPTIMIZE):
                    self._desc.remove_ops(b, i, i + 1)
                elif "is_test" in self._desc.op(b, i)["attr_names"]:
                    self._desc.set_op_attr(b, i, "is_test", True)
            used = set()
            for i in range(self._desc.op_count(b)):
                op = self._desc.op(b, i)
                for names in list(op["inputs"].values()) + list(op["outputs"].values()):
                    used.update(names)
            for name in self._desc.var_names(b):
                if "@GRAD" in name and name not in used:
                    self._desc.remove_var(b, name)

    def to_string(self, throw_on_error=True, with_details=False):
        """One line per variable and op of each block."""
        if not isinstance(throw_on_error, bool) or not isinstance(with_details, bool):
            raise TypeError("[Program.to_string] throw_on_error and with_details must be bool")
        return "\n".join(f"block {b}:\n{self._desc.block_text(b)}" for b in range(self.num_blocks))

    def __str__(self):
        return self.to_string()

    def serialize_to_string(self):
        """The program as PaddlePaddle's ProgramDesc protobuf bytes."""
        return self._desc.serialize()

    @staticmethod
    def parse_from_string(binary_str):
        """A Program from ProgramDesc protobuf bytes."""
        return Program._wrap(_core.StaticProgram.parse(bytes(binary_str)))

    def _version(self):
        return self._desc.version

    def state_dict(self, mode="all", scope=None):
        """The values of the persistable variables (``mode``: 'all', 'param'
        or 'opt') from ``scope`` (default global_scope()), as Tensors by name."""
        from .executor import global_scope
        from .io import _persistable_values

        if mode not in ("all", "param", "opt"):
            raise ValueError(f"[Program.state_dict] mode must be 'all', 'param' or 'opt', got "
                             f"{mode!r}")
        return _persistable_values(self, scope or global_scope(), mode)

    def set_state_dict(self, state_dict, scope=None):
        from .executor import global_scope
        from .io import _set_persistables

        _set_persistables(self, state_dict, scope or global_scope())


_main_program = Program()
_startup_program = Program()


def default_main_program():
    """The program static-mode ops go to outside any ``program_guard``.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> [op.type for op in paddle.static.default_main_program().global_block().ops]
        ['mul', 'elementwise_add']
        >>> paddle.disable_static()
    """
    return _main_program


def default_startup_program():
    """The program that initializes the parameters of the default main program.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> startup = paddle.static.default_startup_program()
        >>> [v.name for v in startup.list_vars() if v.persistable]  # what it initializes
        ['fc_0.w_0', 'fc_0.b_0']
        >>> _ = paddle.static.Executor().run(startup)
        >>> paddle.disable_static()
    """
    return _startup_program


@contextlib.contextmanager
def program_guard(main_program, startup_program=None):
    """Builds into ``main_program`` (and initializes parameters in
    ``startup_program``) inside the block.

    Args:
        main_program (Program): The program that ops and variables built in the block go to.
        startup_program (Program, optional): The program the parameters' initializers go
            to; None (the default) keeps the current startup program.

    Returns:
        A context manager; the previous programs come back when the block exits.

    Example:
        >>> paddle.enable_static()
        >>> main, startup = paddle.static.Program(), paddle.static.Program()
        >>> with paddle.static.program_guard(main, startup):
        ...     x = paddle.static.data("x", [None, 4])
        ...     y = paddle.static.nn.fc(x, 2)
        >>> len(startup.global_block().ops) > 0
        True
        >>> paddle.disable_static()
    """
    global _main_program, _startup_program
    if not isinstance(main_program, Program):
        raise TypeError(f"[program_guard] main_program must be a paddle.static.Program, got "
                        f"{type(main_program).__name__}")
    if startup_program is not None and not isinstance(startup_program, Program):
        raise TypeError(f"[program_guard] startup_program must be a paddle.static.Program, got "
                        f"{type(startup_program).__name__}")
    old = _main_program, _startup_program
    _main_program = main_program
    if startup_program is not None:
        _startup_program = startup_program
    mode._retarget()
    try:
        yield
    finally:
        _main_program, _startup_program = old
        mode._retarget()


_scopes = []


@contextlib.contextmanager
def name_scope(prefix=None):
    """Names the ops built inside (their ``op_namescope`` attribute), nested
    as ``/outer/inner/``; a no-op in eager mode.

    Args:
        prefix (str, optional): The scope's name, appended to the enclosing scopes'; None
            (the default) or "" adds no level.

    Returns:
        A context manager; the enclosing name scope comes back when the block exits.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> with paddle.static.name_scope("encoder"):
        ...     with paddle.static.name_scope("layer1"):
        ...         y = paddle.nn.functional.relu(x)
        >>> paddle.static.default_main_program().global_block().ops[-1].attr("op_namescope")
        '/encoder/layer1/'
        >>> paddle.disable_static()
    """
    if prefix is not None and not isinstance(prefix, str):
        raise TypeError(f"[name_scope] prefix must be a str, got {type(prefix).__name__}")
    _scopes.append(prefix or "")
    _core._set_name_scope("/" + "".join(s + "/" for s in _scopes if s))
    try:
        yield
    finally:
        _scopes.pop()
        _core._set_name_scope("/" + "".join(s + "/" for s in _scopes if s))


@contextlib.contextmanager
def _build_into(program, block=0):
    """Builds into ``program``'s block (the startup program's initializers)."""
    old = _core._build_target()
    _core._set_build_target(program._desc, block)
    try:
        yield
    finally:
        _core._set_build_target(*old)


@contextlib.contextmanager
def _op_role(role):
    old = _core._op_role()
    _core._set_op_role(role)
    try:
        yield
    finally:
        _core._set_op_role(old)
