"""paddle.io.DataLoader with worker processes: the same batches as in one
process, in sampler order; worker seeds and get_worker_info as in PaddlePaddle
3.3.1; prefetching; a worker's exception, a dead worker and a timeout raised
here; and no processes or shared memory left behind. Every loader has a
timeout, so that a hang fails instead of blocking the run."""
import faulthandler
import gc
import multiprocessing
import os
import signal
import time

import numpy as np
import pytest

import paddle
from io_datasets import Mixed, Noise, describe, shared_segments
from io_expected import EXPECTED
from paddle.io import DataLoader, Dataset, IterableDataset, TensorDataset, get_worker_info

TIMEOUT = 60  # seconds a batch may take before the loader gives up


@pytest.fixture
def no_leftovers():
    """Fails a test that leaves worker processes or shared memory behind."""
    segments = shared_segments()
    yield
    gc.collect()
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []
    assert shared_segments() - segments == set()


class Slow(Dataset):
    """Labels 0..n-1; sample `slow` sleeps `delay` seconds first."""

    def __init__(self, n=6, slow=None, delay=0.0):
        self.n, self.slow, self.delay = n, slow, delay

    def __getitem__(self, i):
        if i == self.slow:
            time.sleep(self.delay)
        return np.full([2], i, "int64")

    def __len__(self):
        return self.n


@pytest.mark.parametrize("use_shared_memory", [True, False])
def test_workers_give_the_batches_of_one_process(use_shared_memory, no_leftovers):
    single = [describe(b) for b in DataLoader(Mixed(), batch_size=2)]
    loader = DataLoader(Mixed(), batch_size=2, num_workers=2, timeout=TIMEOUT,
                        use_shared_memory=use_shared_memory)
    assert [describe(b) for b in loader] == single


def test_tensor_samples_are_stacked_in_the_workers(no_leftovers):
    data = TensorDataset([paddle.to_tensor(np.arange(24, dtype="float32").reshape(12, 2)),
                          paddle.arange(12)])
    batches = list(DataLoader(data, batch_size=4, num_workers=2, timeout=TIMEOUT))
    assert [y.numpy().tolist() for _, y in batches] == [[0, 1, 2, 3], [4, 5, 6, 7],
                                                        [8, 9, 10, 11]]
    assert batches[2][0].numpy().tolist() == [[16, 17], [18, 19], [20, 21], [22, 23]]


class Computes(Dataset):
    """Samples computed with multi-threaded ops."""

    def __getitem__(self, i):
        x = paddle.full([64, 64], float(i))
        return paddle.matmul(x, x).sum() + (x * x).sum()

    def __len__(self):
        return 4


def test_workers_run_ops_after_the_parent_ran_parallel_ones(no_leftovers):
    big = paddle.ones([512, 512])
    (big * big).sum()  # the parent's OpenMP thread pool is up when the workers fork
    got = [b.numpy().tolist() for b in DataLoader(Computes(), batch_size=2, num_workers=2,
                                                   timeout=TIMEOUT)]
    expected = [float(i * i * 64 ** 3 + i * i * 64 ** 2) for i in range(4)]
    assert got == [expected[:2], expected[2:]]


def test_set_num_threads_rejects_fewer_than_one():
    from paddle.base import core

    with pytest.raises(core.InvalidArgumentError, match="thread count >= 1"):
        core.set_num_threads(0)


def test_batches_keep_sampler_order_when_a_worker_is_slow(no_leftovers):
    # Worker 0 gets batch 0 and sleeps; worker 1 finishes batch 1 first.
    loader = DataLoader(Slow(slow=0, delay=0.5), batch_size=1, num_workers=2, timeout=TIMEOUT)
    assert [int(b.numpy()[0, 0]) for b in loader] == [0, 1, 2, 3, 4, 5]


def test_worker_numpy_seeds_match_paddle(no_leftovers):
    np.random.seed(0)
    loader = DataLoader(Noise(), batch_size=2, num_workers=2, timeout=TIMEOUT)
    assert [describe(b) for b in loader] == EXPECTED["worker_random"]


@pytest.mark.parametrize("case", EXPECTED["worker_seed_words"],
                         ids=lambda c: f"{c['base_seed']}-{c['id']}")
