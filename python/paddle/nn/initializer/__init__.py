"""paddle.nn.initializer: how parameters get their first values."""
from .assign import Assign
from .constant import Constant
from .initializer import Initializer, _default_initializer, calculate_gain, set_global_initializer  # noqa: F401
from .kaiming import KaimingNormal, KaimingUniform
from .normal import Normal, TruncatedNormal
from .uniform import Uniform
from .xavier import XavierNormal, XavierUniform

__all__ = [
    "Assign", "Constant", "Initializer", "KaimingNormal", "KaimingUniform", "Normal",
    "TruncatedNormal", "Uniform", "XavierNormal", "XavierUniform", "calculate_gain",
    "set_global_initializer",
]
