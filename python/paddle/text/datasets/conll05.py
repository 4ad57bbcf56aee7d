"""CoNLL-2005 semantic role labelling (its WSJ test set, conll05st-tests.tar.gz):
one item per (sentence, predicate), with the predicate's context words and
B-/I-/O labels, as PaddlePaddle's Conll05st builds them."""
import gzip

import numpy as np

from ...io import Dataset
from ._common import member, open_tar, resolve

__all__ = []

_BASE = "http://paddlemodels.bj.bcebos.com/conll05st"
DATA_URL = _BASE + "/conll05st-tests.tar.gz"
WORDDICT_URL = _BASE + "%2FwordDict.txt"
VERBDICT_URL = _BASE + "%2FverbDict.txt"
TRGDICT_URL = _BASE + "%2FtargetDict.txt"
EMB_URL = _BASE + "%2Femb"
WORDS_MEMBER = "conll05st-release/test.wsj/words/test.wsj.words.gz"
PROPS_MEMBER = "conll05st-release/test.wsj/props/test.wsj.props.gz"
UNK_IDX = 0


def _bracket_labels(column):
    """One predicate's column of bracketed props ('(A0*', '*', '*)', '(V*)') as
    B-/I-/O tags."""
    tags, tag, inside = [], "O", False
    for item in column:
        if item == "*":
            tags.append("I-" + tag if inside else "O")
        elif item == "*)":
            tags.append("I-" + tag)
            inside = False
        elif "(" in item:
            tag = item[1:item.find("*")]
            tags.append("B-" + tag)
            inside = ")" not in item
        else:
            raise RuntimeError(f"Conll05st: unexpected label {item!r}")
    return tags


class Conll05st(Dataset):
    """The CoNLL-2005 SRL test set: for each sentence and each of its predicates,
    (word ids, 5 context-word ids, predicate ids, mark, label ids), each an int64
    array of the sentence's length.

    The words and props come from the members
    conll05st-release/test.wsj/{words/test.wsj.words.gz,props/test.wsj.props.gz}
    of data_file. The dictionaries are text files, one entry a line (id = line
    number); the label dictionary gives each tag of target_dict_file's B-/I- lines
    the ids B-tag, I-tag in sorted tag order (PaddlePaddle uses a set's order),
    then 'O'. Unknown words read 0.

    Args:
        data_file (str, optional): The path of conll05st-tests.tar.gz; None (the default)
            looks in PaddlePaddle's download cache (~/.cache/paddle/dataset/conll05st).
            Nothing is downloaded: a missing file raises an error naming the file to pass.
        word_dict_file (str, optional): The word dictionary (wordDict.txt). Default None.
        verb_dict_file (str, optional): The predicate dictionary (verbDict.txt). Default None.
        target_dict_file (str, optional): The label dictionary (targetDict.txt). Default None.
        emb_file (str, optional): The word embedding file (emb), returned by
            ``get_embedding``. Default None.
        download (bool, optional): With None paths, look in the cache (True, the default)
            or raise ValueError (False).

    Returns:
        Conll05st: A Dataset of 9-tuples of int64 arrays.

    Example:
        >>> from paddle.text import Conll05st
        >>> try:
        ...     Conll05st(download=False)
        ... except ValueError as e:
        ...     print("needs", str(e).split()[1])
        needs data_file
    """

    def __init__(self, data_file=None, word_dict_file=None, verb_dict_file=None,
                 target_dict_file=None, emb_file=None, download=True):
        self.data_file = resolve(data_file, DATA_URL, "conll05st", download)
        self.word_dict_file = resolve(word_dict_file, WORDDICT_URL, "conll05st", download,
                                      "word_dict_file")
        self.verb_dict_file = resolve(verb_dict_file, VERBDICT_URL, "conll05st", download,
                                      "verb_dict_file")
        self.target_dict_file = resolve(target_dict_file, TRGDICT_URL, "conll05st", download,
                                        "target_dict_file")
        self.emb_file = resolve(emb_file, EMB_URL, "conll05st", download, "emb_file")
        self.word_dict = self._load_dict(self.word_dict_file)
        self.predicate_dict = self._load_dict(self.verb_dict_file)
        self.label_dict = self._load_label_dict(self.target_dict_file)
        self._load_anno()

    @staticmethod
    def _load_label_dict(filename):
        with open(filename) as f:
            tags = sorted({line.strip()[2:] for line in f
                           if line.strip().startswith(("B-", "I-"))})
        d = {}
        for tag in tags:
            d["B-" + tag] = len(d)
            d["I-" + tag] = len(d)
        d["O"] = len(d)
        return d

    @staticmethod
    def _load_dict(filename):
        with open(filename) as f:
            return {line.strip(): i for i, line in enumerate(f)}

    def _load_anno(self):
        self.sentences, self.predicates, self.labels = [], [], []
        with open_tar(self.data_file, "Conll05st") as tar:
            words = member(tar, WORDS_MEMBER, self.data_file, "Conll05st")
            props = member(tar, PROPS_MEMBER, self.data_file, "Conll05st")
            with gzip.GzipFile(fileobj=words) as words_file, \
                    gzip.GzipFile(fileobj=props) as props_file:
                sentence, rows = [], []
                for word, label in zip(words_file, props_file):
                    label = label.strip().decode().split()
                    if label:
                        sentence.append(word.strip().decode())
                        rows.append(label)
                        continue
                    self._add_sentence(sentence, rows)
                    sentence, rows = [], []

    def _add_sentence(self, sentence, rows):
        """rows: one line of props per word; column 0 the predicates, then one
        bracketed column per predicate."""
        if not rows:
            return
        columns = [[row[i] for row in rows] for i in range(len(rows[0]))]
        verbs = [x for x in columns[0] if x != "-"]
        for i, column in enumerate(columns[1:]):
            self.sentences.append(sentence)
            self.predicates.append(verbs[i])
            self.labels.append(_bracket_labels(column))

    def __getitem__(self, idx):
        sentence, predicate, labels = self.sentences[idx], self.predicates[idx], self.labels[idx]
        n = len(sentence)
        verb = labels.index("B-V")
        mark = [0] * len(labels)
        context = []
        for offset, pad in ((-2, "bos"), (-1, "bos"), (0, None), (1, "eos"), (2, "eos")):
            at = verb + offset
            if 0 <= at < len(labels):
                mark[at] = 1
                context.append(sentence[at])
            else:
                context.append(pad)
        word_idx = [self.word_dict.get(w, UNK_IDX) for w in sentence]
        ctx_idx = [[self.word_dict.get(w, UNK_IDX)] * n for w in context]
        pred_idx = [self.predicate_dict.get(predicate)] * n
        label_idx = [self.label_dict.get(w) for w in labels]
        return (np.array(word_idx), *(np.array(c) for c in ctx_idx), np.array(pred_idx),
                np.array(mark), np.array(label_idx))

    def __len__(self):
        return len(self.sentences)

    def get_dict(self):
        """The word, predicate and label dictionaries.

        Returns:
            tuple: ``(word_dict, predicate_dict, label_dict)``, each a dict from text to id.
        """
        return self.word_dict, self.predicate_dict, self.label_dict

    def get_embedding(self):
        """The path of the word embedding file.

        Returns:
            str: emb_file.
        """
        return self.emb_file
