"""The process mpirun starts as each rank: sets PaddlePaddle's rank
environment, sends the output to <log_dir>/workerlog.<rank> (rank 0's to the
console too), runs the training script as ``__main__`` with its arguments,
and when the script fails, ends the rank so that mpirun ends the job.

Internal: ``python -m paddle.distributed.launch`` builds its command line.
"""
import argparse
import atexit
import faulthandler
import os
import runpy
import sys
import traceback

from ._errors import LaunchError
from ._logs import failure_line, worker_log_path
from ._output import RankOutput
from ._rank_env import rank_environment

# Frames of these files are the worker's, not the user's: left out of tracebacks.
_OWN_FILES = {os.path.abspath(__file__), os.path.abspath(runpy.__file__), "<frozen runpy>"}


def _parse(argv):
    parser = argparse.ArgumentParser(prog="python -m paddle.distributed.launch._worker")
    parser.add_argument("--log_dir", required=True)
    parser.add_argument("--log_overwrite", action="store_true")
    parser.add_argument("--devices", default="")
    parser.add_argument("script")
    parser.add_argument("script_args", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    args.devices = tuple(d for d in args.devices.split(",") if d)
    return args


def _user_traceback(exc):
    tb = exc.__traceback__
    while tb is not None and {tb.tb_frame.f_code.co_filename,
                              os.path.abspath(tb.tb_frame.f_code.co_filename)} & _OWN_FILES:
        tb = tb.tb_next
    return "".join(traceback.format_exception(type(exc), exc, tb))


def _summary(exc):
    """``Type: message`` on one line, the type named as a traceback names it."""
    name = type(exc).__qualname__
    if type(exc).__module__ not in ("builtins", "__main__"):
        name = f"{type(exc).__module__}.{name}"
    message = " ".join(str(exc).split())
    return f"{name}: {message}" if message else name


def run_script(script, script_args):
    """Runs ``script`` as ``python script args`` would; (0, None) when it
    ends normally, else (exit status, what to report: traceback text and a
    one-line summary)."""
    sys.argv = [script, *script_args]
    sys.path[0] = os.path.dirname(script)
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        if exc.code is None or exc.code == 0:
            return 0, None
        if isinstance(exc.code, int):
            return exc.code, ("", f"exited with status {exc.code}")
        return 1, (f"{exc.code}\n", f"exited: {exc.code}")
    except BaseException as exc:  # noqa: B902 - every failure ends the rank
        return 1, (_user_traceback(exc), _summary(exc))
    return 0, None


def _report_failure(output, rank, log_path, report):
    details, summary = report
    sys.stderr.write(details + failure_line(rank, summary) + "\n")
    if rank != 0:  # rank 0's stderr reaches the console already
        lines = details.splitlines() + [f"failed: {summary} (log: {log_path})"]
        output.write_console("".join(f"[rank {rank}] {line}\n" for line in lines))


def main(argv=None):
    args = _parse(sys.argv[1:] if argv is None else argv)
    try:
        environment = rank_environment(os.environ, args.devices)
    except LaunchError as exc:
        print(exc, file=sys.stderr)
        return exc.status
    os.environ.update(environment)
    rank = int(environment["PADDLE_TRAINER_ID"])
    log_path = worker_log_path(args.log_dir, rank)
    output = RankOutput(log_path, overwrite=args.log_overwrite, to_console=rank == 0)
    atexit.register(output.close)  # after the script's own exit handlers
    faulthandler.enable()  # a crash in C++ code leaves the Python stack in the log
    status, report = run_script(args.script, args.script_args)
    if status == 0:
        return 0
    _report_failure(output, rank, log_path, report)
    output.close()
    # Without exit handlers: one that finalizes MPI would wait for the other
    # ranks forever. mpirun sees the non-zero status and ends the whole job.
    os._exit(status if 0 < status < 256 else 1)


if __name__ == "__main__":
    sys.exit(main())
