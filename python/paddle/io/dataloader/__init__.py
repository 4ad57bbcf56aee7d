"""The parts of paddle.io's DataLoader: datasets, samplers, batch samplers,
collation and worker processes."""
from .batch_sampler import BatchSampler, DistributedBatchSampler
from .dataset import (ChainDataset, ComposeDataset, ConcatDataset, Dataset, IterableDataset,
                      Subset, TensorDataset, random_split)
from .sampler import (RandomSampler, Sampler, SequenceSampler, SubsetRandomSampler,
                      WeightedRandomSampler)
from .worker import get_worker_info

__all__ = []
