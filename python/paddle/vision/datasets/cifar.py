"""CIFAR-10 and CIFAR-100 from their python-version tar.gz archives."""
import pickle
import tarfile

import numpy as np

from ...framework import dtypes
from ...io import Dataset
from ..image import get_image_backend
from . import _local_file

__all__ = []


class Cifar10(Dataset):
    """CIFAR-10: (image, label) pairs, the image 32x32x3 HWC (a PIL image with
    backend 'pil', else a float array of the default dtype after `transform`),
    the label an int64 scalar array.

    data_file is cifar-10-python.tar.gz; its members whose names contain
    'data_batch' (train) or 'test_batch' (test) are read in name order. None looks
    in PaddlePaddle's download cache (~/.cache/paddle/dataset/cifar).

    Args:
        data_file (str, optional): The path of cifar-10-python.tar.gz; None (the default) looks in
            PaddlePaddle's download cache. A missing path raises FileNotFoundError.
        mode (str, optional): 'train' (the default) or 'test'; others raise ValueError.
        transform (callable, optional): Applied to each image, e.g. a Compose of
            transforms; None (the default) applies none.
        download (bool, optional): With a None path, look in the cache (True, the default;
            nothing is downloaded) or raise ValueError (False).
        backend (str, optional): 'pil' (PIL images) or 'cv2' (numpy arrays); None (the
            default) uses paddle.vision.get_image_backend(). Others raise ValueError.

    Returns:
        Cifar10: A Dataset of (image, label) pairs.

    Example:
        >>> import io, os, pickle, tarfile, tempfile
        >>> import numpy as np
        >>> from paddle.vision.datasets import Cifar10
        >>> path = os.path.join(tempfile.mkdtemp(), "cifar.tar.gz")
        >>> batch = pickle.dumps({b"data": np.zeros((2, 3072), "uint8"), b"labels": [3, 5]})
        >>> with tarfile.open(path, "w:gz") as tar:
        ...     info = tarfile.TarInfo("cifar-10-batches-py/test_batch")
        ...     info.size = len(batch)
        ...     tar.addfile(info, io.BytesIO(batch))
        >>> ds = Cifar10(path, mode="test", backend="cv2")
        >>> len(ds), ds[1][0].shape, int(ds[1][1])
        (2, (32, 32, 3), 5)
    """

    URL = "https://dataset.bj.bcebos.com/cifar/cifar-10-python.tar.gz"
    FLAGS = {"train": "data_batch", "test": "test_batch"}

    def __init__(self, data_file=None, mode="train", transform=None, download=True,
                 backend=None):
        self.mode, self.backend = _local_file.check_mode_backend(mode, backend,
                                                                 get_image_backend)
        self.flag = self.FLAGS[self.mode]
        self.data_file = _local_file.resolve(data_file, self.URL, "cifar", download,
                                             "data_file")
        self.transform = transform
        self._load_data()
        self.dtype = dtypes.get_default_dtype()

    def _load_data(self):
        self.data = []
        try:
            tar = tarfile.open(self.data_file, mode="r")
        except tarfile.ReadError as err:
            raise ValueError(f"{self.data_file} is not a tar archive: {err}") from None
        with tar:
            names = sorted(m.name for m in tar if m.isfile() and self.flag in m.name)
            for name in names:
                batch = pickle.load(tar.extractfile(name), encoding="bytes")
                labels = batch.get(b"labels", batch.get(b"fine_labels"))
                if b"data" not in batch or labels is None:
                    raise ValueError(f"{self.data_file}:{name} has no b'data' and "
                                     "b'labels' / b'fine_labels'")
                self.data.extend(zip(batch[b"data"], labels))
        if not self.data:
            raise ValueError(f"{self.data_file} has no '{self.flag}' batches")

    def __getitem__(self, idx):
        image, label = self.data[idx]
        image = np.reshape(image, [3, 32, 32]).transpose([1, 2, 0])
        if self.backend == "pil":
            from PIL import Image
            image = Image.fromarray(image.astype("uint8"))
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, np.array(label).astype("int64")
        return image.astype(self.dtype), np.array(label).astype("int64")

    def __len__(self):
        return len(self.data)


class Cifar100(Cifar10):
    """CIFAR-100 (fine labels) from cifar-100-python.tar.gz (members 'train' and
    'test'); see Cifar10.

    Example:
        >>> from paddle.vision.datasets import Cifar100
        >>> try:
        ...     Cifar100(download=False)
        ... except ValueError as e:
        ...     print("needs", str(e).split()[1])
        needs data_file
    """

    URL = "https://dataset.bj.bcebos.com/cifar/cifar-100-python.tar.gz"
    FLAGS = {"train": "train", "test": "test"}
