"""Places: where a tensor or a program runs. This build runs on the CPU;
``CUDAPlace`` can be named (scripts written for a GPU construct one) but
running on it raises a clear error."""
__all__ = ["CPUPlace", "CUDAPlace", "CUDAPinnedPlace"]


class CPUPlace:
    """The CPU.

    Example:
        >>> paddle.CPUPlace()
        Place(cpu)
    """

    def __repr__(self):
        return "Place(cpu)"

    def __eq__(self, other):
        return isinstance(other, CPUPlace)

    def __hash__(self):
        return hash("cpu")

    def is_cpu_place(self):
        return True

    def is_gpu_place(self):
        return False


class CUDAPlace:
    """GPU ``id``. This build has no CUDA kernels: running on it raises.

    Args:
        id (int, optional): The GPU's index, a non-negative int (ValueError otherwise).
            Default 0.

    Example:
        >>> paddle.CUDAPlace(0)
        Place(gpu:0)
    """

    def __init__(self, id=0):
        if not isinstance(id, int) or isinstance(id, bool) or id < 0:
            raise ValueError(f"[CUDAPlace] id must be a non-negative int, got {id!r}")
        self._id = id

    def get_device_id(self):
        return self._id

    def __repr__(self):
        return f"Place(gpu:{self._id})"

    def __eq__(self, other):
        return isinstance(other, CUDAPlace) and other._id == self._id

    def __hash__(self):
        return hash(("gpu", self._id))

    def is_cpu_place(self):
        return False

    def is_gpu_place(self):
        return True


class CUDAPinnedPlace:
    """Page-locked host memory (for GPU copies); tensors live on the CPU here.

    Example:
        >>> paddle.CUDAPinnedPlace()
        Place(gpu_pinned)
    """

    def __repr__(self):
        return "Place(gpu_pinned)"

    def __eq__(self, other):
        return isinstance(other, CUDAPinnedPlace)

    def __hash__(self):
        return hash("gpu_pinned")
