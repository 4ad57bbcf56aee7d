"""Inputs that are indices: one_hot and embedding."""
import numpy as np

from ...framework import dtypes as _dtype
from ...tensor._helpers import Tensor, check_tensor, op

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_one_hot = op("one_hot_v2", ["X"], ["depth", "dtype", "allow_out_of_range"])
_lookup = op("lookup_table_v2", ["Ids", "W"], ["padding_idx"])


def _check_int(x, fn):
    if x.dtype not in (_dtype.int32, _dtype.int64):
        raise TypeError(f"[{fn}] x must be an int32 or int64 Tensor, got {x.dtype.name}")


def one_hot(x, num_classes=-1, name=None):
    """A float32 tensor of x's shape plus a last dim of ``num_classes``: 1 at
    each index, 0 elsewhere. num_classes=-1 uses max(x) + 1.

    Args:
        x (Tensor): The class indices, an int32 or int64 tensor of any shape, each in [0,
            num_classes).
        num_classes (int, optional): The length of the new last dim, positive; -1 (the default) uses
            max(x) + 1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: A float32 tensor of shape x.shape + [num_classes].

    Example:
        >>> paddle.nn.functional.one_hot(paddle.to_tensor([0, 2]), 3).numpy()
        array([[1., 0., 0.],
               [0., 0., 1.]], dtype=float32)
    """
    check_tensor(x, "x", "one_hot")
    _check_int(x, "one_hot")
    if not isinstance(num_classes, int) or isinstance(num_classes, bool):
        raise TypeError(f"[one_hot] num_classes must be an int, got {type(num_classes).__name__}")
    if num_classes == -1:
        num_classes = int(x.numpy().max()) + 1 if x.size else 0
    if num_classes <= 0:
        raise ValueError(f"[one_hot] num_classes must be positive (or -1), got {num_classes}")
    return _one_hot(x, num_classes, _dtype.float32.code, False)


def _renorm_rows(ids, weight, max_norm, norm_type):
    """Scales the rows of weight that ids look up, in place and outside the
    graph, so their norm_type-norm is at most max_norm (PaddlePaddle's
    embedding_renorm_)."""
    rows = weight.numpy()  # shares the weight's memory
    used = np.unique(ids)
    norms = np.sum(np.abs(rows[used]) ** norm_type, axis=1) ** (1.0 / norm_type)
    scale = np.where(norms > max_norm, max_norm / (norms + 1e-7), 1.0)
    rows[used] *= scale[:, None].astype(rows.dtype)


def embedding(x, weight, padding_idx=None, max_norm=None, norm_type=2.0, sparse=False,
              scale_grad_by_freq=False, name=None):
    """The rows of ``weight`` ([num_embeddings, dim]) at the indices x; rows at
    padding_idx come out as zeros and get no gradient. max_norm first rescales
    the looked-up rows of weight in place to at most that norm_type-norm;
    scale_grad_by_freq divides each row's gradient by how often the batch
    looks it up.

    Args:
        x (Tensor): The indices, an int32 or int64 tensor of any shape, each in [0, num_embeddings).
        weight (Tensor): The table, a 2-D float tensor [num_embeddings, dim].
        padding_idx (int, optional): An index in [-num_embeddings, num_embeddings) whose rows are
            zeros with no gradient (negative counts from the end); None (the default) has none.
        max_norm (float, optional): When given (positive), the looked-up rows of weight are first
            rescaled in place to at most this norm. Eager mode only. Default None.
        norm_type (float, optional): The p of the p-norm max_norm uses, positive. Default 2.0.
        sparse (bool, optional): Accepted for compatibility; the gradient of weight is always dense.
            Default False.
        scale_grad_by_freq (bool, optional): Divides each row's gradient by how often x looks it up.
            Eager mode only. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The rows, of weight's dtype and shape x.shape + [dim].

    Example:
        >>> w = paddle.to_tensor([[0.0, 1.0], [2.0, 3.0]])
        >>> paddle.nn.functional.embedding(paddle.to_tensor([1, 0]), w).numpy()
        array([[2., 3.],
               [0., 1.]], dtype=float32)
    """
    check_tensor(x, "x", "embedding")
    check_tensor(weight, "weight", "embedding")
    _check_int(x, "embedding")
    if weight.ndim != 2:
        raise ValueError(f"[embedding] weight must be 2-D [num_embeddings, dim], got {weight.shape}")
    n = weight.shape[0]
    if padding_idx is None:
        padding_idx = -1
    elif not -n <= padding_idx < n:
        raise ValueError(f"padding_idx must be within [-{n}, {n})")
    elif padding_idx < 0:
        padding_idx += n
    if x._static_ref() is not None:
        # A static program's ids are known only when it runs: the lookup op checks their range.
        if max_norm is not None or scale_grad_by_freq:
            raise NotImplementedError("[embedding] max_norm and scale_grad_by_freq depend on the "
                                      "ids' values, which a static program knows only when it "
                                      "runs; they work in eager mode")
        return _lookup(x, weight, int(padding_idx))
    ids = x.numpy()
    if ids.size and (ids.min() < 0 or ids.max() >= n):
        raise ValueError(f"[embedding] ids must be in [0, {n}), got values from {ids.min()} to "
                         f"{ids.max()}")
    if max_norm is not None:
        if max_norm <= 0 or norm_type <= 0:
            raise ValueError(f"[embedding] max_norm and norm_type must be positive, got "
                             f"{max_norm} and {norm_type}")
        _renorm_rows(ids, weight, float(max_norm), float(norm_type))
    out = _lookup(x, weight, int(padding_idx))
    if scale_grad_by_freq and not out.stop_gradient:
        counts = np.bincount(ids.reshape(-1), minlength=n)
        inverse = (1.0 / counts[ids]).astype(_dtype.to_numpy_dtype(weight.dtype))[..., None]
        scale = Tensor._from_numpy(inverse)
        out.register_hook(lambda grad: grad * scale)
    return out
