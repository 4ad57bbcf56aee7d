"""paddle.io samplers and batch samplers: the index sequences PaddlePaddle
3.3.1 gives for the same numpy seed, their lengths, and their argument errors."""
import numpy as np
import pytest

import paddle
from io_datasets import Stream
from io_expected import EXPECTED
from paddle.io import (BatchSampler, DistributedBatchSampler, RandomSampler,
                       Sampler, SequenceSampler, SubsetRandomSampler, WeightedRandomSampler)

SAMPLERS = EXPECTED["samplers"]
DATA = list(range(10))


def _seeded(seed, make):
    np.random.seed(seed)
    return make()


def test_sequence_sampler_counts_up():
    sampler = SequenceSampler(DATA[:4])
    assert list(sampler) == [0, 1, 2, 3] and len(sampler) == 4


def test_sampler_base_needs_iter():
    with pytest.raises(NotImplementedError):
        iter(Sampler(DATA))


@pytest.mark.parametrize("case, seed, make", [
    ("random", 3, lambda: RandomSampler(DATA)),
    ("random_replacement", 4, lambda: RandomSampler(DATA, True, 15)),
    ("random_num_samples", 5, lambda: RandomSampler(DATA, num_samples=4)),
    ("weighted", 6, lambda: WeightedRandomSampler(np.array([0.1, 0.2, 0.3, 0.4]), 8)),
    ("weighted_no_replacement", 7,
     lambda: WeightedRandomSampler(np.array([1.0, 0.0, 2.0, 3.0]), 3, False)),
])
def test_random_samplers_match_paddle_for_a_seed(case, seed, make):
    sampler = make()
    assert _seeded(seed, lambda: list(sampler)) == SAMPLERS[case]
    assert len(sampler) == len(SAMPLERS[case])


def test_random_sampler_without_replacement_is_a_permutation():
    assert sorted(_seeded(1, lambda: list(RandomSampler(DATA)))) == DATA


def test_random_sampler_draws_from_a_given_generator():
    sampler = RandomSampler(DATA, num_samples=3, generator=iter([9, 4]))
    assert list(sampler) == [9, 4]  # the generator ran out before num_samples


def test_weighted_sampler_takes_tensor_weights():
    weights = paddle.to_tensor([0.1, 0.2, 0.3, 0.4], dtype="float64")
    sampler = WeightedRandomSampler(weights, 8)
    assert _seeded(6, lambda: list(sampler)) == SAMPLERS["weighted"] and len(sampler) == 8


def test_weighted_sampler_takes_lists_and_2d_weights():
    assert len(WeightedRandomSampler([0.1, 0.2, 0.3, 0.4], 8)) == SAMPLERS["weighted_len"]
    rows = WeightedRandomSampler(np.array([[0.0, 1.0], [1.0, 0.0]]), 3)
    assert len(rows) == 6 and list(rows) == [1, 1, 1, 0, 0, 0]


@pytest.mark.parametrize("weights, error", [
    ([1.0, -1.0], ValueError), ([0.0, 0.0], ValueError), ([1.0, np.nan], ValueError),
    (np.ones([2, 2, 2]), ValueError), ("abc", TypeError)])
def test_weighted_sampler_rejects_bad_weights(weights, error):
    with pytest.raises(error):
        list(WeightedRandomSampler(weights, 1))


def test_weighted_sampler_without_replacement_needs_enough_positive_weights():
    with pytest.raises(ValueError, match="num_samples"):
        list(WeightedRandomSampler([1.0, 0.0, 1.0], 3, replacement=False))


def test_subset_random_sampler_permutes_its_indices():
    paddle.seed(5)
    order = list(SubsetRandomSampler([7, 3, 5, 11]))
    paddle.seed(5)
    assert list(SubsetRandomSampler([7, 3, 5, 11])) == order
    assert sorted(order) == [3, 5, 7, 11] and len(SubsetRandomSampler([7, 3])) == 2
    with pytest.raises(ValueError, match="greater than 0"):
        SubsetRandomSampler([])


