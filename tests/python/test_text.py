"""paddle.text against PaddlePaddle 3.3.1 (tests/data/text, recorded by
tools/oracle/record_text.py): viterbi_decode / ViterbiDecoder scores and paths,
and each dataset's items read from tiny files in 3.3.1's formats; bad input."""
import json
import os

import numpy as np
import pytest

import paddle
import paddle.text as T

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "text")
FILES = os.path.join(DATA, "files")
VITERBI = np.load(os.path.join(DATA, "viterbi.npz"))
with open(os.path.join(DATA, "datasets.json")) as f:
    EXPECTED = json.load(f)


def path(name):
    return os.path.join(FILES, name)


def items(ds):
    return [[np.asarray(a).tolist() for a in ds[i]] for i in range(len(ds))]


def assert_items(got, want):
    """Items equal, numbers to float32 precision, text exactly."""
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert len(g) == len(w)
        for a, b in zip(g, w):
            if any(isinstance(x, str) for x in np.ravel(b)):
                assert a == b
            else:
                np.testing.assert_allclose(np.asarray(a, "float64"), np.asarray(b, "float64"),
                                           rtol=1e-6)


@pytest.mark.parametrize("case", sorted({k.split("/")[0] for k in VITERBI.files}))
def test_viterbi_decode_matches_paddlepaddle(case):
    rec = {k.split("/")[1]: VITERBI[k] for k in VITERBI.files if k.startswith(case + "/")}
    include = case.endswith("_1")
    pot, trans = paddle.to_tensor(rec["potentials"]), paddle.to_tensor(rec["transitions"])
    lengths = paddle.to_tensor(rec["lengths"])
    scores, path_ = T.viterbi_decode(pot, trans, lengths, include)
    assert scores.dtype.name == str(rec["scores"].dtype) and path_.dtype.name == "int64"
    np.testing.assert_allclose(scores.numpy(), rec["scores"], rtol=1e-5)
    np.testing.assert_array_equal(path_.numpy(), rec["path"])
    scores2, path2 = T.ViterbiDecoder(trans, include_bos_eos_tag=include)(pot, lengths)
    np.testing.assert_array_equal(path2.numpy(), rec["path"])
    np.testing.assert_allclose(scores2.numpy(), rec["scores"], rtol=1e-5)


def test_viterbi_decode_in_a_static_program():
    rec = {k.split("/")[1]: VITERBI[k] for k in VITERBI.files if k.startswith("float32_1/")}
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            pot = paddle.static.data("pot", [-1, 6, 5], "float32")
            trans = paddle.static.data("trans", [5, 5], "float32")
            lengths = paddle.static.data("lengths", [-1], "int64")
            scores, path_ = T.viterbi_decode(pot, trans, lengths)
        assert [op.type for op in main.global_block().ops] == ["viterbi_decode"]
        exe = paddle.static.Executor(paddle.CPUPlace())
        got_scores, got_path = exe.run(main, feed={"pot": rec["potentials"],
                                                   "trans": rec["transitions"],
                                                   "lengths": rec["lengths"]},
                                       fetch_list=[scores, path_])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got_scores, rec["scores"], rtol=1e-5)
    np.testing.assert_array_equal(got_path, rec["path"])


def test_viterbi_decode_bad_input():
    pot = paddle.rand([2, 3, 4])
    trans = paddle.rand([4, 4])
    lengths = paddle.to_tensor([3, 2])
    with pytest.raises(TypeError, match=r"\[viterbi_decode\] potentials"):
        T.viterbi_decode(pot.numpy(), trans, lengths)
    with pytest.raises(TypeError, match="lengths must be int64"):
        T.viterbi_decode(pot, trans, paddle.to_tensor([3, 2], dtype="int32"))
    with pytest.raises(ValueError, match=r"transition_params must be \[4, 4\]"):
        T.viterbi_decode(pot, paddle.rand([3, 3]), lengths)
    with pytest.raises(ValueError, match="potentials must be 3-D"):
        T.viterbi_decode(paddle.rand([3, 4]), trans, lengths)
    with pytest.raises(ValueError, match=r"\[viterbi_decode\] Length\[0\] must lie in \[1, 3\]"):
        T.viterbi_decode(pot, trans, paddle.to_tensor([4, 1]))
    with pytest.raises(TypeError, match="transition_params must have potentials' dtype"):
        T.viterbi_decode(pot, trans.astype("float64"), lengths)
    with pytest.raises(TypeError, match="include_bos_eos_tag must be a bool"):
        T.viterbi_decode(pot, trans, lengths, 1)


