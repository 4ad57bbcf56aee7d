"""``paddle.device.device`` (a context that selects a device), ``StreamContext`` (3.3.1's
other name of ``stream_guard``) and the stream queries that have a CPU answer."""
from .. import device as _device
from .streams import _no_streams, stream_guard

__all__ = []

StreamContext = stream_guard


class device:  # noqa: N801  (PaddlePaddle's name)
    """A context that makes ``device`` the current device and restores the previous one
    after.

    Args:
        device (str|CPUPlace, optional): 'cpu', 'cpu:0', a CPUPlace or None (the current
            device); a GPU name, or an int (a GPU index), is a ValueError in this build.
            Default: None.

    Example:
        >>> with paddle.device.device("cpu"):
        ...     print(paddle.device.get_device())
        cpu
    """

    def __init__(self, device=None):
        if isinstance(device, int):
            raise ValueError(f"[device] an int names GPU {device}; paddle is not compiled with "
                             "CUDA")
        _device._check_device_name(device, "device")
        self._device = device

    def __enter__(self):
        self._previous = _device.get_device()
        if self._device is not None:
            _device.set_device(self._device)
        return self

    def __exit__(self, *exc):
        _device.set_device(self._previous)
        return False


def get_stream_from_external(data_ptr, device=None):
    """Wraps a native stream made by another library as a ``paddle.device.Stream``; there
    are no streams in this CPU build, so it is a RuntimeError.

    Args:
        data_ptr (int): the address of the native stream.
        device (str, optional): the device of the stream. Default: None.

    Returns:
        Stream: never (RuntimeError).

    Example:
        >>> try:
        ...     paddle.device.get_stream_from_external(0)
        ... except RuntimeError as e:
        ...     print("not compiled" in str(e))
        True
    """
    _no_streams("get_stream_from_external")


def ipc_collect():
    """Frees GPU memory other processes released after sharing it (CUDA IPC); with no GPU
    there is none, so nothing happens.

    Returns:
        None.

    Example:
        >>> paddle.device.ipc_collect()
    """
    return None


def is_current_stream_capturing():
    """Whether the current stream is capturing a CUDA graph: never on the CPU.

    Returns:
        bool: False.

    Example:
        >>> paddle.device.is_current_stream_capturing()
        False
    """
    return False
