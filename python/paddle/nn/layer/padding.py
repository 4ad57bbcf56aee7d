"""The padding layers of 3-, 4- and 5-D inputs (Pad1D, Pad2D, Pad3D, and the
Zero/Constant/Reflection/Replication/Circular forms), each calling
paddle.nn.functional.pad."""
from .. import functional as F
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle

_DEFAULT_FORMAT = {1: "NCL", 2: "NCHW", 3: "NCDHW"}


class _PadND(Layer):
    """Pads the ``_dims`` spatial dims: padding is one int for every side or
    2 * _dims ints [left, right(, top, bottom(, front, back))]."""
    _dims = 1
    _mode = "constant"

    def __init__(self, padding, mode="constant", value=0.0, data_format=None, name=None):
        super().__init__()
        sides = 2 * self._dims
        if isinstance(padding, int) and not isinstance(padding, bool):
            padding = [padding] * sides
        if not isinstance(padding, (list, tuple)) or len(padding) != sides:
            raise ValueError(f"[{type(self).__name__}] padding must be an int or {sides} ints, "
                             f"got {padding!r}")
        self._pad = [int(p) for p in padding]
        self._mode = mode
        self._value = value
        self._data_format = data_format or _DEFAULT_FORMAT[self._dims]
        self._name = name

    def forward(self, x):
        return F.pad(x, self._pad, self._mode, self._value, self._data_format)

    def extra_repr(self):
        name = f", name={self._name}" if self._name else ""
        return (f"padding={self._pad}, mode={self._mode}, value={self._value}, "
                f"data_format={self._data_format}{name}")


class Pad1D(_PadND):
    """Pads a 3-D input's last dim: padding = [left, right] (or one int for both),
    mode constant, reflect, replicate or circular.

    Args:
        padding (int|list): one int, or [left, right].
        mode (str): "constant", "reflect", "replicate" or "circular". Default "constant".
        value (float): the fill value of mode "constant". Default 0.0.
        data_format (str): "NCL" or "NLC". Default "NCL".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) pads x.

    Example:
        >>> paddle.nn.Pad1D([1, 2], mode="replicate")(paddle.to_tensor([[[1.0, 2.0]]])).numpy()
        array([[[1., 1., 2., 2., 2.]]], dtype=float32)
    """

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCL", name=None):
        super().__init__(padding, mode, value, data_format, name)


class Pad2D(_PadND):
    """Pads a 4-D image: padding = [left, right, top, bottom] (or one int for
    all), mode constant, reflect, replicate or circular.

    Args:
        padding (int|list|tuple): [left, right, top, bottom], or one int used for
            all four.
        mode (str, optional): 'constant' (the default), 'reflect', 'replicate' or
            'circular'.
        value (float, optional): The fill value of mode 'constant'. Default 0.0.
        data_format (str, optional): 'NCHW' (the default) or 'NHWC'.
        name (str, optional): Shown in the layer's repr; otherwise unused. Default None.

    Returns:
        Pad2D: A layer whose forward returns its 4-D input padded, same dtype.

    Example:
        >>> paddle.nn.Pad2D([1, 1, 2, 2])(paddle.ones([1, 1, 2, 2])).shape
        paddle.Size([1, 1, 6, 4])
    """
    _dims = 2

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCHW", name=None):
        super().__init__(padding, mode, value, data_format, name)


class Pad3D(_PadND):
    """Pads a 5-D input's three spatial dims: padding = [left, right, top,
    bottom, front, back] (or one int for all), mode constant, reflect,
    replicate or circular.

    Args:
        padding (int|list): one int, or six ints.
        mode (str): "constant", "reflect", "replicate" or "circular". Default "constant".
        value (float): the fill value of mode "constant". Default 0.0.
        data_format (str): "NCDHW" or "NDHWC". Default "NCDHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) pads x.

    Example:
        >>> paddle.nn.Pad3D([1, 0, 0, 1, 2, 0])(paddle.ones([1, 1, 2, 2, 2])).shape
        paddle.Size([1, 1, 4, 3, 3])
    """
    _dims = 3

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCDHW", name=None):
        super().__init__(padding, mode, value, data_format, name)


class _FixedModePad(_PadND):
    """A padding layer of one mode: (padding, data_format, name)."""

    def __init__(self, padding, data_format=None, name=None):
        super().__init__(padding, type(self)._mode, 0.0, data_format, name)


_SPATIAL = {1: "a 3-D input's last dim", 2: "a 4-D input's two spatial dims",
            3: "a 5-D input's three spatial dims"}
_PADDING = {1: "one int for both sides, or [left, right]",
            2: "one int for every side, or [left, right, top, bottom]",
            3: "one int for every side, or [left, right, top, bottom, front, back]"}
_FORMATS = {1: '"NCL" or "NLC"', 2: '"NCHW" or "NHWC"', 3: '"NCDHW" or "NDHWC"'}


def _fixed_mode_layer(class_name, dims, mode, what, example):
    """A padding layer class of one mode, with its docstring."""
    fmt = _DEFAULT_FORMAT[dims]
    doc = (f"Pads {_SPATIAL[dims]} {what}.\n\n"
           "    Args:\n"
           f"        padding (int|list): {_PADDING[dims]}.\n"
           f"        data_format (str): {_FORMATS[dims]}. Default \"{fmt}\".\n"
           "        name (str): unused, as in PaddlePaddle.\n\n"
           "    Returns:\n        A Layer whose forward(x) pads x.\n\n"
           f"    Example:\n{example}")

    def __init__(self, padding, data_format=fmt, name=None):
        _FixedModePad.__init__(self, padding, data_format, name)
    cls = type(class_name, (_FixedModePad,), {"_dims": dims, "_mode": mode, "__doc__": doc,
                                              "__init__": __init__, "__module__": __name__})
    __init__.__qualname__ = f"{class_name}.__init__"
    return cls


