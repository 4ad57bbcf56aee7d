"""MultiHeadAttention and the Transformer encoder/decoder layers, stacks and
model, with PaddlePaddle's parameter names so its state_dicts load."""
import collections
import copy

from ...framework import dtypes as _dtype
from ...tensor.creation import full
from ...tensor.layout import triu
from ...tensor.manipulation import concat, reshape, transpose
from ...tensor.math import matmul
from .. import functional as F
from ..functional.attention import _additive_mask
from .common import Dropout, Linear
from .container import LayerList
from .layers import Layer
from .norm import LayerNorm

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


def _param_attr_list(attr, n):
    """One weight/bias attribute per sublayer group: a list of 1 or n entries,
    or one attribute for all (a named one gets a `_i` suffix per copy)."""
    if isinstance(attr, (list, tuple)):
        if len(attr) == 1:
            return list(attr) * n
        if len(attr) != n:
            raise AssertionError(f"length of param_attr should be 1 or {n} when it is a "
                                 f"list/tuple, got {len(attr)}")
        return list(attr)
    if isinstance(attr, bool) or attr is None:
        return [attr] * n
    attrs = []
    for i in range(n):
        copied = copy.deepcopy(attr)
        if getattr(attr, "name", None):
            copied.name = f"{attr.name}_{i}"
        attrs.append(copied)
    return attrs


def _check_positive(value, what):
    # AssertionError with PaddlePaddle's message: the type it raises for these.
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise AssertionError(f"Expected {what} to be greater than 0, but received {value!r}")


def _activation(name, cls):
    fn = getattr(F, name, None) if isinstance(name, str) else None
    if fn is None or not callable(fn):  # AttributeError, as PaddlePaddle's getattr gives
        raise AttributeError(f"[{cls}] unknown activation {name!r}: paddle.nn.functional has "
                             f"no such function (e.g. 'relu' or 'gelu')")
    return fn


