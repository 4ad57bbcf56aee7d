"""core.memory_stats / reset_peak_memory_stats: the allocator's counters move
as a model runs, and peaks reset."""
import numpy as np
import pytest
from conftest import run_mlp

from paddle.base import core

KEYS = {"allocated", "reserved", "peak_allocated", "peak_reserved", "num_allocs"}


def test_stats_shape():
    stats = core.memory_stats()
    assert set(stats) == KEYS
    assert all(isinstance(v, int) and v >= 0 for v in stats.values())
    assert stats["reserved"] >= stats["allocated"]
    assert stats["peak_allocated"] >= stats["allocated"]
    assert stats["peak_reserved"] >= stats["reserved"]
    assert core.memory_stats("cpu").keys() == stats.keys()


def test_running_a_model_allocates_and_peaks_reset(mlp_predictor, mlp_io):
    x, _ = mlp_io
    before = core.memory_stats()
    big = np.tile(x, (64, 1))  # 256 x 784 floats: ~800 KB in, more in temporaries
    run_mlp(mlp_predictor, big)
    after = core.memory_stats()
    assert after["peak_allocated"] >= before["allocated"] + big.nbytes
    core.reset_peak_memory_stats()
    reset = core.memory_stats()
    assert reset["peak_allocated"] == reset["allocated"]
    assert reset["peak_reserved"] == reset["reserved"]


@pytest.mark.parametrize("place", ["tpu", "gpu:x", "gpu:-1", "", "CPU "])
def test_bad_place(place):
    with pytest.raises(core.InvalidArgumentError, match="place"):
        core.memory_stats(place)


def test_steady_state_run_allocates_nothing(mlp_predictor, mlp_io):
    # The predictor plans its temporaries' buffers once; later runs of the
    # same shapes reuse them.
    x, _ = mlp_io
    run_mlp(mlp_predictor, x)
    before = core.memory_stats()["num_allocs"]
    for _ in range(5):
        run_mlp(mlp_predictor, x)
    assert core.memory_stats()["num_allocs"] == before
