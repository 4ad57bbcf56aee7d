"""paddle.version: this build's version and what it was compiled with."""
from importlib.metadata import PackageNotFoundError, version as _dist_version

try:
    full_version = _dist_version("paddle")
except PackageNotFoundError:  # imported from a source tree that was never installed
    full_version = "0.0.0"
major, minor, patch = (full_version.split("+")[0].split(".") + ["0", "0", "0"])[:3]
rc = "0"
commit = "unknown"
with_mkl = "OFF"
istaged = False

__all__ = ["full_version", "major", "minor", "patch", "rc", "commit", "show", "cuda", "cudnn"]


def cuda():
    """The CUDA version this build uses (``'False'``: a CPU build).

    Example:
        >>> paddle.version.cuda()
        'False'
    """
    return "False"


def cudnn():
    """The cuDNN version this build uses (``'False'``: a CPU build).

    Example:
        >>> paddle.version.cudnn()
        'False'
    """
    return "False"


def show():
    """Prints the version and what the build was compiled with.

    Example:
        >>> paddle.version.show()
        full_version: 0.1.0
        ...
    """
    print(f"full_version: {full_version}")
    print(f"major: {major}")
    print(f"minor: {minor}")
    print(f"patch: {patch}")
    print(f"rc: {rc}")
    print("cuda: False")
    print("cudnn: False")
