"""linear, dropout, pad, label_smooth and cosine_similarity."""
import numbers

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor, op
from ...tensor.creation import full, rand
from ...tensor.manipulation import cast, concat, squeeze, unsqueeze
from ...tensor.math import sqrt as _sqrt, sum as _sum
from ...tensor.numeric import clip as _clip

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_matmul = op("matmul_v2", ["X", "Y"], ["trans_x", "trans_y"])
_add = op("elementwise_add", ["X", "Y"], ["axis"])
_mul = op("elementwise_mul", ["X", "Y"], ["axis"])
_ge = op("greater_equal", ["X", "Y"], ["axis"])
_dropout = op("dropout", ["X"], ["dropout_prob", "is_test", "dropout_implementation"])
_pad3d = op("pad3d", ["X"], ["paddings", "mode", "value", "data_format"])


def linear(x, weight, bias=None, name=None):
    """x @ weight + bias, with weight of shape [in_features, out_features].

    Args:
        x (Tensor): The input, a float32 or float64 tensor of shape [..., in_features].
        weight (Tensor): The weight, a 2-D tensor [in_features, out_features] of x's dtype.
        bias (Tensor, optional): Added to the product, shape [out_features]; None (the default) adds
            nothing.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, of shape [..., out_features] and x's dtype.

    Example:
        >>> paddle.nn.functional.linear(paddle.ones([2, 3]), paddle.ones([3, 4])).shape
        paddle.Size([2, 4])
    """
    check_tensor(x, "x", "linear")
    check_tensor(weight, "weight", "linear")
    if weight.ndim != 2:
        raise ValueError(f"[linear] weight must be 2-D [in_features, out_features], got shape "
                         f"{weight.shape}")
    if x.ndim == 0 or x.shape[-1] != weight.shape[0]:
        raise ValueError(f"[linear] the last dim of x (shape {x.shape}) must equal "
                         f"in_features = {weight.shape[0]} of weight (shape {weight.shape})")
    out = _matmul(x, weight, False, False)
    if bias is not None:
        check_tensor(bias, "bias", "linear")
        out = _add(out, bias, -1)
    return out


def _dropout_axes(axis, x):
    axes = [axis] if isinstance(axis, int) else list(axis)
    for a in axes:
        if not isinstance(a, int) or not -x.ndim <= a < x.ndim:
            raise ValueError(f"[dropout] axis {a} is out of range for a {x.ndim}-D input")
    return sorted({a % x.ndim for a in axes})


def dropout(x, p=0.5, axis=None, training=True, inplace=False, mode="upscale_in_train", name=None):
    """Zeroes each element with probability ``p`` in training. mode
    'upscale_in_train' divides the kept ones by 1 - p (and is the identity in
    eval); 'downscale_in_infer' keeps them and multiplies by 1 - p in eval.
    With ``axis``, whole slices along the other dims share one draw.

    Args:
        x (Tensor): The input, a floating-point tensor of any shape.
        p (float, optional): The probability of zeroing an element, in [0, 1]. Default 0.5.
        axis (int|list|tuple, optional): The dims that get their own draws; the mask is shared along
            the other dims. None (the default) draws for every element.
        training (bool, optional): Drops elements when True (the default); when False, applies
            mode's eval behaviour.
        inplace (bool, optional): Accepted for compatibility; the result is a new tensor (or x
            itself when nothing changes). Default False.
        mode (str, optional): 'upscale_in_train' (the default) or 'downscale_in_infer', as described
            above.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The result, with x's shape and dtype.

    Example:
        >>> x = paddle.ones([2, 3])
        >>> paddle.nn.functional.dropout(x, 0.5, training=False).numpy()
        array([[1., 1., 1.],
               [1., 1., 1.]], dtype=float32)
    """
    check_tensor(x, "x", "dropout")
    if not isinstance(p, numbers.Real) or isinstance(p, bool):
        raise TypeError(f"p argument should be a number, but received {type(p).__name__}")
    if not 0 <= p <= 1:
        raise ValueError(f"p argument should between 0 and 1, but received {p}")
    if mode not in ("downscale_in_infer", "upscale_in_train"):
        raise ValueError(f"mode argument should be 'downscale_in_infer' or 'upscale_in_train', "
                         f"but received {mode!r}")
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[dropout] x must be a floating-point Tensor, got {x.dtype.name}")
    impl = "downgrade_in_infer" if mode == "downscale_in_infer" else mode
    if axis is None:
        if p == 0 or (not training and impl == "upscale_in_train"):
            return x
        return _dropout(x, float(p), not training, impl)
    axes = _dropout_axes(axis, x)
    if not training:
        return x if impl == "upscale_in_train" else x * (1.0 - p)
    if p == 1:
        return x * 0.0
    mask_shape = [d if i in axes else 1 for i, d in enumerate(x.shape)]
    keep = cast(_ge(rand(mask_shape, x.dtype), full([], float(p), x.dtype), -1), x.dtype)
    out = _mul(x, keep, -1)
    return out / (1.0 - p) if impl == "upscale_in_train" else out


