"""paddle.utils.deprecated: marks an API deprecated in its docstring and,
by level, warns or refuses when it is called."""
import functools
import inspect
import warnings

__all__ = ["deprecated", "VisibleDeprecationWarning"]


class VisibleDeprecationWarning(UserWarning):
    """A deprecation warning Python shows by default (DeprecationWarning is
    hidden outside __main__); ``deprecated(level=1)`` warns with it.

    Example:
        >>> from paddle.utils.deprecation import VisibleDeprecationWarning
        >>> issubclass(VisibleDeprecationWarning, UserWarning)
        True
    """


def deprecated(update_to="", since="", reason="", level=0):
    """A decorator marking a function or class deprecated: its docstring gets
    a warning; calling it warns (level 1) or raises RuntimeError (level 2).

    Args:
        update_to (str, optional): The API to use instead, starting with ``"paddle."``.
            Default "".
        since (str, optional): The version since which it is deprecated. Default "".
        reason (str, optional): Why. Default "".
        level (int, optional): 0 (the default) only marks the docstring, 1 also warns with a
            ``VisibleDeprecationWarning`` at each call, 2 raises RuntimeError at each call.

    Returns:
        callable: The decorator.

    Example:
        >>> @paddle.utils.deprecated(update_to="paddle.add", since="2.0", level=1)
        ... def old_add(x, y):
        ...     return x + y
        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     old_add(1, 2)
        3
        >>> "paddle.add" in str(caught[0].message)
        True
    """
    for what, value in (("update_to", update_to), ("since", since), ("reason", reason)):
        if not isinstance(value, str):
            raise TypeError(f"[deprecated] {what} must be a str, got {type(value).__name__}")
    if not isinstance(level, int) or level not in (0, 1, 2):
        raise ValueError(f"[deprecated] level must be 0, 1 or 2, got {level!r}")
    if update_to.strip() and not update_to.strip().startswith("paddle."):
        raise ValueError(f"[deprecated] update_to must start with 'paddle.', got {update_to!r}")

    def decorator(func):
        name = f"{func.__module__}.{func.__name__}"
        msg = f'API "{name}" is deprecated'
        msg += f" since {since.strip()}" if since.strip() else ""
        msg += ", and will be removed in future versions."
        msg += f' Please use "{update_to.strip()}" instead.' if update_to.strip() else ""
        msg += f"\n    Reason: {reason.strip()}" if reason.strip() else ""
        if func.__doc__:
            func.__doc__ = f"\n\nWarning:\n    {msg}\n\n" + inspect.cleandoc(func.__doc__)
        if level == 0:
            return func

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if level == 2:
                raise RuntimeError(f'API "{name}" has been deprecated.')
            warnings.warn(f"\nWarning:\n{msg}", category=VisibleDeprecationWarning, stacklevel=2)
            return func(*args, **kwargs)
        return wrapper
    return decorator
