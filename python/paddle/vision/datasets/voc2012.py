"""PASCAL VOC 2012 semantic segmentation from VOCtrainval_11-May-2012.tar
(needs Pillow for the JPEG images and PNG label maps)."""
import io
import tarfile

import numpy as np

from ...framework import dtypes
from ...io import Dataset
from ..image import get_image_backend
from . import _local_file

__all__ = []

_URL = "https://dataset.bj.bcebos.com/voc/VOCtrainval_11-May-2012.tar"
_SET_FILE = "VOCdevkit/VOC2012/ImageSets/Segmentation/{}.txt"
_DATA_FILE = "VOCdevkit/VOC2012/JPEGImages/{}.jpg"
_LABEL_FILE = "VOCdevkit/VOC2012/SegmentationClass/{}.png"
# PaddlePaddle's mode -> image set: train on trainval, test on train, valid on val
_SETS = {"train": "trainval", "test": "train", "valid": "val"}


class VOC2012(Dataset):
    """(image, label map) pairs of VOC 2012 segmentation: PIL images (backend
    'pil') or arrays of the default dtype (backend 'cv2'; `transform` applies to
    the image only). The images are read from the tar file as needed.

    data_file is VOCtrainval_11-May-2012.tar; None looks in PaddlePaddle's cache
    (~/.cache/paddle/dataset/voc2012). mode 'train' (trainval), 'valid' (val) or
    'test' (train).

    Args:
        data_file (str, optional): The path of VOCtrainval_11-May-2012.tar; None (the
            default) looks in PaddlePaddle's download cache. A missing path raises
            FileNotFoundError.
        mode (str, optional): 'train' (the default), 'valid' or 'test'; others raise ValueError.
        transform (callable, optional): Applied to each image, e.g. a Compose of
            transforms; None (the default) applies none.
        download (bool, optional): With a None path, look in the cache (True, the default;
            nothing is downloaded) or raise ValueError (False).
        backend (str, optional): 'pil' (PIL images) or 'cv2' (numpy arrays); None (the
            default) uses paddle.vision.get_image_backend(). Others raise ValueError.

    Returns:
        VOC2012: A Dataset of (image, label map) pairs.

    Example:
        >>> from paddle.vision.datasets import VOC2012
        >>> try:
        ...     VOC2012(download=False)
        ... except ValueError as e:
        ...     print("needs", str(e).split()[1])
        needs data_file
    """

    def __init__(self, data_file=None, mode="train", transform=None, download=True,
                 backend=None):
        self.data_tar = None
        mode, self.backend = _local_file.check_mode_backend(
            mode, backend, get_image_backend, ("train", "valid", "test"))
        self.flag = _SETS[mode]
        self.data_file = _local_file.resolve(data_file, _URL, "voc2012", download, "data_file")
        self.transform = transform
        self._load_anno()
        self.dtype = dtypes.get_default_dtype()

    def _load_anno(self):
        self.data_tar = tarfile.open(self.data_file)
        self.name2mem = {m.name: m for m in self.data_tar.getmembers()}
        set_file = _SET_FILE.format(self.flag)
        if set_file not in self.name2mem:
            raise ValueError(f"{self.data_file} has no {set_file}")
        names = [line.strip().decode("utf-8")
                 for line in self.data_tar.extractfile(self.name2mem[set_file]) if line.strip()]
        self.data = [_DATA_FILE.format(n) for n in names]
        self.labels = [_LABEL_FILE.format(n) for n in names]

    def _open(self, name):
        from PIL import Image
        return Image.open(io.BytesIO(self.data_tar.extractfile(self.name2mem[name]).read()))

    def __getitem__(self, idx):
        data, label = self._open(self.data[idx]), self._open(self.labels[idx])
        if self.backend == "cv2":
            data, label = np.array(data), np.array(label)
        if self.transform is not None:
            data = self.transform(data)
        if self.backend == "cv2":
            return data.astype(self.dtype), label.astype(self.dtype)
        return data, label

    def __len__(self):
        return len(self.data)

    def __del__(self):
        if getattr(self, "data_tar", None):
            self.data_tar.close()
