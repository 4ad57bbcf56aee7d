"""paddle.device: where tensors live. This build computes on the CPU; GPU
devices are named so scripts written for them fail with a clear error."""
from .place import CPUPlace, CUDAPinnedPlace, CUDAPlace

__all__ = ["set_device", "get_device", "is_compiled_with_cuda", "device_count", "CPUPlace",
           "CUDAPlace", "CUDAPinnedPlace",
           "get_cudnn_version", "is_compiled_with_xpu", "is_compiled_with_ipu",
           "is_compiled_with_cinn", "is_compiled_with_rocm", "is_compiled_with_distribute",
           "is_compiled_with_custom_device", "get_all_device_type", "get_all_custom_device_type",
           "get_available_device", "get_available_custom_device", "get_device_properties",
           "Stream", "Event", "current_stream", "set_stream", "stream_guard", "device_guard",
           "synchronize", "empty_cache", "max_memory_allocated", "max_memory_reserved",
           "reset_max_memory_allocated", "reset_max_memory_reserved", "memory_allocated",
           "memory_reserved", "is_available", "get_device_name", "get_device_capability",
           "get_rng_state", "set_rng_state", "is_bf16_supported", "manual_seed",
           "reset_peak_memory_stats", "current_device", "device", "StreamContext",
           "get_stream_from_external", "ipc_collect", "is_current_stream_capturing",
           "FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "ByteTensor",
           "CharTensor", "ShortTensor", "IntTensor", "LongTensor", "BoolTensor"]

_device = "cpu"


def _check_device_name(device, fn):
    """`device` names the CPU (None, 'cpu', 'cpu:0' or a CPUPlace); a GPU name or any other
    value is a ValueError naming `fn`, as this build has only the CPU."""
    if device is None or isinstance(device, CPUPlace):
        return
    if not isinstance(device, str):
        raise ValueError(f"[{fn}] device must be a str such as 'cpu' or a CPUPlace, got "
                         f"{type(device).__name__} {device!r}")
    name = device.lower()
    if name == "cpu" or name.startswith("cpu:"):
        return
    if name.split(":")[0] in ("gpu", "cuda", "xpu", "npu", "ipu", "gpu_pinned"):
        raise ValueError(f"[{fn}] The device should not be {device}, since paddle is not compiled "
                         "with CUDA, XPU or another accelerator")
    raise ValueError(f"[{fn}] device must be 'cpu' here (paddle also names 'gpu:x', 'xpu:x'), "
                     f"got {device!r}")


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


from . import cuda  # noqa: E402,F401  (after the functions above, which the submodules use)
from .info import (  # noqa: E402
    current_device, get_all_custom_device_type, get_all_device_type, get_available_custom_device,
    get_available_device, get_cudnn_version, get_device_capability, get_device_name,
    get_device_properties, is_available, is_bf16_supported, is_compiled_with_cinn,
    is_compiled_with_custom_device, is_compiled_with_distribute, is_compiled_with_ipu,
    is_compiled_with_rocm, is_compiled_with_xpu,
)
from .memory import (  # noqa: E402
    empty_cache, max_memory_allocated, max_memory_reserved, memory_allocated, memory_reserved,
    reset_max_memory_allocated, reset_max_memory_reserved, reset_peak_memory_stats,
)
from .rng import get_rng_state, manual_seed, set_rng_state  # noqa: E402
from .streams import (  # noqa: E402
    Event, Stream, current_stream, device_guard, set_stream, stream_guard, synchronize,
)
from .device_context import (  # noqa: E402
    StreamContext, device, get_stream_from_external, ipc_collect, is_current_stream_capturing,
)

_TYPED_TENSORS = ("FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "ByteTensor",
                  "CharTensor", "ShortTensor", "IntTensor", "LongTensor", "BoolTensor")


def __getattr__(name):
    # paddle.device names the typed tensor constructors too, as 3.3.1; they live in
    # paddle.tensor, which loads after this module.
    if name in _TYPED_TENSORS:
        from ..tensor import typed_tensors

        return getattr(typed_tensors, name)
    raise AttributeError(f"module 'paddle.device' has no attribute {name!r}")
