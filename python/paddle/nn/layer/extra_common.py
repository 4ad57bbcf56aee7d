"""The layers of the pixel and channel shuffles, fold/unfold, Unflatten, the
distances, Bilinear, the 2-D upsamplings, the channel and alpha dropouts and
local response normalization, each calling its paddle.nn.functional
counterpart."""
from ..functional.resize import interpolate
from ...framework import dtypes as _dtype
from ...tensor.joining import unflatten
from ..functional import extra_common as _fc
from ..functional import sliding_blocks as _blocks
from ..functional import shuffle as _shuffle
from ..functional.common import cosine_similarity
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


class _Shuffle(Layer):
    """A rearrangement layer: ``_fn(x, factor, data_format)``, the factor
    named ``_factor`` (printed by repr, with a data_format other than NCHW)."""
    _fn = None
    _factor = ""

    def __init__(self, factor, data_format, name):
        super().__init__()
        setattr(self, "_" + self._factor, factor)
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return type(self)._fn(x, getattr(self, "_" + self._factor), self._data_format)

    def extra_repr(self):
        fmt = f", data_format={self._data_format}" if self._data_format != "NCHW" else ""
        name = f", name={self._name}" if self._name else ""
        return f"{self._factor}={getattr(self, '_' + self._factor)}{fmt}{name}"


class PixelShuffle(_Shuffle):
    """Moves channels to pixels: [N, C * r * r, H, W] becomes [N, C, H * r, W * r].

    Args:
        upscale_factor (int): r.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.pixel_shuffle.

    Example:
        >>> paddle.nn.PixelShuffle(3)(paddle.ones([2, 9, 4, 4])).shape
        paddle.Size([2, 1, 12, 12])
    """
    _fn = _shuffle.pixel_shuffle
    _factor = "upscale_factor"

    def __init__(self, upscale_factor, data_format="NCHW", name=None):
        super().__init__(upscale_factor, data_format, name)


class PixelUnshuffle(_Shuffle):
    """Moves pixels to channels: [N, C, H * r, W * r] becomes [N, C * r * r, H, W].

    Args:
        downscale_factor (int): r.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.pixel_unshuffle.

    Example:
        >>> paddle.nn.PixelUnshuffle(2)(paddle.ones([1, 1, 4, 6])).shape
        paddle.Size([1, 4, 2, 3])
    """
    _fn = _shuffle.pixel_unshuffle
    _factor = "downscale_factor"

    def __init__(self, downscale_factor, data_format="NCHW", name=None):
        super().__init__(downscale_factor, data_format, name)


class ChannelShuffle(_Shuffle):
    """Interleaves the channels of ``groups`` groups (see
    paddle.nn.functional.channel_shuffle).

    Args:
        groups (int): the number of channel groups.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.channel_shuffle.

    Example:
        >>> x = paddle.arange(6, dtype="float32").reshape([1, 6, 1, 1])
        >>> paddle.nn.ChannelShuffle(3)(x).numpy().ravel()
        array([0., 2., 4., 1., 3., 5.], dtype=float32)
    """
    _fn = _shuffle.channel_shuffle
    _factor = "groups"

    def __init__(self, groups, data_format="NCHW", name=None):
        super().__init__(groups, data_format, name)


class Unflatten(Layer):
    """Expands dim ``axis`` into ``shape`` (see paddle.unflatten).

    Args:
        axis (int): the dim to expand.
        shape (list|tuple|Tensor): the sizes it becomes (one may be -1).
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.unflatten.

    Example:
        >>> paddle.nn.Unflatten(1, [2, 3])(paddle.ones([4, 6])).shape
        paddle.Size([4, 2, 3])
    """

    def __init__(self, axis, shape, name=None):
        super().__init__()
        self.axis = axis
        self.shape = shape
        self.name = name

    def forward(self, input):
        return unflatten(input, self.axis, self.shape)

    def extra_repr(self):
        name = f", name={self.name}" if self.name else ""
        return f"axis={self.axis}, shape={self.shape}{name}"


