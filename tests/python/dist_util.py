"""Starts multi-process jobs for the paddle.distributed tests on this machine,
with `mpirun -np N` or through `python -m paddle.distributed.launch`. The
settings CI needs are set here, not on the user's machine: running as root
allowed, more ranks than cores allowed, no ssh. Every job has a timeout, so a
hang fails the test instead of the suite."""
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from conftest import JOB_VARIABLE_PREFIXES

WORKERS = pathlib.Path(__file__).resolve().parent / "dist_workers"

# scripts/setup.sh installs Open MPI; without it the job tests skip.
needs_mpirun = pytest.mark.skipif(shutil.which("mpirun") is None,
                                  reason="Open MPI's mpirun is not installed: run scripts/setup.sh")


def job_env():
    """This process's environment without the variables of a job it may run in,
    plus Open MPI's settings for tests: root is allowed, more ranks than cores,
    no ssh on one machine, idle ranks yield the core (several share CI's 2)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(JOB_VARIABLE_PREFIXES)}
    env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1", OMPI_MCA_plm="isolated",
               OMPI_MCA_mpi_yield_when_idle="1")
    return env


def run_job(worker, nproc, *args, timeout=120, launcher=False, cwd=None):
    """Runs tests/python/dist_workers/<worker> on `nproc` ranks, started by
    mpirun or (`launcher`) by paddle.distributed.launch; the CompletedProcess."""
    script = [str(WORKERS / worker), *map(str, args)]
    if launcher:
        cmd = [sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", str(nproc), *script]
    else:
        cmd = ["mpirun", "-np", str(nproc), sys.executable, *script]
    return subprocess.run(cmd, env=job_env(), capture_output=True, text=True, timeout=timeout, cwd=cwd)


def check(proc):
    assert proc.returncode == 0, f"job failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc
