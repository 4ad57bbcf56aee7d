"""paddle.io datasets: the bases, the composing wrappers, random_split, and
their errors (types as PaddlePaddle 3.3.1 raises them)."""
import numpy as np
import pytest

import paddle
from io_expected import EXPECTED
from paddle.io import (ChainDataset, ComposeDataset, ConcatDataset, Dataset, IterableDataset,
                       Subset, TensorDataset, random_split)


class Range(Dataset):
    def __init__(self, start, stop):
        self.start, self.stop = start, stop

    def __getitem__(self, idx):
        return self.start + idx

    def __len__(self):
        return self.stop - self.start


class Pairs(Dataset):
    def __getitem__(self, idx):
        return np.array([idx]), idx * 10

    def __len__(self):
        return 4


class Stream(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        yield from range(self.n)


def _error_name(make):
    with pytest.raises(Exception) as info:
        make()
    assert str(info.value)
    return type(info.value).__name__


def test_dataset_bases_name_what_is_missing():
    with pytest.raises(NotImplementedError, match="__getitem__"):
        Dataset()[0]
    assert _error_name(lambda: len(Dataset())) == EXPECTED["errors"]["dataset_len"]
    with pytest.raises(NotImplementedError, match="__iter__"):
        iter(IterableDataset())
    assert _error_name(lambda: Stream(2)[0]) == EXPECTED["errors"]["iterable_getitem"]
    with pytest.raises(RuntimeError, match="__len__"):
        len(Stream(2))


def test_tensor_dataset_indexes_the_first_dimension():
    ds = TensorDataset([np.arange(6).reshape(3, 2), np.arange(3) * 7])
    assert len(ds) == 3
    row, label = ds[2]
    assert row.tolist() == [4, 5] and label == 14


def test_tensor_dataset_rejects_mismatched_rows():
    with pytest.raises(AssertionError, match="1st dimension"):
        TensorDataset([np.zeros([3, 2]), np.zeros([4])])
    with pytest.raises(TypeError, match="list or tuple"):
        TensorDataset(np.zeros([3]))


def test_compose_dataset_joins_fields():
    ds = ComposeDataset([Pairs(), Range(5, 9)])
    assert len(ds) == 4
    array, tens, value = ds[3]
    assert array.tolist() == [3] and tens == 30 and value == 8


def test_compose_dataset_errors():
    assert _error_name(lambda: ComposeDataset([Stream(3)])) == \
        EXPECTED["errors"]["compose_iterable"]
    assert _error_name(lambda: ComposeDataset([Pairs(), Range(0, 3)])) == \
        EXPECTED["errors"]["compose_lengths"]
    with pytest.raises(AssertionError, match="empty"):
        ComposeDataset([])
    with pytest.raises(AssertionError, match="paddle.io.Dataset"):
        ComposeDataset([[1, 2]])


def test_chain_dataset_yields_each_in_turn():
    assert list(iter(ChainDataset([Stream(2), Stream(3)]))) == [0, 1, 0, 1, 2]
    with pytest.raises(AssertionError, match="IterableDataset"):
        ChainDataset([Range(0, 2)])


def test_concat_dataset_indexes_across_datasets():
    ds = ConcatDataset([Range(0, 2), Range(10, 13)])
    assert len(ds) == 5 and ds.cumulative_sizes == [2, 5]
    assert [ds[i] for i in range(5)] == [0, 1, 10, 11, 12]
    assert ds[-1] == 12 and ds[-5] == 0


def test_concat_dataset_errors():
    assert _error_name(lambda: ConcatDataset([])) == EXPECTED["errors"]["concat_empty"]
    assert _error_name(lambda: ConcatDataset([Range(0, 3)])[-4]) == \
        EXPECTED["errors"]["concat_index"]
    with pytest.raises(AssertionError, match="IterableDataset"):
        ConcatDataset([Stream(1)])


def test_subset_picks_indices_in_order():
    sub = Subset(Range(1, 4), [2, 0, 2])
    assert len(sub) == 3 and list(sub[i] for i in range(3)) == [3, 1, 3]


@pytest.mark.filterwarnings("ignore:Length of split")
@pytest.mark.parametrize("case", EXPECTED["random_split_sizes"], ids=lambda c: str(c["fractions"]))
def test_random_split_fraction_sizes_match_paddle(case):
    parts = random_split(Range(0, case["n"]), case["fractions"])
    assert [len(p) for p in parts] == case["sizes"]


def test_random_split_is_disjoint_and_seeded():
    paddle.seed(7)
    first = random_split(Range(0, 20), [5, 10, 5])
    paddle.seed(7)
    again = random_split(Range(0, 20), [5, 10, 5])
    assert [p.indices for p in first] == [p.indices for p in again]
    indices = [i for p in first for i in p.indices]
    assert sorted(indices) == list(range(20))
    assert [len(p) for p in first] == [5, 10, 5]
    assert first[0][0] == first[0].indices[0]  # Range(0, n)[i] == i


def test_random_split_warns_of_an_empty_split():
    with pytest.warns(UserWarning, match="index 3 is 0"):
        random_split(Range(0, 3), [0.25, 0.25, 0.25, 0.25])


def test_random_split_errors():
    assert _error_name(lambda: random_split(Pairs(), [1, 2])) == \
        EXPECTED["errors"]["random_split_bad_sum"]
    assert _error_name(lambda: random_split(Pairs(), [1.5, -0.5])) == \
        EXPECTED["errors"]["random_split_bad_fraction"]
