"""The per-rank log files: their names, the line a failing rank ends its log
with, and how the launcher finds those lines after the job."""
import os

_FAILURE_PREFIX = "paddle.distributed.launch: rank "
_FAILURE_INFIX = " failed: "


def worker_log_path(log_dir, rank):
    return os.path.join(log_dir, f"workerlog.{rank}")


def failure_line(rank, summary):
    """The last line of a failing rank's log (``summary``: one line)."""
    return f"{_FAILURE_PREFIX}{rank}{_FAILURE_INFIX}{summary}"


def log_sizes(log_dir, world_size):
    """The size of each rank's log before a job appends to it."""
    sizes = {}
    for rank in range(world_size):
        try:
            sizes[rank] = os.path.getsize(worker_log_path(log_dir, rank))
        except OSError:
            sizes[rank] = 0
    return sizes


def _new_text(path, offset):
    try:
        with open(path, "rb") as log:
            if os.fstat(log.fileno()).st_size < offset:  # overwritten since
                offset = 0
            log.seek(offset)
            return log.read().decode("utf-8", "replace")
    except OSError:  # on another machine, or the rank never started
        return ""


def failed_ranks(log_dir, sizes):
    """[(rank, summary, log path)] of the ranks whose log on this machine
    gained a failure line since ``sizes`` (log_sizes before the job)."""
    failed = []
    for rank, offset in sorted(sizes.items()):
        path = worker_log_path(log_dir, rank)
        prefix = f"{_FAILURE_PREFIX}{rank}{_FAILURE_INFIX}"
        for line in reversed(_new_text(path, offset).splitlines()):
            if line.startswith(prefix):
                failed.append((rank, line[len(prefix):], path))
                break
    return failed
