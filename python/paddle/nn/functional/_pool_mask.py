"""Where each window's maximum came from (return_mask of the max pools and
adaptive max pools, 2-D and 3-D), found without a dedicated op; the first
(row-major) maximum wins, as in PaddlePaddle's max_pool2d_with_index."""
import itertools
import math

from ...tensor.creation import arange, full
from ...tensor.logic import equal, logical_and, logical_not, logical_or
from ...tensor.manipulation import cast, reshape, stack
from ...tensor.search import argmax
from .common import pad


def mask_padding(padding, return_mask):
    """PaddlePaddle's max pools that return a mask run a kernel with no SAME
    mode: padding 'SAME' pads nothing there (the output is VALID's size)."""
    if return_mask and isinstance(padding, str) and padding.upper() == "SAME":
        return 0
    return padding


def leading_pads(algo, pads, in_sizes, out_sizes, ksize, strides):
    """The padding a pooling op put before each spatial dim of its input."""
    n = len(ksize)
    if algo == "VALID":
        return (0,) * n
    if algo == "SAME":  # as the op: the extra padding split, the larger half after
        return tuple(max((o - 1) * s + k - i, 0) // 2
                     for o, s, k, i in zip(out_sizes, strides, ksize, in_sizes))
    return tuple(pads) if len(pads) == n else tuple(pads[0::2])


def max_positions(x, out, ksize, strides, leading):
    """int32 [N, C, *out_spatial]: the index into the flattened spatial dims
    of x (channel-first) of each maximum in ``out``. ``leading`` is the padding
    the pooling put before each spatial dim."""
    sizes, out_sizes = x.shape[2:], out.shape[2:]
    # Pad so that every window offset can be read with one strided slice.
    border = [0, 0, 0, 0]
    for size, o, k, s, before in zip(sizes, out_sizes, ksize, strides, leading):
        border += [before, max((o - 1) * s + k - before - size, 0)]
    values = pad(x, border, value=float("-inf"))
    index = pad(reshape(arange(math.prod(sizes), dtype="float64"), [1, 1] + sizes), border,
                value=-1.0)
    mask = full(out.shape, -1.0, "float64")
    found = full(out.shape, False, "bool")
    for offsets in itertools.product(*(range(k) for k in ksize)):
        window = (slice(None), slice(None)) + tuple(
            slice(d, d + (o - 1) * s + 1, s) for d, o, s in zip(offsets, out_sizes, strides))
        hit = logical_and(equal(values[window], out), logical_not(found))
        hit_f = cast(hit, "float64")
        mask = mask * (1.0 - hit_f) + index[window] * hit_f
        found = logical_or(found, hit)
    return cast(mask, "int32")


def adaptive_max_positions(x, out_size):
    """int32 [N, C, *out_size]: the flattened spatial index of each adaptive
    window's maximum (window i spans floor(i * S / O) .. ceil((i + 1) * S / O))."""
    n, c = x.shape[:2]
    sizes = x.shape[2:]
    spans = [[((i * s) // o, math.ceil((i + 1) * s / o)) for i in range(o)]
             for s, o in zip(sizes, out_size)]
    cells = []
    for cell in itertools.product(*spans):
        window = x[(slice(None), slice(None)) + tuple(slice(a, b) for a, b in cell)]
        local = argmax(reshape(window, [n, c, -1]), axis=-1)
        # Turn the index within the window into one within the whole input.
        position, rest = 0, local
        for d in reversed(range(len(sizes))):
            width = cell[d][1] - cell[d][0]
            position = position + (rest % width + cell[d][0]) * math.prod(sizes[d + 1:])
            rest = rest // width
        cells.append(position)
    return cast(reshape(stack(cells, axis=-1), [n, c] + list(out_size)), "int32")
