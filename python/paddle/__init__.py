"""paddle: a deep-learning SDK compatible with PaddlePaddle's Python API and model format.

The heavy lifting lives in the C++ extension ``paddle._core``; the modules here
give it PaddlePaddle's names (``paddle.inference.Config``, ``paddle.set_flags``, ...).
"""
from importlib.metadata import PackageNotFoundError as _PackageNotFoundError
from importlib.metadata import version as _dist_version

from . import _core  # noqa: F401  (loads the C++ core first: everything below needs it)
from . import base, inference, io  # noqa: F401
from ._flags import get_flags, set_flags

try:
    # One source of truth for the version: pyproject.toml, via the installed metadata.
    __version__ = _dist_version("paddle")
except _PackageNotFoundError:  # imported from a build tree that was never installed
    __version__ = "0.0.0+unknown"

__all__ = ["get_flags", "set_flags", "inference", "io"]
