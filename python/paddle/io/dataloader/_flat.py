"""A collated batch split into its array leaves ("slots") and a picklable
skeleton, and put back together: workers ship the slots through shared
memory and the skeleton through the result queue, and the main process
makes every slot a Tensor on the way back."""
from collections.abc import Mapping, Sequence

import numpy as np

from .collate import _is_tensor


class _Slot:
    """Where slot ``index`` goes back into the skeleton."""

    __slots__ = ("index",)

    def __init__(self, index):
        self.index = index

    def __getstate__(self):
        return self.index

    def __setstate__(self, index):
        self.index = index


def flatten_batch(batch):
    """(slots, skeleton): the arrays and Tensors of ``batch`` in order, and
    ``batch`` with each replaced by a _Slot; lists and tuples become lists,
    as in PaddlePaddle's batches."""
    slots = []

    def walk(value):
        if isinstance(value, np.ndarray) or _is_tensor(value):
            slots.append(value)
            return _Slot(len(slots) - 1)
        if isinstance(value, (str, bytes)):
            return value
        if isinstance(value, Mapping):
            return {key: walk(item) for key, item in value.items()}
        if isinstance(value, Sequence):
            return [walk(item) for item in value]
        return value

    return slots, walk(batch)


def restore_batch(slots, skeleton):
    """The batch with each _Slot of ``skeleton`` replaced by its slot."""
    if isinstance(skeleton, _Slot):
        return slots[skeleton.index]
    if isinstance(skeleton, dict):
        return {key: restore_batch(slots, item) for key, item in skeleton.items()}
    if isinstance(skeleton, list):
        return [restore_batch(slots, item) for item in skeleton]
    return skeleton


def to_tensor_slot(value):
    """A slot as the Tensor the DataLoader yields (a Tensor stays as it is)."""
    if _is_tensor(value):
        return value
    import paddle

    return paddle.to_tensor(value)
