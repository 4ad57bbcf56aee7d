"""init_parallel_env: joins the job's processes (Open MPI), makes the world
group, and arranges that a rank which fails takes the whole job down instead
of leaving the others waiting in a collective."""
from __future__ import annotations

import atexit
import sys

from .. import _core
from . import group as _group

__all__ = ["init_parallel_env"]

_hooks_installed = False


def _abort_on_uncaught(exc_type, exc, tb):
    # The traceback first (the launcher shows this rank's log), then the job ends.
    _previous_excepthook(exc_type, exc, tb)
    sys.stdout.flush()
    sys.stderr.flush()
    if _core._dist_is_initialized() and _group.get_world_size() > 1:
        _core._dist_abort(1)


_previous_excepthook = sys.excepthook


def _finalize():
    if _core._dist_is_initialized():
        _group._groups.clear()
        _core._dist_finalize()


def init_parallel_env(nccl_config=None):
    """Initializes the parallel environment and returns the world's Group.

    The processes are those that ``python -m paddle.distributed.launch`` or
    ``mpirun`` started; each learns its rank and the world size from Open MPI.
    A process started alone is rank 0 of 1. Calling it again returns the same
    group. Afterwards an uncaught exception in any rank prints its traceback
    and ends every rank of the job (so none waits forever in a collective).

    Args:
        nccl_config (object, optional): For PaddlePaddle compatibility (NCCL settings); unused,
            the ranks talk through Open MPI. Default None.

    Returns:
        Group: The group of all ranks (its rank is this process's, its nranks the world size).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> world.rank == dist.get_rank()
            True
    """
    global _hooks_installed, _previous_excepthook
    if _core._dist_is_initialized():
        return _group._groups.get(0) or _group._make_world()
    _core._dist_init()
    world = _group._make_world()
    if not _hooks_installed:
        _hooks_installed = True
        atexit.register(_finalize)
        _previous_excepthook = sys.excepthook
        sys.excepthook = _abort_on_uncaught
    return world
