"""paddle.save / paddle.load: files the real PaddlePaddle 3.3.1 wrote load
here into what it loads them as, and what save writes here has the very
pickle structure (and bytes) PaddlePaddle writes. The fixtures in
tests/data/save_load were recorded by tools/oracle/save_load_oracle.py."""
import collections
import fractions
import io
import json
import pickle
import warnings

import numpy as np
import pytest

import paddle
from paddle.framework import _saved_format
from tools.oracle.save_load_cases import (
    BIG_SPLIT_MAX_BYTES, BIG_SPLIT_STATE, CASES, DATA, build, describe,
)

EXPECTED = json.loads((DATA / "expected.json").read_text())
OURS_IN_PADDLE = json.loads((DATA / "ours_in_paddle.json").read_text())


def _described_load(path, **configs):
    return describe(paddle.load(path, **configs), paddle.Tensor)


def _save(obj, path, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the empty state_dict case warns
        paddle.save(obj, path, **kw)


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_load_reads_what_paddlepaddle_wrote(case):
    expected = EXPECTED[case]
    path = str(DATA / expected["file"])
    assert _described_load(path) == expected["load"]
    assert _described_load(path, return_numpy=True) == expected["load_numpy"]
    if "load_keep_name_table" in expected:
        assert _described_load(path, keep_name_table=True) == expected["load_keep_name_table"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_save_writes_paddlepaddles_pickle(case, tmp_path):
    spec, suffix, protocol = CASES[case]
    path = tmp_path / (case + suffix)
    _save(build(spec, paddle), str(path), protocol=protocol)
    expected = EXPECTED[case]
    raw = path.read_bytes()
    assert raw[:2] == bytes([0x80, expected["protocol"]])
    assert describe(pickle.loads(raw)) == expected["pickle"]
    assert raw == (DATA / expected["file"]).read_bytes()
    assert _described_load(str(path)) == expected["load"]


def test_state_dict_arrays_over_the_limit_are_saved_in_slices(tmp_path, monkeypatch):
    monkeypatch.setattr(_saved_format, "MAX_SLICE_BYTES", BIG_SPLIT_MAX_BYTES)
    path = tmp_path / "big.pdparams"
    paddle.save(build(BIG_SPLIT_STATE, paddle), str(path), protocol=2)
    assert describe(pickle.loads(path.read_bytes())) == EXPECTED["big_split"]["pickle"]
    assert _described_load(str(path)) == EXPECTED["big_split"]["load"]
    # Protocol 4 holds big objects whole.
    paddle.save(build(BIG_SPLIT_STATE, paddle), str(path), protocol=4)
    assert "UnpackBigParamInfor@@" not in pickle.loads(path.read_bytes())


def test_files_saved_here_loaded_in_paddlepaddle_as_its_own():
    # Recorded by `save_load_oracle.py check-ours` on files this save wrote.
    assert set(OURS_IN_PADDLE) == set(CASES) | {"big_split"}
    assert all(r["same_as_paddle"] for r in OURS_IN_PADDLE.values()), OURS_IN_PADDLE
    for case, result in OURS_IN_PADDLE.items():
        assert result["load"] == EXPECTED[case]["load"]


def test_bytesio_round_trip_and_tensor_state():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], stop_gradient=False)
    x.name = "weight"
    buf = io.BytesIO()
    paddle.save({"x": x, "step": 3, "nested": [x, ("a", 1.5)]}, buf)
    assert buf.tell() == len(buf.getvalue())
    buf.seek(0)
    loaded = paddle.load(buf)
    assert loaded["step"] == 3 and loaded["nested"][1] == ("a", 1.5)
    for t in (loaded["x"], loaded["nested"][0]):
        assert t.name == "weight" and t.stop_gradient
        np.testing.assert_array_equal(t.numpy(), x.numpy())
    # A buffer already read to its end holds nothing more.
    with pytest.raises(EOFError, match="empty"):
        paddle.load(buf)


def test_save_makes_missing_directories(tmp_path):
    path = tmp_path / "a" / "b" / "x.pdtensor"
    paddle.save(paddle.to_tensor([1, 2]), str(path))
    np.testing.assert_array_equal(paddle.load(str(path)).numpy(), [1, 2])


def test_pickle_protocol_config_is_the_deprecated_protocol(tmp_path):
    path = tmp_path / "x.pkl"
    with pytest.warns(UserWarning, match="deprecated"):
        paddle.save([paddle.to_tensor([1.0])], str(path), pickle_protocol=2)
    assert path.read_bytes()[:2] == b"\x80\x02"


def test_empty_state_dict_warns(tmp_path):
    with pytest.warns(UserWarning, match="empty"):
        paddle.save({}, str(tmp_path / "e.pdparams"))
    assert paddle.load(str(tmp_path / "e.pdparams")) == {}


