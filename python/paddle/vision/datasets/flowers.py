"""Oxford 102 Flowers from 102flowers.tgz and its two MATLAB files (needs
Pillow for the JPEGs and SciPy for the .mat files)."""
import importlib
import os
import tarfile

import numpy as np

from ...framework import dtypes
from ...io import Dataset
from ..image import get_image_backend
from . import _local_file

__all__ = []

_URL = "http://paddlemodels.bj.bcebos.com/flowers/"
# PaddlePaddle trains on the (larger) 'tstid' split and tests on 'trnid'
_SPLIT_KEYS = {"train": "tstid", "test": "trnid", "valid": "valid"}


def _loadmat(path):
    try:
        scipy_io = importlib.import_module("scipy.io")
    except ImportError:
        raise ImportError("Flowers reads .mat files with SciPy: pip install scipy") from None
    return scipy_io.loadmat(path)


class Flowers(Dataset):
    """The 102 category flower images: (image, label) pairs, the image a PIL
    image (backend 'pil') or an HWC array of the default dtype (after
    `transform`), the label an int64 array of shape [1] (1 to 102).

    data_file is 102flowers.tgz (extracted once next to it, into a folder named
    like the file without '.tgz'), label_file imagelabels.mat, setid_file
    setid.mat; None looks in PaddlePaddle's cache (~/.cache/paddle/dataset/flowers).
    mode 'train', 'valid' or 'test'.

    Args:
        data_file (str, optional): The path of 102flowers.tgz; None (the default) looks in
            PaddlePaddle's download cache. A missing path raises FileNotFoundError.
        label_file (str, optional): The path of imagelabels.mat; None (the default) looks in
            PaddlePaddle's download cache. A missing path raises FileNotFoundError.
        setid_file (str, optional): The path of setid.mat; None (the default) looks in
            PaddlePaddle's download cache. A missing path raises FileNotFoundError.
        mode (str, optional): 'train' (the default), 'valid' or 'test'; others raise ValueError.
        transform (callable, optional): Applied to each image, e.g. a Compose of
            transforms; None (the default) applies none.
        download (bool, optional): With a None path, look in the cache (True, the default;
            nothing is downloaded) or raise ValueError (False).
        backend (str, optional): 'pil' (PIL images) or 'cv2' (numpy arrays); None (the
            default) uses paddle.vision.get_image_backend(). Others raise ValueError.

    Returns:
        Flowers: A Dataset of (image, label) pairs.

    Example:
        >>> from paddle.vision.datasets import Flowers
        >>> try:
        ...     Flowers(download=False)
        ... except ValueError as e:
        ...     print("needs", str(e).split()[1])
        needs data_file
    """

    def __init__(self, data_file=None, label_file=None, setid_file=None, mode="train",
                 transform=None, download=True, backend=None):
        mode, self.backend = _local_file.check_mode_backend(
            mode, backend, get_image_backend, ("train", "valid", "test"))
        data_file = _local_file.resolve(data_file, _URL + "102flowers.tgz", "flowers", download,
                                        "data_file")
        label_file = _local_file.resolve(label_file, _URL + "imagelabels.mat", "flowers",
                                         download, "label_file")
        setid_file = _local_file.resolve(setid_file, _URL + "setid.mat", "flowers", download,
                                         "setid_file")
        self.transform = transform
        self.data_path = data_file.replace(".tgz", "/")
        if not os.path.exists(os.path.join(self.data_path, "jpg")):
            os.makedirs(self.data_path, exist_ok=True)
            with tarfile.open(data_file) as tar:
                tar.extractall(self.data_path, filter="data")
        self.labels = _loadmat(label_file)["labels"][0]
        self.indexes = _loadmat(setid_file)[_SPLIT_KEYS[mode]][0]

    def __getitem__(self, idx):
        from PIL import Image
        index = self.indexes[idx]
        label = np.array([self.labels[index - 1]])
        image = Image.open(os.path.join(self.data_path, f"jpg/image_{index:05}.jpg"))
        if self.backend == "cv2":
            image = np.array(image)
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label.astype("int64")
        return image.astype(dtypes.get_default_dtype()), label.astype("int64")

    def __len__(self):
        return len(self.indexes)
