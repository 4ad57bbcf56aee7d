"""paddle.incubate's graph functions: PaddlePaddle 3.3.1 keeps them as
deprecated names of paddle.geometric's (segment_*, graph_send_recv,
graph_reindex, graph_sample_neighbors), and graph_khop_sampler, multi-hop
neighbor sampling with the sampled subgraph renumbered."""
import numpy as np

from .. import geometric
from ..geometric._scatter import check_index
from ..static.mode import _building
from ..tensor._helpers import check_tensor
from ..tensor.creation import to_tensor
from ..utils.deprecation import deprecated

__all__ = []


def _moved(name, to):
    return deprecated(since="2.4.0", update_to=to, level=1,
                      reason=f"paddle.incubate.{name} will be removed in future")


@_moved("segment_sum", "paddle.geometric.segment_sum")
def segment_sum(data, segment_ids, name=None):
    """Segment sum: output row i is the sum of the rows of ``data`` whose
    segment id is i (``paddle.geometric.segment_sum``).

    Args:
        data (Tensor): The input, float32/float64/int32/int64, at least 1-D.
        segment_ids (Tensor): A 1-D int32/int64 Tensor of sorted, non-negative segment ids.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of ``data``'s other dims and dtype.

    Example:
        >>> data = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> paddle.incubate.segment_sum(data, paddle.to_tensor([0, 0, 1])).numpy()
        array([[4., 6.],
               [5., 6.]], dtype=float32)
    """
    return geometric.segment_sum(data, segment_ids)


@_moved("segment_mean", "paddle.geometric.segment_mean")
def segment_mean(data, segment_ids, name=None):
    """Segment mean: output row i is the mean of the rows of ``data`` whose
    segment id is i (``paddle.geometric.segment_mean``).

    Args:
        data (Tensor): The input, float32/float64/int32/int64, at least 1-D.
        segment_ids (Tensor): A 1-D int32/int64 Tensor of sorted, non-negative segment ids.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of ``data``'s other dims and dtype.

    Example:
        >>> data = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> paddle.incubate.segment_mean(data, paddle.to_tensor([0, 0, 1])).numpy()
        array([[2., 3.],
               [5., 6.]], dtype=float32)
    """
    return geometric.segment_mean(data, segment_ids)


@_moved("segment_max", "paddle.geometric.segment_max")
def segment_max(data, segment_ids, name=None):
    """Segment max: output row i is the largest of the rows of ``data`` whose
    segment id is i (``paddle.geometric.segment_max``).

    Args:
        data (Tensor): The input, float32/float64/int32/int64, at least 1-D.
        segment_ids (Tensor): A 1-D int32/int64 Tensor of sorted, non-negative segment ids.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of ``data``'s other dims and dtype.

    Example:
        >>> data = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 0.0]])
        >>> paddle.incubate.segment_max(data, paddle.to_tensor([0, 0, 1])).numpy()
        array([[3., 4.],
               [5., 0.]], dtype=float32)
    """
    return geometric.segment_max(data, segment_ids)


@_moved("segment_min", "paddle.geometric.segment_min")
def segment_min(data, segment_ids, name=None):
    """Segment min: output row i is the smallest of the rows of ``data`` whose
    segment id is i (``paddle.geometric.segment_min``).

    Args:
        data (Tensor): The input, float32/float64/int32/int64, at least 1-D.
        segment_ids (Tensor): A 1-D int32/int64 Tensor of sorted, non-negative segment ids.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of ``data``'s other dims and dtype.

    Example:
        >>> data = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 0.0]])
        >>> paddle.incubate.segment_min(data, paddle.to_tensor([0, 0, 1])).numpy()
        array([[1., 2.],
               [5., 0.]], dtype=float32)
    """
    return geometric.segment_min(data, segment_ids)


@_moved("graph_send_recv", "paddle.geometric.send_u_recv")
def graph_send_recv(x, src_index, dst_index, pool_type="sum", out_size=None, name=None):
    """Sends the rows ``x[src_index]`` along the edges and reduces them at
    ``dst_index`` (``paddle.geometric.send_u_recv`` with ``reduce_op=pool_type``).

    Args:
        x (Tensor): The node features, float32/float64/int32/int64.
        src_index (Tensor): A 1-D int32/int64 Tensor, each edge's source node.
        dst_index (Tensor): A 1-D int32/int64 Tensor of src_index's length, each edge's
            destination node.
        pool_type (str, optional): 'sum' (the default), 'mean', 'max' or 'min'.
        out_size (int|Tensor, optional): The output's rows; None or <= 0: x's. Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The reduced messages, of x's dtype.

    Example:
        >>> x = paddle.to_tensor([[0.0, 2.0], [1.0, 4.0], [2.0, 6.0]])
        >>> src, dst = paddle.to_tensor([0, 1, 2, 0]), paddle.to_tensor([1, 2, 1, 0])
        >>> paddle.incubate.graph_send_recv(x, src, dst, pool_type="sum").numpy()
        array([[0., 2.],
               [2., 8.],
               [1., 4.]], dtype=float32)
    """
    return geometric.send_u_recv(x, src_index, dst_index, reduce_op=pool_type,
                                 out_size=out_size)


