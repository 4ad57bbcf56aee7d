"""Batch samplers: iterables of index lists, one list per mini-batch, for one
process or for one rank of a data-parallel job."""
import math
from collections.abc import Iterable

import numpy as np

from .dataset import IterableDataset
from .sampler import RandomSampler, Sampler, SequenceSampler

__all__ = ["BatchSampler", "DistributedBatchSampler"]


def _require(condition, message):
    # PaddlePaddle reports these argument errors as AssertionError; raised
    # explicitly so that they survive `python -O`.
    if not condition:
        raise AssertionError(message)


def _is_positive_int(value):
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _batches(indices, batch_size, drop_last):
    """Groups an index iterable into lists of batch_size (a shorter last one
    unless drop_last)."""
    batch = []
    for idx in indices:
        batch.append(idx)
        if len(batch) == batch_size:
            yield batch
            batch = []
    if batch and not drop_last:
        yield batch


def _batch_count(num_samples, batch_size, drop_last):
    return (num_samples + (0 if drop_last else batch_size - 1)) // batch_size


class BatchSampler(Sampler):
    """Groups the indices of ``sampler`` (or of a sequential or shuffled sampler
    over ``dataset``) into lists of ``batch_size``; the last shorter list is
    kept unless ``drop_last``. Give exactly one of ``dataset`` and ``sampler``.

    Args:
        dataset (Dataset, optional): A map-style dataset (anything with ``__len__``) whose
            indices are sampled; not an ``IterableDataset``. Default None.
        sampler (Sampler|Iterable, optional): The indices to group, when ``dataset`` is not
            given. Default None.
        shuffle (bool, optional): Whether to draw ``dataset``'s indices in a random order;
            must be False with ``sampler``. Default False.
        batch_size (int, optional): Indices per batch, a positive int. Default 1.
        drop_last (bool, optional): Whether to drop the last batch when it is shorter than
            ``batch_size``. Default False.

    Returns:
        BatchSampler: An iterable of lists of indices; ``len()`` is the number of batches.

    Example:
        >>> from paddle.io import BatchSampler
        >>> list(BatchSampler(dataset=range(5), batch_size=2))
        [[0, 1], [2, 3], [4]]
        >>> len(BatchSampler(dataset=range(5), batch_size=2, drop_last=True))
        2
    """

    def __init__(self, dataset=None, sampler=None, shuffle=False, batch_size=1, drop_last=False):
        if dataset is None:
            _require(sampler is not None, "either dataset or sampler should be set")
            _require(isinstance(sampler, (Sampler, Iterable)),
                     f"sampler should be either paddle.io.Sampler or Iterable, "
                     f"but got {type(sampler)}")
            _require(not shuffle, "shuffle should be False when sampler is set")
            self.sampler = sampler
        else:
            _require(not isinstance(dataset, IterableDataset),
                     "dataset should not be a paddle.io.IterableDataset")
            _require(sampler is None, "should not set both dataset and sampler")
            _require(isinstance(shuffle, bool),
                     f"shuffle should be a boolean value, but got {type(shuffle)}")
            self.sampler = RandomSampler(dataset) if shuffle else SequenceSampler(dataset)
        _require(_is_positive_int(batch_size),
                 f"batch_size should be a positive integer, but got {batch_size!r}")
        _require(isinstance(drop_last, bool),
                 f"drop_last should be a boolean value, but got {type(drop_last)}")
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.drop_last = drop_last

    def __iter__(self):
        return _batches(self.sampler, self.batch_size, self.drop_last)

    def __len__(self):
        return _batch_count(len(self.sampler), self.batch_size, self.drop_last)


class _InfiniteIterableSampler(Sampler):
    """Endless batches of placeholders for an IterableDataset: the dataset's
    own iterator decides when the data ends."""

    def __init__(self, dataset, batch_size=1):
        _require(isinstance(dataset, IterableDataset),
                 "dataset should be an instance of paddle.io.IterableDataset")
        self.dataset = dataset
        self.batch_size = batch_size

    def __iter__(self):
        while True:
            yield [None] * self.batch_size