_PAD_MODES = ("constant", "reflect", "replicate", "circular")
_FORMATS = {3: ("NCL", "NLC"), 4: ("NCHW", "NHWC"), 5: ("NCDHW", "NDHWC")}


def _pad_all_dims(x, pad, value, pad_from_left_axis):
    """Constant padding of every dim: pad[2i], pad[2i+1] before/after dim i
    (dim n-1-i when pad_from_left_axis is False), by concatenation."""
    n = x.ndim
    for i in range(n):
        dim = i if pad_from_left_axis else n - 1 - i
        before, after = pad[2 * i], pad[2 * i + 1]
        if before < 0 or after < 0:
            raise ValueError(f"[pad] negative padding {pad} is not supported")
        parts = []
        for size in (before, after):
            shape = list(x.shape)
            shape[dim] = size
            parts.append(full(shape, value, x.dtype) if size else None)
        pieces = [t for t in (parts[0], x, parts[1]) if t is not None]
        x = concat(pieces, dim) if len(pieces) > 1 else x
    return x


def pad(x, pad, mode="constant", value=0.0, data_format=None, pad_from_left_axis=True, name=None):
    """Pads x. With a pad list of 2 * x.ndim values and mode 'constant', every
    dim is padded (pairs from the first dim). Otherwise x is 3-, 4- or 5-D and
    ``pad`` gives [left, right(, top, bottom(, front, back))] for its spatial
    dims, in mode constant, reflect, replicate or circular.

    Args:
        x (Tensor): The input tensor.
        pad (list|tuple): The padding sizes, non-negative ints: 2 * x.ndim values [before_0,
            after_0, ...] (mode 'constant' only), or for a 3-, 4- or 5-D x up to 2 values per
            spatial dim [left, right, top, bottom, front, back] (W first).
        mode (str, optional): 'constant' (the default; fills with value), 'reflect' (mirrors without
            the edge), 'replicate' (repeats the edge) or 'circular' (wraps around).
        value (float, optional): The fill value of mode 'constant'. Default 0.0.
        data_format (str, optional): The layout of a 3-, 4- or 5-D x: 'NCL'/'NLC', 'NCHW'/'NHWC' or
            'NCDHW'/'NDHWC'; None (the default) takes the channels-first one.
        pad_from_left_axis (bool, optional): With 2 * x.ndim values, True (the default) pairs them
            with the dims from the first one, False from the last one.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The padded tensor, of x's dtype.

    Example:
        >>> paddle.nn.functional.pad(paddle.ones([1, 1, 2, 2]), [1, 1, 0, 0]).shape
        paddle.Size([1, 1, 2, 4])
    """
    check_tensor(x, "x", "pad")
    if mode not in _PAD_MODES:
        raise ValueError(f"mode should be one of constant, reflect, replicate, circular, but got "
                         f"{mode!r}")
    if not isinstance(pad, (list, tuple)):
        raise TypeError(f"[pad] pad must be a list or tuple of ints, got {type(pad).__name__}")
    pad = [int(p) for p in pad]
    if mode == "constant" and len(pad) == 2 * x.ndim:
        return _pad_all_dims(x, pad, float(value), pad_from_left_axis)
    if x.ndim not in _FORMATS:
        raise ValueError(f"[pad] x must be 3-, 4- or 5-D for mode {mode!r} with {len(pad)} "
                         f"pad values, got shape {x.shape}")
    if data_format is None:
        data_format = _FORMATS[x.ndim][0]
    if data_format not in _FORMATS[x.ndim]:
        raise ValueError(f"[pad] data_format for a {x.ndim}-D input must be one of "
                         f"{_FORMATS[x.ndim]}, got {data_format!r}")
    spatial = x.ndim - 2
    if len(pad) > 2 * spatial or len(pad) % 2:
        raise ValueError(f"[pad] expected an even number of pad values, at most {2 * spatial} for "
                         f"a {x.ndim}-D input, got {len(pad)}")
    paddings = pad + [0] * (6 - len(pad))
    channel_last = data_format[-1] == "C"
    # pad3d works on 5-D NCDHW / NDHWC: add unit dims in front of the spatial ones.
    extra = 3 - spatial
    insert_at = 1 if channel_last else 2
    y = x
    for _ in range(extra):
        y = unsqueeze(y, insert_at)
    out = _pad3d(y, paddings, mode, float(value), "NDHWC" if channel_last else "NCDHW")
    for _ in range(extra):
        out = squeeze(out, insert_at)
    return out


