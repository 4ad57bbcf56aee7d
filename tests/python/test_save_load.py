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
    BIG_SPLIT_MAX_BYTES, BIG_SPLIT_STATE, BINARY_CASES, CASES, DATA, build, describe,
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


@pytest.mark.parametrize("case", sorted(BINARY_CASES))
def test_use_binary_format_writes_paddlepaddles_tensor_stream(case, tmp_path):
    path = tmp_path / (case + ".pdtensor")
    paddle.save(build(BINARY_CASES[case], paddle), str(path), use_binary_format=True)
    assert path.read_bytes() == (DATA / EXPECTED[case]["file"]).read_bytes()
    assert _described_load(str(path)) == EXPECTED[case]["load"]
    buf = io.BytesIO()
    paddle.save(build(BINARY_CASES[case], paddle), buf, use_binary_format=True)
    buf.seek(0)
    assert _described_load(buf, return_numpy=True) == EXPECTED[case]["load_numpy"]


def test_use_binary_format_takes_one_tensor(tmp_path):
    with pytest.raises(NotImplementedError, match="expected Tensor, but received <class 'list'>"):
        paddle.save([paddle.to_tensor([1.0])], str(tmp_path / "x"), use_binary_format=True)
    # A stream with bytes missing is neither a pickle nor a tensor stream.
    whole = (DATA / "binary_tensor.pdtensor").read_bytes()
    with pytest.raises(ValueError, match="can not parse"):
        paddle.load(io.BytesIO(whole[:-4]))


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
    assert set(OURS_IN_PADDLE) == set(CASES) | set(BINARY_CASES) | {"big_split"}
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
    (1, {"use_binary_format": True}, NotImplementedError, "expected Tensor"),
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


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("case", ["nested", "dtypes_protocol2", "state_protocol2"])
def test_damaged_bytes_raise_typed_errors_and_never_crash(case):
    # Plain pickle.load crashes the interpreter on some damaged files (numpy
    # trusts a pickled dtype's state; see crashes_plain_pickle.pkl).
    whole = (DATA / EXPECTED[case]["file"]).read_bytes()
    rng = np.random.default_rng(0)
    for _ in range(400):
        data = bytearray(whole)
        for pos in rng.integers(2, len(data), size=int(rng.integers(1, 4))):
            data[pos] = int(rng.integers(0, 256))
        try:
            paddle.load(io.BytesIO(bytes(data)))
        except (ValueError, EOFError, NotImplementedError, TypeError):
            pass
        except (AttributeError, ImportError):
            pass  # the damage named a global that does not exist, as pickle reports it
    # numpy's own dtypes are untouched.
    assert np.dtype("float32").itemsize == 4 and np.zeros(2, "float32").sum() == 0


def test_a_damaged_dtype_state_cannot_touch_numpys_own_dtypes():
    raw = pickle.dumps(np.arange(3, dtype="float32"), protocol=2)
    # dtype('f4', False, copy=False), whose state says item size 7.
    damaged = raw.replace(b"\x89\x88", b"\x89\x89", 1).replace(
        b"J\xff\xff\xff\xff", b"J\x07\x00\x00\x00", 1)
    assert damaged != raw
    loaded = paddle.load(io.BytesIO(damaged), return_numpy=True)
    assert type(loaded) is np.ndarray and loaded.dtype == np.float32
    np.testing.assert_array_equal(loaded, [0, 1, 2])
    assert np.dtype("float32").itemsize == 4


def test_a_file_that_crashes_plain_pickle_loads():
    # nested.pkl with one byte changed: a None in the state of the first
    # array's dtype became POP, so numpy reads a 7-field dtype state, and plain
    # pickle.load (PaddlePaddle's too) dies with SIGSEGV. Here the dtype is
    # rebuilt from its type code and byte order only.
    loaded = paddle.load(str(DATA / "crashes_plain_pickle.pkl"))
    assert describe(loaded, paddle.Tensor) == EXPECTED["nested"]["load"]


def test_array_data_of_the_wrong_size_is_refused():
    data = np.arange(3, dtype="float32").tobytes()
    raw = pickle.dumps(np.arange(3, dtype="float32"), protocol=3)
    at = raw.index(b"C\x0c" + data)
    short = raw[:at] + b"C\x08" + data[:8] + raw[at + 14:]
    with pytest.raises(ValueError, match="holds 8 bytes"):
        paddle.load(io.BytesIO(short))


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


