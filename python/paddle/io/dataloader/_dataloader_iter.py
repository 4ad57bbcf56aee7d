"""The iterators a DataLoader hands out: one that reads batches in the
calling process, and one that has worker processes read them."""
import itertools
import multiprocessing
import pickle
import queue
import signal
import sys
import time
import weakref

import numpy as np

from paddle.profiler.timer import step_timer

from . import _shared_arrays as shared_arrays
from ._fetcher import make_fetcher
from ._flat import flatten_batch, restore_batch, to_tensor_slot
from .worker import DrainedMarker, WorkerConfig, WorkerError, worker_loop

# How often the main process, waiting for a batch, checks that the workers live.
_LIVENESS_INTERVAL = 1.0
# How long a worker gets to exit after being told to, before it is terminated.
_EXIT_GRACE = 5.0


def _as_output(slots, skeleton):
    """The batch the DataLoader yields: every array slot a Tensor."""
    return restore_batch([to_tensor_slot(s) for s in slots], skeleton)


class SingleProcessIter:
    """Reads and collates each batch in the calling process, when asked."""

    def __init__(self, loader):
        self._sampler_iter = iter(loader._index_sampler())
        self._fetcher = make_fetcher(loader._iterable, loader.dataset, loader.auto_collate_batch,
                                     loader._effective_collate_fn(), loader.drop_last)
        self._length = loader._iter_length

    def __iter__(self):
        return self

    def __next__(self):
        step_timer().before_reader()  # Profiler.step_info's reader_cost
        indices = next(self._sampler_iter)
        batch = _as_output(*flatten_batch(self._fetcher.fetch(indices)))
        step_timer().after_reader()
        return batch

    def __len__(self):
        return self._length()


class _WorkerPool:
    """The worker processes and their queues; shut down exactly once, by the
    iterator's finalizer (when it is dropped or the interpreter exits) or on
    an error."""

    def __init__(self, config, num_workers, use_shared_memory):
        context = multiprocessing.get_context("fork")  # PaddlePaddle's start method on Linux
        if use_shared_memory:
            # Workers must share the parent's resource tracker: one a worker started
            # itself would unlink the worker's segments when the worker exits.
            from multiprocessing import resource_tracker

            resource_tracker.ensure_running()
        self.result_queue = context.Queue()
        self.done_event = context.Event()
        self.task_queues, self.processes = [], []
        for worker_id in range(num_workers):
            task_queue = context.Queue()
            task_queue.cancel_join_thread()  # unread tasks must not block our exit
            process = context.Process(
                target=worker_loop, daemon=True,
                args=(config, worker_id, task_queue, self.result_queue, self.done_event))
            process.start()
            self.task_queues.append(task_queue)
            self.processes.append(process)
        self.closed = False
        # Seconds the workers get to exit before they are terminated; cut short
        # when one is stuck (a timeout) or dead.
        self.exit_grace = _EXIT_GRACE

    def dead_workers(self):
        return [p for p in self.processes if not p.is_alive()]

    def _drain_results(self):
        """Reads what the workers already sent and frees its shared memory."""
        while True:
            try:
                _, _, result = pickle.loads(self.result_queue.get_nowait())
            except (queue.Empty, OSError, EOFError, ValueError):
                return
            release_result(result)

    def shutdown(self):
        if self.closed:
            return
        self.closed = True
        self.done_event.set()
        for task_queue in self.task_queues:
            try:
                task_queue.put(None)
            except (OSError, ValueError):
                pass
        # A worker flushes its last results before it exits: keep reading them.
        deadline = time.monotonic() + self.exit_grace
        while any(p.is_alive() for p in self.processes) and time.monotonic() < deadline:
            self._drain_results()
            for process in self.processes:
                process.join(0.02)
        for process in self.processes:
            if process.is_alive():
                process.terminate()
                process.join()
        self._drain_results()
        for q in [self.result_queue, *self.task_queues]:
            q.cancel_join_thread()
            q.close()


def release_result(result):
    """Frees the shared memory of a worker result that will not be used."""
    if isinstance(result, tuple) and isinstance(result[0], shared_arrays.Packet):
        shared_arrays.release(result[0])


def _dead_workers_message(dead):
    codes = ", ".join(f"pid {p.pid} exit code {p.exitcode}" for p in dead)
    message = f"DataLoader {len(dead)} worker(s) exited unexpectedly ({codes})"
    if any(p.exitcode == -signal.SIGBUS for p in dead):
        message += ("; SIGBUS: /dev/shm is likely too small for the batches "
                    "(enlarge it, or pass use_shared_memory=False)")
    return message


def _release_all(arrived):
    for result in arrived.values():
        release_result(result)
    arrived.clear()


def _shut_down(pool, arrived):
    """The finalizer of a MultiProcessIter: results received but never handed
    out free their shared memory, then the workers stop."""
    _release_all(arrived)
    pool.shutdown()


