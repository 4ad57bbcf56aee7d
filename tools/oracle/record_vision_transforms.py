"""Records PaddlePaddle 3.3.1's paddle.vision.transforms outputs for
test_vision_transforms.py into tests/data/vision/transforms.npz: on a seeded
RGB and a gray PIL image (PaddlePaddle's numpy path needs OpenCV, which is not
installed with it, so numpy resizing is recorded through
paddle.nn.functional.interpolate, the same pixel-centre sampling cv2.resize
uses), the seeded random transforms included.

Not run by CI. Run it with the real PaddlePaddle:

    /work/venvs/paddle/bin/python tools/oracle/record_vision_transforms.py
"""
import pathlib
import random

import numpy as np
import paddle
import paddle.vision.transforms as T
import paddle.vision.transforms.functional as F
from PIL import Image

OUT = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "vision"


def main():
    rgb = np.random.default_rng(3).integers(0, 256, (13, 17, 3), dtype=np.uint8)
    gray = np.random.default_rng(4).integers(0, 256, (9, 6), dtype=np.uint8)
    img, img_l = Image.fromarray(rgb), Image.fromarray(gray, mode="L")
    rec = {"rgb": rgb, "gray": gray}
    for interp in ("nearest", "bilinear", "bicubic", "box", "lanczos", "hamming"):
        rec[f"pil_resize_{interp}"] = np.asarray(F.resize(img, (7, 9), interp))
    rec["pil_resize_short_side"] = np.asarray(F.resize(img, 8))
    rec["pil_resize_up_gray"] = np.asarray(F.resize(img_l, (12, 20)))
    for mode in ("edge", "reflect", "symmetric"):
        rec[f"pil_pad_{mode}"] = np.asarray(F.pad(img, (1, 2, 3, 4), padding_mode=mode))
    rec["pil_pad_constant"] = np.asarray(F.pad(img, (2, 1), fill=(10, 20, 30)))
    rec["pil_pad_gray"] = np.asarray(F.pad(img_l, 2, fill=7))
    rec["pil_crop"] = np.asarray(F.crop(img, 2, 3, 5, 6))
    rec["pil_center_crop"] = np.asarray(F.center_crop(img, (6, 10)))
    rec["pil_hflip"] = np.asarray(F.hflip(img))
    rec["pil_vflip"] = np.asarray(F.vflip(img))
    rec["pil_to_tensor"] = F.to_tensor(img).numpy()
    rec["pil_to_tensor_hwc_gray"] = F.to_tensor(img_l, data_format="HWC").numpy()
    rec["pil_normalize"] = F.normalize(img, [100.0, 120.0, 140.0], [50.0, 60.0, 70.0],
                                       data_format="HWC")
    rec["tensor_normalize"] = T.Normalize([0.4, 0.5, 0.6], [0.2, 0.25, 0.3])(
        F.to_tensor(img)).numpy()
    chw01 = F.to_tensor(img)
    # colour: grayscale, brightness, contrast, saturation, hue (PIL images and float CHW Tensors)
    for n in (1, 3):
        rec[f"pil_grayscale_{n}"] = np.asarray(T.Grayscale(n)(img))
        rec[f"tensor_grayscale_{n}"] = F.to_grayscale(chw01, n).numpy()
    for factor in (0.6, 1.7):
        rec[f"pil_brightness_{factor}"] = np.asarray(F.adjust_brightness(img, factor))
        rec[f"pil_contrast_{factor}"] = np.asarray(F.adjust_contrast(img, factor))
        rec[f"tensor_brightness_{factor}"] = F.adjust_brightness(chw01, factor).numpy()
        rec[f"tensor_contrast_{factor}"] = F.adjust_contrast(chw01, factor).numpy()
    for factor in (0.3, 1.6):
        rec[f"pil_saturation_{factor}"] = np.asarray(F.adjust_saturation(img, factor))
        rec[f"tensor_saturation_{factor}"] = F.adjust_saturation(chw01, factor).numpy()
    random.seed(20)
    rec["pil_saturation_transform"] = np.asarray(T.SaturationTransform(0.5)(img))
    for factor in (-0.3, 0.2):
        rec[f"pil_hue_{factor}"] = np.asarray(F.adjust_hue(img, factor))
        rec[f"tensor_hue_{factor}"] = F.adjust_hue(chw01, factor).numpy()
    rec["tensor_hue_uint8"] = F.adjust_hue(paddle.to_tensor(rgb.transpose(2, 0, 1)), 0.1).numpy()
    random.seed(21)
    rec["pil_hue_transform"] = np.asarray(T.HueTransform(0.4)(img))
    random.seed(22)
    rec["pil_color_jitter"] = np.stack([np.asarray(T.ColorJitter(0.3, 0.4, 0.5, 0.1)(img))
                                        for _ in range(3)])
    random.seed(23)
    rec["tensor_color_jitter"] = T.ColorJitter(0.2, 0.3, 0.4, 0.2)(chw01).numpy()
    rec["pil_contrast_gray"] = np.asarray(F.adjust_contrast(img_l, 1.5))
    random.seed(15)
    rec["pil_brightness_transform"] = np.asarray(T.BrightnessTransform(0.4)(img))
    random.seed(16)
    rec["pil_contrast_transform"] = np.asarray(T.ContrastTransform(0.5)(img))
    # erasing: numpy arrays and CHW Tensors (PaddlePaddle's numpy path needs no OpenCV here)
    rec["erase_numpy"] = F.erase(rgb, 2, 3, 4, 5, np.array([1, 2, 3]))
    rec["erase_tensor"] = F.erase(chw01, 1, 2, 3, 4, paddle.to_tensor([[[0.5]]])).numpy()
    random.seed(17)
    np.random.seed(17)
    rec["random_erasing_numpy"] = np.stack([T.RandomErasing(prob=0.7, value=[9, 8, 7])(rgb)
                                            for _ in range(4)])
    random.seed(18)
    np.random.seed(18)
    floats = rgb.astype("float32")
    rec["random_erasing_random_value"] = T.RandomErasing(1.0, value="random")(floats)
    random.seed(19)
    np.random.seed(19)
    rec["random_erasing_tensor"] = T.RandomErasing(1.0, scale=(0.1, 0.2), value=0.25)(
        chw01).numpy()
    # rotation (PIL images)
    rec["pil_rotate_30"] = np.asarray(F.rotate(img, 30))
    rec["pil_rotate_45_expand"] = np.asarray(F.rotate(img, -45, "bilinear", expand=True, fill=9))
    rec["pil_rotate_center"] = np.asarray(F.rotate(img, 90, center=(2, 3), fill=(1, 2, 3)))
    random.seed(24)
    rec["pil_random_rotation"] = np.asarray(T.RandomRotation((10, 80))(img))
    # affine and perspective warps (PIL images; PaddlePaddle's PIL path ignores
    # their fill, so none is passed)
    rec["pil_affine"] = np.asarray(F.affine(img, 20, (2, -1), 1.2, (10, 5)))
    rec["pil_affine_center"] = np.asarray(F.affine(img, -35.5, [0, 3], 0.8, 15, "bilinear",
                                                   center=[4, 5]))
    start = [[0, 0], [16, 0], [16, 12], [0, 12]]
    end = [[2, 1], [15, 0], [14, 11], [1, 12]]
    rec["pil_perspective"] = np.asarray(F.perspective(img, start, end, "bilinear"))
    random.seed(25)
    rec["pil_random_affine"] = np.asarray(T.RandomAffine(30, (0.2, 0.1), (0.8, 1.2),
                                                         (-10, 10, -5, 5))(img))
    random.seed(26)
    rec["pil_random_perspective"] = np.asarray(T.RandomPerspective(1.0, 0.6)(img))
    # seeded random transforms (Python's random; numpy's for RandomResizedCrop)
    random.seed(11)
    rec["pil_random_crop"] = np.asarray(T.RandomCrop((8, 12), padding=2, fill=5)(img))
    random.seed(12)
    rec["pil_random_crop_pad_if_needed"] = np.asarray(
        T.RandomCrop(16, pad_if_needed=True, padding_mode="reflect")(img))
    random.seed(13)
    rec["pil_random_flips"] = np.stack([np.asarray(T.RandomHorizontalFlip(0.5)(img))
                                        for _ in range(6)])
    random.seed(14)
    np.random.seed(14)
    rec["pil_random_resized_crop"] = np.stack([np.asarray(T.RandomResizedCrop(6)(img))
                                               for _ in range(4)])
    # numpy resizing semantics: pixel-centre bilinear and bicubic / floor nearest
    chw = paddle.to_tensor(rgb.astype("float32").transpose(2, 0, 1)[None])
    for interp in ("nearest", "bilinear", "bicubic"):
        for name, size in (("down", [7, 9]), ("up", [20, 31])):
            out = paddle.nn.functional.interpolate(chw, size=size, mode=interp,
                                                   align_corners=False)
            rec[f"interp_{interp}_{name}"] = out.numpy()[0].transpose(1, 2, 0)
    np.savez_compressed(OUT / "transforms.npz", **rec)


if __name__ == "__main__":
    main()
