"""The transforms on PIL images (imported only when one is passed in)."""
import numpy as np
from PIL import Image, ImageOps

INTERPOLATIONS = {"nearest": Image.Resampling.NEAREST, "bilinear": Image.Resampling.BILINEAR,
                  "bicubic": Image.Resampling.BICUBIC, "box": Image.Resampling.BOX,
                  "lanczos": Image.Resampling.LANCZOS, "hamming": Image.Resampling.HAMMING}


def is_pil_image(img):
    return isinstance(img, Image.Image)


def to_array(pic):
    """The pixels as a numpy HWC array of the dtype the mode implies; '1' (bilevel)
    becomes 0/255 uint8 as PaddlePaddle does."""
    if pic.mode in ("I", "I;16"):
        arr = np.asarray(pic, np.int32)
    elif pic.mode == "F":
        arr = np.asarray(pic, np.float32)
    elif pic.mode == "1":
        arr = 255 * np.asarray(pic, np.uint8)
    else:
        arr = np.asarray(pic)
    channels = 3 if pic.mode == "YCbCr" else 1 if pic.mode == "I;16" else len(pic.mode)
    return arr.reshape(pic.size[1], pic.size[0], channels)


def resize(img, out_h, out_w, interpolation):
    return img.resize((out_w, out_h), INTERPOLATIONS[interpolation])


def pad(img, left, top, right, bottom, fill, padding_mode):
    if padding_mode == "constant":
        fill = tuple(fill) if isinstance(fill, (list, tuple)) else fill
        out = ImageOps.expand(img, border=(left, top, right, bottom), fill=fill)
    else:
        arr = np.asarray(img)
        widths = [(top, bottom), (left, right)] + [(0, 0)] * (arr.ndim - 2)
        out = Image.fromarray(np.pad(arr, widths, padding_mode))
    if img.mode == "P":
        out.putpalette(img.getpalette())
    return out


def crop(img, top, left, height, width):
    return img.crop((left, top, left + width, top + height))


def hflip(img):
    return img.transpose(Image.Transpose.FLIP_LEFT_RIGHT)


def vflip(img):
    return img.transpose(Image.Transpose.FLIP_TOP_BOTTOM)


def to_grayscale(img, num_output_channels):
    gray = img.convert("L")
    if num_output_channels == 1:
        return gray
    return Image.fromarray(np.repeat(np.asarray(gray)[:, :, None], 3, axis=2))


def adjust_brightness(img, factor):
    from PIL import ImageEnhance
    return ImageEnhance.Brightness(img).enhance(factor)


def adjust_contrast(img, factor):
    from PIL import ImageEnhance
    return ImageEnhance.Contrast(img).enhance(factor)


def adjust_saturation(img, factor):
    from PIL import ImageEnhance
    return ImageEnhance.Color(img).enhance(factor)


def adjust_hue(img, factor):
    """Hue rotated by factor of a turn in PIL's 8-bit HSV; gray modes unchanged."""
    if img.mode in {"L", "1", "I", "F"}:
        return img
    h, s, v = img.convert("HSV").split()
    shifted = ((np.asarray(h, np.int16) + int(factor * 255)) % 256).astype(np.uint8)
    return Image.merge("HSV", (Image.fromarray(shifted), s, v)).convert(img.mode)


def rotate(img, angle, interpolation, expand, center, fill):
    return img.rotate(angle, INTERPOLATIONS[interpolation], expand, center,
                      fillcolor=_band_fill(img, fill))


def _band_fill(img, fill):
    if isinstance(fill, int) and len(img.getbands()) > 1:
        return (fill,) * len(img.getbands())  # one number fills every band
    return fill


def transform(img, method, coeffs, interpolation, fill):
    """Image.transform keeping the size; method 'affine' or 'perspective'."""
    kind = Image.Transform.AFFINE if method == "affine" else Image.Transform.PERSPECTIVE
    return img.transform(img.size, kind, coeffs, INTERPOLATIONS[interpolation],
                         fillcolor=_band_fill(img, fill))
