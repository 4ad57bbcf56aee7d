"""The collectives on eager tensors: all_reduce, broadcast, reduce, all_gather,
all_gather_object, scatter, alltoall, send/recv, barrier. Each changes its
tensors in place (or fills the given lists) and, with ``sync_op=False``,
returns at once with a task to ``wait()`` on. src/dst are global ranks.

Every rank of the group must make the same calls in the same order with
tensors of the same dtype and shape; a mismatch or a bad argument on any rank
raises on every rank (ValueError) instead of hanging."""
from __future__ import annotations

import pickle

import numpy as np

from .. import _core
from . import group as _group

__all__ = ["ReduceOp", "all_reduce", "broadcast", "reduce", "all_gather", "all_gather_object",
           "scatter", "alltoall", "send", "recv", "isend", "irecv", "barrier", "wait",
           "reduce_scatter", "gather", "broadcast_object_list", "scatter_object_list", "is_available"]


class ReduceOp:
    """How all_reduce and reduce combine the ranks' tensors.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.ReduceOp.SUM, dist.ReduceOp.AVG
            (0, 4)
    """
    SUM = 0
    MAX = 1
    MIN = 2
    PROD = 3
    AVG = 4


class _Task:
    """A started collective: wait() blocks until it is done (and the tensors
    hold the result); is_completed() tells without blocking."""

    def __init__(self, task, then=None):
        self._task = task
        self._then = then

    def wait(self, timeout=None):
        self._task.wait()
        if self._then is not None:
            then, self._then = self._then, None
            then()
        return True

    def is_completed(self):
        return self._task.is_completed()


def _finish(task, sync_op, then=None):
    t = _Task(task, then)
    if sync_op:
        t.wait()
    return t


def _check_tensor(x, what):
    if not isinstance(x, _core.Tensor):
        raise TypeError(f"{what} must be a paddle.Tensor, got {type(x).__name__}")


def _check_op(op, what):
    if op not in (0, 1, 2, 3, 4) or isinstance(op, bool):
        raise ValueError(f"[{what}] op must be a paddle.distributed.ReduceOp (SUM, MAX, MIN, PROD, AVG), got {op!r}")
    return int(op)


def all_reduce(tensor, op=ReduceOp.SUM, group=None, sync_op=True):
    """Reduces ``tensor`` over the group in place; every rank gets the result.

    Args:
        tensor (Tensor): The input on every rank, of one shape and dtype on all; it receives
            the result.
        op (int, optional): How to combine: a paddle.distributed.ReduceOp (SUM, the default,
            MAX, MIN, PROD or AVG); anything else raises ValueError.
        group (Group, optional): The group to reduce over; None (the default) is every rank.
        sync_op (bool, optional): Whether to wait until it is done. Default True; with False
            call the returned task's wait() before reading ``tensor``.

    Returns:
        task: A task whose wait() blocks until the result is in ``tensor``.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> x = paddle.to_tensor([1.0, 2.0])
            >>> task = dist.all_reduce(x, op=dist.ReduceOp.MAX)
            >>> x.numpy().tolist()  # every rank passed the same values
            [1.0, 2.0]
    """
    _check_tensor(tensor, "[all_reduce] tensor")
    g = _group._resolve(group)
    return _finish(_core._dist_all_reduce(tensor, _check_op(op, "all_reduce"), g.id, sync_op), sync_op)


def broadcast(tensor, src, group=None, sync_op=True):
    """Copies global rank ``src``'s ``tensor`` into every rank's ``tensor``.

    Args:
        tensor (Tensor): On rank ``src`` the data to send, on the others the Tensor (of the
            same shape and dtype) that receives it.
        src (int): The global rank that sends; it must be a member of ``group``.
        group (Group, optional): The group to broadcast in; None (the default) is every rank.
        sync_op (bool, optional): Whether to wait until it is done. Default True; with False
            call the returned task's wait() before reading ``tensor``.

    Returns:
        task: A task whose wait() blocks until ``tensor`` holds rank ``src``'s data.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> x = paddle.to_tensor([dist.get_rank()])
            >>> task = dist.broadcast(x, src=0)
            >>> x.numpy().tolist()
            [0]
    """
    _check_tensor(tensor, "[broadcast] tensor")
    g = _group._resolve(group)
    return _finish(_core._dist_broadcast(tensor, _group._group_rank(g, src, "[broadcast] src"), g.id, sync_op),
                   sync_op)


