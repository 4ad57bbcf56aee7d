"""paddle.base.core: the C++ core under PaddlePaddle's name.

A real module (not an alias of ``paddle._core``) so ``import paddle.base.core``
works and pickled exceptions, whose classes are named ``paddle.base.core.*``,
load again. Every public name of ``paddle._core`` is re-exported, e.g.
``EnforceNotMet``, ``InvalidArgumentError``, ``AnalysisConfig``, ``get_all_op_protos``.
"""
from paddle._core import *  # noqa: F401,F403
