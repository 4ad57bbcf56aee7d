"""paddle.seed: one seed for every random op of the process."""
from .. import _core


def seed(seed):
    """Seeds the global random generator: random ops (``paddle.rand``, dropout,
    initializers) then give the same numbers on every run.

    Args:
        seed (int): a non-negative integer.

    Example:
        >>> paddle.seed(2023)
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, got {type(seed).__name__}")
    if seed < 0 or seed >= 2**64:
        raise ValueError(f"seed must be in [0, 2**64), got {seed}")
    _core.manual_seed(seed)