@_moved("graph_reindex", "paddle.geometric.reindex_graph")
def graph_reindex(x, neighbors, count, value_buffer=None, index_buffer=None,
                  flag_buffer_hashtable=False, name=None):
    """Renumbers a sampled subgraph (``paddle.geometric.reindex_graph``): the
    nodes ``x`` become 0 .. len(x) - 1 and their other neighbors the next
    numbers, in order of first appearance.

    Args:
        x (Tensor): A 1-D int32/int64 Tensor of distinct input nodes.
        neighbors (Tensor): A 1-D Tensor of x's dtype, the neighbors of the nodes in turn.
        count (Tensor): A 1-D int32 Tensor, each input node's number of neighbors.
        value_buffer (Tensor, optional): For PaddlePaddle compatibility; unused. Default None.
        index_buffer (Tensor, optional): For PaddlePaddle compatibility; unused. Default None.
        flag_buffer_hashtable (bool, optional): For PaddlePaddle compatibility (its GPU hash
            table); unused. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: ``(reindex_src, reindex_dst, out_nodes)``.

    Example:
        >>> x = paddle.to_tensor([0, 1, 2])
        >>> neighbors = paddle.to_tensor([8, 9, 0, 4, 7, 6, 7])
        >>> count = paddle.to_tensor([2, 3, 2], dtype="int32")
        >>> src, dst, nodes = paddle.incubate.graph_reindex(x, neighbors, count)
        >>> src.numpy(), nodes.numpy()
        (array([3, 4, 0, 5, 6, 7, 6]), array([0, 1, 2, 8, 9, 4, 7, 6]))
    """
    return geometric.reindex_graph(x, neighbors, count)


@_moved("graph_sample_neighbors", "paddle.geometric.sample_neighbors")
def graph_sample_neighbors(row, colptr, input_nodes, eids=None, perm_buffer=None, sample_size=-1,
                           return_eids=False, flag_perm_buffer=False, name=None):
    """Samples up to ``sample_size`` neighbors of each input node uniformly
    without replacement (``paddle.geometric.sample_neighbors``).

    Args:
        row (Tensor): A 1-D int32/int64 Tensor, the source node of each edge in CSC order.
        colptr (Tensor): A 1-D int32/int64 Tensor: node i's edges are
            ``row[colptr[i]:colptr[i + 1]]``.
        input_nodes (Tensor): A 1-D int32/int64 Tensor of the nodes to sample for.
        eids (Tensor, optional): Each edge's id; needed when return_eids is True. Default None.
        perm_buffer (Tensor, optional): For PaddlePaddle compatibility; unused. Default None.
        sample_size (int, optional): The most neighbors per node; -1 (the default) takes all.
        return_eids (bool, optional): Whether to return the sampled edges' ids too. Default
            False.
        flag_perm_buffer (bool, optional): For PaddlePaddle compatibility; unused. Default
            False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: ``(out_neighbors, out_count)``, and ``out_eids`` when return_eids is True.

    Example:
        >>> row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
        >>> colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
        >>> nodes = paddle.to_tensor([0, 8, 1, 2])
        >>> neighbors, count = paddle.incubate.graph_sample_neighbors(row, colptr, nodes)
        >>> count.numpy()
        array([2, 2, 2, 1], dtype=int32)
    """
    return geometric.sample_neighbors(row, colptr, input_nodes, sample_size, eids, return_eids)


