"""Where each window's maximum came from (max_pool2d's return_mask), found
without a dedicated op: every offset inside the window is compared with the
pooled maximum, the first (row-major) match wins, as PaddlePaddle's
max_pool2d_with_index."""
from ...tensor.creation import arange, full
from ...tensor.logic import equal, logical_and, logical_not, logical_or
from ...tensor.manipulation import cast, reshape
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
