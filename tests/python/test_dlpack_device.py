"""DLPack exchange (zero copy both ways), paddle.device, paddle.version and
paddle.utils.run_check."""
import numpy as np
import pytest

import paddle
from paddle.utils import dlpack


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64", "int32", "uint8", "bool"])
def test_numpy_reads_a_tensor_without_copying(dtype):
    t = paddle.to_tensor(np.arange(6).reshape(2, 3).astype(dtype))
    a = np.from_dlpack(t)
    assert a.dtype == np.dtype(dtype) and a.shape == (2, 3)
    assert a.ctypes.data == t._data_ptr()
    np.testing.assert_array_equal(a, t.numpy())


def test_a_tensor_shares_a_numpy_array():
    a = np.arange(12, dtype="float32").reshape(3, 4)
    t = dlpack.from_dlpack(a)
    assert t.shape == [3, 4] and t._data_ptr() == a.ctypes.data
    a[0, 0] = 42
    assert t.numpy()[0, 0] == 42
    del a
    assert t.numpy()[2, 3] == 11  # the tensor keeps the producer's buffer alive
    c = dlpack.from_dlpack(np.arange(3.0), copy=True)
    assert c.tolist() == [0.0, 1.0, 2.0]


def test_strided_arrays_are_copied_in_row_major_order():
    a = np.arange(12, dtype="float32").reshape(3, 4).T
    t = dlpack.from_dlpack(a)
    np.testing.assert_array_equal(t.numpy(), a)


def test_capsule_round_trip_and_single_use():
    t = paddle.to_tensor([1.0, 2.0, 3.0])
    cap = dlpack.to_dlpack(t)
    u = dlpack.from_dlpack(cap)
    assert u._data_ptr() == t._data_ptr() and u.tolist() == [1.0, 2.0, 3.0]
    with pytest.raises(ValueError, match="consumed once"):
        dlpack.from_dlpack(cap)
    with pytest.raises(TypeError, match="__dlpack__"):
        dlpack.from_dlpack([1, 2])
    with pytest.raises(TypeError, match="paddle.Tensor"):
        dlpack.to_dlpack(np.ones(2))
    assert t.__dlpack_device__() == (1, 0)


def test_device_and_version():
    assert paddle.get_device() == "cpu" and paddle.set_device("cpu") == "cpu"
    assert not paddle.is_compiled_with_cuda()
    with pytest.raises(ValueError, match="not compiled with CUDA"):
        paddle.set_device("gpu:0")
    assert paddle.version.full_version == paddle.__version__
    assert paddle.version.cuda() == "False"


def test_run_check(capsys):
    paddle.utils.run_check()
    out = capsys.readouterr().out
    assert "works well on 1 CPU" in out and "installed successfully" in out
