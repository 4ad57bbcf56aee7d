"""paddle.MmapStorage: a file mapped into memory, read as tensors of any dtype."""
import numbers
import os

import numpy as np

from ..framework import dtypes as _dtype
from .creation import to_tensor

__all__ = ["MmapStorage"]


class MmapStorage:
    """The first ``nbytes`` bytes of a file, mapped into memory (read-only); ``get_slice``
    reads elements of any dtype from it.

    Args:
        filename (str): the file (for example, raw tensor data or a .safetensors file).
        nbytes (int): how many bytes to map (at most the file's size).

    Example:
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "t.bin")
        >>> paddle.arange(6, dtype="float32").numpy().tofile(path)
        >>> store = paddle.MmapStorage(path, 24)
        >>> store.get_slice(dtype="float32", start=1, stop=4).tolist()
        [1.0, 2.0, 3.0]
    """

    def __init__(self, filename, nbytes):
        if not isinstance(filename, (str, os.PathLike)):
            raise TypeError(f"[MmapStorage] filename must be a str, got {type(filename).__name__}")
        if not isinstance(nbytes, numbers.Integral) or isinstance(nbytes, bool) or nbytes < 0:
            raise ValueError(f"[MmapStorage] nbytes must be a non-negative int, got {nbytes!r}")
        size = os.path.getsize(filename)
        if nbytes > size:
            raise ValueError(f"[MmapStorage] nbytes {nbytes} exceeds the size {size} of "
                             f"{filename}")
        self._bytes = np.memmap(filename, dtype=np.uint8, mode="r", shape=(int(nbytes),)) \
            if nbytes else np.zeros(0, np.uint8)

    def get_slice(self, dtype="uint8", start=0, stop=-1, step=1):
        """Elements ``start:stop:step`` of the mapped bytes read as ``dtype`` (positions count
        elements of dtype; stop -1 is the end).

        Args:
            dtype (str|paddle.dtype, optional): the element type. Default: 'uint8'.
            start (int, optional): the first element. Default: 0.
            stop (int, optional): the element after the last; -1: the end. Default: -1.
            step (int, optional): the step between elements (positive). Default: 1.

        Returns:
            Tensor: a 1-D copy of the elements.

        Example:
            >>> import os, tempfile
            >>> path = os.path.join(tempfile.mkdtemp(), "b.bin")
            >>> open(path, "wb").write(bytes([1, 2, 3]))
            3
            >>> paddle.MmapStorage(path, 3).get_slice().tolist()
            [1, 2, 3]
        """
        np_dtype = _dtype.to_numpy_dtype(dtype)
        if self._bytes.size % np_dtype.itemsize:
            raise ValueError(f"[MmapStorage.get_slice] the {self._bytes.size} mapped bytes are "
                             f"not a whole number of {np_dtype.name} elements")
        for v, what in ((start, "start"), (stop, "stop"), (step, "step")):
            if not isinstance(v, numbers.Integral) or isinstance(v, bool):
                raise TypeError(f"[MmapStorage.get_slice] {what} must be an int, got "
                                f"{type(v).__name__}")
        if step <= 0:
            raise ValueError(f"[MmapStorage.get_slice] step must be positive, got {step}")
        items = self._bytes.view(np_dtype)
        end = items.size if stop == -1 else stop
        if not 0 <= start <= end <= items.size:
            raise ValueError(f"[MmapStorage.get_slice] need 0 <= start <= stop <= {items.size} "
                             f"elements, got start {start}, stop {stop}")
        return to_tensor(np.array(items[start:end:step]))
