"""The Penn Treebank language-model data (simple-examples.tgz): n-grams or
(source, target) sequences of word ids, as PaddlePaddle's Imikolov reads them."""
import collections

import numpy as np

from ...io import Dataset
from ._common import check_mode, member, open_tar, resolve

__all__ = []

URL = "https://dataset.bj.bcebos.com/imikolov%2Fsimple-examples.tgz"
_DIR = "./simple-examples/data/"


class Imikolov(Dataset):
    """The Imikolov (PTB) dataset from simple-examples.tgz, members
    ./simple-examples/data/ptb.{train,valid,test}.txt.

    The dictionary holds the words (bytes) and '<s>', '<e>' seen more than
    ``min_word_freq`` times in ptb.train.txt and ptb.valid.txt, most frequent first
    (ties by word), then '<unk>'. 'NGRAM' items are the ``window_size``-grams of
    each '<s>' line '<e>'; 'SEQ' items are ('<s>' line, line '<e>'), lines longer
    than ``window_size`` skipped when it is positive.

    Args:
        data_file (str, optional): The path of simple-examples.tgz; None (the default) looks
            in PaddlePaddle's download cache (~/.cache/paddle/dataset/imikolov). Nothing is
            downloaded: a missing file raises an error naming the file to pass.
        data_type (str, optional): 'NGRAM' (the default) or 'SEQ'; others raise ValueError.
        window_size (int, optional): The n of 'NGRAM' (required, >= 0 there) or the longest
            'SEQ' source (-1, the default: any).
        mode (str, optional): 'train' (the default) or 'test' (ptb.test.txt).
        min_word_freq (int, optional): Words seen at most this many times become '<unk>'.
            Default 50.
        download (bool, optional): With a None path, look in the cache (True, the default)
            or raise ValueError (False).

    Returns:
        Imikolov: A Dataset of tuples of int64 arrays; ``word_idx`` is the dictionary.

    Example:
        >>> from paddle.text import Imikolov
        >>> try:
        ...     Imikolov(download=False)
        ... except ValueError as e:
        ...     print("needs", str(e).split()[1])
        needs data_file
    """

    def __init__(self, data_file=None, data_type="NGRAM", window_size=-1, mode="train",
                 min_word_freq=50, download=True):
        if not isinstance(data_type, str) or data_type.upper() not in ("NGRAM", "SEQ"):
            raise ValueError(f"Imikolov: data_type should be 'NGRAM' or 'SEQ', but got "
                             f"{data_type!r}")
        self.data_type = data_type.upper()
        self.mode = check_mode(mode, ("train", "test"), "Imikolov")
        self.window_size = window_size
        self.min_word_freq = min_word_freq
        self.data_file = resolve(data_file, URL, "imikolov", download)
        if self.data_type == "NGRAM" and window_size < 0:
            raise ValueError(f"Imikolov: 'NGRAM' needs window_size >= 0 (the gram length), got "
                             f"{window_size}")
        self.word_idx = self._build_work_dict(min_word_freq)
        self._load_anno()

    @staticmethod
    def word_count(f, word_freq=None):
        """Adds the words of the lines of f, and one '<s>' and '<e>' per line, to word_freq.

        Args:
            f (iterable): Lines of bytes.
            word_freq (dict, optional): Counts to add to; None starts new ones. Default None.

        Returns:
            dict: The counts.
        """
        if word_freq is None:
            word_freq = collections.defaultdict(int)
        for line in f:
            for w in line.strip().split():
                word_freq[w] += 1
            word_freq["<s>"] += 1
            word_freq["<e>"] += 1
        return word_freq

    def _build_work_dict(self, cutoff):
        with open_tar(self.data_file, "Imikolov") as tar:
            train = member(tar, _DIR + "ptb.train.txt", self.data_file, "Imikolov")
            valid = member(tar, _DIR + "ptb.valid.txt", self.data_file, "Imikolov")
            word_freq = self.word_count(valid, self.word_count(train))
        word_freq.pop("<unk>", None)  # the str mark; the text's b"<unk>" keeps an id, as in 3.3.1
        kept = [x for x in word_freq.items() if x[1] > cutoff]
        # bytes words and the str marks sort as (count, text): equal counts are rare
        kept.sort(key=lambda x: (-x[1], x[0] if isinstance(x[0], bytes) else x[0].encode()))
        word_idx = {word: i for i, (word, _) in enumerate(kept)}
        word_idx["<unk>"] = len(kept)
        return word_idx

    def _load_anno(self):
        self.data = []
        unk = self.word_idx["<unk>"]
        with open_tar(self.data_file, "Imikolov") as tar:
            lines = member(tar, f"{_DIR}ptb.{self.mode}.txt", self.data_file, "Imikolov")
            for line in lines:
                words = line.strip().split()
                if self.data_type == "NGRAM":
                    ids = [self.word_idx.get(w, unk) for w in ["<s>", *words, "<e>"]]
                    n = self.window_size
                    if len(ids) >= n:
                        self.data.extend(tuple(ids[i - n:i]) for i in range(n, len(ids) + 1))
                else:
                    ids = [self.word_idx.get(w, unk) for w in words]
                    src, trg = [self.word_idx["<s>"], *ids], [*ids, self.word_idx["<e>"]]
                    if 0 < self.window_size < len(src):
                        continue
                    self.data.append((src, trg))

    def __getitem__(self, idx):
        return tuple(np.array(d) for d in self.data[idx])

    def __len__(self):
        return len(self.data)
