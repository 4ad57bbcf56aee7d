"""paddle.inference and threads: a predictor serves one thread at a time.
Using one predictor from several threads at once raises PreconditionNotMetError
saying to clone(), never a crash or a silently wrong answer; clones run in
parallel; a predictor may be handed from one thread to another; a
PredictorPool gives one predictor per thread."""
import threading

import numpy as np
import pytest
from conftest import MLP, run_mlp

from paddle import inference
from paddle.base import core


def _predictor(threads=1):
    config = inference.Config(str(MLP / "model.pdmodel"), str(MLP / "model.pdiparams"))
    config.set_cpu_math_library_num_threads(threads)
    return inference.create_predictor(config)


def _on_threads(n, work):
    errors = []

    def guarded(i):
        try:
            work(i)
        except BaseException as e:  # noqa: BLE001 - reported to the main thread
            errors.append(e)

    threads = [threading.Thread(target=guarded, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_one_predictor_on_many_threads_is_a_typed_error(mlp_io):
    x, expected = mlp_io
    predictor = _predictor()
    big = np.tile(x, (64, 1))  # long enough runs that the threads overlap
    busy = []

    def work(i):
        for _ in range(40):
            try:
                y = run_mlp(predictor, big)
            except core.PreconditionNotMetError as e:
                assert "clone()" in str(e) and "another thread" in str(e), str(e)
                busy.append(e)
                continue
            # A run that went through got its own input: every thread feeds the same.
            np.testing.assert_allclose(y[:4], expected, atol=1e-5)

    assert _on_threads(4, work) == []
    assert busy, "four threads never overlapped"
    np.testing.assert_allclose(run_mlp(predictor, x), expected, atol=1e-5)


def test_clones_run_in_parallel_without_errors(mlp_io):
    x, expected = mlp_io
    base = _predictor()
    clones = [base.clone() for _ in range(4)]

    def work(i):
        for _ in range(20):
            np.testing.assert_allclose(run_mlp(clones[i], x), expected, atol=1e-5)

    assert _on_threads(4, work) == []


def test_a_predictor_can_move_between_threads(mlp_io):
    x, expected = mlp_io
    predictor = _predictor(threads=2)

    def work(i):
        np.testing.assert_allclose(run_mlp(predictor, x), expected, atol=1e-5)

    for _ in range(3):
        assert _on_threads(1, work) == []


@pytest.mark.parametrize("bad", [0, -1, 1025, 100000])
def test_thread_count_out_of_range_is_rejected(bad):
    config = inference.Config(str(MLP / "model.pdmodel"), str(MLP / "model.pdiparams"))
    config.set_cpu_math_library_num_threads(2)
    with pytest.raises(core.InvalidArgumentError, match=rf"\[1, 1024\].*{bad}"):
        config.set_cpu_math_library_num_threads(bad)
    assert config.cpu_math_library_num_threads() == 2


def _pool(size):
    config = inference.Config(str(MLP / "model.pdmodel"), str(MLP / "model.pdiparams"))
    return inference.PredictorPool(config, size)


def test_pool_of_four_serves_four_threads_as_one_predictor(mlp_io):
    x, expected = mlp_io
    want = run_mlp(_predictor(), x)
    np.testing.assert_allclose(want, expected, rtol=0, atol=1e-5)
    pool = _pool(4)
    predictors = [pool.retrieve(i) for i in range(4)]
    assert len({id(p) for p in predictors}) == 4
    got = [None] * 4

    def work(i):
        for _ in range(10):
            got[i] = run_mlp(pool.retrieve(i), x)

    assert _on_threads(4, work) == []
    for i in range(4):
        np.testing.assert_array_equal(got[i], want, err_msg=f"thread {i}")


def test_pool_index_past_the_end_and_empty_pool_are_typed_errors():
    pool = _pool(2)
    with pytest.raises(core.OutOfRangeError, match=r"predictor index in \[0, 1\], got 2"):
        pool.retrieve(2)
    with pytest.raises(IndexError):  # OutOfRangeError is one
        pool.retrieve(5)
    with pytest.raises(core.InvalidArgumentError, match="pool size of at least 1, got 0"):
        _pool(0)
    default = inference.PredictorPool(
        inference.Config(str(MLP / "model.pdmodel"), str(MLP / "model.pdiparams")))
    assert isinstance(default.retrieve(0), inference.Predictor)  # size 1 by default
    with pytest.raises(core.OutOfRangeError):
        default.retrieve(1)


def test_a_pool_predictor_keeps_its_pool_alive(mlp_io):
    x, expected = mlp_io
    predictor = _pool(2).retrieve(1)  # the pool itself is dropped at once
    np.testing.assert_allclose(run_mlp(predictor, x), expected, rtol=0, atol=1e-5)