def graph_khop_sampler(row, colptr, input_nodes, sample_sizes, sorted_eids=None,
                       return_eids=False, name=None):
    """Samples a multi-hop subgraph around ``input_nodes`` and renumbers it.

    Hop k samples up to ``sample_sizes[k]`` neighbors (uniformly without
    replacement, all when there are no more) of the nodes hop k - 1 reached
    first (hop 0: the input nodes). The edges of all hops are renumbered as
    ``paddle.geometric.reindex_graph`` does: the input nodes first, then the
    other nodes in order of first appearance. Runs in eager mode.

    Args:
        row (Tensor): A 1-D int32/int64 Tensor (or [num_edges, 1]), the source node of each
            edge in CSC order.
        colptr (Tensor): A 1-D Tensor of row's dtype (or [num_nodes + 1, 1]): node i's edges
            are ``row[colptr[i]:colptr[i + 1]]``.
        input_nodes (Tensor): A 1-D Tensor of row's dtype, the distinct nodes to start from.
        sample_sizes (list|tuple): Positive ints, the most neighbors per node at each hop.
        sorted_eids (Tensor, optional): Each edge's id in CSC order; needed when return_eids
            is True. Default None.
        return_eids (bool, optional): Whether to return the sampled edges' ids too. Default
            False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: ``(edge_src, edge_dst, sample_index, reindex_nodes)``: the renumbered source
        and destination of each sampled edge ([num_edges, 1]), the original id of each new
        number, and the input nodes' new numbers; ``edge_eids`` too when return_eids is True.

    Example:
        >>> row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
        >>> colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
        >>> nodes = paddle.to_tensor([0, 8, 1, 2])
        >>> src, dst, index, new = paddle.incubate.graph_khop_sampler(row, colptr, nodes, [2])
        >>> src.numpy().ravel(), index.numpy()
        (array([4, 5, 6, 5, 0, 6, 2]), array([0, 8, 1, 2, 3, 7, 9]))
    """
    fn = "graph_khop_sampler"
    row, colptr = _flat(row, "row", fn), _flat(colptr, "colptr", fn)
    check_index(input_nodes, "input_nodes", fn)
    for what, t in (("colptr", colptr), ("input_nodes", input_nodes)):
        if t.dtype != row.dtype:
            raise TypeError(f"[{fn}] {what} must have row's dtype {row.dtype.name}, got "
                            f"{t.dtype.name}")
    if not isinstance(sample_sizes, (list, tuple)) or not sample_sizes or any(
            not isinstance(s, int) or isinstance(s, bool) or s <= 0 for s in sample_sizes):
        raise ValueError(f"[{fn}] sample_sizes must be a non-empty list of positive ints, got "
                         f"{sample_sizes!r}")
    if return_eids and sorted_eids is None:
        raise ValueError(f"[{fn}] sorted_eids must be given when return_eids is True")
    if sorted_eids is not None:
        sorted_eids = _flat(sorted_eids, "sorted_eids", fn)
    if _building():
        raise RuntimeError(f"[{fn}] the outputs' sizes come from the inputs' values: call it "
                           "in eager mode")
    frontier = input_nodes
    picked_src, picked_dst, picked_eids = [], [], []
    seen = set(int(n) for n in input_nodes.numpy())
    for size in sample_sizes:
        out = geometric.sample_neighbors(row, colptr, frontier, size, sorted_eids,
                                         sorted_eids is not None)
        neighbors, counts = out[0].numpy(), out[1].numpy()
        picked_src.append(neighbors)
        picked_dst.append(np.repeat(frontier.numpy(), counts))
        if sorted_eids is not None:
            picked_eids.append(out[2].numpy())
        new = [n for n in dict.fromkeys(int(v) for v in neighbors) if n not in seen]
        seen.update(new)
        frontier = to_tensor(np.asarray(new, "int64"), row.dtype)
    nodes = input_nodes.numpy()
    order = {int(n): i for i, n in enumerate(nodes)}
    src = np.asarray([order.setdefault(int(n), len(order)) for n in np.concatenate(picked_src)],
                     "int64")
    dst = np.asarray([order[int(n)] for n in np.concatenate(picked_dst)], "int64")
    dtype = row.dtype
    out = [to_tensor(src.reshape(-1, 1), dtype), to_tensor(dst.reshape(-1, 1), dtype),
           to_tensor(np.fromiter(order, "int64", len(order)), dtype),
           to_tensor(np.arange(nodes.size, dtype="int64"), dtype)]
    if return_eids:
        out.append(to_tensor(np.concatenate(picked_eids), sorted_eids.dtype))
    return tuple(out)


def _flat(t, what, fn):
    """A [n] or [n, 1] index Tensor as 1-D."""
    check_tensor(t, what, fn)
    if t.ndim == 2 and t.shape[1] == 1:
        t = t.reshape([-1])
    return check_index(t, what, fn)