class DistributedBatchSampler(BatchSampler):
    """The batches of one rank of a data-parallel job: the dataset's indices
    (padded by repeating from the start to a multiple of ``num_replicas``,
    shuffled per epoch with seed ``epoch`` when ``shuffle``) are dealt out
    ``batch_size`` at a time to the ranks in turn. ``num_replicas`` and ``rank``
    default to :class:`paddle.distributed.ParallelEnv`'s ``nranks`` and
    ``local_rank`` (the job's size and this process's rank; 1 and 0 outside
    a job).

    Args:
        dataset (Dataset): A map-style dataset (anything with ``__len__``).
        batch_size (int): Indices per batch, a positive int.
        num_replicas (int, optional): The number of ranks, a positive int; None (the default)
            takes the job's size.
        rank (int, optional): This process's rank, a non-negative int; None (the default)
            takes the job's local rank.
        shuffle (bool, optional): Whether to shuffle the indices, with the seed ``epoch``
            (see ``set_epoch``), before dealing them out. Default False.
        drop_last (bool, optional): Whether to drop this rank's last batch when it is shorter
            than ``batch_size``. Default False.

    Returns:
        DistributedBatchSampler: An iterable of this rank's lists of indices; ``len()`` is
        their number.

    Example:
        >>> from paddle.io import DistributedBatchSampler
        >>> list(DistributedBatchSampler(range(10), batch_size=2, num_replicas=2, rank=1))
        [[2, 3], [6, 7], [9]]
    """

    def __init__(self, dataset, batch_size, num_replicas=None, rank=None, shuffle=False,
                 drop_last=False):
        _require(_is_positive_int(batch_size),
                 f"batch_size should be a positive integer, but got {batch_size!r}")
        _require(isinstance(shuffle, bool), f"shuffle should be a boolean value, "
                                            f"but got {type(shuffle)}")
        _require(isinstance(drop_last, bool), f"drop_last should be a boolean number, "
                                              f"but got {type(drop_last)}")
        # Imported here: paddle.distributed is loaded after paddle.io.
        from paddle.distributed.parallel_env import ParallelEnv

        if num_replicas is None:
            num_replicas = ParallelEnv().nranks
        else:
            _require(_is_positive_int(num_replicas),
                     f"num_replicas should be a positive integer, but got {num_replicas!r}")
        if rank is None:
            rank = ParallelEnv().local_rank
        else:
            _require(isinstance(rank, int) and not isinstance(rank, bool) and rank >= 0,
                     f"rank should be a non-negative integer, but got {rank!r}")
        self.dataset = dataset
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.drop_last = drop_last
        self.nranks = num_replicas
        self.local_rank = rank
        self.epoch = 0
        self.num_samples = int(math.ceil(len(dataset) / self.nranks))
        self.total_size = self.num_samples * self.nranks

    def _padded_indices(self):
        indices = list(range(len(self.dataset)))
        missing = self.total_size - len(indices)
        repeats = math.ceil(missing / len(indices)) if indices else 0
        return indices + (indices * repeats)[:missing]

    def _local_indices(self, indices):
        """This rank's share: whole batches dealt round-robin, then an equal
        slice of the tail that does not fill a batch on every rank."""
        stride = self.batch_size * self.nranks
        tail = self.total_size % stride
        local = []
        for start in range(self.local_rank * self.batch_size, len(indices) - tail, stride):
            local.extend(indices[start:start + self.batch_size])
        per_rank_tail = tail // self.nranks
        tail_indices = indices[len(indices) - tail:]
        local.extend(tail_indices[self.local_rank * per_rank_tail:
                                  (self.local_rank + 1) * per_rank_tail])
        return local

    def __iter__(self):
        indices = self._padded_indices()
        if self.shuffle:
            np.random.RandomState(self.epoch).shuffle(indices)
            self.epoch += 1
        if self.nranks > 1:
            indices = self._local_indices(indices)
        return _batches(indices, self.batch_size, self.drop_last)

    def __len__(self):
        return _batch_count(self.num_samples, self.batch_size, self.drop_last)

    def set_epoch(self, epoch):
        """Sets the epoch whose seed the next shuffle uses, so every rank
        shuffles alike.

        Example:
            >>> from paddle.io import DistributedBatchSampler
            >>> sampler = DistributedBatchSampler(range(8), batch_size=4, shuffle=True)
            >>> sampler.set_epoch(3)
            >>> sampler.epoch
            3
        """
        self.epoch = epoch
