"""Eager or static: ``paddle.enable_static()`` makes the paddle functions
append ops to the current block of the default main program (C++ holds the
target, core/eager/static_build.h) instead of running them."""
from .. import _core

__all__ = ["enable_static", "disable_static", "in_dynamic_mode"]

_static = False


def enable_static():
    """Static (declarative) mode: paddle functions build ops of
    ``default_main_program()`` and parameters are initialized by
    ``default_startup_program()``; ``paddle.static.Executor`` runs them.

    Example:
        >>> paddle.enable_static()
        >>> paddle.in_dynamic_mode()
        False
        >>> paddle.disable_static()
    """
    global _static
    _static = True
    _retarget()


def disable_static(place=None):
    """Back to eager mode (the default).

    Args:
        place (paddle.CPUPlace|paddle.CUDAPlace|str, optional): The device for eager mode;
            accepted for PaddlePaddle compatibility (tensors stay on the CPU here). Default
            None.

    Example:
        >>> paddle.disable_static()
        >>> paddle.in_dynamic_mode()
        True
    """
    global _static
    _static = False
    _retarget()


def in_dynamic_mode():
    """True in eager mode (the default), False after ``paddle.enable_static()``.

    Returns:
        bool: True in eager mode.

    Example:
        >>> paddle.in_dynamic_mode()
        True
    """
    return not _static


def _retarget():
    """Points the C++ builder at the current block of the default main
    program (static mode) or at nothing (eager mode)."""
    if _static:
        from .program import default_main_program

        main = default_main_program()
        _core._set_build_target(main._desc, main._current_block_idx)
    else:
        _core._set_build_target(None, 0)


def _building():
    """Whether ops are being built (static mode, or a program being filled)."""
    return _core._build_target()[0] is not None
