"""The fused transformer layers of PaddlePaddle 3.3.1 with its parameter
names and layouts (so its state_dicts load): FusedBiasDropoutResidualLayerNorm,
FusedMultiHeadAttention, FusedFeedForward and FusedTransformerEncoderLayer,
computed by the functions of ..functional.fused_transformer."""
from ....nn.initializer import Constant
from ....nn.layer.layers import Layer
from ....nn.layer.transformer import _check_positive, _param_attr_list
from ..functional import fused_transformer as fused

__all__ = []


def _ln_params(layer, scale_attr, bias_attr, dim):
    return (layer.create_parameter([dim], attr=scale_attr, default_initializer=Constant(1.0)),
            layer.create_parameter([dim], attr=bias_attr, is_bias=True))


def _single_process(nranks, ring_id, cls):
    if nranks != 1 or ring_id != -1:
        raise ValueError(f"[{cls}] nranks/ring_id (tensor parallelism) must be 1/-1 here, got "
                         f"{nranks}/{ring_id}")


class FusedBiasDropoutResidualLayerNorm(Layer):
    """``layer_norm(residual + dropout(x + linear_bias))`` with learned
    ``linear_bias``, ``ln_scale`` and ``ln_bias`` [embed_dim].

    Args:
        embed_dim (int): The last dim of x.
        dropout_rate (float, optional): The dropout's probability. Default 0.5.
        weight_attr (ParamAttr, optional): ln_scale's attribute. Default None.
        bias_attr (ParamAttr, optional): linear_bias' and ln_bias' attribute. Default None.
        epsilon (float, optional): The layer_norm's epsilon. Default 1e-5.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        FusedBiasDropoutResidualLayerNorm: The layer, called as ``layer(x, residual)``.

    Example:
        >>> from paddle.incubate.nn import FusedBiasDropoutResidualLayerNorm
        >>> layer = FusedBiasDropoutResidualLayerNorm(4, dropout_rate=0.1)
        >>> layer(paddle.rand([2, 3, 4]), paddle.rand([2, 3, 4])).shape
        paddle.Size([2, 3, 4])
    """

    def __init__(self, embed_dim, dropout_rate=0.5, weight_attr=None, bias_attr=None,
                 epsilon=1e-5, name=None):
        super().__init__()
        _check_positive(embed_dim, "embed_dim")
        self.embed_dim = embed_dim
        self.linear_bias = self.create_parameter([embed_dim], attr=bias_attr, is_bias=True)
        self.ln_scale, self.ln_bias = _ln_params(self, weight_attr, bias_attr, embed_dim)
        self.dropout_rate = dropout_rate
        self._epsilon = epsilon
        self.name = name

    def forward(self, x, residual):
        """Applies the block.

        Args:
            x (Tensor): [batch_size, seq_len, embed_dim], float32 or float64.
            residual (Tensor): Of x's shape.

        Returns:
            Tensor: Of x's shape and dtype.
        """
        return fused.fused_bias_dropout_residual_layer_norm(
            x, residual, self.linear_bias, self.ln_scale, self.ln_bias, self.dropout_rate,
            self._epsilon, self.training, "upscale_in_train", self.name)

    def extra_repr(self):
        """The layer's settings as text.

        Returns:
            str: embed_dim, dropout_rate and epsilon.
        """
        return f"embed_dim={self.embed_dim}, dropout_rate={self.dropout_rate}, " \
               f"epsilon={self._epsilon}"


