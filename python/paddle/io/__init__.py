"""paddle.io: datasets, samplers and the DataLoader that batches them into
Tensors, optionally with worker processes."""
from .dataloader import (BatchSampler, ChainDataset, ComposeDataset, ConcatDataset, Dataset,
                         DistributedBatchSampler, IterableDataset, RandomSampler, Sampler,
                         SequenceSampler, Subset, SubsetRandomSampler, TensorDataset,
                         WeightedRandomSampler, get_worker_info, random_split)
from .reader import DataLoader

__all__ = [
    "Dataset",
    "IterableDataset",
    "TensorDataset",
    "ComposeDataset",
    "ChainDataset",
    "BatchSampler",
    "DistributedBatchSampler",
    "DataLoader",
    "get_worker_info",
    "Sampler",
    "SequenceSampler",
    "RandomSampler",
    "WeightedRandomSampler",
    "random_split",
    "Subset",
    "SubsetRandomSampler",
    "ConcatDataset",
]