def label_smooth(label, prior_dist=None, epsilon=0.1, name=None):
    """(1 - epsilon) * label + epsilon * prior_dist for one-hot (or soft)
    labels along the last dim; prior_dist ([1, C]) defaults to uniform 1 / C.

    Args:
        label (Tensor): The labels, a floating-point tensor whose last dim holds the C classes
            (one-hot or soft).
        prior_dist (Tensor, optional): The prior distribution, shape [1, C], of label's dtype; None
            (the default) uses the uniform 1 / C.
        epsilon (float, optional): The weight of the prior, in [0, 1]. Default 0.1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The smoothed labels, with label's shape and dtype.

    Example:
        >>> paddle.nn.functional.label_smooth(paddle.to_tensor([[0.0, 1.0]]), epsilon=0.5).numpy()
        array([[0.25, 0.75]], dtype=float32)
    """
    check_tensor(label, "label", "label_smooth")
    if not 0.0 <= epsilon <= 1.0:
        raise ValueError(f"The value of epsilon must be between 0 and 1, but got {epsilon}")
    if not _dtype.is_floating_point(label.dtype):
        raise TypeError(f"[label_smooth] label must be a floating-point Tensor, got "
                        f"{label.dtype.name}")
    if prior_dist is None:
        return label * (1.0 - epsilon) + epsilon / label.shape[-1]
    check_tensor(prior_dist, "prior_dist", "label_smooth")
    return label * (1.0 - epsilon) + prior_dist * epsilon


def cosine_similarity(x1, x2, axis=1, eps=1e-8):
    """sum(x1 * x2) / sqrt(max(sum(x1²) * sum(x2²), eps²)) along ``axis``
    (x1 and x2 broadcast).

    Args:
        x1 (Tensor): The first input, a float32 or float64 tensor.
        x2 (Tensor): The second input, of x1's dtype; broadcast against x1.
        axis (int, optional): The dim along which the vectors lie. Default 1.
        eps (float, optional): A lower bound of the norms' product, which keeps the division finite.
            Default 1e-8.

    Returns:
        Tensor: The similarities, in [-1, 1]: the broadcast shape without axis.

    Example:
        >>> x = paddle.to_tensor([[1.0, 0.0], [0.0, 2.0]])
        >>> paddle.nn.functional.cosine_similarity(x, paddle.to_tensor([[3.0, 0.0]])).numpy()
        array([1., 0.], dtype=float32)
    """
    check_tensor(x1, "x1", "cosine_similarity")
    check_tensor(x2, "x2", "cosine_similarity")
    w12 = _sum(x1 * x2, axis=axis)
    w1 = _sum(x1 * x1, axis=axis)
    w2 = _sum(x2 * x2, axis=axis)
    return w12 / _sqrt(_clip(w1 * w2, min=eps * eps))
