"""paddle.vision.transforms on PIL images against PaddlePaddle 3.3.1's outputs
(recorded by tools/oracle/record_vision_transforms.py)."""
import pathlib
import random

import numpy as np
import pytest

import paddle.vision.transforms as T
import paddle.vision.transforms.functional as F

Image = pytest.importorskip("PIL.Image")

REC = np.load(pathlib.Path(__file__).resolve().parents[1] / "data" / "vision" / "transforms.npz")
IMG = Image.fromarray(REC["rgb"])
IMG_L = Image.fromarray(REC["gray"])


@pytest.mark.parametrize("interp", ["nearest", "bilinear", "bicubic", "box", "lanczos",
                                    "hamming"])
def test_resize(interp):
    out = F.resize(IMG, (7, 9), interp)
    assert isinstance(out, Image.Image)
    np.testing.assert_array_equal(np.asarray(out), REC[f"pil_resize_{interp}"])


def test_resize_int_and_gray():
    np.testing.assert_array_equal(np.asarray(T.Resize(8)(IMG)), REC["pil_resize_short_side"])
    np.testing.assert_array_equal(np.asarray(F.resize(IMG_L, (12, 20))),
                                  REC["pil_resize_up_gray"])


@pytest.mark.parametrize("mode", ["edge", "reflect", "symmetric"])
def test_pad_modes(mode):
    np.testing.assert_array_equal(np.asarray(F.pad(IMG, (1, 2, 3, 4), padding_mode=mode)),
                                  REC[f"pil_pad_{mode}"])


def test_pad_crop_flip_and_tensors():
    np.testing.assert_array_equal(np.asarray(F.pad(IMG, (2, 1), fill=(10, 20, 30))),
                                  REC["pil_pad_constant"])
    np.testing.assert_array_equal(np.asarray(T.Pad(2, fill=7)(IMG_L)), REC["pil_pad_gray"])
    np.testing.assert_array_equal(np.asarray(F.crop(IMG, 2, 3, 5, 6)), REC["pil_crop"])
    np.testing.assert_array_equal(np.asarray(F.center_crop(IMG, (6, 10))),
                                  REC["pil_center_crop"])
    np.testing.assert_array_equal(np.asarray(F.hflip(IMG)), REC["pil_hflip"])
    np.testing.assert_array_equal(np.asarray(F.vflip(IMG)), REC["pil_vflip"])
    np.testing.assert_allclose(T.ToTensor()(IMG).numpy(), REC["pil_to_tensor"], rtol=1e-6)
    np.testing.assert_allclose(F.to_tensor(IMG_L, "HWC").numpy(), REC["pil_to_tensor_hwc_gray"])
    np.testing.assert_allclose(F.normalize(IMG, [100.0, 120.0, 140.0], [50.0, 60.0, 70.0], "HWC"),
                               REC["pil_normalize"], rtol=1e-6)
    assert T.Transpose()(IMG).shape == (3, 13, 17)


def test_seeded_random_transforms():
    random.seed(11)
    np.testing.assert_array_equal(np.asarray(T.RandomCrop((8, 12), padding=2, fill=5)(IMG)),
                                  REC["pil_random_crop"])
    random.seed(12)
    out = T.RandomCrop(16, pad_if_needed=True, padding_mode="reflect")(IMG)
    np.testing.assert_array_equal(np.asarray(out), REC["pil_random_crop_pad_if_needed"])
    random.seed(13)
    flips = np.stack([np.asarray(T.RandomHorizontalFlip(0.5)(IMG)) for _ in range(6)])
    np.testing.assert_array_equal(flips, REC["pil_random_flips"])
    random.seed(14)
    np.random.seed(14)
    crops = np.stack([np.asarray(T.RandomResizedCrop(6)(IMG)) for _ in range(4)])
    np.testing.assert_array_equal(crops, REC["pil_random_resized_crop"])


def test_bilevel_and_float_modes_to_tensor():
    bilevel = Image.fromarray(REC["gray"] > 128)
    np.testing.assert_array_equal(F.to_tensor(bilevel).numpy()[0], (REC["gray"] > 128) * 1.0)
    floats = Image.fromarray(REC["gray"].astype("float32"))
    np.testing.assert_array_equal(F.to_tensor(floats).numpy()[0], REC["gray"])


def test_pil_only_interpolation_is_refused_for_numpy():
    with pytest.raises(ValueError, match="interpolation"):
        F.resize(REC["rgb"], (4, 4), "lanczos")


def test_erase_pil():
    out = F.erase(IMG, 2, 3, 4, 5, np.array([1, 2, 3]))
    assert isinstance(out, Image.Image)
    np.testing.assert_array_equal(np.asarray(out), REC["erase_numpy"])