class MultiHeadAttention(Layer):
    """Attention over num_heads heads: q/k/v projections (q_proj, k_proj,
    v_proj), softmax(q k^T / sqrt(head_dim) + mask) v, then out_proj. attn_mask
    is bool/int (True/1 = attend) or float (added to the scores).

    Args:
        embed_dim (int): The size of the query features and of the output, a positive int divisible
            by num_heads.
        num_heads (int): The number of heads, a positive int.
        dropout (float, optional): The dropout probability of the attention weights while training.
            Default 0.0.
        kdim (int, optional): The size of the key features. Default None: embed_dim.
        vdim (int, optional): The size of the value features. Default None: embed_dim.
        need_weights (bool, optional): Also return the attention weights [batch, num_heads,
            query_len, key_len]. Default False.
        weight_attr (ParamAttr, optional): The attribute of the four projections' weights. Default
            None.
        bias_attr (ParamAttr|bool, optional): The attribute of their biases; False: no biases.
            Default None.

    Returns:
        MultiHeadAttention: A layer whose forward(query, key=None, value=None, attn_mask=None,
            cache=None) maps query [batch, query_len, embed_dim] (key and value default to query) to
            [batch, query_len, embed_dim] (with the weights when need_weights, and the new cache
            when cache is given).

    Example:
        >>> mha = paddle.nn.MultiHeadAttention(8, 2)
        >>> mha(paddle.rand([2, 3, 8])).shape
        paddle.Size([2, 3, 8])
    """

    Cache = collections.namedtuple("Cache", ["k", "v"])
    Cache.__doc__ = """The self-attention cache of incremental decoding (``gen_cache``):
    the keys and values of the steps so far, [batch, num_heads, steps, head_dim];
    each call of the layer with it returns one that is a step longer.

    Args:
        k (Tensor): The keys so far, [batch, num_heads, steps, head_dim].
        v (Tensor): The values so far, of the same shape.

    Returns:
        Cache: A named tuple (k, v).

    Example:
        >>> mha = paddle.nn.MultiHeadAttention(8, 2)
        >>> cache = mha.gen_cache(paddle.rand([2, 1, 8]))
        >>> out, cache = mha(paddle.rand([2, 1, 8]), cache=cache)
        >>> cache.k.shape
        paddle.Size([2, 2, 1, 4])
    """
    Cache.k.__doc__ = "The keys, [batch, num_heads, steps, head_dim]."
    Cache.v.__doc__ = "The values, [batch, num_heads, steps, head_dim]."
    StaticCache = collections.namedtuple("StaticCache", ["k", "v"])
    StaticCache.__doc__ = """The cross-attention cache of incremental decoding: the
    projected keys and values of the memory, computed once
    (``gen_cache(memory, type=MultiHeadAttention.StaticCache)``) and reused at each step.

    Args:
        k (Tensor): The projected keys of the memory, [batch, num_heads, length, head_dim].
        v (Tensor): The projected values of the memory, of the same shape.

    Returns:
        StaticCache: A named tuple (k, v).

    Example:
        >>> mha = paddle.nn.MultiHeadAttention(8, 2)
        >>> memory = paddle.rand([2, 5, 8])
        >>> cache = mha.gen_cache(memory, type=paddle.nn.MultiHeadAttention.StaticCache)
        >>> cache.k.shape
        paddle.Size([2, 2, 5, 4])
    """
    StaticCache.k.__doc__ = "The projected keys of the memory, [batch, num_heads, length, head_dim]."
    StaticCache.v.__doc__ = "The projected values of the memory, [batch, num_heads, length, head_dim]."

    def __init__(self, embed_dim, num_heads, dropout=0.0, kdim=None, vdim=None,
                 need_weights=False, weight_attr=None, bias_attr=None):
        super().__init__()
        _check_positive(embed_dim, "embed_dim")
        _check_positive(num_heads, "num_heads")
        if embed_dim % num_heads != 0:
            raise AssertionError(f"embed_dim must be divisible by num_heads, got embed_dim "
                                 f"{embed_dim} and num_heads {num_heads}")
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.need_weights = need_weights
        self.head_dim = embed_dim // num_heads
        self.q_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.k_proj = Linear(self.kdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.v_proj = Linear(self.vdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.out_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)

    def _heads(self, x):
        """[batch, seq, embed] -> [batch, num_heads, seq, head_dim]."""
        return transpose(reshape(x, [0, 0, self.num_heads, self.head_dim]), [0, 2, 1, 3])

    def compute_kv(self, key, value):
        """The projected keys and values, [batch, num_heads, seq, head_dim] each.

        Args:
            key (Tensor): The keys, [batch, seq, kdim].
            value (Tensor): The values, [batch, seq, vdim].

        Returns:
            tuple: (k, v), Tensors of shape [batch, num_heads, seq, head_dim].

        Example:
            >>> mha = paddle.nn.MultiHeadAttention(8, 2)
            >>> k, v = mha.compute_kv(paddle.rand([2, 5, 8]), paddle.rand([2, 5, 8]))
            >>> k.shape
            paddle.Size([2, 2, 5, 4])
        """
        return self._heads(self.k_proj(key)), self._heads(self.v_proj(value))

    def gen_cache(self, key, value=None, type=Cache):
        """A cache for incremental decoding: StaticCache holds the projected
        key/value (for cross attention); Cache grows by one step per call
        (empty when value is None, else holding key and value as given).

        Args:
            key (Tensor): For StaticCache, the memory [batch, length, kdim] to project; for
                Cache with value None, only its batch size and dtype are used; otherwise the
                cache's keys.
            value (Tensor, optional): For StaticCache, the memory to project as values (None: key);
                for Cache, the cache's values (None: an empty cache). Default None.
            type (type, optional): MultiHeadAttention.Cache (the default) or
                MultiHeadAttention.StaticCache.

        Returns:
            Cache|StaticCache: The cache, its k and v [batch, num_heads, steps, head_dim].

        Example:
            >>> mha = paddle.nn.MultiHeadAttention(8, 2)
            >>> cache = mha.gen_cache(paddle.rand([2, 1, 8]))
            >>> cache.k.shape
            paddle.Size([2, 2, 0, 4])
        """
        if type is MultiHeadAttention.StaticCache:
            return self.StaticCache(*self.compute_kv(key, key if value is None else value))
        if value is None:
            empty = full([key.shape[0], self.num_heads, 0, self.head_dim], 0.0, key.dtype)
            return self.Cache(empty, empty)
        return self.Cache(key, value)

    def _prepare_qkv(self, query, key, value, cache):
        q = self._heads(self.q_proj(query))
        if isinstance(cache, self.StaticCache):
            return q, cache.k, cache.v, cache
        k, v = self.compute_kv(key, value)
        if isinstance(cache, self.Cache):
            k = concat([cache.k, k], axis=2)
            v = concat([cache.v, v], axis=2)
            cache = self.Cache(k, v)
        return q, k, v, cache

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        key = query if key is None else key
        value = query if value is None else value
        for what, t, width in (("query", query, self.embed_dim), ("key", key, self.kdim),
                               ("value", value, self.vdim)):
            if t.ndim != 3 or t.shape[-1] != width:
                raise ValueError(f"[MultiHeadAttention] {what} must be [batch, seq_len, "
                                 f"{width}], got shape {list(t.shape)}")
        q, k, v, cache = self._prepare_qkv(query, key, value, cache)
        scores = matmul(q * (self.head_dim ** -0.5), k, transpose_y=True)
        mask = _additive_mask(attn_mask, scores.dtype)
        if mask is not None:
            scores = scores + mask
        weights = F.softmax(scores)
        if self.dropout:
            weights = F.dropout(weights, self.dropout, training=self.training,
                                mode="upscale_in_train")
        out = transpose(matmul(weights, v), [0, 2, 1, 3])
        out = self.out_proj(reshape(out, [0, 0, self.embed_dim]))
        outs = [out]
        if self.need_weights:
            outs.append(weights)
        if cache is not None:
            outs.append(cache)
        return out if len(outs) == 1 else tuple(outs)


class TransformerEncoderLayer(Layer):
    """Self attention then a feed-forward network (linear1, activation,
    linear2), each with a residual connection and LayerNorm (before the block
    when normalize_before, else after).

    Args:
        d_model (int): The size of the input and output features, a positive int divisible by nhead.
        nhead (int): The number of attention heads, a positive int.
        dim_feedforward (int): The hidden size of the feed-forward network, a positive int.
        dropout (float, optional): The dropout probability after each sublayer (and the default of
            attn_dropout and act_dropout). Default 0.1.
        activation (str, optional): The name of a paddle.nn.functional activation of the
            feed-forward network, such as 'relu' (the default) or 'gelu'.
        attn_dropout (float, optional): The dropout probability of the attention weights. Default
            None: dropout.
        act_dropout (float, optional): The dropout probability after the activation. Default None:
            dropout.
        normalize_before (bool, optional): True: LayerNorm before each sublayer (pre-norm); False
            (the default): after the residual addition (post-norm).
        weight_attr (ParamAttr|list|tuple, optional): The weights' attribute: one for all, or a list
            of 1 or 2 (self attention, feed-forward network). Default None.
        bias_attr (ParamAttr|bool|list|tuple, optional): The biases' attribute, in the same forms;
            False: no biases. Default None.
        layer_norm_eps (float, optional): The epsilon of the LayerNorms. Default 1e-05.

    Returns:
        TransformerEncoderLayer: A layer whose forward(src, src_mask=None, cache=None) returns a
            tensor of src's shape [batch, length, d_model] (and the new cache when cache is given).

    Example:
        >>> layer = paddle.nn.TransformerEncoderLayer(8, 2, 16)
        >>> layer(paddle.rand([2, 4, 8])).shape
        paddle.Size([2, 4, 8])
    """

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu",
                 attn_dropout=None, act_dropout=None, normalize_before=False, weight_attr=None,
                 bias_attr=None, layer_norm_eps=1e-5):
        self._config = {k: v for k, v in locals().items() if k not in ("self", "__class__")}
        super().__init__()
        _check_positive(d_model, "d_model")
        _check_positive(nhead, "nhead")
        _check_positive(dim_feedforward, "dim_feedforward")
        attn_dropout = dropout if attn_dropout is None else attn_dropout
        act_dropout = dropout if act_dropout is None else act_dropout
        self.normalize_before = normalize_before
        weights = _param_attr_list(weight_attr, 2)
        biases = _param_attr_list(bias_attr, 2)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                            weight_attr=weights[0], bias_attr=biases[0])
        self.linear1 = Linear(d_model, dim_feedforward, weights[1], bias_attr=biases[1])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weights[1], bias_attr=biases[1])
        self.norm1 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.norm2 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.activation = _activation(activation, "TransformerEncoderLayer")

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _additive_mask(src_mask, src.dtype)
        residual = src
        if self.normalize_before:
            src = self.norm1(src)
        if cache is None:
            src = self.self_attn(src, src, src, src_mask)
        else:
            src, cache = self.self_attn(src, src, src, src_mask, cache)
        src = residual + self.dropout1(src)
        if not self.normalize_before:
            src = self.norm1(src)
        residual = src
        if self.normalize_before:
            src = self.norm2(src)
        src = self.linear2(self.dropout(self.activation(self.linear1(src))))
        src = residual + self.dropout2(src)
        if not self.normalize_before:
            src = self.norm2(src)
        return src if cache is None else (src, cache)

    def gen_cache(self, src):
        """An empty self-attention Cache for incremental encoding.

        Args:
            src (Tensor): The input [batch, length, d_model]; its batch size and dtype are used.

        Returns:
            MultiHeadAttention.Cache: An empty cache (0 steps).

        Example:
            >>> layer = paddle.nn.TransformerEncoderLayer(8, 2, 16)
            >>> layer.gen_cache(paddle.rand([2, 1, 8])).k.shape
            paddle.Size([2, 2, 0, 4])
        """
        return self.self_attn.gen_cache(src, type=MultiHeadAttention.Cache)


