"""Argument checks the nn.utils functions share."""


def require_dynamic(fn):
    """These utilities change tensors' values in place: eager mode only, as in PaddlePaddle."""
    from ...static.mode import in_dynamic_mode  # here: paddle.static imports paddle.nn
    if not in_dynamic_mode():
        raise RuntimeError(f"[{fn}] this API can only run in dynamic mode")


def check_layer(layer, fn):
    from ..layer.layers import Layer
    if not isinstance(layer, Layer):
        raise TypeError(f"[{fn}] layer must be a paddle.nn.Layer, got {type(layer).__name__}")


def check_parameter(layer, name, fn):
    check_layer(layer, fn)
    if not isinstance(name, str) or layer._parameters.get(name) is None:
        raise ValueError(f"[{fn}] layer {type(layer).__name__} has no parameter named {name!r}")
    return layer._parameters[name]