def reduce(tensor, dst, op=ReduceOp.SUM, group=None, sync_op=True):
    """Reduces ``tensor`` over the group into global rank ``dst``'s ``tensor``
    (the others' stay as they were).

    Args:
        tensor (Tensor): The input on every rank, of one shape and dtype on all; on rank ``dst``
            it receives the result.
        dst (int): The global rank that receives the result; a member of ``group``.
        op (int, optional): How to combine: a paddle.distributed.ReduceOp (SUM, the default,
            MAX, MIN, PROD or AVG); anything else raises ValueError.
        group (Group, optional): The group to use; None (the default) is every rank.
        sync_op (bool, optional): Whether to wait until it is done. Default True; with False
            call the returned task's wait() before reading the result.

    Returns:
        task: A task whose wait() blocks until the result is in place.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> x = paddle.to_tensor([3.0])
            >>> task = dist.reduce(x, dst=0)
            >>> float(x) == 3.0 * dist.get_world_size() or dist.get_rank() != 0
            True
    """
    _check_tensor(tensor, "[reduce] tensor")
    g = _group._resolve(group)
    return _finish(_core._dist_reduce(tensor, _group._group_rank(g, dst, "[reduce] dst"),
                                      _check_op(op, "reduce"), g.id, sync_op), sync_op)


def _fill_list(out_list, stacked, what):
    """The parts of `stacked` (along dim 0) into `out_list`: appended when it is
    empty, written into its tensors in place otherwise."""
    from ..tensor.manipulation import unstack
    parts = unstack(stacked, axis=0)
    if len(out_list) == 0:
        out_list.extend(parts)
        return
    if len(out_list) != len(parts):
        raise ValueError(f"{what} holds {len(out_list)} tensors; it must be empty or hold one per rank ({len(parts)})")
    for dst, src in zip(out_list, parts):
        dst._assign_from(src)


def all_gather(tensor_list, tensor, group=None, sync_op=True):
    """Gathers every rank's ``tensor`` into ``tensor_list`` (in rank order) on every rank.

    ``tensor_list`` is filled when empty, or overwritten when it holds one tensor per rank.

    Args:
        tensor_list (list): The output: an empty list, or one that holds a Tensor per rank of
            the group (else ValueError).
        tensor (Tensor): This rank's input, of one shape and dtype on all ranks.
        group (Group, optional): The group to gather over; None (the default) is every rank.
        sync_op (bool, optional): Whether to wait until it is done. Default True; with False
            ``tensor_list`` is filled by the returned task's wait().

    Returns:
        task: A task whose wait() blocks until ``tensor_list`` holds the gathered tensors.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> parts = []
            >>> task = dist.all_gather(parts, paddle.to_tensor([dist.get_rank()]))
            >>> [int(p) for p in parts] == list(range(dist.get_world_size()))
            True
    """
    if not isinstance(tensor_list, list):
        raise TypeError(f"[all_gather] tensor_list must be a list, got {type(tensor_list).__name__}")
    _check_tensor(tensor, "[all_gather] tensor")
    g = _group._resolve(group)
    task, stacked = _core._dist_all_gather(tensor, g.id, sync_op)
    return _finish(task, sync_op, lambda: _fill_list(tensor_list, stacked, "[all_gather] tensor_list"))