def _clones(layer, num_layers, cls):
    if not isinstance(num_layers, int) or num_layers < 0:  # PaddlePaddle allows 0 layers
        raise ValueError(f"[{cls}] num_layers must be a non-negative int, got {num_layers!r}")
    return LayerList([layer if i == 0 else type(layer)(**layer._config)
                      for i in range(num_layers)])


class TransformerEncoder(Layer):
    """num_layers encoder layers (the given one and fresh copies of its
    configuration), then an optional LayerNorm.

    Args:
        encoder_layer (TransformerEncoderLayer): The first layer; the others are fresh layers of the
            same configuration.
        num_layers (int): The number of layers, a non-negative int.
        norm (LayerNorm, optional): A layer applied to the last layer's output. Default None: none.

    Returns:
        TransformerEncoder: A layer whose forward(src, src_mask=None, cache=None) returns a tensor
            of src's shape (and the new caches when cache is given).

    Example:
        >>> layer = paddle.nn.TransformerEncoderLayer(8, 2, 16)
        >>> encoder = paddle.nn.TransformerEncoder(layer, 2)
        >>> encoder(paddle.rand([2, 4, 8])).shape
        paddle.Size([2, 4, 8])
    """

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _clones(encoder_layer, num_layers, "TransformerEncoder")
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _additive_mask(src_mask, src.dtype)
        output, new_caches = src, []
        for i, layer in enumerate(self.layers):
            if cache is None:
                output = layer(output, src_mask=src_mask)
            else:
                output, new_cache = layer(output, src_mask=src_mask, cache=cache[i])
                new_caches.append(new_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, src):
        """One empty Cache per layer.

        Args:
            src (Tensor): The input [batch, length, d_model]; its batch size and dtype are used.

        Returns:
            list: One empty MultiHeadAttention.Cache per layer.

        Example:
            >>> layer = paddle.nn.TransformerEncoderLayer(8, 2, 16)
            >>> encoder = paddle.nn.TransformerEncoder(layer, 2)
            >>> len(encoder.gen_cache(paddle.rand([2, 1, 8])))
            2
        """
        return [layer.gen_cache(src) for layer in self.layers]


