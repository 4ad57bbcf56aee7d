"""Datasets: the map-style and iterable-style bases and the wrappers that
compose, chain, concatenate or take subsets of them (paddle.io's names)."""
import bisect
import math
import warnings
from typing import Generic, TypeVar

import numpy as np

__all__ = ["Dataset", "IterableDataset", "TensorDataset", "ComposeDataset", "ChainDataset",
           "ConcatDataset", "Subset", "random_split"]


_T = TypeVar("_T")


class Dataset(Generic[_T]):
    """The base of map-style datasets: a subclass returns sample ``idx`` from
    ``__getitem__`` and the number of samples from ``__len__``. Generic in the
    sample type, as in PaddlePaddle (``Dataset[tuple[np.ndarray, int]]``).

    Example:
        >>> import numpy as np
        >>> from paddle.io import Dataset
        >>> class Squares(Dataset):
        ...     def __getitem__(self, idx):
        ...         return np.array([idx * idx], dtype="int64")
        ...     def __len__(self):
        ...         return 4
        >>> Squares()[3]
        array([9])
    """

    def __init__(self):
        pass

    def __getitem__(self, idx):
        raise NotImplementedError(f"'__getitem__' not implement in class {type(self).__name__}")

    def __len__(self):
        raise NotImplementedError(f"'__len__' not implement in class {type(self).__name__}")


class IterableDataset(Dataset[_T]):
    """The base of iterable-style datasets: a subclass yields its samples from
    ``__iter__``. With ``DataLoader(num_workers > 0)`` every worker iterates its
    own copy; split the work through ``paddle.io.get_worker_info()``.

    Example:
        >>> from paddle.io import IterableDataset
        >>> class Count(IterableDataset):
        ...     def __iter__(self):
        ...         yield from range(3)
        >>> list(iter(Count()))  # list() alone would ask for len()
        [0, 1, 2]
    """

    def __init__(self):
        pass

    def __iter__(self):
        raise NotImplementedError(f"'__iter__' not implement in class {type(self).__name__}")

    def __getitem__(self, idx):
        raise RuntimeError(f"'__getitem__' should not be called for IterableDataset "
                           f"{type(self).__name__}")

    def __len__(self):
        raise RuntimeError(f"'__len__' should not be called for IterableDataset "
                           f"{type(self).__name__}")


def _as_fields(sample):
    """A sample as a list of fields (a tuple or list sample is its fields)."""
    return list(sample) if isinstance(sample, (list, tuple)) else [sample]


class TensorDataset(Dataset):
    """A dataset of tensors (or arrays) that share their first dimension:
    sample ``i`` is the tuple of every tensor's row ``i``.

    Args:
        tensors (list|tuple): The Tensors (or numpy arrays), not empty, all with the same size
            of dim 0.

    Returns:
        TensorDataset: A map-style dataset whose ``len()`` is that size of dim 0.

    Example:
        >>> import numpy as np
        >>> from paddle.io import TensorDataset
        >>> ds = TensorDataset([np.arange(6).reshape(3, 2), np.arange(3)])
        >>> len(ds), ds[1][0].tolist(), int(ds[1][1])
        (3, [2, 3], 1)
    """

    def __init__(self, tensors):
        if not isinstance(tensors, (list, tuple)) or len(tensors) == 0:
            raise TypeError(f"tensors should be a non-empty list or tuple of tensors, "
                            f"but got {type(tensors).__name__}")
        rows = [t.shape[0] for t in tensors]
        if any(r != rows[0] for r in rows):
            raise AssertionError(f"tensors not have same shape of the 1st dimension: {rows}")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].shape[0]


def _check_datasets(datasets, what):
    datasets = list(datasets)
    if not datasets:
        raise AssertionError(f"{what}: input datasets should not be empty")
    return datasets


class ComposeDataset(Dataset):
    """Joins the fields of map-style datasets of one length: sample ``i`` is
    the fields of every dataset's sample ``i``, in order, as one tuple.

    Args:
        datasets (list|tuple): The map-style ``paddle.io.Dataset`` objects, not empty, of one
            length; not ``IterableDataset``.

    Returns:
        ComposeDataset: A map-style dataset of the same length.

    Example:
        >>> from paddle.io import ComposeDataset, TensorDataset
        >>> import numpy as np
        >>> a = TensorDataset([np.arange(3)])
        >>> b = TensorDataset([np.arange(3) * 10, np.arange(3) * 100])
        >>> [int(v) for v in ComposeDataset([a, b])[2]]
        [2, 20, 200]
    """

    def __init__(self, datasets):
        self.datasets = _check_datasets(datasets, "ComposeDataset")
        for i, dataset in enumerate(self.datasets):
            if not isinstance(dataset, Dataset):
                raise AssertionError(f"each input dataset should be paddle.io.Dataset, "
                                     f"but dataset {i} is {type(dataset).__name__}")
            if isinstance(dataset, IterableDataset):
                raise AssertionError("paddle.io.IterableDataset not supported")
            if i > 0 and len(dataset) != len(self.datasets[0]):
                raise AssertionError(f"lengths of datasets should be same, but dataset {i} has "
                                     f"{len(dataset)} samples and dataset 0 "
                                     f"{len(self.datasets[0])}")

    def __len__(self):
        return len(self.datasets[0])

    def __getitem__(self, idx):
        return tuple(field for ds in self.datasets for field in _as_fields(ds[idx]))