def all_gather_object(object_list, obj, group=None):
    """Gathers a picklable object from every rank; appends them to ``object_list`` in rank order.

    Args:
        object_list (list): The output list; the gathered objects are appended to it.
        obj (object): This rank's picklable object.
        group (Group, optional): The group to use; None (the default) is every rank.

    Returns:
        None: ``object_list`` is extended in place.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> objs = []
            >>> dist.all_gather_object(objs, {"rank": dist.get_rank()})
            >>> [o["rank"] for o in objs] == list(range(dist.get_world_size()))
            True
    """
    if not isinstance(object_list, list):
        raise TypeError(f"[all_gather_object] object_list must be a list, got {type(object_list).__name__}")
    from ..tensor.creation import to_tensor
    data = np.frombuffer(pickle.dumps(obj), dtype=np.uint8)
    sizes = []
    all_gather(sizes, to_tensor(np.array([data.size], dtype=np.int64)), group)
    longest = max(int(s) for s in sizes)
    padded = np.zeros(longest, dtype=np.uint8)
    padded[:data.size] = data
    parts = []
    all_gather(parts, to_tensor(padded), group)
    for size, part in zip(sizes, parts):
        object_list.append(pickle.loads(part.numpy()[:int(size)].tobytes()))


def scatter(tensor, tensor_list=None, src=0, group=None, sync_op=True):
    """Global rank ``src`` sends ``tensor_list[i]`` to the group's rank i, which
    receives it in ``tensor``. ``tensor_list`` is read on ``src`` only.

    Args:
        tensor (Tensor): The Tensor that receives this rank's part.
        tensor_list (list, optional): On rank ``src``, one Tensor per rank of the group, each of
            ``tensor``'s shape and dtype (else ValueError); ignored elsewhere. Default None.
        src (int, optional): The global rank that sends. Default 0.
        group (Group, optional): The group to use; None (the default) is every rank.
        sync_op (bool, optional): Whether to wait until it is done. Default True; with False
            call the returned task's wait() before reading the result.

    Returns:
        task: A task whose wait() blocks until the result is in place.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> n = dist.get_world_size()
            >>> out = paddle.zeros([2])
            >>> parts = [paddle.full([2], float(i)) for i in range(n)]
            >>> task = dist.scatter(out, parts if dist.get_rank() == 0 else None, src=0)
            >>> out.numpy().tolist() == [float(dist.get_rank())] * 2
            True
    """
    _check_tensor(tensor, "[scatter] tensor")
    g = _group._resolve(group)
    root = _group._group_rank(g, src, "[scatter] src")
    stacked = None
    if g.rank == root:
        if tensor_list is None or len(tensor_list) != g.nranks:
            raise ValueError(f"[scatter] on the source rank, tensor_list must hold one tensor per rank ({g.nranks})")
        from ..tensor.manipulation import stack
        stacked = stack(list(tensor_list))
    return _finish(_core._dist_scatter(tensor, stacked, root, g.id, sync_op), sync_op)


def alltoall(out_tensor_list, in_tensor_list, group=None, sync_op=True):
    """Sends ``in_tensor_list[i]`` to the group's rank i; ``out_tensor_list[j]``
    receives what rank j sent to this one.

    Args:
        out_tensor_list (list): The output: an empty list (filled) or one with a Tensor per rank
            (overwritten).
        in_tensor_list (list): One Tensor per rank of the group (else ValueError), all of one
            shape and dtype.
        group (Group, optional): The group to use; None (the default) is every rank.
        sync_op (bool, optional): Whether to wait until it is done. Default True; with False
            call the returned task's wait() before reading the result.

    Returns:
        task: A task whose wait() blocks until the result is in place.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> n, r = dist.get_world_size(), dist.get_rank()
            >>> out = []
            >>> task = dist.alltoall(out, [paddle.to_tensor([r * 10 + i]) for i in range(n)])
            >>> [int(t) for t in out] == [j * 10 + r for j in range(n)]
            True
    """
    if not isinstance(out_tensor_list, list):
        raise TypeError(f"[alltoall] out_tensor_list must be a list, got {type(out_tensor_list).__name__}")
    g = _group._resolve(group)
    if len(in_tensor_list) != g.nranks:
        raise ValueError(f"[alltoall] in_tensor_list must hold one tensor per rank ({g.nranks}), got {len(in_tensor_list)}")
    from ..tensor.manipulation import stack
    task, stacked = _core._dist_alltoall(stack(list(in_tensor_list)), g.id, sync_op)
    return _finish(task, sync_op, lambda: _fill_list(out_tensor_list, stacked, "[alltoall] out_tensor_list"))


