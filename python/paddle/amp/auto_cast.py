"""auto_cast and decorate: automatic mixed precision as PaddlePaddle 3.3.1
runs it on a CPU. PaddlePaddle enables it only on CUDA, XPU and custom
devices; on the CPU the guard warns that it makes no effect and every op runs
in float32, and decorate leaves models and optimizers as they are. This build
computes on the CPU, so the same holds here: the arguments are checked as
PaddlePaddle checks them, then the code inside runs unchanged."""
import contextlib
import warnings

from .. import device as _device
from .amp_lists import black_list, white_list

__all__ = []

_LEVELS = ("O0", "OD", "O1", "O2")
_HALF = ("float16", "bfloat16")


class _AmpGlobalState:
    """The dtype of the latest auto_cast (GradScaler reads it: dynamic loss
    scaling is not used for bfloat16)."""

    amp_dtype = "float32"


_global_state = _AmpGlobalState()


def _current_place():
    return f"Place({_device.get_device()})"


def _dtype_name(dtype, fn):
    name = getattr(dtype, "name", dtype)
    if not isinstance(name, str):
        raise TypeError(f"[{fn}] dtype must be a str such as 'float16', got {type(dtype).__name__}")
    return name.lower()


def _merged_lists(custom_white_list, custom_black_list, level, dtype):
    """The white and black lists of `level` and `dtype` with the custom ones
    applied (a custom op moves from the other list); an op in both custom
    lists is a ValueError."""
    if level == "O0" or dtype not in _HALF:
        return set(), set()
    white, black = white_list()[dtype][level], black_list()[dtype][level]
    custom_white, custom_black = set(custom_white_list or ()), set(custom_black_list or ())
    if custom_white & custom_black:
        raise ValueError("Custom white list overlap custom black list")
    return (white - custom_black) | custom_white, (black - custom_white) | custom_black


@contextlib.contextmanager
def auto_cast(enable=True, custom_white_list=None, custom_black_list=None, level="O1",
              dtype="float16", use_promote=True):
    """A context for automatic mixed precision (also ``amp_guard``): ops in the white list would
    run in float16/bfloat16; on the CPU it warns that it makes no effect and ops run in float32.

    Args:
        enable (bool, optional): Whether to enable mixed precision. Default True.
        custom_white_list (set|list|tuple, optional): Op types to add to the white list.
            Default None.
        custom_black_list (set|list|tuple, optional): Op types to add to the black list; an op
            in both custom lists is a ValueError. Default None.
        level (str, optional): 'O0', 'OD', 'O1' or 'O2' (ValueError otherwise). Default 'O1'.
        dtype (str, optional): 'float16' or 'bfloat16' when enabled. Default 'float16'.
        use_promote (bool, optional): At O2, whether an op with a float32 input computes in
            float32. Default True.

    Returns:
        contextmanager: The guard, for a ``with`` statement.

    Example:
        >>> import warnings
        >>> linear = paddle.nn.Linear(2, 2)
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     with paddle.amp.auto_cast(dtype="bfloat16"):
        ...         y = linear(paddle.ones([1, 2]))
        >>> y.dtype
        paddle.float32
    """
    if not isinstance(level, str):
        raise TypeError(f"[auto_cast] level must be a str such as 'O1', got {type(level).__name__}")
    level = level.upper()
    if level not in _LEVELS:
        raise ValueError("level should be O0, OD, O1 or O2.")
    dtype = _dtype_name(dtype, "auto_cast")
    if enable and dtype not in _HALF:
        raise ValueError("If enable amp, dtype should be 'float16' or 'bfloat16'.")
    _merged_lists(custom_white_list, custom_black_list, level, dtype)
    _global_state.amp_dtype = dtype
    if enable:
        warnings.warn("amp_guard can only be enabled on CUDAPlace, XPUPlace, and CustomPlace, "
                      f"current place is {_current_place()}, so it makes no effect.")
    yield




amp_guard = auto_cast


def autocast(device_type, dtype="float16", enabled=True, cache_enabled=True):
    """``auto_cast`` with PyTorch's argument names.

    Args:
        device_type (str|None): The device (not read: one AMP state serves every device).
        dtype (str, optional): 'float16' or 'bfloat16' when enabled. Default 'float16'.
        enabled (bool, optional): Whether to enable mixed precision. Default True.
        cache_enabled (bool, optional): Not read (kept for PyTorch's signature). Default True.

    Returns:
        contextmanager: The guard, for a ``with`` statement.

    Example:
        >>> with paddle.amp.autocast("cpu", enabled=False):
        ...     y = paddle.ones([2]) * 2
        >>> y.dtype
        paddle.float32
    """
    return auto_cast(enable=enabled, dtype=dtype)


def decorate(models, optimizers=None, level="O1", dtype="float16", master_weight=None,
             save_dtype=None, master_grad=False, excluded_layers=None):
    """Prepares models (and optimizers) for mixed precision (``amp_decorate``): at 'O2' on an
    accelerator their parameters become float16/bfloat16; on the CPU they are returned as they
    are.

    Args:
        models (Layer|list[Layer]): The model or models.
        optimizers (Optimizer|list[Optimizer], optional): Their optimizers. Default None.
        level (str, optional): 'O1' or 'O2' (ValueError otherwise). Default 'O1'.
        dtype (str, optional): 'float16' or 'bfloat16' (ValueError otherwise). Default 'float16'.
        master_weight (bool, optional): Whether O2 keeps float32 master weights. Default None.
        save_dtype (str, optional): The dtype state_dict saves parameters in. Default None.
        master_grad (bool, optional): Whether O2 keeps float32 gradients. Default False.
        excluded_layers (Layer|list, optional): Layers (or Layer types) O2 keeps in float32.
            Default None.

    Returns:
        Layer|list|tuple: ``models`` when ``optimizers`` is None, else ``(models, optimizers)``.

    Example:
        >>> model = paddle.nn.Linear(2, 2)
        >>> paddle.amp.decorate(model, level="O2", dtype="bfloat16") is model
        True
    """
    if level not in ("O1", "O2"):
        raise ValueError("level should be O1 or O2, O1 represent AMP train mode, O2 represent "
                         "Pure fp16 train mode.")
    if dtype not in _HALF:
        raise ValueError("dtype only support float16 or bfloat16.")
    return models if optimizers is None else (models, optimizers)


amp_decorate = decorate


def is_autocast_enabled(device_type=None):
    """Whether mixed precision is in effect here: False on the CPU, where auto_cast makes no
    effect.

    Args:
        device_type (str, optional): Not read (one AMP state serves every device).
            Default None.

    Returns:
        bool: False in this CPU build, inside an auto_cast too.

    Example:
        >>> paddle.amp.is_autocast_enabled()
        False
    """
    return False


def get_autocast_dtype(device_type=None):
    """The dtype mixed precision computes in here; 'float16' when it is not in effect (always,
    on the CPU).

    Args:
        device_type (str, optional): Not read (one AMP state serves every device).
            Default None.

    Returns:
        str: 'float16'.

    Example:
        >>> paddle.amp.get_autocast_dtype()
        'float16'
    """
    return "float16"