def test_layer_state_dict_round_trip_and_paddlepaddles_file_into_a_layer(tmp_path):
    layer = paddle.nn.Linear(2, 3)
    path = str(tmp_path / "linear.pdparams")
    paddle.save(layer.state_dict(), path)
    other = paddle.nn.Linear(2, 3)
    assert other.set_state_dict(paddle.load(path)) == ([], [])
    np.testing.assert_array_equal(other.weight.numpy(), layer.weight.numpy())
    np.testing.assert_array_equal(other.bias.numpy(), layer.bias.numpy())
    # The state_dict PaddlePaddle 3.3.1 saved for a Linear(2, 3).
    other.set_state_dict(paddle.load(str(DATA / "linear_state.pdparams")))
    np.testing.assert_array_equal(other.weight.numpy(),
                                  np.array([[0.5, -1.0, 2.0], [3.25, 0.0, -7.5]], "float32"))


@pytest.mark.parametrize("wrap", [lambda m: m, lambda m: {"model": m}, lambda m: [1, m]])
def test_saving_a_layer_is_refused(tmp_path, wrap):
    with pytest.raises(ValueError, match="do not support saving `paddle.nn.Layer`"):
        paddle.save(wrap(paddle.nn.Linear(2, 3)), str(tmp_path / "m.pkl"))


def test_files_pickled_under_numpy_1_load():
    # numpy 1.x named its pickle helpers numpy.core.multiarray.*, as older
    # PaddlePaddle checkpoints hold them.
    raw = pickle.dumps({"w": np.arange(3, dtype="float32"), "s": np.float64(2.5)}, protocol=2)
    old = raw.replace(b"cnumpy._core.multiarray\n", b"cnumpy.core.multiarray\n")
    assert old.count(b"cnumpy.core.multiarray\n") == 2
    loaded = paddle.load(io.BytesIO(old), return_numpy=True)
    np.testing.assert_array_equal(loaded["w"], [0, 1, 2])
    assert loaded["s"] == 2.5 and isinstance(loaded["s"], np.float64)


def test_async_save_writes_the_values_at_the_call(tmp_path):
    w = paddle.to_tensor([1.0, 2.0, 3.0])
    w.name = "w_0"
    path = str(tmp_path / "ckpt" / "w.pdparams")
    paddle.async_save({"w": w, "meta": {"step": 7}}, path)
    w.numpy()[:] = 0.0  # an in-place update right after the call (numpy() shares memory)
    paddle.clear_async_save_task_queue()
    loaded = paddle.load(path)
    np.testing.assert_array_equal(loaded["w"].numpy(), [1.0, 2.0, 3.0])
    assert loaded["w"].name == "w_0" and loaded["meta"] == {"step": 7}


def test_async_save_arguments_and_errors(tmp_path):
    with pytest.raises(TypeError, match="does not support this type: <class 'list'>"):
        paddle.async_save([paddle.to_tensor([1.0])], str(tmp_path / "x"))
    with pytest.warns(UserWarning, match="not supported in async mode"):
        paddle.async_save(paddle.to_tensor([1.0]), str(tmp_path / "t.pdtensor"), use_binary_format=True)
    # The write's own error comes out of clear_async_save_task_queue.
    paddle.async_save({"w": paddle.to_tensor([1.0])}, str(tmp_path) + "/", sync_other_task=True)
    with pytest.raises(ValueError, match="filename is empty"):
        paddle.clear_async_save_task_queue()
    paddle.clear_async_save_task_queue()  # the queue is empty now
    assert paddle.load(str(tmp_path / "t.pdtensor")).numpy().tolist() == [1.0]


def test_a_parameter_loads_as_a_plain_tensor_with_its_name(tmp_path):
    layer = paddle.nn.Linear(2, 3)
    path = str(tmp_path / "w.pdtensor")
    paddle.save(layer.weight, path)
    loaded = paddle.load(path)
    assert type(loaded) is paddle.Tensor and loaded.name == layer.weight.name
    assert loaded.stop_gradient and not layer.weight.stop_gradient
    np.testing.assert_array_equal(loaded.numpy(), layer.weight.numpy())
