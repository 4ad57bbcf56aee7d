"""paddle.LazyGuard: parameters made inside it get their initial values only when
``param.initialize()`` is called (to build a large model, then initialize it part by part)."""

__all__ = ["LazyGuard"]

_depth = 0  # how many LazyGuard contexts are open


def lazy_init_active():
    """Whether parameters made now defer their initializer (a LazyGuard is open)."""
    return _depth > 0


class LazyGuard:
    """A context: each parameter created inside it (``paddle.create_parameter``, the
    layers' weights) keeps its initializer instead of running it, and reads as not
    initialized until ``param.initialize()`` runs it. Here the parameter's memory is
    allocated (zeros) at creation; only the initializer's work is deferred.

    Example:
        >>> with paddle.LazyGuard():
        ...     net = paddle.nn.Linear(2, 2, bias_attr=paddle.ParamAttr(
        ...         initializer=paddle.nn.initializer.Constant(1.0)))
        >>> net.bias._is_initialized()
        False
        >>> net.bias.initialize()
        >>> net.bias.numpy()
        array([1., 1.], dtype=float32)
    """

    def __enter__(self):
        global _depth
        _depth += 1
        return self

    def __exit__(self, *exc):
        global _depth
        _depth -= 1
        return False
