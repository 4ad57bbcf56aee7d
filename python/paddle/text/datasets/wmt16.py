"""WMT16 English-German (Multi30k, wmt16.tar.gz): source and target word ids
with start/end marks, the dictionaries built from the training pairs by word
frequency, as PaddlePaddle's WMT16 does."""
import collections

import numpy as np

from ...io import Dataset
from ._common import check_mode, member, open_tar, positive, resolve

__all__ = []

DATA_URL = "http://paddlemodels.bj.bcebos.com/wmt/wmt16.tar.gz"
TOTAL_EN_WORDS = 11250
TOTAL_DE_WORDS = 19220
START_MARK, END_MARK, UNK_MARK = "<s>", "<e>", "<unk>"


class WMT16(Dataset):
    """The WMT16 dataset: (source ids, target ids, next target ids) triples.

    data_file (wmt16.tar.gz) holds 'english<TAB>german' lines in the members
    wmt16/train, wmt16/test and wmt16/val. Each language's dictionary is
    '<s>', '<e>', '<unk>' then the most frequent words of its column of
    wmt16/train (ties in order of appearance), ``dict_size`` entries in all; it
    is built in memory (PaddlePaddle caches it under ~/.cache/paddle/dataset/wmt16
    and builds both from the source column). Sources become '<s>' words '<e>',
    targets '<s>' words and next targets words '<e>'.

    Args:
        data_file (str, optional): The path of wmt16.tar.gz; None (the default) looks in
            PaddlePaddle's download cache (~/.cache/paddle/dataset/wmt16). Nothing is
            downloaded: a missing file raises an error naming the file to pass.
        mode (str, optional): 'train' (the default), 'test' or 'val'; others raise ValueError.
        src_dict_size (int, optional): The source dictionary's size, a positive int (required;
            the default -1 raises ValueError).
        trg_dict_size (int, optional): The target dictionary's size, likewise.
        lang (str, optional): The source language, 'en' (the default) or 'de'.
        download (bool, optional): With a None path, look in the cache (True, the default)
            or raise ValueError (False).

    Returns:
        WMT16: A Dataset of triples of int64 arrays.

    Example:
        >>> from paddle.text import WMT16
        >>> try:
        ...     WMT16(download=False, src_dict_size=50, trg_dict_size=50)
        ... except ValueError as e:
        ...     print("needs", str(e).split()[1])
        needs data_file
    """

    def __init__(self, data_file=None, mode="train", src_dict_size=-1, trg_dict_size=-1,
                 lang="en", download=True):
        self.mode = check_mode(mode, ("train", "test", "val"), "WMT16")
        if lang not in ("en", "de"):
            raise ValueError(f"WMT16: lang should be 'en' or 'de', but got {lang!r}")
        self.data_file = resolve(data_file, DATA_URL, "wmt16", download)
        self.lang = lang
        positive(src_dict_size, "src_dict_size", "WMT16")
        positive(trg_dict_size, "trg_dict_size", "WMT16")
        other = "de" if lang == "en" else "en"
        self.src_dict_size = min(src_dict_size, self._total(lang))
        self.trg_dict_size = min(trg_dict_size, self._total(other))
        self._dicts = {lang: self._build_dict(src_dict_size, lang),
                       other: self._build_dict(trg_dict_size, other)}
        self.src_dict, self.trg_dict = self._dicts[lang], self._dicts[other]
        self._load_data()

    @staticmethod
    def _total(lang):
        return TOTAL_EN_WORDS if lang == "en" else TOTAL_DE_WORDS

    def _pairs(self, mode):
        with open_tar(self.data_file, "WMT16") as tar:
            for line in member(tar, f"wmt16/{mode}", self.data_file, "WMT16"):
                pair = line.decode().strip().split("\t")
                if len(pair) == 2:
                    yield pair

    def _build_dict(self, dict_size, lang):
        counts = collections.defaultdict(int)
        column = 0 if lang == "en" else 1
        for pair in self._pairs("train"):
            for w in pair[column].split():
                counts[w] += 1
        words = [START_MARK, END_MARK, UNK_MARK]
        for word, _ in sorted(counts.items(), key=lambda x: x[1], reverse=True):
            if len(words) >= dict_size:
                break
            words.append(word)
        return {w: i for i, w in enumerate(words)}

    def _load_data(self):
        start, end, unk = (self.src_dict[m] for m in (START_MARK, END_MARK, UNK_MARK))
        src_col = 0 if self.lang == "en" else 1
        self.src_ids, self.trg_ids, self.trg_ids_next = [], [], []
        for pair in self._pairs(self.mode):
            src = [self.src_dict.get(w, unk) for w in pair[src_col].split()]
            trg = [self.trg_dict.get(w, unk) for w in pair[1 - src_col].split()]
            self.src_ids.append([start, *src, end])
            self.trg_ids.append([start, *trg])
            self.trg_ids_next.append([*trg, end])

    def __getitem__(self, idx):
        return (np.array(self.src_ids[idx]), np.array(self.trg_ids[idx]),
                np.array(self.trg_ids_next[idx]))

    def __len__(self):
        return len(self.src_ids)

    def get_dict(self, lang, reverse=False):
        """The dictionary of one language.

        Args:
            lang (str): 'en' or 'de'.
            reverse (bool, optional): Map ids to words (True) or words to ids (False, the
                default).

        Returns:
            dict: The dictionary.
        """
        if lang not in self._dicts:
            raise ValueError(f"WMT16: lang should be 'en' or 'de', but got {lang!r}")
        d = self._dicts[lang]
        return {v: k for k, v in d.items()} if reverse else dict(d)
