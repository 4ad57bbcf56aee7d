"""pairwise_distance, pdist, bilinear, the channel dropouts (dropout1d,
dropout2d, dropout3d), the alpha dropouts, local_response_norm and
sequence_mask, composed of existing ops."""
import numbers

import numpy as np

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.creation import arange, rand, to_tensor
from ...tensor.linalg import vector_norm
from ...tensor.linalg_composite import diag_embed  # noqa: F401  (also paddle.nn.functional's)
from ...tensor.manipulation import cast, reshape, squeeze, transpose, unsqueeze
from ...tensor.math import matmul, max as _max, sum as _sum
from .common import dropout, pad

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False, name=None):
    """The p-norm of x - y + epsilon along the last dim (x and y broadcast).

    Args:
        x (Tensor): a floating-point input, [N, D] or [D].
        y (Tensor): a floating-point input of the same dtype, broadcastable with x.
        p (float): the order of the norm (inf and 0 included). Default 2.0.
        epsilon (float): added to x - y, so that equal rows keep a gradient. Default 1e-6.
        keepdim (bool): keep the last dim (of size 1). Default False.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: the distances, [N] (or [N, 1] with keepdim).

    Example:
        >>> x = paddle.to_tensor([[1.0, 3.0], [2.0, 2.0]])
        >>> y = paddle.to_tensor([[4.0, 7.0], [2.0, 2.0]])
        >>> paddle.nn.functional.pairwise_distance(x, y, epsilon=0.0).numpy()
        array([5., 0.], dtype=float32)
    """
    fn = "pairwise_distance"
    check_tensor(x, "x", fn)
    check_tensor(y, "y", fn)
    for t, what in ((x, "x"), (y, "y")):
        if not _dtype.is_floating_point(t.dtype):
            raise TypeError(f"[{fn}] {what} must be a floating-point Tensor, got {t.dtype.name}")
    if x.dtype != y.dtype:
        raise TypeError(f"[{fn}] x and y must have the same dtype, got {x.dtype.name} and "
                        f"{y.dtype.name}")
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"[{fn}] p must be a float, got {type(p).__name__}")
    diff = x - y
    if epsilon != 0.0:
        diff = diff + float(epsilon)
    return vector_norm(diff, float(p), axis=-1, keepdim=keepdim)


def _channel_dropout(x, p, training, data_format, formats, fn):
    check_tensor(x, "x", fn)
    rank = len(formats[0])
    if x.ndim != rank:
        raise ValueError(f"[{fn}] x must be {rank}-D, got shape {x.shape}")
    if data_format not in formats:
        raise ValueError(f"[{fn}] data_format must be one of {list(formats)}, got "
                         f"{data_format!r}")
    channel_axis = 1 if data_format == formats[0] else rank - 1
    return dropout(x, p=p, axis=[0, channel_axis], training=training, mode="upscale_in_train")


def dropout2d(x, p=0.5, training=True, data_format="NCHW", name=None):
    """Zeroes whole channels of a 4-D input, each with probability ``p``, in
    training, and divides the kept ones by 1 - p; the identity in eval.

    Args:
        x (Tensor): a 4-D floating-point input.
        p (float): the probability of zeroing a channel. Default 0.5.
        training (bool): drop (True) or pass x through. Default True.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> y = paddle.nn.functional.dropout2d(paddle.ones([2, 8, 3, 3]), 0.5)
        >>> sorted(set(y.numpy().ravel().tolist())) in ([0.0, 2.0], [0.0], [2.0])
        True
    """
    return _channel_dropout(x, p, training, data_format, ("NCHW", "NHWC"), "dropout2d")