@pytest.mark.parametrize("mode", ["train", "test"])
def test_uci_housing(mode):
    ds = T.UCIHousing(path("housing.data"), mode)
    assert ds[0][0].dtype == np.float32 and ds[0][1].shape == (1,)
    assert_items(items(ds), EXPECTED[f"uci_housing/{mode}"])


@pytest.mark.parametrize("mode", ["train", "test"])
def test_imdb(mode):
    ds = T.Imdb(path("imdb.tar.gz"), mode, cutoff=0)
    assert_items(items(ds), EXPECTED[f"imdb/{mode}"])
    words = sorted([k.decode() if isinstance(k, bytes) else k, v] for k, v in ds.word_idx.items())
    assert words == EXPECTED["imdb/word_idx"]


@pytest.mark.parametrize("mode", ["train", "test"])
@pytest.mark.parametrize("data_type,window", [("NGRAM", 3), ("SEQ", -1), ("SEQ", 4)])
def test_imikolov(mode, data_type, window):
    ds = T.Imikolov(path("simple-examples.tgz"), data_type, window, mode, min_word_freq=0)
    assert_items(items(ds), EXPECTED[f"imikolov/{mode}/{data_type}/{window}"])
    words = sorted([k.decode() if isinstance(k, bytes) else k, v] for k, v in ds.word_idx.items())
    assert words == EXPECTED["imikolov/word_idx"]


@pytest.mark.parametrize("mode", ["train", "test"])
def test_movielens(mode):
    ds = T.Movielens(path("ml-1m.zip"), mode, test_ratio=0.3, rand_seed=5)
    cats = {v: k for k, v in ds.categories_dict.items()}
    words = {v: k for k, v in ds.movie_title_dict.items()}
    got = items(ds)
    for item in got:
        item[5] = [cats[c] for c in item[5]]
        item[6] = [words[w] for w in item[6]]
    assert_items(got, EXPECTED[f"movielens/{mode}"])


@pytest.mark.parametrize("mode", ["train", "test", "gen"])
def test_wmt14(mode):
    ds = T.WMT14(path("wmt14.tgz"), mode, dict_size=6)
    assert_items(items(ds), EXPECTED[f"wmt14/{mode}"])
    src, trg = ds.get_dict(reverse=True)
    assert src[3] == "le" and trg[5] == "is" and len(trg) == 6


@pytest.mark.parametrize("mode", ["train", "test", "val"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_wmt16(mode, lang):
    ds = T.WMT16(path("wmt16.tar.gz"), mode, 6, 6, lang)
    assert_items(items(ds), EXPECTED[f"wmt16/{mode}/{lang}"])
    assert ds.get_dict("de", reverse=True)[3] == "ein"


def test_conll05st():
    ds = T.Conll05st(path("conll05st-tests.tar.gz"), path("wordDict.txt"), path("verbDict.txt"),
                     path("targetDict.txt"), path("emb"))
    labels = {v: k for k, v in ds.label_dict.items()}
    got = items(ds)
    for item in got:
        item[8] = [labels[x] for x in item[8]]
    assert_items(got, EXPECTED["conll05st"])
    assert ds.get_embedding() == path("emb") and len(ds.get_dict()) == 3


@pytest.mark.parametrize("cls,kwargs", [
    (T.UCIHousing, {}), (T.Imdb, {}), (T.Imikolov, {}), (T.Movielens, {}),
    (T.WMT14, {"dict_size": 5}), (T.WMT16, {"src_dict_size": 5, "trg_dict_size": 5}),
    (T.Conll05st, {})])
def test_datasets_without_files(cls, kwargs):
    with pytest.raises(ValueError, match="data_file is not set"):
        cls(download=False, **kwargs)
    with pytest.raises(FileNotFoundError, match="does not exist"):
        cls(data_file="/nonexistent/file", **kwargs)


def test_datasets_bad_arguments():
    with pytest.raises(ValueError, match="mode should be 'train' or 'test'"):
        T.UCIHousing(path("housing.data"), mode="valid")
    with pytest.raises(ValueError, match="dict_size should be a positive int"):
        T.WMT14(path("wmt14.tgz"))
    with pytest.raises(ValueError, match="src_dict_size should be a positive int"):
        T.WMT16(path("wmt16.tar.gz"))
    with pytest.raises(ValueError, match="data_type should be 'NGRAM' or 'SEQ'"):
        T.Imikolov(path("simple-examples.tgz"), data_type="CHAR")
    with pytest.raises(ValueError, match="'NGRAM' needs window_size"):
        T.Imikolov(path("simple-examples.tgz"))
    with pytest.raises(ValueError, match="not a tar archive"):
        T.Imdb(path("housing.data"))
