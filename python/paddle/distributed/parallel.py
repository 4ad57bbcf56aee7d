"""paddle.DataParallel: the same model on every rank, each on its own shard of
the data; the gradients are averaged over the ranks during backward, so
every rank takes the same optimizer step."""
from __future__ import annotations

import contextlib

from .. import _core
from ..nn.layer.layers import Layer
from . import communication as _comm
from . import group as _group

__all__ = ["DataParallel", "sync_params_buffers"]


def sync_params_buffers(model, comm_group=None, src_rank=0, is_model_parallel=False, fuse_params=True):
    """Copies global rank ``src_rank``'s parameters and buffers into every rank's ``model``.

    Args:
        model (paddle.nn.Layer): The model whose initialized parameters and buffers are
            broadcast, in place.
        comm_group (Group, optional): The group to broadcast in; None (the default) is every
            rank.
        src_rank (int, optional): The global rank whose values are copied. Default 0.
        is_model_parallel (bool, optional): For PaddlePaddle compatibility; unused. Default
            False.
        fuse_params (bool, optional): For PaddlePaddle compatibility (the tensors are sent one
            by one); unused. Default True.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> from paddle.distributed.parallel import sync_params_buffers
            >>> world = dist.init_parallel_env()
            >>> sync_params_buffers(paddle.nn.Linear(2, 2))
    """
    for t in list(model.parameters()) + list(model.buffers()):
        if t is not None and t._is_initialized():
            _comm.broadcast(t, src_rank, comm_group)


class DataParallel(Layer):
    """Runs ``layers`` data-parallel: rank 0's parameters and buffers are copied
    to every rank when wrapped, and during ``loss.backward()`` the gradients
    are averaged over the ranks. They travel in buckets of about
    ``comm_buffer_size`` MB (the first, ``last_comm_buffer_size`` MB, starts as
    soon as the last layers' gradients are done), each all-reduced while
    backward goes on through the earlier layers.

    Call ``paddle.distributed.init_parallel_env()`` first. With one process it
    only runs ``layers``. Inside ``no_sync()`` gradients only accumulate
    locally; the next backward outside it averages the accumulated sum. Set
    ``find_unused_parameters=True`` when some parameters get no gradient in a
    step (they count as zero); otherwise that is an error.

    Args:
        layers (paddle.nn.Layer): The model to run (TypeError for anything else).
        strategy (object, optional): PaddlePaddle's parallel strategy; accepted and unused
            (init_parallel_env sets up the ranks). Default None.
        comm_buffer_size (int|float, optional): The size of a gradient bucket in MB, > 0
            (ValueError otherwise). Default 25.
        last_comm_buffer_size (int|float, optional): The size of the first bucket sent (the
            last layers' gradients) in MB, > 0. Default 1.
        find_unused_parameters (bool, optional): Whether parameters that get no gradient in a
            step are allowed (they count as zero). Default False.
        group (Group, optional): The process group to average over; None (the default) is
            every rank.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> model = paddle.DataParallel(paddle.nn.Linear(4, 2))
            >>> opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
            >>> loss = model(paddle.ones([3, 4])).mean()
            >>> loss.backward()
            >>> opt.step()
    """

    def __init__(self, layers, strategy=None, comm_buffer_size=25, last_comm_buffer_size=1,
                 find_unused_parameters=False, group=None):
        super().__init__(layers.full_name() + "_data_parallel")
        if not isinstance(layers, Layer):
            raise TypeError(f"[DataParallel] layers must be a paddle.nn.Layer, got {type(layers).__name__}")
        if comm_buffer_size <= 0 or last_comm_buffer_size <= 0:
            raise ValueError("[DataParallel] comm_buffer_size and last_comm_buffer_size must be > 0 (MB)")
        self._layers = layers
        self.find_unused_parameters = bool(find_unused_parameters)
        self.group = group
        self.comm_buffer_size = int(comm_buffer_size * 1024 * 1024)
        self.last_comm_buffer_size = int(last_comm_buffer_size * 1024 * 1024)
        self._reducer = None
        if not _group.is_initialized():
            if _group.get_world_size() > 1:
                raise RuntimeError("[DataParallel] this job has several processes: call "
                                   "paddle.distributed.init_parallel_env() before wrapping the model")
            return
        g = _group._resolve(group)
        if g.nranks < 2:
            return
        sync_params_buffers(layers, group, g.ranks[0])
        params, seen = [], set()
        for p in layers.parameters():
            if not p.stop_gradient and id(p) not in seen:
                seen.add(id(p))
                params.append(p)
        self._reducer = _core._Reducer(params, g.id, self.comm_buffer_size,
                                       self.last_comm_buffer_size, self.find_unused_parameters)

    @property
    def grad_need_sync(self):
        return self._reducer is None or self._reducer.sync

    def forward(self, *inputs, **kwargs):
        return self._layers(*inputs, **kwargs)

    @contextlib.contextmanager
    def no_sync(self):
        """Inside it, backward only accumulates gradients locally (no communication).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> import paddle.distributed as dist
                >>> world = dist.init_parallel_env()
                >>> model = paddle.DataParallel(paddle.nn.Linear(2, 1))
                >>> with model.no_sync():
                ...     model(paddle.ones([1, 2])).sum().backward()
                >>> model(paddle.ones([1, 2])).sum().backward()
        """
        if self._reducer is None:
            yield
            return
        previous = self._reducer.sync
        self._reducer.sync = False
        try:
            yield
        finally:
            self._reducer.sync = previous

    def scale_loss(self, loss):
        """Kept for old scripts: gradients are averaged already, so the loss is returned as is."""
        return loss

    def apply_collective_grads(self):
        """Kept for old scripts: backward already averages the gradients."""

    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix="",
                   use_hook=True, keep_vars=True):
        """The wrapped layers' state_dict (no prefix), so checkpoints load with or without the wrapper."""
        return self._layers.state_dict(destination=destination, include_sublayers=include_sublayers,
                                       structured_name_prefix=structured_name_prefix)

    def set_state_dict(self, state_dict, use_structured_name=True):
        """Loads into the wrapped layers."""
        return self._layers.set_state_dict(state_dict, use_structured_name=use_structured_name)

    set_dict = set_state_dict
    load_dict = set_state_dict
