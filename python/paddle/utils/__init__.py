"""paddle.utils: helpers that are not tensor math: unique names, DLPack
exchange, the installation check."""
from . import dlpack, unique_name  # noqa: F401
from .run_check import run_check

__all__ = ["unique_name", "dlpack", "run_check"]
