"""paddle.jit.save / load / to_static."""
# The names imported here are not this module's API.
__all__ = ["StaticFunction", "to_static", "save", "load"]
import functools
import inspect
import os

import numpy as np

from .. import _core
from ..autograd import no_grad
from ..framework import dtypes as _dtype
from ..static import InputSpec
from .translated_layer import TranslatedLayer

Tensor = _core.Tensor
# Two batch sizes to trace at: what differs between the traces is a run-time dim.
_TRACE_SIZES = (2, 3)


class StaticFunction:
    """A function (or a layer's forward) marked by ``paddle.jit.to_static``: it
    runs eagerly as before, and ``paddle.jit.save`` exports it with its input_spec.

    Args:
        function (callable): The function (or bound forward method) to mark.
        input_spec (list, optional): ``paddle.static.InputSpec`` objects describing the
            inputs, used by ``paddle.jit.save``; None (the default) means none given.

    Returns:
        StaticFunction: A callable that runs ``function``.

    Example:
        >>> spec = [paddle.static.InputSpec([None, 2], "float32", "x")]
        >>> @paddle.jit.to_static(input_spec=spec)
        ... def double(x):
        ...     return x * 2
        >>> isinstance(double, paddle.jit.api.StaticFunction)
        True
        >>> double(paddle.ones([1, 2])).numpy()  # runs eagerly, as before
        array([[2., 2.]], dtype=float32)
        >>> paddle.jit.save(double, "double")  # with the input_spec given to to_static
    """

    def __init__(self, function, input_spec=None):
        self._function = function
        self._input_spec = list(input_spec) if input_spec is not None else None
        functools.update_wrapper(self, function)

    def __call__(self, *args, **kwargs):
        return self._function(*args, **kwargs)

    def __get__(self, instance, owner):
        if instance is None:
            return self
        return StaticFunction(self._function.__get__(instance, owner), self._input_spec)

    @property
    def input_spec(self):
        return self._input_spec


def to_static(function=None, input_spec=None, build_strategy=None, backend=None,
              full_graph=False, **kwargs):
    """Marks a function, or a Layer's forward, for export by ``paddle.jit.save``.

    The function keeps running eagerly; when saved, its operations are
    recorded once on example inputs built from ``input_spec``. Python control
    flow that depends on tensor values (``if x.sum() > 0:``) cannot be recorded:
    saving such a model raises an error naming the cause.

    Args:
        function (callable|Layer): what to mark (or None: used as a decorator factory).
        input_spec (list[InputSpec], optional): the inputs, for ``paddle.jit.save``.

    Example:
        >>> @paddle.jit.to_static(input_spec=[paddle.static.InputSpec([None, 4])])
        ... def double(x):
        ...     return x * 2
    """
    def decorate(fn):
        if hasattr(fn, "forward") and callable(fn.forward) and not inspect.isfunction(fn):
            fn.forward = StaticFunction(fn.forward, input_spec)
            return fn
        return StaticFunction(fn, input_spec)
    return decorate if function is None else decorate(function)


def _example(spec, batch):
    if isinstance(spec, Tensor):
        return spec
    if not isinstance(spec, InputSpec):
        raise TypeError(f"[jit.save] input_spec entries must be InputSpec or Tensor, "
                        f"got {type(spec).__name__}")
    shape = [batch if d < 0 else d for d in spec.shape]
    np_dtype = _dtype.to_numpy_dtype(spec.dtype)
    # Zeros are valid indices (embeddings, gathers); 0.5 keeps float ops finite.
    value = 0.5 if np_dtype.kind == "f" else 0
    return Tensor._from_numpy(np.full(shape, value, dtype=np_dtype))


def _flatten(outputs):
    if isinstance(outputs, Tensor):
        return [outputs]
    if isinstance(outputs, (list, tuple)):
        flat = []
        for o in outputs:
            flat.extend(_flatten(o))
        return flat
    if isinstance(outputs, dict):
        return _flatten(list(outputs.values()))
    raise TypeError(f"[jit.save] the model returned {type(outputs).__name__}; it must return "
                    "Tensors (or lists, tuples or dicts of them)")


