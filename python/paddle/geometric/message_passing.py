"""paddle.geometric's message passing: node features gathered along edges
(src_index -> dst_index), combined with edge or destination features, and
reduced into the destination nodes, as PaddlePaddle's graph_send_recv,
graph_send_ue_recv and graph_send_uv ops do."""
from ..tensor._helpers import check_tensor
from ..tensor.gather_scatter import gather
from ._scatter import MESSAGE_OPS, check_index, check_range, out_rows, reduce_rows

__all__ = ["send_u_recv", "send_ue_recv", "send_uv"]


def _edges(x, src_index, dst_index, fn):
    check_tensor(x, "x", fn)
    if x.ndim < 1:
        raise ValueError(f"[{fn}] x must have at least 1 dim, got a 0-D Tensor")
    check_index(src_index, "src_index", fn)
    check_index(dst_index, "dst_index", fn, src_index.shape[0])
    check_range(src_index, "src_index", x.shape[0], fn)


def _message(a, b, message_op, fn):
    if message_op not in MESSAGE_OPS:
        raise ValueError(f"[{fn}] message_op must be one of {', '.join(MESSAGE_OPS)}, got "
                         f"{message_op!r}")
    if a.dtype != b.dtype:
        raise TypeError(f"[{fn}] x and y must share a dtype, got {a.dtype.name} and "
                        f"{b.dtype.name}")
    return {"add": a.__add__, "sub": a.__sub__, "mul": a.__mul__, "div": a.__truediv__}[
        message_op](b)


def _received(messages, x, dst_index, reduce_op, out_size, fn):
    rows = out_rows(out_size, x.shape[0], fn)
    check_range(dst_index, "dst_index", rows, fn)
    return reduce_rows(messages, dst_index, rows, reduce_op, fn)


def send_u_recv(x, src_index, dst_index, reduce_op="sum", out_size=None, name=None):
    """Message passing: each edge e sends ``x[src_index[e]]`` to node
    ``dst_index[e]``, and each node reduces what it receives (0 where nothing).

    Args:
        x (Tensor): The node features, float32/float64/int32/int64, at least 1-D.
        src_index (Tensor): A 1-D int32/int64 Tensor, each edge's source in [0, x.shape[0]).
        dst_index (Tensor): A 1-D int32/int64 Tensor of as many entries, each edge's
            destination in [0, rows).
        reduce_op (str, optional): ``"sum"`` (the default), ``"mean"``, ``"max"`` or
            ``"min"``.
        out_size (int|Tensor, optional): The output's rows; None (the default) or <= 0 means
            ``x.shape[0]``.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: ``[rows] + x.shape[1:]`` of x's dtype.

    Example:
        >>> x = paddle.to_tensor([[0.0, 2.0], [1.0, 4.0], [2.0, 6.0]])
        >>> src = paddle.to_tensor([0, 1, 2, 0])
        >>> dst = paddle.to_tensor([1, 2, 1, 0])
        >>> paddle.geometric.send_u_recv(x, src, dst, "sum").numpy()
        array([[0., 2.],
               [2., 8.],
               [1., 4.]], dtype=float32)
    """
    fn = "send_u_recv"
    _edges(x, src_index, dst_index, fn)
    return _received(gather(x, src_index), x, dst_index, reduce_op, out_size, fn)


def send_ue_recv(x, y, src_index, dst_index, message_op="add", reduce_op="sum",
                 out_size=None, name=None):
    """Message passing with edge features: each edge e sends ``x[src_index[e]]
    <message_op> y[e]`` to node ``dst_index[e]``, and each node reduces what it
    receives (0 where nothing).

    Args:
        x (Tensor): The node features, float32/float64/int32/int64, at least 1-D.
        y (Tensor): The edge features, of x's dtype, one row per edge, broadcasting with the
            rows of x.
        src_index (Tensor): A 1-D int32/int64 Tensor, each edge's source in [0, x.shape[0]).
        dst_index (Tensor): A 1-D int32/int64 Tensor of as many entries, each edge's
            destination.
        message_op (str, optional): ``"add"`` (the default), ``"sub"``, ``"mul"`` or
            ``"div"``.
        reduce_op (str, optional): ``"sum"`` (the default), ``"mean"``, ``"max"`` or
            ``"min"``.
        out_size (int|Tensor, optional): The output's rows; None (the default) or <= 0 means
            ``x.shape[0]``.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: ``[rows] + `` the broadcast feature dims, of x's dtype.

    Example:
        >>> x = paddle.to_tensor([[0.0, 2.0], [1.0, 4.0], [2.0, 6.0]])
        >>> y = paddle.to_tensor([1.0, 1.0, 2.0, 3.0])
        >>> src = paddle.to_tensor([0, 1, 2, 0])
        >>> dst = paddle.to_tensor([1, 2, 1, 0])
        >>> paddle.geometric.send_ue_recv(x, y, src, dst, "mul", "max").numpy()
        array([[ 0.,  6.],
               [ 4., 12.],
               [ 1.,  4.]], dtype=float32)
    """
    fn = "send_ue_recv"
    _edges(x, src_index, dst_index, fn)
    check_tensor(y, "y", fn)
    if y.ndim < 1 or (y.shape[0] >= 0 and src_index.shape[0] >= 0
                      and y.shape[0] != src_index.shape[0]):
        raise ValueError(f"[{fn}] y must have one row per edge ({src_index.shape[0]}), got "
                         f"shape {y.shape}")
    u = gather(x, src_index)
    if y.ndim < u.ndim:  # PaddlePaddle's y of [E] pairs with x of [N, F]
        y = y.reshape(list(y.shape) + [1] * (u.ndim - y.ndim))
    messages = _message(u, y, message_op, fn)
    return _received(messages, x, dst_index, reduce_op, out_size, fn)


def send_uv(x, y, src_index, dst_index, message_op="add", name=None):
    """Edge features from node features: for each edge e,
    ``x[src_index[e]] <message_op> y[dst_index[e]]``.

    Args:
        x (Tensor): The source nodes' features, float32/float64/int32/int64, at least 1-D.
        y (Tensor): The destination nodes' features, of x's dtype, broadcasting with x's rows.
        src_index (Tensor): A 1-D int32/int64 Tensor, each edge's source in [0, x.shape[0]).
        dst_index (Tensor): A 1-D int32/int64 Tensor of as many entries, each edge's
            destination in [0, y.shape[0]).
        message_op (str, optional): ``"add"`` (the default), ``"sub"``, ``"mul"`` or
            ``"div"``.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: One row per edge, of the broadcast feature dims and x's dtype.

    Example:
        >>> x = paddle.to_tensor([[0.0, 2.0], [1.0, 4.0], [2.0, 6.0]])
        >>> y = paddle.to_tensor([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
        >>> src = paddle.to_tensor([0, 1, 2])
        >>> dst = paddle.to_tensor([1, 2, 0])
        >>> paddle.geometric.send_uv(x, y, src, dst, "add").numpy()
        array([[2., 4.],
               [4., 7.],
               [3., 7.]], dtype=float32)
    """
    fn = "send_uv"
    _edges(x, src_index, dst_index, fn)
    check_tensor(y, "y", fn)
    if y.ndim < 1:
        raise ValueError(f"[{fn}] y must have at least 1 dim, got a 0-D Tensor")
    check_range(dst_index, "dst_index", y.shape[0], fn)
    return _message(gather(x, src_index), gather(y, dst_index), message_op, fn)
