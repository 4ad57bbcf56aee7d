"""Normalization layers: BatchNorm1D/2D/3D (running statistics kept as
non-trainable parameters, updated in place while training), LayerNorm,
GroupNorm and InstanceNorm1D/2D."""
import math
import numbers

from ...framework import dtypes as _dtype
from ...base.param_attr import ParamAttr
from .. import functional as F
from ..initializer import Constant
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


def _check_features_and_format(layer, num_features, data_format):
    cls = type(layer).__name__
    if not isinstance(num_features, int) or num_features <= 0:
        raise ValueError(f"[{cls}] num_features must be a positive int, got {num_features!r}")
    if data_format not in layer._formats:
        raise ValueError(f"[{cls}] data_format must be one of {list(layer._formats)}, got "
                         f"{data_format!r}")


class _BatchNormBase(Layer):
    _formats = ()
    _ranks = ()

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCHW", use_global_stats=None, name=None):
        super().__init__()
        _check_features_and_format(self, num_features, data_format)
        self._num_features = num_features
        self._momentum = momentum
        self._epsilon = epsilon
        self._data_format = data_format
        self._use_global_stats = use_global_stats
        self._name = name
        self._dtype = _dtype.get_default_dtype()
        shape = [num_features]
        self.weight = self._affine(shape, weight_attr, Constant(1.0), False)
        self.bias = self._affine(shape, bias_attr, Constant(0.0), True)
        self._mean = self.create_parameter(shape, ParamAttr(initializer=Constant(0.0),
                                                            trainable=False), self._dtype)
        self._variance = self.create_parameter(shape, ParamAttr(initializer=Constant(1.0),
                                                                trainable=False), self._dtype)

    def _affine(self, shape, attr, init, is_bias):
        """weight/bias: trainable unless attr is False, which makes a frozen
        constant (PaddlePaddle keeps the parameter and stops its gradient)."""
        if attr is False:
            p = self.create_parameter(shape, None, self._dtype, is_bias, init)
            p.stop_gradient = True
            return p
        return self.create_parameter(shape, attr, self._dtype, is_bias, init)

    def forward(self, input):
        cls = type(self).__name__
        if input.ndim not in self._ranks:
            raise ValueError(f"[{cls}] expected {' or '.join(f'{r}-D' for r in self._ranks)} "
                             f"input, got shape {input.shape}")
        return F.batch_norm(input, self._mean, self._variance, self.weight, self.bias,
                            self.training, self._momentum, self._epsilon, self._data_format,
                            self._use_global_stats)

    def extra_repr(self):
        text = (f"num_features={self._num_features}, momentum={self._momentum}, "
                f"epsilon={self._epsilon}")
        if self._data_format != "NCHW":
            text += f", data_format={self._data_format}"
        if self._name is not None:
            text += f", name={self._name}"
        return text


class BatchNorm1D(_BatchNormBase):
    """Batch normalization of [N, C] or [N, C, L] inputs (NCL; NLC for channel
    last): training normalizes by the batch's statistics and updates the
    running ones (momentum * running + (1 - momentum) * batch); eval uses the
    running ones.

    Args:
        num_features (int): The number of channels C, a positive int.
        momentum (float, optional): The running statistics' update weight: running = momentum *
            running + (1 - momentum) * batch. Default 0.9.
        epsilon (float, optional): Added to the variance before its square root. Default 1e-05.
        weight_attr (ParamAttr|bool, optional): The scale's attribute; False makes a frozen scale of
            ones. Default None: ones, trainable.
        bias_attr (ParamAttr|bool, optional): The shift's attribute; False makes a frozen shift of
            zeros. Default None: zeros, trainable.
        data_format (str, optional): 'NC' or 'NCL' or 'NLC'; the default is 'NCL'.
        use_global_stats (bool, optional): True normalizes by the running statistics, also while
            training; False by the batch's, also in eval mode. Default None: the batch's while
            training, the running ones in eval mode.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        BatchNorm1D: A layer whose forward maps a float tensor [N, C] or [N, C, L] to a normalized
            one of the same shape and dtype.

    Example:
        >>> bn = paddle.nn.BatchNorm1D(3)
        >>> bn(paddle.rand([4, 3])).shape
        paddle.Size([4, 3])
    """
    _formats = ("NC", "NCL", "NLC")
    _ranks = (2, 3)

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCL", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         use_global_stats, name)


