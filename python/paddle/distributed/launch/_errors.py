"""The launcher's own error: what was wrong before any rank started."""


class LaunchError(Exception):
    """A wrong argument or a missing tool; ``status`` is the launcher's exit
    status (2 for a bad command line, as argparse, 1 otherwise)."""

    def __init__(self, message, status=2):
        super().__init__(message)
        self.status = status
