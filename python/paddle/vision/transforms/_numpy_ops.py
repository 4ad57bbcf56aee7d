"""The transforms on numpy HWC (or HW) arrays, following what PaddlePaddle does
with OpenCV for them (cv2.resize, cv2.copyMakeBorder, cv2.flip), in numpy."""
import numpy as np

INTERPOLATIONS = ("nearest", "bilinear", "bicubic")
# PaddlePaddle's padding_mode -> numpy.pad mode (OpenCV's BORDER_REFLECT_101 is
# numpy's 'reflect', BORDER_REFLECT numpy's 'symmetric')
_PAD_MODES = {"constant": "constant", "edge": "edge", "reflect": "reflect",
              "symmetric": "symmetric"}


_CUBIC_A = -0.75  # OpenCV's (and PaddlePaddle's interpolate's) bicubic coefficient


def _cubic_weights(t):
    """The four tap weights of Keys' cubic for offsets t in [0, 1)."""
    a = _CUBIC_A
    w0 = ((a * (t + 1) - 5 * a) * (t + 1) + 8 * a) * (t + 1) - 4 * a
    w1 = ((a + 2) * t - (a + 3)) * t * t + 1
    w2 = ((a + 2) * (1 - t) - (a + 3)) * (1 - t) * (1 - t) + 1
    return np.stack([w0, w1, w2, 1 - w0 - w1 - w2], axis=1)


def _resize_taps(out_size, in_size, interpolation):
    """([out_size, k] source indices, [out_size, k] weights): output row i is
    sum_k weights[i, k] * input row taps[i, k], sampling at pixel centres with
    the border replicated, as cv2.resize does."""
    scale = in_size / out_size
    out_idx = np.arange(out_size)
    if interpolation == "nearest":
        taps = np.floor(out_idx * scale).astype(np.int64)[:, None]
        weights = np.ones((out_size, 1))
    else:
        src = (out_idx + 0.5) * scale - 0.5
        if interpolation == "bilinear":
            src = np.maximum(src, 0.0)
        base = np.floor(src).astype(np.int64)
        t = src - base
        if interpolation == "bilinear":
            taps = base[:, None] + np.arange(2)
            weights = np.stack([1 - t, t], axis=1)
        else:
            taps = base[:, None] + np.arange(-1, 3)
            weights = _cubic_weights(t)
    return np.clip(taps, 0, in_size - 1), weights


def _resample(img, axis, out_size, interpolation):
    """img resized along axis 0 or 1: a weighted sum of a few gathered rows or
    columns per output one (cost proportional to the taps, not the input size)."""
    taps, weights = _resize_taps(out_size, img.shape[axis], interpolation)
    shape = [1] * img.ndim
    shape[axis] = out_size
    out = 0.0
    for k in range(taps.shape[1]):
        out = out + np.take(img, taps[:, k], axis=axis) * weights[:, k].reshape(shape)
    return out


def resize(img, out_h, out_w, interpolation):
    out = _resample(img.astype(np.float64), 0, out_h, interpolation)
    out = _resample(out, 1, out_w, interpolation)
    if np.issubdtype(img.dtype, np.integer):
        info = np.iinfo(img.dtype)
        out = np.clip(np.rint(out), info.min, info.max)
    return out.astype(img.dtype)


def pad(img, left, top, right, bottom, fill, padding_mode):
    widths = [(top, bottom), (left, right)] + [(0, 0)] * (img.ndim - 2)
    if padding_mode != "constant":
        return np.pad(img, widths, _PAD_MODES[padding_mode])
    out = np.empty((img.shape[0] + top + bottom, img.shape[1] + left + right) + img.shape[2:],
                   img.dtype)
    fill = np.asarray(fill, dtype=np.float64)
    if fill.ndim == 0 and img.ndim == 3:
        # a single number fills the first channel only, as cv2.copyMakeBorder's
        # value (a Scalar (v, 0, 0, 0)) and PIL's packed colours do in PaddlePaddle
        fill = np.concatenate([fill[None], np.zeros(img.shape[2] - 1)])
    out[...] = fill.astype(img.dtype)
    out[top:top + img.shape[0], left:left + img.shape[1]] = img
    return out


def crop(img, top, left, height, width):
    return img[top:top + height, left:left + width]


def hflip(img):
    return img[:, ::-1].copy()


def vflip(img):
    return img[::-1].copy()


def to_grayscale(img, num_output_channels):
    """ITU-R 601 luma as cv2.cvtColor(RGB2GRAY) computes it: for uint8 in 14-bit
    fixed point with rounding, otherwise in floating point."""
    if img.dtype == np.uint8:
        weights = np.array([4899, 9617, 1868], np.int64)
        gray = ((img[..., :3].astype(np.int64) @ weights + (1 << 13)) >> 14).astype(np.uint8)
    else:
        gray = (img[..., :3] @ np.array([0.299, 0.587, 0.114])).astype(img.dtype)
    return np.repeat(gray[:, :, None], num_output_channels, axis=2)


def _apply_table(img, table):
    """cv2.LUT: each uint8 value v becomes table[v] (values truncated to uint8)."""
    return np.clip(table, 0, 255).astype(np.uint8)[img.astype(np.uint8)]


def adjust_brightness(img, factor):
    return _apply_table(img, np.arange(256) * factor)


def adjust_contrast(img, factor):
    # PaddlePaddle's OpenCV path scales about a fixed 74, not the image's mean
    return _apply_table(img, (np.arange(256) - 74) * factor + 74)