class FusedMultiHeadAttention(Layer):
    """Self-attention with projections, residual and layer_norm, computed by
    ``paddle.incubate.nn.functional.fused_multi_head_attention``; parameters
    ``qkv_weight`` [3, num_heads, head_dim, embed_dim] (or [embed_dim,
    3 * embed_dim] with transpose_qkv_wb), ``qkv_bias``, ``linear_weight``,
    ``linear_bias``, and ``pre_ln_scale``/``pre_ln_bias`` (normalize_before) or
    ``ln_scale``/``ln_bias``.

    Args:
        embed_dim (int): The input's last dim.
        num_heads (int): The heads; must divide embed_dim.
        dropout_rate (float, optional): The dropout after the projection. Default 0.5.
        attn_dropout_rate (float, optional): The dropout on the attention weights. Default 0.5.
        kdim (int, optional): For PaddlePaddle compatibility (self-attention only). Default None.
        vdim (int, optional): For PaddlePaddle compatibility. Default None.
        normalize_before (bool, optional): Pre (True) or post (False, the default)
            layer_norm.
        need_weights (bool, optional): For PaddlePaddle compatibility; must be False.
            Default False.
        qkv_weight_attr (ParamAttr, optional): Default None.
        qkv_bias_attr (ParamAttr|bool, optional): Default None.
        linear_weight_attr (ParamAttr, optional): Default None.
        linear_bias_attr (ParamAttr|bool, optional): Default None.
        pre_ln_scale_attr (ParamAttr, optional): Default None.
        pre_ln_bias_attr (ParamAttr, optional): Default None.
        ln_scale_attr (ParamAttr, optional): Default None.
        ln_bias_attr (ParamAttr, optional): Default None.
        epsilon (float, optional): The layer_norm's epsilon. Default 1e-5.
        nranks (int, optional): For PaddlePaddle compatibility; must be 1. Default 1.
        ring_id (int, optional): For PaddlePaddle compatibility; must be -1. Default -1.
        transpose_qkv_wb (bool, optional): The [embed_dim, 3 * embed_dim] qkv layout. Default
            False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        FusedMultiHeadAttention: The layer, called as ``layer(query, attn_mask=None)``.

    Example:
        >>> from paddle.incubate.nn import FusedMultiHeadAttention
        >>> attn = FusedMultiHeadAttention(4, 2, dropout_rate=0.0, attn_dropout_rate=0.0)
        >>> attn(paddle.rand([2, 3, 4])).shape
        paddle.Size([2, 3, 4])
    """

    def __init__(self, embed_dim, num_heads, dropout_rate=0.5, attn_dropout_rate=0.5, kdim=None,
                 vdim=None, normalize_before=False, need_weights=False, qkv_weight_attr=None,
                 qkv_bias_attr=None, linear_weight_attr=None, linear_bias_attr=None,
                 pre_ln_scale_attr=None, pre_ln_bias_attr=None, ln_scale_attr=None,
                 ln_bias_attr=None, epsilon=1e-5, nranks=1, ring_id=-1, transpose_qkv_wb=False,
                 name=None):
        super().__init__()
        cls = "FusedMultiHeadAttention"
        _check_positive(embed_dim, "embed_dim")
        _check_positive(num_heads, "num_heads")
        if embed_dim % num_heads:
            raise ValueError(f"[{cls}] embed_dim ({embed_dim}) must be divisible by num_heads "
                             f"({num_heads})")
        if need_weights:
            raise ValueError(f"[{cls}] need_weights=True is not supported (as in PaddlePaddle)")
        _single_process(nranks, ring_id, cls)
        self.normalize_before = normalize_before
        self._epsilon = epsilon
        self._ring_id = ring_id
        self.embed_dim, self.num_heads = embed_dim, num_heads
        self.head_dim = embed_dim // num_heads
        self.kdim, self.vdim, self.need_weights = kdim, vdim, need_weights
        self.transpose_qkv_wb = transpose_qkv_wb
        if transpose_qkv_wb:
            qkv_shape, bias_shape = [embed_dim, 3 * embed_dim], [3 * embed_dim]
        else:
            qkv_shape = [3, num_heads, self.head_dim, embed_dim]
            bias_shape = [3, num_heads, self.head_dim]
        self.qkv_weight = self.create_parameter(qkv_shape, attr=qkv_weight_attr)
        self.qkv_bias = self.create_parameter(bias_shape, attr=qkv_bias_attr, is_bias=True)
        self.linear_weight = self.create_parameter([embed_dim, embed_dim],
                                                   attr=linear_weight_attr)
        self.linear_bias = self.create_parameter([embed_dim], attr=linear_bias_attr,
                                                 is_bias=True)
        if normalize_before:
            self.pre_ln_scale, self.pre_ln_bias = _ln_params(self, pre_ln_scale_attr,
                                                             pre_ln_bias_attr, embed_dim)
            self.ln_scale = self.ln_bias = None
        else:
            self.pre_ln_scale = self.pre_ln_bias = None
            self.ln_scale, self.ln_bias = _ln_params(self, ln_scale_attr, ln_bias_attr,
                                                     embed_dim)
        self.dropout_rate = dropout_rate
        self.attn_dropout_rate = attn_dropout_rate
        self.name = name

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        """Self-attention of query (key and value are ignored, as in PaddlePaddle).

        Args:
            query (Tensor): [batch_size, seq_len, embed_dim].
            key (Tensor, optional): Ignored. Default None.
            value (Tensor, optional): Ignored. Default None.
            attn_mask (Tensor, optional): Broadcast to [batch, heads, seq_len, keys]; bool/int
                keep True/1, floats are added. Default None.
            cache (Tensor, optional): Cached keys and values [2, batch, heads, len, head_dim].
                Default None.

        Returns:
            Tensor: Of query's shape (and the new cache when cache is given).
        """
        return fused.fused_multi_head_attention(
            query, self.qkv_weight, self.linear_weight, self.normalize_before,
            self.pre_ln_scale, self.pre_ln_bias, self.ln_scale, self.ln_bias, self._epsilon,
            self.qkv_bias, self.linear_bias, cache, attn_mask, self.dropout_rate,
            self.attn_dropout_rate, self._epsilon, self.training, "upscale_in_train",
            self._ring_id, True, self.num_heads, self.transpose_qkv_wb, self.name)

    def extra_repr(self):
        """The layer's settings as text.

        Returns:
            str: embed_dim, num_heads, the dropout rates and normalize_before.
        """
        return (f"embed_dim={self.embed_dim}, num_heads={self.num_heads}, dropout_rate="
                f"{self.dropout_rate}, attn_dropout_rate={self.attn_dropout_rate}, epsilon="
                f"{self._epsilon}, normalize_before={self.normalize_before}")