class _Window(Layer):
    """The kernel, dilation, padding and stride settings of Fold and Unfold."""

    def __init__(self, kernel_sizes, dilations, paddings, strides, name):
        super().__init__()
        self.kernel_sizes = kernel_sizes
        self.dilations = dilations
        self.paddings = paddings
        self.strides = strides
        self.name = name

    def extra_repr(self):
        name = f", name={self.name}" if self.name else ""
        return (f"kernel_size={self.kernel_sizes}, dilation={self.dilations}, "
                f"padding={self.paddings}, stride={self.strides}{name}")


class Unfold(_Window):
    """Extracts sliding blocks: [N, C, H, W] becomes [N, C * kh * kw, L].

    Args:
        kernel_sizes (int|list): the block size [kh, kw] (or one int for both).
        dilations (int|list): the spacing of a block's elements. Default 1.
        paddings (int|list): zero padding: one int, [h, w] or [top, left, bottom, right].
            Default 0.
        strides (int|list): the step between blocks. Default 1.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.unfold.

    Example:
        >>> paddle.nn.Unfold(3, paddings=1)(paddle.ones([2, 4, 5, 5])).shape
        paddle.Size([2, 36, 25])
    """

    def __init__(self, kernel_sizes, dilations=1, paddings=0, strides=1, name=None):
        super().__init__(kernel_sizes, dilations, paddings, strides, name)

    def forward(self, input):
        return _blocks.unfold(input, self.kernel_sizes, self.strides, self.paddings,
                              self.dilations)


class Fold(_Window):
    """Combines sliding blocks, summing overlaps: [N, C * kh * kw, L] becomes
    [N, C, H, W].

    Args:
        output_sizes (int|list): the output's [H, W] (or one int for both).
        kernel_sizes (int|list): the block size [kh, kw] (or one int for both).
        dilations (int|list): the spacing of a block's elements. Default 1.
        paddings (int|list): the padding unfold would use: one int, [h, w] or
            [top, left, bottom, right]. Default 0.
        strides (int|list): the step between blocks. Default 1.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.fold.

    Example:
        >>> paddle.nn.Fold([4, 5], 2)(paddle.ones([2, 12, 12])).shape
        paddle.Size([2, 3, 4, 5])
    """

    def __init__(self, output_sizes, kernel_sizes, dilations=1, paddings=0, strides=1,
                 name=None):
        super().__init__(kernel_sizes, dilations, paddings, strides, name)
        self.output_sizes = output_sizes

    def forward(self, input):
        return _blocks.fold(input, self.output_sizes, self.kernel_sizes, self.strides,
                            self.paddings, self.dilations)


class PairwiseDistance(Layer):
    """The p-norm of x - y + epsilon along the last dim.

    Args:
        p (float): the order of the norm. Default 2.0.
        epsilon (float): added to x - y. Default 1e-6.
        keepdim (bool): keep the last dim (of size 1). Default False.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x, y) applies paddle.nn.functional.pairwise_distance.

    Example:
        >>> dist = paddle.nn.PairwiseDistance(p=1.0, epsilon=0.0)
        >>> dist(paddle.to_tensor([[1.0, 2.0]]), paddle.to_tensor([[0.0, 0.0]])).numpy()
        array([3.], dtype=float32)
    """

    def __init__(self, p=2.0, epsilon=1e-6, keepdim=False, name=None):
        super().__init__()
        self.p = p
        self.epsilon = epsilon
        self.keepdim = keepdim
        self.name = name

    def forward(self, x, y):
        return _fc.pairwise_distance(x, y, self.p, self.epsilon, self.keepdim)

    def extra_repr(self):
        parts = [f"p={self.p}"]
        if self.epsilon != 1e-6:
            parts.append(f"epsilon={self.epsilon}")
        if self.keepdim:
            parts.append("keepdim=True")
        if self.name:
            parts.append(f"name={self.name}")
        return ", ".join(parts)


