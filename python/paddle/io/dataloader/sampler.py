"""Samplers: iterables of dataset indices (sequential, shuffled, weighted,
a shuffled subset). As in PaddlePaddle, RandomSampler and WeightedRandomSampler
draw from numpy's global generator (``np.random.seed`` makes them repeatable)
and SubsetRandomSampler from paddle's (``paddle.seed``)."""
from typing import Generic, TypeVar

import numpy as np

__all__ = ["Sampler", "SequenceSampler", "RandomSampler", "WeightedRandomSampler",
           "SubsetRandomSampler"]


_T = TypeVar("_T")


class Sampler(Generic[_T]):
    """The base of samplers: a subclass yields indices from ``__iter__`` and
    may give their number from ``__len__``. Generic in the index type, as in
    PaddlePaddle.

    Args:
        data_source (Dataset|Sequence, optional): The data the indices are of, kept as
            ``self.data_source`` for the subclass. Default None.

    Returns:
        Sampler: The sampler; iterating it yields the subclass's indices.

    Example:
        >>> from paddle.io import Sampler
        >>> class EvenSampler(Sampler):
        ...     def __iter__(self):
        ...         return iter(range(0, len(self.data_source), 2))
        >>> list(EvenSampler(range(5)))
        [0, 2, 4]
    """

    def __init__(self, data_source=None):
        self.data_source = data_source

    def __iter__(self):
        raise NotImplementedError


class SequenceSampler(Sampler):
    """Yields ``0, 1, ..., len(data_source) - 1``.

    Args:
        data_source (Dataset|Sequence): The data whose indices are yielded (anything with
            ``__len__``).

    Returns:
        SequenceSampler: An iterable of the indices in order; ``len()`` is
        ``len(data_source)``.

    Example:
        >>> from paddle.io import SequenceSampler
        >>> list(SequenceSampler(range(3)))
        [0, 1, 2]
    """

    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    """Yields ``num_samples`` (default ``len(data_source)``) random indices,
    without repeats unless ``replacement``; a ``generator`` given is an
    iterator of indices that is drawn from instead.

    Args:
        data_source (Dataset|Sequence): The data whose indices are drawn (anything with
            ``__len__``).
        replacement (bool, optional): Whether an index may be drawn more than once. Default
            False.
        num_samples (int, optional): How many indices one pass yields, a positive int, at
            most ``len(data_source)`` without replacement; None (the default) means
            ``len(data_source)``.
        generator (Iterator, optional): An iterator of indices to take the samples from
            instead of drawing them; None (the default) draws from numpy's global generator.

    Returns:
        RandomSampler: An iterable of random indices; ``len()`` is ``num_samples``.

    Example:
        >>> import numpy as np
        >>> from paddle.io import RandomSampler
        >>> np.random.seed(0)
        >>> sorted(RandomSampler(range(4)))
        [0, 1, 2, 3]
    """

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(replacement, bool):
            raise TypeError(f"expect boolean value for replacement, but got "
                            f"replacement={replacement}")
        if not isinstance(self.num_samples, int) or isinstance(self.num_samples, bool) \
                or self.num_samples <= 0:
            raise ValueError(f"num_samples should be a positive integer, "
                             f"but got num_samples={self.num_samples}")
        if not replacement and self.num_samples > len(data_source):
            raise ValueError(
                "num_samples should be smaller than or equal to length of data_source when "
                f"replacement is False, but got num_samples: {self.num_samples} > "
                f"data_source: {len(data_source)}")

    @property
    def num_samples(self):
        """The number of indices one pass yields."""
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        if self.generator:
            for _ in range(self.num_samples):
                try:
                    yield next(self.generator)
                except StopIteration:
                    return
            return
        n = len(self.data_source)
        yield from np.random.choice(np.arange(n), self.num_samples,
                                    replace=self.replacement).tolist()

    def __len__(self):
        return self.num_samples


