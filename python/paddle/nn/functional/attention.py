"""scaled_dot_product_attention and the attention-mask conversion the
transformer layers share."""
from ...framework import dtypes as _dtype
from ...tensor.creation import full
from ...tensor.layout import triu
from ...tensor.manipulation import cast, transpose
from ...tensor.math import matmul
from .activation import softmax
from .common import dropout

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _additive_mask(attn_mask, dtype):
    """A bool or int mask (True/1 = attend) becomes 0 / -1e9 to add to the
    scores; a float mask is added as it is."""
    if attn_mask is None:
        return None
    if attn_mask.dtype.name == "bool" or "int" in attn_mask.dtype.name:
        return (cast(attn_mask, dtype) - 1.0) * 1e9
    return cast(attn_mask, dtype) if attn_mask.dtype.name != _dtype.convert_dtype(dtype).name \
        else attn_mask


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                  is_causal=False, training=True, backend=None, scale=None,
                                  enable_gqa=True, name=None):
    """softmax(q k^T * scale + mask) v over inputs laid out [batch, seq_len,
    num_heads, head_dim]; scale defaults to 1/sqrt(head_dim). A bool mask marks
    the positions to attend; is_causal hides later key positions.

    Args:
        query (Tensor): The queries, a 4-D float tensor [batch, seq_len, num_heads, head_dim].
        key (Tensor): The keys, [batch, seq_len_k, num_heads, head_dim], of query's dtype.
        value (Tensor): The values, [batch, seq_len_k, num_heads, head_dim_v], of query's dtype.
        attn_mask (Tensor, optional): Broadcast to [batch, num_heads, seq_len, seq_len_k]: a bool or
            int mask (True/1 attends) or a float mask added to the scores; None (the default) masks
            nothing.
        dropout_p (float, optional): The dropout probability of the attention weights. Default 0.0.
        is_causal (bool, optional): Hides each query's later key positions. Default False.
        training (bool, optional): Applies dropout_p when True (the default).
        backend (str, optional): Accepted for compatibility; unused. Default None.
        scale (float, optional): The factor of the scores; None (the default) is 1 / sqrt(head_dim).
        enable_gqa (bool, optional): Accepted for compatibility; unused. Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The attention output, [batch, seq_len, num_heads, head_dim_v], of query's dtype.

    Example:
        >>> q = paddle.rand([1, 3, 2, 4])
        >>> paddle.nn.functional.scaled_dot_product_attention(q, q, q).shape
        paddle.Size([1, 3, 2, 4])
    """
    for what, t in (("query", query), ("key", key), ("value", value)):
        if t.ndim != 4:
            raise ValueError(f"[scaled_dot_product_attention] {what} must be 4-D [batch, "
                             f"seq_len, num_heads, head_dim], got shape {list(t.shape)}")
    head_dim = query.shape[-1]
    scale = head_dim ** -0.5 if scale is None else scale
    q = transpose(query, [0, 2, 1, 3])
    k = transpose(key, [0, 2, 1, 3])
    v = transpose(value, [0, 2, 1, 3])
    scores = matmul(q * scale, k, transpose_y=True)
    if is_causal:
        lq, lk = scores.shape[-2], scores.shape[-1]
        scores = scores + triu(full([lq, lk], float("-inf"), scores.dtype), 1)
    mask = _additive_mask(attn_mask, scores.dtype)
    if mask is not None:
        scores = scores + mask
    weights = softmax(scores, axis=-1)
    if dropout_p > 0.0:
        weights = dropout(weights, dropout_p, training=training, mode="upscale_in_train")
    return transpose(matmul(weights, v), [0, 2, 1, 3])