class ChainDataset(IterableDataset):
    """Chains iterable datasets: yields every sample of the first, then of the
    second, and so on.

    Args:
        datasets (list|tuple): The ``paddle.io.IterableDataset`` objects to chain, not empty.

    Returns:
        ChainDataset: An iterable dataset of all their samples.

    Example:
        >>> from paddle.io import ChainDataset, IterableDataset
        >>> class Range(IterableDataset):
        ...     def __init__(self, n):
        ...         self.n = n
        ...     def __iter__(self):
        ...         yield from range(self.n)
        >>> list(iter(ChainDataset([Range(2), Range(3)])))
        [0, 1, 0, 1, 2]
    """

    def __init__(self, datasets):
        self.datasets = _check_datasets(datasets, "ChainDataset")
        for i, dataset in enumerate(self.datasets):
            if not isinstance(dataset, IterableDataset):
                raise AssertionError(f"ChainDataset only support paddle.io.IterableDataset, "
                                     f"but dataset {i} is {type(dataset).__name__}")

    def __iter__(self):
        for dataset in self.datasets:
            yield from dataset


class ConcatDataset(Dataset):
    """Concatenates map-style datasets: the samples of the first, then of the
    second, and so on; negative indices count from the end.

    Args:
        datasets (list|tuple): The map-style datasets to concatenate, not empty; not
            ``IterableDataset``.

    Returns:
        ConcatDataset: A map-style dataset whose ``len()`` is the sum of their lengths.

    Example:
        >>> from paddle.io import ConcatDataset, TensorDataset
        >>> import numpy as np
        >>> ds = ConcatDataset([TensorDataset([np.arange(2)]), TensorDataset([np.arange(3) + 10])])
        >>> len(ds), int(ds[3][0]), int(ds[-1][0])
        (5, 11, 12)
    """

    @staticmethod
    def cumsum(sequence):
        """The running totals of the lengths of ``sequence``'s items."""
        totals, running = [], 0
        for item in sequence:
            running += len(item)
            totals.append(running)
        return totals

    def __init__(self, datasets):
        self.datasets = _check_datasets(datasets, "ConcatDataset")
        if any(isinstance(d, IterableDataset) for d in self.datasets):
            raise AssertionError("ConcatDataset does not support IterableDataset")
        self.cumulative_sizes = self.cumsum(self.datasets)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError(f"absolute value of index should not exceed dataset length, "
                                 f"but got index {idx} for length {len(self)}")
            idx += len(self)
        which = bisect.bisect_right(self.cumulative_sizes, idx)
        start = self.cumulative_sizes[which - 1] if which > 0 else 0
        return self.datasets[which][idx - start]


class Subset(Dataset):
    """The samples of ``dataset`` at ``indices``, in that order.

    Args:
        dataset (Dataset): The map-style dataset to take the samples from.
        indices (Sequence): The indices of ``dataset`` the subset holds, in order.

    Returns:
        Subset: A map-style dataset whose ``len()`` is ``len(indices)``.

    Example:
        >>> from paddle.io import Subset, TensorDataset
        >>> import numpy as np
        >>> sub = Subset(TensorDataset([np.arange(5) * 2]), indices=[4, 0])
        >>> len(sub), [int(s[0]) for s in sub]
        (2, [8, 0])
    """

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


def _lengths_from_fractions(fractions, total):
    """Split sizes for fractions that sum to 1: floor of each share, then the
    remainder handed out one by one from the first split on."""
    sizes = []
    for i, frac in enumerate(fractions):
        if frac < 0 or frac > 1:
            raise ValueError(f"Fraction at index {i} is not between 0 and 1")
        sizes.append(int(math.floor(total * frac)))
    for i in range(total - sum(sizes)):
        sizes[i % len(sizes)] += 1
    for i, size in enumerate(sizes):
        if size == 0:
            warnings.warn(f"Length of split at index {i} is 0. "
                          f"This might result in an empty dataset.")
    return sizes


def random_split(dataset, lengths, generator=None):
    """Splits ``dataset`` at random into disjoint ``Subset``s of the given
    lengths (sample counts summing to ``len(dataset)``, or fractions summing
    to 1). The permutation is ``paddle.randperm``'s (seed it with
    ``paddle.seed``); ``generator`` is accepted and unused, as in PaddlePaddle.

    Args:
        dataset (Dataset): The map-style dataset to split.
        lengths (list|tuple): The sizes of the splits: ints summing to ``len(dataset)``, or
            fractions in [0, 1] summing to 1 (the remainder of rounding down goes one by one
            to the first splits).
        generator (object, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        list: One ``Subset`` per length, in order.

    Example:
        >>> import numpy as np
        >>> import paddle
        >>> from paddle.io import TensorDataset, random_split
        >>> _ = paddle.seed(0)
        >>> a, b = random_split(TensorDataset([np.arange(10)]), [7, 3])
        >>> len(a), len(b), sorted(a.indices + b.indices) == list(range(10))
        (7, 3, True)
    """
    lengths = list(lengths)
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        lengths = _lengths_from_fractions(lengths, len(dataset))
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    import paddle

    order = paddle.randperm(sum(lengths)).tolist()
    subsets, start = [], 0
    for length in lengths:
        subsets.append(Subset(dataset, order[start:start + length]))
        start += length
    return subsets
