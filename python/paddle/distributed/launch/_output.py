"""Where a rank's output goes: its log file (file descriptors 1 and 2, so the
output of C++ code and of child processes goes there too), and for rank 0
also the console, through a ``tee`` process. A separate process, not a
thread, copies rank 0's output: it keeps copying while the rank runs code
that holds the GIL, and drains the pipe after the rank dies."""
import os
import subprocess
import sys

_TEE_EXIT_SECONDS = 5.0


class RankOutput:
    """Redirects this process's stdout and stderr to ``log_path`` (appended
    to, or truncated first when ``overwrite``), and to the console too when
    ``to_console``. ``console_err`` stays open on the original stderr."""

    def __init__(self, log_path, overwrite=False, to_console=False):
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | (os.O_TRUNC if overwrite else 0)
        log_fd = os.open(log_path, flags, 0o644)
        self.console_out = os.dup(1)
        self.console_err = os.dup(2)
        self._tee = None
        if to_console:
            os.close(log_fd)
            # -p: a console that goes away does not stop the copy into the log.
            self._tee = subprocess.Popen(["tee", "-p", "-a", log_path], stdin=subprocess.PIPE,
                                         stdout=self.console_out)
            target = self._tee.stdin.fileno()
        else:
            target = log_fd
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(target, 1)
        os.dup2(target, 2)
        if self._tee is not None:
            self._tee.stdin.close()
        else:
            os.close(log_fd)

    def write_console(self, text):
        """Writes ``text`` to the original stderr (the console via mpirun)."""
        data = text.encode("utf-8", "replace")
        while data:
            data = data[os.write(self.console_err, data):]

    def close(self):
        """Points stdout and stderr back at the console and lets the tee
        process finish copying."""
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os.dup2(self.console_out, 1)
        os.dup2(self.console_err, 2)
        if self._tee is not None:
            try:
                self._tee.wait(timeout=_TEE_EXIT_SECONDS)
            except subprocess.TimeoutExpired:  # a child of the script still holds the pipe
                pass
            self._tee = None