class MultiProcessIter:
    """Has ``num_workers`` processes fetch and collate whole batches.
    ``prefetch_factor`` batches per worker are in flight; batches come out in the
    sampler's order whichever worker finishes first. With persistent workers
    the DataLoader reuses one of these, starting a new epoch each pass."""

    def __init__(self, loader):
        self._loader = loader
        self._num_workers = loader.num_workers
        self._use_shared_memory = loader.use_shared_memory
        self._timeout = loader.timeout
        self._persistent = loader._persistent_workers
        self._capacity = loader.prefetch_factor * self._num_workers
        config = WorkerConfig(loader.dataset, loader._iterable, loader.auto_collate_batch,
                              loader._effective_collate_fn(), loader.drop_last,
                              loader.worker_init_fn, self._num_workers,
                              self._use_shared_memory,
                              int(np.random.randint(0, sys.maxsize)))
        self._pool = _WorkerPool(config, self._num_workers, self._use_shared_memory)
        self._arrived = {}  # task index -> result, until its turn comes
        self._finalizer = weakref.finalize(self, _shut_down, self._pool, self._arrived)
        self._epoch = -1
        self._start_epoch()

    def _start_epoch(self):
        """Resets the bookkeeping for one pass over the sampler and sends the
        first tasks; results still on the way from an earlier pass are dropped."""
        self._epoch += 1
        _release_all(self._arrived)
        self._sampler_iter = iter(self._loader._index_sampler())
        self._next_worker = itertools.cycle(range(self._num_workers))
        self._active = [True] * self._num_workers  # False: its IterableDataset is exhausted
        self._task_worker = {}  # sent task index -> worker
        self._send_idx = self._rcvd_idx = 0
        self._exhausted = False
        for _ in range(self._capacity):
            self._send_task()

    def _send_task(self):
        """Sends the sampler's next batch of indices to the next active worker;
        False when there is none to send."""
        if self._exhausted or not any(self._active):
            return False
        try:
            indices = next(self._sampler_iter)
        except StopIteration:
            self._exhausted = True
            return False
        worker = next(w for w in self._next_worker if self._active[w])
        self._pool.task_queues[worker].put((self._epoch, self._send_idx, indices))
        self._task_worker[self._send_idx] = worker
        self._send_idx += 1
        return True

    def __iter__(self):
        return self

    def __len__(self):
        return self._loader._iter_length()

    @property
    def closed(self):
        """True once the workers are gone (the pass ended, or failed)."""
        return self._pool.closed

    def __next__(self):
        step_timer().before_reader()  # Profiler.step_info's reader_cost
        if self._pool.closed:
            raise StopIteration
        try:
            result = self._next_result()
        except StopIteration:
            if not self._persistent:
                self._finalizer()
            raise
        except BaseException:
            self._finalizer()
            raise
        if isinstance(result, WorkerError):
            self._finalizer()
            result.reraise()
        slots, skeleton = result
        if self._use_shared_memory:
            slots = shared_arrays.unpack(slots)
        batch = _as_output(slots, skeleton)
        step_timer().after_reader()
        return batch

    def _next_result(self):
        """The result of the next task in sampler order, skipping tasks of
        workers whose IterableDataset ran out."""
        while True:
            if self._rcvd_idx == self._send_idx and not self._send_task():
                raise StopIteration
            idx = self._rcvd_idx
            if idx in self._arrived or not self._active[self._task_worker[idx]]:
                result = self._arrived.pop(idx, None)
                del self._task_worker[idx]
                self._rcvd_idx += 1
                self._send_task()
                if result is not None:
                    return result
                continue
            epoch, index, result = self._receive()
            if epoch != self._epoch:
                release_result(result)
            elif isinstance(result, DrainedMarker):
                self._active[self._task_worker[index]] = False
            else:
                self._arrived[index] = result

    def _receive(self):
        """The next message of any worker (epoch, task index, result); raises
        when a worker died or none came within the DataLoader's timeout."""
        deadline = time.monotonic() + self._timeout if self._timeout > 0 else None
        while True:
            wait = _LIVENESS_INTERVAL
            if deadline is not None:
                wait = max(0.0, min(wait, deadline - time.monotonic()))
            try:
                return pickle.loads(self._pool.result_queue.get(timeout=wait))
            except queue.Empty:
                pass
            dead = self._pool.dead_workers()
            if dead:
                self._pool.exit_grace = 0.0
                raise RuntimeError(_dead_workers_message(dead))
            if deadline is not None and time.monotonic() >= deadline:
                self._pool.exit_grace = 0.0
                raise RuntimeError(f"DataLoader timed out: no batch arrived from the workers "
                                   f"within timeout={self._timeout} seconds")

    def _reset(self):
        """Starts the next pass (persistent workers)."""
        self._start_epoch()
