"""paddle.autograd.PyLayer: an operation whose forward and backward are
Python functions. ``apply`` runs ``forward`` without recording its ops and, when
an input wants a gradient, records one grad node (C++: GradNode::MakeCustom)
that calls ``backward`` with the gradients of the outputs."""
import itertools

from .. import _core
from .grad_mode import is_grad_enabled, no_grad

Tensor = _core.Tensor

__all__ = ["PyLayer", "PyLayerContext"]


class PyLayerContext:
    """The ``ctx`` that :class:`PyLayer`'s ``forward`` and ``backward`` receive:
    it carries tensors from forward to backward and options for the backward.

    Example:
        >>> import paddle
        >>> from paddle.autograd import PyLayer
        >>> class Tanh(PyLayer):
        ...     @staticmethod
        ...     def forward(ctx, x):
        ...         y = paddle.tanh(x)
        ...         ctx.save_for_backward(y)
        ...         return y
        ...     @staticmethod
        ...     def backward(ctx, dy):
        ...         y, = ctx.saved_tensor()
        ...         return dy * (1 - y * y)
    """

    container = None
    not_inplace_tensors = ()
    non_differentiable = ()
    materialize_grads = True
    grad_in_dtype_consistent = True

    def save_for_backward(self, *tensors):
        """Keeps ``tensors`` for ``backward`` (read them with :meth:`saved_tensor`).
        Call it at most once, inside ``forward``.

        Example:
            >>> ctx.save_for_backward(x, y)  # doctest: +SKIP
        """
        self.container = tensors

    def saved_tensor(self):
        """The tensors given to :meth:`save_for_backward` (a tuple), or None.

        Example:
            >>> x, y = ctx.saved_tensor()  # doctest: +SKIP
        """
        return self.container

    def mark_not_inplace(self, *args):
        """Marks input tensors that ``forward`` may return as they are: the
        output is then a new tensor (sharing the data), so the input keeps its
        own place in the graph. Call it inside ``forward``.

        Example:
            >>> ctx.mark_not_inplace(x)  # doctest: +SKIP
        """
        self.not_inplace_tensors = args

    def mark_non_differentiable(self, *args):
        """Marks outputs that need no gradient: they get stop_gradient=True,
        and ``backward`` still receives a gradient for each (zeros). Call it
        inside ``forward``.

        Example:
            >>> ctx.mark_non_differentiable(indices)  # doctest: +SKIP
        """
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        """Whether ``backward`` gets zeros (True, the default) or None for an
        output no gradient reached. Call it inside ``forward``.

        Example:
            >>> ctx.set_materialize_grads(False)  # doctest: +SKIP
        """
        self.materialize_grads = value

    def set_grad_in_dtype_consistent(self, flag):
        """Whether the gradients ``backward`` receives are cast to the dtype of
        their outputs (True, the default). Call it inside ``forward``.

        Example:
            >>> ctx.set_grad_in_dtype_consistent(False)  # doctest: +SKIP
        """
        self.grad_in_dtype_consistent = flag


def _contains(seq, t):
    return any(t is s for s in seq)


class _Meta:
    """What backward needs of a tensor, without keeping the tensor alive."""

    def __init__(self, t):
        self.shape, self.dtype, self.stop_gradient = list(t.shape), t.dtype, t.stop_gradient


class PyLayer(PyLayerContext):
    """The base of custom operations: subclass it with static ``forward(ctx,
    *args, **kwargs)`` and ``backward(ctx, *grads)``, then call ``apply``.

    ``backward`` receives one gradient per Tensor ``forward`` returned and
    returns one gradient (a Tensor, or None for no gradient) per Tensor
    argument of ``apply`` (positional ones, then keyword ones), in order.

    Example:
        >>> import paddle
        >>> from paddle.autograd import PyLayer
        >>> class Cube(PyLayer):
        ...     @staticmethod
        ...     def forward(ctx, x):
        ...         ctx.save_for_backward(x)
        ...         return x ** 3
        ...     @staticmethod
        ...     def backward(ctx, dy):
        ...         x, = ctx.saved_tensor()
        ...         return 3 * x * x * dy
        >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        >>> Cube.apply(x).sum().backward()
        >>> x.grad.numpy()
        array([ 3., 12.], dtype=float32)
    """

    @staticmethod
    def forward(ctx, *args, **kwargs):
        """Computes the outputs (a Tensor, or a tuple/list holding at least one)
        from the arguments; its ops are not recorded.

        Example:
            >>> def forward(ctx, x):  # doctest: +SKIP
            ...     return x * 2
        """
        raise NotImplementedError("You must implement the forward function for PyLayer.")

    @staticmethod
    def backward(ctx, *args):
        """Computes the gradients of the Tensor inputs from those of the outputs.

        Example:
            >>> def backward(ctx, dy):  # doctest: +SKIP
            ...     return dy * 2
        """
        raise NotImplementedError("You must implement the backward function for PyLayer.")

    @classmethod
    def apply(cls, *args, **kwargs):
        """Runs ``forward(ctx, *args, **kwargs)`` and records ``backward`` as
        the gradient of its Tensor outputs when a Tensor input wants one.

        Example:
            >>> y = Cube.apply(x)  # doctest: +SKIP
        """
        ctx = PyLayerContext()
        inputs = [a for a in itertools.chain(args, kwargs.values()) if isinstance(a, Tensor)]
        with no_grad():
            result = cls.forward(ctx, *args, **kwargs)
        outputs = [result] if isinstance(result, Tensor) else result
        if not isinstance(outputs, (list, tuple)) or not any(isinstance(o, Tensor) for o in outputs):
            raise ValueError(f"{cls.__name__} : At least one output of `PyLayer.forward` is a `Tensor`.")
        outputs = _own_outputs(cls, ctx, list(outputs), inputs)
        tensors = [o for o in outputs if isinstance(o, Tensor)]
        differentiable = [not _contains(ctx.non_differentiable, t) for t in tensors]
        for t, diff in zip(tensors, differentiable):
            if not diff:
                t.stop_gradient = True
        if is_grad_enabled() and any(not x.stop_gradient for x in inputs) and any(differentiable):
            backward = _BackwardCall(cls, ctx, inputs, tensors, differentiable)
            _core._make_py_layer_node(f"PyLayer_{cls.__name__}", backward, inputs,
                                      [t for t, d in zip(tensors, differentiable) if d])
        if isinstance(result, Tensor):
            return outputs[0]
        return type(result)(outputs)


