"""paddle.flops: counts a network's floating-point operations the way
PaddlePaddle does, by running it once on a random input with a counting hook
on each leaf layer (convolutions, linear, batch norm, average pooling and
leaky ReLU are counted; other layers count as zero)."""
import numpy as np

from .. import nn
from ..autograd import no_grad
from ..nn import Layer
from ..tensor import creation as _creation

__all__ = ["flops"]


def _numel(t):
    return int(np.prod(t.shape))


def count_convNd(m, x, y):
    kernel_ops = np.prod(m.weight.shape[2:])
    bias_ops = 1 if m.bias is not None else 0
    return abs(int(_numel(y) * (x[0].shape[1] / m._groups * kernel_ops + bias_ops)))


def count_leaky_relu(m, x, y):
    return _numel(x[0])


def count_bn(m, x, y):
    return 2 * _numel(x[0])  # the network runs in eval mode: a scale and a shift


def count_linear(m, x, y):
    return abs(int(m.weight.shape[0] * _numel(y)))


def count_avgpool(m, x, y):
    return _numel(y)


def count_adap_avgpool(m, x, y):
    kernel = np.array(x[0].shape[2:]) // np.array(y.shape[2:])
    return abs(int((np.prod(kernel) + 1) * _numel(y)))


def count_zero_ops(m, x, y):
    return 0


_COUNTERS_BY_NAME = {
    "Conv1D": count_convNd, "Conv2D": count_convNd, "Conv3D": count_convNd,
    "Conv1DTranspose": count_convNd, "Conv2DTranspose": count_convNd,
    "Conv3DTranspose": count_convNd, "BatchNorm2D": count_bn, "BatchNorm": count_bn,
    "ReLU": count_zero_ops, "ReLU6": count_zero_ops, "LeakyReLU": count_leaky_relu,
    "Linear": count_linear, "Dropout": count_zero_ops, "AvgPool1D": count_avgpool,
    "AvgPool2D": count_avgpool, "AvgPool3D": count_avgpool,
    "AdaptiveAvgPool1D": count_adap_avgpool, "AdaptiveAvgPool2D": count_adap_avgpool,
    "AdaptiveAvgPool3D": count_adap_avgpool,
}
# The layer classes this build has; matched by exact type, as PaddlePaddle does.
register_hooks = {getattr(nn, name): fn for name, fn in _COUNTERS_BY_NAME.items()
                  if hasattr(nn, name)}


class Table:
    """A plain text table: ``+---+`` shelves and ``|`` centred cells."""

    def __init__(self, table_heads):
        self.table_heads = table_heads
        self.table_len = [len(h) for h in table_heads]
        self.data = []
        self.col_num = len(table_heads)

    def add_row(self, row):
        if len(row) != self.col_num:
            raise ValueError(f"The length of row data should be equal the length of table heads, "
                             f"but the data: {len(row)} is not equal table heads {self.col_num}")
        self.table_len = [max(n, len(str(v))) for n, v in zip(self.table_len, row)]
        self.data.append(row)

    def _row(self, row):
        return "".join("|" + str(v).center(n + 2) for v, n in zip(row, self.table_len)) + "|"

    def _shelf(self):
        return "".join("+" + "-" * (n + 2) for n in self.table_len) + "+"

    def print_table(self):
        print(self._shelf())
        print(self._row(self.table_heads))
        print(self._shelf())
        for row in self.data:
            print(self._row(row))
        print(self._shelf())


def _is_leaf(layer):
    return not list(layer.children())


def dynamic_flops(model, inputs, custom_ops=None, print_detail=False):
    """Runs ``model`` on ``inputs`` in eval mode and adds up the FLOPs and
    parameters of the leaf layers that ran."""
    custom_ops = custom_ops or {}
    stats = {}  # leaf layer -> its row: flops, params, input and output shape
    announced = set()
    handles = []

    def add_hooks(m):
        if not _is_leaf(m):
            return
        m_type = type(m)
        counter = custom_ops.get(m_type) or register_hooks.get(m_type)
        if m_type not in announced:
            if m_type in custom_ops:
                print(f"Customize Function has been applied to {m_type}")
            elif m_type in register_hooks:
                print(f"{m_type}'s flops has been counted")
            else:
                print(f"Cannot find suitable count function for {m_type}. Treat it as zero FLOPs.")
            announced.add(m_type)

        def hook(layer, x, y):
            row = stats.setdefault(id(layer), {"layer": layer, "ops": 0})
            if counter is not None:
                # A custom counter may add to m.total_ops as in PaddlePaddle, or return a count.
                layer.total_ops = 0
                returned = counter(layer, x, y)
                row["ops"] += int(returned or 0) + int(layer.__dict__.pop("total_ops", 0))
            row["params"] = sum(_numel(p) for p in layer.parameters())
            row["input_shape"] = list(x[0].shape)
            first = y[0] if isinstance(y, (list, tuple)) else y
            row["output_shape"] = list(first.shape)

        handles.append(m.register_forward_post_hook(hook))

    training = model.training
    model.eval()
    model.apply(add_hooks)
    try:
        with no_grad():
            model(inputs)
    finally:
        for h in handles:
            h.remove()
        if training:
            model.train()

    table = Table(["Layer Name", "Input Shape", "Output Shape", "Params", "Flops"])
    total_ops = total_params = 0
    for m in model.sublayers():
        row = stats.get(id(m))
        if row is None or not _is_leaf(m):
            continue
        total_ops += row["ops"]
        total_params += row["params"]
        table.add_row([m.full_name(), row["input_shape"], row["output_shape"], row["params"],
                       row["ops"]])
    if print_detail:
        table.print_table()
    print(f"Total Flops: {int(total_ops)}     Total Params: {int(total_params)}")
    return int(total_ops)


def flops(net, input_size, custom_ops=None, print_detail=False):
    """The FLOPs of one forward pass of ``net`` on an input of shape
    ``input_size``, counted as PaddlePaddle counts them; prints the totals
    (and with ``print_detail`` a table per layer).

    Args:
        net (Layer): the network.
        input_size (list[int]): the input's shape, batch included.
        custom_ops (dict, optional): {Layer class: fn(layer, inputs, output)}
            counting a layer type; fn returns the count (or adds it to
            ``layer.total_ops``).
        print_detail (bool): print the per-layer table.

    Example:
        >>> net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU())
        >>> paddle.flops(net, [1, 4])  # doctest: +ELLIPSIS
        <class '...Linear'>'s flops has been counted
        <class '...ReLU'>'s flops has been counted
        Total Flops: 32     Total Params: 40
        32
    """
    if not isinstance(net, Layer):
        raise TypeError(f"Your model must be an instance of paddle.nn.Layer, got "
                        f"{type(net).__name__}")
    if not isinstance(input_size, (list, tuple)) or not all(
            isinstance(d, (int, np.integer)) and d > 0 for d in input_size):
        raise ValueError(f"input_size must be a list of positive ints, got {input_size!r}")
    inputs = _creation.randn(list(input_size))
    return dynamic_flops(net, inputs, custom_ops=custom_ops, print_detail=print_detail)
