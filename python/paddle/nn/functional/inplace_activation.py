"""The in-place activations (relu_, tanh_, ...): the activation's result
replaces x's data and x is returned, by the mechanism of
paddle/tensor/inplace.py (check_inplace refuses a leaf that wants a gradient;
the op reads graph_alias(x), so gradients flow through the result)."""
from ...tensor._helpers import check_inplace, check_tensor, graph_alias
from . import activation as _act
from . import extra_activation as _extra

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _replace(x, fn_name, compute):
    check_tensor(x, "x", fn_name)
    check_inplace(x, fn_name)
    x._assign_from(compute(graph_alias(x)))
    return x


def relu_(x, name=None):
    """In-place paddle.nn.functional.relu: x becomes max(x, 0) and is returned.

    Args:
        x (Tensor): the input, changed in place.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.to_tensor([-1.0, 2.0])
        >>> paddle.nn.functional.relu_(x) is x, x.numpy()
        (True, array([0., 2.], dtype=float32))
    """
    return _replace(x, "relu_", _act.relu)


def tanh_(x, name=None):
    """In-place paddle.nn.functional.tanh: x becomes tanh(x) and is returned.

    Args:
        x (Tensor): the input, changed in place.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.to_tensor([0.0])
        >>> paddle.nn.functional.tanh_(x).numpy()
        array([0.], dtype=float32)
    """
    return _replace(x, "tanh_", _act.tanh)


def elu_(x, alpha=1.0, name=None):
    """In-place paddle.nn.functional.elu: x becomes elu(x, alpha) and is returned.

    Args:
        x (Tensor): the input, changed in place.
        alpha (float): the scale of the negative part. Default 1.0.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.to_tensor([1.0, 0.0])
        >>> paddle.nn.functional.elu_(x).numpy()
        array([1., 0.], dtype=float32)
    """
    return _replace(x, "elu_", lambda t: _act.elu(t, alpha))


def leaky_relu_(x, negative_slope=0.01, name=None):
    """In-place paddle.nn.functional.leaky_relu: x becomes leaky_relu(x,
    negative_slope) and is returned.

    Args:
        x (Tensor): the input, changed in place.
        negative_slope (float): the slope for x < 0. Default 0.01.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.to_tensor([-2.0, 1.0])
        >>> paddle.nn.functional.leaky_relu_(x, 0.5).numpy()
        array([-1.,  1.], dtype=float32)
    """
    return _replace(x, "leaky_relu_", lambda t: _act.leaky_relu(t, negative_slope))


def softmax_(x, axis=-1, dtype=None, name=None):
    """In-place paddle.nn.functional.softmax: x becomes softmax(x, axis, dtype)
    and is returned.

    Args:
        x (Tensor): the input, changed in place.
        axis (int): the axis to normalize along. Default -1.
        dtype (str|paddle.dtype): the dtype x is converted to first, or None. Default None.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.to_tensor([0.0, 0.0])
        >>> paddle.nn.functional.softmax_(x).numpy()
        array([0.5, 0.5], dtype=float32)
    """
    return _replace(x, "softmax_", lambda t: _act.softmax(t, axis, dtype))


def hardtanh_(x, min=-1.0, max=1.0, name=None):  # noqa: A002  (PaddlePaddle's names)
    """In-place paddle.nn.functional.hardtanh: x becomes x clipped to [min, max]
    and is returned.

    Args:
        x (Tensor): the input, changed in place.
        min (float): the lower bound. Default -1.0.
        max (float): the upper bound. Default 1.0.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.to_tensor([-2.0, 0.5])
        >>> paddle.nn.functional.hardtanh_(x).numpy()
        array([-1. ,  0.5], dtype=float32)
    """
    return _replace(x, "hardtanh_", lambda t: _extra.hardtanh(t, min, max))


def thresholded_relu_(x, threshold=1.0, value=0.0, name=None):
    """In-place paddle.nn.functional.thresholded_relu: x keeps the elements
    over ``threshold``, the others become ``value``; x is returned.

    Args:
        x (Tensor): the input, changed in place.
        threshold (float): the threshold. Default 1.0.
        value (float): what the elements at or under the threshold become. Default 0.0.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: x.

    Example:
        >>> x = paddle.to_tensor([0.5, 2.0])
        >>> paddle.nn.functional.thresholded_relu_(x).numpy()
        array([0., 2.], dtype=float32)
    """
    return _replace(x, "thresholded_relu_", lambda t: _extra.thresholded_relu(t, threshold, value))
