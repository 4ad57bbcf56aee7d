"""paddle.nn.layer: the Layer base class, containers and the layers."""
from . import activation, common, container, conv, layers, loss, norm, pooling  # noqa: F401
from .activation import *  # noqa: F401,F403
from .common import *  # noqa: F401,F403
from .container import *  # noqa: F401,F403
from .conv import *  # noqa: F401,F403
from .layers import Layer  # noqa: F401
from .loss import *  # noqa: F401,F403
from .norm import *  # noqa: F401,F403
from .pooling import *  # noqa: F401,F403

__all__ = (["Layer"] + activation.__all__ + common.__all__ + container.__all__ + conv.__all__
           + loss.__all__ + norm.__all__ + pooling.__all__)
