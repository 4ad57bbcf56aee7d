"""``python -m paddle.distributed.launch``: checks the command line, starts
the job with mpirun, and when it fails, names the ranks that failed."""
import os
import shlex
import signal
import subprocess
import sys

from ._arguments import build_parser, plan_job
from ._errors import LaunchError
from ._logs import failed_ranks, log_sizes
from ._mpirun import check_root_allowed, find_mpirun, mpirun_command

__all__ = ["launch"]

_PREFIX = "paddle.distributed.launch"
_FORWARDED_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def _say(message):
    print(f"{_PREFIX}: {message}", file=sys.stderr, flush=True)


def _prepare_log_dir(log_dir):
    try:
        os.makedirs(log_dir, exist_ok=True)
    except OSError as exc:
        raise LaunchError(f"[launch] --log_dir {log_dir} cannot be created: {exc.strerror}",
                          status=1) from None


def _run(command):
    """Runs mpirun to its end; a signal to the launcher goes on to mpirun,
    which ends the ranks. Its exit status (128 + n when killed by signal n)."""
    process = subprocess.Popen(command)
    previous = {sig: signal.signal(sig, lambda sig, _: process.send_signal(sig))
                for sig in _FORWARDED_SIGNALS}
    try:
        status = process.wait()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 128 - status if status < 0 else status


def _report_failure(plan, status, sizes):
    _say(f"the job failed (mpirun exit status {status})")
    failures = failed_ranks(plan.log_dir, sizes)
    for rank, summary, path in failures:
        _say(f"rank {rank} failed: {summary} (log: {path})")
    if not failures:
        _say(f"the logs of the ranks on this machine are in {plan.log_dir}")


def run(argv):
    """Launches the job of command line ``argv`` (without the program name);
    the exit status: 0 when every rank succeeded."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        plan = plan_job(args)
        mpirun = find_mpirun()
        check_root_allowed()
        _prepare_log_dir(plan.log_dir)
    except LaunchError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return exc.status
    command = mpirun_command(plan, mpirun)
    where = f"on {', '.join(plan.hosts)}" if plan.hosts else "on this machine"
    _say(f"{plan.world_size} ranks ({plan.nproc_per_node} per machine) {where}; logs: "
         f"{os.path.join(plan.log_dir, 'workerlog.<rank>')}")
    _say(f"running: {shlex.join(command)}")
    sizes = log_sizes(plan.log_dir, plan.world_size)
    status = _run(command)
    if status != 0:
        _report_failure(plan, status, sizes)
    return status


def launch():
    """Starts the job described by the command line (``sys.argv``):
    ``python -m paddle.distributed.launch [options] training_script
    [script arguments]`` runs the script in ``--nproc_per_node`` processes on
    this machine (or on each of ``--ips``, started from the first one over
    ssh) through Open MPI's ``mpirun``, with each rank's output in
    ``<log_dir>/workerlog.<rank>``. Exits with status 0 when every rank
    succeeded, else non-zero. ``--help`` lists the options.

    Example:
        >>> import subprocess, sys
        >>> help_text = subprocess.run(
        ...     [sys.executable, "-m", "paddle.distributed.launch", "--help"],
        ...     capture_output=True, text=True, check=True).stdout
        >>> "--nproc_per_node" in help_text and "--ips" in help_text
        True
    """
    sys.exit(run(sys.argv[1:]))