def dropout3d(x, p=0.5, training=True, data_format="NCDHW", name=None):
    """Zeroes whole channels of a 5-D input, each with probability ``p``, in
    training, and divides the kept ones by 1 - p; the identity in eval.

    Args:
        x (Tensor): a 5-D floating-point input.
        p (float): the probability of zeroing a channel. Default 0.5.
        training (bool): drop (True) or pass x through. Default True.
        data_format (str): "NCDHW" or "NDHWC". Default "NCDHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> x = paddle.ones([1, 2, 2, 2, 2])
        >>> paddle.nn.functional.dropout3d(x, 0.5, training=False).shape
        paddle.Size([1, 2, 2, 2, 2])
    """
    return _channel_dropout(x, p, training, data_format, ("NCDHW", "NDHWC"), "dropout3d")


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _alpha_dropout(x, p, training, mask_shape, fn):
    """Dropped elements become SELU's negative saturation value, then an affine
    map a * y + b restores the mean and variance of a zero-mean, unit-variance x."""
    check_tensor(x, "x", fn)
    if isinstance(p, bool) or not isinstance(p, (float, int)):
        raise TypeError(f"[{fn}] p must be a float or int, got {type(p).__name__}")
    if not 0 <= p <= 1:
        raise ValueError(f"[{fn}] p must be between 0 and 1, got {p}")
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x must be a floating-point Tensor, got {x.dtype.name}")
    if not training:
        return x
    if p == 1:
        return x * 0.0
    alpha_p = -_SELU_ALPHA * _SELU_SCALE
    a = ((1 - p) * (1 + p * alpha_p ** 2)) ** -0.5
    b = -a * alpha_p * p
    keep = cast(rand(mask_shape, "float32") >= float(p), x.dtype)
    return (x * keep + (1.0 - keep) * alpha_p) * a + b


def alpha_dropout(x, p=0.5, training=True, name=None):
    """Dropout for SELU networks: in training each element is, with
    probability ``p``, set to SELU's negative saturation value, and an affine
    map keeps a zero-mean, unit-variance input's mean and variance; the
    identity in eval.

    Args:
        x (Tensor): a floating-point input.
        p (float): the probability of dropping an element. Default 0.5.
        training (bool): drop (True) or pass x through. Default True.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> x = paddle.to_tensor([[-1.0, 1.0]])
        >>> paddle.nn.functional.alpha_dropout(x, 0.5, training=False).numpy()
        array([[-1.,  1.]], dtype=float32)
    """
    return _alpha_dropout(x, p, training, list(getattr(x, "shape", [])), "alpha_dropout")


def feature_alpha_dropout(x, p=0.5, training=True, name=None):
    """alpha_dropout of whole channels: one draw per (sample, channel) of an
    input of at least 2 dims.

    Args:
        x (Tensor): a floating-point input [N, C, ...].
        p (float): the probability of dropping a channel. Default 0.5.
        training (bool): drop (True) or pass x through. Default True.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> x = paddle.ones([2, 3, 4])
        >>> y = paddle.nn.functional.feature_alpha_dropout(x, 0.5)
        >>> bool((y[:, :, :1] == y).all())
        True
    """
    fn = "feature_alpha_dropout"
    check_tensor(x, "x", fn)
    if x.ndim < 2:
        raise ValueError(f"[{fn}] x must have at least 2 dims, got shape {x.shape}")
    return _alpha_dropout(x, p, training, list(x.shape[:2]) + [1] * (x.ndim - 2), fn)


