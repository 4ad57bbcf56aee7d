"""paddle.utils: helpers that are not tensor math: unique names, DLPack
exchange, the installation check, deprecation marks, optional imports,
version requirements and nested structures."""
from . import dlpack, unique_name  # noqa: F401
from .deprecation import deprecated  # noqa: F401
from .lazy_import import try_import  # noqa: F401
from .nest import flatten, map_structure, pack_sequence_as  # noqa: F401
from .run_check import run_check  # noqa: F401
from .version_check import require_version  # noqa: F401

__all__ = ["unique_name", "dlpack", "run_check", "deprecated", "require_version", "try_import"]
