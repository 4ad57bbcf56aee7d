"""paddle.seed: one seed for every random op of the process; get_rng_state/
set_rng_state save and restore the generator's state."""
from .. import _core


def seed(seed):
    """Seeds the global random generator: random ops (``paddle.rand``, dropout,
    initializers) then give the same numbers on every run.

    Args:
        seed (int): a non-negative integer.

    Returns:
        Generator: the default CPU generator, now seeded (``paddle.manual_seed`` is this
        function).

    Example:
        >>> paddle.seed(2023).initial_seed()
        2023
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, got {type(seed).__name__}")
    if seed < 0 or seed >= 2**64:
        raise ValueError(f"seed must be in [0, 2**64), got {seed}")
    _core.manual_seed(seed)
    from .generator import Generator  # (generator.py builds on this module)

    return Generator()


class GeneratorState:
    """A saved state of the random generator (what :func:`get_rng_state`
    returns and :func:`set_rng_state` takes back).

    Args:
        state (str): the generator's state as the core wrote it.

    Example:
        >>> state = paddle.get_rng_state()[0]
        >>> type(state).__name__
        'GeneratorState'
    """

    def __init__(self, state):
        self._state = state

    def current_seed(self):
        """The seed the generator last started from before this state was saved.

        Returns:
            int: that seed.

        Example:
            >>> _ = paddle.seed(5)
            >>> paddle.get_rng_state()[0].current_seed()
            5
        """
        return int(self._state.split(" ", 1)[0])


def _check_cpu(device, fn):
    if device is None:
        return
    if not isinstance(device, str):
        raise TypeError(f"[{fn}] device must be a str or None, got {type(device).__name__}")
    if not device.lower().startswith("cpu"):
        raise ValueError(f"[{fn}] The device should not be {device!r}, since paddle is not "
                         "compiled with CUDA")


def get_rng_state(device=None):
    """The state of the random generator, to restore later with :func:`set_rng_state`
    (the random ops then repeat the numbers they gave after this call).

    Args:
        device (str, optional): 'cpu' or None (the only generator here). Default: None.

    Returns:
        list: one GeneratorState.

    Example:
        >>> state = paddle.get_rng_state()
        >>> a = paddle.rand([3])
        >>> paddle.set_rng_state(state)
        >>> bool((paddle.rand([3]) == a).all())
        True
    """
    _check_cpu(device, "get_rng_state")
    return [GeneratorState(_core.rng_state())]


def set_rng_state(state_list, device=None):
    """Restores the random generator to a state :func:`get_rng_state` saved.

    Args:
        state_list (list|tuple): what get_rng_state returned (one GeneratorState).
        device (str, optional): 'cpu' or None (the only generator here). Default: None.

    Returns:
        None.

    Example:
        >>> state = paddle.get_rng_state()
        >>> paddle.set_rng_state(state)
    """
    _check_cpu(device, "set_rng_state")
    if not isinstance(state_list, (list, tuple)) or len(state_list) != 1:
        raise ValueError(f"[set_rng_state] state_list must be a list of one GeneratorState "
                         f"(what get_rng_state returns), got {state_list!r}")
    state = state_list[0]
    if not isinstance(state, GeneratorState):
        raise TypeError(f"[set_rng_state] state_list[0] must be a GeneratorState, got "
                        f"{type(state).__name__}")
    _core.set_rng_state(state._state)
