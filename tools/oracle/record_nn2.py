"""Records what PaddlePaddle 3.3.1's attention, transformer and RNN layers
compute, for tests/data/nn2/cases.npz.

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency):

    python tools/oracle/record_nn2.py tests/data/nn2/cases.npz

Each case `<case>` stores its layer's state_dict as `<case>/sd/<key>`, its
inputs as `<case>/in/<name>`, its outputs as `<case>/out/<name>` and the
gradient of sum(first output) with respect to input `<name>` as
`<case>/grad/<name>`. Dropout is 0 everywhere so the numbers are exact.
The Transformer's and the bidirectional RNNs' weights are also written with
paddle.save as <case>.pdparams next to the npz.
"""
import os
import sys

import numpy as np
import paddle
import paddle.nn as nn
import paddle.nn.functional as F

rng = np.random.default_rng(7)
store = {}


def rand(*shape):
    return rng.standard_normal(shape).astype("float32")


def flatten(outs):
    if not isinstance(outs, (list, tuple)):
        return [outs]
    return [t for o in outs for t in flatten(o)]


def record(case, layer, inputs, call, grad_of=(), save_to=None):
    # Fresh random weights (not PaddlePaddle's initializers), so a loaded
    # state_dict, not a matching initializer, is what makes outputs agree.
    for value in layer.state_dict().values():
        value.set_value((rand(*value.shape) * 0.5).astype("float32"))
    # Read back after all sets: the fused RNNs hold each weight under two keys.
    for key, value in layer.state_dict().items():
        store[f"{case}/sd/{key}"] = value.numpy()
    if save_to:  # PaddlePaddle's own .pdparams file of these weights
        paddle.save(layer.state_dict(), save_to)
    tensors = {}
    for name, arr in inputs.items():
        store[f"{case}/in/{name}"] = arr
        t = paddle.to_tensor(arr)
        t.stop_gradient = name not in grad_of
        tensors[name] = t
    outs = call(layer, tensors)
    flat = flatten(outs)
    for i, o in enumerate(flat):
        store[f"{case}/out/{i}"] = o.numpy()
    if grad_of:
        flat[0].sum().backward()
        for name in grad_of:
            store[f"{case}/grad/{name}"] = tensors[name].grad.numpy()
        for key, p in layer.named_parameters():
            store[f"{case}/pgrad/{key}"] = p.grad.numpy()


