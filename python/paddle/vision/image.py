"""The image backend paddle.vision's datasets and loaders return images in:
'pil' (PIL.Image, needs Pillow), 'cv2' (numpy HWC arrays) or 'tensor'."""
import importlib.util

import numpy as np

__all__ = ["set_image_backend", "get_image_backend", "image_load"]

_BACKENDS = ("pil", "cv2", "tensor")
# PaddlePaddle defaults to 'pil'; without Pillow numpy arrays are the only choice.
_image_backend = "pil" if importlib.util.find_spec("PIL") is not None else "cv2"


def _check_backend(backend):
    if backend not in _BACKENDS:
        raise ValueError(f"Expected backend are one of {list(_BACKENDS)}, but got {backend}")
    return backend


def set_image_backend(backend):
    """Sets the backend that loaders return images in: 'pil', 'cv2' or 'tensor'.

    Args:
        backend (str): 'pil', 'cv2' or 'tensor'; others raise ValueError.

    Returns:
        None.

    Example:
        >>> import paddle.vision
        >>> paddle.vision.set_image_backend("cv2")
        >>> paddle.vision.get_image_backend()
        'cv2'
    """
    global _image_backend
    _image_backend = _check_backend(backend)


def get_image_backend():
    """The current image backend: 'pil' (the default when Pillow is installed),
    'cv2' (numpy arrays) or 'tensor'.

    Example:
        >>> import paddle.vision
        >>> paddle.vision.get_image_backend() in ("pil", "cv2", "tensor")
        True
    """
    return _image_backend


def _read_netpbm(path):
    """Binary PGM (P5) / PPM (P6) without Pillow: header of whitespace separated
    fields with '#' comments, then 8- or 16-bit big-endian samples."""
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while pos < len(data) and data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while end < len(data) and not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    magic, width, height, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    if magic not in (b"P5", b"P6"):
        raise ValueError(f"{path}: only binary PGM (P5) and PPM (P6) are readable without Pillow")
    channels = 3 if magic == b"P6" else 1
    dtype = np.dtype(">u2") if maxval > 255 else np.dtype("u1")
    count = width * height * channels
    pixels = np.frombuffer(data, dtype, count, offset=pos + 1).astype(dtype.newbyteorder("="))
    return pixels.reshape((height, width, channels) if channels == 3 else (height, width))


def _load_array(path):
    """An image file as a numpy HWC (or HW) array: .npy, binary PGM/PPM, or any
    format Pillow reads when it is installed."""
    lower = str(path).lower()
    if lower.endswith(".npy"):
        return np.load(path)
    if lower.endswith((".pgm", ".ppm")):
        return _read_netpbm(path)
    if importlib.util.find_spec("PIL") is None:
        raise ImportError(f"reading {path} needs Pillow (pip install pillow); without it only "
                          ".npy, .pgm and .ppm files are readable")
    from PIL import Image
    with Image.open(path) as img:
        return np.asarray(img)


def image_load(path, backend=None):
    """Loads an image file: a PIL.Image for backend 'pil', a numpy HWC array for
    'cv2', a Tensor for 'tensor' (backend None: the current image backend).

    Args:
        path (str): The image file's path.
        backend (str, optional): 'pil', 'cv2' or 'tensor'; None (the default) uses the
            current image backend. Others raise ValueError.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The image: a PIL image ('pil'), a numpy HWC array
            ('cv2') or a Tensor ('tensor').

    Example:
        >>> import numpy as np, paddle.vision, tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "img.npy")
        >>> np.save(path, np.zeros((4, 5, 3), "uint8"))
        >>> paddle.vision.image_load(path, backend="cv2").shape
        (4, 5, 3)
    """
    backend = _check_backend(_image_backend if backend is None else backend)
    if backend == "pil":
        from PIL import Image
        return Image.open(path)
    array = _load_array(path)
    if backend == "tensor":
        import paddle
        return paddle.to_tensor(array)
    return array
