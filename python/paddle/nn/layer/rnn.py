"""Recurrent layers: the cells (SimpleRNNCell, LSTMCell, GRUCell), RNN and
BiRNN that step a cell over time with tensor ops, and the multi-layer
SimpleRNN, LSTM and GRU that run the fused `rnn` op. Parameter names, shapes,
gate order and initialization follow PaddlePaddle so its state_dicts load."""
import math

from ...tensor._helpers import Tensor, op
from ...tensor.creation import arange, zeros
from ...tensor.layout import flip
from ...tensor.manipulation import cast, concat, split, stack, transpose, unsqueeze
from ...tensor.math import matmul
from .. import functional as F
from ..initializer import Constant, Uniform
from .container import LayerList
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle

_rnn = op("rnn", ["Input", "PreState", "WeightList", "SequenceLength"],
          ["dropout_prob", "is_bidirec", "input_size", "hidden_size", "num_layers", "mode",
           "seed", "is_test"], ["Out", "State"])


def _positive(value, what, cls):
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ValueError(f"[{cls}] {what} must be a positive int, got {value!r}")


class RNNCellBase(Layer):
    """The base of the cells: zero initial states shaped by state_shape.

    Args:
        name_scope (str, optional): The prefix of the layer's full name. Default None: the class
            name in snake case.
        dtype (str, optional): The layer's dtype. Default 'float32'.

    Returns:
        RNNCellBase: The base of the cells, whose get_initial_states makes their zero states.

    Example:
        >>> cell = paddle.nn.GRUCell(3, 4)
        >>> cell.get_initial_states(paddle.ones([2, 3])).shape
        paddle.Size([2, 4])
    """

    def get_initial_states(self, batch_ref, shape=None, dtype=None, init_value=0.0,
                           batch_dim_idx=0):
        """States filled with init_value, [batch, *state_shape] each (the batch
        size taken from batch_ref's dim batch_dim_idx).

        Args:
            batch_ref (Tensor): A tensor whose dim batch_dim_idx gives the batch size.
            shape (list|tuple, optional): The state's shape without the batch dim, or a list of such
                shapes for several states. Default None: the cell's state_shape.
            dtype (str|paddle.dtype, optional): The states' dtype. Default None: batch_ref's dtype.
            init_value (float, optional): The value to fill them with. Default 0.0.
            batch_dim_idx (int, optional): The dim of batch_ref that holds the batch size.
                Default 0.

        Returns:
            Tensor|tuple: One state [batch, *shape], or a tuple of them when shape lists several.

        Example:
            >>> paddle.nn.LSTMCell(3, 4).get_initial_states(paddle.ones([2, 3]))[1].shape
            paddle.Size([2, 4])
        """
        batch = batch_ref.shape[batch_dim_idx]
        shape = self.state_shape if shape is None else shape
        dtype = batch_ref.dtype if dtype is None else dtype
        if isinstance(shape[0], (list, tuple)):
            return tuple(zeros([batch] + list(s), dtype) + init_value for s in shape)
        return zeros([batch] + list(shape), dtype) + init_value

    def _create_weights(self, gates, input_size, hidden_size, weight_ih_attr, weight_hh_attr,
                        bias_ih_attr, bias_hh_attr, cls, recurrent_size=None):
        _positive(input_size, "input_size", cls)
        _positive(hidden_size, "hidden_size", cls)
        self.input_size, self.hidden_size = input_size, hidden_size
        rows = gates * hidden_size
        self.weight_ih = self._param([rows, input_size], weight_ih_attr, False)
        self.weight_hh = self._param([rows, recurrent_size or hidden_size], weight_hh_attr, False)
        self.bias_ih = self._param([rows], bias_ih_attr, True)
        self.bias_hh = self._param([rows], bias_hh_attr, True)

    def _param(self, shape, attr, is_bias):
        """Uniform(+-1/sqrt(hidden_size)); an attribute of False gives, as in
        PaddlePaddle, a fixed (stop_gradient) tensor of ones (weights) or zeros."""
        if attr is False:
            p = self.create_parameter(shape, None, is_bias=is_bias,
                                      default_initializer=Constant(0.0 if is_bias else 1.0))
            p.stop_gradient = True
            return p
        bound = 1.0 / math.sqrt(self.hidden_size)
        return self.create_parameter(shape, attr, is_bias=is_bias,
                                     default_initializer=Uniform(-bound, bound))

    def _gates(self, inputs, hidden):
        x = matmul(inputs, self.weight_ih, transpose_y=True) + self.bias_ih
        h = matmul(hidden, self.weight_hh, transpose_y=True) + self.bias_hh
        return x, h

    def extra_repr(self):
        return f"{self.input_size}, {self.hidden_size}"


class SimpleRNNCell(RNNCellBase):
    """h' = act(x W_ih^T + b_ih + h W_hh^T + b_hh), act tanh or relu; returns (h', h').

    Args:
        input_size (int): The size of each input vector, a positive int.
        hidden_size (int): The size of the hidden state, a positive int.
        activation (str, optional): 'tanh' (the default) or 'relu'.
        weight_ih_attr (ParamAttr|bool, optional): The input-to-hidden weight's attribute; False
            makes a frozen weight of ones. Default None: Uniform(-1/sqrt(hidden_size),
            1/sqrt(hidden_size)).
        weight_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden weight's attribute, as
            weight_ih_attr.
        bias_ih_attr (ParamAttr|bool, optional): The input-to-hidden bias's attribute; False makes a
            frozen bias of zeros. Default None: the same uniform.
        bias_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden bias's attribute, as
            bias_ih_attr.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        SimpleRNNCell: A layer whose forward(inputs, states=None) maps inputs [batch, input_size]
            and h [batch, hidden_size] (zeros when None) to (h', h').

    Example:
        >>> cell = paddle.nn.SimpleRNNCell(3, 4)
        >>> out, h = cell(paddle.ones([2, 3]))
        >>> out.shape
        paddle.Size([2, 4])
    """

    def __init__(self, input_size, hidden_size, activation="tanh", weight_ih_attr=None,
                 weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__()
        if activation not in ("tanh", "relu"):
            raise ValueError(f"activation for SimpleRNNCell should be tanh or relu, but get "
                             f"{activation}")
        self._create_weights(1, input_size, hidden_size, weight_ih_attr, weight_hh_attr,
                             bias_ih_attr, bias_hh_attr, "SimpleRNNCell")
        self.activation = activation
        self._activation_fn = F.tanh if activation == "tanh" else F.relu

    @property
    def state_shape(self):
        return (self.hidden_size,)

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs)
        x, h = self._gates(inputs, states)
        h = self._activation_fn(x + h)
        return h, h


class LSTMCell(RNNCellBase):
    """Gates i, f, g, o (in that order in the weights): c' = f c + i g,
    h' = o tanh(c') (then h' weight_ho when proj_size > 0); returns (h', (h', c')).

    Args:
        input_size (int): The size of each input vector, a positive int.
        hidden_size (int): The size of the hidden state, a positive int.
        weight_ih_attr (ParamAttr|bool, optional): The input-to-hidden weight's attribute; False
            makes a frozen weight of ones. Default None: Uniform(-1/sqrt(hidden_size),
            1/sqrt(hidden_size)).
        weight_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden weight's attribute, as
            weight_ih_attr.
        bias_ih_attr (ParamAttr|bool, optional): The input-to-hidden bias's attribute; False makes a
            frozen bias of zeros. Default None: the same uniform.
        bias_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden bias's attribute, as
            bias_ih_attr.
        proj_size (int, optional): If > 0, h is projected to this size by a weight_ho [hidden_size,
            proj_size]. Default 0: no projection.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        LSTMCell: A layer whose forward(inputs, states=None) maps inputs [batch, input_size] and (h,
            c) (zeros when None) to (h', (h', c')).

    Example:
        >>> cell = paddle.nn.LSTMCell(3, 4)
        >>> out, (h, c) = cell(paddle.ones([2, 3]))
        >>> c.shape
        paddle.Size([2, 4])
    """

    def __init__(self, input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None):
        super().__init__()
        if not isinstance(proj_size, int) or proj_size < 0:
            raise ValueError(f"proj_size of LSTMCell must be a non-negative int, got "
                             f"{proj_size!r}")
        if proj_size >= hidden_size:
            raise ValueError("proj_size must be smaller than hidden_size")
        self._create_weights(4, input_size, hidden_size, weight_ih_attr, weight_hh_attr,
                             bias_ih_attr, bias_hh_attr, "LSTMCell", recurrent_size=proj_size)
        self.proj_size = proj_size
        if proj_size > 0:
            self.weight_ho = self._param([hidden_size, proj_size], weight_hh_attr, False)

    @property
    def state_shape(self):
        # h is projected to proj_size; c keeps hidden_size.
        return ((self.proj_size or self.hidden_size,), (self.hidden_size,))

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs)
        pre_h, pre_c = states
        x, h = self._gates(inputs, pre_h)
        i, f, g, o = split(x + h, 4, axis=-1)
        c = F.sigmoid(f) * pre_c + F.sigmoid(i) * F.tanh(g)
        h = F.sigmoid(o) * F.tanh(c)
        if self.proj_size > 0:
            h = matmul(h, self.weight_ho)
        return h, (h, c)


class GRUCell(RNNCellBase):
    """Gates r, z, c (in that order): r and z from sigmoid, c = tanh(x_c +
    r * h_c), h' = z h + (1 - z) c; returns (h', h').

    Args:
        input_size (int): The size of each input vector, a positive int.
        hidden_size (int): The size of the hidden state, a positive int.
        weight_ih_attr (ParamAttr|bool, optional): The input-to-hidden weight's attribute; False
            makes a frozen weight of ones. Default None: Uniform(-1/sqrt(hidden_size),
            1/sqrt(hidden_size)).
        weight_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden weight's attribute, as
            weight_ih_attr.
        bias_ih_attr (ParamAttr|bool, optional): The input-to-hidden bias's attribute; False makes a
            frozen bias of zeros. Default None: the same uniform.
        bias_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden bias's attribute, as
            bias_ih_attr.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        GRUCell: A layer whose forward(inputs, states=None) maps inputs [batch, input_size] and h
            [batch, hidden_size] (zeros when None) to (h', h').

    Example:
        >>> cell = paddle.nn.GRUCell(3, 4)
        >>> out, h = cell(paddle.ones([2, 3]))
        >>> h.shape
        paddle.Size([2, 4])
    """

    def __init__(self, input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__()
        self._create_weights(3, input_size, hidden_size, weight_ih_attr, weight_hh_attr,
                             bias_ih_attr, bias_hh_attr, "GRUCell")

    @property
    def state_shape(self):
        return (self.hidden_size,)

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs)
        x, h = self._gates(inputs, states)
        x_r, x_z, x_c = split(x, 3, axis=-1)
        h_r, h_z, h_c = split(h, 3, axis=-1)
        r = F.sigmoid(x_r + h_r)
        z = F.sigmoid(x_z + h_z)
        c = F.tanh(x_c + r * h_c)
        h = (states - c) * z + c
        return h, h


def _map(fn, *structures):
    first = structures[0]
    if isinstance(first, (list, tuple)):
        return type(first)(_map(fn, *parts) for parts in zip(*structures))
    return fn(*structures)


def _step_mask(sequence_length, steps, dtype):
    """[steps, batch, 1]: 1 where step t < sequence_length[n], else 0."""
    lengths = cast(sequence_length, "int64")
    return unsqueeze(cast(unsqueeze(arange(steps, dtype="int64"), 1) <
                          unsqueeze(lengths, 0), dtype), -1)


def _run_cell(cell, inputs, initial_states, sequence_length, time_major, is_reverse, **kwargs):
    """Steps cell over time; past a row's length its states are carried."""
    if inputs.ndim != 3:
        raise ValueError(f"[RNN] inputs must be 3-D, got shape {list(inputs.shape)}")
    if not time_major:
        inputs = transpose(inputs, [1, 0, 2])
    steps = inputs.shape[0]
    if initial_states is None:
        initial_states = cell.get_initial_states(inputs, batch_dim_idx=1)
    mask = None
    if sequence_length is not None:
        mask = _step_mask(sequence_length, steps, inputs.dtype)
    order = range(steps - 1, -1, -1) if is_reverse else range(steps)
    states, outputs = initial_states, [None] * steps
    for t in order:
        out, new_states = cell(inputs[t], states, **kwargs)
        if mask is not None:
            keep = mask[t]
            new_states = _map(lambda old, new: old * (1.0 - keep) + new * keep,
                              states, new_states)
        states, outputs[t] = new_states, out
    out = stack(outputs, 0)
    return (out if time_major else transpose(out, [1, 0, 2])), states


