"""temporal_shift: the TSM shift of video features along time, a slice,
zero-pad and concat of channel groups (gradients come with the ops)."""
import numbers

from ...tensor._helpers import check_tensor
from ...tensor.manipulation import concat, reshape
from .common import pad

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _shift(frames, steps, time_axis):
    """frames moved ``steps`` (+1 or -1) along time, zeros entering at the edge."""
    pads = [0] * (2 * frames.ndim)
    pads[2 * time_axis + (0 if steps > 0 else 1)] = 1
    padded = pad(frames, pads)
    count = frames.shape[time_axis]
    index = [slice(None)] * frames.ndim
    index[time_axis] = slice(0, count) if steps > 0 else slice(1, count + 1)
    return padded[tuple(index)]


def temporal_shift(x, seg_num, shift_ratio=0.25, name=None, data_format="NCHW"):
    """Shifts channels along time: x holds N clips of seg_num frames ([N *
    seg_num, C, H, W]); the first C * shift_ratio channels of each frame take
    the previous frame's, the next C * shift_ratio the following frame's
    (zeros at the clip's ends), the rest stay.

    Args:
        x (Tensor): [N * seg_num, C, H, W] (or [N * seg_num, H, W, C] for NHWC).
        seg_num (int): the number of frames of a clip.
        shift_ratio (float): the share of channels shifted each way, below 0.5.
            Default 0.25.
        name (str): unused, as in PaddlePaddle.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".

    Returns:
        Tensor: of x's shape.

    Example:
        >>> x = paddle.arange(1, 9, dtype="float32").reshape([2, 4, 1, 1])
        >>> paddle.nn.functional.temporal_shift(x, 2).numpy().reshape([2, 4])
        array([[0., 6., 3., 4.],
               [1., 0., 7., 8.]], dtype=float32)
    """
    fn = "temporal_shift"
    check_tensor(x, "x", fn)
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"[{fn}] data_format must be 'NCHW' or 'NHWC', got {data_format!r}")
    if x.ndim != 4:
        raise ValueError(f"[{fn}] x must be 4-D [N * seg_num, C, H, W], got shape {x.shape}")
    if isinstance(seg_num, bool) or not isinstance(seg_num, int) or seg_num <= 0:
        raise ValueError(f"[{fn}] seg_num must be a positive int, got {seg_num!r}")
    if x.shape[0] % seg_num:
        raise ValueError(f"[{fn}] the first dim of x ({x.shape[0]}) must be divisible by "
                         f"seg_num ({seg_num})")
    if isinstance(shift_ratio, bool) or not isinstance(shift_ratio, numbers.Real) \
            or not 0 <= shift_ratio < 0.5:
        raise ValueError(f"[{fn}] shift_ratio must be in [0, 0.5), got {shift_ratio!r}")
    channel_axis = 2 if data_format == "NCHW" else 4  # in the [N, T, ...] view
    frames = reshape(x, [x.shape[0] // seg_num, seg_num] + list(x.shape[1:]))
    channels = frames.shape[channel_axis]
    c1, c2 = int(channels * shift_ratio), int(channels * 2 * shift_ratio)
    index = [slice(None)] * frames.ndim

    def group(start, stop):
        index[channel_axis] = slice(start, stop)
        return frames[tuple(index)]
    parts = []
    if c1 > 0:
        parts.append(_shift(group(0, c1), +1, 1))
    if c2 > c1:
        parts.append(_shift(group(c1, c2), -1, 1))
    parts.append(group(c2, channels))
    out = concat(parts, channel_axis) if len(parts) > 1 else parts[0]
    return reshape(out, list(x.shape))