class FusedFeedForward(Layer):
    """A transformer's feed-forward block computed by
    ``paddle.incubate.nn.functional.fused_feedforward``; parameters
    ``_linear1_weight`` [d_model, dim_feedforward], ``_linear1_bias``,
    ``_linear2_weight`` [dim_feedforward, d_model], ``_linear2_bias``, and
    ``_ln1_scale``/``_ln1_bias`` (normalize_before) or ``_ln2_scale``/``_ln2_bias``.

    Args:
        d_model (int): The input's last dim.
        dim_feedforward (int): The hidden dim.
        dropout_rate (float, optional): The dropout after linear2. Default 0.1.
        epsilon (float, optional): The layer_norm's epsilon. Default 1e-5.
        activation (str, optional): The activation. Default 'relu'.
        act_dropout_rate (float, optional): The dropout after the activation; None:
            dropout_rate. Default None.
        normalize_before (bool, optional): Pre (True) or post (False, the default)
            layer_norm.
        linear1_weight_attr (ParamAttr, optional): Default None.
        linear1_bias_attr (ParamAttr|bool, optional): Default None.
        linear2_weight_attr (ParamAttr, optional): Default None.
        linear2_bias_attr (ParamAttr|bool, optional): Default None.
        ln1_scale_attr (ParamAttr, optional): Default None.
        ln1_bias_attr (ParamAttr, optional): Default None.
        ln2_scale_attr (ParamAttr, optional): Default None.
        ln2_bias_attr (ParamAttr, optional): Default None.
        nranks (int, optional): For PaddlePaddle compatibility; must be 1. Default 1.
        ring_id (int, optional): For PaddlePaddle compatibility; must be -1. Default -1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        FusedFeedForward: The layer, called as ``layer(src)``.

    Example:
        >>> from paddle.incubate.nn import FusedFeedForward
        >>> ffn = FusedFeedForward(4, 8, dropout_rate=0.0)
        >>> ffn(paddle.rand([2, 3, 4])).shape
        paddle.Size([2, 3, 4])
    """

    def __init__(self, d_model, dim_feedforward, dropout_rate=0.1, epsilon=1e-05,
                 activation="relu", act_dropout_rate=None, normalize_before=False,
                 linear1_weight_attr=None, linear1_bias_attr=None, linear2_weight_attr=None,
                 linear2_bias_attr=None, ln1_scale_attr=None, ln1_bias_attr=None,
                 ln2_scale_attr=None, ln2_bias_attr=None, nranks=1, ring_id=-1, name=None):
        super().__init__()
        _check_positive(d_model, "d_model")
        _check_positive(dim_feedforward, "dim_feedforward")
        _single_process(nranks, ring_id, "FusedFeedForward")
        self._d_model, self._dim_feedforward = d_model, dim_feedforward
        self._dropout_rate = dropout_rate
        self._act_dropout_rate = dropout_rate if act_dropout_rate is None else act_dropout_rate
        self._act_method = activation
        self._normalize_before = normalize_before
        self._epsilon = epsilon
        self._ring_id = ring_id
        self._linear1_weight = self.create_parameter([d_model, dim_feedforward],
                                                     attr=linear1_weight_attr)
        self._linear1_bias = self.create_parameter([dim_feedforward], attr=linear1_bias_attr,
                                                   is_bias=True)
        self._linear2_weight = self.create_parameter([dim_feedforward, d_model],
                                                     attr=linear2_weight_attr)
        self._linear2_bias = self.create_parameter([d_model], attr=linear2_bias_attr,
                                                   is_bias=True)
        if normalize_before:
            self._ln1_scale, self._ln1_bias = _ln_params(self, ln1_scale_attr, ln1_bias_attr,
                                                         d_model)
            self._ln2_scale = self._ln2_bias = None
        else:
            self._ln1_scale = self._ln1_bias = None
            self._ln2_scale, self._ln2_bias = _ln_params(self, ln2_scale_attr, ln2_bias_attr,
                                                         d_model)
        self.name = name

    def forward(self, src, cache=None):
        """Applies the block.

        Args:
            src (Tensor): [batch_size, seq_len, d_model].
            cache (Tensor, optional): Unused, as in PaddlePaddle. Default None.

        Returns:
            Tensor: Of src's shape and dtype.
        """
        return fused.fused_feedforward(
            src, self._linear1_weight, self._linear2_weight, self._linear1_bias,
            self._linear2_bias, self._ln1_scale, self._ln1_bias, self._ln2_scale,
            self._ln2_bias, dropout1_rate=self._act_dropout_rate,
            dropout2_rate=self._dropout_rate, activation=self._act_method,
            ln1_epsilon=self._epsilon, ln2_epsilon=self._epsilon,
            pre_layer_norm=self._normalize_before, training=self.training,
            ring_id=self._ring_id, name=self.name)

    def extra_repr(self):
        """The layer's settings as text.

        Returns:
            str: d_model, dim_feedforward, the dropout rates, activation, normalize_before.
        """
        return (f"d_model={self._d_model}, dim_feedforward={self._dim_feedforward}, "
                f"dropout_rate={self._dropout_rate}, epsilon={self._epsilon}, activation="
                f"{self._act_method}, act_dropout_rate={self._act_dropout_rate}, "
                f"normalize_before={self._normalize_before}")


class FusedTransformerEncoderLayer(Layer):
    """A transformer encoder layer: ``FusedMultiHeadAttention`` (``fused_attn``)
    then ``FusedFeedForward`` (``ffn``).

    Args:
        d_model (int): The input's last dim.
        nhead (int): The attention heads.
        dim_feedforward (int): The feed-forward hidden dim.
        dropout_rate (float, optional): The dropout after each sublayer. Default 0.1.
        activation (str, optional): The feed-forward activation. Default 'relu'.
        attn_dropout_rate (float, optional): The attention weights' dropout; None:
            dropout_rate. Default None.
        act_dropout_rate (float, optional): The dropout after the activation; None:
            dropout_rate. Default None.
        normalize_before (bool, optional): Pre (True) or post (False, the default)
            layer_norm.
        weight_attr (ParamAttr|list|tuple, optional): The weights' attributes (one, or one
            per sublayer). Default None.
        bias_attr (ParamAttr|bool|list|tuple, optional): The biases' attributes, likewise.
            Default None.

    Returns:
        FusedTransformerEncoderLayer: The layer, called as ``layer(src, src_mask=None)``.

    Example:
        >>> from paddle.incubate.nn import FusedTransformerEncoderLayer
        >>> layer = FusedTransformerEncoderLayer(4, 2, 8, dropout_rate=0.0)
        >>> layer(paddle.rand([2, 3, 4])).shape
        paddle.Size([2, 3, 4])
    """

    def __init__(self, d_model, nhead, dim_feedforward, dropout_rate=0.1, activation="relu",
                 attn_dropout_rate=None, act_dropout_rate=None, normalize_before=False,
                 weight_attr=None, bias_attr=None):
        super().__init__()
        _check_positive(d_model, "d_model")
        _check_positive(nhead, "nhead")
        _check_positive(dim_feedforward, "dim_feedforward")
        attn_dropout_rate = dropout_rate if attn_dropout_rate is None else attn_dropout_rate
        act_dropout_rate = dropout_rate if act_dropout_rate is None else act_dropout_rate
        self.normalize_before = normalize_before
        weights = _param_attr_list(weight_attr, 2)
        biases = _param_attr_list(bias_attr, 2)
        self.fused_attn = FusedMultiHeadAttention(
            d_model, nhead, dropout_rate=dropout_rate, attn_dropout_rate=attn_dropout_rate,
            normalize_before=normalize_before, qkv_weight_attr=weights[0],
            qkv_bias_attr=biases[0], linear_weight_attr=weights[0], linear_bias_attr=biases[0],
            pre_ln_scale_attr=weights[0], pre_ln_bias_attr=biases[0], ln_scale_attr=weights[0],
            ln_bias_attr=biases[0])
        self.ffn = FusedFeedForward(
            d_model, dim_feedforward, dropout_rate=dropout_rate, activation=activation,
            act_dropout_rate=act_dropout_rate, normalize_before=normalize_before,
            linear1_weight_attr=weights[1], linear1_bias_attr=biases[1],
            linear2_weight_attr=weights[1], linear2_bias_attr=biases[1])

    def forward(self, src, src_mask=None, cache=None):
        """Attention then feed-forward.

        Args:
            src (Tensor): [batch_size, seq_len, d_model].
            src_mask (Tensor, optional): The attention mask. Default None.
            cache (Tensor, optional): The attention's cached keys and values. Default None.

        Returns:
            Tensor: Of src's shape (with the new cache when cache is given).
        """
        if cache is None:
            return self.ffn(self.fused_attn(src, attn_mask=src_mask))
        out, new_cache = self.fused_attn(src, attn_mask=src_mask, cache=cache)
        return self.ffn(out), new_cache
