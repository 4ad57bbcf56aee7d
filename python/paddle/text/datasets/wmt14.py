"""WMT14 French-English (the subset in wmt14.tgz): source and target word ids
with start/end marks, as PaddlePaddle's WMT14 reads them."""
import numpy as np

from ...io import Dataset
from ._common import check_mode, open_tar, positive, resolve

__all__ = []

URL_TRAIN = "http://paddlemodels.bj.bcebos.com/wmt/wmt14.tgz"
START, END, UNK = "<s>", "<e>", "<unk>"
UNK_IDX = 2
MAX_LENGTH = 80


def _first_lines(f, size):
    """The first size lines of f as a dict from word to line number."""
    out = {}
    for i, line in enumerate(f):
        if i >= size:
            break
        out[line.strip().decode()] = i
    return out


class WMT14(Dataset):
    """The WMT14 dataset: (source ids, target ids, next target ids) triples.

    data_file (wmt14.tgz) holds the dictionaries as members ending in 'src.dict'
    and 'trg.dict' (one word a line, their first ``dict_size`` lines used) and the
    sentence pairs, 'source<TAB>target' lines, in members ending in
    '<mode>/<mode>'. Sources become '<s>' words '<e>', targets '<s>' words and
    next targets words '<e>'; unknown words read 2; pairs with a side longer
    than 80 ids are skipped.

    Args:
        data_file (str, optional): The path of wmt14.tgz; None (the default) looks in
            PaddlePaddle's download cache (~/.cache/paddle/dataset/wmt14). Nothing is
            downloaded: a missing file raises an error naming the file to pass.
        mode (str, optional): 'train' (the default), 'test' or 'gen'; others raise ValueError.
        dict_size (int, optional): The dictionaries' size, a positive int (required; the
            default -1 raises ValueError).
        download (bool, optional): With a None path, look in the cache (True, the default)
            or raise ValueError (False).

    Returns:
        WMT14: A Dataset of triples of int64 arrays.

    Example:
        >>> from paddle.text import WMT14
        >>> try:
        ...     WMT14(download=False, dict_size=50)
        ... except ValueError as e:
        ...     print("needs", str(e).split()[1])
        needs data_file
    """

    def __init__(self, data_file=None, mode="train", dict_size=-1, download=True):
        self.mode = check_mode(mode, ("train", "test", "gen"), "WMT14")
        self.data_file = resolve(data_file, URL_TRAIN, "wmt14", download)
        self.dict_size = positive(dict_size, "dict_size", "WMT14")
        self._load_data()

    def _dict(self, tar, suffix):
        names = [m.name for m in tar if m.name.endswith(suffix)]
        if len(names) != 1:
            raise ValueError(f"WMT14: {self.data_file} must hold one member ending in "
                             f"{suffix!r}, got {names}")
        return _first_lines(tar.extractfile(names[0]), self.dict_size)

    def _load_data(self):
        self.src_ids, self.trg_ids, self.trg_ids_next = [], [], []
        with open_tar(self.data_file, "WMT14") as tar:
            self.src_dict = self._dict(tar, "src.dict")
            self.trg_dict = self._dict(tar, "trg.dict")
            suffix = f"{self.mode}/{self.mode}"
            for name in [m.name for m in tar if m.name.endswith(suffix)]:
                for line in tar.extractfile(name):
                    pair = line.decode().strip().split("\t")
                    if len(pair) != 2:
                        continue
                    src = [self.src_dict.get(w, UNK_IDX) for w in [START, *pair[0].split(), END]]
                    trg = [self.trg_dict.get(w, UNK_IDX) for w in pair[1].split()]
                    if len(src) > MAX_LENGTH or len(trg) > MAX_LENGTH:
                        continue
                    self.src_ids.append(src)
                    self.trg_ids.append([self.trg_dict[START], *trg])
                    self.trg_ids_next.append([*trg, self.trg_dict[END]])

    def __getitem__(self, idx):
        return (np.array(self.src_ids[idx]), np.array(self.trg_ids[idx]),
                np.array(self.trg_ids_next[idx]))

    def __len__(self):
        return len(self.src_ids)

    def get_dict(self, reverse=False):
        """The source and target dictionaries.

        Args:
            reverse (bool, optional): Map ids to words (True) or words to ids (False, the
                default).

        Returns:
            tuple: ``(src_dict, trg_dict)``.
        """
        src, trg = self.src_dict, self.trg_dict
        if reverse:
            src, trg = {v: k for k, v in src.items()}, {v: k for k, v in trg.items()}
        return src, trg
