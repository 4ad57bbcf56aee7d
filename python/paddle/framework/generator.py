"""paddle.Generator and the CUDA state functions of PaddlePaddle 3.3.1, on a CPU build: the
one generator is the process's default CPU generator (what paddle.seed seeds), and there are
no CUDA generators (their state lists are empty)."""

from .. import _core
from .random import GeneratorState, seed as _seed


class Generator:
    """The random generator of a device: on the CPU, the default generator that every
    random op draws from (``paddle.seed`` seeds it); each Generator is a handle on it.

    Args:
        device (str|Place, optional): 'cpu', a CPUPlace or None (the current device, the CPU
            here); a GPU device raises ValueError. Default: None.

    Example:
        >>> g = paddle.Generator()
        >>> g.manual_seed(7).initial_seed()
        7
    """

    def __init__(self, device=None):
        if device is not None and not str(device).lower().replace("place(", "").startswith("cpu"):
            raise ValueError(f"[Generator] device must be 'cpu' or None (paddle is not compiled "
                             f"with CUDA), got {device!r}")

    def manual_seed(self, seed):
        """Seeds the generator: the random ops then repeat their numbers.

        Args:
            seed (int): a non-negative integer below 2**64.

        Returns:
            Generator: this generator.

        Example:
            >>> paddle.Generator().manual_seed(3).initial_seed()
            3
        """
        _seed(seed)
        return self

    def initial_seed(self):
        """The seed the generator last started from.

        Returns:
            int: that seed.

        Example:
            >>> g = paddle.Generator().manual_seed(11)
            >>> g.initial_seed()
            11
        """
        return int(_core.initial_seed())

    def seed(self):
        """Seeds the generator with a fresh non-deterministic seed and returns it.

        Returns:
            int: the new seed.

        Example:
            >>> s = paddle.Generator().seed()
            >>> paddle.Generator().initial_seed() == s
            True
        """
        import secrets

        value = secrets.randbits(63)
        _seed(value)
        return value

    def get_state(self):
        """The generator's state, to restore later with :meth:`set_state`.

        Returns:
            GeneratorState: the state.

        Example:
            >>> g = paddle.Generator()
            >>> state = g.get_state()
            >>> a = paddle.rand([2])
            >>> g.set_state(state)
            >>> bool((paddle.rand([2]) == a).all())
            True
        """
        return GeneratorState(_core.rng_state())

    def set_state(self, state):
        """Restores a state :meth:`get_state` saved.

        Args:
            state (GeneratorState): the saved state (TypeError otherwise).

        Returns:
            None.

        Example:
            >>> g = paddle.Generator()
            >>> g.set_state(g.get_state())
        """
        if not isinstance(state, GeneratorState):
            raise TypeError(f"[Generator.set_state] state must be a GeneratorState, got "
                            f"{type(state).__name__}")
        _core.set_rng_state(state._state)



manual_seed = _seed  # PaddlePaddle's other name for paddle.seed


def get_cuda_rng_state():
    """The states of the CUDA generators, one per GPU: none on this CPU build.

    Returns:
        list: an empty list (no GPU).

    Example:
        >>> paddle.get_cuda_rng_state()
        []
    """
    return []


def set_cuda_rng_state(state_list):
    """Restores the CUDA generators from :func:`get_cuda_rng_state`'s list, one state per GPU;
    with no GPU the list must be empty.

    Args:
        state_list (list|tuple): the states (as many as GPUs: none here).

    Returns:
        None.

    Example:
        >>> paddle.set_cuda_rng_state(paddle.get_cuda_rng_state())
    """
    if not isinstance(state_list, (list, tuple)):
        raise TypeError(f"[set_cuda_rng_state] state_list must be a list or tuple, got "
                        f"{type(state_list).__name__}")
    if len(state_list) != 0:
        raise ValueError(f"[set_cuda_rng_state] Length of cuda state list should be equal to "
                         f"the cuda device count (0: paddle is not compiled with CUDA), got "
                         f"{len(state_list)}")


