"""Records PaddlePaddle 3.3.1's paddle.text for tests/python/test_text.py:
viterbi_decode outputs (random emissions, both include_bos_eos_tag settings)
and the items of each dataset read from tiny files in its 3.3.1 format, which
this script writes next to the fixture (they are committed; the tests read them).

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency):

    python tools/oracle/record_text.py tests/data/text

Writes viterbi.npz ("<case>/<what>"), datasets.json (per dataset and mode the
items as lists; Conll05st labels and Movielens categories/title words as text,
since 3.3.1 numbers them in a set's order) and the data files under files/.
"""
import gzip
import io
import json
import os
import sys
import tarfile
import tempfile
import zipfile

import numpy as np
import paddle
import paddle.text as T


def add(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    tar.addfile(info, io.BytesIO(data))


def write_files(d):
    os.makedirs(d, exist_ok=True)
    rng = np.random.RandomState(3)
    np.savetxt(os.path.join(d, "housing.data"), np.round(rng.uniform(0, 10, [10, 14]), 2),
               fmt="%.2f")
    with tarfile.open(os.path.join(d, "imdb.tar.gz"), "w:gz") as tar:
        docs = {"train/pos/0.txt": b"A good film, good acting!\n",
                "train/pos/1.txt": b"Good good plot.",
                "train/neg/0.txt": b"Bad film; bad acting, good music?\r\n",
                "test/pos/0.txt": b"good film",
                "test/neg/0.txt": b"bad, bad plot"}
        for name, text in docs.items():
            add(tar, "aclImdb/" + name, text)
    with tarfile.open(os.path.join(d, "simple-examples.tgz"), "w:gz") as tar:
        train = b"the cat sat on the mat\n the dog sat\n a cat <unk> ran\n"
        valid = b"the cat ran\n a mat\n"  # no word as frequent as <s>: 3.3.1 cannot sort those
        test = b"the dog ran on the mat\n a <unk> cat\n"
        for name, text in (("train", train), ("valid", valid), ("test", test)):
            add(tar, f"./simple-examples/data/ptb.{name}.txt", text)
    with tarfile.open(os.path.join(d, "wmt14.tgz"), "w:gz") as tar:
        src = "<s>\n<e>\n<unk>\nle\nchat\nest\nnoir\n"
        trg = "<s>\n<e>\n<unk>\nthe\ncat\nis\nblack\n"
        add(tar, "wmt14/src.dict", src.encode())
        add(tar, "wmt14/trg.dict", trg.encode())
        add(tar, "wmt14/train/train", "le chat est noir\tthe cat is black\nle chien\tthe dog\n"
            "bad line\n".encode())
        add(tar, "wmt14/test/test", "le chat\tthe cat\n".encode())
        add(tar, "wmt14/gen/gen", "noir chat\tblack cat\n".encode())
    with tarfile.open(os.path.join(d, "wmt16.tar.gz"), "w:gz") as tar:
        train = ("a man runs\tein mann läuft\na dog runs fast\tein hund läuft schnell\n"
                 "a man sleeps\tein mann schläft\n")
        add(tar, "wmt16/train", train.encode())
        add(tar, "wmt16/test", "a dog sleeps\tein hund schläft\n".encode())
        add(tar, "wmt16/val", "the man\tder mann\n".encode())
    with zipfile.ZipFile(os.path.join(d, "ml-1m.zip"), "w") as z:
        z.writestr("ml-1m/movies.dat", "1::Toy Story (1995)::Animation|Comedy\n"
                   "2::Heat (1995)::Action|Crime|Thriller\n3::Big Heat Story (1953)::Crime\n")
        z.writestr("ml-1m/users.dat", "1::F::1::10::48067\n2::M::56::16::70072\n"
                   "3::M::25::15::55117\n")
        z.writestr("ml-1m/ratings.dat", "\n".join(
            f"{u}::{m}::{r}::97830{k}" for k, (u, m, r) in enumerate(
                [(1, 1, 5), (1, 2, 3), (2, 3, 4), (3, 1, 1), (3, 3, 2), (2, 2, 5), (1, 3, 4),
                 (2, 1, 3), (3, 2, 4), (1, 1, 2)])) + "\n")
    words = ["The", "cat", "sat", "on", "the", "mat", "", "Dogs", "bark", "loudly", ""]
    props = ["- (A0* (A1*", "sit *) *)", "sat (V*) (V*)", "- (AM-LOC* *", "- * *", "- *) *",
             "", "- (A0*)", "bark (V*)", "- (AM-MNR*)", ""]
    with tarfile.open(os.path.join(d, "conll05st-tests.tar.gz"), "w:gz") as tar:
        add(tar, "conll05st-release/test.wsj/words/test.wsj.words.gz",
            gzip.compress("\n".join(words).encode() + b"\n"))
        add(tar, "conll05st-release/test.wsj/props/test.wsj.props.gz",
            gzip.compress("\n".join(props).encode() + b"\n"))
    with open(os.path.join(d, "wordDict.txt"), "w") as f:
        f.write("<unk>\nthe\ncat\nsat\non\nmat\nbos\neos\nbark\n")
    with open(os.path.join(d, "verbDict.txt"), "w") as f:
        f.write("sit\nsat\nbark\n")
    with open(os.path.join(d, "targetDict.txt"), "w") as f:
        f.write("B-A0\nI-A0\nB-A1\nI-A1\nB-V\nI-V\nB-AM-LOC\nI-AM-LOC\nB-AM-MNR\nI-AM-MNR\nO\n")
    with open(os.path.join(d, "emb"), "wb") as f:
        f.write(b"\0" * 16)


def items(ds):
    return [[np.asarray(a).tolist() for a in ds[i]] for i in range(len(ds))]


def wmt16(path, mode, lang):
    """3.3.1's WMT16 with both 6-word dictionaries built from their own language's
    column: 3.3.1 builds the dictionaries it lacks in its cache from the source
    column only, so a fresh cache first gets the target language's dictionary from
    an instance whose source it is (its other dictionary sized 7, not reused)."""
    paddle.dataset.common.DATA_HOME = tempfile.mkdtemp()
    os.makedirs(os.path.join(paddle.dataset.common.DATA_HOME, "wmt16"))
    other = "de" if lang == "en" else "en"
    T.WMT16(path, mode, 6, 7, other)
    return T.WMT16(path, mode, 6, 6, lang)


def record_datasets(d):
    f = lambda name: os.path.join(d, name)  # noqa: E731
    out = {}
    for mode in ("train", "test"):
        out[f"uci_housing/{mode}"] = items(T.UCIHousing(f("housing.data"), mode))
        ds = T.Imdb(f("imdb.tar.gz"), mode, cutoff=0)
        out[f"imdb/{mode}"] = items(ds)
        out["imdb/word_idx"] = sorted([k.decode() if isinstance(k, bytes) else k, v]
                                      for k, v in ds.word_idx.items())
        for dtype, window in (("NGRAM", 3), ("SEQ", -1), ("SEQ", 4)):
            ds = T.Imikolov(f("simple-examples.tgz"), dtype, window, mode, min_word_freq=0)
            out[f"imikolov/{mode}/{dtype}/{window}"] = items(ds)
        out["imikolov/word_idx"] = sorted([k.decode() if isinstance(k, bytes) else k, v]
                                          for k, v in ds.word_idx.items())
        ds = T.Movielens(f("ml-1m.zip"), mode, test_ratio=0.3, rand_seed=5)
        cats = {v: k for k, v in ds.categories_dict.items()}
        words = {v: k for k, v in ds.movie_title_dict.items()}
        rows = []
        for item in items(ds):
            item[5] = [cats[c] for c in item[5]]
            item[6] = [words[w] for w in item[6]]
            rows.append(item)
        out[f"movielens/{mode}"] = rows
    for mode in ("train", "test", "gen"):
        out[f"wmt14/{mode}"] = items(T.WMT14(f("wmt14.tgz"), mode, dict_size=6))
    for mode in ("train", "test", "val"):
        for lang in ("en", "de"):
            out[f"wmt16/{mode}/{lang}"] = items(wmt16(f("wmt16.tar.gz"), mode, lang))
    ds = T.Conll05st(f("conll05st-tests.tar.gz"), f("wordDict.txt"), f("verbDict.txt"),
                     f("targetDict.txt"), f("emb"))
    labels = {v: k for k, v in ds.label_dict.items()}
    rows = []
    for item in items(ds):
        item[8] = [labels[x] for x in item[8]]
        rows.append(item)
    out["conll05st"] = rows
    return out


def record_viterbi():
    rng = np.random.RandomState(7)
    arrays = {}
    for dtype in ("float32", "float64"):
        for include in (True, False):
            case = f"{dtype}_{int(include)}"
            pot = rng.standard_normal([4, 6, 5]).astype(dtype)
            trans = rng.standard_normal([5, 5]).astype(dtype)
            lengths = np.array([6, 1, 3, 5], "int64")
            scores, path = T.viterbi_decode(paddle.to_tensor(pot), paddle.to_tensor(trans),
                                            paddle.to_tensor(lengths), include)
            arrays.update({f"{case}/potentials": pot, f"{case}/transitions": trans,
                           f"{case}/lengths": lengths, f"{case}/scores": scores.numpy(),
                           f"{case}/path": path.numpy()})
    return arrays


def main(out_dir):
    files = os.path.join(out_dir, "files")
    write_files(files)
    with open(os.path.join(out_dir, "datasets.json"), "w") as fh:
        json.dump(record_datasets(files), fh, separators=(",", ":"))
    np.savez(os.path.join(out_dir, "viterbi.npz"), **record_viterbi())


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/data/text")
