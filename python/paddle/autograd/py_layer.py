"""paddle.autograd.PyLayer: an operation whose forward and backward are
Python functions. ``apply`` runs ``forward`` without recording its ops and, when
an input wants a gradient, records one grad node (C++: GradNode::MakeCustom)
that calls ``backward`` with the gradients of the outputs."""
import functools
import itertools
import weakref

from .. import _core
from .grad_mode import is_grad_enabled, no_grad

Tensor = _core.Tensor

__all__ = ["PyLayer", "PyLayerContext", "once_differentiable"]


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
        >>> x = paddle.to_tensor([0.0], stop_gradient=False)
        >>> Tanh.apply(x).backward()
        >>> x.grad.numpy()
        array([1.], dtype=float32)
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
            >>> from paddle.autograd import PyLayer
            >>> class Mul(PyLayer):
            ...     @staticmethod
            ...     def forward(ctx, x, y):
            ...         ctx.save_for_backward(x, y)
            ...         return x * y
            ...     @staticmethod
            ...     def backward(ctx, dz):
            ...         x, y = ctx.saved_tensor()
            ...         return dz * y, dz * x
            >>> x = paddle.to_tensor([2.0], stop_gradient=False)
            >>> Mul.apply(x, paddle.to_tensor([5.0], stop_gradient=False)).backward()
            >>> x.grad.numpy()
            array([5.], dtype=float32)
        """
        from .saved_tensors_hooks import Packed, pack
        from .. import _core

        self.container = tuple(pack(t) if isinstance(t, _core.Tensor) else t for t in tensors)
        self._packed = any(isinstance(t, Packed) for t in self.container)

    def saved_tensor(self):
        """The tensors given to :meth:`save_for_backward` (a tuple), or None.

        Example:
            >>> from paddle.autograd import PyLayer
            >>> class CubeOf(PyLayer):
            ...     @staticmethod
            ...     def forward(ctx, x):
            ...         ctx.save_for_backward(x)
            ...         return x * x * x
            ...     @staticmethod
            ...     def backward(ctx, dy):
            ...         (x,) = ctx.saved_tensor()
            ...         return 3 * x * x * dy
            >>> x = paddle.to_tensor([2.0], stop_gradient=False)
            >>> CubeOf.apply(x).backward()
            >>> x.grad.numpy()
            array([12.], dtype=float32)
        """
        if self.container is None:
            return None
        items = self.container
        if getattr(self, "_packed", False):
            from .saved_tensors_hooks import Packed

            items = tuple(t.get() if isinstance(t, Packed) else t for t in items)
        return tuple(t.get() if isinstance(t, _SavedOutput) else t for t in items)

    def mark_not_inplace(self, *args):
        """Marks input tensors that ``forward`` may return as they are: the
        output is then a new tensor (sharing the data), so the input keeps its
        own place in the graph. Call it inside ``forward``.

        Example:
            >>> from paddle.autograd import PyLayer
            >>> class Identity(PyLayer):
            ...     @staticmethod
            ...     def forward(ctx, x):
            ...         ctx.mark_not_inplace(x)
            ...         return x
            ...     @staticmethod
            ...     def backward(ctx, dy):
            ...         return dy
            >>> x = paddle.to_tensor([1.0], stop_gradient=False)
            >>> y = Identity.apply(x)
            >>> y is x, x.is_leaf
            (False, True)
        """
        self.not_inplace_tensors = args

    def mark_non_differentiable(self, *args):
        """Marks outputs that need no gradient: they get stop_gradient=True,
        and ``backward`` still receives a gradient for each (zeros). Call it
        inside ``forward``.

        Example:
            >>> from paddle.autograd import PyLayer
            >>> class ReluWithMask(PyLayer):
            ...     @staticmethod
            ...     def forward(ctx, x):
            ...         mask = (x > 0).astype(x.dtype)
            ...         ctx.mark_non_differentiable(mask)
            ...         ctx.save_for_backward(mask)
            ...         return x * mask, mask
            ...     @staticmethod
            ...     def backward(ctx, dy, dmask):
            ...         mask, = ctx.saved_tensor()
            ...         return dy * mask
            >>> y, mask = ReluWithMask.apply(paddle.to_tensor([-1.0, 2.0], stop_gradient=False))
            >>> y.stop_gradient, mask.stop_gradient
            (False, True)
        """
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        """Whether ``backward`` gets zeros (True, the default) or None for an
        output no gradient reached. Call it inside ``forward``.

        Example:
            >>> from paddle.autograd import PyLayer
            >>> class Pair(PyLayer):
            ...     @staticmethod
            ...     def forward(ctx, x):
            ...         ctx.set_materialize_grads(False)
            ...         return x * 2, x * 3
            ...     @staticmethod
            ...     def backward(ctx, d2, d3):
            ...         print(d3)
            ...         return d2 * 2
            >>> Pair.apply(paddle.to_tensor([1.0], stop_gradient=False))[0].backward()
            None
        """
        self.materialize_grads = value

    def set_grad_in_dtype_consistent(self, flag):
        """Whether the gradients ``backward`` receives are cast to the dtype of
        their outputs (True, the default). Call it inside ``forward``.

        Example:
            >>> from paddle.autograd import PyLayer
            >>> class ToDouble(PyLayer):
            ...     @staticmethod
            ...     def forward(ctx, x):
            ...         ctx.set_grad_in_dtype_consistent(False)
            ...         return x.astype("float64")
            ...     @staticmethod
            ...     def backward(ctx, dy):
            ...         print(dy.dtype)
            ...         return dy.astype("float32")
            >>> y = ToDouble.apply(paddle.to_tensor([1.0], stop_gradient=False))
            >>> y.backward(paddle.to_tensor([1.0]))
            paddle.float32
        """
        self.grad_in_dtype_consistent = flag


class _SavedOutput:
    """An output of the layer kept for its backward. The output points at the
    layer's grad node, which holds ctx: holding the output itself would make
    a cycle through C++ that Python's collector cannot free. So the output is
    held weakly, with a tensor sharing its data for when it is gone."""

    def __init__(self, t):
        self.ref, self.data = weakref.ref(t), t._detach()

    def get(self):
        t = self.ref()
        return self.data if t is None else t


def once_differentiable(backward):
    """Wraps a PyLayer ``backward`` so that it runs without recording its ops
    even under ``create_graph=True``: its result has no gradient of its own.

    Args:
        backward (callable): A PyLayer's ``backward(ctx, *grads)``.

    Returns:
        callable: The backward, run under paddle.no_grad().

    Example:
        >>> import paddle
        >>> from paddle.autograd import PyLayer
        >>> from paddle.autograd.py_layer import once_differentiable
        >>> class Square(PyLayer):
        ...     @staticmethod
        ...     def forward(ctx, x):
        ...         ctx.save_for_backward(x)
        ...         return x * x
        ...     @staticmethod
        ...     @once_differentiable
        ...     def backward(ctx, dy):
        ...         x, = ctx.saved_tensor()
        ...         return 2 * x * dy
        >>> x = paddle.to_tensor([3.0], stop_gradient=False)
        >>> g, = paddle.grad(Square.apply(x), x, create_graph=True)
        >>> g.numpy(), g.stop_gradient
        (array([6.], dtype=float32), True)
    """

    @functools.wraps(backward)
    def wrapper(ctx, *args):
        with no_grad():
            return backward(ctx, *args)

    return wrapper


def _has_tensor(items):
    return any(isinstance(v, Tensor) for v in items)


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
    argument of ``apply`` (positional ones, then keyword ones), in order. A
    list argument holding Tensors takes a list of gradients, one per item.

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
            >>> from paddle.autograd import PyLayer
            >>> class Double(PyLayer):
            ...     @staticmethod
            ...     def forward(ctx, x, times=2):
            ...         return x * times
            ...     @staticmethod
            ...     def backward(ctx, dy):
            ...         return dy * 2
            >>> Double.apply(paddle.to_tensor([1.5])).numpy()
            array([3.], dtype=float32)
        """
        raise NotImplementedError("You must implement the forward function for PyLayer.")

    @staticmethod
    def backward(ctx, *args):
        """Computes the gradients of the Tensor inputs from those of the outputs.

        Example:
            >>> from paddle.autograd import PyLayer
            >>> class Sum(PyLayer):
            ...     @staticmethod
            ...     def forward(ctx, x, y):
            ...         return x + y
            ...     @staticmethod
            ...     def backward(ctx, dz):
            ...         return dz, None  # no gradient for y
            >>> x = paddle.to_tensor([1.0], stop_gradient=False)
            >>> y = paddle.to_tensor([2.0], stop_gradient=False)
            >>> Sum.apply(x, y).backward()
            >>> x.grad.numpy(), y.grad
            (array([1.], dtype=float32), None)
        """
        raise NotImplementedError("You must implement the backward function for PyLayer.")

    @classmethod
    def apply(cls, *args, **kwargs):
        """Runs ``forward(ctx, *args, **kwargs)`` and records ``backward`` as
        the gradient of its Tensor outputs when a Tensor input wants one.

        Example:
            >>> from paddle.autograd import PyLayer
            >>> class Scale(PyLayer):
            ...     @staticmethod
            ...     def forward(ctx, x, factor=1.0):
            ...         ctx.factor = factor
            ...         return x * factor
            ...     @staticmethod
            ...     def backward(ctx, dy):
            ...         return dy * ctx.factor
            >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> y = Scale.apply(x, factor=3.0)
            >>> y.sum().backward()
            >>> x.grad.numpy()
            array([3., 3.], dtype=float32)
        """
        ctx = PyLayerContext()
        positions = [a for a in itertools.chain(args, kwargs.values())
                     if isinstance(a, Tensor) or (type(a) is list and _has_tensor(a))]
        inputs = [t for p in positions for t in ([p] if isinstance(p, Tensor) else p)
                  if isinstance(t, Tensor)]
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
            if ctx.container is not None:
                ctx.container = tuple(_SavedOutput(t) if _contains(tensors, t) else t
                                      for t in ctx.container)
            backward = _BackwardCall(cls, ctx, positions, tensors, differentiable)
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
    treatment of missing output gradients and checks of what it returns.
    An input position is a Tensor's _Meta, or for a list argument a list of
    _Meta (None for an item that is not a Tensor)."""

    def __init__(self, cls, ctx, positions, outputs, differentiable):
        self.cls, self.ctx = cls, ctx
        self.positions = [_Meta(p) if isinstance(p, Tensor)
                          else [_Meta(v) if isinstance(v, Tensor) else None for v in p]
                          for p in positions]
        self.outputs = [_Meta(t) for t in outputs]
        self.differentiable = differentiable

    def __call__(self, grads):
        from ..tensor.creation import zeros

        arriving = iter(grads)
        full = []
        for meta, diff in zip(self.outputs, self.differentiable):
            g = next(arriving) if diff else None
            if g is None and self.ctx.materialize_grads:
                g = zeros(meta.shape, meta.dtype)
            elif g is not None and self.ctx.grad_in_dtype_consistent and g.dtype != meta.dtype:
                g = g.astype(meta.dtype)
            full.append(g)
        result = self._per_position(self.cls.backward(self.ctx, *full))
        flat = []
        for i, (pos, g) in enumerate(zip(self.positions, result)):
            if isinstance(pos, _Meta):
                flat.append(self._check(str(i), pos, g))
                continue
            g = [None] * len(pos) if g is None else g
            if not isinstance(g, (list, tuple)) or len(g) != len(pos):
                raise ValueError(f"{self.cls.__name__} : input #{i} is a list of {len(pos)}, so "
                                 f"its gradient must be a list of {len(pos)} (Tensor or None), "
                                 f"got {type(g).__name__}")
            flat += [self._check(f"{i}.{j}", m, gj) for j, (m, gj) in enumerate(zip(pos, g))
                     if m is not None]
        return flat

    def _per_position(self, result):
        """What backward returned, as one entry per input position."""
        name, n = self.cls.__name__, len(self.positions)
        one_list_input = n == 1 and isinstance(self.positions[0], list)
        if isinstance(result, tuple) or (isinstance(result, list) and not one_list_input):
            result = list(result)
        elif result is None or isinstance(result, (Tensor, list)):
            result = [result]
        else:
            raise ValueError(f"{name} : We can only support Tensor or None for backward output, "
                             f"but got {type(result).__name__}")
        if len(result) > n:
            raise ValueError(f"{name} : The number of outputs of `PyLayer.backward` should be {n}, "
                             f"but received {len(result)}.")
        for i in range(len(result), n):
            pos = self.positions[i]
            metas = [pos] if isinstance(pos, _Meta) else [m for m in pos if m is not None]
            if any(not m.stop_gradient for m in metas):
                raise ValueError(f"{name}'s backward function should not return empty at {i} "
                                 f"position: input #{i} wants a gradient")
        return result + [None] * (n - len(result))

    def _check(self, where, meta, g):
        name = self.cls.__name__
        if g is None:
            return None
        if not isinstance(g, Tensor):
            raise ValueError(f"{name} : We can only support Tensor or None for backward output, "
                             f"but got {type(g).__name__} at position {where}")
        if meta.stop_gradient:
            raise ValueError(f"{name}'s backward function should return None at {where} position, "
                             "because its forward Tensor's stop_gradient is True.")
        if list(g.shape) != meta.shape:
            raise ValueError(f"{name} : backward returned a gradient of shape {list(g.shape)} for "
                             f"input #{where}, whose shape is {meta.shape}")
        return g.astype(meta.dtype) if g.dtype != meta.dtype else g
