"""Parameters: ``EagerParamBase`` (a Tensor that a layer trains) and
``create_parameter``, which makes one from a shape, a dtype and a ParamAttr."""
from .. import _core
from ..framework import dtypes as _dtype
from ..utils import unique_name

__all__ = ["EagerParamBase"]  # create_parameter is public as paddle.create_parameter

Tensor = _core.Tensor


class EagerParamBase(Tensor):
    """A trainable tensor: a leaf with stop_gradient=False unless frozen, and
    the optimizer settings of its ParamAttr (optimize_attr, regularizer,
    need_clip, do_model_average).

    As in ``nn.Parameter(tensor)``: given a Tensor in place of a shape, the parameter takes
    that tensor's values, and the second argument is ``requires_grad``.

    Args:
        *args: ``shape, dtype``: the shape (list or tuple, every dim positive, ValueError
            otherwise; the parameter starts as zeros; none leaves it empty) and the dtype (the
            default float dtype when not given). Or ``tensor, requires_grad``: a Tensor whose
            values the parameter takes, and whether it trains (default True).
        **kwargs: The settings: name (default a unique ``_eager_param_base_N``), trainable
            (default True), optimize_attr (default {"learning_rate": 1.0}), regularizer,
            do_model_average (default None each) and need_clip (default True); also
            ``shape``/``dtype`` or ``requires_grad`` by name.

    Example:
        >>> w = paddle.create_parameter([2, 3], "float32")
        >>> type(w).__name__, w.stop_gradient
        ('EagerParamBase', False)
        >>> p = paddle.nn.Parameter(paddle.ones([2]))
        >>> p.trainable, p.numpy()
        (True, array([1., 1.], dtype=float32))
    """

    def __new__(cls, *args, **kwargs):
        # Tensor's own constructor takes no arguments; the settings go to __init__.
        return Tensor.__new__(cls)

    def __init__(self, *args, **kwargs):  # PaddlePaddle's signature: two forms
        super().__init__()
        if len(args) > 2:
            raise TypeError(f"[Parameter] takes at most 2 positional arguments, got {len(args)}")
        shape = args[0] if args else kwargs.pop("shape", None)
        dtype = args[1] if len(args) > 1 else kwargs.pop("dtype", None)
        if isinstance(shape, Tensor):  # nn.Parameter(tensor, requires_grad=True)
            requires_grad = kwargs.pop("requires_grad", True if dtype is None else dtype)
            if not isinstance(requires_grad, bool):
                raise TypeError(f"[Parameter] requires_grad must be a bool, got "
                                f"{type(requires_grad).__name__}")
            self._assign_from(shape)
            kwargs.setdefault("trainable", requires_grad)
        elif shape is not None:
            for d in shape:
                if int(d) <= 0:
                    raise ValueError(f"each dimension of a parameter's shape must be positive, "
                                     f"got {list(shape)}")
            from ..tensor.creation import zeros
            self._assign_from(zeros(list(shape), dtype or _dtype.default_float_dtype()))
        self.name = kwargs.get("name") or unique_name.generate("_eager_param_base")
        self.trainable = kwargs.get("trainable", True)
        self.persistable = True
        self.optimize_attr = kwargs.get("optimize_attr", {"learning_rate": 1.0})
        self.regularizer = kwargs.get("regularizer")
        self.do_model_average = kwargs.get("do_model_average")
        self.need_clip = kwargs.get("need_clip", True)
        self.is_distributed = False

    @property
    def trainable(self):
        """Whether the optimizer updates it (the opposite of stop_gradient)."""
        return not self.stop_gradient

    @trainable.setter
    def trainable(self, value):
        if not isinstance(value, bool):
            raise ValueError(f"The type of trainable MUST be bool, but the type is {type(value)}")
        self.stop_gradient = not value

    def _assign_from(self, src):
        """Takes src's values (and place in the graph). A value computed outside
        the graph (an optimizer step under no_grad) leaves the parameter as
        trainable as it was, where a plain Tensor would take src's stop_gradient."""
        trainable = self.trainable
        Tensor._assign_from(self, src)
        if src.stop_gradient:
            self.stop_gradient = not trainable

    @classmethod
    def from_tensor(cls, tensor, **kwargs):
        """A parameter holding a copy of ``tensor``'s values.

        Example:
            >>> p = paddle.base.framework.EagerParamBase.from_tensor(paddle.ones([2]))
            >>> p.trainable
            True
        """
        if not isinstance(tensor, Tensor):
            raise TypeError(f"[from_tensor] tensor must be a paddle.Tensor, got "
                            f"{type(tensor).__name__}")
        param = cls(**kwargs)
        param._assign_from(Tensor._from_numpy(tensor.numpy()))
        param.trainable = kwargs.get("trainable", True)
        return param

    _lazy_initializer = None  # set by create_parameter under paddle.LazyGuard

    def initialize(self):
        """Runs the initializer a parameter made under ``paddle.LazyGuard`` deferred (once;
        a parameter already initialized is left as it is).

        Returns:
            None.

        Example:
            >>> with paddle.LazyGuard():
            ...     w = paddle.create_parameter(
            ...         [2], "float32", default_initializer=paddle.nn.initializer.Constant(3.0))
            >>> w.initialize()
            >>> w.numpy()
            array([3., 3.], dtype=float32)
        """
        initializer, self._lazy_initializer = self._lazy_initializer, None
        if initializer is not None:
            initializer(self)

    def _is_initialized(self):
        return self._lazy_initializer is None and Tensor._is_initialized(self)

    def __repr__(self):
        return "Parameter containing:\n" + Tensor.__repr__(self)

    __str__ = __repr__

    def __deepcopy__(self, memo):
        copy = EagerParamBase(name=unique_name.generate(self.name), trainable=self.trainable,
                              optimize_attr=dict(self.optimize_attr), regularizer=self.regularizer,
                              do_model_average=self.do_model_average, need_clip=self.need_clip)
        copy._assign_from(Tensor._from_numpy(self.numpy()))
        copy.trainable = self.trainable
        memo[id(self)] = copy
        return copy


