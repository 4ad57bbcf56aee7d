"""paddle.tensor: the functions on tensors (creation, math, manipulation,
logic, search, statistics, linear algebra, indexing); paddle re-exports them
as paddle.add, paddle.reshape, ..."""
from . import (  # noqa: F401
    aliases, attribute, complex_numbers, creation, cumulative, gather_scatter, inplace,
    joining, layout, linalg, linalg_composite, logic, manipulation, math, math_extra,
    numeric, ordered, predicates, search, stat, tensor_methods, scatter_extra, stat_extra,
    creation_extra, special_extra, linalg_extra, linalg_lapack, window, typed_tensors,
    random_extra, manipulation_more, more_functions, mmap_storage, array, sampling, random, compat_softmax,
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
from .typed_tensors import *  # noqa: F401,F403
from .random_extra import *  # noqa: F401,F403
from .manipulation_more import *  # noqa: F401,F403
from .more_functions import *  # noqa: F401,F403
from .mmap_storage import *  # noqa: F401,F403
# paddle.tensor's own names (3.3.1 has them here, not as paddle.*): the static-era helpers,
# in-place variants, and the linear algebra of paddle.linalg.
from .array import (  # noqa: F401
    array_length, array_read, array_write, create_array, create_tensor, fill_constant,
)
from ..base.framework import create_parameter  # noqa: F401,E402
from .sampling import top_p_sampling  # noqa: F401
from .inplace import TENSOR_ONLY as _TENSOR_ONLY
from .linalg_lapack import (  # noqa: F401
    cholesky_inverse, cholesky_solve, cond, eig, eigh, eigvals, householder_product, lstsq, lu,
    lu_solve, lu_unpack, matrix_power, ormqr, pca_lowrank, pinv, qr, slogdet, solve, svd,
    svd_lowrank, svdvals,
)
globals().update(_TENSOR_ONLY)
# ...which `from paddle.tensor import *` (paddle/__init__.py) must not carry into paddle.*.
_NOT_IN_PADDLE = sorted(_TENSOR_ONLY) + [
    "array", "random", "compat_softmax",
    "top_p_sampling", "exponential_", "random_", "repeat", "resize_", "set_",
    "split_with_sizes", "fill_diagonal_", "fill_diagonal_tensor", "fill_diagonal_tensor_",
    "array_length", "array_read", "array_write", "create_array", "create_tensor",
    "fill_constant", "cholesky_inverse", "cholesky_solve", "cond", "eig", "eigh", "eigvals",
    "householder_product", "lstsq", "lu", "lu_solve", "lu_unpack", "matrix_power", "ormqr",
    "pca_lowrank", "pinv", "qr", "slogdet", "solve", "svd", "svd_lowrank", "svdvals"]
from .einsum import einsum  # noqa: F401  (paddle.tensor.einsum is the function, as in 3.3.1)

tensor_methods.install()
from . import more_methods  # noqa: E402,F401  (installs conversions and in-place variants)