def test_worker_seed_words_match_paddle(case):
    from paddle.io.dataloader.worker import numpy_seed_words

    assert numpy_seed_words(case["base_seed"], case["id"]) == case["words"]


class WhoAmI(Dataset):
    """Each sample: the worker that read it, and an offset its init set."""

    offset = 0

    def __getitem__(self, i):
        info = get_worker_info()
        return [info.id, info.num_workers, info.seed % 1000, self.offset, int(info.dataset is self)]

    def __len__(self):
        return 4


def _set_offset(worker_id):
    get_worker_info().dataset.offset = 100 * (worker_id + 1)


def test_worker_init_fn_and_worker_info(no_leftovers):
    loader = DataLoader(WhoAmI(), batch_size=None, num_workers=2, timeout=TIMEOUT,
                        worker_init_fn=_set_offset, collate_fn=list)
    rows = list(loader)
    assert [r[0] for r in rows] == [0, 1, 0, 1]  # batches go to the workers in turn
    assert all(r[1] == 2 and r[4] == 1 for r in rows)
    assert len({r[2] for r in rows}) == 1  # one base seed for the iteration
    assert [r[3] for r in rows] == [100, 200, 100, 200]
    assert get_worker_info() is None and WhoAmI.offset == 0


def test_worker_info_is_read_only():
    from paddle.io.dataloader.worker import WorkerInfo

    info = WorkerInfo(id=1, num_workers=2, dataset=None, seed=7)
    assert (info.id, info.num_workers, info.seed) == (1, 2, 7)
    with pytest.raises(RuntimeError, match="Cannot assign attributes"):
        info.id = 0


class Counting(Dataset):
    """Counts the samples read, in memory the workers share with the test."""

    def __init__(self, n):
        self.n = n
        self.count = multiprocessing.get_context("fork").Value("i", 0)

    def __getitem__(self, i):
        with self.count.get_lock():
            self.count.value += 1
        return np.array([i])

    def __len__(self):
        return self.n


def test_prefetch_factor_batches_per_worker_are_in_flight(no_leftovers):
    data = Counting(20)
    loader = iter(DataLoader(data, batch_size=1, num_workers=2, prefetch_factor=3,
                             timeout=TIMEOUT))
    next(loader)  # 2 workers x 3 in flight, and one more sent when the first came out
    deadline = time.monotonic() + TIMEOUT
    while data.count.value < 7 and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.3)  # time for a worker that would read ahead too far
    assert data.count.value == 7
    del loader


class Failing(Dataset):
    def __getitem__(self, i):
        if i == 3:
            raise ValueError(f"bad sample {i}")
        return np.array([i])

    def __len__(self):
        return 8


def test_a_worker_exception_is_raised_with_its_traceback(no_leftovers):
    loader = DataLoader(Failing(), batch_size=2, num_workers=2, timeout=TIMEOUT)
    with pytest.raises(ValueError) as info:
        list(loader)
    text = str(info.value)
    assert "DataLoader worker(1) caught ValueError" in text
    assert "bad sample 3" in text and "__getitem__" in text and "Traceback" in text


class Custom(Exception):
    """An exception type of the user's own."""


class RaisesCustom(Dataset):
    def __getitem__(self, i):
        raise Custom("custom failure")

    def __len__(self):
        return 2


def test_a_user_exception_type_crosses_too(no_leftovers):
    with pytest.raises(Custom, match="custom failure"):
        list(DataLoader(RaisesCustom(), num_workers=2, timeout=TIMEOUT))


def test_an_exception_type_that_does_not_pickle_arrives_as_runtime_error(no_leftovers):
    class LocalError(Exception):
        pass

    class RaisesLocal(Dataset):
        def __getitem__(self, i):
            raise LocalError("local failure")

        def __len__(self):
            return 2

    with pytest.raises(RuntimeError, match="caught LocalError(.|\n)*local failure"):
        list(DataLoader(RaisesLocal(), num_workers=2, timeout=TIMEOUT))