class BatchNorm2D(_BatchNormBase):
    """Batch normalization of [N, C, H, W] images (NCHW, or NHWC).

    Args:
        num_features (int): The number of channels C, a positive int.
        momentum (float, optional): The running statistics' update weight: running = momentum *
            running + (1 - momentum) * batch. Default 0.9.
        epsilon (float, optional): Added to the variance before its square root. Default 1e-05.
        weight_attr (ParamAttr|bool, optional): The scale's attribute; False makes a frozen scale of
            ones. Default None: ones, trainable.
        bias_attr (ParamAttr|bool, optional): The shift's attribute; False makes a frozen shift of
            zeros. Default None: zeros, trainable.
        data_format (str, optional): 'NCHW' or 'NHWC'; the default is 'NCHW'.
        use_global_stats (bool, optional): True normalizes by the running statistics, also while
            training; False by the batch's, also in eval mode. Default None: the batch's while
            training, the running ones in eval mode.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        BatchNorm2D: A layer whose forward maps a float tensor [N, C, H, W] to a normalized one of
            the same shape and dtype.

    Example:
        >>> bn = paddle.nn.BatchNorm2D(3)
        >>> bn(paddle.rand([2, 3, 4, 4])).shape
        paddle.Size([2, 3, 4, 4])
    """
    _formats = ("NCHW", "NHWC")
    _ranks = (4,)


class BatchNorm3D(_BatchNormBase):
    """Batch normalization of [N, C, D, H, W] volumes (NCDHW, or NDHWC).

    Args:
        num_features (int): The number of channels C, a positive int.
        momentum (float, optional): The running statistics' update weight: running = momentum *
            running + (1 - momentum) * batch. Default 0.9.
        epsilon (float, optional): Added to the variance before its square root. Default 1e-05.
        weight_attr (ParamAttr|bool, optional): The scale's attribute; False makes a frozen scale of
            ones. Default None: ones, trainable.
        bias_attr (ParamAttr|bool, optional): The shift's attribute; False makes a frozen shift of
            zeros. Default None: zeros, trainable.
        data_format (str, optional): 'NCDHW' or 'NDHWC'; the default is 'NCDHW'.
        use_global_stats (bool, optional): True normalizes by the running statistics, also while
            training; False by the batch's, also in eval mode. Default None: the batch's while
            training, the running ones in eval mode.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        BatchNorm3D: A layer whose forward maps a float tensor [N, C, D, H, W] to a normalized one
            of the same shape and dtype.

    Example:
        >>> bn = paddle.nn.BatchNorm3D(2)
        >>> bn(paddle.rand([2, 2, 3, 3, 3])).shape
        paddle.Size([2, 2, 3, 3, 3])
    """
    _formats = ("NCDHW", "NDHWC")
    _ranks = (5,)

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCDHW", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         use_global_stats, name)


class BatchNorm(_BatchNormBase):
    """PaddlePaddle's older batch normalization layer (paddle.nn.BatchNorm, used
    by models such as DenseNet): any [N, C, ...] input with the channel second
    (data_layout 'NCHW') or last ('NHWC'), then the activation named by act
    ('relu', 'sigmoid', ... from paddle.nn.functional). Its parameters are named
    batch_norm_<n>.w_0 (scale), .b_0 (shift), .w_1 and .w_2 (running mean and
    variance), or moving_mean_name / moving_variance_name. is_test,
    in_place, do_model_average_for_mean_and_var and trainable_statistics only
    matter to PaddlePaddle's static graphs and are accepted for compatibility.

    Args:
        num_channels (int): The number of channels C, a positive int.
        act (str, optional): The name of a paddle.nn.functional activation applied to the output,
            such as 'relu'. Default None: none.
        is_test (bool, optional): Accepted for compatibility (a static-graph flag); eval mode is set
            by eval(). Default False.
        momentum (float, optional): The running statistics' update weight. Default 0.9.
        epsilon (float, optional): Added to the variance before its square root. Default 1e-05.
        param_attr (ParamAttr|bool, optional): The scale's attribute; False makes a frozen scale of
            ones. Default None: ones.
        bias_attr (ParamAttr|bool, optional): The shift's attribute; False makes a frozen shift of
            zeros. Default None: zeros.
        dtype (str, optional): Accepted for compatibility; the parameters take the default dtype.
            Default 'float32'.
        data_layout (str, optional): 'NCHW' (the default; channel second) or 'NHWC' (channel last).
        in_place (bool, optional): Accepted for compatibility; unused. Default False.
        moving_mean_name (str, optional): The running mean's parameter name. Default None:
            batch_norm_<n>.w_1.
        moving_variance_name (str, optional): The running variance's parameter name. Default None:
            batch_norm_<n>.w_2.
        do_model_average_for_mean_and_var (bool, optional): Accepted for compatibility; unused.
            Default True.
        use_global_stats (bool, optional): Normalize by the running statistics, also while training.
            Default False.
        trainable_statistics (bool, optional): Accepted for compatibility; unused. Default False.

    Returns:
        BatchNorm: A layer whose forward maps a float tensor [N, C, ...] (2-D to 5-D) to a
            normalized one of the same shape and dtype.

    Example:
        >>> bn = paddle.nn.BatchNorm(3, act="relu")
        >>> float(bn(paddle.rand([2, 3, 4, 4]) - 2.0).min())
        0.0
    """
    _formats = ("NCHW", "NHWC")
    _ranks = (2, 3, 4, 5)

    def __init__(self, num_channels, act=None, is_test=False, momentum=0.9, epsilon=1e-05,
                 param_attr=None, bias_attr=None, dtype="float32", data_layout="NCHW",
                 in_place=False, moving_mean_name=None, moving_variance_name=None,
                 do_model_average_for_mean_and_var=True, use_global_stats=False,
                 trainable_statistics=False):
        if act is not None and not callable(getattr(F, act, None)):
            raise ValueError(f"[BatchNorm] act must name a paddle.nn.functional activation, "
                             f"got {act!r}")
        super().__init__(num_channels, momentum, epsilon, param_attr, bias_attr, data_layout,
                         use_global_stats or None)
        self._act = act
        for param, name in ((self._mean, moving_mean_name),
                            (self._variance, moving_variance_name)):
            if name is not None:
                param.name = name

    def forward(self, input):  # noqa: A002  (PaddlePaddle's name)
        out = super().forward(input)
        return out if self._act is None else getattr(F, self._act)(out)


