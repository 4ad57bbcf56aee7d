"""Process groups: the world (group 0, made by init_parallel_env) and the
groups of new_group. A Group names its members by their global ranks; the
collectives take global ranks for src/dst and convert them."""
from __future__ import annotations

import datetime

from .. import _core
from .parallel_env import ParallelEnv

__all__ = ["Group", "new_group", "get_group", "is_initialized", "get_rank", "get_world_size",
           "get_backend", "destroy_process_group"]

_groups: dict[int, "Group"] = {}


class Group:
    """A set of processes that run collectives together.

    ``rank`` is this process's rank inside the group (-1 when it is not a
    member), ``ranks`` the members' global ranks, ``id`` the group's number
    (the ``ring_id`` of static programs' collective ops; 0 is the world).

    Args:
        rank_in_group (int): This process's rank inside the group, -1 when it is no member.
        id (int): The group's number (0 is the world).
        ranks (list): The members' global ranks, in group-rank order.
        name (str, optional): The group's name. Default None.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> world.id, world.nranks == dist.get_world_size()
            (0, True)
    """

    def __init__(self, rank_in_group, id, ranks, name=None):
        self._rank = rank_in_group
        self._id = id
        self._ranks = list(ranks)
        self._name = name

    @property
    def rank(self):
        return self._rank

    @property
    def ranks(self):
        return list(self._ranks)

    @property
    def nranks(self):
        return len(self._ranks)

    @property
    def world_size(self):
        return len(self._ranks)

    @property
    def name(self):
        return self._name

    @property
    def id(self):
        return self._id

    @property
    def backend(self):
        return "MPI"

    def is_member(self):
        return self._rank >= 0

    def get_group_rank(self, rank):
        """The group rank of global rank ``rank``, or -1 when it is no member."""
        return self._ranks.index(rank) if rank in self._ranks else -1

    def get_global_rank(self, rank):
        """The global rank of group rank ``rank``, or -1 when out of range."""
        return self._ranks[rank] if 0 <= rank < len(self._ranks) else -1

    def __repr__(self):
        return f"rank: {self.rank}, nranks: {self.nranks}, id: {self.id}, ranks: {', '.join(map(str, self.ranks))}; name: {self.name}"


def is_initialized():
    """Whether init_parallel_env has run (and the environment was not destroyed).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> isinstance(dist.is_initialized(), bool)
            True
    """
    return _core._dist_is_initialized()


def _world():
    if not is_initialized():
        raise RuntimeError("[paddle.distributed] the parallel environment is not initialized: "
                           "call paddle.distributed.init_parallel_env() first")
    return _groups[0]


def _make_world():
    ranks = _core._dist_group_ranks(0)
    _groups[0] = Group(_core._dist_group_rank(0), 0, ranks, name="_default_pg")
    return _groups[0]


def _resolve(group):
    """The group to use (None: the world), checked to be alive and to hold this rank."""
    if group is None:
        return _world()
    if not isinstance(group, Group):
        raise TypeError(f"group must be a paddle.distributed Group or None, got {type(group).__name__}")
    if _groups.get(group.id) is not group:
        raise RuntimeError(f"[paddle.distributed] group {group.id} was destroyed (or the "
                           "environment is not initialized)")
    if not group.is_member():
        raise RuntimeError(f"[paddle.distributed] this rank ({get_rank()}) is not a member of "
                           f"group {group.id} (ranks {group.ranks})")
    return group


def _group_rank(group, rank, what):
    """Global rank `rank` as a rank of `group`; ValueError if it is no member."""
    if not isinstance(rank, int) or isinstance(rank, bool):
        raise TypeError(f"{what} must be an int (a global rank), got {type(rank).__name__}")
    r = group.get_group_rank(rank)
    if r < 0:
        raise ValueError(f"{what} rank {rank} is not a member of group {group.id} (ranks {group.ranks})")
    return r


