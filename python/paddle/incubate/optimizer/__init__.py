"""paddle.incubate.optimizer: LookAhead and ModelAverage (eager mode)."""
from .lookahead import LookAhead
from .modelaverage import ModelAverage

__all__ = ["LookAhead", "ModelAverage"]
