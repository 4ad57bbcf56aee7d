"""paddle.set_flags / paddle.get_flags (PaddlePaddle's names and behaviour).

Thin Python wrappers so the functions have real signatures and docstrings for
help() and the API spec; the flag registry itself is C++ (core/base/flags.h).
"""
from . import _core


def set_flags(flags):
    """Sets process-wide flags.

    Args:
        flags (dict): ``{"FLAGS_name": value}``. Each value is converted to the
            flag's type (bool, int, float or str).

    Raises:
        NotFoundError: a name is not a known flag (nothing is set).
        InvalidArgumentError: a value does not convert to the flag's type.
        TypeError: ``flags`` is not a dict, or a value is of no flag type.

    Example:
        >>> paddle.set_flags({"FLAGS_allocator_strategy": "chunked"})
        >>> paddle.get_flags("FLAGS_allocator_strategy")
        {'FLAGS_allocator_strategy': 'chunked'}
        >>> paddle.set_flags({"FLAGS_allocator_strategy": "auto_growth"})  # the default again
    """
    _core.set_flags(flags)


def get_flags(flags):
    """Returns the current values of flags.

    Args:
        flags (str | list[str] | tuple[str]): one flag name or several.

    Returns:
        dict: ``{"FLAGS_name": value}`` (keys carry the ``FLAGS_`` prefix).

    Raises:
        NotFoundError: a name is not a known flag.

    Example:
        >>> paddle.get_flags("FLAGS_allocator_strategy")
        {'FLAGS_allocator_strategy': 'auto_growth'}
    """
    return _core.get_flags(flags)
