"""Linear, Flatten, Dropout, Embedding, Identity and Upsample."""
from ...framework import dtypes as _dtype
from ...tensor.manipulation import flatten
from .. import functional as F
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


def _positive_int(v, what, cls):
    if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
        raise ValueError(f"[{cls}] {what} must be a positive int, got {v!r}")
    return v


class Linear(Layer):
    """y = x @ weight + bias, weight [in_features, out_features] (XavierUniform
    by default), bias [out_features] (zeros; none when bias_attr is False).

    Args:
        in_features (int): The size of each input's last dim, a positive int.
        out_features (int): The size of each output's last dim, a positive int.
        weight_attr (ParamAttr, optional): The weight's attribute (name, initializer,
            learning rate, regularizer, trainable). Default None: XavierUniform.
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False makes a layer
            without bias. Default None: a bias initialized to zeros.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Linear: A layer whose forward maps a float tensor [*, in_features] to
        [*, out_features] of the same dtype.

    Example:
        >>> linear = paddle.nn.Linear(4, 2)
        >>> linear(paddle.ones([3, 4])).shape
        paddle.Size([3, 2])
    """

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        self._dtype = _dtype.get_default_dtype()
        self._in_features = _positive_int(in_features, "in_features", "Linear")
        self._out_features = _positive_int(out_features, "out_features", "Linear")
        self.weight = self.create_parameter([in_features, out_features], weight_attr, self._dtype)
        self.bias = self.create_parameter([out_features], bias_attr, self._dtype, is_bias=True)
        self.name = name

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        name = f", name={self.name}" if self.name else ""
        return (f"in_features={self._in_features}, out_features={self._out_features}, "
                f"dtype={self._dtype}{name}")


class Flatten(Layer):
    """Merges dims start_axis..stop_axis into one.

    Args:
        start_axis (int, optional): The first dim to merge. Default 1 (keeps the batch dim).
        stop_axis (int, optional): The last dim to merge; negative counts from the end.
            Default -1 (the last dim).

    Returns:
        Flatten: A layer whose forward returns its input with dims start_axis..stop_axis
        merged into one, same dtype.

    Example:
        >>> paddle.nn.Flatten()(paddle.ones([2, 3, 4])).shape
        paddle.Size([2, 12])
    """

    def __init__(self, start_axis=1, stop_axis=-1):
        super().__init__()
        self.start_axis = start_axis
        self.stop_axis = stop_axis

    def forward(self, input):
        return flatten(input, self.start_axis, self.stop_axis)


class Dropout(Layer):
    """Zeroes each element with probability p while training (see
    paddle.nn.functional.dropout); the identity in eval mode for upscale_in_train.

    Args:
        p (float, optional): The probability of zeroing an element, in [0, 1]. Default 0.5.
        inplace (bool, optional): Whether to write the result into the input tensor.
            Default False.
        axis (int|list|tuple, optional): The dims along which the mask varies; the
            others share one draw. Default None: every element is drawn on its own.
        mode (str, optional): 'upscale_in_train' (the default) divides the kept values by
            1 - p while training and is the identity in eval mode; 'downscale_in_infer'
            keeps them while training and multiplies by 1 - p in eval mode.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Dropout: A layer whose forward returns a tensor of its input's shape and dtype
        (a floating-point type).

    Example:
        >>> drop = paddle.nn.Dropout(0.5)
        >>> drop.eval()(paddle.ones([2])).numpy()
        array([1., 1.], dtype=float32)
    """

    def __init__(self, p=0.5, inplace=False, axis=None, mode="upscale_in_train", name=None):
        super().__init__()
        self.p = p
        self.inplace = inplace
        self.axis = axis
        self.mode = mode
        self.name = name

    def forward(self, input):
        return F.dropout(input, self.p, self.axis, self.training, self.inplace, self.mode)

    def extra_repr(self):
        name = f", name={self.name}" if self.name else ""
        return f"p={self.p}, axis={self.axis}, mode={self.mode}, inplace={self.inplace}{name}"


