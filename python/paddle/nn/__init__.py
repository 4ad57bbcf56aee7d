"""paddle.nn: layers (paddle.nn.Layer and its subclasses), their functional
forms (paddle.nn.functional) and parameter initializers (paddle.nn.initializer)."""
from . import functional, initializer, layer  # noqa: F401
from .layer import *  # noqa: F401,F403

__all__ = list(layer.__all__)
