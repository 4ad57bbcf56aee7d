"""What this build can compute on: the CPU only. The is_compiled_with_* and
device listing functions answer as PaddlePaddle 3.3.1's CPU package does; the
GPU property queries raise its ValueError."""
__all__ = []


def _no(fn):
    raise ValueError(f"The API paddle.device.{fn} is not supported in CPU-only PaddlePaddle. "
                     "Please reinstall PaddlePaddle with GPU or custom device support to call "
                     "this API.")


def is_compiled_with_xpu():
    """Whether this build has Kunlun XPU kernels (False: CPU only).

    Returns:
        bool: False.

    Example:
        >>> paddle.device.is_compiled_with_xpu()
        False
    """
    return False


def is_compiled_with_ipu():
    """Whether this build has Graphcore IPU kernels (False: CPU only).

    Returns:
        bool: False.

    Example:
        >>> paddle.device.is_compiled_with_ipu()
        False
    """
    return False


def is_compiled_with_cinn():
    """Whether this build has the CINN compiler (False).

    Returns:
        bool: False.

    Example:
        >>> paddle.device.is_compiled_with_cinn()
        False
    """
    return False


def is_compiled_with_rocm():
    """Whether this build has ROCm (AMD GPU) kernels (False: CPU only).

    Returns:
        bool: False.

    Example:
        >>> paddle.device.is_compiled_with_rocm()
        False
    """
    return False


def is_compiled_with_distribute():
    """Whether this build has the distributed runtime (True: paddle.distributed runs its
    collectives over processes).

    Returns:
        bool: True.

    Example:
        >>> paddle.device.is_compiled_with_distribute()
        True
    """
    return True


def is_compiled_with_custom_device(device_type):
    """Whether a custom-device plugin of this type is built in (none are).

    Args:
        device_type (str): The plugin's device type, such as 'npu'.

    Returns:
        bool: False.

    Example:
        >>> paddle.device.is_compiled_with_custom_device("npu")
        False
    """
    if not isinstance(device_type, str):
        raise TypeError(f"[is_compiled_with_custom_device] device_type must be a str, got "
                        f"{type(device_type).__name__}")
    return False


def get_all_device_type():
    """The accelerator types this build has (none: the CPU is not listed, as in PaddlePaddle).

    Returns:
        list: An empty list.

    Example:
        >>> paddle.device.get_all_device_type()
        []
    """
    return []


def get_all_custom_device_type():
    """The custom-device plugin types loaded (none).

    Returns:
        list: An empty list.

    Example:
        >>> paddle.device.get_all_custom_device_type()
        []
    """
    return []


def get_available_device():
    """The accelerators present, as 'gpu:0'-style names (none: the CPU is not listed).

    Returns:
        list: An empty list.

    Example:
        >>> paddle.device.get_available_device()
        []
    """
    return []


def get_available_custom_device():
    """The custom devices present (none).

    Returns:
        list: An empty list.

    Example:
        >>> paddle.device.get_available_custom_device()
        []
    """
    return []


def get_cudnn_version():
    """The cuDNN version, or None without CUDA (this build).

    Returns:
        None: No cuDNN here.

    Example:
        >>> print(paddle.device.get_cudnn_version())
        None
    """
    return None


def is_available():
    """Whether an accelerator (GPU, XPU or custom device) is available (False: CPU only).

    Returns:
        bool: False.

    Example:
        >>> paddle.device.is_available()
        False
    """
    return False


def current_device():
    """The index of the current device: 0 (the CPU).

    Returns:
        int: 0.

    Example:
        >>> paddle.device.current_device()
        0
    """
    return 0


def is_bf16_supported(including_emulation=True):
    """Whether bfloat16 mixed precision is supported on the current device (as
    ``paddle.amp.is_bfloat16_supported``).

    Args:
        including_emulation (bool, optional): Not read on the CPU. Default True.

    Returns:
        bool: Whether this CPU has the AVX-512 instructions bfloat16 kernels need.

    Example:
        >>> isinstance(paddle.device.is_bf16_supported(), bool)
        True
    """
    from ..amp import is_bfloat16_supported
    return is_bfloat16_supported()


def get_device_properties(device=None):
    """The properties of a GPU or custom device; there is none here, so a ValueError, as in
    PaddlePaddle's CPU package.

    Args:
        device (str|int, optional): The device. Default None (the current one).

    Returns:
        object: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.get_device_properties()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _no("get_device_properties")


def get_device_name(device=None):
    """The name of a GPU or custom device; there is none here, so a ValueError.

    Args:
        device (str|int, optional): The device. Default None (the current one).

    Returns:
        str: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.get_device_name()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _no("get_device_name")


def get_device_capability(device=None):
    """The compute capability of a GPU; there is none here, so a ValueError.

    Args:
        device (str|int, optional): The device. Default None (the current one).

    Returns:
        tuple: Never returns in this build.

    Example:
        >>> try:
        ...     paddle.device.get_device_capability()
        ... except ValueError as e:
        ...     print("not supported" in str(e))
        True
    """
    _no("get_device_capability")
