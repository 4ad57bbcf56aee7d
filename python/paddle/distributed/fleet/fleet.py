"""fleet: PaddlePaddle's front door to collective training. ``init(is_collective=True)``
joins the job; in eager mode ``distributed_model`` wraps the model in
DataParallel; in static mode ``distributed_optimizer(...).minimize(loss)``
makes the program data-parallel: after the backward ops, each gradient is
summed over the ranks (``c_allreduce_sum``) and divided by their number, and
the startup program ends by copying rank 0's parameters to every rank
(``c_broadcast``)."""
from __future__ import annotations

from ...static.mode import in_dynamic_mode
from .. import communication as _comm
from .. import env as _env
from .. import group as _group
from .distributed_strategy import UNSUPPORTED, DistributedStrategy

__all__ = ["Fleet"]


class Fleet:
    """The collective-training entry point; ``paddle.distributed.fleet`` exposes
    one instance's methods as module functions (``fleet.init``, ...).

    Examples:
        .. code-block:: python

            >>> from paddle.distributed import fleet
            >>> f = fleet.init(is_collective=True)
            >>> fleet.worker_num() >= 1
            True
    """

    def __init__(self):
        self._strategy = None

    def init(self, role_maker=None, is_collective=False, strategy=None, log_level="INFO"):
        """Joins the job for collective training (``is_collective=True``).

        Args:
            role_maker (object, optional): PaddlePaddle's role maker; accepted and unused (the
                ranks come from the launcher). Default None, which with ``is_collective`` False
                raises NotImplementedError (parameter-server training).
            is_collective (bool, optional): Whether to train collectively (data-parallel); must be
                True unless a role_maker is given. Default False.
            strategy (DistributedStrategy, optional): The training strategy (TypeError for
                anything else); None (the default) is a DistributedStrategy with its defaults.
            log_level (str, optional): For PaddlePaddle compatibility; unused. Default "INFO".

        Returns:
            Fleet: The fleet object, after init_parallel_env.

        Example:
            >>> from paddle.distributed import fleet
            >>> _ = fleet.init(is_collective=True)
            >>> 0 <= fleet.worker_index() < fleet.worker_num()
            True
        """
        if not is_collective and role_maker is None:
            raise NotImplementedError("[fleet.init] parameter-server training is not supported; "
                                      "use fleet.init(is_collective=True) for collective training")
        if strategy is not None and not isinstance(strategy, DistributedStrategy):
            raise TypeError(f"[fleet.init] strategy must be a DistributedStrategy, got {type(strategy).__name__}")
        self._strategy = strategy or DistributedStrategy()
        _env.init_parallel_env()
        return self

    def worker_index(self):
        """This process's rank.

        Example:
            >>> from paddle.distributed import fleet
            >>> _ = fleet.init(is_collective=True)
            >>> fleet.worker_index() == paddle.distributed.get_rank()
            True
        """
        return _group.get_rank()

    def worker_num(self):
        """The number of processes.

        Example:
            >>> from paddle.distributed import fleet
            >>> _ = fleet.init(is_collective=True)
            >>> fleet.worker_num() == paddle.distributed.get_world_size()
            True
        """
        return _group.get_world_size()

    def is_first_worker(self):
        """Whether this is rank 0 (the one that saves checkpoints).

        Example:
            >>> from paddle.distributed import fleet
            >>> _ = fleet.init(is_collective=True)
            >>> model = paddle.nn.Linear(2, 2)
            >>> if fleet.is_first_worker():
            ...     paddle.save(model.state_dict(), "model.pdparams")
            >>> fleet.barrier_worker()  # the others wait until it is written
        """
        return self.worker_index() == 0

    def barrier_worker(self):
        """Waits for every rank.

        Example:
            >>> from paddle.distributed import fleet
            >>> _ = fleet.init(is_collective=True)
            >>> fleet.barrier_worker()
        """
        _comm.barrier()

    def distributed_model(self, model):
        """Eager mode: ``model`` wrapped in paddle.DataParallel.

        Args:
            model (paddle.nn.Layer): The model to run data-parallel; the strategy's
                fuse_grad_size_in_MB, last_comm_group_size_MB and find_unused_parameters set the
                DataParallel's buckets and checks.

        Returns:
            DataParallel: The wrapped model.

        Example:
            >>> from paddle.distributed import fleet
            >>> _ = fleet.init(is_collective=True)
            >>> model = fleet.distributed_model(paddle.nn.Linear(2, 2))
            >>> type(model).__name__
            'DataParallel'
        """
        from ..parallel import DataParallel
        strategy = self._strategy or DistributedStrategy()
        return DataParallel(model, comm_buffer_size=strategy.fuse_grad_size_in_MB,
                            last_comm_buffer_size=strategy.last_comm_group_size_MB,
                            find_unused_parameters=strategy.find_unused_parameters)

    def distributed_optimizer(self, optimizer, strategy=None):
        """``optimizer`` made data-parallel (see the module's description).

        Args:
            optimizer (Optimizer): The optimizer to wrap.
            strategy (DistributedStrategy, optional): A strategy that replaces the one given to
                init; None (the default) keeps it. minimize() raises NotImplementedError when a
                strategy option other than data parallelism is on.

        Returns:
            object: The wrapped optimizer: its minimize() averages the gradients over the ranks
            (in static mode by adding allreduce ops); everything else is the optimizer's own.

        Example:
            >>> from paddle.distributed import fleet
            >>> _ = fleet.init(is_collective=True)
            >>> model = fleet.distributed_model(paddle.nn.Linear(2, 2))
            >>> sgd = paddle.optimizer.SGD(0.1, parameters=model.parameters())
            >>> opt = fleet.distributed_optimizer(sgd)
            >>> loss = model(paddle.ones([4, 2])).mean()
            >>> loss.backward()  # the gradients are averaged over the ranks
            >>> _ = opt.minimize(loss)
        """
        if strategy is not None:
            self._strategy = strategy
        return _DistributedOptimizer(optimizer, self._strategy or DistributedStrategy())