def _as_weight_rows(weights):
    """Weights as a 2-D float array (one row per distribution), checked."""
    if hasattr(weights, "numpy") and not isinstance(weights, np.ndarray):
        weights = weights.numpy()
    if isinstance(weights, (list, tuple)):
        weights = np.array(weights)
    if not isinstance(weights, np.ndarray):
        raise TypeError(f"weights should be paddle.Tensor, numpy.ndarray, list or tuple, "
                        f"but got {type(weights).__name__}")
    if weights.ndim not in (1, 2):
        raise ValueError(f"weights should be a 1-D or 2-D array, but got {weights.ndim}-D")
    rows = weights.reshape((-1, weights.shape[-1]))
    if np.any(np.isnan(rows)) or np.any(np.isinf(rows)):
        raise ValueError("weights should not be NaN or INF")
    if np.any(rows < 0):
        raise ValueError("weights should be positive value")
    return rows


class WeightedRandomSampler(Sampler):
    """Yields ``num_samples`` indices drawn with probability proportional to
    ``weights`` (1-D, or 2-D: ``num_samples`` draws per row, rows one after the
    other), with or without ``replacement``.

    Args:
        weights (Tensor|numpy.ndarray|list|tuple): Non-negative, finite weights, 1-D (one
            per index) or 2-D (one distribution per row); they need not sum to 1.
        num_samples (int): How many indices to draw (per row), a positive int.
        replacement (bool, optional): Whether an index may be drawn more than once; without
            it, each row needs at least ``num_samples`` positive weights. Default True.

    Returns:
        WeightedRandomSampler: An iterable of the drawn indices; ``len()`` is ``num_samples``
        times the number of rows.

    Example:
        >>> import numpy as np
        >>> from paddle.io import WeightedRandomSampler
        >>> np.random.seed(0)
        >>> list(WeightedRandomSampler([0.0, 0.0, 1.0], num_samples=3))
        [2, 2, 2]
    """

    def __init__(self, weights, num_samples, replacement=True):
        if not isinstance(num_samples, int) or isinstance(num_samples, bool) or num_samples <= 0:
            raise ValueError(f"num_samples should be a positive integer, but got {num_samples!r}")
        if not isinstance(replacement, bool):
            raise ValueError(f"replacement should be a boolean value, but got {replacement!r}")
        self.weights = weights
        self.num_samples = num_samples
        self.replacement = replacement

    def __iter__(self):
        rows = _as_weight_rows(self.weights)
        positive = np.sum(rows > 0, axis=1)
        if np.any(positive == 0):
            raise ValueError("weights should have positive values")
        if not self.replacement and np.any(positive < self.num_samples):
            raise ValueError("weights positive value number should not less than num_samples "
                             "when replacement=False")
        rows = rows / rows.sum(axis=1, keepdims=True)
        draws = [np.random.choice(rows.shape[1], self.num_samples, self.replacement, row)
                 for row in rows]
        return iter(np.array(draws).reshape(-1).tolist())

    def __len__(self):
        shape = np.shape(self.weights.numpy() if hasattr(self.weights, "numpy")
                         else self.weights)
        return self.num_samples * (int(np.prod(shape)) // shape[-1])


class SubsetRandomSampler(Sampler):
    """Yields the given ``indices`` in a random order (``paddle.randperm``'s,
    which ``paddle.seed`` seeds).

    Args:
        indices (Sequence): The indices to yield, not empty.

    Returns:
        SubsetRandomSampler: An iterable of ``indices`` in a random order; ``len()`` is
        ``len(indices)``.

    Example:
        >>> from paddle.io import SubsetRandomSampler
        >>> sorted(SubsetRandomSampler([7, 3, 5]))
        [3, 5, 7]
    """

    def __init__(self, indices):
        if len(indices) == 0:
            raise ValueError("The length of `indices` in SubsetRandomSampler should be "
                             "greater than 0.")
        self.indices = indices

    def __iter__(self):
        import paddle

        for i in paddle.randperm(len(self.indices)).tolist():
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)
