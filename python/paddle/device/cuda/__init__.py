"""paddle.device.cuda: CUDA devices. This build has no CUDA: device_count is 0,
empty_cache has nothing to release, and the functions that need a GPU raise
the errors PaddlePaddle 3.3.1's CPU package raises (ValueError for memory and
property queries, RuntimeError for streams, events and synchronize)."""
from ..rng import get_rng_state, manual_seed, set_rng_state  # noqa: F401
from ..streams import stream_guard  # noqa: F401

__all__ = ["Stream", "Event", "current_stream", "synchronize", "device_count", "empty_cache",
           "max_memory_allocated", "max_memory_reserved", "memory_allocated", "memory_reserved",
           "stream_guard", "get_device_properties", "get_device_name", "get_device_capability",
           "reset_max_memory_allocated", "reset_max_memory_reserved", "memory_summary",
           "vmm_compact"]


def _no_cuda(what):
    raise RuntimeError(f"[paddle.device.cuda.{what}] paddle is not compiled with CUDA")


def _cpu_only(fn):
    raise ValueError(f"The API paddle.device.cuda.{fn} is not supported in CPU-only "
                     "PaddlePaddle. Please reinstall PaddlePaddle with GPU or custom device "
                     "support to call this API.")


class Stream:
    """A CUDA stream; making one is a RuntimeError without CUDA.

    Args:
        device (int|CUDAPlace, optional): The GPU. Default None.
        priority (int, optional): 1 (high) or 2 (normal). Default 2.

    Example:
        >>> try:
        ...     paddle.device.cuda.Stream()
        ... except RuntimeError as e:
        ...     print("not compiled with CUDA" in str(e))
        True
    """

    def __init__(self, device=None, priority=2):
        _no_cuda("Stream")


class Event:
    """A CUDA event; making one is a RuntimeError without CUDA.

    Args:
        enable_timing (bool, optional): Whether it records time. Default False.
        blocking (bool, optional): Whether waiting blocks the host. Default False.
        interprocess (bool, optional): Whether processes may share it. Default False.

    Example:
        >>> try:
        ...     paddle.device.cuda.Event()
        ... except RuntimeError as e:
        ...     print("not compiled with CUDA" in str(e))
        True
    """

    def __init__(self, enable_timing=False, blocking=False, interprocess=False):
        _no_cuda("Event")


def current_stream(device=None):
    """The current CUDA stream; a RuntimeError without CUDA.

    Args:
        device (int|CUDAPlace, optional): The GPU. Default None.

    Returns:
        Stream: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.current_stream()
        ... except RuntimeError as e:
        ...     print("not compiled with CUDA" in str(e))
        True
    """
    _no_cuda("current_stream")


def synchronize(device=None):
    """Waits for a GPU's work; a RuntimeError without CUDA.

    Args:
        device (int|CUDAPlace, optional): The GPU. Default None.

    Returns:
        None: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.synchronize()
        ... except RuntimeError as e:
        ...     print("not compiled with CUDA" in str(e))
        True
    """
    _no_cuda("synchronize")


def device_count():
    """The number of GPUs (0 without CUDA).

    Returns:
        int: 0.

    Example:
        >>> paddle.device.cuda.device_count()
        0
    """
    return 0


def empty_cache():
    """Releases the GPU memory the allocator caches; without CUDA there is none.

    Returns:
        None.

    Example:
        >>> paddle.device.cuda.empty_cache()
    """
    return None


def max_memory_allocated(device=None):
    """The peak GPU memory allocated; a ValueError without CUDA.

    Args:
        device (int|CUDAPlace, optional): The GPU. Default None.

    Returns:
        int: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.max_memory_allocated()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _cpu_only("max_memory_allocated")


def max_memory_reserved(device=None):
    """The peak GPU memory reserved; a ValueError without CUDA.

    Args:
        device (int|CUDAPlace, optional): The GPU. Default None.

    Returns:
        int: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.max_memory_reserved()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _cpu_only("max_memory_reserved")


def memory_allocated(device=None):
    """The GPU memory allocated; a ValueError without CUDA.

    Args:
        device (int|CUDAPlace, optional): The GPU. Default None.

    Returns:
        int: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.memory_allocated()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _cpu_only("memory_allocated")


def memory_reserved(device=None):
    """The GPU memory reserved; a ValueError without CUDA.

    Args:
        device (int|CUDAPlace, optional): The GPU. Default None.

    Returns:
        int: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.memory_reserved()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _cpu_only("memory_reserved")


def reset_max_memory_allocated(device=None):
    """Resets the GPU's allocated peak; a ValueError without CUDA.

    Args:
        device (int|CUDAPlace, optional): The GPU. Default None.

    Returns:
        None: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.reset_max_memory_allocated()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _cpu_only("reset_max_memory_allocated")


def reset_max_memory_reserved(device=None):
    """Resets the GPU's reserved peak; a ValueError without CUDA.

    Args:
        device (int|CUDAPlace, optional): The GPU. Default None.

    Returns:
        None: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.reset_max_memory_reserved()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _cpu_only("reset_max_memory_reserved")


def memory_summary(device=None):
    """A table of the GPU allocator's state; a ValueError without CUDA.

    Args:
        device (int|CUDAPlace, optional): The GPU. Default None.

    Returns:
        str: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.memory_summary()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _cpu_only("memory_summary")


def vmm_compact(device=None):
    """Compacts the GPU's virtual-memory allocator; a ValueError without CUDA.

    Args:
        device (int|CUDAPlace, optional): The GPU. Default None.

    Returns:
        None: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.vmm_compact()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _cpu_only("vmm_compact")


def get_device_properties(device=None):
    """A GPU's properties; a ValueError without CUDA.

    Args:
        device (int|CUDAPlace|str, optional): The GPU. Default None.

    Returns:
        object: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.get_device_properties()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _cpu_only("get_device_properties")


def get_device_name(device=None):
    """A GPU's name; a ValueError without CUDA.

    Args:
        device (int|CUDAPlace|str, optional): The GPU. Default None.

    Returns:
        str: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.get_device_name()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _cpu_only("get_device_properties")


def get_device_capability(device=None):
    """A GPU's compute capability; a ValueError without CUDA.

    Args:
        device (int|CUDAPlace|str, optional): The GPU. Default None.

    Returns:
        tuple: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.cuda.get_device_capability()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _cpu_only("get_device_properties")
