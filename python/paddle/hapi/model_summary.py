"""paddle.summary: runs a network once on random inputs and prints a table
of its layers (input and output shapes, parameter counts) with the totals
and memory estimates, in PaddlePaddle's layout."""
import collections
import numbers

import numpy as np

from .. import _core
from ..autograd import no_grad
from ..nn import Layer, LayerList, Sequential
from ..static import InputSpec
from ..tensor import creation as _creation
from ..tensor import manipulation as _manip

Tensor = _core.Tensor

__all__ = ["summary"]


def _input_size_of(input):  # noqa: A002
    if isinstance(input, Tensor):
        return tuple(input.shape)
    if isinstance(input, (list, tuple)):
        return [tuple(x.shape) for x in input]
    if isinstance(input, dict):
        return [tuple(x.shape) for x in input.values()]
    raise ValueError("Input is not tensor, list, tuple and dict, unable to determine input_size, "
                     "please input input_size.")


def _normalize_input_size(input_size):
    if isinstance(input_size, InputSpec):
        return tuple(input_size.shape)
    if isinstance(input_size, list):
        sizes = []
        for item in input_size:
            if isinstance(item, int):
                item = (item,)
            if not isinstance(item, (tuple, InputSpec)):
                raise TypeError("When input_size is list, expect item in input_size is a tuple "
                                f"or InputSpec, but got {type(item)}")
            sizes.append(tuple(item.shape) if isinstance(item, InputSpec) else item)
        return sizes
    if isinstance(input_size, int):
        return (input_size,)
    return input_size


def _is_shape(shape):
    return all(not isinstance(item, (list, tuple)) for item in shape)


def _check_shape(shape):
    """The shape with its one unknown dim (None or -1, the batch) set to 1."""
    unknown = 0
    out = []
    for item in shape:
        if item is None or item == -1:
            unknown += 1
            if unknown > 1:
                raise ValueError("Option input_size only the dim of batch_size can be None or -1.")
            item = 1
        elif isinstance(item, numbers.Number) and item <= 0:
            raise ValueError(f"Expected element in input size greater than zero, but got {item}")
        out.append(item)
    return tuple(out)


def _check_input(input_size):
    if isinstance(input_size, (list, tuple)) and _is_shape(input_size):
        return _check_shape(input_size)
    if not isinstance(input_size, (list, tuple)):
        raise TypeError(f"input_size must be a shape or a list of shapes, got {input_size!r}")
    return [_check_input(i) for i in input_size]


def summary(net, input_size=None, dtypes=None, input=None):  # noqa: A002
    """Prints a table of ``net``'s layers, their input and output shapes and
    parameter counts, run on random inputs of ``input_size`` (or on
    ``input``); returns ``{'total_params': n, 'trainable_params': m}``.

    Args:
        net (Layer): the network.
        input_size (tuple|InputSpec|list): the input shape (None or -1 for the
            batch, which becomes 1), or one per input.
        dtypes (str|list[str], optional): the inputs' dtypes (float32).
        input (Tensor|list|dict, optional): real inputs instead of input_size.

    Example:
        >>> net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(),
        ...                            paddle.nn.Linear(8, 2))
        >>> paddle.summary(net, (1, 4))  # doctest: +ELLIPSIS
        ---...
        {'total_params': 58, 'trainable_params': 58}
    """
    if input_size is None and input is None:
        raise ValueError("input_size and input cannot be None at the same time")
    if input_size is None:
        input_size = _input_size_of(input)
    sizes = _check_input(_normalize_input_size(input_size))
    was_training = net.training
    if was_training:
        net.eval()
    try:
        result, params_info = summary_string(net, sizes, dtypes, input)
    finally:
        if was_training:
            net.train()
    print(result)
    return params_info


def _all_numbers(items):
    return all(isinstance(item, numbers.Number) for item in items)


def _build_dtypes(input_size, dtype):
    if isinstance(input_size, (list, tuple)) and _all_numbers(input_size):
        return [dtype or "float32"]
    return [_build_dtypes(i, dtype) for i in input_size]


def _build_input(input_size, dtypes):
    if isinstance(input_size, (list, tuple)) and _all_numbers(input_size):
        dtype = dtypes[0] if isinstance(dtypes, (list, tuple)) else dtypes
        return _manip.cast(_creation.rand(list(input_size)), dtype)
    return [_build_input(i, d) for i, d in zip(input_size, dtypes)]


def _shape_of(x):
    if isinstance(x, Tensor):
        return list(x.shape)
    if isinstance(x, (list, tuple)):
        return [_shape_of(xx) for xx in x]
    return None


def _output_shape(output):
    if isinstance(output, (list, tuple)):
        return [_output_shape(o) for o in output]
    return list(output.shape) if hasattr(output, "shape") else []


