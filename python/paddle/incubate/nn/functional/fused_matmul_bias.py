"""fused_matmul_bias, fused_linear, fused_linear_activation: a matmul with
its bias (and an activation) added, PaddlePaddle's fused_gemm_epilogue (a GPU
kernel in 3.3.1), composed here from matmul, add and the activation."""
from ....nn import functional as F
from ....tensor.math import matmul
from ._checks import check_float, check_optional

__all__ = []


def fused_matmul_bias(x, y, bias=None, transpose_x=False, transpose_y=False, name=None):
    """``matmul(x, y, transpose_x, transpose_y) + bias``, the bias added along the
    last axis (PaddlePaddle runs it on GPU only; the same math runs here on CPU).

    Args:
        x (Tensor): The left operand, float32 or float64, at least 2-D.
        y (Tensor): The right operand, 2-D, of x's dtype.
        bias (Tensor, optional): A 1-D Tensor of the output's last dim. Default None.
        transpose_x (bool, optional): Use x's last two axes transposed. Default False.
        transpose_y (bool, optional): Use y transposed. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The product plus the bias, of x's dtype.

    Example:
        >>> from paddle.incubate.nn.functional import fused_matmul_bias
        >>> x = paddle.to_tensor([[1.0, 2.0]])
        >>> y = paddle.to_tensor([[1.0, 0.0], [0.0, 1.0]])
        >>> fused_matmul_bias(x, y, paddle.to_tensor([10.0, 20.0])).numpy()
        array([[11., 22.]], dtype=float32)
    """
    fn = "fused_matmul_bias"
    check_float(x, "x", fn)
    check_float(y, "y", fn)
    if y.dtype != x.dtype:
        raise TypeError(f"[{fn}] y must have x's dtype {x.dtype.name}, got {y.dtype.name}")
    if x.ndim < 2 or y.ndim != 2:
        raise ValueError(f"[{fn}] x must be at least 2-D and y 2-D, got shapes {x.shape} and "
                         f"{y.shape}")
    out = matmul(x, y, transpose_x, transpose_y)
    if bias is not None:
        check_optional(bias, "bias", fn, [out.shape[-1]])
        out = out + bias
    return out


def fused_linear(x, weight, bias=None, transpose_weight=False, name=None):
    """A linear layer: ``x @ weight + bias`` (``weight`` transposed first when
    ``transpose_weight``), as ``fused_matmul_bias``.

    Args:
        x (Tensor): The input [..., in_features], float32 or float64.
        weight (Tensor): [in_features, out_features] (or [out_features, in_features] with
            transpose_weight), of x's dtype.
        bias (Tensor, optional): [out_features]. Default None.
        transpose_weight (bool, optional): Whether weight is stored transposed. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: [..., out_features], of x's dtype.

    Example:
        >>> from paddle.incubate.nn.functional import fused_linear
        >>> x = paddle.ones([2, 3])
        >>> fused_linear(x, paddle.ones([3, 4]), paddle.ones([4])).shape
        paddle.Size([2, 4])
    """
    return fused_matmul_bias(x, weight, bias, False, transpose_weight, name)


def fused_linear_activation(x, y, bias, trans_x=False, trans_y=False, activation=None):
    """``activation(matmul(x, y) + bias)`` with activation None (or 'none'),
    'relu' or 'gelu' (the tanh approximation, as the cuBLASLt epilogue
    PaddlePaddle's GPU kernel uses).

    Args:
        x (Tensor): The left operand, float32 or float64, at least 2-D.
        y (Tensor): The right operand, 2-D, of x's dtype.
        bias (Tensor): A 1-D Tensor of the output's last dim.
        trans_x (bool, optional): Use x's last two axes transposed. Default False.
        trans_y (bool, optional): Use y transposed. Default False.
        activation (str, optional): None or 'none', 'relu', 'gelu'. Default None.

    Returns:
        Tensor: The activated product, of x's dtype.

    Example:
        >>> from paddle.incubate.nn.functional import fused_linear_activation
        >>> x = paddle.to_tensor([[1.0, -2.0]])
        >>> y = paddle.to_tensor([[1.0, 0.0], [0.0, 1.0]])
        >>> fused_linear_activation(x, y, paddle.zeros([2]), activation="relu").numpy()
        array([[1., 0.]], dtype=float32)
    """
    if activation is None:
        activation = "none"
    if activation not in ("none", "relu", "gelu"):
        raise ValueError(f"[fused_linear_activation] activation must be None, 'none', 'relu' "
                         f"or 'gelu', got {activation!r}")
    out = fused_matmul_bias(x, y, bias, trans_x, trans_y)
    if activation == "relu":
        return F.relu(out)
    if activation == "gelu":
        return F.gelu(out, approximate=True)
    return out
