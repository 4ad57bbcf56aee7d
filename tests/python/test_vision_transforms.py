"""paddle.vision.transforms against PaddlePaddle 3.3.1's outputs (recorded by
tools/oracle/record_vision_transforms.py into tests/data/vision/transforms.npz)
and numpy references: numpy arrays, PIL images and CHW Tensors."""
import pathlib
import random

import numpy as np
import pytest

import paddle
import paddle.vision.transforms as T
import paddle.vision.transforms.functional as F

REC = np.load(pathlib.Path(__file__).resolve().parents[1] / "data" / "vision" / "transforms.npz")
RGB, GRAY = REC["rgb"], REC["gray"]


@pytest.mark.parametrize("interp", ["nearest", "bilinear", "bicubic"])
@pytest.mark.parametrize("name,size", [("down", (7, 9)), ("up", (20, 31))])
def test_numpy_resize_samples_pixel_centres(interp, name, size):
    want = REC[f"interp_{interp}_{name}"]
    got = F.resize(RGB.astype("float32"), size, interp)
    assert got.dtype == np.float32
    # PaddlePaddle's kernel sums in float32: pixel values up to 255 leave ~1e-4
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=5e-4)
    got_u8 = F.resize(RGB, size, interp)  # integers are rounded and clipped to their range
    assert got_u8.dtype == np.uint8
    # within one of the rounded float result (ties round either way)
    assert np.abs(got_u8.astype(int) - np.clip(np.rint(want), 0, 255)).max() <= 1


def test_numpy_resize_int_size_scales_the_shorter_side():
    assert F.resize(RGB, 8).shape == (8, int(8 * 17 / 13), 3)
    assert F.resize(GRAY, 3).shape == (int(3 * 9 / 6), 3)
    assert F.resize(RGB, 13) is RGB  # already that size
    assert T.Resize((5, 4))(GRAY[:, :, None]).shape == (5, 4, 1)


@pytest.mark.parametrize("mode", ["edge", "reflect", "symmetric"])
def test_numpy_pad_modes_match_paddlepaddle(mode):
    np.testing.assert_array_equal(F.pad(RGB, (1, 2, 3, 4), padding_mode=mode),
                                  REC[f"pil_pad_{mode}"])


def test_numpy_pad_constant_fill():
    np.testing.assert_array_equal(F.pad(RGB, (2, 1), fill=(10, 20, 30)), REC["pil_pad_constant"])
    np.testing.assert_array_equal(F.pad(GRAY, 2, fill=7), REC["pil_pad_gray"])
    one_number = F.pad(RGB, 1, fill=9)  # fills the first channel only, as PaddlePaddle does
    assert one_number[0, 0].tolist() == [9, 0, 0]
    np.testing.assert_array_equal(T.Pad([2, 1], fill=[10, 20, 30])(RGB), REC["pil_pad_constant"])


def test_numpy_geometry_matches_paddlepaddle():
    np.testing.assert_array_equal(F.crop(RGB, 2, 3, 5, 6), REC["pil_crop"])
    np.testing.assert_array_equal(F.center_crop(RGB, (6, 10)), REC["pil_center_crop"])
    np.testing.assert_array_equal(T.CenterCrop((6, 10))(RGB), REC["pil_center_crop"])
    np.testing.assert_array_equal(F.hflip(RGB), REC["pil_hflip"])
    np.testing.assert_array_equal(F.vflip(RGB), REC["pil_vflip"])
    np.testing.assert_array_equal(T.RandomHorizontalFlip(1.0)(RGB), REC["pil_hflip"])
    np.testing.assert_array_equal(T.RandomVerticalFlip(1.0)(RGB), REC["pil_vflip"])
    np.testing.assert_array_equal(T.RandomVerticalFlip(0.0)(RGB), RGB)


def test_numpy_to_tensor_and_normalize_match_paddlepaddle():
    t = T.ToTensor()(RGB)
    assert t.dtype == paddle.float32 and t.shape == [3, 13, 17]
    np.testing.assert_allclose(t.numpy(), REC["pil_to_tensor"], rtol=1e-6)
    np.testing.assert_allclose(F.to_tensor(GRAY, "HWC").numpy(), REC["pil_to_tensor_hwc_gray"])
    floats = RGB.astype("float64")
    assert F.to_tensor(floats).dtype == paddle.float64  # only uint8 is rescaled
    np.testing.assert_array_equal(F.to_tensor(floats).numpy(), floats.transpose(2, 0, 1))
    got = F.normalize(RGB.astype("float32"), [100.0, 120.0, 140.0], [50.0, 60.0, 70.0], "HWC")
    np.testing.assert_allclose(got, REC["pil_normalize"], rtol=1e-6)
    tensor_out = T.Normalize([0.4, 0.5, 0.6], [0.2, 0.25, 0.3])(F.to_tensor(RGB))
    assert isinstance(tensor_out, paddle.Tensor)
    np.testing.assert_allclose(tensor_out.numpy(), REC["tensor_normalize"], rtol=1e-5, atol=1e-6)


