"""The fused transformer blocks of PaddlePaddle 3.3.1 (GPU kernels there):
fused_feedforward, fused_multi_head_attention and
fused_bias_dropout_residual_layer_norm, composed here from matmul, softmax,
dropout and layer_norm with the same parameter layouts."""
from ....nn import functional as F
from ....nn.functional.attention import _additive_mask
from ....tensor.manipulation import concat, reshape, stack, transpose
from ....tensor.math import matmul
from ._checks import check_float, check_mode, check_optional, check_rate

__all__ = []


def _layer_norm(x, scale, bias, epsilon):
    return F.layer_norm(x, [x.shape[-1]], scale, bias, epsilon)


def _check_dropouts(fn, mode, **rates):
    for what, p in rates.items():
        check_rate(p, what, fn)
    check_mode(mode, fn)


def fused_feedforward(x, linear1_weight, linear2_weight, linear1_bias=None, linear2_bias=None,
                      ln1_scale=None, ln1_bias=None, ln2_scale=None, ln2_bias=None,
                      dropout1_rate=0.5, dropout2_rate=0.5, activation="relu", ln1_epsilon=1e-5,
                      ln2_epsilon=1e-5, pre_layer_norm=False, training=True,
                      mode="upscale_in_train", ring_id=-1, add_residual=True, name=None):
    """A transformer's feed-forward block::

        out = layer_norm1(x) if pre_layer_norm else x
        out = linear2(dropout1(activation(linear1(out))))
        out = x + dropout2(out) if add_residual else dropout2(out)
        out = out if pre_layer_norm else layer_norm2(out)

    3.3.1 runs it on GPU only; the same math runs here on CPU.

    Args:
        x (Tensor): [batch_size, seq_len, d_model], float32 or float64.
        linear1_weight (Tensor): [d_model, dim_feedforward].
        linear2_weight (Tensor): [dim_feedforward, d_model].
        linear1_bias (Tensor, optional): [dim_feedforward]. Default None.
        linear2_bias (Tensor, optional): [d_model]. Default None.
        ln1_scale (Tensor, optional): The first layer_norm's scale [d_model]. Default None.
        ln1_bias (Tensor, optional): Its shift [d_model]. Default None.
        ln2_scale (Tensor, optional): The second layer_norm's scale [d_model]. Default None.
        ln2_bias (Tensor, optional): Its shift [d_model]. Default None.
        dropout1_rate (float, optional): The dropout after the activation. Default 0.5.
        dropout2_rate (float, optional): The dropout after linear2. Default 0.5.
        activation (str, optional): A ``paddle.nn.functional`` activation's name. Default
            'relu'.
        ln1_epsilon (float, optional): The first layer_norm's epsilon. Default 1e-5.
        ln2_epsilon (float, optional): The second layer_norm's epsilon. Default 1e-5.
        pre_layer_norm (bool, optional): Normalize before (True) or after (False, the
            default).
        training (bool, optional): Apply the dropouts. Default True.
        mode (str, optional): The dropouts' 'upscale_in_train' (the default) or
            'downscale_in_infer'.
        ring_id (int, optional): For PaddlePaddle compatibility (tensor parallelism); must
            be -1. Default -1.
        add_residual (bool, optional): Add x at the end. Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: Of x's shape and dtype.

    Example:
        >>> from paddle.incubate.nn.functional import fused_feedforward
        >>> x = paddle.ones([1, 2, 4])
        >>> out = fused_feedforward(x, paddle.ones([4, 8]), paddle.ones([8, 4]), training=False)
        >>> out.shape
        paddle.Size([1, 2, 4])
    """
    fn = "fused_feedforward"
    check_float(x, "x", fn)
    d_model = x.shape[-1]
    check_optional(linear1_weight, "linear1_weight", fn)
    if linear1_weight.ndim != 2 or linear1_weight.shape[0] != d_model:
        raise ValueError(f"[{fn}] linear1_weight must be [{d_model}, dim_feedforward] (x's "
                         f"d_model first), got shape {linear1_weight.shape}")
    check_optional(linear2_weight, "linear2_weight", fn, [linear1_weight.shape[1], d_model])
    _check_dropouts(fn, mode, dropout1_rate=dropout1_rate, dropout2_rate=dropout2_rate)
    act = getattr(F, activation, None) if isinstance(activation, str) else None
    if not callable(act):
        raise ValueError(f"[{fn}] activation must name a paddle.nn.functional activation, got "
                         f"{activation!r}")
    if ring_id != -1:
        raise ValueError(f"[{fn}] ring_id (tensor parallelism) must be -1 here, got {ring_id}")
    out = _layer_norm(x, ln1_scale, ln1_bias, ln1_epsilon) if pre_layer_norm else x
    out = F.dropout(act(F.linear(out, linear1_weight, linear1_bias)), dropout1_rate,
                    training=training, mode=mode)
    out = F.dropout(F.linear(out, linear2_weight, linear2_bias), dropout2_rate,
                    training=training, mode=mode)
    if add_residual:
        out = x + out
    return out if pre_layer_norm else _layer_norm(out, ln2_scale, ln2_bias, ln2_epsilon)


