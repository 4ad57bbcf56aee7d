"""paddle.geometric's neighbor sampling on a graph in CSC form (row,
colptr): up to sample_size neighbors of each input node, drawn without
replacement (uniformly, or weighted by edge_weight), from the generator
paddle.seed seeds."""
import numpy as np

from ..static.mode import _building
from ..tensor._helpers import check_tensor
from ..tensor.creation import randint, to_tensor
from ._scatter import check_index

__all__ = ["sample_neighbors", "weighted_sample_neighbors"]


def _sample(row, colptr, edge_weight, input_nodes, sample_size, eids, return_eids, fn):
    check_index(row, "row", fn)
    check_index(colptr, "colptr", fn)
    check_index(input_nodes, "input_nodes", fn)
    if not isinstance(sample_size, int) or sample_size == 0 or sample_size < -1:
        raise ValueError(f"[{fn}] sample_size must be -1 (all) or a positive int, got "
                         f"{sample_size!r}")
    if return_eids and eids is None:
        raise ValueError(f"[{fn}] eids must be given when return_eids is True")
    if eids is not None:
        check_index(eids, "eids", fn, row.shape[0])
    if edge_weight is not None:
        check_tensor(edge_weight, "edge_weight", fn)
        if edge_weight.ndim != 1 or edge_weight.shape[0] != row.shape[0]:
            raise ValueError(f"[{fn}] edge_weight must be 1-D with one weight per edge "
                             f"({row.shape[0]}), got shape {edge_weight.shape}")
    if _building():
        raise RuntimeError(f"[{fn}] the outputs' sizes come from the inputs' values: call it "
                           "in eager mode")
    ptr, nodes = colptr.numpy().astype("int64"), input_nodes.numpy().astype("int64")
    if nodes.size and (nodes.min() < 0 or nodes.max() >= ptr.size - 1):
        raise IndexError(f"[{fn}] input_nodes must be in [0, {ptr.size - 1}) (the nodes colptr "
                         f"describes), got values from {nodes.min()} to {nodes.max()}")
    weights = None if edge_weight is None else edge_weight.numpy().astype("float64")
    rng = np.random.RandomState(int(randint(0, 2 ** 31 - 1, [1]).numpy()[0]))
    picked, counts = [], []
    for n in nodes:
        edges = np.arange(ptr[n], ptr[n + 1])
        if 0 < sample_size < edges.size:
            if weights is None:
                edges = np.sort(rng.choice(edges, sample_size, replace=False))
            else:
                w = weights[edges]
                # weighted sampling without replacement: the largest u ** (1 / w)
                keys = rng.uniform(size=edges.size) ** (1.0 / np.maximum(w, 1e-30))
                edges = np.sort(edges[np.argsort(-keys, kind="stable")[:sample_size]])
        picked.append(edges)
        counts.append(edges.size)
    edges = np.concatenate(picked) if picked else np.zeros([0], "int64")
    out = [to_tensor(row.numpy()[edges], row.dtype), to_tensor(np.asarray(counts, "int32"))]
    if return_eids:
        out.append(to_tensor(eids.numpy()[edges], eids.dtype))
    return tuple(out)


def sample_neighbors(row, colptr, input_nodes, sample_size=-1, eids=None, return_eids=False,
                     perm_buffer=None, name=None):
    """Samples up to ``sample_size`` neighbors of each input node uniformly
    without replacement (all of them when it has no more, kept in order).

    Args:
        row (Tensor): A 1-D int32/int64 Tensor, the source node of each edge in CSC order.
        colptr (Tensor): A 1-D int32/int64 Tensor: node i's edges are
            ``row[colptr[i]:colptr[i + 1]]``.
        input_nodes (Tensor): A 1-D int32/int64 Tensor of the nodes to sample for.
        sample_size (int, optional): The most neighbors per node; -1 (the default) takes all.
        eids (Tensor, optional): A 1-D int32/int64 Tensor, each edge's id; needed when
            return_eids is True. Default None.
        return_eids (bool, optional): Whether to return the sampled edges' ids too. Default
            False.
        perm_buffer (Tensor, optional): For PaddlePaddle compatibility (its GPU buffer);
            unused. Default None.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: ``(out_neighbors, out_count)``: the sampled neighbors (row's dtype) of the
        nodes in turn and each node's number of them (int32), and ``out_eids`` when
        return_eids is True.

    Example:
        >>> row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
        >>> colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
        >>> nodes = paddle.to_tensor([0, 8, 1, 2])
        >>> neighbors, count = paddle.geometric.sample_neighbors(row, colptr, nodes)
        >>> neighbors.numpy(), count.numpy()
        (array([3, 7, 9, 7, 0, 9, 1]), array([2, 2, 2, 1], dtype=int32))
    """
    return _sample(row, colptr, None, input_nodes, sample_size, eids, return_eids,
                   "sample_neighbors")


def weighted_sample_neighbors(row, colptr, edge_weight, input_nodes, sample_size=-1, eids=None,
                              return_eids=False, name=None):
    """Samples up to ``sample_size`` neighbors of each input node without
    replacement, an edge's chance growing with its weight (all of them when
    the node has no more, kept in order).

    Args:
        row (Tensor): A 1-D int32/int64 Tensor, the source node of each edge in CSC order.
        colptr (Tensor): A 1-D int32/int64 Tensor: node i's edges are
            ``row[colptr[i]:colptr[i + 1]]``.
        edge_weight (Tensor): A 1-D float Tensor, each edge's positive weight.
        input_nodes (Tensor): A 1-D int32/int64 Tensor of the nodes to sample for.
        sample_size (int, optional): The most neighbors per node; -1 (the default) takes all.
        eids (Tensor, optional): A 1-D int32/int64 Tensor, each edge's id; needed when
            return_eids is True. Default None.
        return_eids (bool, optional): Whether to return the sampled edges' ids too. Default
            False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: ``(out_neighbors, out_count)`` as ``sample_neighbors`` returns them, and
        ``out_eids`` when return_eids is True.

    Example:
        >>> row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
        >>> colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
        >>> weight = paddle.ones([13])
        >>> nodes = paddle.to_tensor([0, 8, 1, 2])
        >>> _, count = paddle.geometric.weighted_sample_neighbors(row, colptr, weight, nodes, 1)
        >>> count.numpy()
        array([1, 1, 1, 1], dtype=int32)
    """
    check_tensor(edge_weight, "edge_weight", "weighted_sample_neighbors")
    return _sample(row, colptr, edge_weight, input_nodes, sample_size, eids, return_eids,
                   "weighted_sample_neighbors")