def test_normalize_to_rgb_reverses_the_channel_axis():
    chw = np.arange(12, dtype="float32").reshape(3, 2, 2)
    np.testing.assert_array_equal(F.normalize(chw, 0.0, 1.0, to_rgb=True), chw[::-1])
    hwc = chw.transpose(1, 2, 0)
    np.testing.assert_array_equal(T.Normalize(1.0, 2.0, "HWC", to_rgb=True)(hwc),
                                  (hwc[..., ::-1] - 1) / 2)
    out = F.normalize(paddle.to_tensor(chw), [0, 0, 0], [1, 1, 1], to_rgb=True)
    np.testing.assert_array_equal(out.numpy(), chw[::-1])


def test_seeded_random_transforms_match_paddlepaddle():
    random.seed(11)
    np.testing.assert_array_equal(T.RandomCrop((8, 12), padding=2, fill=5)(RGB),
                                  REC["pil_random_crop"])
    random.seed(12)
    np.testing.assert_array_equal(
        T.RandomCrop(16, pad_if_needed=True, padding_mode="reflect")(RGB),
        REC["pil_random_crop_pad_if_needed"])
    random.seed(13)
    flips = np.stack([T.RandomHorizontalFlip(0.5)(RGB) for _ in range(6)])
    np.testing.assert_array_equal(flips, REC["pil_random_flips"])


def test_random_resized_crop_keeps_inside_and_resizes():
    np.random.seed(0)
    random.seed(0)
    crop = T.RandomResizedCrop((5, 7), scale=(0.5, 0.5), ratio=(1.0, 1.0))
    for _ in range(5):
        i, j, h, w = crop._get_param(RGB)
        assert 0 <= i <= 13 - h and 0 <= j <= 17 - w
        assert abs(h * w - 0.5 * 13 * 17) <= h + w  # the area asked for, rounded
        assert crop(RGB).shape == (5, 7, 3)
    # no draw fits (the ratio is impossible at that area): the clamped central crop
    assert T.RandomResizedCrop(4, scale=(1.0, 1.0), ratio=(3.0, 3.0))._get_param(RGB) == \
        (3, 0, 6, 17)


def test_tensor_images():
    chw = RGB.astype("float32").transpose(2, 0, 1)
    t = paddle.to_tensor(chw)
    np.testing.assert_array_equal(F.crop(t, 2, 3, 5, 6).numpy(), chw[:, 2:7, 3:9])
    np.testing.assert_array_equal(F.center_crop(t, 4).numpy(), chw[:, 4:8, 6:10])
    np.testing.assert_array_equal(F.hflip(t).numpy(), chw[:, :, ::-1])
    np.testing.assert_array_equal(F.vflip(t).numpy(), chw[:, ::-1])
    np.testing.assert_allclose(F.resize(t, (7, 9)).numpy(),
                               REC["interp_bilinear_down"].transpose(2, 0, 1), rtol=1e-5,
                               atol=1e-4)
    for mode, np_mode in (("constant", "constant"), ("edge", "edge"), ("reflect", "reflect")):
        np.testing.assert_array_equal(F.pad(t, (1, 2, 3, 4), padding_mode=mode).numpy(),
                                      np.pad(chw, [(0, 0), (2, 4), (1, 3)], np_mode))
    np.testing.assert_array_equal(T.Pad(1, fill=5)(t).numpy()[:, 0, 0], [5, 5, 5])
    with pytest.raises(ValueError, match="symmetric"):
        F.pad(t, 1, padding_mode="symmetric")
    assert F.to_tensor(t) is t
    assert F.to_tensor(t, "HWC").shape == [13, 17, 3]
    assert T.Transpose((1, 2, 0))(t).shape == [13, 17, 3]


def test_compose_and_keys():
    pipeline = T.Compose([T.CenterCrop(8), T.Transpose(), T.Normalize(127.5, 127.5)])
    out = pipeline(RGB)
    np.testing.assert_allclose(out, (F.center_crop(RGB, 8).transpose(2, 0, 1) - 127.5) / 127.5)
    assert "CenterCrop" in repr(pipeline)
    image, label = T.Resize((4, 4))((RGB, 3))  # inputs past the keys pass through
    assert image.shape == (4, 4, 3) and label == 3
    assert T.Transpose()(GRAY).shape == (1, 9, 6)


