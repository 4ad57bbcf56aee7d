"""The mpirun command line of a JobPlan, and the checks that mpirun can run
here (found on PATH, root allowed) with a message that says what to do."""
import os
import shutil
import sys

from ._errors import LaunchError

WORKER_MODULE = "paddle.distributed.launch._worker"

# Ranks on this machine inherit mpirun's whole environment; ranks on other
# machines get only what -x names, so these go along when set.
FORWARDED_VARIABLES = ("PATH", "LD_LIBRARY_PATH", "PYTHONPATH", "VIRTUAL_ENV", "OMP_NUM_THREADS")
FORWARDED_PREFIXES = ("FLAGS_",)  # paddle's flags

_ROOT_VARIABLES = ("OMPI_ALLOW_RUN_AS_ROOT", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM")


def find_mpirun():
    path = shutil.which("mpirun")
    if path is None:
        raise LaunchError("[launch] mpirun was not found on PATH: the launcher starts the ranks "
                          "with Open MPI's mpirun (Debian/Ubuntu: apt-get install openmpi-bin "
                          "libopenmpi-dev)", status=1)
    return path


def check_root_allowed(environ=os.environ, euid=None):
    """mpirun refuses to run as root unless both OMPI_ALLOW_RUN_AS_ROOT
    variables are 1; the launcher does not set them, it says so first."""
    euid = os.geteuid() if euid is None else euid
    if euid == 0 and any(environ.get(name) != "1" for name in _ROOT_VARIABLES):
        raise LaunchError(
            "[launch] running as root: Open MPI's mpirun refuses to start as root unless "
            "OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 are set in the "
            "environment. Run as another user, or (in a container) export both variables "
            "yourself; the launcher does not set them.", status=1)


def _forwarded(environ):
    names = [name for name in FORWARDED_VARIABLES if name in environ]
    names += sorted(name for name in environ if name.startswith(FORWARDED_PREFIXES))
    return names


def job_environment(plan):
    """The variables the launcher gives every rank (the worker adds the
    per-rank ones from mpirun's OMPI_COMM_WORLD_* variables)."""
    return {"PADDLE_TRAINER_ENDPOINTS": ",".join(plan.endpoints),
            "PADDLE_MASTER": plan.master,
            "PADDLE_NNODES": str(plan.nnodes)}


def worker_command(plan, python=sys.executable):
    """The command mpirun starts as each rank: the worker, then the script."""
    command = [python, "-u", "-m", WORKER_MODULE, "--log_dir", plan.log_dir]
    if plan.log_overwrite:
        command.append("--log_overwrite")
    if plan.devices:
        command += ["--devices", ",".join(plan.devices)]
    return command + ["--", plan.script, *plan.script_args]


def mpirun_command(plan, mpirun="mpirun", environ=os.environ, python=sys.executable):
    """mpirun's argv for ``plan``: ranks fill each machine in turn (rank 0 on
    the first), are not pinned to cores (a rank's ops use several threads),
    and on one machine may outnumber its cores (the user asked for them)."""
    command = [mpirun, "-np", str(plan.world_size), "--map-by", "slot", "--bind-to", "none"]
    if plan.hosts:
        command += ["--host", ",".join(f"{host}:{plan.nproc_per_node}" for host in plan.hosts)]
    else:
        command.append("--oversubscribe")
    for name, value in job_environment(plan).items():
        command += ["-x", f"{name}={value}"]
    for name in _forwarded(environ):
        command += ["-x", name]
    return command + worker_command(plan, python)