class RNN(Layer):
    """Runs a cell over every time step (reversed when is_reverse); inputs
    [batch, time, size] (or [time, batch, size] when time_major). Returns
    (outputs, final states).

    Args:
        cell (RNNCellBase): The cell run at each step, such as an LSTMCell.
        is_reverse (bool, optional): Step from the last time step to the first. Default False.
        time_major (bool, optional): Whether inputs are [time, batch, size] instead of [batch, time,
            size]. Default False.

    Returns:
        RNN: A layer whose forward(inputs, initial_states=None, sequence_length=None) returns
            (outputs, final_states); past a sample's sequence_length its states are carried
            unchanged.

    Example:
        >>> rnn = paddle.nn.RNN(paddle.nn.GRUCell(3, 4))
        >>> out, h = rnn(paddle.ones([2, 5, 3]))
        >>> out.shape
        paddle.Size([2, 5, 4])
    """

    def __init__(self, cell, is_reverse=False, time_major=False):
        super().__init__()
        if not isinstance(cell, Layer) or not hasattr(cell, "state_shape"):
            raise TypeError(f"[RNN] cell must be an RNN cell layer, got {type(cell).__name__}")
        self.cell = cell
        self.is_reverse = is_reverse
        self.time_major = time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        return _run_cell(self.cell, inputs, initial_states, sequence_length, self.time_major,
                         self.is_reverse, **kwargs)


class BiRNN(Layer):
    """cell_fw over time forwards and cell_bw backwards; outputs concatenated
    on the last axis; final states (forward's, backward's).

    Args:
        cell_fw (RNNCellBase): The cell run forwards in time.
        cell_bw (RNNCellBase): The cell run backwards; its input_size must equal cell_fw's.
        time_major (bool, optional): Whether inputs are [time, batch, size] instead of [batch, time,
            size]. Default False.

    Returns:
        BiRNN: A layer whose forward(inputs, initial_states=None, sequence_length=None) returns
            (outputs, (states_fw, states_bw)), the outputs of both directions concatenated on the
            last axis.

    Example:
        >>> birnn = paddle.nn.BiRNN(paddle.nn.GRUCell(3, 4), paddle.nn.GRUCell(3, 4))
        >>> out, (h_fw, h_bw) = birnn(paddle.ones([2, 5, 3]))
        >>> out.shape
        paddle.Size([2, 5, 8])
    """

    def __init__(self, cell_fw, cell_bw, time_major=False):
        super().__init__()
        if cell_fw.input_size != cell_bw.input_size:
            raise ValueError(f"input size of forward cell({cell_fw.input_size}) does not equal"
                             f" that of backward cell({cell_bw.input_size})")
        self.cell_fw = cell_fw
        self.cell_bw = cell_bw
        self.time_major = time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        if initial_states is None:
            initial_states = (None, None)
        elif not isinstance(initial_states, (list, tuple)) or len(initial_states) != 2:
            raise ValueError("[BiRNN] initial_states must be (forward states, backward states)")
        out_fw, states_fw = _run_cell(self.cell_fw, inputs, initial_states[0], sequence_length,
                                      self.time_major, False, **kwargs)
        out_bw, states_bw = _run_cell(self.cell_bw, inputs, initial_states[1], sequence_length,
                                      self.time_major, True, **kwargs)
        return concat([out_fw, out_bw], -1), (states_fw, states_bw)


def _run_cell_layer(layer, x, initial_states, sequence_length):
    """An RNN or BiRNN sublayer over time-major x."""
    if isinstance(layer, RNN):
        return _run_cell(layer.cell, x, initial_states, sequence_length, True, layer.is_reverse)
    out_fw, fw = _run_cell(layer.cell_fw, x, initial_states[0], sequence_length, True, False)
    out_bw, bw = _run_cell(layer.cell_bw, x, initial_states[1], sequence_length, True, True)
    return concat([out_fw, out_bw], -1), (fw, bw)


_DIRECTIONS = {"forward": 1, "bidirect": 2, "bidirectional": 2}


class RNNBase(LayerList):
    """The multi-layer recurrent networks on the fused `rnn` op. Sublayers
    "0", "1", ... are RNN/BiRNN wrappers of cells (as in PaddlePaddle); their
    weights are also registered flat as weight_ih_l{k}[_reverse] etc."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, **cell_kwargs):
        super().__init__()
        cls = type(self).__name__
        if direction not in _DIRECTIONS:
            raise ValueError(f"direction should be forward or bidirect (or bidirectional), "
                             f"received direction = {direction}")
        _positive(input_size, "input_size", cls)
        _positive(hidden_size, "hidden_size", cls)
        _positive(num_layers, "num_layers", cls)
        if not 0.0 <= dropout < 1.0:
            raise ValueError(f"[{cls}] dropout must be in [0, 1), got {dropout}")
        self.mode, self.input_size, self.hidden_size = mode, input_size, hidden_size
        self.num_layers, self.direction, self.time_major = num_layers, direction, time_major
        self.dropout = dropout
        self.num_directions = _DIRECTIONS[direction]
        self.state_components = 2 if mode == "LSTM" else 1
        cell_cls = {"LSTM": LSTMCell, "GRU": GRUCell}.get(mode, SimpleRNNCell)
        attrs = dict(weight_ih_attr=weight_ih_attr, weight_hh_attr=weight_hh_attr,
                     bias_ih_attr=bias_ih_attr, bias_hh_attr=bias_hh_attr, **cell_kwargs)
        self.proj_size = cell_kwargs.get("proj_size", 0)
        size = input_size
        for _ in range(num_layers):
            if self.num_directions == 1:
                self.append(RNN(cell_cls(size, hidden_size, **attrs), False, time_major))
            else:
                self.append(BiRNN(cell_cls(size, hidden_size, **attrs),
                                  cell_cls(size, hidden_size, **attrs), time_major))
            size = (self.proj_size or hidden_size) * self.num_directions
        self._cells = [c for layer in self for c in ([layer.cell] if self.num_directions == 1
                                                      else [layer.cell_fw, layer.cell_bw])]
        self._register_flat_names(bias_ih_attr is not False, bias_hh_attr is not False)

    def _register_flat_names(self, bias_ih, bias_hh):
        """Registers the cells' parameters under PaddlePaddle's flat names:
        as it does, the names (weight_ih_l0, weight_hh_l0, bias_ih_l0, ...;
        a turned-off bias has no name) are paired in order with all the
        cells' parameters, which with proj_size's weight_ho shifts them."""
        names = []
        for layer in range(self.num_layers):
            for direction in range(self.num_directions):
                suffix = f"l{layer}" + ("_reverse" if direction == 1 else "")
                kinds = ["weight_ih", "weight_hh"] + ["bias_ih"] * bias_ih + ["bias_hh"] * bias_hh
                names += [f"{kind}_{suffix}" for kind in kinds]
        params = [p for cell in self._cells for p in cell.parameters()]
        for name, param in zip(names, params):
            setattr(self, name, param)

    def _weight_list(self):
        """The op's WeightList: every cell's W_ih, W_hh, then every cell's b_ih, b_hh."""
        weights = [w for cell in self._cells for w in (cell.weight_ih, cell.weight_hh)]
        return weights + [b for cell in self._cells for b in (cell.bias_ih, cell.bias_hh)]

    def _run_cells(self, x, states, sequence_length):
        """The projected LSTM, which the fused op does not cover: the RNN/BiRNN
        sublayers one after another, dropout between them. x is time-major."""
        def entry(k):
            parts = [s[k] for s in states]
            return parts[0] if len(parts) == 1 else tuple(parts)
        finals = []
        for i, layer in enumerate(self):
            if i > 0 and self.dropout:
                x = F.dropout(x, self.dropout, training=self.training, mode="upscale_in_train")
            d = self.num_directions
            init = entry(i) if d == 1 else (entry(2 * i), entry(2 * i + 1))
            x, final = _run_cell_layer(layer, x, init, sequence_length)
            finals += [final] if d == 1 else list(final)
        if self.state_components == 1:
            return x, [stack(finals, 0)]
        return x, [stack([f[j] for f in finals], 0) for j in range(2)]

    def forward(self, inputs, initial_states=None, sequence_length=None):
        cls = type(self).__name__
        if not isinstance(inputs, Tensor) or inputs.ndim != 3:
            raise ValueError(f"[{cls}] inputs must be a 3-D Tensor, got "
                             f"{getattr(inputs, 'shape', type(inputs).__name__)}")
        if inputs.shape[-1] != self.input_size:
            raise ValueError(f"[{cls}] inputs' last dim is {inputs.shape[-1]}, expected "
                             f"input_size {self.input_size}")
        x = inputs if self.time_major else transpose(inputs, [1, 0, 2])
        entries = self.num_layers * self.num_directions
        shapes = [[entries, x.shape[1], self.proj_size or self.hidden_size],
                  [entries, x.shape[1], self.hidden_size]][:self.state_components]
        if initial_states is None:
            states = [zeros(shape, x.dtype) for shape in shapes]
        else:
            states = [initial_states] if isinstance(initial_states, Tensor) \
                else list(initial_states)
            if [list(s.shape) for s in states] != shapes:
                raise ValueError(f"[{cls}] initial_states must be {self.state_components} "
                                 f"Tensor(s) of shapes {shapes}, got "
                                 f"{[list(s.shape) for s in states]}")
        if sequence_length is not None:
            sequence_length = cast(sequence_length, "int64")
        if self.proj_size:
            out, final = self._run_cells(x, states, sequence_length)
        else:
                out, final = _rnn(x, states, self._weight_list(), sequence_length,
                              float(self.dropout), self.num_directions == 2, self.input_size,
                              self.hidden_size, self.num_layers, self.mode, 0,
                              not self.training, self.state_components)
        if not self.time_major:
            out = transpose(out, [1, 0, 2])
        return out, (tuple(final) if self.state_components == 2 else final[0])

    def extra_repr(self):
        text = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            text += f", num_layers={self.num_layers}"
        if self.time_major:
            text += f", time_major={self.time_major}"
        if self.dropout:
            text += f", dropout={self.dropout}"
        return text


class SimpleRNN(RNNBase):
    """A multi-layer Elman RNN (tanh or relu) on the fused rnn op. Returns
    (outputs [batch, time, D * hidden], final h [layers * D, batch, hidden]).

    Args:
        input_size (int): The size of each input vector, a positive int.
        hidden_size (int): The size of the hidden state, a positive int.
        num_layers (int, optional): The number of stacked layers, a positive int. Default 1.
        direction (str, optional): 'forward' (the default), or 'bidirect' / 'bidirectional' for a
            forward and a backward network whose outputs are concatenated.
        time_major (bool, optional): Whether inputs are [time, batch, size] instead of [batch, time,
            size]. Default False.
        dropout (float, optional): The dropout probability, in [0, 1), applied to each layer's
            outputs but the last's. Default 0.0.
        activation (str, optional): 'tanh' (the default) or 'relu'.
        weight_ih_attr (ParamAttr|bool, optional): The input-to-hidden weight's attribute; False
            makes a frozen weight of ones. Default None: Uniform(-1/sqrt(hidden_size),
            1/sqrt(hidden_size)).
        weight_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden weight's attribute, as
            weight_ih_attr.
        bias_ih_attr (ParamAttr|bool, optional): The input-to-hidden bias's attribute; False makes a
            frozen bias of zeros. Default None: the same uniform.
        bias_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden bias's attribute, as
            bias_ih_attr.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        SimpleRNN: A layer whose forward(inputs, initial_states=None, sequence_length=None) returns
            (outputs [batch, time, D * hidden_size], h [num_layers * D, batch, hidden_size]), D
            being 2 when bidirectional, else 1.

    Example:
        >>> rnn = paddle.nn.SimpleRNN(3, 4, num_layers=2)
        >>> out, h = rnn(paddle.ones([2, 5, 3]))
        >>> h.shape
        paddle.Size([2, 2, 4])
    """

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, activation="tanh", weight_ih_attr=None,
                 weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        modes = {"tanh": "RNN_TANH", "relu": "RNN_RELU"}
        if activation not in modes:
            raise ValueError(f"Unknown activation '{activation}'")
        super().__init__(modes[activation], input_size, hidden_size, num_layers, direction,
                         time_major, dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr,
                         bias_hh_attr, activation=activation)
        self.activation = activation