def test_bad_inputs_raise():
    with pytest.raises(ValueError, match="data_format"):
        F.to_tensor(RGB, "NCHW")
    with pytest.raises(TypeError, match="ndarray"):
        F.to_tensor([[1, 2]])
    with pytest.raises(TypeError, match="size"):
        F.resize(RGB, (1, 2, 3))
    with pytest.raises(ValueError, match="interpolation"):
        F.resize(RGB, (4, 4), "bicubic-ish")
    with pytest.raises(TypeError, match="ndarray"):
        F.hflip(np.zeros((2, 2, 2, 2)))
    with pytest.raises(ValueError, match="4 element"):
        F.pad(RGB, (1, 2, 3))
    with pytest.raises(ValueError, match="Padding mode"):
        F.pad(RGB, 1, padding_mode="wrap")
    with pytest.raises(ValueError, match="negative"):
        F.pad(RGB, -1)
    with pytest.raises(ValueError, match="probability"):
        T.RandomHorizontalFlip(1.5)
    with pytest.raises(ValueError, match="larger than the image"):
        T.RandomCrop(20)(RGB)
    with pytest.raises(ValueError, match="data_format"):
        T.Normalize(data_format="NHWC")
    with pytest.raises(ValueError, match="padding_mode"):
        T.Pad(1, padding_mode="circular")
    with pytest.raises(TypeError, match="size"):
        T.Resize("big")
    with pytest.raises(ValueError, match="scale"):
        T.RandomResizedCrop(4, scale=(1.0, 0.5))
    with pytest.raises(NotImplementedError, match="mask"):
        T.Resize(4, keys=("image", "mask"))


def test_tensor_transforms_pass_gradients():
    x = paddle.to_tensor(np.random.default_rng(0).normal(size=(3, 4, 5)).astype("float32"),
                         stop_gradient=False)
    std = [0.5, 2.0, 4.0]
    y = F.normalize(F.vflip(F.hflip(F.crop(x, 1, 1, 2, 3))), [0.1, 0.2, 0.3], std)
    F.pad(y, 1, padding_mode="edge").sum().backward()
    # each cropped pixel reaches the padded sum once, plus once per edge copy of it
    counts = np.zeros((2, 3))
    for i in range(4):
        for j in range(5):
            counts[min(max(i - 1, 0), 1), min(max(j - 1, 0), 2)] += 1
    want = np.zeros((3, 4, 5), "float32")
    for c in range(3):
        want[c, 1:3, 1:4] = counts[::-1, ::-1] / std[c]
    np.testing.assert_allclose(x.grad.numpy(), want, rtol=1e-6)


def test_erase_matches_paddlepaddle():
    np.testing.assert_array_equal(F.erase(RGB, 2, 3, 4, 5, np.array([1, 2, 3])), REC["erase_numpy"])
    chw01 = paddle.to_tensor(RGB.transpose(2, 0, 1).astype("float32") / 255)
    out = F.erase(chw01, 1, 2, 3, 4, paddle.to_tensor([[[0.5]]]))
    np.testing.assert_allclose(out.numpy(), REC["erase_tensor"], rtol=1e-6)
    assert float(chw01[0, 1, 2]) != 0.5  # a copy unless inplace
    F.erase(chw01, 0, 0, 1, 1, paddle.to_tensor([[[0.5]]]), inplace=True)
    assert float(chw01[0, 0, 0]) == 0.5
    copy = RGB.copy()
    assert F.erase(copy, 0, 0, 1, 1, np.array([0, 0, 0]), inplace=True) is copy


def test_seeded_random_erasing_matches_paddlepaddle():
    random.seed(17)
    np.random.seed(17)
    out = np.stack([T.RandomErasing(prob=0.7, value=[9, 8, 7])(RGB) for _ in range(4)])
    np.testing.assert_array_equal(out, REC["random_erasing_numpy"])
    random.seed(18)
    np.random.seed(18)
    out = T.RandomErasing(1.0, value="random")(RGB.astype("float32"))
    np.testing.assert_allclose(out, REC["random_erasing_random_value"], rtol=1e-6)
    random.seed(19)
    np.random.seed(19)
    chw01 = paddle.to_tensor(RGB.transpose(2, 0, 1).astype("float32") / 255)
    out = T.RandomErasing(1.0, scale=(0.1, 0.2), value=0.25)(chw01)
    np.testing.assert_allclose(out.numpy(), REC["random_erasing_tensor"], rtol=1e-6)
    noisy = T.RandomErasing(1.0, value="random")(chw01)  # paddle.normal noise
    assert noisy.shape == [3, 13, 17] and (noisy.numpy() != chw01.numpy()).any()


def test_random_erasing_bad_arguments():
    with pytest.raises(ValueError, match="scale"):
        T.RandomErasing(scale=(0.5, 0.1))
    with pytest.raises(ValueError, match="ratio"):
        T.RandomErasing(ratio=(3.0, 1.0))
    with pytest.raises(ValueError, match="probability"):
        T.RandomErasing(prob=-0.1)
    with pytest.raises(ValueError, match="'random'"):
        T.RandomErasing(value="noise")
    with pytest.raises(ValueError, match="channel"):
        T.RandomErasing(value=[1, 2])
    with pytest.raises(TypeError, match="value"):
        T.RandomErasing(value=None)
