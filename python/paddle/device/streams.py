"""Streams and events: the queues of work on a GPU, XPU or custom device.
This build computes on the CPU, where every op has finished when its call
returns: synchronize and a guard of no stream are no-ops, and making a stream
or an event is a RuntimeError, as on PaddlePaddle's CPU package."""
from .. import device as _device

__all__ = []


def _no_streams(what):
    raise RuntimeError(f"[{what}] streams and events exist on GPU, XPU and custom devices; paddle "
                       "is not compiled with any (on the CPU each op has finished when it returns)")


class Stream:
    """A queue of work on an accelerator; there is none in this build, so making one is a
    RuntimeError.

    Args:
        device (str|int, optional): The device. Default None.
        priority (int, optional): 1 (high) or 2 (normal). Default 2.
        stream_base (object, optional): An existing native stream to wrap. Default None.

    Example:
        >>> try:
        ...     paddle.device.Stream()
        ... except RuntimeError as e:
        ...     print("not compiled" in str(e))
        True
    """

    def __init__(self, device=None, priority=2, stream_base=None):
        _no_streams("Stream")


class Event:
    """A marker in an accelerator's stream; there is none in this build, so making one is a
    RuntimeError.

    Args:
        enable_timing (bool, optional): Whether the event records time. Default False.
        blocking (bool, optional): Whether waiting blocks the host. Default False.
        interprocess (bool, optional): Whether other processes may share it. Default False.

    Example:
        >>> try:
        ...     paddle.device.Event()
        ... except RuntimeError as e:
        ...     print("not compiled" in str(e))
        True
    """

    def __init__(self, enable_timing=False, blocking=False, interprocess=False):
        _no_streams("Event")


def current_stream(device=None):
    """The current stream of an accelerator; there is none here, so a RuntimeError.

    Args:
        device (str|int, optional): The device. Default None.

    Returns:
        Stream: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.current_stream()
        ... except RuntimeError as e:
        ...     print("not compiled" in str(e))
        True
    """
    _no_streams("current_stream")


def set_stream(stream):
    """Makes `stream` the current one; there are no streams here, so a RuntimeError.

    Args:
        stream (Stream): The stream.

    Returns:
        Stream: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.set_stream(None)
        ... except RuntimeError as e:
        ...     print("not compiled" in str(e))
        True
    """
    _no_streams("set_stream")


class stream_guard:  # noqa: N801  (PaddlePaddle's name)
    """A context that runs its ops on `stream`; with None (the only value in this build, which
    has no streams) it changes nothing.

    Args:
        stream (Stream, optional): The stream, or None. Default None.

    Example:
        >>> with paddle.device.stream_guard(None):
        ...     y = paddle.ones([2]) + 1
        >>> y.numpy()
        array([2., 2.], dtype=float32)
    """

    def __init__(self, stream=None):
        if stream is not None:
            raise TypeError(f"[stream_guard] stream must be a paddle.device.Stream or None, got "
                            f"{type(stream).__name__}")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class device_guard:  # noqa: N801  (PaddlePaddle's name)
    """A context that runs its ops on `device` and restores the current device after.

    Args:
        device (str): The device: 'cpu' (a GPU name is a ValueError in this build).

    Example:
        >>> with paddle.device.device_guard("cpu"):
        ...     print(paddle.device.get_device())
        cpu
    """

    def __init__(self, device):
        if device is None:
            raise ValueError("[device_guard] device must be a str such as 'cpu', got None")
        _device._check_device_name(device, "device_guard")
        self._device = device

    def __enter__(self):
        self._previous = _device.get_device()
        _device.set_device(self._device)
        return self

    def __exit__(self, *exc):
        _device.set_device(self._previous)
        return False


def synchronize(device=None):
    """Waits until the device has finished its queued work. On the CPU every op has finished
    when its call returns, so there is nothing to wait for.

    Args:
        device (str, optional): 'cpu' or None (a GPU name is a ValueError in this build).
            Default None.

    Returns:
        None.

    Example:
        >>> x = paddle.ones([2]) * 3
        >>> paddle.device.synchronize()
    """
    _device._check_device_name(device, "synchronize")