def _record_layers(model, inputs, input_given):
    """Runs the model once; for each layer that ran, its shapes and parameters
    keyed ``ClassName-index`` in the order the layers finished."""
    records = collections.OrderedDict()
    hooks = []
    depth = len(list(model.sublayers()))

    def hook(layer, layer_input, output):
        try:
            index = int(layer._full_name.split("_")[-1])
        except ValueError:
            index = len(records)
        record = collections.OrderedDict()
        records[f"{type(layer).__name__}-{index + 1}"] = record
        record["input_shape"] = _shape_of(layer_input)
        record["output_shape"] = _output_shape(output)
        record["trainable_params"] = 0
        params = 0
        for param in layer._parameters.values():
            if param is None:
                continue
            count = int(np.prod(param.shape))
            params += count
            if getattr(param, "trainable", True) and not param.stop_gradient:
                record["trainable_params"] += count
                record["trainable"] = True
            elif "trainable" not in record or not record["trainable"]:
                record["trainable"] = False
        record["nb_params"] = params

    def register(layer):
        # Containers are not rows; the network itself is one only when it has no sublayers.
        if not isinstance(layer, (Sequential, LayerList)) and (layer is not model or depth < 1):
            hooks.append(layer.register_forward_post_hook(hook))

    model.apply(register)
    try:
        with no_grad():
            if input_given:
                model(inputs)
            else:
                model(*inputs)
    finally:
        for h in hooks:
            h.remove()
    return records


def _widths(records):
    width = {"layer_width": 15, "input_shape_width": 20, "output_shape_width": 20,
             "params_width": 15, "table_width": 75}
    for name, rec in records.items():
        width["output_shape_width"] = max(width["output_shape_width"],
                                          len(str(rec["output_shape"])))
        width["input_shape_width"] = max(width["input_shape_width"], len(str(rec["input_shape"])))
        width["layer_width"] = max(width["layer_width"], len(str(name)))
        width["params_width"] = max(width["params_width"], len(str(rec["nb_params"])))
    columns = sum(v for k, v in width.items() if k != "table_width")
    width["table_width"] = max(width["table_width"], columns + 5)
    return width


def _input_megabytes(input_size):
    if isinstance(input_size, (list, tuple)) and _all_numbers(input_size):
        return abs(np.prod(input_size) * 4.0 / (1024 ** 2.0))
    return sum(_input_megabytes(i) for i in input_size)


def _output_elements(shape):
    try:
        return np.sum(np.prod(shape, axis=-1))
    except ValueError:  # several outputs of different ranks
        return sum(np.sum(np.prod(s, axis=-1)) for s in shape)


def summary_string(model, input_size=None, dtypes=None, input=None):  # noqa: A002
    """The summary table as a string, and the parameter counts."""
    if not isinstance(dtypes, (list, tuple)):
        dtypes = _build_dtypes(input_size, dtypes)
    if isinstance(input_size, tuple):
        input_size = [input_size]
    inputs = input if input is not None else _build_input(input_size, dtypes)
    records = _record_layers(model, inputs, input is not None)

    w = _widths(records)
    row = "{:^{}} {:^{}} {:^{}} {:^{}}"
    text = "-" * w["table_width"] + "\n"
    text += row.format("Layer (type)", w["layer_width"], "Input Shape", w["input_shape_width"],
                       "Output Shape", w["output_shape_width"], "Param #",
                       w["params_width"]) + "\n"
    text += "=" * w["table_width"] + "\n"
    total_params = total_output = trainable_params = 0
    for name, rec in records.items():
        text += row.format(name, w["layer_width"], str(rec["input_shape"]),
                           w["input_shape_width"], str(rec["output_shape"]),
                           w["output_shape_width"], f"{rec['nb_params']:,}",
                           w["params_width"]) + "\n"
        total_params += rec["nb_params"]
        total_output += _output_elements(rec["output_shape"])
        if rec.get("trainable", False):
            trainable_params += rec["trainable_params"]

    input_mb = _input_megabytes(input_size)
    output_mb = abs(2.0 * total_output * 4.0 / (1024 ** 2.0))  # x2: the gradients
    params_mb = abs(total_params * 4.0 / (1024 ** 2.0))
    text += "=" * w["table_width"] + "\n"
    text += f"Total params: {total_params:,}\n"
    text += f"Trainable params: {trainable_params:,}\n"
    text += f"Non-trainable params: {total_params - trainable_params:,}\n"
    text += "-" * w["table_width"] + "\n"
    text += f"Input size (MB): {input_mb:0.2f}\n"
    text += f"Forward/backward pass size (MB): {output_mb:0.2f}\n"
    text += f"Params size (MB): {params_mb:0.2f}\n"
    text += f"Estimated Total Size (MB): {params_mb + output_mb + input_mb:0.2f}\n"
    text += "-" * w["table_width"] + "\n"
    return text, {"total_params": total_params, "trainable_params": trainable_params}
