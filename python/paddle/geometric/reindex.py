"""paddle.geometric's reindexing of sampled subgraphs: the input nodes and
their sampled neighbors renumbered 0, 1, ... in order of first appearance
(the input nodes first), as PaddlePaddle's graph_reindex op does."""
import numpy as np

from ..static.mode import _building
from ..tensor._helpers import check_tensor
from ..tensor.creation import to_tensor
from ._scatter import check_index

__all__ = ["reindex_graph", "reindex_heter_graph"]


def _reindex(x, neighbors, count, fn):
    check_index(x, "x", fn)
    if len(neighbors) != len(count):
        raise ValueError(f"[{fn}] neighbors and count must be as many, got {len(neighbors)} "
                         f"and {len(count)}")
    if _building():
        raise RuntimeError(f"[{fn}] the outputs' sizes come from the inputs' values: call it "
                           "in eager mode")
    nodes = x.numpy()
    if np.unique(nodes).size != nodes.size:
        raise ValueError(f"[{fn}] x must hold distinct nodes")
    order = {int(n): i for i, n in enumerate(nodes)}
    src, dst = [], []
    for k, (nbrs, cnt) in enumerate(zip(neighbors, count)):
        suffix = f"[{k}]" if fn == "reindex_heter_graph" else ""
        check_index(nbrs, "neighbors" + suffix, fn)
        check_index(cnt, "count" + suffix, fn, nodes.size)
        counts = cnt.numpy().astype("int64")
        if counts.min(initial=0) < 0 or counts.sum() != nbrs.shape[0]:
            raise ValueError(f"[{fn}] count{suffix} must be non-negative and sum to the "
                             f"{nbrs.shape[0]} entries of neighbors{suffix}, got sum "
                             f"{counts.sum()}")
        for n in nbrs.numpy():
            src.append(order.setdefault(int(n), len(order)))
        dst.append(np.repeat(np.arange(nodes.size, dtype="int64"), counts))
    dtype = x.dtype
    out_nodes = np.fromiter(order, "int64", len(order))
    return (to_tensor(np.asarray(src, "int64"), dtype), to_tensor(np.concatenate(dst), dtype),
            to_tensor(out_nodes, dtype))


def reindex_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """Renumbers a sampled subgraph: the nodes ``x`` become 0 .. len(x) - 1
    and their neighbors not among them the next numbers, in order of first
    appearance; ``neighbors`` holds ``count[i]`` sampled neighbors of ``x[i]``
    in turn.

    Args:
        x (Tensor): A 1-D int32/int64 Tensor of distinct input nodes.
        neighbors (Tensor): A 1-D Tensor of x's dtype, the neighbors of the nodes in turn.
        count (Tensor): A 1-D int32/int64 Tensor, each input node's number of neighbors
            (non-negative, summing to len(neighbors)).
        value_buffer (Tensor, optional): For PaddlePaddle compatibility (its GPU hash
            buffer); unused. Default None.
        index_buffer (Tensor, optional): For PaddlePaddle compatibility; unused. Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: ``(reindex_src, reindex_dst, out_nodes)``: each edge's renumbered neighbor
        and input node, and the nodes in their new order, all of x's dtype.

    Example:
        >>> x = paddle.to_tensor([0, 1, 2])
        >>> neighbors = paddle.to_tensor([8, 9, 0, 4, 7, 6, 7])
        >>> count = paddle.to_tensor([2, 3, 2], "int32")
        >>> src, dst, nodes = paddle.geometric.reindex_graph(x, neighbors, count)
        >>> src.numpy(), dst.numpy(), nodes.numpy()
        (array([3, 4, 0, 5, 6, 7, 6]), array([0, 0, 1, 1, 1, 2, 2]), array([0, 1, 2, 8, 9, 4, 7, 6]))
    """
    fn = "reindex_graph"
    check_tensor(neighbors, "neighbors", fn)
    check_tensor(count, "count", fn)
    return _reindex(x, [neighbors], [count], fn)


def reindex_heter_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """``reindex_graph`` over several edge types: ``neighbors[k]`` and
    ``count[k]`` are one type's sampled neighbors of ``x``; the renumbering is
    shared and the edges of the types follow one another.

    Args:
        x (Tensor): A 1-D int32/int64 Tensor of distinct input nodes.
        neighbors (list|tuple): 1-D Tensors of x's dtype, one per edge type.
        count (list|tuple): 1-D int32/int64 Tensors, per edge type each input node's number
            of neighbors.
        value_buffer (Tensor, optional): For PaddlePaddle compatibility; unused. Default None.
        index_buffer (Tensor, optional): For PaddlePaddle compatibility; unused. Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: ``(reindex_src, reindex_dst, out_nodes)``, as ``reindex_graph`` returns them.

    Example:
        >>> x = paddle.to_tensor([0, 1])
        >>> neighbors = [paddle.to_tensor([5, 0]), paddle.to_tensor([1, 7])]
        >>> count = [paddle.to_tensor([1, 1], "int32"), paddle.to_tensor([2, 0], "int32")]
        >>> src, dst, nodes = paddle.geometric.reindex_heter_graph(x, neighbors, count)
        >>> src.numpy(), dst.numpy(), nodes.numpy()
        (array([2, 0, 1, 3]), array([0, 1, 0, 0]), array([0, 1, 5, 7]))
    """
    fn = "reindex_heter_graph"
    for what, value in (("neighbors", neighbors), ("count", count)):
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"[{fn}] {what} must be a list or tuple of Tensors, got "
                            f"{type(value).__name__}")
    return _reindex(x, list(neighbors), list(count), fn)
