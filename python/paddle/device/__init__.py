"""paddle.device: where tensors live. This build computes on the CPU; GPU
devices are named so scripts written for them fail with a clear error."""
from .place import CPUPlace, CUDAPinnedPlace, CUDAPlace

__all__ = ["set_device", "get_device", "is_compiled_with_cuda", "device_count", "CPUPlace",
           "CUDAPlace", "CUDAPinnedPlace"]

_device = "cpu"


def is_compiled_with_cuda():
    """Whether this build has CUDA kernels (False: CPU only).

    Returns:
        bool: False.

    Example:
        >>> paddle.is_compiled_with_cuda()
        False
    """
    return False


def set_device(device):
    """Sets the device new tensors and ops use: ``'cpu'`` (the only one in this build).

    Args:
        device (str): The device: 'cpu' (any case). A GPU name such as 'gpu:0' raises
            ValueError, as this build has no CUDA; so does any other string.

    Returns:
        str: The device now in use, 'cpu'.

    Example:
        >>> paddle.set_device("cpu")
        'cpu'
    """
    global _device
    name = str(device).lower()
    if name in ("cpu", "place(cpu)"):
        _device = "cpu"
        return _device
    if name.startswith(("gpu", "cuda", "place(gpu")):
        raise ValueError(f"The device should not be '{device}', since paddle is not compiled "
                         "with CUDA")
    raise ValueError(f"The device must be a string like 'cpu' or 'gpu:0', got {device!r}")


def get_device():
    """The current device as a string (``'cpu'``).

    Returns:
        str: The device name, 'cpu'.

    Example:
        >>> paddle.get_device()
        'cpu'
    """
    return _device


def device_count():
    """The number of GPUs (0 in a CPU build).

    Example:
        >>> paddle.device.device_count()
        0
    """
    return 0
