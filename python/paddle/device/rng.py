"""The random generator through paddle.device: one state, that of the CPU
generator behind paddle.seed (PaddlePaddle's paddle.device functions give
and take a single GeneratorState, where paddle.get_rng_state gives a list)."""
__all__ = []


def _random():
    # paddle.framework loads after paddle.device: imported on first use.
    from ..framework import random
    return random


def manual_seed(seed):
    """Seeds the random generator (``paddle.seed``).

    Args:
        seed (int): A non-negative integer below 2**64.

    Returns:
        None.

    Example:
        >>> paddle.device.manual_seed(7)
        >>> a = paddle.rand([2])
        >>> paddle.device.manual_seed(7)
        >>> bool((paddle.rand([2]) == a).all())
        True
    """
    _random().seed(seed)


def get_rng_state(device=None):
    """The state of the random generator, to restore with :func:`set_rng_state`.

    Args:
        device (str, optional): 'cpu' or None (a GPU name is a ValueError). Default None.

    Returns:
        GeneratorState: The state.

    Example:
        >>> state = paddle.device.get_rng_state()
        >>> a = paddle.rand([2])
        >>> paddle.device.set_rng_state(state)
        >>> bool((paddle.rand([2]) == a).all())
        True
    """
    return _random().get_rng_state(device)[0]


def set_rng_state(new_state, device=None):
    """Restores the random generator to a state :func:`get_rng_state` gave.

    Args:
        new_state (GeneratorState): The state (TypeError otherwise).
        device (str, optional): 'cpu' or None (a GPU name is a ValueError). Default None.

    Returns:
        None.

    Example:
        >>> paddle.device.set_rng_state(paddle.device.get_rng_state())
    """
    _random().set_rng_state([new_state], device)
