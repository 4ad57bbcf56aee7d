"""Starts a multi-process job for the paddle.distributed tests: `mpirun -np N`
on this machine, with the settings CI needs set here, not on the user's
machine: running as root allowed, more ranks than cores allowed. Every job
has a timeout, so a hang fails the test instead of the suite."""
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

WORKERS = pathlib.Path(__file__).resolve().parent / "dist_workers"

if shutil.which("mpirun") is None:  # scripts/setup.sh installs Open MPI
    pytest.skip("mpirun (Open MPI) is not installed: run scripts/setup.sh", allow_module_level=True)


def job_env():
    env = dict(os.environ)
    env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1",
               # One machine: start ranks locally, never through ssh.
               OMPI_MCA_plm="isolated",
               # Idle ranks yield the core: several ranks share CI's 2 cores.
               OMPI_MCA_mpi_yield_when_idle="1")
    return env


def run_job(worker, nproc, *args, timeout=120):
    """Runs tests/python/dist_workers/<worker> on `nproc` ranks; the CompletedProcess."""
    cmd = ["mpirun", "-np", str(nproc), sys.executable, str(WORKERS / worker), *map(str, args)]
    return subprocess.run(cmd, env=job_env(), capture_output=True, text=True, timeout=timeout)


def check(proc):
    assert proc.returncode == 0, f"job failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc
