"""How DataLoader workers ship arrays: one shared-memory segment per batch
that the receiver copies out of and unlinks; arrays that cannot live there
(Python objects, empty ones) travel pickled."""
import pickle

import numpy as np
import pytest

from io_datasets import shared_segments
from paddle.io.dataloader import _shared_arrays as shared_arrays


@pytest.fixture
def no_new_segments():
    before = shared_segments()
    yield
    assert shared_segments() - before == set()


def test_arrays_round_trip_through_one_segment(no_new_segments):
    arrays = [np.arange(7, dtype="int8"), np.ones([3, 5], "float64"),
              np.array([True, False]), np.arange(12, dtype="float32").reshape(3, 4).T,
              np.array(3.5, "float16"), np.arange(4, dtype=">i4")]
    packet = pickle.loads(pickle.dumps(shared_arrays.pack(arrays)))  # as across the queue
    assert packet.segment is not None and packet.segment in shared_segments()
    out = shared_arrays.unpack(packet)
    assert packet.segment not in shared_segments()
    for got, want in zip(out, arrays):
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(got, want)


def test_segments_are_named_for_their_owner(no_new_segments):
    packet = shared_arrays.pack([np.ones(3)], owner_pid=12345)
    assert packet.segment.startswith("pdio_12345_")
    shared_arrays.release(packet)


def test_each_array_starts_aligned():
    packet = shared_arrays.pack([np.zeros(3, "int8"), np.zeros(2, "float64")])
    assert [e[0] for e in packet.entries] == [0, 64]
    shared_arrays.release(packet)


def test_object_and_empty_arrays_travel_pickled(no_new_segments):
    arrays = [np.array(["a", None], dtype=object), np.zeros([0, 3], "float32")]
    packet = shared_arrays.pack(arrays)
    assert packet.segment is None
    out = shared_arrays.unpack(packet)
    assert out[0].tolist() == ["a", None] and out[1].shape == (0, 3)


def test_release_frees_an_unread_segment(no_new_segments):
    packet = shared_arrays.pack([np.ones(10)])
    shared_arrays.release(packet)
    shared_arrays.release(packet)  # a second release finds nothing and is harmless
    with pytest.raises(FileNotFoundError):
        shared_arrays.unpack(packet)
