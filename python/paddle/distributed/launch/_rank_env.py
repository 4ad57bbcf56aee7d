"""The environment of one rank: PaddlePaddle's variable names, filled from
what mpirun tells the process (OMPI_COMM_WORLD_*) and what the launcher
gives every rank (endpoints, master, number of machines)."""
from ._errors import LaunchError


def _require(environ, name):
    value = environ.get(name)
    if value is None:
        raise LaunchError(f"[launch worker] {name} is not set: the worker is started by "
                          f"mpirun from python -m paddle.distributed.launch", status=1)
    return value


def _require_int(environ, name):
    text = _require(environ, name)
    try:
        return int(text)
    except ValueError:
        raise LaunchError(f"[launch worker] {name} expected an integer, got {text!r}",
                          status=1) from None


def selected_device(devices, local_rank, environ):
    """The FLAGS_selected_gpus value of the rank: its device of ``devices``,
    numbered among CUDA_VISIBLE_DEVICES when those are restricted (the
    process sees only them, as 0, 1, ...)."""
    device = devices[local_rank]
    visible = environ.get("CUDA_VISIBLE_DEVICES", "all").strip()
    if visible in ("", "all"):
        return device
    labels = [label.strip() for label in visible.split(",")]
    if device not in labels:
        raise LaunchError(f"[launch worker] device {device} of --devices is not in "
                          f"CUDA_VISIBLE_DEVICES={visible}", status=1)
    return str(labels.index(device))


def rank_environment(environ, devices=()):
    """The variables to set before the script runs, as a dict of strings."""
    rank = _require_int(environ, "OMPI_COMM_WORLD_RANK")
    size = _require_int(environ, "OMPI_COMM_WORLD_SIZE")
    local_rank = _require_int(environ, "OMPI_COMM_WORLD_LOCAL_RANK")
    local_size = _require_int(environ, "OMPI_COMM_WORLD_LOCAL_SIZE")
    endpoints = _require(environ, "PADDLE_TRAINER_ENDPOINTS").split(",")
    if len(endpoints) != size:
        raise LaunchError(f"[launch worker] PADDLE_TRAINER_ENDPOINTS has {len(endpoints)} "
                          f"endpoints for the {size} ranks of the job", status=1)
    if devices and len(devices) != local_size:
        raise LaunchError(f"[launch worker] --devices lists {len(devices)} devices for the "
                          f"{local_size} ranks on this machine", status=1)
    env = {
        "PADDLE_TRAINER_ID": rank, "PADDLE_TRAINERS_NUM": size,
        "PADDLE_GLOBAL_RANK": rank, "PADDLE_GLOBAL_SIZE": size,
        "PADDLE_LOCAL_RANK": local_rank, "PADDLE_RANK_IN_NODE": local_rank,
        "PADDLE_LOCAL_SIZE": local_size,
        "PADDLE_NNODES": _require(environ, "PADDLE_NNODES"),
        "PADDLE_MASTER": _require(environ, "PADDLE_MASTER"),
        "PADDLE_TRAINER_ENDPOINTS": ",".join(endpoints),
        "PADDLE_CURRENT_ENDPOINT": endpoints[rank],
    }
    if devices:
        env["FLAGS_selected_gpus"] = selected_device(devices, local_rank, environ)
    return {name: str(value) for name, value in env.items()}
