"""paddle.static.Executor: runs a program's global block in a Scope, feeding
NumPy arrays by variable name and fetching variables back. Preparation is
cached per program (and its changes), scope, feed names and fetch names
(core/pybind/static_executor.cc), so a training loop does not prepare each step."""
import contextlib

import numpy as np

from .. import _core
from .program import Program, Variable, default_main_program

__all__ = ["Executor", "global_scope", "scope_guard", "Scope"]

Scope = _core.Scope
_global_scope = _core.Scope()


def global_scope():
    """The scope programs run in by default (where parameters live).

    Example:
        >>> isinstance(paddle.static.global_scope(), paddle.static.Scope)
        True
    """
    return _global_scope


@contextlib.contextmanager
def scope_guard(scope):
    """Makes ``scope`` the global scope inside the block.

    Args:
        scope (paddle.static.Scope): The scope that ``paddle.static.global_scope()`` returns
            (and the executor reads and writes variables of) inside the ``with`` block;
            anything else raises TypeError.

    Returns:
        A context manager; the previous global scope comes back when the block exits.

    Example:
        >>> with paddle.static.scope_guard(paddle.static.Scope()):
        ...     pass
    """
    global _global_scope
    if not isinstance(scope, Scope):
        raise TypeError(f"[scope_guard] scope must be a paddle.static.Scope, got "
                        f"{type(scope).__name__}")
    old, _global_scope = _global_scope, scope
    try:
        yield
    finally:
        _global_scope = old


def _fetch_name(item):
    if isinstance(item, str):
        return item
    if isinstance(item, _core.Tensor) and item._static_ref() is not None:
        return item.name
    raise TypeError(f"[Executor.run] fetch_list holds a {type(item).__name__}; it takes "
                    "Variables of the program or their names")


class Executor:
    """Runs static programs on a place (CPU here).

    Args:
        place (optional): accepted for compatibility (``paddle.CPUPlace()``);
            programs run on the CPU.

    Example:
        >>> paddle.enable_static()
        >>> main, startup = paddle.static.Program(), paddle.static.Program()
        >>> with paddle.static.program_guard(main, startup):
        ...     x = paddle.static.data("x", [None, 2])
        ...     y = x * 3.0
        >>> exe = paddle.static.Executor()
        >>> _ = exe.run(startup)
        >>> exe.run(main, feed={"x": np.ones([1, 2], "float32")}, fetch_list=[y])[0]
        array([[3., 3.]], dtype=float32)
        >>> paddle.disable_static()
    """

    def __init__(self, place=None):
        self.place = place
        self._runner = _core.StaticExecutor()
        self._closed = False

    def close(self):
        """Releases the prepared programs; the executor cannot run afterwards."""
        self._runner.close()
        self._closed = True

    def run(self, program=None, feed=None, fetch_list=None, feed_var_name="feed",
            fetch_var_name="fetch", scope=None, return_numpy=True, use_program_cache=False,
            use_prune=False):
        """Runs ``program`` (default: the default main program) once.

        Args:
            program (Program|CompiledProgram, optional): what to run.
            feed (dict, optional): variable name -> NumPy array (cast to the
                variable's dtype) or Tensor.
            fetch_list (list, optional): Variables or names to return.
            scope (Scope, optional): default ``global_scope()``.
            return_numpy (bool): NumPy arrays (default) or Tensors.

        Returns:
            list: the fetched values, in ``fetch_list`` order.
        """
        if self._closed:
            raise RuntimeError("[Executor.run] the executor is closed")
        if program is None:
            program = default_main_program()
        compiled = program if hasattr(program, "_program_for") else None
        if compiled is not None:
            program = compiled._program
        if not isinstance(program, Program):
            raise TypeError(f"[Executor.run] program must be a paddle.static.Program, got "
                            f"{type(program).__name__}")
        if feed is None:
            feed = {}
        if not isinstance(feed, dict):
            raise TypeError(f"[Executor.run] feed must be a dict of name -> value, got "
                            f"{type(feed).__name__}")
        feed = {(k.name if isinstance(k, Variable) else k): v for k, v in feed.items()}
        if fetch_list is None:
            fetch_list = []
        elif not isinstance(fetch_list, (list, tuple)):
            fetch_list = [fetch_list]
        fetch = [_fetch_name(f) for f in fetch_list]
        scope = scope if scope is not None else global_scope()
        if compiled is not None:
            # The program its build strategy's passes made for these feeds and fetches.
            lr_scheduler = program._lr_scheduler
            program = compiled._program_for(list(feed), fetch, scope)
            program._lr_scheduler = lr_scheduler
        if program._lr_scheduler is not None:
            # The scheduler's current rate goes into the program's rate variable each run.
            sched, lr_name, np_dtype = program._lr_scheduler
            scope.var(lr_name).get_tensor().set(np.asarray([sched.last_lr], dtype=np_dtype))
        return self._runner.run(program._desc, scope, feed, fetch, bool(return_numpy))
