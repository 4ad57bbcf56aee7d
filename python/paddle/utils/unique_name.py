"""Unique names for layers and parameters: ``generate("linear")`` gives
``linear_0``, then ``linear_1``, ... (one counter per prefix, per process or
per ``guard`` block)."""
import collections
import contextlib

from .. import _core

__all__ = ["generate", "guard", "switch"]


class UniqueNameGenerator:
    """Counts the names handed out per prefix."""

    def __init__(self, prefix=""):
        self.prefix = prefix
        self.ids = collections.defaultdict(int)
        # The counts of the static-mode op output names (``mul_0.tmp_0``: C++,
        # core/eager/static_build.h) while another generator is the current one.
        self.op_name_counts = {}

    def __call__(self, key):
        n = self.ids[key]
        self.ids[key] += 1
        return f"{self.prefix}{key}_{n}"


_generator = UniqueNameGenerator()


def generate(key):
    """The next unique name for ``key``: ``key_0``, ``key_1``, ...

    Args:
        key (str): The name's prefix (TypeError for anything else).

    Returns:
        str: ``key`` followed by ``_`` and its count so far in the current generator.

    Example:
        >>> paddle.utils.unique_name.generate("fc")
        'fc_0'
    """
    if not isinstance(key, str):
        raise TypeError(f"[unique_name.generate] key must be a str, got {type(key).__name__}")
    return _generator(key)


def switch(new_generator=None):
    """Makes ``new_generator`` (a fresh one when None) the current generator and
    returns the previous one.

    Args:
        new_generator (UniqueNameGenerator, optional): The generator to make current; None (the
            default) makes a fresh one.

    Returns:
        UniqueNameGenerator: The generator that was current before.

    Example:
        >>> old = paddle.utils.unique_name.switch()
        >>> _ = paddle.utils.unique_name.switch(old)
    """
    global _generator
    old = _generator
    _generator = new_generator if new_generator is not None else UniqueNameGenerator()
    if _generator is not old:
        old.op_name_counts = _core._swap_unique_name_counts(_generator.op_name_counts)
    return old


@contextlib.contextmanager
def guard(new_generator=None):
    """Inside the block names count from zero again (or with ``new_generator``,
    a generator or a str prefix); the previous counters come back after it.

    Args:
        new_generator (str|UniqueNameGenerator, optional): The generator to use in the block,
            or a str prefix for a fresh one; None (the default) is a fresh one without prefix.
            Anything else raises TypeError.

    Returns:
        contextmanager: A context manager; the names generated inside the block come from the
        new generator.

    Example:
        >>> with paddle.utils.unique_name.guard():
        ...     paddle.utils.unique_name.generate("fc")
        'fc_0'
    """
    if isinstance(new_generator, str):
        new_generator = UniqueNameGenerator(new_generator)
    elif new_generator is not None and not isinstance(new_generator, UniqueNameGenerator):
        raise TypeError("[unique_name.guard] new_generator must be a str or a "
                        f"UniqueNameGenerator, got {type(new_generator).__name__}")
    old = switch(new_generator)
    try:
        yield
    finally:
        switch(old)
