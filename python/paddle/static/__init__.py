"""paddle.static: declarative (static-graph) mode. ``paddle.enable_static()``
makes the paddle functions build ops into a ``Program`` (views over one C++
ProgramDesc) that an ``Executor`` runs; ``append_backward`` and
``optimizer.minimize`` add the gradient and update ops; programs save and load
in PaddlePaddle's formats. InputSpec also describes the inputs of
``paddle.jit.save``."""
from . import nn  # noqa: F401
from ..metric.metrics import accuracy
from .backward import append_backward, gradients
from .compiler import BuildStrategy, CompiledProgram
from .data import create_global_var, create_parameter, data
from .executor import Executor, Scope, global_scope, scope_guard
from .input import InputSpec
from .io import (deserialize_persistables, deserialize_program, load, load_from_file,
                 load_inference_model, load_program_state, normalize_program, save,
                 save_inference_model, save_to_file, serialize_persistables, serialize_program,
                 set_program_state)
from .mode import disable_static, enable_static, in_dynamic_mode  # noqa: F401
from .program import (Block, Operator, Program, Variable, default_main_program,  # noqa: F401
                      default_startup_program, name_scope, program_guard)


def cpu_places(device_count=None):
    """``device_count`` CPU places (default 1: programs run on one CPU place here).

    Args:
        device_count (int, optional): How many places to return. None (the default) or 0
            gives one place.

    Returns:
        list: ``device_count`` ``paddle.CPUPlace`` objects.

    Example:
        >>> len(paddle.static.cpu_places())
        1
    """
    from ..device.place import CPUPlace

    return [CPUPlace() for _ in range(device_count or 1)]


__all__ = ["InputSpec", "Program", "Variable", "default_main_program",
           "default_startup_program", "program_guard", "name_scope", "data", "create_parameter",
           "create_global_var", "Executor", "global_scope", "scope_guard", "append_backward",
           "gradients", "save_inference_model", "load_inference_model", "serialize_program",
           "serialize_persistables", "deserialize_program", "deserialize_persistables",
           "save_to_file", "load_from_file", "normalize_program", "save", "load",
           "load_program_state", "set_program_state", "cpu_places", "nn", "BuildStrategy", "accuracy",
           "CompiledProgram"]
