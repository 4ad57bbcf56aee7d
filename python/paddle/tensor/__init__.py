"""paddle.tensor: the functions on tensors (creation, math, manipulation,
logic, search, statistics, linear algebra, indexing); paddle re-exports them
as paddle.add, paddle.reshape, ..."""
from . import (  # noqa: F401
    aliases, attribute, complex_numbers, creation, cumulative, gather_scatter, inplace,
    joining, layout, linalg, linalg_composite, logic, manipulation, math, math_extra,
    numeric, ordered, predicates, search, stat, tensor_methods, scatter_extra, stat_extra,
    creation_extra, special_extra, linalg_extra, linalg_lapack, window,
)
from .aliases import *  # noqa: F401,F403
from .attribute import *  # noqa: F401,F403
from .complex_numbers import *  # noqa: F401,F403
from .creation import *  # noqa: F401,F403
from .cumulative import *  # noqa: F401,F403
from .gather_scatter import *  # noqa: F401,F403
from .inplace import *  # noqa: F401,F403
from .joining import *  # noqa: F401,F403
from .layout import *  # noqa: F401,F403
from .linalg import *  # noqa: F401,F403
from .linalg_composite import *  # noqa: F401,F403
from .logic import *  # noqa: F401,F403
from .manipulation import *  # noqa: F401,F403
from .math import *  # noqa: F401,F403
from .math_extra import *  # noqa: F401,F403
from .numeric import *  # noqa: F401,F403
from .ordered import *  # noqa: F401,F403
from .predicates import *  # noqa: F401,F403
from .search import *  # noqa: F401,F403
from .stat import *  # noqa: F401,F403
from .scatter_extra import *  # noqa: F401,F403
from .stat_extra import *  # noqa: F401,F403
from .creation_extra import *  # noqa: F401,F403
from .to_string import set_printoptions  # noqa: F401
from .special_extra import *  # noqa: F401,F403
from .linalg_extra import *  # noqa: F401,F403
from .window import *  # noqa: F401,F403
from .einsum import einsum  # noqa: F401  (paddle.tensor.einsum is the function, as in 3.3.1)

tensor_methods.install()
from . import more_methods  # noqa: E402,F401  (installs conversions and in-place variants)