@pytest.mark.parametrize("drop_last", [False, True])
def test_batch_sampler_groups_indices(drop_last):
    sampler = BatchSampler(dataset=DATA, batch_size=3, drop_last=drop_last)
    expected = SAMPLERS["batch"][f"drop_last={drop_last}"]
    assert list(sampler) == expected["batches"] and len(sampler) == expected["len"]


def test_batch_sampler_shuffle_matches_paddle_for_a_seed():
    sampler = BatchSampler(dataset=DATA, batch_size=4, shuffle=True)
    assert _seeded(8, lambda: list(sampler)) == SAMPLERS["batch"]["shuffle"]


def test_batch_sampler_wraps_a_sampler():
    sampler = BatchSampler(sampler=SequenceSampler(DATA[:5]), batch_size=2)
    assert list(sampler) == [[0, 1], [2, 3], [4]] and len(sampler) == 3


@pytest.mark.parametrize("case", SAMPLERS["distributed"],
                         ids=lambda c: "n{n}-bs{batch_size}-r{rank}of{num_replicas}"
                                       "-shuffle{shuffle}-drop{drop_last}".format(**c))
def test_distributed_batch_sampler_matches_paddle(case):
    sampler = DistributedBatchSampler(list(range(case["n"])), case["batch_size"],
                                      case["num_replicas"], case["rank"], case["shuffle"],
                                      case["drop_last"])
    sampler.set_epoch(2)
    assert [list(sampler), list(sampler)] == case["epochs"]
    assert len(sampler) == case["len"]


def test_distributed_batch_sampler_ranks_cover_the_dataset():
    parts = [DistributedBatchSampler(DATA, 2, num_replicas=3, rank=r) for r in range(3)]
    indices = [i for p in parts for batch in p for i in batch]
    assert sorted(set(indices)) == DATA and len(indices) == 12  # padded to 3 * 4


def test_distributed_batch_sampler_reads_the_environment(monkeypatch):
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "2")
    monkeypatch.setenv("PADDLE_TRAINER_ID", "1")
    sampler = DistributedBatchSampler(DATA, batch_size=2)
    assert (sampler.nranks, sampler.local_rank) == (2, 1)
    assert list(sampler) == [[2, 3], [6, 7], [9]]
    monkeypatch.delenv("PADDLE_TRAINERS_NUM")
    monkeypatch.delenv("PADDLE_TRAINER_ID")
    sampler = DistributedBatchSampler(DATA, batch_size=4)
    assert (sampler.nranks, sampler.local_rank) == (1, 0)


@pytest.mark.parametrize("name, make", [
    ("batch_sampler_no_input", lambda: BatchSampler()),
    ("batch_sampler_both", lambda: BatchSampler(DATA, sampler=[0, 1])),
    ("batch_sampler_size_float", lambda: BatchSampler(DATA, batch_size=2.0)),
    ("batch_sampler_shuffle_int", lambda: BatchSampler(DATA, shuffle=1)),
    ("batch_sampler_iterable", lambda: BatchSampler(Stream())),
    ("random_sampler_replacement_int", lambda: RandomSampler([1, 2], replacement=1)),
    ("random_sampler_too_many", lambda: RandomSampler([1, 2], num_samples=3)),
    ("random_sampler_zero", lambda: RandomSampler([1, 2], num_samples=0)),
    ("weighted_num_samples_zero", lambda: WeightedRandomSampler([1.0], 0)),
    ("weighted_replacement_int", lambda: WeightedRandomSampler([1.0], 1, replacement=1)),
    ("distributed_rank_negative", lambda: DistributedBatchSampler(DATA, 2, 2, -1)),
    ("distributed_replicas_zero", lambda: DistributedBatchSampler(DATA, 2, 0, 0)),
    ("distributed_batch_size_zero", lambda: DistributedBatchSampler(DATA, 0)),
])
def test_bad_arguments_raise_paddles_error_type(name, make):
    with pytest.raises(Exception) as info:
        make()
    assert type(info.value).__name__ == EXPECTED["errors"][name]
    assert str(info.value)  # says what was wrong


def test_batch_sampler_rejects_shuffle_with_a_sampler():
    with pytest.raises(AssertionError, match="shuffle should be False"):
        BatchSampler(sampler=SequenceSampler(DATA), shuffle=True)
