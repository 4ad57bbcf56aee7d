"""paddle.jit's switches for PaddlePaddle's source-to-source conversion
(dy2static): not_to_static, ignore_module, enable_to_static, set_code_level,
set_verbosity. This build's to_static never rewrites Python code (functions
run eagerly and jit.save records their ops), so these settings are checked
and kept for scripts written for PaddlePaddle, and change no result."""
import types

__all__ = ["not_to_static", "ignore_module", "enable_to_static", "set_code_level",
           "set_verbosity"]

_settings = {"enable_to_static": True, "code_level": 100, "verbosity": 0,
             "also_to_stdout": False}
_ignored_modules = set()


def not_to_static(func=None):
    """Marks a function to run as plain Python under ``to_static`` (what
    every function does in this build); usable as ``@not_to_static`` or
    ``@not_to_static()``.

    Args:
        func (callable, optional): The function to mark; None (the default) returns the
            decorator.

    Returns:
        callable: ``func`` itself (or the decorator).

    Example:
        >>> @paddle.jit.not_to_static
        ... def helper(x):
        ...     return x + 1
        >>> helper(1)
        2
    """
    if func is None:
        return not_to_static
    if not callable(func):
        raise TypeError(f"[not_to_static] func must be callable, got {type(func).__name__}")
    func._not_to_static = True
    return func


def ignore_module(modules):
    """Adds modules whose functions ``to_static`` leaves as they are (in this
    build it leaves every function as it is).

    Args:
        modules (list): Python module objects.

    Returns:
        None.

    Example:
        >>> import math
        >>> paddle.jit.ignore_module([math])
    """
    if not isinstance(modules, (list, tuple)) or \
            not all(isinstance(m, types.ModuleType) for m in modules):
        raise TypeError(f"[ignore_module] modules must be a list of modules, got {modules!r}")
    _ignored_modules.update(m.__name__ for m in modules)


def enable_to_static(enable_to_static_bool):
    """Turns ``to_static``'s conversion on or off globally; functions run
    eagerly either way in this build.

    Args:
        enable_to_static_bool (bool): Whether conversion is on.

    Returns:
        None.

    Example:
        >>> paddle.jit.enable_to_static(False)
        >>> paddle.jit.enable_to_static(True)
    """
    if not isinstance(enable_to_static_bool, bool):
        raise TypeError(f"[enable_to_static] enable_to_static_bool must be a bool, got "
                        f"{type(enable_to_static_bool).__name__}")
    _settings["enable_to_static"] = enable_to_static_bool


def _level(level, also_to_stdout, fn):
    if not isinstance(level, int) or isinstance(level, bool):
        raise TypeError(f"[{fn}] level must be an int, got {type(level).__name__}")
    if not isinstance(also_to_stdout, bool):
        raise TypeError(f"[{fn}] also_to_stdout must be a bool, got "
                        f"{type(also_to_stdout).__name__}")
    _settings["also_to_stdout"] = also_to_stdout


def set_code_level(level=100, also_to_stdout=False):
    """Sets which conversion steps' code ``to_static`` logs (this build
    converts no code, so nothing is logged).

    Args:
        level (int, optional): The last conversion step to log; 100 (the default) is the
            final code.
        also_to_stdout (bool, optional): Whether to print to stdout too. Default False.

    Returns:
        None.

    Example:
        >>> paddle.jit.set_code_level(2)
    """
    _level(level, also_to_stdout, "set_code_level")
    _settings["code_level"] = level


def set_verbosity(level=0, also_to_stdout=False):
    """Sets how much ``to_static``'s conversion logs (this build converts
    nothing, so nothing is logged).

    Args:
        level (int, optional): The verbosity, 0 (the default) the least.
        also_to_stdout (bool, optional): Whether to print to stdout too. Default False.

    Returns:
        None.

    Example:
        >>> paddle.jit.set_verbosity(1)
    """
    _level(level, also_to_stdout, "set_verbosity")
    _settings["verbosity"] = level
