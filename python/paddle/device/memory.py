"""Memory statistics of the device's allocator: on the CPU, the pool that
FLAGS_allocator_strategy selects (bytes handed out, bytes held, their peaks).
GPU names are a ValueError in this build."""
from ..base import core as _core
from .. import device as _device

__all__ = []


def _stats(device, fn):
    _device._check_device_name(device, fn)
    return _core.memory_stats("cpu")


def memory_allocated(device=None):
    """Bytes of tensor memory the allocator has handed out and not yet got back.

    Args:
        device (str, optional): 'cpu' or None. Default None.

    Returns:
        int: Bytes allocated now.

    Example:
        >>> x = paddle.ones([1024])
        >>> paddle.device.memory_allocated() >= 4096
        True
    """
    return _stats(device, "memory_allocated")["allocated"]


def max_memory_allocated(device=None):
    """The most bytes allocated at once since the start or the last reset.

    Args:
        device (str, optional): 'cpu' or None. Default None.

    Returns:
        int: The peak of memory_allocated.

    Example:
        >>> paddle.device.max_memory_allocated() >= paddle.device.memory_allocated()
        True
    """
    return _stats(device, "max_memory_allocated")["peak_allocated"]


def memory_reserved(device=None):
    """Bytes the allocator holds from the system (allocated plus cached for reuse).

    Args:
        device (str, optional): 'cpu' or None. Default None.

    Returns:
        int: Bytes reserved now.

    Example:
        >>> paddle.device.memory_reserved() >= paddle.device.memory_allocated()
        True
    """
    return _stats(device, "memory_reserved")["reserved"]


def max_memory_reserved(device=None):
    """The most bytes reserved at once since the start or the last reset.

    Args:
        device (str, optional): 'cpu' or None. Default None.

    Returns:
        int: The peak of memory_reserved.

    Example:
        >>> paddle.device.max_memory_reserved() >= paddle.device.memory_reserved()
        True
    """
    return _stats(device, "max_memory_reserved")["peak_reserved"]


def reset_peak_memory_stats(device=None):
    """Restarts both peaks (allocated and reserved) from the current values.

    Args:
        device (str, optional): 'cpu' or None. Default None.

    Returns:
        None.

    Example:
        >>> paddle.device.reset_peak_memory_stats()
        >>> paddle.device.max_memory_allocated() == paddle.device.memory_allocated()
        True
    """
    _device._check_device_name(device, "reset_peak_memory_stats")
    _core.reset_peak_memory_stats("cpu")


def reset_max_memory_allocated(device=None):
    """Restarts the peaks from the current values (``reset_peak_memory_stats``).

    Args:
        device (str, optional): 'cpu' or None. Default None.

    Returns:
        None.

    Example:
        >>> paddle.device.reset_max_memory_allocated()
        >>> paddle.device.max_memory_allocated() == paddle.device.memory_allocated()
        True
    """
    reset_peak_memory_stats(device)


def reset_max_memory_reserved(device=None):
    """Restarts the peaks from the current values (``reset_peak_memory_stats``).

    Args:
        device (str, optional): 'cpu' or None. Default None.

    Returns:
        None.

    Example:
        >>> paddle.device.reset_max_memory_reserved()
        >>> paddle.device.max_memory_reserved() == paddle.device.memory_reserved()
        True
    """
    reset_peak_memory_stats(device)


def empty_cache():
    """Hands the memory the allocator caches for reuse, in wholly free chunks, back to the
    system.

    Returns:
        None.

    Example:
        >>> paddle.device.empty_cache()
        >>> paddle.device.memory_reserved() >= paddle.device.memory_allocated()
        True
    """
    _core.release_cached_memory("cpu")