def _positive_shape(shape, fn):
    from ..tensor._helpers import shape_list

    dims = shape_list(shape, fn)
    for d in dims:
        if d <= 0:
            raise ValueError(f"[{fn}] each dimension of shape must be positive, got {dims}")
    return dims


def create_parameter(shape, dtype, name=None, attr=None, is_bias=False, default_initializer=None):
    """A new parameter of ``shape`` and ``dtype``, initialized by ``attr``'s
    initializer, else the global one (set_global_initializer), else
    ``default_initializer``, else Constant(0) for a bias and XavierUniform for
    a weight.

    Args:
        shape (list|tuple): positive dims.
        dtype (str|paddle.dtype): a floating-point type.
        name (str, optional): its name (else ``attr.name``, else a unique one).
        attr (ParamAttr, optional): name, initializer, learning rate, trainable...
        is_bias (bool): picks the default initializer.
        default_initializer (Initializer, optional): used when attr has none.

    Returns:
        EagerParamBase

    Example:
        >>> w = paddle.create_parameter([2, 3], "float32",
        ...                             default_initializer=paddle.nn.initializer.Constant(0.5))
        >>> w.numpy()
        array([[0.5, 0.5, 0.5],
               [0.5, 0.5, 0.5]], dtype=float32)
    """
    from ..nn import initializer as init
    from ..static.mode import _building
    from .param_attr import ParamAttr

    if _building():
        from ..static.data import create_parameter as static_parameter

        return static_parameter(shape, dtype, name, attr, is_bias, default_initializer)
    dims = _positive_shape(shape, "create_parameter")
    d = _dtype.convert_dtype(dtype)
    if not _dtype.is_floating_point(d) and not _dtype.is_complex(d):
        raise TypeError(f"[create_parameter] dtype must be a floating-point type, got {d.name}")
    attr = ParamAttr._to_attr(attr)
    if attr is False:
        raise ValueError("[create_parameter] attr=False means no parameter; pass None or a ParamAttr")
    kwargs = attr._to_kwargs()
    if not (name or attr.name):
        helper = unique_name.generate("create_parameter")
        name = unique_name.generate(helper + (".b" if is_bias else ".w"))
    kwargs["name"] = name or attr.name
    # PaddlePaddle's order: the attr's own, the global one, the layer's default, the fallback.
    initializer = (attr.initializer or init._global_initializer(is_bias) or default_initializer
                   or init._default_initializer(is_bias))
    param = EagerParamBase(dims, d, **kwargs)
    from ..nn.initializer.lazy_init import lazy_init_active

    if lazy_init_active():  # paddle.LazyGuard: param.initialize() runs it later
        param._lazy_initializer = initializer
    else:
        initializer(param)
    return param


def disable_signal_handler():
    """Turns off PaddlePaddle's own handlers of SIGSEGV, SIGABRT and the like, so another
    library's (or Python's default) stay in force. This build installs none, so there is
    nothing to remove; the call is accepted for compatibility.

    Returns:
        None.

    Example:
        >>> paddle.disable_signal_handler()
    """
    return None
