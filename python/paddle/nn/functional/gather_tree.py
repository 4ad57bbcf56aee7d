"""gather_tree: the full sequences of beam search, traced back from the last
step through each step's parent beams."""
from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.gather_scatter import _take_along_axis
from ...tensor.manipulation import concat, unsqueeze

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def gather_tree(ids, parents):
    """The sequences beam search chose: ids and parents are [T, B, beam]
    (the token and the parent beam each beam took at each step); the result's
    beam k at step t is the token of the beam that beam k of the last step
    descends from.

    Args:
        ids (Tensor): [T, B, beam] int32 or int64 tokens.
        parents (Tensor): [T, B, beam] parent beam indices, of ids' dtype.

    Returns:
        Tensor: [T, B, beam], the traced tokens.

    Example:
        >>> ids = paddle.to_tensor([[[2, 2]], [[3, 9]]])
        >>> parents = paddle.to_tensor([[[0, 0]], [[1, 0]]])
        >>> paddle.nn.functional.gather_tree(ids, parents).numpy().tolist()
        [[[2, 2]], [[3, 9]]]
    """
    fn = "gather_tree"
    check_tensor(ids, "ids", fn)
    check_tensor(parents, "parents", fn)
    if _dtype.is_floating_point(ids.dtype) or ids.dtype != parents.dtype:
        raise TypeError(f"[{fn}] ids and parents must be integer Tensors of one dtype, got "
                        f"{ids.dtype.name} and {parents.dtype.name}")
    if ids.ndim != 3 or ids.shape != parents.shape:
        raise ValueError(f"[{fn}] ids and parents must both be [T, B, beam], got {ids.shape} "
                         f"and {parents.shape}")
    steps = ids.shape[0]
    beam = parents[steps - 1]  # [B, beam]: the beam each final beam came from
    traced = [ids[steps - 1]]
    for t in range(steps - 2, -1, -1):
        traced.append(_take_along_axis(ids[t], beam, 1))
        beam = _take_along_axis(parents[t], beam, 1)
    return concat([unsqueeze(step, 0) for step in reversed(traced)], 0)
