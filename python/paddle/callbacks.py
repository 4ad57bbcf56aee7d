"""paddle.callbacks: hooks into paddle.Model's fit, evaluate and predict."""
from .hapi.callbacks import (Callback, EarlyStopping, LRScheduler, ModelCheckpoint,
                             ProgBarLogger, ReduceLROnPlateau)

__all__ = ["Callback", "ProgBarLogger", "ModelCheckpoint", "LRScheduler", "EarlyStopping",
           "ReduceLROnPlateau"]
