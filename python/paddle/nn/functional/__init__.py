"""paddle.nn.functional: the layers' computations as functions."""
from . import activation, common, conv, input, loss, norm, pooling, resize
from .activation import *  # noqa: F401,F403
from .common import *  # noqa: F401,F403
from .conv import *  # noqa: F401,F403
from .input import *  # noqa: F401,F403
from .loss import *  # noqa: F401,F403
from .norm import *  # noqa: F401,F403
from .pooling import *  # noqa: F401,F403
from .resize import *  # noqa: F401,F403

__all__ = (activation.__all__ + common.__all__ + conv.__all__ + input.__all__ + loss.__all__
           + norm.__all__ + pooling.__all__ + resize.__all__)