class TransformerDecoderLayer(Layer):
    """Self attention over tgt, cross attention to memory, then a
    feed-forward network; residuals and LayerNorms (norm1..norm3) as in
    TransformerEncoderLayer.

    Args:
        d_model (int): The size of the input and output features, a positive int divisible by nhead.
        nhead (int): The number of attention heads, a positive int.
        dim_feedforward (int): The hidden size of the feed-forward network, a positive int.
        dropout (float, optional): The dropout probability after each sublayer (and the default of
            attn_dropout and act_dropout). Default 0.1.
        activation (str, optional): The name of a paddle.nn.functional activation of the
            feed-forward network, such as 'relu' (the default) or 'gelu'.
        attn_dropout (float, optional): The dropout probability of the attention weights. Default
            None: dropout.
        act_dropout (float, optional): The dropout probability after the activation. Default None:
            dropout.
        normalize_before (bool, optional): True: LayerNorm before each sublayer (pre-norm); False
            (the default): after the residual addition (post-norm).
        weight_attr (ParamAttr|list|tuple, optional): The weights' attribute: one for all, or a list
            of 1 or 3 (self attention, cross attention, feed-forward network). Default None.
        bias_attr (ParamAttr|bool|list|tuple, optional): The biases' attribute, in the same forms;
            False: no biases. Default None.
        layer_norm_eps (float, optional): The epsilon of the LayerNorms. Default 1e-05.

    Returns:
        TransformerDecoderLayer: A layer whose forward(tgt, memory, tgt_mask=None, memory_mask=None,
            cache=None) returns a tensor of tgt's shape [batch, tgt_length, d_model] (and the new
            caches when cache is given).

    Example:
        >>> layer = paddle.nn.TransformerDecoderLayer(8, 2, 16)
        >>> layer(paddle.rand([2, 3, 8]), paddle.rand([2, 5, 8])).shape
        paddle.Size([2, 3, 8])
    """

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu",
                 attn_dropout=None, act_dropout=None, normalize_before=False, weight_attr=None,
                 bias_attr=None, layer_norm_eps=1e-5):
        self._config = {k: v for k, v in locals().items() if k not in ("self", "__class__")}
        super().__init__()
        _check_positive(d_model, "d_model")
        _check_positive(nhead, "nhead")
        _check_positive(dim_feedforward, "dim_feedforward")
        attn_dropout = dropout if attn_dropout is None else attn_dropout
        act_dropout = dropout if act_dropout is None else act_dropout
        self.normalize_before = normalize_before
        weights = _param_attr_list(weight_attr, 3)
        biases = _param_attr_list(bias_attr, 3)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                            weight_attr=weights[0], bias_attr=biases[0])
        self.cross_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                             weight_attr=weights[1], bias_attr=biases[1])
        self.linear1 = Linear(d_model, dim_feedforward, weights[2], bias_attr=biases[2])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weights[2], bias_attr=biases[2])
        self.norm1 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.norm2 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.norm3 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.dropout3 = Dropout(dropout, mode="upscale_in_train")
        self.activation = _activation(activation, "TransformerDecoderLayer")

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _additive_mask(tgt_mask, tgt.dtype)
        memory_mask = _additive_mask(memory_mask, memory.dtype)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm1(tgt)
        if cache is None:
            tgt = self.self_attn(tgt, tgt, tgt, tgt_mask, None)
        else:
            tgt, incremental = self.self_attn(tgt, tgt, tgt, tgt_mask, cache[0])
        tgt = residual + self.dropout1(tgt)
        if not self.normalize_before:
            tgt = self.norm1(tgt)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm2(tgt)
        if cache is None:
            tgt = self.cross_attn(tgt, memory, memory, memory_mask, None)
        else:
            tgt, static = self.cross_attn(tgt, memory, memory, memory_mask, cache[1])
        tgt = residual + self.dropout2(tgt)
        if not self.normalize_before:
            tgt = self.norm2(tgt)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm3(tgt)
        tgt = self.linear2(self.dropout(self.activation(self.linear1(tgt))))
        tgt = residual + self.dropout3(tgt)
        if not self.normalize_before:
            tgt = self.norm3(tgt)
        return tgt if cache is None else (tgt, (incremental, static))

    def gen_cache(self, memory):
        """(an empty self-attention Cache, a StaticCache of memory's projected
        keys/values) for incremental decoding.

        Args:
            memory (Tensor): The encoder's output [batch, length, d_model].

        Returns:
            tuple: (an empty MultiHeadAttention.Cache, a MultiHeadAttention.StaticCache of memory).

        Example:
            >>> layer = paddle.nn.TransformerDecoderLayer(8, 2, 16)
            >>> cache = layer.gen_cache(paddle.rand([2, 5, 8]))
            >>> cache[1].k.shape
            paddle.Size([2, 2, 5, 4])
        """
        incremental = self.self_attn.gen_cache(memory, type=MultiHeadAttention.Cache)
        static = self.cross_attn.gen_cache(memory, memory, type=MultiHeadAttention.StaticCache)
        return incremental, static


