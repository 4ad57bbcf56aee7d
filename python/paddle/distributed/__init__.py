"""paddle.distributed: data-parallel training over several processes.

Processes are started by ``python -m paddle.distributed.launch`` or by
``mpirun``; collectives on CPU tensors run on Open MPI (core/distributed).
See docs/en/distributed.md."""
from .communication import (
    ReduceOp, all_gather, all_gather_object, all_reduce, alltoall, barrier, broadcast,
    broadcast_object_list, gather, irecv, is_available, isend, recv, reduce, reduce_scatter,
    scatter, scatter_object_list, send, wait,
)
from .env import init_parallel_env
from .group import (
    Group, destroy_process_group, get_backend, get_group, get_rank, get_world_size,
    is_initialized, new_group,
)
from .parallel import DataParallel
from .parallel_env import ParallelEnv
from .launch.main import launch
from . import fleet  # noqa: E402  (after the collectives it uses)

__all__ = [
    "init_parallel_env", "is_initialized", "get_rank", "get_world_size", "get_backend",
    "new_group", "get_group", "destroy_process_group", "ReduceOp", "all_reduce", "broadcast",
    "reduce", "all_gather", "all_gather_object", "scatter", "alltoall", "send", "recv", "isend",
    "irecv", "barrier", "wait", "reduce_scatter", "gather", "broadcast_object_list",
    "scatter_object_list", "is_available", "DataParallel", "ParallelEnv", "launch", "fleet",
]