def local_response_norm(x, size, alpha=1e-4, beta=0.75, k=1.0, data_format="NCHW", name=None):
    """Divides each element by (k + alpha * the mean of the squares of ``size``
    neighbouring channels) ** beta, the window centred on its channel (zeros
    beyond the edges).

    Args:
        x (Tensor): a floating-point input of 3 to 5 dims, channels at dim 1 (or last).
        size (int): the number of channels in the window.
        alpha (float): the scale of the mean. Default 1e-4.
        beta (float): the exponent. Default 0.75.
        k (float): the offset. Default 1.0.
        data_format (str): "NCL", "NLC", "NCHW", "NHWC", "NCDHW" or "NDHWC" (matching
            x's rank). Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: of x's shape and dtype.

    Example:
        >>> x = paddle.full([1, 3, 1, 1], 2.0)
        >>> y = paddle.nn.functional.local_response_norm(x, 3, alpha=3.0, beta=1.0)
        >>> y.numpy().ravel()
        array([0.22222222, 0.15384616, 0.22222222], dtype=float32)
    """
    fn = "local_response_norm"
    check_tensor(x, "x", fn)
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x must be a floating-point Tensor, got {x.dtype.name}")
    formats = {3: ("NCL", "NLC"), 4: ("NCHW", "NHWC"), 5: ("NCDHW", "NDHWC")}
    if x.ndim not in formats:
        raise ValueError(f"[{fn}] x must be 3-, 4- or 5-D, got shape {x.shape}")
    if data_format not in formats[x.ndim]:
        raise ValueError(f"[{fn}] data_format for a {x.ndim}-D input must be one of "
                         f"{list(formats[x.ndim])}, got {data_format!r}")
    if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
        raise ValueError(f"[{fn}] size must be a positive int, got {size!r}")
    axis = x.ndim - 1 if data_format[-1] == "C" else 1
    channels = x.shape[axis]
    pads = [0] * (2 * x.ndim)
    pads[2 * axis], pads[2 * axis + 1] = size // 2, (size - 1) // 2
    squares = pad(x * x, pads)
    index = [slice(None)] * x.ndim
    total = None
    for start in range(size):
        index[axis] = slice(start, start + channels)
        part = squares[tuple(index)]
        total = part if total is None else total + part
    div = (total * (float(alpha) / size) + float(k)) ** float(beta)
    return x / div


def sequence_mask(x, maxlen=None, dtype="int64", name=None):
    """The masks of sequences of lengths x: out[..., j] = j < x[...], for j
    below maxlen (default: the largest length).

    Args:
        x (Tensor): an integer Tensor of lengths, any shape.
        maxlen (int|Tensor): the mask length, or None for max(x). Default None.
        dtype (str|paddle.dtype): the output dtype. Default "int64".
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: [*x.shape, maxlen] of dtype.

    Example:
        >>> paddle.nn.functional.sequence_mask(paddle.to_tensor([1, 3])).numpy()
        array([[1, 0, 0],
               [1, 1, 1]])
    """
    fn = "sequence_mask"
    check_tensor(x, "x", fn)
    if _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x must be an integer Tensor of lengths, got {x.dtype.name}")
    if maxlen is None:
        maxlen = int(_max(x).item()) if x.size else 0
    elif hasattr(maxlen, "item"):
        maxlen = int(maxlen.item())
    if isinstance(maxlen, bool) or not isinstance(maxlen, int) or maxlen < 0:
        raise ValueError(f"[{fn}] maxlen must be a non-negative int, got {maxlen!r}")
    steps = arange(0, maxlen, 1, x.dtype)
    return cast(steps < unsqueeze(x, -1), _dtype.convert_dtype(dtype))


def dropout1d(input, p=0.5, training=True, inplace=False):  # noqa: A002  (PaddlePaddle's name)
    """Zeroes whole channels of a [N, C, L] (or [C, L]) input, each with
    probability ``p``, in training, and divides the kept ones by 1 - p; the
    identity in eval. inplace is accepted and, as in PaddlePaddle, ignored.

    Args:
        input (Tensor): a 2-D or 3-D floating-point input.
        p (float): the probability of zeroing a channel. Default 0.5.
        training (bool): drop (True) or pass input through. Default True.
        inplace (bool): unused, as in PaddlePaddle. Default False.

    Returns:
        Tensor: of input's shape and dtype.

    Example:
        >>> y = paddle.nn.functional.dropout1d(paddle.ones([2, 6, 4]), 0.5)
        >>> bool((y == y[:, :, :1]).all())
        True
    """
    fn = "dropout1d"
    check_tensor(input, "input", fn)
    if isinstance(p, bool) or not isinstance(p, numbers.Real) or not 0 <= p <= 1:
        raise ValueError(f"[{fn}] p must be a number in [0, 1], got {p!r}")
    if input.ndim not in (2, 3):
        raise RuntimeError(f"[{fn}] input must be 2-D or 3-D, got shape {input.shape}")
    batched = input if input.ndim == 3 else unsqueeze(input, 0)
    out = dropout(batched, p=p, axis=[0, 1], training=training, mode="upscale_in_train")
    return out if input.ndim == 3 else squeeze(out, 0)