class TransformerDecoder(Layer):
    """num_layers decoder layers (the given one and fresh copies of its
    configuration), then an optional LayerNorm.

    Args:
        decoder_layer (TransformerDecoderLayer): The first layer; the others are fresh layers of the
            same configuration.
        num_layers (int): The number of layers, a non-negative int.
        norm (LayerNorm, optional): A layer applied to the last layer's output. Default None: none.

    Returns:
        TransformerDecoder: A layer whose forward(tgt, memory, tgt_mask=None, memory_mask=None,
            cache=None) returns a tensor of tgt's shape (and the new caches when cache is given).

    Example:
        >>> layer = paddle.nn.TransformerDecoderLayer(8, 2, 16)
        >>> decoder = paddle.nn.TransformerDecoder(layer, 2)
        >>> decoder(paddle.rand([2, 3, 8]), paddle.rand([2, 5, 8])).shape
        paddle.Size([2, 3, 8])
    """

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _clones(decoder_layer, num_layers, "TransformerDecoder")
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _additive_mask(tgt_mask, tgt.dtype)
        memory_mask = _additive_mask(memory_mask, memory.dtype)
        output, new_caches = tgt, []
        for i, layer in enumerate(self.layers):
            if cache is None:
                output = layer(output, memory, tgt_mask, memory_mask, None)
            else:
                output, new_cache = layer(output, memory, tgt_mask, memory_mask, cache[i])
                new_caches.append(new_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, memory, do_zip=False):
        """One (Cache, StaticCache) pair per layer (do_zip: a list of the
        incremental caches and a list of the static ones instead).

        Args:
            memory (Tensor): The encoder's output [batch, length, d_model].
            do_zip (bool, optional): Return [incremental caches, static caches] instead of one pair
                per layer. Default False.

        Returns:
            list: One (Cache, StaticCache) pair per layer, or the two lists when do_zip.

        Example:
            >>> layer = paddle.nn.TransformerDecoderLayer(8, 2, 16)
            >>> decoder = paddle.nn.TransformerDecoder(layer, 2)
            >>> len(decoder.gen_cache(paddle.rand([2, 5, 8])))
            2
        """
        caches = [layer.gen_cache(memory) for layer in self.layers]
        return list(zip(*caches)) if do_zip else caches


