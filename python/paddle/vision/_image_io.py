"""paddle.vision.ops: reading files and decoding JPEG images."""
from ..framework import dtypes as _dtype
from ..tensor._helpers import check_tensor, op

_read_file = op("read_file", [], ["filename"])


def read_file(filename, name=None):
    """Reads a file's bytes into a 1-D uint8 Tensor.

    Args:
        filename (str): The path of the file to read.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The file's bytes, uint8, 1-D.

    Example:
        >>> import os, tempfile
        >>> import paddle
        >>> path = os.path.join(tempfile.mkdtemp(), "data.bin")
        >>> with open(path, "wb") as f:
        ...     _ = f.write(bytes([1, 2, 255]))
        >>> paddle.vision.ops.read_file(path).tolist()
        [1, 2, 255]
    """
    if not isinstance(filename, str):
        raise TypeError(f"[read_file] filename must be a str, got {type(filename).__name__}")
    out = _read_file(filename)
    out.stop_gradient = True
    return out


_decode_jpeg = op("decode_jpeg", ["X"], ["mode"])


def decode_jpeg(x, mode="unchanged", name=None):
    """Decodes the bytes of a JPEG file into a [C, H, W] uint8 image.

    mode 'unchanged' keeps a grayscale image's one channel and gives color
    images as RGB; 'gray' gives one channel, 'rgb' three. Decoding runs on
    the CPU through the system's libjpeg (PaddlePaddle 3.3.1 decodes on GPUs
    only).

    Args:
        x (Tensor): The JPEG file's bytes, 1-D uint8 (as read_file gives them).
        mode (str, optional): 'unchanged' (the default), 'gray' or 'rgb'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The image [C, H, W], uint8.

    Example:
        >>> import io
        >>> import numpy as np
        >>> import paddle
        >>> from PIL import Image
        >>> buffer = io.BytesIO()
        >>> Image.fromarray(np.full((4, 6, 3), 200, "uint8")).save(buffer, format="JPEG")
        >>> data = paddle.to_tensor(np.frombuffer(buffer.getvalue(), "uint8"))
        >>> paddle.vision.ops.decode_jpeg(data).shape
        paddle.Size([3, 4, 6])
        >>> paddle.vision.ops.decode_jpeg(data, mode="gray").shape
        paddle.Size([1, 4, 6])
    """
    fn = "decode_jpeg"
    check_tensor(x, "x", fn)
    if x.dtype != _dtype.uint8 or x.ndim != 1:
        raise TypeError(f"[{fn}] x must be the 1-D uint8 bytes of a JPEG file, got "
                        f"{x.dtype.name} {list(x.shape)}")
    if mode not in ("unchanged", "gray", "rgb"):
        raise ValueError(f"[{fn}] mode must be 'unchanged', 'gray' or 'rgb', got {mode!r}")
    out = _decode_jpeg(x, mode)
    out.stop_gradient = True
    return out