def send(tensor, dst=0, group=None, sync_op=True):
    """Sends ``tensor`` to global rank ``dst`` (which calls recv).

    Args:
        tensor (Tensor): The data to send.
        dst (int, optional): The global rank that receives; a member of ``group``. Default 0.
        group (Group, optional): The group to use; None (the default) is every rank.
        sync_op (bool, optional): Whether to wait until it is sent. Default True.

    Returns:
        task: A task whose wait() blocks until the send is done.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> if dist.get_world_size() > 1:
            ...     if dist.get_rank() == 0:
            ...         task = dist.send(paddle.to_tensor([7]), dst=1)
            ...     elif dist.get_rank() == 1:
            ...         x = paddle.zeros([1], dtype="int64")
            ...         task = dist.recv(x, src=0)
    """
    _check_tensor(tensor, "[send] tensor")
    g = _group._resolve(group)
    return _finish(_core._dist_send(tensor, _group._group_rank(g, dst, "[send] dst"), g.id, sync_op), sync_op)


def recv(tensor, src=0, group=None, sync_op=True):
    """Receives into ``tensor`` what global rank ``src`` sends; it must have the
    sent tensor's dtype and size.

    Args:
        tensor (Tensor): The Tensor that receives the data, of the sent dtype and size.
        src (int, optional): The global rank that sends; a member of ``group``. Default 0.
        group (Group, optional): The group to use; None (the default) is every rank.
        sync_op (bool, optional): Whether to wait until it is received. Default True; with False
            call the returned task's wait() before reading ``tensor``.

    Returns:
        task: A task whose wait() blocks until ``tensor`` holds the data.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> x = paddle.zeros([1])
            >>> if dist.get_world_size() > 1:
            ...     if dist.get_rank() == 0:
            ...         task = dist.send(paddle.to_tensor([3.0]), dst=1)
            ...     elif dist.get_rank() == 1:
            ...         task = dist.recv(x, src=0)
    """
    _check_tensor(tensor, "[recv] tensor")
    g = _group._resolve(group)
    return _finish(_core._dist_recv(tensor, _group._group_rank(g, src, "[recv] src"), g.id, sync_op), sync_op)


def isend(tensor, dst, group=None):
    """send without waiting: returns the task.

    Args:
        tensor (Tensor): The data to send.
        dst (int): The global rank that receives; a member of ``group``.
        group (Group, optional): The group to use; None (the default) is every rank.

    Returns:
        task: A task whose wait() blocks until the send is done.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> callable(dist.isend)
            True
    """
    return send(tensor, dst, group, sync_op=False)


def irecv(tensor, src=None, group=None):
    """recv without waiting: returns the task.

    Args:
        tensor (Tensor): The Tensor that receives the data, of the sent dtype and size.
        src (int, optional): The global rank that sends; None (the default) is rank 0.
        group (Group, optional): The group to use; None (the default) is every rank.

    Returns:
        task: A task whose wait() blocks until ``tensor`` holds the data.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> callable(dist.irecv)
            True
    """
    return recv(tensor, 0 if src is None else src, group, sync_op=False)


def barrier(group=None):
    """Blocks until every rank of the group has reached it.

    Args:
        group (Group, optional): The group whose ranks wait for each other; None (the default)
            is every rank.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> dist.barrier()
    """
    g = _group._resolve(group)
    _finish(_core._dist_barrier(g.id, True), True)


