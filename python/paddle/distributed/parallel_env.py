"""ParallelEnv: the rank environment of this process, as PaddlePaddle reads it.

Our launcher (``python -m paddle.distributed.launch``) sets PaddlePaddle's
variables (``PADDLE_TRAINER_ID``, ``PADDLE_TRAINERS_NUM``, ...). Under a plain
``mpirun`` they are absent, so the rank and size come from Open MPI's
``OMPI_COMM_WORLD_*`` variables, and outside any job this is rank 0 of 1.
"""
import os

__all__ = ["ParallelEnv"]

# PaddlePaddle's variable first, then Open MPI's, then the single-process value.
_RANK_SOURCES = ("PADDLE_TRAINER_ID", "OMPI_COMM_WORLD_RANK")
_SIZE_SOURCES = ("PADDLE_TRAINERS_NUM", "OMPI_COMM_WORLD_SIZE")
_DEVICE_SOURCES = ("FLAGS_selected_gpus", "OMPI_COMM_WORLD_LOCAL_RANK")


def _env_int(names, default, first_of_list=False):
    """The first of ``names`` that is set, as an int, or ``default``;
    ``first_of_list``: the value is a comma list (FLAGS_selected_gpus=0,1)
    whose first item counts."""
    for name in names:
        text = os.environ.get(name, "").strip()
        if text:
            try:
                return int(text.split(",")[0] if first_of_list else text)
            except ValueError:
                raise ValueError(f"[ParallelEnv] environment variable {name} must be an "
                                 f"integer, got {text!r}") from None
    return default


class ParallelEnv:
    """The parallel environment of this process, read from environment
    variables when it is created: rank and world size from
    ``PADDLE_TRAINER_ID`` / ``PADDLE_TRAINERS_NUM`` (set by
    ``python -m paddle.distributed.launch``), else from Open MPI's
    ``OMPI_COMM_WORLD_RANK`` / ``OMPI_COMM_WORLD_SIZE`` (a plain ``mpirun``),
    else rank 0 of 1. ``local_rank`` and ``nranks`` are PaddlePaddle's older
    names of ``rank`` and ``world_size`` (``local_rank`` is the global rank,
    as in PaddlePaddle).

    Example:
        >>> import paddle.distributed as dist
        >>> env = dist.ParallelEnv()  # outside a job: rank 0 of 1
        >>> env.rank, env.world_size, env.local_rank, env.nranks
        (0, 1, 0, 1)
        >>> env.trainer_endpoints, env.current_endpoint
        ([''], '')
    """

    def __init__(self):
        self._rank = _env_int(_RANK_SOURCES, 0)
        self._world_size = _env_int(_SIZE_SOURCES, 1)
        self._device_id = _env_int(_DEVICE_SOURCES, 0, first_of_list=True)
        self._device_type = ""  # no custom device plug-ins in this build
        self._trainer_endpoints = os.environ.get("PADDLE_TRAINER_ENDPOINTS", "").split(",")
        self._current_endpoint = os.environ.get("PADDLE_CURRENT_ENDPOINT", "")
        self._nrings = _env_int(("FLAGS_nccl_nrings",), 1)
        if not 0 < self._nrings < 9:  # AssertionError, as PaddlePaddle's assert
            raise AssertionError(f"[ParallelEnv] FLAGS_nccl_nrings must be in [1, 8], "
                             f"got {self._nrings}")
        self._pg_timeout = _env_int(("PADDLE_PG_TIMEOUT",), 1800000)

    @property
    def rank(self):
        """The rank of this process: ``PADDLE_TRAINER_ID``, else
        ``OMPI_COMM_WORLD_RANK``, else 0.

        Example:
            >>> import paddle.distributed as dist
            >>> dist.ParallelEnv().rank
            0
        """
        return self._rank

    @property
    def world_size(self):
        """The number of processes of the job: ``PADDLE_TRAINERS_NUM``, else
        ``OMPI_COMM_WORLD_SIZE``, else 1.

        Example:
            >>> import paddle.distributed as dist
            >>> dist.ParallelEnv().world_size
            1
        """
        return self._world_size

    @property
    def device_id(self):
        """The GPU this process uses: the first of ``FLAGS_selected_gpus``
        (the launcher sets it from ``--devices``), else the rank on this
        machine (``OMPI_COMM_WORLD_LOCAL_RANK``), else 0.

        Example:
            >>> import paddle.distributed as dist
            >>> dist.ParallelEnv().device_id
            0
        """
        return self._device_id

    @property
    def device_type(self):
        """The custom device type of the job; ``""`` (this build has no
        custom device plug-ins).

        Example:
            >>> import paddle.distributed as dist
            >>> dist.ParallelEnv().device_type
            ''
        """
        return self._device_type

    @property
    def current_endpoint(self):
        """This process's ``ip:port`` (``PADDLE_CURRENT_ENDPOINT``; ``""``
        when unset).

        Example:
            >>> import paddle.distributed as dist
            >>> dist.ParallelEnv().current_endpoint
            ''
        """
        return self._current_endpoint

    @property
    def trainer_endpoints(self):
        """Every process's ``ip:port``, in rank order
        (``PADDLE_TRAINER_ENDPOINTS`` split at commas; ``['']`` when unset).

        Example:
            >>> import paddle.distributed as dist
            >>> dist.ParallelEnv().trainer_endpoints
            ['']
        """
        return self._trainer_endpoints

    @property
    def nrings(self):
        """The number of NCCL rings (``FLAGS_nccl_nrings``, 1 to 8; 1 when
        unset).

        Example:
            >>> import paddle.distributed as dist
            >>> dist.ParallelEnv().nrings
            1
        """
        return self._nrings

    @property
    def pg_timeout(self):
        """The process group timeout in milliseconds (``PADDLE_PG_TIMEOUT``;
        30 minutes when unset).

        Example:
            >>> import paddle.distributed as dist
            >>> dist.ParallelEnv().pg_timeout
            1800000
        """
        return self._pg_timeout

    # PaddlePaddle's older names.
    local_rank = rank
    nranks = world_size
    dev_id = device_id
