"""MultiHeadAttention, the Transformer layers and scaled_dot_product_attention
against PaddlePaddle 3.3.1's outputs and gradients for the same weights
(tests/data/nn2/cases.npz, recorded by tools/oracle/record_nn2.py)."""
import os

import numpy as np
import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F

CASES = np.load(os.path.join(os.path.dirname(__file__), "..", "data", "nn2", "cases.npz"))


def part(case, kind):
    prefix = f"{case}/{kind}/"
    return {k[len(prefix):]: CASES[k] for k in CASES.files if k.startswith(prefix)}


def run_case(case, layer, call, grad_of=(), atol=1e-5):
    """Loads the recorded weights into layer, runs call and compares outputs,
    input gradients and parameter gradients."""
    state = part(case, "sd")
    assert set(layer.state_dict().keys()) <= set(state)
    missing, _ = layer.set_state_dict({k: paddle.to_tensor(v) for k, v in state.items()})
    assert missing == []
    tensors = {}
    for name, arr in part(case, "in").items():
        t = paddle.to_tensor(arr)
        t.stop_gradient = name not in grad_of
        tensors[name] = t
    outs = call(layer, tensors)
    flat = []

    def walk(o):
        if isinstance(o, (list, tuple)):
            for item in o:
                walk(item)
        else:
            flat.append(o)
    walk(outs)
    expected = part(case, "out")
    assert len(flat) == len(expected)
    for i, o in enumerate(flat):
        np.testing.assert_allclose(o.numpy(), expected[str(i)], rtol=1e-4, atol=atol)
    if grad_of:
        flat[0].sum().backward()
        for name, g in part(case, "grad").items():
            np.testing.assert_allclose(tensors[name].grad.numpy(), g, rtol=1e-4, atol=atol)
        params = dict(layer.named_parameters())
        for key, g in part(case, "pgrad").items():
            if key in params:
                np.testing.assert_allclose(params[key].grad.numpy(), g, rtol=1e-4, atol=atol)


def test_multi_head_attention_cross_with_bool_mask_and_weights():
    mha = nn.MultiHeadAttention(8, 2, kdim=6, vdim=6, need_weights=True)
    run_case("mha", mha, lambda m, t: m(t["q"], t["k"], t["v"], t["mask"]), ("q", "k"))


def test_multi_head_attention_self_with_float_mask():
    run_case("mha_self", nn.MultiHeadAttention(8, 4),
             lambda m, t: m(t["q"], attn_mask=t["mask"]), ("q",))


@pytest.mark.parametrize("pre", [0, 1])
def test_encoder_and_decoder_layers(pre):
    act = "gelu" if pre else "relu"
    enc = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, activation=act,
                                     normalize_before=bool(pre))
    run_case(f"enc_layer_pre{pre}", enc, lambda m, t: m(t["src"]), ("src",))
    dec = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, activation=act,
                                     normalize_before=bool(pre))
    run_case(f"dec_layer_pre{pre}", dec,
             lambda m, t: m(t["tgt"], t["mem"], tgt_mask=t["mask"]), ("tgt", "mem"))


def test_encoder_decoder_stacks_and_transformer():
    encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2,
                                    nn.LayerNorm(8))
    run_case("encoder", encoder, lambda m, t: m(t["src"]))
    decoder = nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0), 2)
    run_case("decoder", decoder, lambda m, t: m(t["tgt"], t["mem"]))
    model = nn.Transformer(8, 2, 1, 2, 16, dropout=0.0, normalize_before=True)
    run_case("transformer", model,
             lambda m, t: m(t["src"], t["tgt"], tgt_mask=t["mask"]), ("src",))


def test_state_dict_keys_follow_paddle():
    model = nn.Transformer(8, 2, 1, 2, 16)
    expected = [k[len("transformer/sd/"):] for k in CASES.files
                if k.startswith("transformer/sd/")]
    assert list(model.state_dict().keys()) == expected


def test_loads_paddles_own_pdparams():
    model = nn.Transformer(8, 2, 1, 2, 16, dropout=0.0, normalize_before=True)
    path = os.path.join(os.path.dirname(__file__), "..", "data", "nn2", "transformer.pdparams")
    missing, unexpected = model.set_state_dict(paddle.load(path))
    assert missing == [] and unexpected == []
    src, tgt, mask = (paddle.to_tensor(CASES[f"transformer/in/{k}"])
                      for k in ("src", "tgt", "mask"))
    np.testing.assert_allclose(model(src, tgt, tgt_mask=mask).numpy(),
                               CASES["transformer/out/0"], rtol=1e-4, atol=1e-5)


def test_zero_layers_leave_only_the_norm():
    encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16), 0, nn.LayerNorm(8))
    src = paddle.rand([2, 3, 8])
    np.testing.assert_allclose(encoder(src).numpy(), encoder.norm(src).numpy())


def test_attention_dropout_only_while_training():
    paddle.seed(2)
    mha = nn.MultiHeadAttention(8, 2, dropout=0.5)
    x = paddle.rand([2, 4, 8])
    mha.eval()
    evaluated = mha(x).numpy()
    no_dropout = nn.MultiHeadAttention(8, 2)
    no_dropout.set_state_dict(mha.state_dict())
    np.testing.assert_allclose(evaluated, no_dropout(x).numpy(), rtol=1e-6)
    mha.train()
    assert not np.allclose(mha(x).numpy(), evaluated)


def test_square_subsequent_mask():
    mask = nn.Transformer(8, 2, 1, 1, 16).generate_square_subsequent_mask(3)
    np.testing.assert_array_equal(mask.numpy(), CASES["square_mask_3"])


def test_incremental_decoding_with_caches_matches_full_pass():
    paddle.seed(3)
    layer = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0)
    decoder = nn.TransformerDecoder(layer, 2)
    tgt, memory = paddle.rand([2, 3, 8]), paddle.rand([2, 5, 8])
    mask = nn.Transformer.generate_square_subsequent_mask(None, 3)
    full_out = decoder(tgt, memory, tgt_mask=mask)
    cache = decoder.gen_cache(memory)
    steps = []
    for i in range(3):
        out, cache = decoder(tgt[:, i:i + 1], memory, cache=cache)
        steps.append(out.numpy())
    np.testing.assert_allclose(np.concatenate(steps, 1), full_out.numpy(), rtol=1e-5,
                               atol=1e-5)


def test_scaled_dot_product_attention():
    out = F.scaled_dot_product_attention(paddle.to_tensor(CASES["sdpa/in/q"]),
                                         paddle.to_tensor(CASES["sdpa/in/k"]),
                                         paddle.to_tensor(CASES["sdpa/in/v"]))
    np.testing.assert_allclose(out.numpy(), CASES["sdpa/out/0"], rtol=1e-5, atol=1e-6)


def test_scaled_dot_product_attention_bool_mask_and_causal():
    q, k, v = (paddle.to_tensor(CASES[f"sdpa/in/{n}"]) for n in "qkv")
    masked = F.scaled_dot_product_attention(q, k, v, attn_mask=paddle.to_tensor(
        CASES["sdpa/in/mask"]))
    np.testing.assert_allclose(masked.numpy(), CASES["sdpa/out/mask"], rtol=1e-5, atol=1e-6)
    causal = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    np.testing.assert_allclose(causal.numpy(), CASES["sdpa/out/causal"], rtol=1e-5, atol=1e-6)


def test_bad_arguments():
    # The types PaddlePaddle 3.3.1 raises.
    with pytest.raises(AssertionError, match="divisible"):
        nn.MultiHeadAttention(8, 3)
    with pytest.raises(AssertionError, match="num_heads"):
        nn.MultiHeadAttention(8, 0)
    with pytest.raises(AttributeError, match="activation"):
        nn.TransformerEncoderLayer(8, 2, 16, activation="nope")
    with pytest.raises(AssertionError, match="dim_feedforward"):
        nn.TransformerDecoderLayer(8, 2, 0)
    with pytest.raises(AssertionError, match="param_attr"):
        nn.TransformerEncoderLayer(8, 2, 16, weight_attr=[None, None, None])
    with pytest.raises(ValueError, match="num_layers"):
        nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16), -1)
    with pytest.raises(ValueError, match="query"):
        nn.MultiHeadAttention(8, 2)(paddle.rand([2, 3, 6]))
    with pytest.raises(ValueError, match="4-D"):
        F.scaled_dot_product_attention(paddle.rand([3, 2, 4]), paddle.rand([3, 2, 4]),
                                       paddle.rand([3, 2, 4]))
