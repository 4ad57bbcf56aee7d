"""DataLoader worker processes: what a worker knows about itself
(get_worker_info), how it seeds its random generators, and its loop of
fetching, collating and shipping whole batches."""
import os
import pickle
import queue
import random
import sys
import traceback

from . import _shared_arrays as shared_arrays
from ._fetcher import make_fetcher
from ._flat import flatten_batch
from .collate import _is_tensor

__all__ = ["get_worker_info"]

# How often a waiting worker checks that its parent still lives (seconds).
POLL_INTERVAL = 1.0

_worker_info = None


class WorkerInfo:
    """A worker's read-only facts: ``id``, ``num_workers``, ``dataset`` (its own
    copy) and ``seed`` (the base seed of this DataLoader iteration)."""

    def __init__(self, **fields):
        for key, value in fields.items():
            object.__setattr__(self, key, value)

    def __setattr__(self, key, value):
        raise RuntimeError(f"Cannot assign attributes to {type(self).__name__} objects")

    def __repr__(self):
        return (f"WorkerInfo(id={self.id}, num_workers={self.num_workers}, "
                f"seed={self.seed})")


def get_worker_info():
    """In a DataLoader worker process, its WorkerInfo (``id``, ``num_workers``,
    ``dataset``, ``seed``); None in the main process. An IterableDataset uses
    it to give each worker a different share of the data.

    Example:
        >>> from paddle.io import get_worker_info
        >>> print(get_worker_info())  # the main process
        None
    """
    return _worker_info


class DrainedMarker:
    """A worker's answer when its IterableDataset iterator is exhausted."""


class WorkerError:
    """The exception being handled in a worker, carried to the main process:
    its type (RuntimeError for a type that cannot be pickled, such as a class
    local to a function) and the worker's formatted traceback."""

    def __init__(self, worker_id):
        exc_type, exc, tb = sys.exc_info()
        self.worker_id = worker_id
        self.type_name = exc_type.__name__
        self.exc_type = exc_type if _picklable(exc_type) else RuntimeError
        self.text = "".join(traceback.format_exception(exc_type, exc, tb))

    def reraise(self):
        message = (f"DataLoader worker({self.worker_id}) caught {self.type_name} "
                   f"with message:\n{self.text}")
        try:
            error = self.exc_type(message)
        except Exception:  # a type whose constructor does not take one message
            raise RuntimeError(message) from None
        raise error


def _picklable(value):
    try:
        pickle.dumps(value)
    except Exception:
        return False
    return True


