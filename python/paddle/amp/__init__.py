"""paddle.amp: automatic mixed precision (auto_cast, decorate) and dynamic loss
scaling (GradScaler). As in PaddlePaddle 3.3.1 on a CPU, auto_cast and
GradScaler warn that they make no effect here: ops run in float32 and the
loss is not scaled; the argument checks, the state and the loss-scaling ops
(check_finite_and_unscale, update_loss_scaling) are PaddlePaddle's."""
from .. import device as _device
from . import amp_lists, debugging, grad_scaler  # noqa: F401
from .amp_lists import black_list, white_list
from .auto_cast import (
    amp_decorate, amp_guard, auto_cast, autocast, decorate, get_autocast_dtype,
    is_autocast_enabled,
)
from .grad_scaler import AmpScaler, GradScaler, OptimizerState

__all__ = ["auto_cast", "GradScaler", "decorate", "is_float16_supported",
           "is_bfloat16_supported", "is_autocast_enabled", "get_autocast_dtype",
           "get_autocast_cpu_dtype", "get_autocast_gpu_dtype"]

get_autocast_cpu_dtype = get_autocast_dtype
get_autocast_gpu_dtype = get_autocast_dtype


def _cpu_flags():
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def is_float16_supported(device=None):
    """Whether the device computes float16 in mixed-precision training (no CPU does).

    Args:
        device (str, optional): 'cpu' (any GPU name is a ValueError in this build, which has no
            CUDA); None for the current device. Default None.

    Returns:
        bool: False.

    Example:
        >>> paddle.amp.is_float16_supported()
        False
    """
    _device._check_device_name(device, "is_float16_supported")
    return False


def is_bfloat16_supported(device=None):
    """Whether the device computes bfloat16 in mixed-precision training: on the CPU, whether it
    has AVX-512 (as PaddlePaddle's oneDNN kernels need).

    Args:
        device (str, optional): 'cpu' (any GPU name is a ValueError in this build, which has no
            CUDA); None for the current device. Default None.

    Returns:
        bool: Whether this CPU has the AVX-512 instructions.

    Example:
        >>> isinstance(paddle.amp.is_bfloat16_supported(), bool)
        True
    """
    _device._check_device_name(device, "is_bfloat16_supported")
    return {"avx512f", "avx512bw", "avx512vl", "avx512dq"} <= _cpu_flags()
