"""paddle.autograd: backward, grad mode switches, and PyLayer for custom ops.
The tape and the backward engine are C++ (core/eager)."""
from .backward_mode import backward  # noqa: F401
from .grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled  # noqa: F401
from .functional import hessian, jacobian
from .py_layer import PyLayer, PyLayerContext
from .saved_tensors_hooks import saved_tensors_hooks

Function = PyLayer  # PaddlePaddle 3.3.1's other name

__all__ = ["jacobian", "hessian", "backward", "PyLayer", "PyLayerContext", "Function",
           "saved_tensors_hooks"]