class Embedding(Layer):
    """A lookup table of num_embeddings vectors of embedding_dim values
    (XavierUniform by default); the padding_idx row starts as zeros and gets
    no gradient.

    Args:
        num_embeddings (int): The number of rows of the table, a positive int.
        embedding_dim (int): The size of each row, a positive int.
        padding_idx (int, optional): A row in [-num_embeddings, num_embeddings) that
            starts as zeros, is looked up as zeros and gets no gradient. Default None: none.
        max_norm (float, optional): If set (> 0), the looked-up rows are rescaled in place
            to at most this norm first (eager mode only). Default None.
        norm_type (float, optional): The p of the p-norm for max_norm. Default 2.0.
        scale_grad_by_freq (bool, optional): Divide each row's gradient by how often the
            batch looks it up (eager mode only). Default False.
        sparse (bool, optional): Accepted for PaddlePaddle compatibility; the weight's
            gradient is dense either way. Default False.
        _weight (Tensor, optional): A [num_embeddings, embedding_dim] tensor used as the
            table instead of a new parameter. Default None.
        _freeze (bool, optional): Whether the table gets no gradient (stop_gradient).
            Default False.
        dtype (str|paddle.dtype, optional): The table's dtype. Default None: the default
            dtype (float32).
        weight_attr (ParamAttr, optional): The table's attribute. Default None:
            XavierUniform.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Embedding: A layer whose forward maps an int32/int64 index tensor of shape S to
        the rows, a tensor [*S, embedding_dim] of the table's dtype.

    Example:
        >>> emb = paddle.nn.Embedding(10, 3, padding_idx=0)
        >>> emb(paddle.to_tensor([[0, 5]])).shape
        paddle.Size([1, 2, 3])
    """

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, *, scale_grad_by_freq=False, sparse=False, _weight=None,
                 _freeze=False, dtype=None, weight_attr=None, name=None):
        super().__init__()
        if not isinstance(num_embeddings, int) or num_embeddings <= 0:
            raise ValueError("num_embeddings must be gather than 0")
        if not isinstance(embedding_dim, int) or embedding_dim <= 0:
            raise ValueError("embedding_dim must be gather than 0")
        if padding_idx is not None and not -num_embeddings <= padding_idx < num_embeddings:
            raise ValueError(f"padding_idx must be within [-{num_embeddings}, {num_embeddings})")
        self._num_embeddings = num_embeddings
        self._embedding_dim = embedding_dim
        self._padding_idx = -1 if padding_idx is None else padding_idx % num_embeddings
        self._sparse = sparse
        self._max_norm = max_norm
        self._norm_type = norm_type
        self._scale_grad_by_freq = scale_grad_by_freq
        self._dtype = _dtype.get_default_dtype() if dtype is None else _dtype.convert_dtype(dtype).name
        if _weight is not None:
            if list(_weight.shape) != [num_embeddings, embedding_dim]:
                raise ValueError(f"[Embedding] _weight has shape {list(_weight.shape)}, expected "
                                 f"[{num_embeddings}, {embedding_dim}]")
            self.weight = _weight
        else:
            self.weight = self.create_parameter([num_embeddings, embedding_dim], weight_attr,
                                                self._dtype)
        if _weight is not None or weight_attr is None:
            self.weight.stop_gradient = _freeze
        if self._padding_idx != -1 and self.weight._static_ref() is None:
            # numpy() shares the parameter's memory. (A static program's lookup op
            # reads the padding row as zeros whatever it holds.)
            self.weight.numpy()[self._padding_idx] = 0.0

    @property
    def padding_idx(self):
        return None if self._padding_idx == -1 else self._padding_idx

    def forward(self, x):
        return F.embedding(x, self.weight, self.padding_idx, self._max_norm, self._norm_type,
                           self._sparse, self._scale_grad_by_freq)

    def extra_repr(self):
        pad = f", padding_idx={self._padding_idx}" if self._padding_idx != -1 else ""
        return (f"{self._num_embeddings}, {self._embedding_dim}{pad}, sparse={self._sparse}, "
                f"scale_grad_by_freq={self._scale_grad_by_freq}")


class Identity(Layer):
    """Returns its input unchanged (arguments are accepted and ignored).

    Args:
        *args: Accepted and ignored.
        **kwargs: Accepted and ignored.

    Returns:
        Identity: A layer whose forward returns its input.

    Example:
        >>> paddle.nn.Identity()(paddle.ones([2])).numpy()
        array([1., 1.], dtype=float32)
    """

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Upsample(Layer):
    """Resizes 4-D images (see paddle.nn.functional.interpolate).

    Args:
        size (int|list|tuple, optional): The output's (out_h, out_w), or one int for both.
            Exactly one of size and scale_factor is set.
        scale_factor (float|list|tuple, optional): The ratio of output to input size, one
            for both dims or (scale_h, scale_w).
        mode (str, optional): 'nearest' (the default), 'bilinear' or 'area' (adaptive
            average); case-insensitive.
        align_corners (bool, optional): For 'bilinear': map the corner pixels of input
            and output onto each other. Default False.
        align_mode (int, optional): For 'bilinear' without align_corners: 0 (the default)
            samples at half-pixel centres, 1 at the scaled index.
        data_format (str, optional): 'NCHW' or 'NHWC'. Default None: 'NCHW'.
        recompute_scale_factor (bool, optional): Accepted for PaddlePaddle compatibility;
            the scale given is used as it is. Default None.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Upsample: A layer whose forward resizes a 4-D image batch, same dtype.

    Example:
        >>> paddle.nn.Upsample(scale_factor=2)(paddle.ones([1, 1, 2, 2])).shape
        paddle.Size([1, 1, 4, 4])
    """

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=False,
                 align_mode=0, data_format=None, recompute_scale_factor=None, name=None):
        super().__init__()
        self.size = size
        self.scale_factor = scale_factor
        self.mode = mode.lower() if isinstance(mode, str) else mode
        self.align_corners = align_corners
        self.align_mode = align_mode
        self.data_format = data_format
        self.recompute_scale_factor = recompute_scale_factor
        self.name = name

    def forward(self, x):
        return F.interpolate(x, self.size, self.scale_factor, self.mode, self.align_corners,
                             self.align_mode, self.data_format, self.recompute_scale_factor)

    def extra_repr(self):
        main = (f"scale_factor={self.scale_factor}" if self.scale_factor is not None
                else f"size={self.size}")
        name = f", name={self.name}" if self.name else ""
        return (f"{main}, mode={self.mode}, align_corners={self.align_corners}, "
                f"align_mode={self.align_mode}, data_format={self.data_format}{name}")
