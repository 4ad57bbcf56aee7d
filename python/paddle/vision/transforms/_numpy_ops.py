"""The transforms on numpy HWC (or HW) arrays, following what PaddlePaddle does
with OpenCV for them (cv2.resize, cv2.copyMakeBorder, cv2.flip), in numpy."""
import numpy as np

INTERPOLATIONS = ("nearest", "bilinear")
# PaddlePaddle's padding_mode -> numpy.pad mode (OpenCV's BORDER_REFLECT_101 is
# numpy's 'reflect', BORDER_REFLECT numpy's 'symmetric')
_PAD_MODES = {"constant": "constant", "edge": "edge", "reflect": "reflect",
              "symmetric": "symmetric"}


def _source_index(out_size, in_size, interpolation):
    """For each output row/column: the two source indices and the weight of the
    second, sampling at pixel centres as cv2.resize does."""
    scale = in_size / out_size
    if interpolation == "nearest":
        i0 = np.minimum(np.floor(np.arange(out_size) * scale).astype(np.int64), in_size - 1)
        return i0, i0, np.zeros(out_size)
    src = np.maximum((np.arange(out_size) + 0.5) * scale - 0.5, 0.0)
    i0 = np.minimum(np.floor(src).astype(np.int64), in_size - 1)
    i1 = np.minimum(i0 + 1, in_size - 1)
    return i0, i1, src - i0


def resize(img, out_h, out_w, interpolation):
    y0, y1, wy = _source_index(out_h, img.shape[0], interpolation)
    x0, x1, wx = _source_index(out_w, img.shape[1], interpolation)
    src = img.astype(np.float64)
    extra = (1,) * (img.ndim - 2)  # broadcast the weights over channels
    wy = wy.reshape((-1, 1) + extra)
    wx = wx.reshape((1, -1) + extra)
    top = src[y0][:, x0] * (1 - wx) + src[y0][:, x1] * wx
    bottom = src[y1][:, x0] * (1 - wx) + src[y1][:, x1] * wx
    out = top * (1 - wy) + bottom * wy
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
