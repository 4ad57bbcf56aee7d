"""MNIST and Fashion-MNIST from their IDX files (gzip-compressed or not)."""
import gzip

import numpy as np

from ...framework import dtypes
from ...io import Dataset
from ..image import get_image_backend
from . import _local_file

__all__ = []

_IMAGES_MAGIC, _LABELS_MAGIC = 2051, 2049


def _read_idx(path, magic, what):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    ndim = 3 if magic == _IMAGES_MAGIC else 1
    header = np.frombuffer(data, ">u4", 1 + ndim) if len(data) >= 4 * (1 + ndim) else None
    if header is None or header[0] != magic:
        raise ValueError(f"{path} is not an IDX {what} file (magic number {magic} expected)")
    dims = [int(d) for d in header[1:]]
    body = np.frombuffer(data, np.uint8, offset=4 * (1 + ndim))
    if body.size < np.prod(dims):
        raise ValueError(f"{path}: {what} file is truncated: header says {dims}, "
                         f"{body.size} bytes follow")
    return body[:int(np.prod(dims))].reshape(dims)


class MNIST(Dataset):
    """The MNIST handwritten digits: (image, label) pairs, the image 28x28 (a PIL
    'L' image with backend 'pil', else a float array of the default dtype after
    `transform`), the label an int64 array of shape [1].

    image_path / label_path are the IDX files (t10k-images-idx3-ubyte.gz, ...);
    None looks in PaddlePaddle's download cache (~/.cache/paddle/dataset/mnist),
    since nothing is downloaded here.

    Args:
        image_path (str, optional): The path of the images' IDX file; None (the default) looks in
            PaddlePaddle's download cache. A missing path raises FileNotFoundError.
        label_path (str, optional): The path of the labels' IDX file; None (the default) looks in
            PaddlePaddle's download cache. A missing path raises FileNotFoundError.
        mode (str, optional): 'train' (the default) or 'test'; others raise ValueError.
        transform (callable, optional): Applied to each image, e.g. a Compose of
            transforms; None (the default) applies none.
        download (bool, optional): With a None path, look in the cache (True, the default;
            nothing is downloaded) or raise ValueError (False).
        backend (str, optional): 'pil' (PIL images) or 'cv2' (numpy arrays); None (the
            default) uses paddle.vision.get_image_backend(). Others raise ValueError.

    Returns:
        MNIST: A Dataset of (image, label) pairs.

    Example:
        >>> import gzip, os, struct, tempfile
        >>> from paddle.vision.datasets import MNIST
        >>> d = tempfile.mkdtemp()
        >>> with gzip.open(os.path.join(d, "img.gz"), "wb") as f:
        ...     _ = f.write(struct.pack(">IIII", 2051, 1, 28, 28) + bytes(784))
        >>> with gzip.open(os.path.join(d, "lab.gz"), "wb") as f:
        ...     _ = f.write(struct.pack(">II", 2049, 1) + bytes([7]))
        >>> ds = MNIST(os.path.join(d, "img.gz"), os.path.join(d, "lab.gz"), backend="cv2")
        >>> image, label = ds[0]
        >>> image.shape, label.tolist()
        ((28, 28), [7])
    """

    NAME = "mnist"
    URL_PREFIX = "https://dataset.bj.bcebos.com/mnist/"

    def __init__(self, image_path=None, label_path=None, mode="train", transform=None,
                 download=True, backend=None):
        self.mode, self.backend = _local_file.check_mode_backend(mode, backend,
                                                                 get_image_backend)
        prefix = "train" if self.mode == "train" else "t10k"
        cls = type(self).__name__
        self.image_path = _local_file.resolve(
            image_path, self.URL_PREFIX + f"{prefix}-images-idx3-ubyte.gz", self.NAME, download,
            "image_path")
        self.label_path = _local_file.resolve(
            label_path, self.URL_PREFIX + f"{prefix}-labels-idx1-ubyte.gz", self.NAME, download,
            "label_path")
        self.transform = transform
        images = _read_idx(self.image_path, _IMAGES_MAGIC, "images")
        labels = _read_idx(self.label_path, _LABELS_MAGIC, "labels")
        if len(images) != len(labels):
            raise ValueError(f"{cls}: {len(images)} images but {len(labels)} labels")
        self.images = [img.astype("float32") for img in images]
        self.labels = [np.array([lab], dtype="int64") for lab in labels]
        self.dtype = dtypes.get_default_dtype()

    def __getitem__(self, idx):
        image, label = self.images[idx], self.labels[idx]
        if self.backend == "pil":
            from PIL import Image
            image = Image.fromarray(image.astype("uint8"))  # 2-D uint8: mode "L"
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label.astype("int64")
        return image.astype(self.dtype), label.astype("int64")

    def __len__(self):
        return len(self.labels)


class FashionMNIST(MNIST):
    """Fashion-MNIST (Zalando's clothing images, MNIST's format); see MNIST.

    Example:
        >>> from paddle.vision.datasets import FashionMNIST
        >>> try:
        ...     FashionMNIST(mode="test", download=False)
        ... except ValueError as e:
        ...     print("needs", str(e).split()[1])
        needs image_path
    """

    NAME = "fashion-mnist"
    URL_PREFIX = "https://dataset.bj.bcebos.com/fashion_mnist/"