def wait(tensor, group=None, use_calc_stream=True):
    """GPU: makes the stream wait for ``tensor``'s communication. CPU tensors'
    collectives are finished when their call (or task.wait()) returns, so
    there is nothing to wait for.

    Args:
        tensor (Tensor): The Tensor of the communication to wait for (else TypeError).
        group (Group, optional): For PaddlePaddle compatibility; unused. Default None.
        use_calc_stream (bool, optional): For PaddlePaddle compatibility (which GPU stream
            waits); unused. Default True.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.wait(paddle.to_tensor([1.0]))
    """
    _check_tensor(tensor, "[wait] tensor")


def reduce_scatter(tensor, tensor_list, op=ReduceOp.SUM, group=None, sync_op=True):
    """Reduces ``tensor_list`` (one tensor per rank) over the group; the group's
    rank i receives the reduction of everyone's ``tensor_list[i]`` in ``tensor``.

    Args:
        tensor (Tensor): The Tensor that receives this rank's reduced part.
        tensor_list (list): One Tensor per rank of the group (else ValueError), each of
            ``tensor``'s shape and dtype.
        op (int, optional): How to combine: a paddle.distributed.ReduceOp (SUM, the default,
            MAX, MIN, PROD or AVG); anything else raises ValueError.
        group (Group, optional): The group to use; None (the default) is every rank.
        sync_op (bool, optional): Whether to wait until it is done. Default True; with False
            call the returned task's wait() before reading the result.

    Returns:
        task: A task whose wait() blocks until the result is in place.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> n = dist.get_world_size()
            >>> out = paddle.zeros([2])
            >>> task = dist.reduce_scatter(out, [paddle.full([2], float(i)) for i in range(n)])
            >>> out.numpy().tolist() == [float(dist.get_rank() * n)] * 2
            True
    """
    _check_tensor(tensor, "[reduce_scatter] tensor")
    g = _group._resolve(group)
    if len(tensor_list) != g.nranks:
        raise ValueError(f"[reduce_scatter] tensor_list must hold one tensor per rank ({g.nranks}), got {len(tensor_list)}")
    from ..tensor.manipulation import stack
    stacked = stack(list(tensor_list))
    return _finish(_core._dist_reduce_scatter(stacked, tensor, _check_op(op, "reduce_scatter"), g.id, sync_op),
                   sync_op)


def gather(tensor, gather_list=None, dst=0, group=None, sync_op=True):
    """Gathers every rank's ``tensor`` into ``gather_list`` (rank order) on global
    rank ``dst``; on the other ranks ``gather_list`` is not touched.

    Args:
        tensor (Tensor): This rank's input, of one shape and dtype on all ranks.
        gather_list (list, optional): On rank ``dst`` the output list (else TypeError): empty
            (filled) or with a Tensor per rank (overwritten); ignored elsewhere. Default None.
        dst (int, optional): The global rank that gathers. Default 0.
        group (Group, optional): The group to use; None (the default) is every rank.
        sync_op (bool, optional): Whether to wait until it is done. Default True; with False
            call the returned task's wait() before reading the result.

    Returns:
        task: A task whose wait() blocks until the result is in place.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> parts = []
            >>> task = dist.gather(paddle.to_tensor([dist.get_rank()]), parts, dst=0)
            >>> [int(p) for p in parts] == (list(range(dist.get_world_size())) if dist.get_rank() == 0 else [])
            True
    """
    _check_tensor(tensor, "[gather] tensor")
    g = _group._resolve(group)
    root = _group._group_rank(g, dst, "[gather] dst")
    if g.rank == root and not isinstance(gather_list, list):
        raise TypeError(f"[gather] on the destination rank, gather_list must be a list, got {type(gather_list).__name__}")
    task, stacked = _core._dist_gather(tensor, root, g.id, sync_op)
    then = (lambda: _fill_list(gather_list, stacked, "[gather] gather_list")) if g.rank == root else None
    return _finish(task, sync_op, then)


def _pickled(obj):
    from ..tensor.creation import to_tensor
    return to_tensor(np.frombuffer(pickle.dumps(obj), dtype=np.uint8).copy())


