"""paddle.base: PaddlePaddle's home of the C++ core (``paddle.base.core``)."""
from . import core  # noqa: F401
from . import framework, param_attr  # noqa: F401

__all__ = ["core", "framework", "param_attr"]
