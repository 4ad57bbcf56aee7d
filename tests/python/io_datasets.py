"""Small datasets the DataLoader tests share, and describe(), which writes a
DataLoader output as JSON; tools/oracle/io_oracle.py uses both to record
tests/data/io/expected.json with PaddlePaddle 3.3.1. Also shared_segments(),
for the tests that check no shared memory is left behind."""
import os
import pathlib

import numpy as np

import paddle
from paddle.io import Dataset, IterableDataset, get_worker_info


def describe(value):
    """A DataLoader output as JSON: each Tensor as its shape,
    numpy dtype and values, containers by type name."""
    if isinstance(value, paddle.Tensor):
        array = value.numpy()
        return {"tensor": {"shape": list(array.shape), "dtype": str(array.dtype),
                           "values": array.reshape(-1).tolist()}}
    if isinstance(value, dict):
        return {"dict": {k: describe(v) for k, v in value.items()}}
    if isinstance(value, (list, tuple)):
        return {type(value).__name__: [describe(v) for v in value]}
    if isinstance(value, np.generic):
        return {"scalar": {"dtype": str(value.dtype), "value": value.item()}}
    return {"plain": value}


def shared_segments():
    """The names of the shared-memory segments made for this process's
    DataLoaders (not those of other test runs on the machine)."""
    from paddle.io.dataloader._shared_arrays import segment_prefix

    return {p.name for p in pathlib.Path("/dev/shm").glob(segment_prefix(os.getpid()) + "*")}


class Mixed(Dataset):
    """Samples of every kind default_collate_fn batches."""

    def __getitem__(self, i):
        return {"image": np.full([2, 3], i, "float32"), "label": i, "score": i / 2,
                "flag": i % 2 == 0, "name": f"s{i}",
                "pair": (np.array([i, -i], "int32"), [i, i + 1])}

    def __len__(self):
        return 5


class Plain(Dataset):
    def __getitem__(self, i):
        return np.arange(3, dtype="float64") + i, np.int64(i)

    def __len__(self):
        return 4


class Single(Dataset):
    def __getitem__(self, i):
        return np.array([i, i], "uint8")

    def __len__(self):
        return 3


class Noise(Dataset):
    """Draws from numpy's global generator: in a worker, the worker's seed."""

    def __getitem__(self, i):
        return np.array([np.random.randint(0, 1 << 30), get_worker_info().seed % (1 << 30)])

    def __len__(self):
        return 8


class SplitRange(IterableDataset):
    """0..9, each worker taking its own consecutive share."""

    def __iter__(self):
        info = get_worker_info()
        start, stop = (0, 10) if info is None else (5 * info.id, 5 * info.id + 5)
        for i in range(start, stop):
            yield np.array([i], "int64")


class Stream(IterableDataset):
    def __iter__(self):
        yield from range(3)
