"""paddle.utils.dlpack: exchange tensors with other array libraries (NumPy,
PyTorch, ...) through DLPack, sharing memory instead of copying."""
from .. import _core

__all__ = ["to_dlpack", "from_dlpack"]


def to_dlpack(x):
    """A DLPack capsule sharing x's memory; another library's from_dlpack
    consumes it (once).

    Args:
        x (Tensor): The tensor to share (TypeError for anything else).

    Returns:
        PyCapsule: A DLPack capsule ("dltensor") over x's memory.

    Example:
        >>> capsule = paddle.utils.dlpack.to_dlpack(paddle.ones([2]))
    """
    if not isinstance(x, _core.Tensor):
        raise TypeError(f"[to_dlpack] x must be a paddle.Tensor, got {type(x).__name__}")
    return _core.to_dlpack(x)


def from_dlpack(dlpack, *, device=None, copy=None):
    """A Tensor sharing the memory of a DLPack capsule, or of any object with
    ``__dlpack__`` (a numpy array, a torch tensor). Row-major data is shared;
    other layouts are copied. Only CPU memory is accepted.

    Args:
        dlpack (PyCapsule|object): A DLPack capsule, or an object with ``__dlpack__``, of CPU
            memory.
        device (str, optional): Keyword only: the device of the result, None (the default) or
            'cpu' (ValueError otherwise).
        copy (bool, optional): Keyword only: True copies the data instead of sharing it; None
            (the default) and False share it where the layout allows.

    Returns:
        Tensor: A tensor of the data's shape and dtype.

    Example:
        >>> import numpy as np
        >>> t = paddle.utils.dlpack.from_dlpack(np.arange(3.0))
        >>> t.numpy()
        array([0., 1., 2.])
    """
    if device is not None and str(device) not in ("cpu", "Place(cpu)"):
        raise ValueError(f"[from_dlpack] only the CPU is supported, got device={device!r}")
    t = _core.from_dlpack(dlpack)
    if copy:
        from ..tensor.creation import to_tensor
        return to_tensor(t)
    return t
