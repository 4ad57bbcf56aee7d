"""paddle.autograd.saved_tensors_hooks: a pair of hooks that transform the tensors a
PyLayer saves for backward (``ctx.save_for_backward``) when they are saved and when they
are read back (to offload or compress them, for example)."""

__all__ = ["saved_tensors_hooks"]

_active = []  # the stack of (pack_hook, unpack_hook) pairs in force


class saved_tensors_hooks:  # noqa: N801  (PaddlePaddle's name)
    """A context manager: inside it, each tensor a PyLayer's ``forward`` saves with
    ``ctx.save_for_backward`` is kept as ``pack_hook(tensor)``, and ``ctx.saved_tensor()``
    gives back ``unpack_hook(packed)``. The hooks in force when the tensor is saved apply
    (the innermost of nested contexts). The built-in ops keep their saved tensors in the
    C++ engine, untouched by the hooks.

    Args:
        pack_hook (callable): takes a Tensor, returns anything to keep in its place.
        unpack_hook (callable): takes what pack_hook returned, returns a Tensor.

    Example:
        >>> from paddle.autograd import PyLayer
        >>> class Square(PyLayer):
        ...     @staticmethod
        ...     def forward(ctx, x):
        ...         ctx.save_for_backward(x)
        ...         return x * x
        ...     @staticmethod
        ...     def backward(ctx, dy):
        ...         (x,) = ctx.saved_tensor()
        ...         return 2 * x * dy
        >>> x = paddle.to_tensor([3.0], stop_gradient=False)
        >>> with paddle.autograd.saved_tensors_hooks(lambda t: t.numpy(),
        ...                                          lambda a: paddle.to_tensor(a)):
        ...     y = Square.apply(x)
        >>> y.backward()
        >>> x.grad.numpy()
        array([6.], dtype=float32)
    """

    def __init__(self, pack_hook, unpack_hook):
        if not callable(pack_hook) or not callable(unpack_hook):
            raise TypeError(f"[saved_tensors_hooks] pack_hook and unpack_hook must be callable, "
                            f"got {type(pack_hook).__name__} and {type(unpack_hook).__name__}")
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        _active.append((self.pack_hook, self.unpack_hook))
        return self

    def __exit__(self, *exc):
        _active.pop()
        return False


class Packed:
    """A saved tensor as its pack hook left it, with the unpack hook that restores it."""

    def __init__(self, value, unpack_hook):
        self.value = value
        self.unpack_hook = unpack_hook

    def get(self):
        return self.unpack_hook(self.value)


def pack(tensor):
    """``tensor`` as the hooks in force keep it (itself when none are)."""
    if not _active:
        return tensor
    pack_hook, unpack_hook = _active[-1]
    return Packed(pack_hook(tensor), unpack_hook)