class LayerNorm(Layer):
    """Normalizes over the last dims (normalized_shape), then scales by weight
    (ones) and shifts by bias (zeros), each of prod(normalized_shape) values.

    Args:
        normalized_shape (int|list|tuple): The sizes of the last dims to normalize over; an int
            means the last dim only.
        epsilon (float, optional): Added to the variance before its square root. Default 1e-05.
        elementwise_affine (bool, optional): Whether to have a scale (weight) and shift (bias).
            Default True.
        bias (bool, optional): Whether to have the shift (with elementwise_affine). Default True.
        dtype (str|paddle.dtype, optional): The parameters' dtype. Default None: the default dtype
            (float32).
        weight_attr (ParamAttr|bool, optional): The scale's attribute; False: no scale. Default
            None: ones.
        bias_attr (ParamAttr|bool, optional): The shift's attribute; False: no shift. Default None:
            zeros.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        LayerNorm: A layer whose forward maps a float tensor [*, *normalized_shape] to a normalized
            one of the same shape and dtype.

    Example:
        >>> ln = paddle.nn.LayerNorm([3, 4])
        >>> ln(paddle.rand([2, 3, 4])).shape
        paddle.Size([2, 3, 4])
    """

    def __init__(self, normalized_shape, epsilon=1e-05, *, elementwise_affine=True, bias=True,
                 dtype=None, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = [int(normalized_shape)]
        self._normalized_shape = list(normalized_shape)
        self._epsilon = epsilon
        self._name = name
        self._dtype = _dtype.get_default_dtype() if dtype is None else _dtype.convert_dtype(dtype).name
        shape = [math.prod(self._normalized_shape)]
        self.weight = None
        self.bias = None
        if elementwise_affine and weight_attr is not False:
            self.weight = self.create_parameter(shape, weight_attr, self._dtype,
                                                default_initializer=Constant(1.0))
        if elementwise_affine and bias and bias_attr is not False:
            self.bias = self.create_parameter(shape, bias_attr, self._dtype, is_bias=True)

    def forward(self, input):
        return F.layer_norm(input, self._normalized_shape, self.weight, self.bias, self._epsilon)

    def extra_repr(self):
        return f"normalized_shape={self._normalized_shape}, epsilon={self._epsilon}"


class GroupNorm(Layer):
    """Normalizes groups of channels per sample (see F.group_norm), with a
    weight (ones) and bias (zeros) per channel unless affine is False.

    Args:
        num_groups (int): The number of channel groups, a positive int dividing num_channels.
        num_channels (int): The number of channels C.
        epsilon (float, optional): Added to the variance before its square root. Default 1e-05.
        affine (bool, optional): Whether to have a per-channel scale and shift. Default True.
        dtype (str|paddle.dtype, optional): The parameters' dtype. Default None: the default dtype
            (float32).
        weight_attr (ParamAttr|bool, optional): The scale's attribute; False: no scale. Default
            None: ones.
        bias_attr (ParamAttr|bool, optional): The shift's attribute; False: no shift. Default None:
            zeros.
        data_format (str, optional): 'NCHW' (the default; channel second) or 'NHWC' (channel last).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        GroupNorm: A layer whose forward maps a float tensor [N, C, ...] to a normalized one of the
            same shape and dtype.

    Example:
        >>> gn = paddle.nn.GroupNorm(num_groups=2, num_channels=4)
        >>> gn(paddle.rand([2, 4, 3, 3])).shape
        paddle.Size([2, 4, 3, 3])
    """

    def __init__(self, num_groups, num_channels, epsilon=1e-05, *, affine=True, dtype=None,
                 weight_attr=None, bias_attr=None, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(num_channels, int) or not isinstance(num_groups, int) or \
                num_groups <= 0 or num_channels % num_groups:
            raise ValueError(f"[GroupNorm] num_channels ({num_channels}) must be divisible by "
                             f"num_groups ({num_groups})")
        self._num_groups = num_groups
        self._num_channels = num_channels
        self._epsilon = epsilon
        self._data_format = data_format
        self._name = name
        self._dtype = _dtype.get_default_dtype() if dtype is None else _dtype.convert_dtype(dtype).name
        self.weight = self.bias = None
        if affine and weight_attr is not False:
            self.weight = self.create_parameter([num_channels], weight_attr, self._dtype,
                                                default_initializer=Constant(1.0))
        if affine and bias_attr is not False:
            self.bias = self.create_parameter([num_channels], bias_attr, self._dtype, is_bias=True)

    def forward(self, input):
        return F.group_norm(input, self._num_groups, self._epsilon, self.weight, self.bias,
                            self._data_format)

    def extra_repr(self):
        return (f"num_groups={self._num_groups}, num_channels={self._num_channels}, "
                f"epsilon={self._epsilon}")


class _InstanceNormBase(Layer):
    _formats = ()

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__()
        _check_features_and_format(self, num_features, data_format)
        self._num_features = num_features
        self._epsilon = epsilon
        self._momentum = momentum
        self._data_format = data_format
        self._name = name
        self._dtype = _dtype.get_default_dtype()
        self.scale = self.bias = None
        if weight_attr is not False and bias_attr is not False:
            self.scale = self.create_parameter([num_features], weight_attr, self._dtype,
                                               default_initializer=Constant(1.0))
            self.bias = self.create_parameter([num_features], bias_attr, self._dtype,
                                              is_bias=True)

    def forward(self, input):
        return F.instance_norm(input, weight=self.scale, bias=self.bias, eps=self._epsilon,
                               data_format=self._data_format)

    def extra_repr(self):
        return f"num_features={self._num_features}, epsilon={self._epsilon}"


class InstanceNorm1D(_InstanceNormBase):
    """Instance normalization of [N, C, L] (or [N, C]) inputs: each channel of
    each sample over its positions; a scale (ones) and bias (zeros) per channel.

    Args:
        num_features (int): The number of channels C, a positive int.
        epsilon (float, optional): Added to the variance before its square root. Default 1e-05.
        momentum (float, optional): Accepted for compatibility; no running statistics are kept.
            Default 0.9.
        weight_attr (ParamAttr|bool, optional): The scale's attribute; False (here or in bias_attr):
            neither scale nor shift. Default None: ones.
        bias_attr (ParamAttr|bool, optional): The shift's attribute; False: neither scale nor shift.
            Default None: zeros.
        data_format (str, optional): 'NC' or 'NCL'; the default is 'NCL'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        InstanceNorm1D: A layer whose forward maps a float tensor [N, C, L] to a normalized one of
            the same shape and dtype.

    Example:
        >>> paddle.nn.InstanceNorm1D(3)(paddle.rand([2, 3, 5])).shape
        paddle.Size([2, 3, 5])
    """
    _formats = ("NC", "NCL")

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCL", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format,
                         name)


class InstanceNorm2D(_InstanceNormBase):
    """Instance normalization of [N, C, H, W] images.

    Args:
        num_features (int): The number of channels C, a positive int.
        epsilon (float, optional): Added to the variance before its square root. Default 1e-05.
        momentum (float, optional): Accepted for compatibility; no running statistics are kept.
            Default 0.9.
        weight_attr (ParamAttr|bool, optional): The scale's attribute; False (here or in bias_attr):
            neither scale nor shift. Default None: ones.
        bias_attr (ParamAttr|bool, optional): The shift's attribute; False: neither scale nor shift.
            Default None: zeros.
        data_format (str, optional): Only 'NCHW' (the default).
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        InstanceNorm2D: A layer whose forward maps a float tensor [N, C, H, W] to a normalized one
            of the same shape and dtype.

    Example:
        >>> paddle.nn.InstanceNorm2D(3)(paddle.rand([2, 3, 4, 4])).shape
        paddle.Size([2, 3, 4, 4])
    """
    _formats = ("NCHW",)


class InstanceNorm3D(_InstanceNormBase):
    """Instance normalization of [N, C, D, H, W] volumes: each channel of each
    sample over its positions; a scale (ones) and bias (zeros) per channel.

    Args:
        num_features (int): the number of channels C.
        epsilon (float): added to the variance. Default 1e-05.
        momentum (float): accepted, as in PaddlePaddle (no running statistics). Default 0.9.
        weight_attr (ParamAttr|bool): the scale's attribute, or False for none. Default None.
        bias_attr (ParamAttr|bool): the bias's attribute, or False for none. Default None.
        data_format (str): "NCDHW". Default "NCDHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) normalizes x.

    Example:
        >>> paddle.nn.InstanceNorm3D(3)(paddle.rand([2, 3, 2, 4, 4])).shape
        paddle.Size([2, 3, 2, 4, 4])
    """
    _formats = ("NCDHW",)

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCDHW", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format,
                         name)

    def forward(self, input):
        if input.ndim != 5:
            raise ValueError(f"[InstanceNorm3D] expected a 5-D input (NCDHW), got shape "
                             f"{input.shape}")
        return super().forward(input)


