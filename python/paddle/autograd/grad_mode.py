"""Switching gradient recording off and on: paddle.no_grad (a context manager
and a decorator), enable_grad, set_grad_enabled, is_grad_enabled."""
import functools

from .. import _core


class _GradSwitch:
    _enabled = None

    def __enter__(self):
        self._prev = _core.is_grad_enabled()
        _core.set_grad_enabled(self._enabled)
        return self

    def __exit__(self, *exc):
        _core.set_grad_enabled(self._prev)
        return False

    def __call__(self, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with type(self)():
                return func(*args, **kwargs)
        return wrapper


class no_grad(_GradSwitch):  # noqa: N801  (PaddlePaddle's name)
    """Ops run inside ``with paddle.no_grad():`` (or in a function decorated
    with ``@paddle.no_grad()``) record no gradients.

    Example:
        >>> x = paddle.to_tensor([1.0], stop_gradient=False)
        >>> with paddle.no_grad():
        ...     y = x * 2
        >>> y.stop_gradient
        True
    """
    _enabled = False


class enable_grad(_GradSwitch):  # noqa: N801
    """Turns gradient recording back on inside a no_grad region.

    Example:
        >>> with paddle.no_grad():
        ...     with paddle.enable_grad():
        ...         pass
    """
    _enabled = True


class set_grad_enabled:  # noqa: N801
    """Turns gradient recording on or off, for a ``with`` block.

    Args:
        mode (bool): True records gradients, False does not. The switch happens when the
            object is made, so a plain call ``paddle.set_grad_enabled(False)`` also works;
            leaving the ``with`` block restores the previous state.

    Example:
        >>> with paddle.set_grad_enabled(False):
        ...     pass
    """

    def __init__(self, mode):
        self._prev = _core.is_grad_enabled()
        _core.set_grad_enabled(bool(mode))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        _core.set_grad_enabled(self._prev)
        return False


def is_grad_enabled():
    """Whether ops record gradients now.

    Returns:
        bool: False inside paddle.no_grad() (or set_grad_enabled(False)), else True.

    Example:
        >>> paddle.is_grad_enabled()
        True
    """
    return _core.is_grad_enabled()