def _own_outputs(cls, ctx, outputs, inputs):
    """``outputs`` where each Tensor may become this layer's result: an input
    returned as is, or a tensor returned twice, is a new tensor sharing the
    data when marked not-inplace (or repeated); a leaf that wants a gradient
    cannot take a node, as in PaddlePaddle."""
    seen = []
    for i, o in enumerate(outputs):
        if not isinstance(o, Tensor):
            continue
        if _contains(seen, o) or (_contains(inputs, o) and _contains(ctx.not_inplace_tensors, o)):
            outputs[i] = o = o._detach()
        elif o.is_leaf and not o.stop_gradient and is_grad_enabled():
            raise ValueError(f"{cls.__name__} : Leaf Var ({o.name}) that doesn't stop gradient "
                             "can't use inplace strategy.")
        seen.append(o)
    return outputs


class _BackwardCall:
    """The node's gradient rule: the user's backward, with PaddlePaddle's
    treatment of missing output gradients and checks of what it returns."""

    def __init__(self, cls, ctx, inputs, outputs, differentiable):
        self.cls, self.ctx = cls, ctx
        self.inputs = [_Meta(x) for x in inputs]
        self.outputs = [_Meta(t) for t in outputs]
        self.differentiable = differentiable

    def __call__(self, grads):
        from ..tensor.creation import zeros

        name = self.cls.__name__
        arriving = iter(grads)
        full = []
        for meta, diff in zip(self.outputs, self.differentiable):
            g = next(arriving) if diff else None
            if g is None and self.ctx.materialize_grads:
                g = zeros(meta.shape, meta.dtype)
            elif g is not None and self.ctx.grad_in_dtype_consistent and g.dtype != meta.dtype:
                g = g.astype(meta.dtype)
            full.append(g)
        result = self.cls.backward(self.ctx, *full)
        if result is None or isinstance(result, Tensor):
            result = [result]
        elif isinstance(result, (list, tuple)):
            result = list(result)
        else:
            raise ValueError(f"{name} : We can only support Tensor or None for backward output, "
                             f"but got {type(result).__name__}")
        n = len(self.inputs)
        if len(result) > n:
            raise ValueError(f"{name} : The number of outputs of `PyLayer.backward` should be {n}, "
                             f"but received {len(result)}.")
        for i in range(len(result), n):
            if not self.inputs[i].stop_gradient:
                raise ValueError(f"{name}'s backward function should not return empty at {i} "
                                 f"position: input #{i} wants a gradient")
        result += [None] * (n - len(result))
        return [self._check(i, g) for i, g in enumerate(result)]

    def _check(self, i, g):
        name = self.cls.__name__
        if g is None:
            return None
        if not isinstance(g, Tensor):
            raise ValueError(f"{name} : We can only support Tensor or None for backward output, "
                             f"but got {type(g).__name__} at position {i}")
        meta = self.inputs[i]
        if meta.stop_gradient:
            raise ValueError(f"{name}'s backward function should return None at {i} position, "
                             "because its forward Tensor's stop_gradient is True.")
        if list(g.shape) != meta.shape:
            raise ValueError(f"{name} : backward returned a gradient of shape {list(g.shape)} for "
                             f"input #{i}, whose shape is {meta.shape}")
        return g.astype(meta.dtype) if g.dtype != meta.dtype else g
