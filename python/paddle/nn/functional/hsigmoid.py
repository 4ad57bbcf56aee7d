"""hsigmoid_loss: the hierarchical sigmoid loss (the ``hierarchical_sigmoid``
op; its gradient is the op's)."""
import numbers

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor, op

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_hsigmoid = op("hierarchical_sigmoid", ["X", "W", "Label", "PathTable", "PathCode", "Bias"],
               ["num_classes", "is_sparse"], ["Out", "PreOut"])


def _check_int64(t, what, fn):
    check_tensor(t, what, fn)
    if t.dtype.name != "int64":
        raise TypeError(f"[{fn}] {what} must be an int64 Tensor, got {t.dtype.name}")


def hsigmoid_loss(input, label, num_classes, weight, bias=None, path_table=None,  # noqa: A002
                  path_code=None, is_sparse=False, name=None):
    """The hierarchical sigmoid loss: each class is a leaf of a binary tree and
    its loss the sum, along the path from the root, of the binary
    cross-entropies of sigmoid(weight[node] . input + bias[node]) against the
    path's bits. The default tree is the complete binary tree of num_classes
    leaves (num_classes - 1 nodes); path_table and path_code give a custom one.
    As in PaddlePaddle, a path shorter than the longest adds log(2) per missing
    step.

    Args:
        input (Tensor): [N, D] features, float32 or float64.
        label (Tensor): [N] or [N, 1] int64 classes.
        num_classes (int): the number of classes, at least 2 for the default tree.
        weight (Tensor): [nodes, D], one row per non-leaf node (num_classes - 1
            for the default tree).
        bias (Tensor): [nodes, 1] per-node biases, or None. Default None.
        path_table (Tensor): [N, L] int64 node indices of each sample's path,
            ending at its first negative; None for the default tree. Default None.
        path_code (Tensor): [N, L] int64 bits of those steps (given with
            path_table). Default None.
        is_sparse (bool): accepted for PaddlePaddle compatibility; the
            gradient of weight is dense. Default False.
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        Tensor: [N, 1] losses, of input's dtype.

    Example:
        >>> x = paddle.to_tensor([[1.0, 2.0]])
        >>> w = paddle.to_tensor([[0.5, -0.5], [1.0, 0.0]])
        >>> loss = paddle.nn.functional.hsigmoid_loss(x, paddle.to_tensor([2]), 3, w)
        >>> round(loss.item(), 4)  # class 2: node 1 with bit 1, then node 0 with bit 0
        0.7873
    """
    fn = "hsigmoid_loss"
    check_tensor(input, "input", fn)
    if not _dtype.is_floating_point(input.dtype):
        raise TypeError(f"[{fn}] input must be a floating-point Tensor, got {input.dtype.name}")
    _check_int64(label, "label", fn)
    check_tensor(weight, "weight", fn)
    if isinstance(num_classes, bool) or not isinstance(num_classes, numbers.Integral):
        raise TypeError(f"[{fn}] num_classes must be an int, got {type(num_classes).__name__}")
    if (path_table is None) != (path_code is None):
        raise ValueError(f"[{fn}] path_table and path_code must be given together")
    if path_table is None:
        if num_classes < 2:
            raise ValueError(f"[{fn}] num_classes must be >= 2 for the default tree, got "
                             f"{num_classes}")
    else:
        _check_int64(path_table, "path_table", fn)
        _check_int64(path_code, "path_code", fn)
    for what, t in (("weight", weight), ("bias", bias)):
        if t is not None:
            check_tensor(t, what, fn)
            if t.dtype != input.dtype:
                raise TypeError(f"[{fn}] {what} must have input's dtype {input.dtype.name}, got "
                                f"{t.dtype.name}")
    out, _ = _hsigmoid(input, weight, label, path_table, path_code, bias, int(num_classes),
                       bool(is_sparse))
    return out
