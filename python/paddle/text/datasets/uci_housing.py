"""UCI Housing: 13 features normalized as PaddlePaddle does, then the price."""
import numpy as np

from ...framework import dtypes
from ...io import Dataset
from ._common import check_mode, resolve

__all__ = []

URL = "http://paddlemodels.bj.bcebos.com/uci_housing/housing.data"
FEATURE_NUM = 14
TRAIN_RATIO = 0.8


class UCIHousing(Dataset):
    """The UCI Housing dataset: (features, price) pairs, 13 features each scaled
    as (x - mean) / (max - min) over the whole file, the first 80% of rows for
    'train' and the rest for 'test'.

    data_file is housing.data: whitespace-separated numbers, 14 per row.

    Args:
        data_file (str, optional): The path of housing.data; None (the default) looks in
            PaddlePaddle's download cache (~/.cache/paddle/dataset/uci_housing). Nothing is
            downloaded: a missing file raises an error naming the file to pass.
        mode (str, optional): 'train' (the default) or 'test'; others raise ValueError.
        download (bool, optional): With a None path, look in the cache (True, the default)
            or raise ValueError (False).

    Returns:
        UCIHousing: A Dataset of (features [13], price [1]) arrays of the default dtype.

    Example:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from paddle.text import UCIHousing
        >>> path = os.path.join(tempfile.mkdtemp(), "housing.data")
        >>> np.savetxt(path, np.arange(70.0).reshape(5, 14))
        >>> train = UCIHousing(path, mode="train")
        >>> len(train), train[0][0].shape, float(train[0][1][0])
        (4, (13,), 13.0)
    """

    def __init__(self, data_file=None, mode="train", download=True):
        self.mode = check_mode(mode, ("train", "test"), "UCIHousing")
        self.data_file = resolve(data_file, URL, "uci_housing", download)
        self._load_data()
        self.dtype = dtypes.get_default_dtype()

    def _load_data(self, feature_num=FEATURE_NUM, ratio=TRAIN_RATIO):
        data = np.fromfile(self.data_file, sep=" ")
        if data.size % feature_num:
            raise ValueError(f"UCIHousing: {self.data_file} holds {data.size} numbers, not rows "
                             f"of {feature_num}")
        data = data.reshape(data.shape[0] // feature_num, feature_num)
        maximums, minimums = data.max(axis=0), data.min(axis=0)
        avgs = data.sum(axis=0) / data.shape[0]
        for i in range(feature_num - 1):
            data[:, i] = (data[:, i] - avgs[i]) / (maximums[i] - minimums[i])
        offset = int(data.shape[0] * ratio)
        self.data = data[:offset] if self.mode == "train" else data[offset:]

    def __getitem__(self, idx):
        row = self.data[idx]
        return np.array(row[:-1]).astype(self.dtype), np.array(row[-1:]).astype(self.dtype)

    def __len__(self):
        return len(self.data)