class SyncBatchNorm(_BatchNormBase):
    """Batch normalization whose batch statistics span every process of a
    data-parallel job. In one process (as here) that is BatchNorm of 2-D to
    5-D inputs, channels at dim 1 (or last, for a data_format ending in C).

    Args:
        num_features (int): the number of channels.
        momentum (float): the running statistics' momentum. Default 0.9.
        epsilon (float): added to the variance. Default 1e-05.
        weight_attr (ParamAttr|bool): the scale's attribute, or False for a frozen one.
            Default None.
        bias_attr (ParamAttr|bool): the bias's attribute, or False for a frozen one.
            Default None.
        data_format (str): "NCHW" or another layout of 2 to 5 dims. Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) normalizes x.

    Example:
        >>> paddle.nn.SyncBatchNorm(3)(paddle.rand([4, 3, 2, 2])).shape
        paddle.Size([4, 3, 2, 2])
    """
    _formats = ("NC", "NCL", "NLC", "NCHW", "NHWC", "NCDHW", "NDHWC")
    _ranks = (2, 3, 4, 5)

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         None, name)

    def forward(self, input):  # noqa: A002  (PaddlePaddle's name)
        if input.ndim not in self._ranks:
            raise ValueError(f"[SyncBatchNorm] expected a 2-D to 5-D input, got shape "
                             f"{input.shape}")
        channel_last = self._data_format != "NC" and self._data_format.endswith("C")
        return F.batch_norm(input, self._mean, self._variance, self.weight, self.bias,
                            self.training, self._momentum, self._epsilon,
                            "NHWC" if channel_last else "NCHW")

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        """layer with each BatchNorm1D/2D/3D in it (layer itself included)
        replaced by a SyncBatchNorm holding the same parameters and statistics.

        Args:
            layer (Layer): the model.

        Returns:
            Layer: the converted model (layer itself when it is not a BatchNorm).

        Example:
            >>> model = paddle.nn.Sequential(paddle.nn.Conv2D(3, 4, 3), paddle.nn.BatchNorm2D(4))
            >>> type(paddle.nn.SyncBatchNorm.convert_sync_batchnorm(model)[1]).__name__
            'SyncBatchNorm'
        """
        converted = layer
        if isinstance(layer, _BatchNormBase) and not isinstance(layer, (BatchNorm, cls)):
            converted = cls(layer._num_features, layer._momentum, layer._epsilon,
                            data_format=layer._data_format, name=layer._name)
            for key in ("weight", "bias", "_mean", "_variance"):
                setattr(converted, key, getattr(layer, key))
        for name, sublayer in layer.named_children():
            converted.add_sublayer(name, cls.convert_sync_batchnorm(sublayer))
        return converted