class _DistributedOptimizer:
    """Wraps an optimizer; everything but minimize() is the optimizer's own."""

    def __init__(self, optimizer, strategy):
        self._inner = optimizer
        self._strategy = strategy

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        on = [name for name in UNSUPPORTED if getattr(self._strategy, name)]
        if on:
            raise NotImplementedError(f"[fleet] strategy {', '.join(on)} is not supported: "
                                      "only data-parallel training is")
        if in_dynamic_mode():  # the model is a DataParallel: backward averaged the gradients
            return self._inner.minimize(loss, startup_program, parameters, no_grad_set)
        return self._inner._static_minimize(loss, startup_program, parameters, no_grad_set,
                                            grad_transform=_all_reduce_grads)


def _all_reduce_grads(program, startup, params_grads):
    """The data-parallel rewrite of a static training program (see the module)."""
    from ...static.program import OP_ROLE_BACKWARD, _op_role
    n = _group.get_world_size()
    if not _group.is_initialized() or n < 2:
        return
    block = program.global_block()
    with _op_role(OP_ROLE_BACKWARD):
        for _, g in params_grads:
            block.append_op(type="c_allreduce_sum", inputs={"X": [g]}, outputs={"Out": [g]},
                            attrs={"ring_id": 0, "use_calc_stream": True})
            block.append_op(type="scale", inputs={"X": [g]}, outputs={"Out": [g]},
                            attrs={"scale": 1.0 / n})
    sblock = startup.global_block()
    for p, _ in params_grads:
        if sblock.has_var(p.name):
            sblock.append_op(type="c_broadcast", inputs={"X": [p.name]}, outputs={"Out": [p.name]},
                             attrs={"ring_id": 0, "root": 0, "use_calc_stream": True})