def test_a_batch_that_does_not_pickle_raises_instead_of_hanging(no_leftovers):
    def with_a_function(samples):  # the function stays in the batch's structure
        return {"x": np.stack(samples), "f": lambda: 1}

    loader = DataLoader(Slow(), batch_size=2, num_workers=2, collate_fn=with_a_function,
                        timeout=TIMEOUT)
    with pytest.raises(Exception, match="pickle"):
        list(loader)


def _fail_init(worker_id):
    raise KeyError(f"init of worker {worker_id}")


def test_a_worker_init_fn_exception_is_raised(no_leftovers):
    with pytest.raises(KeyError, match="init of worker 0"):
        list(DataLoader(Slow(), num_workers=2, worker_init_fn=_fail_init, timeout=TIMEOUT))


class Dies(Dataset):
    def __getitem__(self, i):
        os._exit(3)

    def __len__(self):
        return 2


def test_a_dead_worker_is_reported(no_leftovers):
    with pytest.raises(RuntimeError, match=r"exited unexpectedly \(pid \d+ exit code 3\)"):
        list(DataLoader(Dies(), num_workers=1, timeout=TIMEOUT))


class Bus(Dataset):
    def __getitem__(self, i):
        faulthandler.disable()  # pytest's would print the worker's stack
        os.kill(os.getpid(), signal.SIGBUS)

    def __len__(self):
        return 1


def test_a_worker_killed_by_sigbus_hints_at_shared_memory(no_leftovers):
    with pytest.raises(RuntimeError, match="SIGBUS: /dev/shm is likely too small"):
        list(DataLoader(Bus(), num_workers=1, timeout=TIMEOUT))


def test_timeout_raises_when_no_batch_arrives(no_leftovers):
    loader = DataLoader(Slow(n=2, slow=0, delay=3.0), num_workers=1, timeout=0.5)
    start = time.monotonic()
    with pytest.raises(RuntimeError, match="timed out"):
        list(loader)
    assert time.monotonic() - start < 2.5


def test_early_break_stops_the_workers(no_leftovers):
    loader = DataLoader(Slow(n=40), batch_size=2, num_workers=2, timeout=TIMEOUT)
    for i, _ in enumerate(loader):
        if i == 2:
            break
    # The fixture checks that the workers exited and no segment is left.


def test_dropping_a_fresh_iterator_stops_the_workers(no_leftovers):
    it = iter(DataLoader(Slow(n=40), batch_size=4, num_workers=2, timeout=TIMEOUT))
    time.sleep(0.2)  # let the workers fill the queue with shared-memory batches
    del it


class Stop(IterableDataset):
    """Yields 0..5 in one process; each worker yields its half."""

    def __iter__(self):
        info = get_worker_info()
        start = 0 if info is None else 3 * info.id
        stop = 6 if info is None else start + 3
        for i in range(start, stop):
            yield np.array([i])


def test_persistent_workers_serve_every_epoch(no_leftovers):
    loader = DataLoader(Slow(n=5), batch_size=2, num_workers=2, persistent_workers=True,
                        timeout=TIMEOUT)
    first = [b.numpy().tolist() for b in loader]
    pids = [p.pid for p in multiprocessing.active_children()]
    second = [b.numpy().tolist() for b in loader]
    assert first == second == [[[0, 0], [1, 1]], [[2, 2], [3, 3]], [[4, 4]]]
    assert sorted(p.pid for p in multiprocessing.active_children()) == sorted(pids)
    for _ in zip(range(1), loader):  # an epoch broken off early ...
        pass
    assert [b.numpy().tolist() for b in loader] == first  # ... does not leak into the next
    del loader


def test_persistent_workers_start_again_after_a_failure(no_leftovers):
    loader = DataLoader(Failing(), batch_size=2, num_workers=2, persistent_workers=True,
                        timeout=TIMEOUT)
    for _ in range(2):
        with pytest.raises(ValueError, match="bad sample 3"):
            list(loader)
    del loader


def test_persistent_workers_restart_an_iterable_dataset(no_leftovers):
    loader = DataLoader(Stop(), batch_size=2, num_workers=2, persistent_workers=True,
                        timeout=TIMEOUT)
    epochs = [[b.numpy().ravel().tolist() for b in loader] for _ in range(2)]
    assert epochs[0] == epochs[1] == [[0, 1], [3, 4], [2], [5]]
    del loader
