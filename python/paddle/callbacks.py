"""paddle.callbacks: hooks into paddle.Model's fit, evaluate and predict."""
from .hapi.callbacks import (Callback, EarlyStopping, LRScheduler, ModelCheckpoint,
                             ProgBarLogger, ReduceLROnPlateau, VisualDL)

__all__ = ["Callback", "ProgBarLogger", "ModelCheckpoint", "VisualDL", "LRScheduler",
           "EarlyStopping", "ReduceLROnPlateau"]
