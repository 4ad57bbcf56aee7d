"""paddle.incubate's fused softmax-with-mask functions, by the
fused_softmax_mask and fused_softmax_mask_upper_triangle ops
(core/ops/fused_softmax_mask_ops.cc, with gradients): softmax(x + mask) and
the causal softmax that ignores each row's later positions."""
from ..tensor._helpers import check_tensor, op

__all__ = []

_fused_softmax_mask = op("fused_softmax_mask", ["X", "Mask"])
_fused_softmax_mask_upper_triangle = op("fused_softmax_mask_upper_triangle", ["X"])

_FLOATS = ("float32", "float64")


def _check_x(x, fn):
    check_tensor(x, "x", fn)
    if x.dtype.name not in _FLOATS:
        raise TypeError(f"[{fn}] x must be float32 or float64, got {x.dtype.name}")
    if x.ndim != 4:
        raise ValueError(f"[{fn}] x must be 4-D [batch_size, num_heads, seq_len_q, seq_len_k], "
                         f"got shape {x.shape}")


def softmax_mask_fuse(x, mask, name=None):
    """Softmax over the last axis of ``x + mask``, the mask shared by the
    heads (the fused_softmax_mask op).

    Args:
        x (Tensor): Attention scores [batch_size, num_heads, seq_len_q, seq_len_k], float32
            or float64.
        mask (Tensor): The additive mask [batch_size, 1, seq_len_q, seq_len_k], of x's dtype
            (0 to keep, a large negative value to mask).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The softmax, of x's shape and dtype.

    Example:
        >>> x = paddle.zeros([1, 1, 1, 2])
        >>> mask = paddle.to_tensor([[[[0.0, -1e4]]]])
        >>> paddle.incubate.softmax_mask_fuse(x, mask).numpy()
        array([[[[1., 0.]]]], dtype=float32)
    """
    fn = "softmax_mask_fuse"
    _check_x(x, fn)
    check_tensor(mask, "mask", fn)
    if mask.dtype != x.dtype:
        raise TypeError(f"[{fn}] mask must have x's dtype {x.dtype.name}, got {mask.dtype.name}")
    want = [x.shape[0], 1, x.shape[2], x.shape[3]]
    if mask.ndim != 4 or any(w >= 0 and m >= 0 and w != m for w, m in zip(want, mask.shape)):
        raise ValueError(f"[{fn}] mask must be {want} (x's shape with one head), got shape "
                         f"{mask.shape}")
    return _fused_softmax_mask(x, mask)


def softmax_mask_fuse_upper_triangle(x):
    """Causal softmax: row i of the last two axes is the softmax of its first
    i + 1 entries, the later entries 0 (PaddlePaddle's
    fused_softmax_mask_upper_triangle, which runs on GPU only; here the same
    math on CPU).

    Args:
        x (Tensor): Attention scores [batch_size, num_heads, seq_len_q, seq_len_k], float32
            or float64.

    Returns:
        Tensor: The masked softmax, of x's shape and dtype.

    Example:
        >>> x = paddle.zeros([1, 1, 2, 2])
        >>> paddle.incubate.softmax_mask_fuse_upper_triangle(x).numpy()
        array([[[[1. , 0. ],
                 [0.5, 0.5]]]], dtype=float32)
    """
    _check_x(x, "softmax_mask_fuse_upper_triangle")
    return _fused_softmax_mask_upper_triangle(x)
