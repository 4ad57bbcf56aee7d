"""The RNN cells, RNN/BiRNN and the fused SimpleRNN/LSTM/GRU against
PaddlePaddle 3.3.1's outputs and gradients for the same weights
(tests/data/nn2/cases.npz, recorded by tools/oracle/record_nn2.py)."""
import os

import numpy as np
import pytest

import paddle
import paddle.nn as nn
from test_nn_transformer import CASES, run_case

FUSED = {"simple": (nn.SimpleRNN, {"activation": "relu"}), "lstm": (nn.LSTM, {}),
         "gru": (nn.GRU, {})}
DATA = os.path.join(os.path.dirname(__file__), "..", "data", "nn2")
CELLS = {"simple": nn.SimpleRNNCell, "lstm": nn.LSTMCell, "gru": nn.GRUCell}


def finite_difference(fn, arr, eps=1e-2):
    grad = np.zeros_like(arr)
    for idx in np.ndindex(*arr.shape):
        hi, lo = arr.copy(), arr.copy()
        hi[idx] += eps
        lo[idx] -= eps
        grad[idx] = (fn(hi) - fn(lo)) / (2 * eps)
    return grad


@pytest.mark.parametrize("mode", sorted(FUSED))
def test_fused_bidirectional_two_layers_with_states_and_lengths(mode):
    cls, kw = FUSED[mode]
    net = cls(3, 5, num_layers=2, direction="bidirect", **kw)
    n_states = 2 if mode == "lstm" else 1

    def call(m, t):
        states = [t[f"h{i}"] for i in range(n_states)]
        return m(t["x"], states[0] if n_states == 1 else states, t["len"])
    run_case(f"{mode}_bi", net, call, atol=1e-4)
    # PaddlePaddle 3.3.1's CPU rnn gradient disagrees with finite differences of
    # its own forward when sequence_length cuts rows short, so the gradients
    # here are checked against finite differences instead of its numbers.
    inputs = {k: v for k, v in CASES.items() if k.startswith(f"{mode}_bi/in/")}
    inputs = {k.rsplit("/", 1)[1]: v for k, v in inputs.items()}

    def loss(name, value):
        t = {k: paddle.to_tensor(value if k == name else v) for k, v in inputs.items()}
        return float(call(net, t)[0].numpy().astype("float64").sum())
    for name in ("x", "h0"):
        t = {k: paddle.to_tensor(v) for k, v in inputs.items()}
        t[name].stop_gradient = False
        call(net, t)[0].sum().backward()
        expected = finite_difference(lambda v: loss(name, v), inputs[name])
        np.testing.assert_allclose(t[name].grad.numpy(), expected, atol=2e-3)


@pytest.mark.parametrize("mode", sorted(FUSED))
def test_fused_time_major(mode):
    cls, kw = FUSED[mode]
    run_case(f"{mode}_tm", cls(3, 5, time_major=True, **kw), lambda m, t: m(t["x"]), ("x",),
             atol=1e-4)


@pytest.mark.parametrize("mode", sorted(FUSED))
def test_fused_state_dict_keys_follow_paddle(mode):
    # Flat weight_ih_l0... first, then the same tensors as 0.cell_fw.weight_ih...
    cls, kw = FUSED[mode]
    net = cls(3, 5, num_layers=2, direction="bidirectional", **kw)
    prefix = f"{mode}_bi/sd/"
    recorded = [k[len(prefix):] for k in CASES.files if k.startswith(prefix)]
    assert list(net.state_dict()) == recorded
    assert net.state_dict()["weight_ih_l1_reverse"] is net[1].cell_bw.weight_ih
    missing, unexpected = net.set_state_dict(
        {k: paddle.to_tensor(CASES[prefix + k]) for k in recorded})
    assert missing == [] and unexpected == []


@pytest.mark.parametrize("mode", sorted(CELLS))
def test_cells_rnn_and_birnn(mode):
    cell = CELLS[mode]
    run_case(f"{mode}_cell", cell(3, 5), lambda m, t: m(t["x"]), ("x",))
    run_case(f"{mode}_rnn", nn.RNN(cell(3, 5), is_reverse=True),
             lambda m, t: m(t["x"], sequence_length=t["len"]), ("x",))
    run_case(f"{mode}_birnn", nn.BiRNN(cell(3, 5), cell(3, 5)),
             lambda m, t: m(t["x"], sequence_length=t["len"]), ("x",))


