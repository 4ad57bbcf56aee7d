"""paddle.io.DataLoader in one process: the batches PaddlePaddle 3.3.1 yields
for the same datasets (structure, shapes, dtypes, values), its length, the
ways to batch, and its argument errors."""
import numpy as np
import pytest

import paddle
from io_datasets import Mixed, Plain, Single, SplitRange, Stream, describe
from io_expected import EXPECTED
from paddle.io import BatchSampler, ComposeDataset, ConcatDataset, DataLoader, Subset

BATCHES = EXPECTED["batches"]


@pytest.mark.parametrize("case, make", [
    ("mixed_bs2", lambda: DataLoader(Mixed(), batch_size=2)),
    ("plain_bs3_drop_last", lambda: DataLoader(Plain(), batch_size=3, drop_last=True)),
    ("plain_unbatched", lambda: DataLoader(Plain(), batch_size=None)),
    ("single_bs2", lambda: DataLoader(Single(), batch_size=2)),
    ("compose", lambda: DataLoader(ComposeDataset([Plain(), Plain()]), batch_size=4)),
    ("concat_subset", lambda: DataLoader(Subset(ConcatDataset([Single(), Single()]), [5, 0, 3]),
                                         batch_size=2)),
])
def test_batches_match_paddle(case, make):
    assert [describe(b) for b in make()] == BATCHES[case]


def test_a_batch_is_a_list_of_tensors():
    x, y = next(iter(DataLoader(Plain(), batch_size=2)))
    assert isinstance(x, paddle.Tensor) and isinstance(y, paddle.Tensor)
    assert list(x.shape) == [2, 3] and list(y.shape) == [2]


@pytest.mark.parametrize("workers", [0, 2])
@pytest.mark.parametrize("drop_last", [False, True])
def test_iterable_dataset_batches_match_paddle(workers, drop_last):
    loader = DataLoader(SplitRange(), batch_size=3, num_workers=workers, drop_last=drop_last,
                        timeout=60)
    assert [describe(b) for b in loader] == \
        EXPECTED["iterable"][f"workers={workers},drop_last={drop_last}"]


def test_iterable_dataset_unbatched_matches_paddle():
    batches = [describe(b) for b in DataLoader(SplitRange(), batch_size=None)]
    assert batches == EXPECTED["iterable"]["unbatched"]


def test_len_counts_batches():
    assert len(DataLoader(Plain(), batch_size=3)) == 2
    assert len(DataLoader(Plain(), batch_size=3, drop_last=True)) == 1
    assert len(DataLoader(Plain(), batch_size=None)) == 4
    sampler = BatchSampler(Plain(), batch_size=2)
    assert len(DataLoader(Plain(), batch_sampler=sampler)) == 2
    assert len(iter(DataLoader(Plain(), batch_size=3))) == 2


def test_a_given_batch_sampler_picks_the_batches():
    sampler = BatchSampler(sampler=[3, 1, 2, 0], batch_size=3)
    labels = [y.numpy().tolist() for _, y in DataLoader(Plain(), batch_sampler=sampler)]
    assert labels == [[3, 1, 2], [0]]


def test_shuffle_is_a_seeded_permutation():
    np.random.seed(3)
    first = [int(y.numpy()[0]) for _, y in DataLoader(Plain(), batch_size=1, shuffle=True)]
    np.random.seed(3)
    again = [int(y.numpy()[0]) for _, y in DataLoader(Plain(), batch_size=1, shuffle=True)]
    assert first == again and sorted(first) == [0, 1, 2, 3]


def test_collate_fn_replaces_the_default():
    def sums(samples):
        return np.array([s[0].sum() for s in samples])

    batches = [b.numpy().tolist() for b in DataLoader(Plain(), batch_size=2, collate_fn=sums)]
    assert batches == [[3.0, 6.0], [9.0, 12.0]]


def test_tensor_samples_are_stacked():
    data = paddle.io.TensorDataset([paddle.to_tensor(np.arange(6, dtype="float32").reshape(3, 2))])
    (batch,) = next(iter(DataLoader(data, batch_size=3)))
    assert batch.numpy().tolist() == [[0, 1], [2, 3], [4, 5]]


def test_compatibility_arguments_are_accepted():
    loader = DataLoader(Plain(), places=None, return_list=False, use_buffer_reader=False,
                        reader_buffer_size=4, batch_size=4)
    (x, y), = list(loader)
    assert list(x.shape) == [4, 3]


def test_call_gives_an_iterator():
    assert len(list(DataLoader(Single(), batch_size=2)())) == 2


@pytest.mark.parametrize("name, make", [
    ("batch_size_zero", lambda: DataLoader(Plain(), batch_size=0)),
    ("batch_size_negative", lambda: DataLoader(Plain(), batch_size=-2)),
    ("batch_sampler_with_batch_size", lambda: DataLoader(
        Plain(), batch_sampler=BatchSampler(Plain()), batch_size=2)),
    ("batch_sampler_with_shuffle", lambda: DataLoader(
        Plain(), batch_sampler=BatchSampler(Plain()), shuffle=True)),
    ("iterable_shuffle", lambda: DataLoader(Stream(), shuffle=True)),
    ("iterable_batch_sampler", lambda: DataLoader(Stream(), batch_sampler=BatchSampler(Plain()))),
    ("iterable_len", lambda: len(DataLoader(Stream()))),
    ("num_workers_negative", lambda: DataLoader(Plain(), num_workers=-1)),
    ("prefetch_factor_zero", lambda: DataLoader(Plain(), prefetch_factor=0)),
    ("timeout_negative", lambda: DataLoader(Plain(), timeout=-1)),
])
def test_bad_arguments_raise_paddles_error_type(name, make):
    with pytest.raises(Exception) as info:
        make()
    assert type(info.value).__name__ == EXPECTED["errors"][name]
    assert str(info.value)


@pytest.mark.parametrize("kwargs", [{"batch_size": "2"}, {"num_workers": 1.5},
                                    {"timeout": "1"}, {"collate_fn": 3},
                                    {"worker_init_fn": "f"}])
def test_wrong_argument_types_raise_type_error(kwargs):
    with pytest.raises(TypeError, match=next(iter(kwargs))):
        DataLoader(Plain(), **kwargs)


def test_a_sample_of_an_unknown_type_names_it():
    class Objects(paddle.io.Dataset):
        def __getitem__(self, i):
            return object()

        def __len__(self):
            return 2

    with pytest.raises(TypeError, match="object"):
        next(iter(DataLoader(Objects(), batch_size=2)))
