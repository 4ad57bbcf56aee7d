"""default_collate_fn and default_convert_fn on numpy samples: what they
stack, with which dtypes, and what they refuse."""
import numpy as np
import pytest

from paddle.io.dataloader.collate import default_collate_fn, default_convert_fn


def test_arrays_stack_on_a_new_first_axis():
    batch = default_collate_fn([np.zeros([2, 3], "float32"), np.ones([2, 3], "float32")])
    assert batch.shape == (2, 2, 3) and batch.dtype == np.float32
    assert batch[1].sum() == 6


@pytest.mark.parametrize("values, dtype", [([1, 2, 3], np.int64), ([0.5, 1.0], np.float64),
                                           ([True, False], np.bool_)])
def test_numbers_become_a_1d_array(values, dtype):
    batch = default_collate_fn(values)
    assert batch.dtype == dtype and batch.tolist() == values


def test_nested_samples_collate_field_by_field():
    samples = [{"x": np.full([2], i, "float32"), "meta": (i, f"s{i}"), "tags": [i, -i]}
               for i in range(3)]
    batch = default_collate_fn(samples)
    assert batch["x"].shape == (3, 2)
    ids, names = batch["meta"]
    assert ids.tolist() == [0, 1, 2] and names == ["s0", "s1", "s2"]
    assert [t.tolist() for t in batch["tags"]] == [[0, 1, 2], [0, -1, -2]]
    assert isinstance(batch["meta"], list)  # tuples come back as lists


def test_strings_and_bytes_stay_a_list():
    assert default_collate_fn(["a", "b"]) == ["a", "b"]
    assert default_collate_fn([b"a", b"b"]) == [b"a", b"b"]


def test_uneven_samples_and_unknown_types_raise():
    with pytest.raises(RuntimeError, match="fields number"):
        default_collate_fn([(1, 2), (3,)])
    with pytest.raises(TypeError, match="object"):
        default_collate_fn([object(), object()])
    with pytest.raises(ValueError):  # arrays of different shapes do not stack
        default_collate_fn([np.zeros([2]), np.zeros([3])])


def test_convert_passes_one_sample_through():
    array = np.arange(3)
    out = default_convert_fn((array, {"id": 3, "name": "x"}, [1.5]))
    assert out[0] is array and out[1] == {"id": 3, "name": "x"} and out[2] == [1.5]
    assert default_convert_fn("text") == "text" and default_convert_fn(7) == 7
