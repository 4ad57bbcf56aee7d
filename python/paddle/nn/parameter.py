"""paddle.nn.Parameter: PaddlePaddle's name for its parameter class (EagerParamBase)."""
from ..base.framework import EagerParamBase

Parameter = EagerParamBase

__all__ = ["Parameter"]