def pdist(x, p=2.0, name=None):
    """The p-norm distances between the rows of x, each pair i < j once, in
    row-major order: N * (N - 1) / 2 values.

    Args:
        x (Tensor): [N, M] floating-point rows.
        p (float): the norm order. Default 2.0.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: [N * (N - 1) / 2].

    Example:
        >>> x = paddle.to_tensor([[0.0, 0.0], [3.0, 4.0], [0.0, 1.0]])
        >>> paddle.nn.functional.pdist(x).numpy()
        array([5.       , 1.       , 4.2426405], dtype=float32)
    """
    fn = "pdist"
    check_tensor(x, "x", fn)
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x must be a floating-point Tensor, got {x.dtype.name}")
    if x.ndim != 2:
        raise ValueError(f"[{fn}] x must be 2-D [N, M], got shape {x.shape}")
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"[{fn}] p must be a float, got {type(p).__name__}")
    n = x.shape[0]
    first, second = np.triu_indices(n, 1)
    # one-hot row selections (a matmul, so static mode and gradients work)
    pick = np.zeros([2, len(first), n], _dtype.to_numpy_dtype(x.dtype))
    pick[0, np.arange(len(first)), first] = 1
    pick[1, np.arange(len(first)), second] = 1
    rows = matmul(to_tensor(pick), x)
    return vector_norm(rows[0] - rows[1], float(p), axis=-1)


def bilinear(x1, x2, weight, bias=None, name=None):
    """out[n, o] = x1[n] @ weight[o] @ x2[n] + bias[o].

    Args:
        x1 (Tensor): [N, in1] floating-point input.
        x2 (Tensor): [N, in2] input of x1's dtype.
        weight (Tensor): [out, in1, in2].
        bias (Tensor): [1, out], or None. Default None.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: [N, out].

    Example:
        >>> w = paddle.ones([1, 2, 3])
        >>> paddle.nn.functional.bilinear(paddle.ones([4, 2]), paddle.ones([4, 3]), w).shape
        paddle.Size([4, 1])
    """
    fn = "bilinear"
    for what, t in (("x1", x1), ("x2", x2), ("weight", weight)):
        check_tensor(t, what, fn)
    if x1.ndim != 2 or x2.ndim != 2 or x1.shape[0] != x2.shape[0]:
        raise ValueError(f"[{fn}] x1 and x2 must be 2-D with the same batch size, got "
                         f"{x1.shape} and {x2.shape}")
    if weight.ndim != 3 or weight.shape[1] != x1.shape[1] or weight.shape[2] != x2.shape[1]:
        raise ValueError(f"[{fn}] weight must be [out, {x1.shape[1]}, {x2.shape[1]}], got "
                         f"{weight.shape}")
    out_features, in1, in2 = weight.shape
    # x1 @ [in1, out * in2], then each out's row times x2
    flat = reshape(transpose(weight, [1, 0, 2]), [in1, out_features * in2])
    left = reshape(matmul(x1, flat), [x1.shape[0], out_features, in2])
    out = _sum(left * unsqueeze(x2, 1), axis=-1)
    if bias is not None:
        check_tensor(bias, "bias", fn)
        out = out + bias
    return out
