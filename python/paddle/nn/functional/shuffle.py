"""pixel_shuffle, pixel_unshuffle and channel_shuffle: rearrangements of a
4-D input's channels and pixels, each a reshape, a transpose and a reshape."""
from ...tensor._helpers import check_tensor
from ...tensor.manipulation import reshape, transpose

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _check(x, factor, what, data_format, fn):
    check_tensor(x, "x", fn)
    if x.ndim != 4:
        raise ValueError(f"[{fn}] x must be 4-D, got shape {x.shape}")
    if not isinstance(factor, int) or isinstance(factor, bool) or factor <= 0:
        raise ValueError(f"[{fn}] {what} must be a positive int, got {factor!r}")
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"[{fn}] data_format must be 'NCHW' or 'NHWC', got {data_format!r}")
    return data_format == "NHWC"


def pixel_shuffle(x, upscale_factor, data_format="NCHW", name=None):
    """Moves channels to pixels: [N, C * r * r, H, W] becomes [N, C, H * r, W * r]
    (r = upscale_factor); each group of r * r channels fills an r x r block.

    Args:
        x (Tensor): a 4-D input whose channel count is divisible by r * r.
        upscale_factor (int): r.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: [N, C, H * r, W * r] (or [N, H * r, W * r, C] for NHWC).

    Example:
        >>> x = paddle.arange(4, dtype="float32").reshape([1, 4, 1, 1])
        >>> paddle.nn.functional.pixel_shuffle(x, 2).numpy()
        array([[[[0., 1.],
                 [2., 3.]]]], dtype=float32)
    """
    fn = "pixel_shuffle"
    channel_last = _check(x, upscale_factor, "upscale_factor", data_format, fn)
    r = upscale_factor
    if channel_last:
        n, h, w, c = x.shape
    else:
        n, c, h, w = x.shape
    if c % (r * r):
        raise ValueError(f"[{fn}] the number of channels ({c}) must be divisible by the square "
                         f"of upscale_factor ({r * r})")
    oc = c // (r * r)
    if channel_last:
        y = transpose(reshape(x, [n, h, w, oc, r, r]), [0, 1, 4, 2, 5, 3])
        return reshape(y, [n, h * r, w * r, oc])
    y = transpose(reshape(x, [n, oc, r, r, h, w]), [0, 1, 4, 2, 5, 3])
    return reshape(y, [n, oc, h * r, w * r])


def pixel_unshuffle(x, downscale_factor, data_format="NCHW", name=None):
    """Moves pixels to channels, the inverse of pixel_shuffle: [N, C, H * r, W * r]
    becomes [N, C * r * r, H, W] (r = downscale_factor).

    Args:
        x (Tensor): a 4-D input whose height and width are divisible by r.
        downscale_factor (int): r.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: [N, C * r * r, H, W] (or [N, H, W, C * r * r] for NHWC).

    Example:
        >>> x = paddle.arange(4, dtype="float32").reshape([1, 1, 2, 2])
        >>> paddle.nn.functional.pixel_unshuffle(x, 2).numpy().ravel()
        array([0., 1., 2., 3.], dtype=float32)
    """
    fn = "pixel_unshuffle"
    channel_last = _check(x, downscale_factor, "downscale_factor", data_format, fn)
    r = downscale_factor
    if channel_last:
        n, h, w, c = x.shape
    else:
        n, c, h, w = x.shape
    if h % r or w % r:
        raise ValueError(f"[{fn}] the height and width of x (shape {x.shape}) must be divisible "
                         f"by downscale_factor ({r})")
    oh, ow = h // r, w // r
    if channel_last:
        y = transpose(reshape(x, [n, oh, r, ow, r, c]), [0, 1, 3, 5, 2, 4])
        return reshape(y, [n, oh, ow, c * r * r])
    y = transpose(reshape(x, [n, c, oh, r, ow, r]), [0, 1, 3, 5, 2, 4])
    return reshape(y, [n, c * r * r, oh, ow])


def channel_shuffle(x, groups, data_format="NCHW", name=None):
    """Interleaves the channels of ``groups`` groups: the C channels, seen as a
    [groups, C / groups] grid, are read column by column.

    Args:
        x (Tensor): a 4-D input whose channel count is divisible by groups.
        groups (int): the number of channel groups.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape, the channels reordered.

    Example:
        >>> x = paddle.arange(4, dtype="float32").reshape([1, 4, 1, 1])
        >>> paddle.nn.functional.channel_shuffle(x, 2).numpy().ravel()
        array([0., 2., 1., 3.], dtype=float32)
    """
    fn = "channel_shuffle"
    channel_last = _check(x, groups, "groups", data_format, fn)
    if channel_last:
        n, h, w, c = x.shape
    else:
        n, c, h, w = x.shape
    if c % groups:
        raise ValueError(f"[{fn}] the number of channels ({c}) must be divisible by groups "
                         f"({groups})")
    if channel_last:
        y = transpose(reshape(x, [n, h, w, groups, c // groups]), [0, 1, 2, 4, 3])
    else:
        y = transpose(reshape(x, [n, groups, c // groups, h, w]), [0, 2, 1, 3, 4])
    return reshape(y, list(x.shape))