def _input_names(fn, specs):
    try:
        params = [p.name for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    names = []
    for i, spec in enumerate(specs):
        given = getattr(spec, "name", None) if isinstance(spec, InputSpec) else None
        names.append(given or (params[i] if i < len(params) else f"x{i}"))
    return names


def _trace(fn, specs, names, batch):
    inputs = [_example(s, batch) for s in specs]
    tracer = _core.Tracer()
    with no_grad():
        tracer.start()
        try:
            outputs = _flatten(fn(*inputs))
        finally:
            tracer.stop()
    return tracer.build(inputs, names, outputs)


def save(layer, path, input_spec=None, **configs):
    """Exports a Layer (or a function) as an inference model: ``path.pdmodel``
    (the program) and ``path.pdiparams`` (the parameters), the files
    PaddlePaddle's ``paddle.inference`` and ours load.

    Args:
        layer (Layer|callable): the model; its forward is recorded once on
            example inputs made from ``input_spec``.
        path (str): the path prefix of the two files.
        input_spec (list[InputSpec|Tensor], optional): the inputs; None dims
            (the batch) stay variable in the saved program. Defaults to the
            input_spec given to ``paddle.jit.to_static``.

    Example:
        >>> import os
        >>> model = paddle.nn.Linear(784, 10)
        >>> paddle.jit.save(model, "out/model",
        ...                 input_spec=[paddle.static.InputSpec([None, 784], "float32", "x")])
        >>> sorted(os.listdir("out"))
        ['model.pdiparams', 'model.pdmodel']
    """
    fn = layer.forward if hasattr(layer, "forward") else layer
    if not callable(fn):
        raise TypeError(f"[jit.save] layer must be a Layer or a callable, got {type(layer).__name__}")
    if input_spec is None:
        input_spec = getattr(fn, "input_spec", None) or getattr(fn, "_input_spec", None)
    if input_spec is None:
        raise ValueError("[jit.save] input_spec is required (or give it to paddle.jit.to_static)")
    specs = list(input_spec)
    if not isinstance(path, str) or not path or path.endswith(os.sep):
        raise ValueError(f"[jit.save] path must be a file prefix such as 'out/model', got {path!r}")
    callee = layer if hasattr(layer, "forward") else fn
    names = _input_names(fn._function if isinstance(fn, StaticFunction) else fn, specs)
    dynamic = any(isinstance(s, InputSpec) and -1 in s.shape for s in specs)
    traced = _trace(callee, specs, names, _TRACE_SIZES[0])
    if dynamic:
        traced = _core.merge_traces(traced, _trace(callee, specs, names, _TRACE_SIZES[1]))
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    traced.save(path + ".pdmodel", path + ".pdiparams")


def load(path, **configs):
    """Loads a model saved by ``paddle.jit.save`` (or by PaddlePaddle) as a
    callable layer whose parameters can be trained further.

    Args:
        path (str): The path given to ``paddle.jit.save``, without suffix:
            ``path.pdmodel`` must exist; ``path.pdiparams`` is read when present.
        **configs: For PaddlePaddle compatibility (its ``model_filename``,
            ``params_filename``); unused.

    Returns:
        TranslatedLayer: The loaded model.

    Example:
        >>> paddle.jit.save(paddle.nn.Linear(784, 10), "out/model",
        ...                 input_spec=[paddle.static.InputSpec([None, 784], "float32", "x")])
        >>> model = paddle.jit.load("out/model")
        >>> model(paddle.rand([4, 784])).shape
        paddle.Size([4, 10])
    """
    model, params = path + ".pdmodel", path + ".pdiparams"
    if not os.path.exists(model):
        raise ValueError(f"[jit.load] no model at {path!r} (looked for {model})")
    program, tensors = _core.load_inference_params(model, params if os.path.exists(params) else "")
    return TranslatedLayer(program, tensors)