class LSTM(RNNBase):
    """A multi-layer LSTM on the fused rnn op (stepping its cells when
    proj_size > 0). Returns (outputs, (h, c)), h and c [layers * D, batch,
    hidden] (h's last dim proj_size when given).

    Args:
        input_size (int): The size of each input vector, a positive int.
        hidden_size (int): The size of the hidden state, a positive int.
        num_layers (int, optional): The number of stacked layers, a positive int. Default 1.
        direction (str, optional): 'forward' (the default), or 'bidirect' / 'bidirectional' for a
            forward and a backward network whose outputs are concatenated.
        time_major (bool, optional): Whether inputs are [time, batch, size] instead of [batch, time,
            size]. Default False.
        dropout (float, optional): The dropout probability, in [0, 1), applied to each layer's
            outputs but the last's. Default 0.0.
        weight_ih_attr (ParamAttr|bool, optional): The input-to-hidden weight's attribute; False
            makes a frozen weight of ones. Default None: Uniform(-1/sqrt(hidden_size),
            1/sqrt(hidden_size)).
        weight_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden weight's attribute, as
            weight_ih_attr.
        bias_ih_attr (ParamAttr|bool, optional): The input-to-hidden bias's attribute; False makes a
            frozen bias of zeros. Default None: the same uniform.
        bias_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden bias's attribute, as
            bias_ih_attr.
        proj_size (int, optional): If > 0, h is projected to this size, smaller than hidden_size.
            Default 0: no projection.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        LSTM: A layer whose forward(inputs, initial_states=None, sequence_length=None) returns
            (outputs [batch, time, D * hidden_size], (h, c)), h and c [num_layers * D, batch,
            hidden_size] (h's last dim proj_size when set), D being 2 when bidirectional, else 1.

    Example:
        >>> lstm = paddle.nn.LSTM(3, 4, direction="bidirect")
        >>> out, (h, c) = lstm(paddle.ones([2, 5, 3]))
        >>> out.shape
        paddle.Size([2, 5, 8])
    """

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None):
        super().__init__("LSTM", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr,
                         proj_size=proj_size)


class GRU(RNNBase):
    """A multi-layer GRU on the fused rnn op. Returns (outputs, final h).

    Args:
        input_size (int): The size of each input vector, a positive int.
        hidden_size (int): The size of the hidden state, a positive int.
        num_layers (int, optional): The number of stacked layers, a positive int. Default 1.
        direction (str, optional): 'forward' (the default), or 'bidirect' / 'bidirectional' for a
            forward and a backward network whose outputs are concatenated.
        time_major (bool, optional): Whether inputs are [time, batch, size] instead of [batch, time,
            size]. Default False.
        dropout (float, optional): The dropout probability, in [0, 1), applied to each layer's
            outputs but the last's. Default 0.0.
        weight_ih_attr (ParamAttr|bool, optional): The input-to-hidden weight's attribute; False
            makes a frozen weight of ones. Default None: Uniform(-1/sqrt(hidden_size),
            1/sqrt(hidden_size)).
        weight_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden weight's attribute, as
            weight_ih_attr.
        bias_ih_attr (ParamAttr|bool, optional): The input-to-hidden bias's attribute; False makes a
            frozen bias of zeros. Default None: the same uniform.
        bias_hh_attr (ParamAttr|bool, optional): The hidden-to-hidden bias's attribute, as
            bias_ih_attr.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        GRU: A layer whose forward(inputs, initial_states=None, sequence_length=None) returns
            (outputs [batch, time, D * hidden_size], h [num_layers * D, batch, hidden_size]), D
            being 2 when bidirectional, else 1.

    Example:
        >>> gru = paddle.nn.GRU(3, 4)
        >>> out, h = gru(paddle.ones([2, 5, 3]))
        >>> h.shape
        paddle.Size([1, 2, 4])
    """

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__("GRU", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr)
