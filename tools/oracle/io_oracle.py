"""Records what PaddlePaddle 3.3.1's paddle.io does, for tests/data/io/.

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency):

    python tools/oracle/io_oracle.py tests/data/io/expected.json

It writes one JSON object of cases:
- samplers: the index sequences of RandomSampler, WeightedRandomSampler,
  BatchSampler and DistributedBatchSampler (numpy's global generator seeded
  first, as the random ones draw from it) and their len();
- random_split_sizes: the split sizes random_split makes from fractions;
- worker_seed_words: the numpy seed of worker `id` for a base seed;
- batches: what a DataLoader yields for a few sample structures, each Tensor
  described by shape, numpy dtype and values;
- iterable: the batches of an IterableDataset that splits itself among
  workers, with and without workers and drop_last;
- worker_random: np.random draws of two workers after np.random.seed(0) in
  the main process;
- errors: the exception type each bad argument raises.
"""
import json
import pathlib
import sys
import warnings

import numpy as np
import paddle
from paddle.io import (BatchSampler, ComposeDataset, ConcatDataset, DataLoader, Dataset,
                       DistributedBatchSampler, RandomSampler, Subset, WeightedRandomSampler,
                       random_split)
from paddle.io.dataloader.worker import _generate_states

# The datasets are those the tests read the batches of.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tests" / "python"))
from io_datasets import Mixed, Noise, Plain, Single, SplitRange, Stream, describe  # noqa: E402,E501




def seeded(seed, make):
    np.random.seed(seed)
    return make()


def sampler_cases():
    out = {}
    data = list(range(10))
    out["random"] = seeded(3, lambda: list(RandomSampler(data)))
    out["random_replacement"] = seeded(4, lambda: list(RandomSampler(data, True, 15)))
    out["random_num_samples"] = seeded(5, lambda: list(RandomSampler(data, num_samples=4)))
    weights = np.array([0.1, 0.2, 0.3, 0.4])
    out["weighted"] = seeded(6, lambda: list(WeightedRandomSampler(weights, 8)))
    out["weighted_no_replacement"] = seeded(
        7, lambda: list(WeightedRandomSampler(np.array([1.0, 0.0, 2.0, 3.0]), 3, False)))
    out["weighted_len"] = len(WeightedRandomSampler(np.array([0.1, 0.2, 0.3, 0.4]), 8))
    batch = {}
    for drop_last in (False, True):
        sampler = BatchSampler(dataset=data, batch_size=3, drop_last=drop_last)
        batch[f"drop_last={drop_last}"] = {"batches": list(sampler), "len": len(sampler)}
    batch["shuffle"] = seeded(8, lambda: list(BatchSampler(dataset=data, batch_size=4,
                                                           shuffle=True)))
    out["batch"] = batch
    dist = []
    for n, bs, nranks, shuffle, drop_last in [(10, 2, 2, False, False), (11, 3, 3, False, False),
                                              (11, 3, 3, False, True), (7, 2, 4, True, False),
                                              (16, 4, 2, True, True), (5, 2, 1, True, False)]:
        for rank in range(nranks):
            sampler = DistributedBatchSampler(list(range(n)), bs, nranks, rank, shuffle,
                                              drop_last)
            sampler.set_epoch(2)
            epochs = [list(sampler), list(sampler)]  # shuffling advances the epoch
            dist.append({"n": n, "batch_size": bs, "num_replicas": nranks, "rank": rank,
                         "shuffle": shuffle, "drop_last": drop_last, "len": len(sampler),
                         "epochs": epochs})
    out["distributed"] = dist
    return out


def random_split_sizes():
    warnings.simplefilter("ignore")
    cases = [(10, [0.3, 0.7]), (10, [0.33, 0.33, 0.34]), (7, [0.5, 0.5]), (5, [0.1, 0.9]),
             (3, [0.25, 0.25, 0.25, 0.25])]
    return [{"n": n, "fractions": f, "sizes": [len(s) for s in random_split(list(range(n)), f)]}
            for n, f in cases]










def batch_cases():
    out = {}
    out["mixed_bs2"] = [describe(b) for b in DataLoader(Mixed(), batch_size=2)]
    out["plain_bs3_drop_last"] = [describe(b) for b in DataLoader(Plain(), batch_size=3,
                                                                   drop_last=True)]
    out["plain_unbatched"] = [describe(b) for b in DataLoader(Plain(), batch_size=None)]
    out["single_bs2"] = [describe(b) for b in DataLoader(Single(), batch_size=2)]
    out["compose"] = [describe(b) for b in DataLoader(ComposeDataset([Plain(), Plain()]),
                                                      batch_size=4)]
    out["concat_subset"] = [describe(b) for b in DataLoader(
        Subset(ConcatDataset([Single(), Single()]), [5, 0, 3]), batch_size=2)]
    return out




