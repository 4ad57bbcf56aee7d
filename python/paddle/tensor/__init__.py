"""paddle.tensor: the functions on tensors (creation, math, manipulation,
logic, indexing); paddle re-exports them as paddle.add, paddle.reshape, ..."""
from . import creation, logic, manipulation, math, tensor_methods
from .creation import *  # noqa: F401,F403
from .logic import *  # noqa: F401,F403
from .manipulation import *  # noqa: F401,F403
from .math import *  # noqa: F401,F403

tensor_methods.install()
