"""paddle.nn.initializer: how parameters get their first values."""
from .assign import Assign
from .constant import Constant
from .initializer import (  # noqa: F401
    Initializer, _default_initializer, _global_initializer, calculate_gain, set_global_initializer,
)
from .kaiming import KaimingNormal, KaimingUniform
from .normal import Normal, TruncatedNormal
from .structured import Bilinear, Dirac, Orthogonal
from .uniform import Uniform
from .xavier import XavierNormal, XavierUniform

__all__ = [
    "Assign", "Bilinear", "Constant", "Dirac", "Orthogonal", "Initializer", "KaimingNormal", "KaimingUniform", "Normal",
    "TruncatedNormal", "Uniform", "XavierNormal", "XavierUniform", "calculate_gain",
    "set_global_initializer",
]