def iterable_cases():
    out = {}
    for workers in (0, 2):
        for drop_last in (False, True):
            loader = DataLoader(SplitRange(), batch_size=3, num_workers=workers,
                                drop_last=drop_last)
            out[f"workers={workers},drop_last={drop_last}"] = [describe(b) for b in loader]
    out["unbatched"] = [describe(b) for b in DataLoader(SplitRange(), batch_size=None)]
    return out


def worker_random():
    np.random.seed(0)
    return [describe(b) for b in DataLoader(Noise(), batch_size=2, num_workers=2)]




def error_cases():
    cases = {
        "batch_size_zero": lambda: DataLoader(Plain(), batch_size=0),
        "batch_size_negative": lambda: DataLoader(Plain(), batch_size=-2),
        "batch_sampler_with_batch_size": lambda: DataLoader(
            Plain(), batch_sampler=BatchSampler(Plain()), batch_size=2),
        "batch_sampler_with_shuffle": lambda: DataLoader(
            Plain(), batch_sampler=BatchSampler(Plain()), shuffle=True),
        "iterable_shuffle": lambda: DataLoader(Stream(), shuffle=True),
        "iterable_batch_sampler": lambda: DataLoader(Stream(), batch_sampler=BatchSampler(Plain())),
        "iterable_len": lambda: len(DataLoader(Stream())),
        "num_workers_negative": lambda: DataLoader(Plain(), num_workers=-1),
        "prefetch_factor_zero": lambda: DataLoader(Plain(), prefetch_factor=0),
        "timeout_negative": lambda: DataLoader(Plain(), timeout=-1),
        "batch_sampler_no_input": lambda: BatchSampler(),
        "batch_sampler_both": lambda: BatchSampler(Plain(), sampler=[0, 1]),
        "batch_sampler_size_float": lambda: BatchSampler(Plain(), batch_size=2.0),
        "batch_sampler_shuffle_int": lambda: BatchSampler(Plain(), shuffle=1),
        "batch_sampler_iterable": lambda: BatchSampler(Stream()),
        "random_sampler_replacement_int": lambda: RandomSampler([1, 2], replacement=1),
        "random_sampler_too_many": lambda: RandomSampler([1, 2], num_samples=3),
        "random_sampler_zero": lambda: RandomSampler([1, 2], num_samples=0),
        "weighted_num_samples_zero": lambda: WeightedRandomSampler([1.0], 0),
        "weighted_replacement_int": lambda: WeightedRandomSampler([1.0], 1, replacement=1),
        "distributed_rank_negative": lambda: DistributedBatchSampler(Plain(), 2, 2, -1),
        "distributed_replicas_zero": lambda: DistributedBatchSampler(Plain(), 2, 0, 0),
        "distributed_batch_size_zero": lambda: DistributedBatchSampler(Plain(), 0),
        "random_split_bad_sum": lambda: random_split(Plain(), [1, 2]),
        "random_split_bad_fraction": lambda: random_split(Plain(), [1.5, -0.5]),
        "compose_iterable": lambda: ComposeDataset([Stream()]),
        "compose_lengths": lambda: ComposeDataset([Plain(), Single()]),
        "concat_empty": lambda: ConcatDataset([]),
        "concat_index": lambda: ConcatDataset([Single()])[-4],
        "iterable_getitem": lambda: Stream()[0],
        "dataset_len": lambda: len(Dataset()),
    }
    out = {}
    for name, case in cases.items():
        try:
            case()
        except Exception as error:  # the type is what is recorded
            out[name] = type(error).__name__
        else:
            out[name] = None
    return out


def main(path):
    expected = {
        "samplers": sampler_cases(),
        "random_split_sizes": random_split_sizes(),
        "worker_seed_words": [{"base_seed": s, "id": w, "words": _generate_states(s, w)}
                              for s in (0, 12345, 2**40 + 7, 9223372036854775806)
                              for w in (0, 1, 3)],
        "batches": batch_cases(),
        "worker_random": worker_random(),
        "iterable": iterable_cases(),
        "errors": error_cases(),
    }
    with open(path, "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