def encode_result(epoch, index, result, worker_id):
    """A worker's answer, pickled here rather than in the queue's feeder
    thread, where a failure would lose it and leave the main process waiting:
    a result that does not pickle becomes the WorkerError of that failure."""
    try:
        return pickle.dumps((epoch, index, result), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        error = WorkerError(worker_id)
    if isinstance(result, tuple) and isinstance(result[0], shared_arrays.Packet):
        shared_arrays.release(result[0])  # nobody will read this batch
    return pickle.dumps((epoch, index, error), protocol=pickle.HIGHEST_PROTOCOL)


# numpy's seed for a worker: base seed and worker id mixed into four 32-bit
# words by the same hash PaddlePaddle uses, so that np.random in the workers
# draws the numbers it draws there.
_MASK = 0xFFFFFFFF
_HASH_INIT, _HASH_MULT = 0x43B0D7E5, 0x931E8875
_OUT_INIT, _OUT_MULT = 0x8B51F9DD, 0x58F38DED
_MIX_LEFT, _MIX_RIGHT = 0xCA01F9DD, 0x4973F715


class _Hasher:
    """A multiplicative hash whose multiplier advances with every use."""

    def __init__(self, init, mult):
        self.const, self.mult = init, mult

    def __call__(self, value):
        value = (value ^ self.const) & _MASK
        self.const = (self.const * self.mult) & _MASK
        value = (value * self.const) & _MASK
        return value ^ (value >> 16)


def _mix(x, y):
    value = ((_MIX_LEFT * x) - (_MIX_RIGHT * y)) & _MASK
    return value ^ (value >> 16)


def numpy_seed_words(base_seed, worker_id):
    """Four 32-bit words for np.random.seed in worker ``worker_id``."""
    hash_in = _Hasher(_HASH_INIT, _HASH_MULT)
    pool = [hash_in(v) for v in (worker_id, base_seed & _MASK, base_seed >> 32, 0)]
    for i in range(len(pool)):
        for j in range(len(pool)):
            if i != j:
                pool[j] = _mix(pool[j], hash_in(pool[i]))
    hash_out = _Hasher(_OUT_INIT, _OUT_MULT)
    return [hash_out(word) for word in pool]


def _single_threaded_math():
    # OpenMP's thread pool does not survive fork(): an op of the worker that
    # ran a parallel region on the parent's pool would wait forever. Workers
    # parallelize across batches instead.
    from paddle.base import core

    core.set_num_threads(1)


def _seed_generators(base_seed, worker_id):
    import numpy as np

    import paddle

    random.seed(base_seed + worker_id)
    paddle.seed(base_seed + worker_id)
    np.random.seed(numpy_seed_words(base_seed, worker_id))


def _shippable(batch, use_shared_memory, parent):
    """(slots, skeleton) of a collated batch as it crosses the result queue:
    Tensors as numpy arrays, all arrays in one shared-memory Packet for the
    process ``parent`` when use_shared_memory."""
    slots, skeleton = flatten_batch(batch)
    slots = [s.numpy() if _is_tensor(s) else s for s in slots]
    if use_shared_memory:
        slots = shared_arrays.pack(slots, owner_pid=parent)
    return slots, skeleton


class WorkerConfig:
    """Everything a worker process needs, passed once when it starts."""

    def __init__(self, dataset, iterable, auto_collate, collate_fn, drop_last, init_fn,
                 num_workers, use_shared_memory, base_seed):
        self.dataset = dataset
        self.iterable = iterable
        self.auto_collate = auto_collate
        self.collate_fn = collate_fn
        self.drop_last = drop_last
        self.init_fn = init_fn
        self.num_workers = num_workers
        self.use_shared_memory = use_shared_memory
        self.base_seed = base_seed


def worker_loop(config, worker_id, task_queue, result_queue, done_event):
    """A worker's life: seed, run worker_init_fn, then answer tasks
    (epoch, index, batch indices) with (epoch, index, result) until it gets
    None. The result is (slots, skeleton), a WorkerError or a DrainedMarker;
    tasks of an older epoch than the last seen are answered, and the main
    process drops those answers."""
    global _worker_info
    parent = os.getppid()
    try:
        _single_threaded_math()
        _seed_generators(config.base_seed, worker_id)
        _worker_info = WorkerInfo(id=worker_id, num_workers=config.num_workers,
                                  dataset=config.dataset, seed=config.base_seed)
        init_error = None
        try:
            if config.init_fn is not None:
                config.init_fn(worker_id)
        except Exception:
            init_error = WorkerError(worker_id)
        epoch, fetcher, drained = None, None, False
        while True:
            try:
                task = task_queue.get(timeout=POLL_INTERVAL)
            except queue.Empty:
                if os.getppid() != parent:  # the main process died: nobody reads
                    return
                continue
            if task is None:
                return
            if done_event.is_set():
                continue
            task_epoch, index, indices = task
            if task_epoch != epoch:  # a new pass: an IterableDataset starts over
                epoch, fetcher, drained = task_epoch, None, False
            if drained:
                continue
            try:
                if init_error is not None:
                    result = init_error
                else:
                    if fetcher is None:
                        fetcher = make_fetcher(config.iterable, config.dataset,
                                               config.auto_collate, config.collate_fn,
                                               config.drop_last)
                    result = _shippable(fetcher.fetch(indices), config.use_shared_memory,
                                        parent)
            except StopIteration:
                if not config.iterable:
                    result = WorkerError(worker_id)
                else:
                    result, drained = DrainedMarker(), True
            except Exception:
                result = WorkerError(worker_id)
            result_queue.put(encode_result(task_epoch, index, result, worker_id))
    except KeyboardInterrupt:
        pass