def test_plain_python_objects_load_as_they_were(tmp_path):
    path = str(tmp_path / "obj.pkl")
    with open(path, "wb") as f:
        pickle.dump([fractions.Fraction(1, 3), np.ones(2), {"k": "v"}], f)
    frac, arr, d = paddle.load(path)
    # No (name, ndarray) pair in the file: every array becomes a Tensor.
    assert frac == fractions.Fraction(1, 3) and d == {"k": "v"}
    assert isinstance(arr, paddle.Tensor) and arr.dtype == paddle.float64


@pytest.mark.parametrize("obj, kw, error, match", [
    (1, {"protocol": 5}, ValueError, "protocol=5"),
    (1, {"protocol": 1}, ValueError, "protocol=1"),
    (1, {"protocol": "4"}, ValueError, "MUST be `int`"),
    ({"w": None}, {"protocol": 5}, ValueError, "protocol=5"),
    (1, {"foo": 1}, ValueError, r"config \(foo\)"),
    (1, {"use_binary_format": 1}, TypeError, "use_binary_format"),
    (range(3), {}, NotImplementedError, "range"),
    ([b"raw"], {}, NotImplementedError, "bytes"),
    ({"a": (i for i in range(2))}, {}, NotImplementedError, "generator"),
    ([collections.defaultdict(int)], {}, NotImplementedError, "defaultdict"),
])
def test_save_refuses_bad_arguments(tmp_path, obj, kw, error, match):
    path = tmp_path / "x.pkl"
    with pytest.raises(error, match=match):
        paddle.save(obj, str(path), **kw)
    assert not path.exists()


def test_save_refuses_bad_paths(tmp_path):
    x = paddle.to_tensor([1.0])
    with pytest.raises(ValueError, match="filename is empty"):
        paddle.save(x, str(tmp_path) + "/")
    with pytest.raises(ValueError, match="file and `BytesIO`"):
        paddle.save(x, 3)
    with open(tmp_path / "f", "wb") as f, pytest.raises(ValueError, match="BufferedWriter"):
        paddle.save(x, f)


def test_save_that_fails_midway_leaves_no_file(tmp_path):
    path = tmp_path / "x.pkl"
    with pytest.raises((pickle.PicklingError, AttributeError)):
        paddle.save([paddle.to_tensor([1.0]), lambda: 0], str(path))
    assert not path.exists()


def test_load_refuses_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="not exists"):
        paddle.load(str(tmp_path / "missing.pdparams"))
    with pytest.raises(ValueError, match="directory"):
        paddle.load(str(tmp_path))
    with pytest.raises(TypeError, match="str file path or an io.BytesIO"):
        paddle.load(3)
    with pytest.raises(ValueError, match=r"config \(bar\)"):
        paddle.load(str(DATA / "tensor.pdtensor"), bar=1)


def test_load_of_damaged_files_raises_typed_errors(tmp_path):
    path = tmp_path / "bad"
    path.write_bytes(b"")
    with pytest.raises(EOFError, match="empty"):
        paddle.load(str(path))
    for junk in (b"\x00\x01garbage data", b"hello world\n", b"\x80\x04garbage"):
        path.write_bytes(junk)
        with pytest.raises(ValueError, match="can not parse"):
            paddle.load(str(path))


@pytest.mark.parametrize("case", ["linear_state", "state_protocol2", "nested", "dtypes_protocol2"])
def test_every_truncation_raises_a_typed_error(case, tmp_path):
    whole = (DATA / EXPECTED[case]["file"]).read_bytes()
    path = tmp_path / "cut"
    for n in range(len(whole)):
        path.write_bytes(whole[:n])
        with pytest.raises((ValueError, EOFError)):
            paddle.load(str(path))


def test_flipped_bytes_never_crash(tmp_path):
    whole = bytearray((DATA / "nested.pkl").read_bytes())
    rng = np.random.default_rng(0)
    for _ in range(300):
        data = bytearray(whole)
        for pos in rng.integers(2, len(data), size=2):
            data[pos] = int(rng.integers(0, 256))
        try:
            paddle.load(io.BytesIO(bytes(data)))
        except (ValueError, EOFError, NotImplementedError, AttributeError, ImportError):
            pass  # typed errors; a pickle naming a missing global raises the import's own


def test_failed_load_leaves_a_buffer_where_it_was():
    buf = io.BytesIO(b"prefix" + b"junk")
    buf.seek(6)
    with pytest.raises(ValueError):
        paddle.load(buf)
    assert buf.tell() == 6


def test_load_refuses_iterables_paddlepaddle_refuses(tmp_path):
    path = str(tmp_path / "b.pkl")
    with open(path, "wb") as f:
        pickle.dump({"a": b"x"}, f)
    with pytest.raises(NotImplementedError, match="bytes"):
        paddle.load(path)


def test_big_param_info_with_missing_slices_is_a_value_error(tmp_path):
    path = str(tmp_path / "broken.pdparams")
    with open(path, "wb") as f:
        pickle.dump({"UnpackBigParamInfor@@": {"w": {"OriginShape": (2, 3), "slices": ["w@@.0"]}}},
                    f, protocol=2)
    with pytest.raises(ValueError, match="slices of the big parameter 'w'"):
        paddle.load(path)
