"""The variables a static program starts from: its inputs
(``paddle.static.data``), its parameters (``create_parameter``, initialized
by the startup program) and other persistable variables (``create_global_var``)."""
import numbers

from ..framework import dtypes as _dtype
from ..utils import unique_name
from .input import shape_dims
from .program import Parameter, _build_into, default_main_program, default_startup_program

__all__ = ["data", "create_parameter", "create_global_var"]


def data(name, shape, dtype=None, lod_level=0):
    """An input of the default main program: fed by name to
    ``Executor.run(feed={name: array})``. None or -1 dims take any size at run
    time; the others are checked against what is fed.

    Args:
        name (str): the variable's name, the key to feed it by.
        shape (list|tuple): its dims (None or -1 where the size varies, e.g. the batch).
        dtype (str|paddle.dtype, optional): default ``paddle.get_default_dtype()``.
        lod_level (int): LoD levels of the fed tensor (0 for a plain tensor).

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data(name="x", shape=[None, 784], dtype="float32")
        >>> x.shape
        paddle.Size([-1, 784])
        >>> paddle.disable_static()
    """
    if not isinstance(name, str) or not name:
        raise TypeError(f"[paddle.static.data] name must be a non-empty str, got {name!r}")
    dims = shape_dims(shape, "paddle.static.data", True)
    d = _dtype.convert_dtype(dtype) if dtype is not None else _dtype.default_float_dtype()
    if not isinstance(lod_level, int) or lod_level < 0:
        raise ValueError(f"[paddle.static.data] lod_level must be a non-negative int, got "
                         f"{lod_level!r}")
    main = default_main_program()
    main._desc.set_var(0, name, shape=dims, dtype=d, persistable=False, stop_gradient=True,
                       need_check_feed=True, lod_level=lod_level)
    return main.global_block().var(name)


def create_parameter(shape, dtype, name=None, attr=None, is_bias=False,
                     default_initializer=None):
    """A parameter of the default main program, initialized by the default
    startup program (ParamAttr's initializer, else the global one, else
    ``default_initializer``, else Constant(0) for a bias and XavierUniform).

    Args:
        shape (list|tuple): The parameter's dims, non-negative ints.
        dtype (str|paddle.dtype): A floating-point (or complex) dtype, e.g. ``"float32"``.
        name (str, optional): The parameter's name; None (the default) takes the attribute's
            or generates one.
        attr (ParamAttr, optional): Its name, initializer, learning rate, regularizer and
            trainability; False raises ValueError. Default None.
        is_bias (bool, optional): Whether it is a bias (the default initializer is then
            Constant(0)). Default False.
        default_initializer (Initializer, optional): The initializer used when neither
            ``attr`` nor the global initializer gives one. Default None.

    Returns:
        Parameter: The new parameter of the default main program's global block.

    Example:
        >>> paddle.enable_static()
        >>> w = paddle.static.create_parameter([4, 2], "float32", name="w")
        >>> w.name, w.shape
        ('w', paddle.Size([4, 2]))
        >>> paddle.disable_static()
    """
    from ..base.param_attr import ParamAttr
    from ..nn import initializer as init

    dims = shape_dims(shape, "create_parameter", False)
    d = _dtype.convert_dtype(dtype)
    if not _dtype.is_floating_point(d) and not _dtype.is_complex(d):
        raise TypeError(f"[create_parameter] dtype must be a floating-point type, got {d.name}")
    attr = ParamAttr._to_attr(attr)
    if attr is False:
        raise ValueError("[create_parameter] attr=False means no parameter; pass None or a "
                         "ParamAttr")
    kwargs = attr._to_kwargs()
    name = name or attr.name or unique_name.generate(
        unique_name.generate("create_parameter") + (".b" if is_bias else ".w"))
    main, startup = default_main_program(), default_startup_program()
    if main._desc.has_var(0, name):
        existing = main._desc.var_info(0, name)
        if not existing["is_parameter"] or list(existing["shape"]) != dims:
            raise ValueError(f"[create_parameter] the program already has a variable '{name}' "
                             f"({list(existing['shape'])}); a shared parameter must keep its "
                             f"shape {dims}")
        return main._desc.var(0, name, Parameter)
    trainable = kwargs.get("trainable", True)
    for prog in (main, startup):
        prog._desc.set_var(0, name, shape=dims, dtype=d, persistable=True,
                           stop_gradient=not trainable, is_parameter=True)
    param = main._desc.var(0, name, Parameter)
    param.trainable = trainable
    param.optimize_attr = kwargs.get("optimize_attr", {"learning_rate": 1.0})
    param.regularizer = kwargs.get("regularizer")
    param.need_clip = kwargs.get("need_clip", True)
    param.do_model_average = kwargs.get("do_model_average")
    initializer = (attr.initializer or init._global_initializer(is_bias) or default_initializer
                   or init._default_initializer(is_bias))
    with _build_into(startup):
        initializer(startup._desc.var(0, name))
    return param


def create_global_var(shape, value, dtype, persistable=False, force_cpu=False, name=None):
    """A variable of the default main program's global block filled with
    ``value`` by the startup program (learning rates, counters, optimizer state).

    Args:
        shape (list|tuple): The variable's dims, non-negative ints.
        value (int|float|bool): The number every element is filled with.
        dtype (str|paddle.dtype): The variable's data type, e.g. ``"float32"`` or ``"int64"``.
        persistable (bool, optional): Whether the variable is persistable (kept in the scope
            and saved with the model). Default False.
        force_cpu (bool, optional): For PaddlePaddle compatibility (variables live on the CPU
            here). Default False.
        name (str, optional): The variable's name; None (the default) generates a unique one.

    Returns:
        Variable: The new variable of the default main program's global block, with
        ``stop_gradient`` True.

    Example:
        >>> paddle.enable_static()
        >>> lr = paddle.static.create_global_var([1], 0.1, "float32", persistable=True)
        >>> lr.persistable
        True
        >>> paddle.disable_static()
    """
    from ..tensor.creation import full

    dims = shape_dims(shape, "create_global_var", False)
    d = _dtype.convert_dtype(dtype)
    if not isinstance(value, numbers.Number):
        raise TypeError(f"[create_global_var] value must be a number, got {type(value).__name__}")
    name = name or unique_name.generate("global_var")
    main, startup = default_main_program(), default_startup_program()
    for prog in (main, startup):
        prog._desc.set_var(0, name, shape=dims, dtype=d, persistable=persistable,
                           stop_gradient=True)
    with _build_into(startup):
        startup._desc.var(0, name)._assign_from(full(dims, value, d))
    return main.global_block().var(name)
