"""Where each window's maximum came from (return_mask of max_pool2d and
adaptive_max_pool2d), found without a dedicated op; the first (row-major)
maximum wins, as in PaddlePaddle's max_pool2d_with_index."""
import math

from ...tensor.creation import arange, full
from ...tensor.logic import equal, logical_and, logical_not, logical_or
from ...tensor.manipulation import cast, reshape, stack
from ...tensor.search import argmax
from .common import pad


def max_positions(x, out, ksize, strides, leading):
    """int32 [N, C, OH, OW]: the index into the flattened H * W of x of each
    maximum in ``out``. ``leading`` is the (top, left) padding the pooling used."""
    h, w = x.shape[2:]
    oh, ow = out.shape[2:]
    top, left = leading
    # Pad so that every window offset can be read with one strided slice.
    bottom = max((oh - 1) * strides[0] + ksize[0] - top - h, 0)
    right = max((ow - 1) * strides[1] + ksize[1] - left - w, 0)
    border = [left, right, top, bottom]
    values = pad(x, border, value=float("-inf"))
    index = pad(reshape(arange(h * w, dtype="float64"), [1, 1, h, w]), border, value=-1.0)
    mask = full(out.shape, -1.0, "float64")
    found = full(out.shape, False, "bool")
    for di in range(ksize[0]):
        for dj in range(ksize[1]):
            rows = slice(di, di + (oh - 1) * strides[0] + 1, strides[0])
            cols = slice(dj, dj + (ow - 1) * strides[1] + 1, strides[1])
            hit = logical_and(equal(values[:, :, rows, cols], out), logical_not(found))
            hit_f = cast(hit, "float64")
            mask = mask * (1.0 - hit_f) + index[:, :, rows, cols] * hit_f
            found = logical_or(found, hit)
    return cast(mask, "int32")


def adaptive_max_positions(x, out_size):
    """int32 [N, C, OH, OW]: the flattened H * W index of each adaptive
    window's maximum (window i spans floor(i * H / OH) .. ceil((i + 1) * H / OH))."""
    n, c, h, w = x.shape
    oh, ow = out_size
    rows = []
    for i in range(oh):
        h0, h1 = (i * h) // oh, math.ceil((i + 1) * h / oh)
        cols = []
        for j in range(ow):
            w0, w1 = (j * w) // ow, math.ceil((j + 1) * w / ow)
            window = reshape(x[:, :, h0:h1, w0:w1], [n, c, -1])
            local = argmax(window, axis=-1)
            width = w1 - w0
            cols.append((local // width + h0) * w + local % width + w0)
        rows.append(stack(cols, axis=-1))
    return cast(stack(rows, axis=-2), "int32")