def _example(call, shape, out):
    return (f"        >>> paddle.nn.{call}(paddle.ones({shape})).shape\n"
            f"        paddle.Size({out})\n")


_ZERO = "with zeros"
_REFLECT = "by reflection at the borders (the border element not repeated)"
_REPLICATE = "by repeating the border elements"
_CIRCULAR = "circularly (wrapping around)"

ZeroPad1D = _fixed_mode_layer("ZeroPad1D", 1, "constant", _ZERO,
                              _example("ZeroPad1D([1, 2])", [1, 1, 3], [1, 1, 6]))
ZeroPad2D = _fixed_mode_layer("ZeroPad2D", 2, "constant", _ZERO,
                              _example("ZeroPad2D(1)", [1, 1, 2, 3], [1, 1, 4, 5]))
ZeroPad3D = _fixed_mode_layer("ZeroPad3D", 3, "constant", _ZERO,
                              _example("ZeroPad3D(1)", [1, 1, 2, 2, 2], [1, 1, 4, 4, 4]))
ReflectionPad1D = _fixed_mode_layer("ReflectionPad1D", 1, "reflect", _REFLECT,
                                    _example("ReflectionPad1D([2, 1])", [1, 1, 3], [1, 1, 6]))
ReflectionPad2D = _fixed_mode_layer("ReflectionPad2D", 2, "reflect", _REFLECT,
                                    _example("ReflectionPad2D(1)", [1, 1, 3, 3], [1, 1, 5, 5]))
ReflectionPad3D = _fixed_mode_layer("ReflectionPad3D", 3, "reflect", _REFLECT,
                                    _example("ReflectionPad3D(1)", [1, 1, 2, 2, 2],
                                             [1, 1, 4, 4, 4]))
ReplicationPad1D = _fixed_mode_layer("ReplicationPad1D", 1, "replicate", _REPLICATE,
                                     _example("ReplicationPad1D([2, 1])", [1, 1, 3], [1, 1, 6]))
ReplicationPad2D = _fixed_mode_layer("ReplicationPad2D", 2, "replicate", _REPLICATE,
                                     _example("ReplicationPad2D(1)", [1, 1, 2, 2], [1, 1, 4, 4]))
ReplicationPad3D = _fixed_mode_layer("ReplicationPad3D", 3, "replicate", _REPLICATE,
                                     _example("ReplicationPad3D(1)", [1, 1, 2, 2, 2],
                                              [1, 1, 4, 4, 4]))
CircularPad1D = _fixed_mode_layer("CircularPad1D", 1, "circular", _CIRCULAR,
                                  _example("CircularPad1D([2, 1])", [1, 1, 3], [1, 1, 6]))
CircularPad2D = _fixed_mode_layer("CircularPad2D", 2, "circular", _CIRCULAR,
                                  _example("CircularPad2D(1)", [1, 1, 2, 2], [1, 1, 4, 4]))
CircularPad3D = _fixed_mode_layer("CircularPad3D", 3, "circular", _CIRCULAR,
                                  _example("CircularPad3D(1)", [1, 1, 2, 2, 2], [1, 1, 4, 4, 4]))


class ConstantPad1D(_PadND):
    """Pads a 3-D input's last dim with ``value``.

    Args:
        padding (int|list): one int for both sides, or [left, right].
        value (float): the fill value.
        data_format (str): "NCL" or "NLC". Default "NCL".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) pads x.

    Example:
        >>> paddle.nn.ConstantPad1D([1, 0], 7.0)(paddle.to_tensor([[[1.0]]])).numpy()
        array([[[7., 1.]]], dtype=float32)
    """

    def __init__(self, padding, value, data_format="NCL", name=None):
        super().__init__(padding, "constant", value, data_format, name)


class ConstantPad2D(_PadND):
    """Pads a 4-D input's two spatial dims with ``value``.

    Args:
        padding (int|list): one int for every side, or [left, right, top, bottom].
        value (float): the fill value.
        data_format (str): "NCHW" or "NHWC". Default "NCHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) pads x.

    Example:
        >>> paddle.nn.ConstantPad2D(1, 2.0)(paddle.ones([1, 1, 2, 3])).shape
        paddle.Size([1, 1, 4, 5])
    """
    _dims = 2

    def __init__(self, padding, value, data_format="NCHW", name=None):
        super().__init__(padding, "constant", value, data_format, name)


class ConstantPad3D(_PadND):
    """Pads a 5-D input's three spatial dims with ``value``.

    Args:
        padding (int|list): one int for every side, or six ints
            [left, right, top, bottom, front, back].
        value (float): the fill value.
        data_format (str): "NCDHW" or "NDHWC". Default "NCDHW".
        name (str): unused, as in PaddlePaddle.

    Returns:
        A Layer whose forward(x) pads x.

    Example:
        >>> paddle.nn.ConstantPad3D(1, 2.0)(paddle.ones([1, 1, 2, 2, 2])).shape
        paddle.Size([1, 1, 4, 4, 4])
    """
    _dims = 3

    def __init__(self, padding, value, data_format="NCDHW", name=None):
        super().__init__(padding, "constant", value, data_format, name)
