"""fused_rotary_position_embedding: rotary position embedding of q, k and v
as PaddlePaddle's fused_rotary_position_embedding kernel (GPU-only in 3.3.1)
computes it, composed here from tensor ops (so it has gradients)."""
import numpy as np

from ....tensor.creation import to_tensor
from ....tensor.gather_scatter import gather
from ....tensor.manipulation import concat, reshape, stack, unbind
from ._checks import check_float, check_optional

__all__ = []

_FN = "fused_rotary_position_embedding"


def _default_sin_cos(seq_len, head_dim, base, dtype):
    """[seq_len, head_dim] tables: element j of position p rotates by
    p * base ** (-2 * (j // 2) / head_dim)."""
    exponent = (np.arange(head_dim) // 2) * 2.0 / head_dim
    angles = np.arange(seq_len)[:, None] * (1.0 / base ** exponent)[None, :]
    return (to_tensor(np.sin(angles).astype(dtype)), to_tensor(np.cos(angles).astype(dtype)))


def _table(t, what, seq_len, head_dim, x):
    """sin or cos as [seq_len, head_dim] of x's dtype."""
    check_optional(t, what, _FN)
    if t.shape not in ([seq_len, head_dim], [1, seq_len, 1, head_dim]):
        raise ValueError(f"[{_FN}] {what} must be [{seq_len}, {head_dim}] or [1, {seq_len}, 1, "
                         f"{head_dim}] (seq_len, head_dim), got shape {t.shape}")
    return reshape(t, [seq_len, head_dim]).astype(x.dtype.name)


def _rotate(x, sin, cos, every_two):
    """x * cos + rotated(x) * sin; rotated pairs (x[2i], x[2i+1]) -> (-x[2i+1], x[2i])
    (every_two) or halves (a, b) -> (-b, a)."""
    if every_two:
        pairs = reshape(x, x.shape[:-1] + [x.shape[-1] // 2, 2])
        even, odd = unbind(pairs, axis=-1)
        rotated = reshape(stack([-odd, even], axis=-1), x.shape)
    else:
        half = x.shape[-1] // 2
        rotated = concat([-x[..., half:], x[..., :half]], axis=-1)
    return x * cos + rotated * sin


def fused_rotary_position_embedding(q, k=None, v=None, sin=None, cos=None, position_ids=None,
                                    use_neox_rotary_style=True, time_major=False,
                                    rotary_emb_base=10000.0):
    """Rotary position embedding of q (and k, v): each token's head vectors
    rotated by angles that grow with its position.

    With ``use_neox_rotary_style`` (the default) the pairs of adjacent elements
    (2i, 2i + 1) rotate together, else element i with element i + head_dim / 2.
    ``sin``/``cos`` give each position's values per element; without them
    element j of position p rotates by ``p * rotary_emb_base ** (-2 * (j // 2) /
    head_dim)`` (then position_ids must be None and the style the default).
    ``position_ids`` picks each token's row of sin/cos. 3.3.1 runs this on GPU
    only; the same math runs here on CPU, with gradients.

    Args:
        q (Tensor): [batch_size, seq_len, num_heads, head_dim] (or seq_len first with
            time_major), float32 or float64, head_dim even.
        k (Tensor, optional): Like q. Default None.
        v (Tensor, optional): Like q. Default None.
        sin (Tensor, optional): [seq_len, head_dim] or [1, seq_len, 1, head_dim]. Default None.
        cos (Tensor, optional): Like sin. Default None.
        position_ids (Tensor, optional): [batch_size, seq_len] int64 rows of sin/cos. Default
            None.
        use_neox_rotary_style (bool, optional): Rotate adjacent pairs (True, the default) or
            the two halves (False).
        time_major (bool, optional): Whether the inputs are [seq_len, batch_size, ...].
            Default False.
        rotary_emb_base (float, optional): The base of the default angles. Default 10000.0.

    Returns:
        tuple: ``(out_q, out_k, out_v)``, None for an input not given.

    Example:
        >>> from paddle.incubate.nn.functional import fused_rotary_position_embedding
        >>> q = paddle.ones([1, 2, 1, 2])
        >>> out_q, _, _ = fused_rotary_position_embedding(q)
        >>> out_q.numpy().round(4)
        array([[[[ 1.    ,  1.    ]],
        <BLANKLINE>
                [[-0.3012,  1.3818]]]], dtype=float32)
    """
    check_float(q, "q", _FN)
    if q.ndim != 4 or q.shape[-1] % 2:
        raise ValueError(f"[{_FN}] q must be 4-D with an even head_dim, got shape {q.shape}")
    for what, t in (("k", k), ("v", v)):
        check_optional(t, what, _FN, q.shape)
    if (sin is None) != (cos is None):
        raise ValueError(f"[{_FN}] sin and cos must be given together")
    if sin is None and (position_ids is not None or not use_neox_rotary_style):
        raise ValueError(f"[{_FN}] without sin/cos, position_ids must be None and "
                         "use_neox_rotary_style True")
    seq_axis = 0 if time_major else 1
    seq_len, head_dim = q.shape[seq_axis], q.shape[-1]
    if sin is None:
        sin, cos = _default_sin_cos(seq_len, head_dim, rotary_emb_base, q.dtype.name)
    else:
        sin = _table(sin, "sin", seq_len, head_dim, q)
        cos = _table(cos, "cos", seq_len, head_dim, q)
    if position_ids is not None:
        batch = q.shape[1 - seq_axis]
        check_optional(position_ids, "position_ids", _FN, [batch, seq_len])
        ids = reshape(position_ids, [-1])
        sin = reshape(gather(sin, ids), [batch, seq_len, 1, head_dim])
        cos = reshape(gather(cos, ids), [batch, seq_len, 1, head_dim])
        if time_major:
            sin, cos = sin.transpose([1, 0, 2, 3]), cos.transpose([1, 0, 2, 3])
    else:
        shape = [seq_len, 1, 1, head_dim] if time_major else [1, seq_len, 1, head_dim]
        sin, cos = reshape(sin, shape), reshape(cos, shape)
    return tuple(None if t is None else _rotate(t, sin, cos, use_neox_rotary_style)
                 for t in (q, k, v))
