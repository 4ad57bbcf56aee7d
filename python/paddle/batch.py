"""paddle.batch: a reader of samples made into a reader of lists of samples."""

__all__ = ["batch"]


def batch(reader, batch_size, drop_last=False):
    """A reader that yields lists of ``batch_size`` samples of ``reader``.

    Args:
        reader (callable): a function returning an iterable of samples.
        batch_size (int): the samples per batch (positive).
        drop_last (bool, optional): whether a last, smaller batch is dropped. Default: False.

    Returns:
        callable: a function returning a generator of lists of samples.

    Example:
        >>> def reader():
        ...     yield from range(5)
        >>> list(paddle.batch(reader, batch_size=2)())
        [[0, 1], [2, 3], [4]]
    """
    if not callable(reader):
        raise TypeError(f"[batch] reader must be callable, got {type(reader).__name__}")
    try:
        size = int(batch_size)
    except (TypeError, ValueError):
        raise TypeError(f"[batch] batch_size must be an int, got {batch_size!r}") from None
    if size <= 0:
        raise ValueError(f"batch_size should be a positive integer value, but got "
                         f"batch_size={batch_size}")

    def batch_reader():
        pending = []
        for sample in reader():
            pending.append(sample)
            if len(pending) == size:
                yield pending
                pending = []
        if pending and not drop_last:
            yield pending

    return batch_reader
