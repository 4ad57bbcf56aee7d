"""Collation: how DataLoader turns a list of samples into one batch, field by
field, or passes a single sample through when it does not batch."""
import numbers
from collections.abc import Mapping, Sequence

import numpy as np

__all__ = ["default_collate_fn", "default_convert_fn"]


def _tensor_type():
    """paddle.Tensor once the eager core provides it (None before)."""
    import paddle

    return getattr(paddle, "Tensor", None)


def _is_tensor(value):
    tensor_type = _tensor_type()
    return tensor_type is not None and isinstance(value, tensor_type)


def default_collate_fn(batch):
    """Stacks a list of samples into a batch, field by field: numpy arrays
    into one array with a new first axis, Tensors with ``paddle.stack``,
    numbers into a 1-D array, strings and bytes into a list; dicts collate per
    key and lists or tuples per position (into a list), recursively.
    DataLoader then makes the arrays Tensors.

    Args:
        batch (list): The samples, not empty, all of one structure (arrays of one shape,
            numbers, strings, dicts with the same keys, sequences of the same length).

    Returns:
        numpy.ndarray|Tensor|list|dict: The batch, of the samples' structure.

    Example:
        >>> import numpy as np
        >>> from paddle.io.dataloader.collate import default_collate_fn
        >>> images, labels = default_collate_fn([(np.zeros([2], "float32"), 1),
        ...                                      (np.ones([2], "float32"), 2)])
        >>> images.shape, labels.tolist()
        ((2, 2), [1, 2])
    """
    sample = batch[0]
    if isinstance(sample, np.ndarray):
        return np.stack(batch, axis=0)
    if _is_tensor(sample):
        import paddle

        return paddle.stack(batch, axis=0)
    if isinstance(sample, numbers.Number):
        return np.array(batch)
    if isinstance(sample, (str, bytes)):
        return batch
    if isinstance(sample, Mapping):
        return {key: default_collate_fn([s[key] for s in batch]) for key in sample}
    if isinstance(sample, Sequence):
        if any(len(s) != len(sample) for s in batch):
            raise RuntimeError("fields number not same among samples in a batch")
        return [default_collate_fn(list(fields)) for fields in zip(*batch)]
    raise TypeError(f"batch data con only contains: tensor, numpy.ndarray, dict, list, "
                    f"number, but got {type(sample)}")


def default_convert_fn(batch):
    """Passes one unbatched sample through (DataLoader with ``batch_size=None``):
    arrays, Tensors, strings and other leaves as they are, dicts and lists or
    tuples (into lists) converted item by item.

    Args:
        batch (object): One sample: an array, Tensor, number, string, dict or sequence.

    Returns:
        object: The sample, with its lists and tuples as lists.

    Example:
        >>> import numpy as np
        >>> from paddle.io.dataloader.collate import default_convert_fn
        >>> default_convert_fn((np.arange(2), {"id": 3}))
        [array([0, 1]), {'id': 3}]
    """
    if isinstance(batch, (np.ndarray, str, bytes)) or _is_tensor(batch):
        return batch
    if isinstance(batch, Mapping):
        return {key: default_convert_fn(batch[key]) for key in batch}
    if isinstance(batch, Sequence):
        return [default_convert_fn(item) for item in batch]
    return batch