def _split_attr(attr):
    """Transformer's weight/bias attribute: (encoder's, decoder's)."""
    if not isinstance(attr, (list, tuple)):
        return attr, attr
    if len(attr) == 1:
        return attr[0], attr[0]
    if len(attr) == 2:
        return attr[0], attr[1]
    if len(attr) == 3:
        return [attr[0], attr[-1]], attr
    raise AssertionError(f"length of param_attr should be 1, 2 or 3 when it is a list/tuple, "
                         f"got {len(attr)}")


class Transformer(Layer):
    """An encoder stack and a decoder stack, each ending in a LayerNorm
    (or custom_encoder / custom_decoder).

    Args:
        d_model (int, optional): The size of the input and output features, divisible by nhead.
            Default 512.
        nhead (int, optional): The number of attention heads. Default 8.
        num_encoder_layers (int, optional): The number of encoder layers. Default 6.
        num_decoder_layers (int, optional): The number of decoder layers. Default 6.
        dim_feedforward (int, optional): The hidden size of the feed-forward networks. Default 2048.
        dropout (float, optional): The dropout probability after each sublayer (and the default of
            attn_dropout and act_dropout). Default 0.1.
        activation (str, optional): The name of a paddle.nn.functional activation of the
            feed-forward networks. Default 'relu'.
        attn_dropout (float, optional): The dropout probability of the attention weights. Default
            None: dropout.
        act_dropout (float, optional): The dropout probability after the activation. Default None:
            dropout.
        normalize_before (bool, optional): True: pre-norm layers; False (the default): post-norm.
        weight_attr (ParamAttr|list|tuple, optional): The weights' attribute: one for all, a list of
            1, of 2 (encoder's, decoder's) or of 3 (the decoder's three groups; the encoder takes
            the first and the last). Default None.
        bias_attr (ParamAttr|bool|list|tuple, optional): The biases' attribute, in the same forms;
            False: no biases. Default None.
        custom_encoder (Layer, optional): Used as the encoder instead of a TransformerEncoder.
            Default None.
        custom_decoder (Layer, optional): Used as the decoder instead of a TransformerDecoder.
            Default None.

    Returns:
        Transformer: A layer whose forward(src, tgt, src_mask=None, tgt_mask=None, memory_mask=None)
            returns the decoder's output, a tensor of tgt's shape [batch, tgt_length, d_model].

    Example:
        >>> model = paddle.nn.Transformer(8, 2, 1, 1, 16)
        >>> model(paddle.rand([2, 5, 8]), paddle.rand([2, 3, 8])).shape
        paddle.Size([2, 3, 8])
    """

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
                 dim_feedforward=2048, dropout=0.1, activation="relu", attn_dropout=None,
                 act_dropout=None, normalize_before=False, weight_attr=None, bias_attr=None,
                 custom_encoder=None, custom_decoder=None):
        super().__init__()
        enc_w, dec_w = _split_attr(weight_attr)
        enc_b, dec_b = _split_attr(bias_attr)
        common = dict(dropout=dropout, activation=activation, attn_dropout=attn_dropout,
                      act_dropout=act_dropout, normalize_before=normalize_before)
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, weight_attr=enc_w,
                                            bias_attr=enc_b, **common)
            self.encoder = TransformerEncoder(layer, num_encoder_layers, LayerNorm(d_model))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, weight_attr=dec_w,
                                            bias_attr=dec_b, **common)
            self.decoder = TransformerDecoder(layer, num_decoder_layers, LayerNorm(d_model))
        self.d_model = d_model
        self.nhead = nhead

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None):
        src_mask = _additive_mask(src_mask, src.dtype)
        memory = self.encoder(src, src_mask=src_mask)
        tgt_mask = _additive_mask(tgt_mask, tgt.dtype)
        memory_mask = _additive_mask(memory_mask, memory.dtype)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask)

    def generate_square_subsequent_mask(self, length):
        """A [length, length] float mask: -inf above the diagonal, 0 elsewhere
        (position i attends to positions <= i).

        Args:
            length (int|Tensor): The sequence length, a non-negative int (or a one-element Tensor).

        Returns:
            Tensor: A [length, length] tensor of the default float dtype.

        Example:
            >>> paddle.nn.Transformer(8, 2, 1, 1, 16).generate_square_subsequent_mask(2).numpy()
            array([[  0., -inf],
                   [  0.,   0.]], dtype=float32)
        """
        if hasattr(length, "item"):
            length = int(length.item())
        if not isinstance(length, int) or length < 0:
            raise ValueError(f"[generate_square_subsequent_mask] length must be a non-negative "
                             f"int, got {length!r}")
        return triu(full([length, length], float("-inf"), _dtype.get_default_dtype()), 1)
