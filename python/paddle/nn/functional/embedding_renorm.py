"""embedding_renorm_: rescales, in place, the embedding rows that x looks up
whose norm exceeds max_norm (PaddlePaddle's max_norm of embedding)."""
import numbers

from ...autograd import no_grad
from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.creation import ones_like
from ...tensor.gather_scatter import scatter
from ...tensor.linalg import norm
from ...tensor.ordered import unique
from ...tensor.search import index_select, where

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def embedding_renorm_(x, weight, max_norm, norm_type=2.0):
    """Scales each row of weight that x refers to and whose norm_type-norm
    exceeds max_norm down to norm max_norm (times max_norm / (norm + 1e-7)),
    in place, without recording gradients; returns weight.

    Args:
        x (Tensor): integer ids into weight's rows.
        weight (Tensor): [num_embeddings, dim] floating-point embedding table, changed.
        max_norm (float): the largest norm a referenced row keeps.
        norm_type (float): the norm's order. Default 2.0.

    Returns:
        Tensor: weight.

    Example:
        >>> w = paddle.to_tensor([[3.0, 4.0], [0.3, 0.4]])
        >>> paddle.nn.functional.embedding_renorm_(paddle.to_tensor([0, 1]), w, 1.0).numpy()
        array([[0.6, 0.8],
               [0.3, 0.4]], dtype=float32)
    """
    fn = "embedding_renorm_"
    check_tensor(x, "x", fn)
    check_tensor(weight, "weight", fn)
    if _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x must be an integer Tensor of ids, got {x.dtype.name}")
    if weight.ndim != 2 or not _dtype.is_floating_point(weight.dtype):
        raise ValueError(f"[{fn}] weight must be a 2-D floating-point Tensor, got "
                         f"{weight.dtype.name} of shape {weight.shape}")
    for what, v in (("max_norm", max_norm), ("norm_type", norm_type)):
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError(f"[{fn}] {what} must be a number, got {type(v).__name__}")
    with no_grad():
        ids = unique(x)
        rows = index_select(weight, ids)
        norms = norm(rows, p=float(norm_type), axis=1, keepdim=True)
        scale = where(norms > max_norm, max_norm / (norms + 1e-7), ones_like(norms))
        weight._assign_from(scatter(weight, ids, rows * scale, overwrite=True))
    return weight
