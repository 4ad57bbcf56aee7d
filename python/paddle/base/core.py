"""paddle.base.core: the C++ core under PaddlePaddle's name.

A real module (not an alias of ``paddle._core``) so ``import paddle.base.core``
works and pickled exceptions, whose classes are named ``paddle.base.core.*``,
load again. Every public name of ``paddle._core`` is re-exported, e.g.
``EnforceNotMet``, ``InvalidArgumentError``, ``AnalysisConfig``, ``get_all_op_protos``.
"""
from paddle._core import *  # noqa: F401,F403

# The public names are the errors, which user code catches by these names; the
# rest of the core is reached through paddle's own modules.
__all__ = ["EnforceNotMet", "FatalError", "InvalidArgumentError", "InvalidModelError",
           "NotFoundError", "OutOfRangeError", "PreconditionNotMetError",
           "ResourceExhaustedError", "UnimplementedError"]
