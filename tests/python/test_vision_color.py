"""Grayscale, brightness and contrast transforms: PIL images and CHW Tensors
against PaddlePaddle 3.3.1's outputs (tests/data/vision/transforms.npz), numpy
arrays against OpenCV's formulas (which PaddlePaddle's numpy path calls)."""
import pathlib
import random

import numpy as np
import pytest

import paddle
import paddle.vision.transforms as T
import paddle.vision.transforms.functional as F

REC = np.load(pathlib.Path(__file__).resolve().parents[1] / "data" / "vision" / "transforms.npz")
RGB = REC["rgb"]
CHW01 = RGB.transpose(2, 0, 1).astype("float32") / 255


@pytest.mark.parametrize("n", [1, 3])
def test_tensor_grayscale(n):
    got = T.Grayscale(n)(paddle.to_tensor(CHW01))
    assert got.shape == [n, 13, 17]
    np.testing.assert_allclose(got.numpy(), REC[f"tensor_grayscale_{n}"], rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("factor", [0.6, 1.7])
def test_tensor_brightness_and_contrast(factor):
    t = paddle.to_tensor(CHW01)
    np.testing.assert_allclose(F.adjust_brightness(t, factor).numpy(),
                               REC[f"tensor_brightness_{factor}"], rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(F.adjust_contrast(t, factor).numpy(),
                               REC[f"tensor_contrast_{factor}"], rtol=1e-5, atol=1e-6)


def test_numpy_grayscale_is_opencvs_fixed_point_luma():
    primaries = np.array([[[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]], "uint8")
    assert F.to_grayscale(primaries)[..., 0].tolist() == [[76, 150, 29, 255]]
    gray3 = T.Grayscale(3)(RGB)
    assert gray3.shape == (13, 17, 3) and (gray3[..., 0] == gray3[..., 2]).all()
    # PIL rounds in 16-bit fixed point: the same luma within one level
    assert np.abs(gray3[..., 0].astype(int) - REC["pil_grayscale_1"]).max() <= 1
    floats = F.to_grayscale(RGB.astype("float32") / 255)
    np.testing.assert_allclose(floats[..., 0], RGB.astype("float32") @ [0.299, 0.587, 0.114] / 255,
                               rtol=1e-5)


def test_numpy_brightness_and_contrast_tables():
    values = np.arange(256, dtype=np.uint8).reshape(16, 16, 1)
    bright = F.adjust_brightness(values, 1.5)
    assert bright.shape == (16, 16, 1) and bright.dtype == np.uint8
    np.testing.assert_array_equal(bright.ravel(), np.minimum(np.arange(256) * 1.5, 255).astype(int))
    contrast = F.adjust_contrast(values, 2.0).ravel()
    np.testing.assert_array_equal(contrast, np.clip((np.arange(256) - 74) * 2 + 74, 0, 255))
    assert F.adjust_brightness(np.array([[3]], "uint8"), 0.5).tolist() == [[1]]  # truncated


def test_seeded_color_transforms_draw_from_random():
    random.seed(15)
    factor = random.uniform(0.6, 1.4)
    random.seed(15)
    np.testing.assert_array_equal(T.BrightnessTransform(0.4)(RGB),
                                  F.adjust_brightness(RGB, factor))
    random.seed(16)
    factor = random.uniform(0.2, 0.9)
    random.seed(16)
    np.testing.assert_array_equal(T.ContrastTransform((0.2, 0.9))(RGB),
                                  F.adjust_contrast(RGB, factor))
    assert T.BrightnessTransform(0)(RGB) is RGB  # factor range [1, 1]: nothing to do


def test_pil_color():
    Image = pytest.importorskip("PIL.Image")
    img = Image.fromarray(RGB)
    for n in (1, 3):
        np.testing.assert_array_equal(np.asarray(F.to_grayscale(img, n)),
                                      REC[f"pil_grayscale_{n}"])
    for factor in (0.6, 1.7):
        np.testing.assert_array_equal(np.asarray(F.adjust_brightness(img, factor)),
                                      REC[f"pil_brightness_{factor}"])
        np.testing.assert_array_equal(np.asarray(F.adjust_contrast(img, factor)),
                                      REC[f"pil_contrast_{factor}"])
    np.testing.assert_array_equal(np.asarray(F.adjust_contrast(Image.fromarray(REC["gray"]), 1.5)),
                                  REC["pil_contrast_gray"])
    random.seed(15)
    np.testing.assert_array_equal(np.asarray(T.BrightnessTransform(0.4)(img)),
                                  REC["pil_brightness_transform"])
    random.seed(16)
    np.testing.assert_array_equal(np.asarray(T.ContrastTransform(0.5)(img)),
                                  REC["pil_contrast_transform"])


def test_bad_color_arguments():
    with pytest.raises(ValueError, match="num_output_channels"):
        T.Grayscale(2)
    with pytest.raises(ValueError, match="num_output_channels"):
        F.to_grayscale(RGB, 4)
    with pytest.raises(ValueError, match="channels"):
        F.to_grayscale(REC["gray"])
    with pytest.raises(ValueError, match="channels"):
        F.to_grayscale(paddle.to_tensor(CHW01[:2]))
    with pytest.raises(ValueError, match="non-negative"):
        F.adjust_brightness(RGB, -1)
    with pytest.raises(ValueError, match="non-negative"):
        F.adjust_contrast(paddle.to_tensor(CHW01), -0.5)
    with pytest.raises(ValueError, match="non negative"):
        T.BrightnessTransform(-0.1)
    with pytest.raises(ValueError, match="between"):
        T.ContrastTransform((0.9, 0.2))
    with pytest.raises(TypeError, match="length 2"):
        T.ContrastTransform([0.1, 0.2, 0.3])
    with pytest.raises(TypeError, match="ndarray"):
        F.adjust_contrast([[1, 2]], 1.0)