def new_group(ranks=None, backend=None, timeout=datetime.timedelta(seconds=1800),
              nccl_comm_init_option=0, nccl_config=None):
    """A new group of the given global ranks (all ranks when None).

    Every process of the job must call it, members or not, in the same order:
    the group is made collectively. A process outside ``ranks`` gets a Group
    whose ``rank`` is -1.

    Args:
        ranks (list, optional): The members' global ranks (sorted into group-rank order); None
            (the default) is every rank.
        backend (str, optional): None (the default), 'mpi', 'gloo' or 'nccl' (else ValueError);
            the collectives always run through Open MPI.
        timeout (datetime.timedelta, optional): For PaddlePaddle compatibility; unused. Default
            1800 seconds.
        nccl_comm_init_option (int, optional): For PaddlePaddle compatibility; unused. Default 0.
        nccl_config (object, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Group: The new group (its ``rank`` is -1 on a process outside ``ranks``).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> g = dist.new_group([0])
            >>> g.ranks
            [0]
    """
    world = _world()
    if backend not in (None, "mpi", "gloo", "nccl"):
        raise ValueError(f"[new_group] backend must be None, 'mpi', 'gloo' or 'nccl', got {backend!r}")
    ranks = sorted(world.ranks if ranks is None else list(ranks))
    gid = _core._dist_new_group(ranks)
    me = world.rank
    group = Group(ranks.index(me) if me in ranks else -1, gid, ranks, name=f"_new_group_{gid}")
    _groups[gid] = group
    return group


def get_group(id=0):
    """The group with this id (0: the world).

    Args:
        id (int, optional): The group's id. Default 0 (the world); an unknown id raises
            ValueError.

    Returns:
        Group: The group with that id.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> dist.get_group(0).id
            0
    """
    _world()
    if id not in _groups:
        raise ValueError(f"[get_group] no group has id {id}")
    return _groups[id]


def get_rank(group=None):
    """This process's rank: in the world, or in ``group`` (-1 outside it).

    Before init_parallel_env it is read from the launcher's environment
    (``PADDLE_TRAINER_ID``, or Open MPI's ``OMPI_COMM_WORLD_RANK``), 0 if none.

    Args:
        group (Group, optional): The group to ask about; None (the default) is the world.

    Returns:
        int: The rank, -1 when this process is not a member of ``group``.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.get_rank() >= 0
            True
    """
    if group is not None:
        return group.rank
    if is_initialized():
        return _groups[0].rank
    return ParallelEnv().rank


def get_world_size(group=None):
    """The number of processes: in the world, or in ``group``.

    Before init_parallel_env it is read from the launcher's environment
    (``PADDLE_TRAINERS_NUM``, or ``OMPI_COMM_WORLD_SIZE``), 1 if none.

    Args:
        group (Group, optional): The group to ask about; None (the default) is the world.

    Returns:
        int: The number of processes.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.get_world_size() >= 1
            True
    """
    if group is not None:
        return group.world_size
    if is_initialized():
        return _groups[0].world_size
    return ParallelEnv().world_size


def get_backend(group=None):
    """The backend carrying the group's collectives: ``"MPI"`` for CPU tensors.

    Args:
        group (Group, optional): The group to ask about; None (the default) is the world.

    Returns:
        str: The backend's name, ``"MPI"``.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> dist.get_backend()
            'MPI'
    """
    return _resolve(group).backend


def destroy_process_group(group=None):
    """Forgets ``group``; with None, every group, and the environment is shut
    down (a collective call: every rank must make it).

    Args:
        group (Group, optional): The group to remove; None (the default) or the world removes
            every group and shuts the environment down. A group that does not exist raises
            ValueError.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> world = dist.init_parallel_env()
            >>> g = dist.new_group([0])
            >>> dist.destroy_process_group(g)
    """
    if group is None or group.id == 0:
        _groups.clear()
        _core._dist_finalize()
        return
    if _groups.get(group.id) is not group:
        raise ValueError(f"[destroy_process_group] group {group.id} does not exist")
    _core._dist_destroy_group(group.id)
    del _groups[group.id]