class CosineSimilarity(Layer):
    """The cosine similarity of x1 and x2 along ``axis``.

    Args:
        axis (int): the dim to compare along. Default 1.
        eps (float): the smallest norm product, against division by zero. Default 1e-8.

    Returns:
        A Layer whose forward(x1, x2) applies paddle.nn.functional.cosine_similarity.

    Example:
        >>> sim = paddle.nn.CosineSimilarity(axis=0)
        >>> sim(paddle.to_tensor([1.0, 0.0]), paddle.to_tensor([2.0, 0.0])).numpy()
        array(1., dtype=float32)
    """

    def __init__(self, axis=1, eps=1e-8):
        super().__init__()
        self._axis = axis
        self._eps = eps

    def forward(self, x1, x2):
        return cosine_similarity(x1, x2, self._axis, self._eps)

    def extra_repr(self):
        return f"axis={self._axis}, eps={self._eps}"


class _ChannelDropout(Layer):
    """Dropout2D and Dropout3D: p and data_format, the training flag from the layer."""

    def __init__(self, p, data_format, name):
        super().__init__()
        self.p = p
        self.data_format = data_format
        self.name = name

    def extra_repr(self):
        name = f", name={self.name}" if self.name else ""
        return f"p={self.p}, data_format={self.data_format}{name}"


class Dropout2D(_ChannelDropout):
    """Zeroes whole channels of a 4-D input with probability p while training.

    Args:
        p (float): the probability of zeroing a channel. Default 0.5.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.dropout2d.

    Example:
        >>> paddle.nn.Dropout2D(0.5).eval()(paddle.ones([1, 2, 1, 1])).numpy().ravel()
        array([1., 1.], dtype=float32)
    """

    def __init__(self, p=0.5, data_format="NCHW", name=None):
        super().__init__(p, data_format, name)

    def forward(self, input):
        return _fc.dropout2d(input, self.p, self.training, self.data_format)


class Dropout3D(_ChannelDropout):
    """Zeroes whole channels of a 5-D input with probability p while training.

    Args:
        p (float): the probability of zeroing a channel. Default 0.5.
        data_format (str): "NCDHW" or "NDHWC". Default "NCDHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.dropout3d.

    Example:
        >>> paddle.nn.Dropout3D(0.5)(paddle.ones([1, 2, 2, 2, 2])).shape
        paddle.Size([1, 2, 2, 2, 2])
    """

    def __init__(self, p=0.5, data_format="NCDHW", name=None):
        super().__init__(p, data_format, name)

    def forward(self, input):
        return _fc.dropout3d(input, self.p, self.training, self.data_format)


class AlphaDropout(Layer):
    """Dropout for SELU networks (see paddle.nn.functional.alpha_dropout).

    Args:
        p (float): the probability of dropping an element. Default 0.5.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.alpha_dropout.

    Example:
        >>> paddle.nn.AlphaDropout(0.2).eval()(paddle.to_tensor([0.5])).numpy()
        array([0.5], dtype=float32)
    """

    def __init__(self, p=0.5, name=None):
        super().__init__()
        self.p = p
        self.name = name

    def forward(self, input):
        return _fc.alpha_dropout(input, self.p, self.training)

    def extra_repr(self):
        name = f", name={self.name}" if self.name else ""
        return f"p={self.p}{name}"


class FeatureAlphaDropout(AlphaDropout):
    """alpha dropout of whole channels (see paddle.nn.functional.feature_alpha_dropout).

    Args:
        p (float): the probability of dropping a channel. Default 0.5.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.feature_alpha_dropout.

    Example:
        >>> paddle.nn.FeatureAlphaDropout(0.2)(paddle.ones([2, 3, 4])).shape
        paddle.Size([2, 3, 4])
    """

    def forward(self, input):
        return _fc.feature_alpha_dropout(input, self.p, self.training)


class LocalResponseNorm(Layer):
    """Local response normalization across channels (see
    paddle.nn.functional.local_response_norm).

    Args:
        size (int): the number of channels in the window.
        alpha (float): the scale of the mean. Default 1e-4.
        beta (float): the exponent. Default 0.75.
        k (float): the offset. Default 1.0.
        data_format (str): "NCL", "NLC", "NCHW", "NHWC", "NCDHW" or "NDHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) applies paddle.nn.functional.local_response_norm.

    Example:
        >>> paddle.nn.LocalResponseNorm(5)(paddle.ones([1, 8, 2, 2])).shape
        paddle.Size([1, 8, 2, 2])
    """

    def __init__(self, size, alpha=1e-4, beta=0.75, k=1.0, data_format="NCHW", name=None):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k
        self.data_format = data_format
        self.name = name

    def forward(self, input):
        return _fc.local_response_norm(input, self.size, self.alpha, self.beta, self.k,
                                       self.data_format)

    def extra_repr(self):
        name = f", name={self.name}" if self.name else ""
        return f"size={self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}{name}"