def main(path):
    out_dir = os.path.dirname(path)
    paddle.seed(0)
    q, kv = rand(2, 3, 8), rand(2, 4, 6)
    bool_mask = rng.random((2, 1, 3, 4)) > 0.3
    bool_mask[..., 0] = True
    record("mha", nn.MultiHeadAttention(8, 2, kdim=6, vdim=6, need_weights=True),
           {"q": q, "k": kv, "v": kv, "mask": bool_mask},
           lambda m, t: m(t["q"], t["k"], t["v"], t["mask"]), grad_of=("q", "k"))
    float_mask = np.where(rng.random((3, 3)) > 0.5, 0.0, -1e9).astype("float32")
    np.fill_diagonal(float_mask, 0.0)
    record("mha_self", nn.MultiHeadAttention(8, 4),
           {"q": q, "mask": float_mask}, lambda m, t: m(t["q"], attn_mask=t["mask"]),
           grad_of=("q",))
    src, tgt = rand(2, 5, 8), rand(2, 3, 8)
    causal = nn.Transformer.generate_square_subsequent_mask(None, 3).numpy()
    store["square_mask_3"] = causal
    for pre in (False, True):
        act = "gelu" if pre else "relu"
        enc = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, activation=act,
                                         normalize_before=pre)
        record(f"enc_layer_pre{int(pre)}", enc, {"src": src},
               lambda m, t: m(t["src"]), grad_of=("src",))
        dec = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, activation=act,
                                         normalize_before=pre)
        record(f"dec_layer_pre{int(pre)}", dec, {"tgt": tgt, "mem": src, "mask": causal},
               lambda m, t: m(t["tgt"], t["mem"], tgt_mask=t["mask"]), grad_of=("tgt", "mem"))
    encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2,
                                    nn.LayerNorm(8))
    record("encoder", encoder, {"src": src}, lambda m, t: m(t["src"]))
    decoder = nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0), 2)
    record("decoder", decoder, {"tgt": tgt, "mem": src},
           lambda m, t: m(t["tgt"], t["mem"]))
    model = nn.Transformer(8, 2, 1, 2, 16, dropout=0.0, normalize_before=True)
    record("transformer", model, {"src": src, "tgt": tgt, "mask": causal},
           lambda m, t: m(t["src"], t["tgt"], tgt_mask=t["mask"]), grad_of=("src",),
           save_to=os.path.join(out_dir, "transformer.pdparams"))

    x = rand(3, 4, 3)  # batch-major [N, T, I]
    lengths = np.array([4, 2, 3], "int64")
    for cls, mode, kw in ((nn.SimpleRNN, "simple", {"activation": "relu"}),
                          (nn.LSTM, "lstm", {}), (nn.GRU, "gru", {})):
        net = cls(3, 5, num_layers=2, direction="bidirect", **kw)
        n_states = 2 if mode == "lstm" else 1
        init = {f"h{i}": rand(4, 3, 5) for i in range(n_states)}

        def call(m, t, n_states=n_states):
            states = [t[f"h{i}"] for i in range(n_states)]
            states = states[0] if n_states == 1 else states
            return m(t["x"], states, t["len"])
        record(f"{mode}_bi", net, {"x": x, "len": lengths, **init}, call,
               grad_of=("x", "h0"), save_to=os.path.join(out_dir, f"{mode}_bi.pdparams"))
        net = cls(3, 5, time_major=True, **kw)
        record(f"{mode}_tm", net, {"x": x.transpose(1, 0, 2).copy()},
               lambda m, t: m(t["x"]), grad_of=("x",))
    for cls, mode in ((nn.SimpleRNNCell, "simple"), (nn.LSTMCell, "lstm"), (nn.GRUCell, "gru")):
        record(f"{mode}_cell", cls(3, 5), {"x": x[:, 0]},
               lambda m, t: m(t["x"]), grad_of=("x",))
        record(f"{mode}_rnn", nn.RNN(cls(3, 5), is_reverse=True), {"x": x, "len": lengths},
               lambda m, t: m(t["x"], sequence_length=t["len"]), grad_of=("x",))
        record(f"{mode}_birnn", nn.BiRNN(cls(3, 5), cls(3, 5)), {"x": x, "len": lengths},
               lambda m, t: m(t["x"], sequence_length=t["len"]), grad_of=("x",))
    proj = nn.LSTM(3, 5, num_layers=2, direction="bidirect", proj_size=2)
    record("lstm_proj", proj, {"x": x, "len": lengths, "h": rand(4, 3, 2), "c": rand(4, 3, 5)},
           lambda m, t: m(t["x"], (t["h"], t["c"]), t["len"]), grad_of=("x", "h"))
    record("lstm_proj_cell", nn.LSTMCell(3, 5, proj_size=2),
           {"x": x[:, 0], "h": rand(3, 2), "c": rand(3, 5)},
           lambda m, t: m(t["x"], (t["h"], t["c"])), grad_of=("x",))
    # Only the names: PaddlePaddle 3.3.1's CPU rnn fails to run this one.
    no_bias = nn.GRU(3, 5, num_layers=2, bias_ih_attr=False).state_dict()
    store["gru_no_bias_ih/keys"] = np.array(list(no_bias))
    store["gru_no_bias_ih/shapes"] = np.array([str(list(v.shape)) for v in no_bias.values()])
    qs, ks = rand(2, 3, 2, 4), rand(2, 5, 2, 4)
    store["sdpa/in/q"], store["sdpa/in/k"], store["sdpa/in/v"] = qs, ks, rand(2, 5, 2, 4)
    store["sdpa/out/0"] = F.scaled_dot_product_attention(
        paddle.to_tensor(qs), paddle.to_tensor(ks), paddle.to_tensor(store["sdpa/in/v"])).numpy()
    qt, kt, vt = (paddle.to_tensor(store[f"sdpa/in/{n}"]) for n in "qkv")
    mask = rng.random((2, 2, 3, 5)) > 0.4
    mask[..., 0] = True
    store["sdpa/in/mask"] = mask
    store["sdpa/out/mask"] = F.scaled_dot_product_attention(
        qt, kt, vt, attn_mask=paddle.to_tensor(mask)).numpy()
    store["sdpa/out/causal"] = F.scaled_dot_product_attention(qt, kt, vt, is_causal=True).numpy()
    np.savez_compressed(path, **store)


if __name__ == "__main__":
    main(sys.argv[1])
