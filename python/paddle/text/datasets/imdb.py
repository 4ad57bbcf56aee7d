"""IMDB movie reviews from aclImdb_v1.tar.gz: word ids and a label (0 positive,
1 negative), words counted over train and test, as PaddlePaddle does."""
import collections
import re
import string

import numpy as np

from ...io import Dataset
from ._common import check_mode, open_tar, resolve

__all__ = []

URL = "https://dataset.bj.bcebos.com/imdb%2FaclImdb_v1.tar.gz"
_PUNCTUATION = string.punctuation.encode("latin-1")


class Imdb(Dataset):
    """The IMDB sentiment dataset: (word ids, label) pairs, label 0 for the
    members aclImdb/<mode>/pos/*.txt and 1 for aclImdb/<mode>/neg/*.txt.

    Each review is lowercased, stripped of punctuation and split on whitespace
    (words stay bytes). The dictionary holds the words seen more than ``cutoff``
    times in all of train and test, most frequent first (ties by word), then
    ``'<unk>'`` for the rest.

    Args:
        data_file (str, optional): The path of aclImdb_v1.tar.gz; None (the default) looks in
            PaddlePaddle's download cache (~/.cache/paddle/dataset/imdb). Nothing is
            downloaded: a missing file raises an error naming the file to pass.
        mode (str, optional): 'train' (the default) or 'test'; others raise ValueError.
        cutoff (int, optional): Words seen at most this many times become '<unk>'. Default 150.
        download (bool, optional): With a None path, look in the cache (True, the default)
            or raise ValueError (False).

    Returns:
        Imdb: A Dataset of (word ids, label [1]) int64 arrays; ``word_idx`` is the dictionary.

    Example:
        >>> from paddle.text import Imdb
        >>> try:
        ...     Imdb(download=False)
        ... except ValueError as e:
        ...     print("needs", str(e).split()[1])
        needs data_file
    """

    def __init__(self, data_file=None, mode="train", cutoff=150, download=True):
        self.mode = check_mode(mode, ("train", "test"), "Imdb")
        self.data_file = resolve(data_file, URL, "imdb", download)
        self.word_idx = self._build_work_dict(cutoff)
        self._load_anno()

    def _build_work_dict(self, cutoff):
        word_freq = collections.defaultdict(int)
        pattern = re.compile(r"aclImdb/((train)|(test))/((pos)|(neg))/.*\.txt$")
        for doc in self._tokenize(pattern):
            for word in doc:
                word_freq[word] += 1
        kept = sorted((x for x in word_freq.items() if x[1] > cutoff), key=lambda x: (-x[1], x[0]))
        word_idx = {word: i for i, (word, _) in enumerate(kept)}
        word_idx["<unk>"] = len(kept)
        return word_idx

    def _tokenize(self, pattern):
        docs = []
        with open_tar(self.data_file, "Imdb") as tar:
            for info in tar:
                if pattern.match(info.name):
                    text = tar.extractfile(info).read().rstrip(b"\n\r")
                    docs.append(text.translate(None, _PUNCTUATION).lower().split())
        return docs

    def _load_anno(self):
        unk = self.word_idx["<unk>"]
        self.docs, self.labels = [], []
        for label, kind in enumerate(("pos", "neg")):
            pattern = re.compile(rf"aclImdb/{self.mode}/{kind}/.*\.txt$")
            for doc in self._tokenize(pattern):
                self.docs.append([self.word_idx.get(w, unk) for w in doc])
                self.labels.append(label)

    def __getitem__(self, idx):
        return np.array(self.docs[idx]), np.array([self.labels[idx]])

    def __len__(self):
        return len(self.docs)
