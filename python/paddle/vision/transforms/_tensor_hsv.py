"""Hue rotation of CHW Tensors through HSV, written with paddle ops so that it
stays differentiable (the formulas PaddlePaddle's tensor path uses)."""
from ... import tensor as T
from ...framework import dtypes


def _rgb_to_hsv(img):
    maxc, minc = T.max(img, axis=-3), T.min(img, axis=-3)
    same = T.equal(maxc, minc)
    one = T.ones_like(maxc)
    delta = maxc - minc
    s = delta / T.where(same, one, maxc)  # gray pixels (max == min): s = 0
    r, g, b = T.unbind(img, axis=-3)
    divisor = T.where(same, one, delta)
    rc, gc, bc = (maxc - r) / divisor, (maxc - g) / divisor, (maxc - b) / divisor
    is_r = T.equal(maxc, r)
    is_g = T.logical_and(T.equal(maxc, g), T.logical_not(is_r))
    is_b = T.logical_not(T.logical_or(is_r, T.equal(maxc, g)))
    h = (is_r.astype(img.dtype) * (bc - gc) + is_g.astype(img.dtype) * (rc - bc + 2.0)
         + is_b.astype(img.dtype) * (gc - rc + 4.0)) / 6.0 + 1.0
    return h - T.floor(h), s, maxc


def _hsv_to_rgb(h, s, v):
    f = h * 6.0
    sector = T.floor(f)
    f = f - sector
    sector = sector - 6.0 * T.floor(sector / 6.0)
    p = T.clip(v * (1.0 - s), 0.0, 1.0)
    q = T.clip(v * (1.0 - s * f), 0.0, 1.0)
    t = T.clip(v * (1.0 - s * (1.0 - f)), 0.0, 1.0)
    # per sector 0..5, which of v, q, p, t each channel takes
    table = {"r": [v, q, p, p, t, v], "g": [t, v, v, q, p, p], "b": [p, p, t, v, v, q]}
    channels = []
    for picks in table.values():
        out = T.zeros_like(v)
        for k, value in enumerate(picks):
            out = out + T.equal(sector, T.full_like(sector, k)).astype(v.dtype) * value
        channels.append(out)
    return T.stack(channels, axis=-3)


def adjust_hue(img, factor):
    integer = not dtypes.is_floating_point(img.dtype)  # uint8 pixels: through [0, 1] floats
    floats = img.astype("float32") / 255.0 if integer else img
    h, s, v = _rgb_to_hsv(floats)
    h = h + factor
    out = _hsv_to_rgb(h - T.floor(h), s, v)
    return (out * 255.0).astype(img.dtype) if integer else out