def test_fused_lstm_equals_stepping_its_cells():
    paddle.seed(5)
    lstm = nn.LSTM(3, 4, num_layers=2, direction="bidirect")
    x = paddle.rand([2, 6, 3])
    out, (h, c) = lstm(x)
    ref = x
    for layer in lstm:
        ref, _ = layer(ref)
    np.testing.assert_allclose(out.numpy(), ref.numpy(), rtol=1e-5, atol=1e-5)


def test_dropout_between_layers_only_in_training():
    paddle.seed(1)
    gru = nn.GRU(3, 4, num_layers=2, dropout=0.5)
    x = paddle.rand([2, 5, 3])
    gru.eval()
    a, _ = gru(x)
    b, _ = gru(x)
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    gru.train()
    c, _ = gru(x)
    assert not np.allclose(a.numpy(), c.numpy())


def test_bad_arguments():
    with pytest.raises(ValueError, match="direction"):
        nn.LSTM(3, 4, direction="backward")
    with pytest.raises(ValueError, match="activation"):
        nn.SimpleRNN(3, 4, activation="sigmoid")
    with pytest.raises(ValueError, match="activation"):
        nn.SimpleRNNCell(3, 4, activation="sigmoid")
    with pytest.raises(ValueError, match="hidden_size"):
        nn.GRU(3, 0)
    with pytest.raises(ValueError, match="input_size"):
        nn.GRU(3, 4)(paddle.rand([2, 5, 6]))
    with pytest.raises(ValueError, match="initial_states"):
        nn.GRU(3, 4)(paddle.rand([2, 5, 3]), paddle.zeros([2, 2, 4]))
    with pytest.raises(ValueError, match="input size"):
        nn.BiRNN(nn.GRUCell(3, 4), nn.GRUCell(2, 4))
    with pytest.raises(TypeError, match="cell"):
        nn.RNN(nn.Linear(2, 2))


def test_projected_lstm_and_its_cell():
    net = nn.LSTM(3, 5, num_layers=2, direction="bidirect", proj_size=2)
    run_case("lstm_proj", net, lambda m, t: m(t["x"], (t["h"], t["c"]), t["len"]), ("x", "h"))
    run_case("lstm_proj_cell", nn.LSTMCell(3, 5, proj_size=2),
             lambda m, t: m(t["x"], (t["h"], t["c"])), ("x",))
    out, (h, c) = nn.LSTMCell(3, 5, proj_size=2)(paddle.ones([4, 3]))
    assert (out.shape, c.shape) == ([4, 2], [4, 5])
    with pytest.raises(ValueError, match="smaller than hidden_size"):
        nn.LSTM(3, 5, proj_size=5)
    with pytest.raises(ValueError, match="proj_size"):
        nn.LSTMCell(3, 5, proj_size=-1)


def test_turned_off_bias_is_a_fixed_zero_tensor_with_paddles_names():
    gru = nn.GRU(3, 5, num_layers=2, bias_ih_attr=False)
    state = gru.state_dict()
    assert list(state) == list(CASES["gru_no_bias_ih/keys"])
    assert [str(list(v.shape)) for v in state.values()] == list(CASES["gru_no_bias_ih/shapes"])
    assert gru[0].cell.bias_ih.stop_gradient
    assert not gru[0].cell.bias_ih.numpy().any()
    x = paddle.rand([2, 4, 3])
    out, _ = gru(x)
    ref, _ = gru[1](gru[0](x)[0])
    np.testing.assert_allclose(out.numpy(), ref.numpy(), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", sorted(FUSED))
def test_loads_paddles_own_pdparams(mode):
    cls, kw = FUSED[mode]
    net = cls(3, 5, num_layers=2, direction="bidirect", **kw)
    state = paddle.load(os.path.join(DATA, f"{mode}_bi.pdparams"))
    missing, unexpected = net.set_state_dict(state)
    assert missing == [] and unexpected == []
    inputs = {k.rsplit("/", 1)[1]: paddle.to_tensor(CASES[k]) for k in CASES.files
              if k.startswith(f"{mode}_bi/in/")}
    states = [inputs[f"h{i}"] for i in range(2 if mode == "lstm" else 1)]
    out, _ = net(inputs["x"], states[0] if len(states) == 1 else states, inputs["len"])
    np.testing.assert_allclose(out.numpy(), CASES[f"{mode}_bi/out/0"], rtol=1e-4, atol=1e-5)