def broadcast_object_list(object_list, src, group=None):
    """Replaces ``object_list``'s items, on every rank, by global rank ``src``'s
    (picklable objects; the lists must have the same length on every rank).

    Args:
        object_list (list): On rank ``src`` the picklable objects to send; on every rank the
            list whose items are replaced (same length on all ranks, else ValueError).
        src (int): The global rank that sends.
        group (Group, optional): The group to use; None (the default) is every rank.

    Returns:
        None: ``object_list`` is updated in place.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> objs = [{"epoch": 3}, "ok"] if dist.get_rank() == 0 else [None, None]
            >>> dist.broadcast_object_list(objs, src=0)
            >>> objs
            [{'epoch': 3}, 'ok']
    """
    if not isinstance(object_list, list):
        raise TypeError(f"[broadcast_object_list] object_list must be a list, got {type(object_list).__name__}")
    from ..tensor.creation import to_tensor
    g = _group._resolve(group)
    is_src = g.get_global_rank(g.rank) == src
    data = _pickled(object_list) if is_src else None
    size = to_tensor(np.array([data.shape[0] if is_src else 0], dtype=np.int64))
    broadcast(size, src, group)
    buf = data if is_src else to_tensor(np.zeros(int(size), dtype=np.uint8))
    broadcast(buf, src, group)
    received = pickle.loads(buf.numpy().tobytes())
    if len(received) != len(object_list):
        raise ValueError(f"[broadcast_object_list] rank {src} sent {len(received)} objects; this rank's list holds {len(object_list)}")
    object_list[:] = received


def scatter_object_list(out_object_list, in_object_list=None, src=0, group=None):
    """Global rank ``src`` sends ``in_object_list[i]`` to the group's rank i, which
    finds it as the one item of ``out_object_list``.

    Args:
        out_object_list (list): The output list; it is cleared, then holds this rank's object.
        in_object_list (list, optional): On rank ``src``, one picklable object per rank of the
            group (else ValueError); ignored elsewhere. Default None.
        src (int, optional): The global rank that sends. Default 0.
        group (Group, optional): The group to use; None (the default) is every rank.

    Returns:
        None: ``out_object_list`` is updated in place.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> n = dist.get_world_size()
            >>> out = []
            >>> dist.scatter_object_list(out, [f"part {i}" for i in range(n)] if dist.get_rank() == 0 else None)
            >>> out == [f"part {dist.get_rank()}"]
            True
    """
    if not isinstance(out_object_list, list):
        raise TypeError(f"[scatter_object_list] out_object_list must be a list, got {type(out_object_list).__name__}")
    from ..tensor.creation import to_tensor
    g = _group._resolve(group)
    root = _group._group_rank(g, src, "[scatter_object_list] src")
    parts = None
    if g.rank == root:
        if in_object_list is None or len(in_object_list) != g.nranks:
            raise ValueError(f"[scatter_object_list] on the source rank, in_object_list must hold one object per rank ({g.nranks})")
        parts = [pickle.dumps(o) for o in in_object_list]
    longest = to_tensor(np.array([max(map(len, parts)) if parts else 0], dtype=np.int64))
    broadcast(longest, src, group)
    size = to_tensor(np.zeros([1], dtype=np.int64))
    scatter(size, [to_tensor(np.array([len(p)], dtype=np.int64)) for p in parts] if parts else None, src, group)
    buf = to_tensor(np.zeros(int(longest), dtype=np.uint8))
    padded = None
    if parts:
        padded = [to_tensor(np.frombuffer(p.ljust(int(longest), b"\0"), dtype=np.uint8).copy()) for p in parts]
    scatter(buf, padded, src, group)
    out_object_list.clear()
    out_object_list.append(pickle.loads(buf.numpy()[:int(size)].tobytes()))


def is_available():
    """Whether this build has the collectives (Open MPI is linked in: always True here).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.is_available()
            True
    """
    return True