class Bilinear(Layer):
    """out = x1 @ weight[o] @ x2 + bias[o] for each output feature o.

    Args:
        in1_features (int): the size of x1's last dim.
        in2_features (int): the size of x2's last dim.
        out_features (int): the number of outputs.
        weight_attr (ParamAttr): the weight's attribute, or None. Default None.
        bias_attr (ParamAttr|bool): the bias's attribute, or False for none. Default None.
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x1, x2) applies paddle.nn.functional.bilinear.

    Example:
        >>> layer = paddle.nn.Bilinear(2, 3, 4)
        >>> layer(paddle.ones([5, 2]), paddle.ones([5, 3])).shape
        paddle.Size([5, 4])
    """

    def __init__(self, in1_features, in2_features, out_features, weight_attr=None,
                 bias_attr=None, name=None):
        super().__init__()
        self._in1_features = in1_features
        self._in2_features = in2_features
        self._out_features = out_features
        self._name = name
        self._dtype = _dtype.get_default_dtype()
        self.weight = self.create_parameter([out_features, in1_features, in2_features],
                                            weight_attr, self._dtype)
        self.bias = self.create_parameter([1, out_features], bias_attr, self._dtype,
                                          is_bias=True)

    def forward(self, x1, x2):
        return _fc.bilinear(x1, x2, self.weight, self.bias)

    def extra_repr(self):
        name = f", name={self._name}" if self._name else ""
        return (f"in1_features={self._in1_features}, in2_features={self._in2_features}, "
                f"out_features={self._out_features}, dtype={self._dtype}{name}")


class _Upsampling2D(Layer):
    """UpsamplingNearest2D and UpsamplingBilinear2D: interpolate in ``_mode``."""
    _mode = "nearest"

    def __init__(self, size=None, scale_factor=None, data_format="NCHW", name=None):
        super().__init__()
        self.size = [size, size] if isinstance(size, int) else size
        self.scale_factor = scale_factor
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return interpolate(x, size=self.size, scale_factor=self.scale_factor, mode=self._mode,
                           align_corners=self._mode == "bilinear", align_mode=0,
                           data_format=self.data_format)

    def extra_repr(self):
        main = (f"scale_factor={self.scale_factor}" if self.scale_factor is not None
                else f"size={self.size}")
        name = f", name={self.name}" if self.name else ""
        return f"{main}, data_format={self.data_format}{name}"


class UpsamplingNearest2D(_Upsampling2D):
    """Resizes [N, C, H, W] images by nearest-neighbour interpolation.

    Args:
        size (int|list): the output's [H, W] (or one int for both), or None. Default None.
        scale_factor (float|list): the multiplier of H and W, used when size is None.
            Default None.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) resizes x.

    Example:
        >>> paddle.nn.UpsamplingNearest2D(scale_factor=2)(paddle.ones([1, 1, 2, 3])).shape
        paddle.Size([1, 1, 4, 6])
    """


class UpsamplingBilinear2D(_Upsampling2D):
    """Resizes [N, C, H, W] images by bilinear interpolation, the corner
    pixels aligned (align_corners=True).

    Args:
        size (int|list): the output's [H, W] (or one int for both), or None. Default None.
        scale_factor (float|list): the multiplier of H and W, used when size is None.
            Default None.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) resizes x.

    Example:
        >>> x = paddle.to_tensor([[[[0.0, 3.0]]]])
        >>> paddle.nn.UpsamplingBilinear2D(size=[1, 4])(x).numpy().ravel()
        array([0., 1., 2., 3.], dtype=float32)
    """
    _mode = "bilinear"
