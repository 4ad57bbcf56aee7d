"""paddle.io.DataLoader: batches of Tensors from a dataset, read in this
process or by worker processes."""
from .dataloader.batch_sampler import BatchSampler, _InfiniteIterableSampler, _require
from .dataloader.collate import default_collate_fn, default_convert_fn
from .dataloader._dataloader_iter import MultiProcessIter, SingleProcessIter
from .dataloader.dataset import IterableDataset

__all__ = ["DataLoader"]


def _check_int(name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} should be an int, but got {type(value).__name__}")


class DataLoader:
    """Iterates over ``dataset`` in mini-batches: a ``BatchSampler`` (given, or
    made from ``batch_size``, ``shuffle`` and ``drop_last``) picks each batch's
    indices, ``collate_fn`` (default: ``default_collate_fn``) stacks the samples,
    and every array of the batch comes out as a ``paddle.Tensor``, the fields
    as a list. ``batch_size=None`` yields single samples unstacked. An
    ``IterableDataset`` is read in order until it ends.

    With ``num_workers > 0``, that many forked worker processes fetch and
    collate whole batches (``prefetch_factor`` batches each in flight, arrays
    passed through shared memory when ``use_shared_memory``); batches still come
    in the sampler's order, an exception in a worker is raised here with the
    worker's traceback, ``timeout`` (seconds, 0 = wait forever) bounds the wait
    for a batch, and ``persistent_workers`` keeps the workers between passes.
    ``feed_list``, ``places``, ``return_list``, ``use_buffer_reader`` and
    ``reader_buffer_size`` are accepted for compatibility; in eager mode the
    batch is always a list of Tensors on the CPU.

    Args:
        dataset (Dataset|IterableDataset): The samples: a map-style dataset (``__getitem__``
            and ``__len__``) or an ``IterableDataset``.
        feed_list (list, optional): For PaddlePaddle compatibility (static mode's feed
            Variables); unused here. Default None.
        places (list|Place, optional): For PaddlePaddle compatibility; batches stay on the
            CPU. Default None.
        return_list (bool, optional): For PaddlePaddle compatibility; each batch is a list.
            Default True.
        batch_sampler (BatchSampler, optional): Yields each batch's list of indices; when
            given, ``batch_size``, ``shuffle`` and ``drop_last`` must keep their defaults, and
            an ``IterableDataset`` does not take one. Default None.
        batch_size (int|None, optional): Samples per batch, a positive int; None yields single
            samples without batching. Default 1.
        shuffle (bool, optional): Whether to draw the indices in a random order each pass (not
            for an ``IterableDataset``). Default False.
        drop_last (bool, optional): Whether to drop the last batch when it is smaller than
            ``batch_size``. Default False.
        collate_fn (callable, optional): Turns a list of samples into a batch; None (the
            default) uses ``default_collate_fn`` (``default_convert_fn`` without batching).
        num_workers (int, optional): Worker processes that load batches, a non-negative int;
            0 (the default) loads in this process.
        use_buffer_reader (bool, optional): For PaddlePaddle compatibility. Default True.
        reader_buffer_size (int, optional): For PaddlePaddle compatibility. Default 2.
        prefetch_factor (int, optional): Batches each worker keeps in flight, a positive int.
            Default 2.
        use_shared_memory (bool, optional): Whether workers pass arrays through shared memory
            (only with ``num_workers > 0``). Default True.
        timeout (int|float, optional): Seconds to wait for a worker's batch before raising;
            0 (the default) waits forever.
        worker_init_fn (callable, optional): Called with the worker's id in each worker
            process when it starts. Default None.
        persistent_workers (bool, optional): Whether the workers stay alive between passes
            over the loader. Default False.

    Returns:
        DataLoader: An iterable over the batches; ``len()`` is the number of batches (not for
        an ``IterableDataset``).

    Example:
        >>> import numpy as np
        >>> from paddle.io import DataLoader, TensorDataset
        >>> dataset = TensorDataset([np.arange(10, dtype="float32").reshape(5, 2),
        ...                          np.arange(5, dtype="int64")])
        >>> loader = DataLoader(dataset, batch_size=2, drop_last=True)
        >>> len(loader)
        2
        >>> for x, y in loader:
        ...     print(x.shape, y.shape)
        paddle.Size([2, 2]) paddle.Size([2])
        paddle.Size([2, 2]) paddle.Size([2])
    """

    def __init__(self, dataset, feed_list=None, places=None, return_list=True,
                 batch_sampler=None, batch_size=1, shuffle=False, drop_last=False,
                 collate_fn=None, num_workers=0, use_buffer_reader=True, reader_buffer_size=2,
                 prefetch_factor=2, use_shared_memory=True, timeout=0, worker_init_fn=None,
                 persistent_workers=False):
        _check_int("num_workers", num_workers)
        _require(num_workers >= 0, f"num_workers should be a non-negative value, "
                                   f"but got {num_workers}")
        _check_int("prefetch_factor", prefetch_factor)
        _require(prefetch_factor > 0, f"prefetch_factor should be a positive value, "
                                      f"but got {prefetch_factor}")
        if not isinstance(timeout, (int, float)) or isinstance(timeout, bool):
            raise TypeError(f"timeout should be a number, but got {type(timeout).__name__}")
        _require(timeout >= 0, f"timeout should be a non-negative value, but got {timeout}")
        if collate_fn is not None and not callable(collate_fn):
            raise TypeError(f"collate_fn should be callable, but got {type(collate_fn).__name__}")
        if worker_init_fn is not None and not callable(worker_init_fn):
            raise TypeError(f"worker_init_fn should be callable, "
                            f"but got {type(worker_init_fn).__name__}")
        self.dataset = dataset
        self.feed_list = feed_list
        self.places = places
        self.return_list = return_list
        self.collate_fn = collate_fn
        self.num_workers = num_workers
        self.use_buffer_reader = use_buffer_reader
        self.reader_buffer_size = reader_buffer_size
        self.prefetch_factor = prefetch_factor
        self.use_shared_memory = bool(use_shared_memory) and num_workers > 0
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self._persistent_workers = persistent_workers
        self._iterable = isinstance(dataset, IterableDataset)
        self._iterator = None
        if self._iterable:
            if shuffle:
                raise ValueError(f"IterableDataset not support shuffle, but got shuffle={shuffle}")
            if batch_sampler is not None:
                raise ValueError("IterableDataset expect unspecified batch_sampler")
        if batch_sampler is not None:
            _require(batch_size == 1 and not shuffle and not drop_last,
                     "batch_size/shuffle/drop_last should not be set when batch_sampler is given")
            self.batch_sampler = batch_sampler
            self.batch_size = None
        elif batch_size is None:
            self.batch_sampler = None
            self.batch_size = None
        else:
            if not isinstance(batch_size, (int, float)) or isinstance(batch_size, bool):
                raise TypeError(f"batch_size should be an int, "
                                f"but got {type(batch_size).__name__}")
            _require(isinstance(batch_size, int) and batch_size > 0,
                     f"batch_size should be None or a positive value when batch_sampler "
                     f"is not given, but got {batch_size}")
            self.batch_size = batch_size
            if self._iterable:
                self.batch_sampler = _InfiniteIterableSampler(dataset, batch_size)
            else:
                self.batch_sampler = BatchSampler(dataset=dataset, batch_size=batch_size,
                                                  shuffle=shuffle, drop_last=drop_last)
        self.drop_last = drop_last
        self.auto_collate_batch = self.batch_sampler is not None

    def _index_sampler(self):
        """What one pass iterates: index batches, or single indices (None for
        an IterableDataset) when the loader does not batch."""
        if self.auto_collate_batch:
            return self.batch_sampler
        if self._iterable:
            return _InfiniteIterableSampler(self.dataset, 1)
        return range(len(self.dataset))

    def _effective_collate_fn(self):
        default = default_collate_fn if self.auto_collate_batch else default_convert_fn
        return self.collate_fn or default

    def _iter_length(self):
        return len(self.batch_sampler) if self.auto_collate_batch else len(self.dataset)

    def __len__(self):
        if self._iterable:
            raise ValueError("length of IterableDataset not supported")
        return self._iter_length()

    def __iter__(self):
        if self.num_workers == 0:
            return SingleProcessIter(self)
        if not self._persistent_workers:
            return MultiProcessIter(self)
        if self._iterator is None or self._iterator.closed:  # none yet, or it failed
            self._iterator = MultiProcessIter(self)
        else:
            self._iterator._reset()
        return self._iterator

    def __call__(self):
        return self.__iter__()
