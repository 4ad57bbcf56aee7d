"""paddle.optimizer: optimizers and, in ``paddle.optimizer.lr``, their learning-rate schedulers."""
from . import lr  # noqa: F401
from .adagrad import Adagrad
from .adam import Adam
from .adamw import AdamW
from .lamb import Lamb
from .momentum import Momentum
from .optimizer import Optimizer
from .rmsprop import RMSProp
from .sgd import SGD

__all__ = ["Optimizer", "Adagrad", "Adam", "AdamW", "RMSProp", "SGD", "Momentum", "Lamb"]