def _qkv(out, qkv_weight, qkv_bias, num_heads, transpose_qkv_wb, fn):
    """q, k, v as [batch, heads, seq, head_dim] from [batch, seq, embed]."""
    batch, seq, embed = out.shape
    if transpose_qkv_wb:
        if num_heads <= 0 or embed % num_heads:
            raise ValueError(f"[{fn}] transpose_qkv_wb needs num_heads dividing embed_dim "
                             f"{embed}, got {num_heads}")
        check_optional(qkv_weight, "qkv_weight", fn, [embed, 3 * embed])
        qkv = matmul(out, qkv_weight)
        heads = num_heads
    else:
        if qkv_weight.ndim != 4 or qkv_weight.shape[0] != 3 or qkv_weight.shape[3] != embed:
            raise ValueError(f"[{fn}] qkv_weight must be [3, num_heads, head_dim, {embed}], "
                             f"got shape {qkv_weight.shape}")
        heads = qkv_weight.shape[1]
        qkv = matmul(out, reshape(qkv_weight, [-1, embed]), transpose_y=True)
    if qkv_bias is not None:
        qkv = qkv + reshape(qkv_bias, [-1])
    qkv = transpose(reshape(qkv, [batch, seq, 3, heads, -1]), [2, 0, 3, 1, 4])
    return qkv[0], qkv[1], qkv[2]


def fused_multi_head_attention(x, qkv_weight, linear_weight, pre_layer_norm=False,
                               pre_ln_scale=None, pre_ln_bias=None, ln_scale=None, ln_bias=None,
                               pre_ln_epsilon=1e-05, qkv_bias=None, linear_bias=None,
                               cache_kv=None, attn_mask=None, dropout_rate=0.5,
                               attn_dropout_rate=0.5, ln_epsilon=1e-05, training=True,
                               mode="upscale_in_train", ring_id=-1, add_residual=True,
                               num_heads=-1, transpose_qkv_wb=False, name=None):
    """Self-attention with its projections, residual and layer_norm::

        out = layer_norm(x) if pre_layer_norm else x
        q, k, v = split(out @ qkv_weight + qkv_bias), q scaled by head_dim ** -0.5
        out = dropout(softmax(q @ k^T + attn_mask), attn_dropout_rate) @ v
        out = linear(concat of the heads)
        out = x + dropout(out) if add_residual else dropout(out)
        out = out if pre_layer_norm else layer_norm(out)

    ``cache_kv`` [2, batch, heads, cached_len, head_dim] is prepended to k and v,
    and the result is then ``(out, cache_kv_out)``. 3.3.1 runs it on GPU only; the
    same math runs here on CPU.

    Args:
        x (Tensor): [batch_size, seq_len, embed_dim], float32 or float64.
        qkv_weight (Tensor): [3, num_heads, head_dim, embed_dim] (or [embed_dim,
            3 * embed_dim] with transpose_qkv_wb).
        linear_weight (Tensor): [embed_dim, embed_dim].
        pre_layer_norm (bool, optional): Normalize before (True) or after (False, the
            default).
        pre_ln_scale (Tensor, optional): The pre layer_norm's scale. Default None.
        pre_ln_bias (Tensor, optional): Its shift. Default None.
        ln_scale (Tensor, optional): The post layer_norm's scale. Default None.
        ln_bias (Tensor, optional): Its shift. Default None.
        pre_ln_epsilon (float, optional): The pre layer_norm's epsilon. Default 1e-5.
        qkv_bias (Tensor, optional): [3, num_heads, head_dim] (or [3 * embed_dim]). Default
            None.
        linear_bias (Tensor, optional): [embed_dim]. Default None.
        cache_kv (Tensor, optional): The cached keys and values. Default None.
        attn_mask (Tensor, optional): Broadcast to [batch, heads, seq_len, keys]: float masks
            are added, bool/int ones keep True/1. Default None.
        dropout_rate (float, optional): The dropout after the projection. Default 0.5.
        attn_dropout_rate (float, optional): The dropout on the attention weights. Default 0.5.
        ln_epsilon (float, optional): The post layer_norm's epsilon. Default 1e-5.
        training (bool, optional): Apply the dropouts. Default True.
        mode (str, optional): The dropouts' 'upscale_in_train' (the default) or
            'downscale_in_infer'.
        ring_id (int, optional): For PaddlePaddle compatibility; must be -1. Default -1.
        add_residual (bool, optional): Add x at the end. Default True.
        num_heads (int, optional): The heads, with transpose_qkv_wb. Default -1.
        transpose_qkv_wb (bool, optional): The [embed_dim, 3 * embed_dim] weight layout.
            Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: Of x's shape and dtype (and the new cache when cache_kv is given).

    Example:
        >>> from paddle.incubate.nn.functional import fused_multi_head_attention
        >>> x = paddle.rand([1, 3, 4])
        >>> out = fused_multi_head_attention(x, paddle.rand([3, 2, 2, 4]), paddle.rand([4, 4]),
        ...                                  training=False)
        >>> out.shape
        paddle.Size([1, 3, 4])
    """
    fn = "fused_multi_head_attention"
    check_float(x, "x", fn)
    if x.ndim != 3:
        raise ValueError(f"[{fn}] x must be 3-D [batch_size, seq_len, embed_dim], got shape "
                         f"{x.shape}")
    embed = x.shape[-1]
    check_optional(linear_weight, "linear_weight", fn, [embed, embed])
    _check_dropouts(fn, mode, dropout_rate=dropout_rate, attn_dropout_rate=attn_dropout_rate)
    if ring_id != -1:
        raise ValueError(f"[{fn}] ring_id (tensor parallelism) must be -1 here, got {ring_id}")
    out = _layer_norm(x, pre_ln_scale, pre_ln_bias, pre_ln_epsilon) if pre_layer_norm else x
    q, k, v = _qkv(out, qkv_weight, qkv_bias, num_heads, transpose_qkv_wb, fn)
    if cache_kv is not None:
        check_optional(cache_kv, "cache_kv", fn)
        k, v = concat([cache_kv[0], k], axis=2), concat([cache_kv[1], v], axis=2)
    scores = matmul(q * (q.shape[-1] ** -0.5), k, transpose_y=True)
    mask = _additive_mask(attn_mask, scores.dtype)
    if mask is not None:
        scores = scores + mask
    weights = F.dropout(F.softmax(scores, axis=-1), attn_dropout_rate, training=training,
                        mode=mode)
    heads = transpose(matmul(weights, v), [0, 2, 1, 3])
    out = F.linear(reshape(heads, [x.shape[0], x.shape[1], -1]), linear_weight, linear_bias)
    out = F.dropout(out, dropout_rate, training=training, mode=mode)
    if add_residual:
        out = x + out
    if not pre_layer_norm:
        out = _layer_norm(out, ln_scale, ln_bias, ln_epsilon)
    if cache_kv is not None:
        return out, stack([k, v])
    return out


def fused_bias_dropout_residual_layer_norm(x, residual, bias=None, ln_scale=None, ln_bias=None,
                                           dropout_rate=0.5, ln_epsilon=1e-5, training=True,
                                           mode="upscale_in_train", name=None):
    """``layer_norm(residual + dropout(x + bias))`` over the last axis (3.3.1
    runs it on GPU only; the same math runs here on CPU).

    Args:
        x (Tensor): [..., embed_dim], float32 or float64.
        residual (Tensor): Of x's shape.
        bias (Tensor, optional): [embed_dim]. Default None.
        ln_scale (Tensor, optional): The layer_norm's scale [embed_dim]. Default None.
        ln_bias (Tensor, optional): Its shift [embed_dim]. Default None.
        dropout_rate (float, optional): The dropout's probability. Default 0.5.
        ln_epsilon (float, optional): The layer_norm's epsilon. Default 1e-5.
        training (bool, optional): Apply the dropout. Default True.
        mode (str, optional): 'upscale_in_train' (the default) or 'downscale_in_infer'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: Of x's shape and dtype.

    Example:
        >>> from paddle.incubate.nn.functional import fused_bias_dropout_residual_layer_norm
        >>> x, residual = paddle.to_tensor([[1.0, 2.0]]), paddle.to_tensor([[0.0, 1.0]])
        >>> out = fused_bias_dropout_residual_layer_norm(x, residual, training=False)
        >>> out.numpy().round(3)
        array([[-1.,  1.]], dtype=float32)
    """
    fn = "fused_bias_dropout_residual_layer_norm"
    check_float(x, "x", fn)
    check_optional(residual, "residual", fn, x.shape)
    _check_dropouts(fn, mode, dropout_rate=dropout_rate)
    out = x if bias is None else x + check_optional(bias, "bias", fn, [x.shape[-1]])
    out = residual + F.dropout(out, dropout_rate, training=training, mode=mode)
    return _layer_norm(out, ln_scale, ln_bias, ln_epsilon)
