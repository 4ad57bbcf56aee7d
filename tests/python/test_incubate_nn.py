"""paddle.incubate.nn against PaddlePaddle 3.3.1 (tests/data/incubate/incubate_nn.npz,
recorded by tools/oracle/record_incubate_nn.py): the CPU kernels' outputs
(fused_rms_norm, fused_layer_norm, swiglu, fused_dropout_add), 3.3.1's unfused
ops for the GPU-only functions and for the layers loaded with recorded
parameters; rotary embedding, quantization and gradients against NumPy; bad input."""
import os

import numpy as np
import pytest

import paddle
import paddle.incubate.nn as N
import paddle.incubate.nn.functional as IF

REC = np.load(os.path.join(os.path.dirname(__file__), "..", "data", "incubate",
                           "incubate_nn.npz"))
TOL = {"rtol": 1e-5, "atol": 1e-5}


def t(a, grad=False):
    return paddle.to_tensor(a, stop_gradient=not grad)


NORM_CASES = {"plain": {}, "bias": {"bias": "norm/bias"}, "residual": {"residual": "norm/residual"},
              "both": {"bias": "norm/bias", "residual": "norm/residual"}}


@pytest.mark.parametrize("case", sorted(NORM_CASES))
def test_fused_norms(case):
    kw = {k: t(REC[v]) for k, v in NORM_CASES[case].items()}
    x, w, nb = t(REC["norm/x"]), t(REC["norm/w"]), t(REC["norm/nb"])
    out, residual_out = IF.fused_rms_norm(x, w, nb, 1e-6, 2, **kw)
    np.testing.assert_allclose(out.numpy(), REC[f"rms/{case}/out"], **TOL)
    if "residual" in kw:
        np.testing.assert_allclose(residual_out.numpy(), REC[f"rms/{case}/residual_out"], **TOL)
    out, residual_out, mean, invvar = IF.fused_layer_norm(x, w, nb, 1e-5, residual_alpha=0.7,
                                                          begin_norm_axis=2, **kw)
    np.testing.assert_allclose(out.numpy(), REC[f"ln/{case}/out"], **TOL)
    np.testing.assert_allclose(mean.numpy(), REC[f"ln/{case}/mean"], **TOL)
    np.testing.assert_allclose(invvar.numpy(), REC[f"ln/{case}/invvar"], rtol=1e-4)
    if "residual" in kw:
        np.testing.assert_allclose(residual_out.numpy(), REC[f"ln/{case}/residual_out"], **TOL)


def test_fused_norm_axes_and_affine():
    x, w = t(REC["norm/x"]), REC["norm/w"]
    out = IF.fused_rms_norm(x, t(np.tile(w, 3)), None, 1e-6, 1)[0]
    np.testing.assert_allclose(out.numpy(), REC["rms/axis1"], **TOL)
    # 3.3.1's CPU kernel without norm_weight gives unnormalized values: NumPy here
    a = REC["norm/x"].astype("float64")
    out = IF.fused_layer_norm(t(a), None, None, 1e-5, begin_norm_axis=2)[0]
    want = (a - a.mean(-1, keepdims=True)) / np.sqrt(a.var(-1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-10)
    with pytest.raises(ValueError, match=r"\[fused_rms_norm\] begin_norm_axis must be in range"):
        IF.fused_rms_norm(x, t(w), None, 1e-6, 3)
    with pytest.raises(ValueError, match="norm_weight must have the 24 normalized elements"):
        IF.fused_layer_norm(x, t(w), None, 1e-5, begin_norm_axis=1)


def test_fused_norm_quantized():
    x = t(REC["norm/x"])
    out = IF.fused_rms_norm(x, t(REC["norm/w"]), None, 1e-6, 2)[0].numpy()
    for round_type, rnd in ((0, np.rint), (1, lambda v: np.sign(v) * np.floor(np.abs(v) + 0.5))):
        q = IF.fused_rms_norm(x, t(REC["norm/w"]), None, 1e-6, 2, quant_scale=0.3,
                              quant_round_type=round_type, quant_max_bound=127,
                              quant_min_bound=-127)[0]
        assert q.dtype.name == "int8"
        want = np.clip(rnd(out.astype("float64") * 127 * 0.3), -127, 127)
        assert np.abs(q.numpy().astype("float64") - want).max() <= 1
    with pytest.raises(ValueError, match="quant_round_type must be 0"):
        IF.fused_layer_norm(x, None, None, 1e-5, begin_norm_axis=2, quant_scale=1.0,
                            quant_round_type=3)


def test_swiglu_and_dropout_add():
    x, r = REC["norm/x"], REC["norm/residual"]
    xs = t(x, True)
    y = IF.swiglu(xs)
    np.testing.assert_allclose(y.numpy(), REC["swiglu/one"], **TOL)
    (y * t(r[..., :4])).sum().backward()
    np.testing.assert_allclose(xs.grad.numpy(), REC["swiglu/one_grad"], **TOL)
    np.testing.assert_allclose(IF.swiglu(t(x), t(r)).numpy(), REC["swiglu/two"], **TOL)
    np.testing.assert_allclose(IF.fused_dropout_add(t(x), t(r), p=0.0).numpy(),
                               REC["dropout_add/p0"], **TOL)
    out = IF.fused_dropout_add(t(x), t(r), 0.3, False, "downscale_in_infer")
    np.testing.assert_allclose(out.numpy(), REC["dropout_add/infer_down"], **TOL)
    np.testing.assert_allclose(IF.fused_dropout_add(t(x), t(r), 0.3, False).numpy(),
                               REC["dropout_add/infer_up"], **TOL)
    layer = N.FusedDropoutAdd(0.3).eval()
    np.testing.assert_allclose(layer(t(x), t(r)).numpy(), REC["dropout_add/infer_up"], **TOL)
    kept = IF.fused_dropout_add(paddle.ones([1000]), paddle.zeros([1000]), p=0.5).numpy()
    assert set(np.unique(kept)) <= {0.0, 2.0} and 300 < (kept > 0).sum() < 700
    with pytest.raises(ValueError, match=r"\[swiglu\] without y, x's last dim must be even"):
        IF.swiglu(paddle.ones([3]))
    with pytest.raises(ValueError, match="p must be a number in"):
        IF.fused_dropout_add(t(x), t(r), p=1.5)


def test_matmul_family():
    x, w, b = t(REC["mm/x"]), t(REC["mm/w"]), t(REC["mm/b"])
    np.testing.assert_allclose(IF.fused_matmul_bias(x, w, b).numpy(), REC["mm/bias"], **TOL)
    wt = t(REC["mm/w"].T.copy())
    np.testing.assert_allclose(IF.fused_linear(x, wt, b, transpose_weight=True).numpy(),
                               REC["mm/ty"], **TOL)
    for act in ("relu", "gelu"):
        out = IF.fused_linear_activation(x[0], w, b, activation=act)
        np.testing.assert_allclose(out.numpy(), REC[f"mm/{act}"], **TOL)
    for act in ("gelu", "relu", "silu"):
        out = IF.fused_bias_act(x, t(REC["mm/act_bias"]), act_method=act)
        np.testing.assert_allclose(out.numpy(), REC[f"mm/bias_act_{act}"], **TOL)
    with pytest.raises(ValueError, match=r"\[fused_matmul_bias\] bias must have shape \[5\]"):
        IF.fused_matmul_bias(x, w, t(REC["mm/act_bias"]))
    with pytest.raises(ValueError, match="activation must be None, 'none', 'relu' or 'gelu'"):
        IF.fused_linear_activation(x[0], w, b, activation="tanh")


def test_fused_bias_act_gated_and_dequant():
    a = np.random.RandomState(2).standard_normal([3, 6]).astype("float32")
    gate, value = a[:, :3], a[:, 3:]
    out = IF.fused_bias_act(t(a), act_method="swiglu").numpy()
    np.testing.assert_allclose(out, gate / (1 + np.exp(-gate)) * value, rtol=1e-5)
    ints = np.arange(-6, 6, dtype="int32").reshape(2, 6)
    scales = np.full([6], 0.5, "float32")
    out = IF.fused_bias_act(t(ints), dequant_scales=t(scales), act_method="relu",
                            shift=t(np.ones([6], "float32")), smooth=t(np.full([6], 2.0, "f4")))
    np.testing.assert_allclose(out.numpy(), (np.maximum(ints * 0.5, 0) + 1) * 2)
    with pytest.raises(TypeError, match="an int32 x needs dequant_scales"):
        IF.fused_bias_act(t(ints))
    with pytest.raises(ValueError, match="act_method must be one of"):
        IF.fused_bias_act(t(a), act_method="tanh")


def _rope_reference(x, sin, cos, every_two):
    if every_two:
        rotated = np.stack([-x[..., 1::2], x[..., 0::2]], -1).reshape(x.shape)
    else:
        half = x.shape[-1] // 2
        rotated = np.concatenate([-x[..., half:], x[..., :half]], -1)
    return x * cos + rotated * sin


def test_rotary_position_embedding():
    rng = np.random.RandomState(4)
    q, k = rng.standard_normal([2, 3, 2, 4]), rng.standard_normal([2, 3, 2, 4])
    exponent = (np.arange(4) // 2) * 2.0 / 4
    angles = np.arange(3)[:, None] / 10000.0 ** exponent
    sin, cos = np.sin(angles)[None, :, None], np.cos(angles)[None, :, None]
    out_q, out_k, out_v = IF.fused_rotary_position_embedding(t(q), t(k))
    assert out_v is None
    np.testing.assert_allclose(out_q.numpy(), _rope_reference(q, sin, cos, True), rtol=1e-10)
    np.testing.assert_allclose(out_k.numpy(), _rope_reference(k, sin, cos, True), rtol=1e-10)
    table_sin, table_cos = rng.standard_normal([3, 4]), rng.standard_normal([3, 4])
    ids = np.array([[2, 0, 1], [1, 1, 0]])
    out_q = IF.fused_rotary_position_embedding(t(q), sin=t(table_sin), cos=t(table_cos),
                                               position_ids=t(ids),
                                               use_neox_rotary_style=False)[0]
    want = _rope_reference(q, table_sin[ids][:, :, None], table_cos[ids][:, :, None], False)
    np.testing.assert_allclose(out_q.numpy(), want, rtol=1e-10)
    qt = np.ascontiguousarray(q.transpose(1, 0, 2, 3))
    out = IF.fused_rotary_position_embedding(t(qt), time_major=True)[0].numpy()
    np.testing.assert_allclose(out.transpose(1, 0, 2, 3), _rope_reference(q, sin, cos, True),
                               rtol=1e-10)
    qs = t(q, True)
    r = rng.standard_normal(q.shape)
    (IF.fused_rotary_position_embedding(qs)[0] * t(r)).sum().backward()
    # the rotation is orthogonal: the gradient is r rotated back
    np.testing.assert_allclose(qs.grad.numpy(), _rope_reference(r, -sin, cos, True), rtol=1e-9)
    with pytest.raises(ValueError, match="without sin/cos, position_ids must be None"):
        IF.fused_rotary_position_embedding(t(q), position_ids=t(ids))
    with pytest.raises(ValueError, match=r"sin must be \[3, 4\]"):
        IF.fused_rotary_position_embedding(t(q), sin=t(table_sin[:2]), cos=t(table_cos[:2]))


def _load(layer, prefix):
    state = {k[len(prefix) + 7:]: REC[k] for k in REC.files if k.startswith(prefix + "/param/")}
    assert sorted(state) == sorted(n for n, _ in layer.named_parameters())
    layer.set_state_dict({k: t(v) for k, v in state.items()})
    return layer.eval()


@pytest.mark.parametrize("pre", [False, True])
def test_feedforward_and_attention_layers(pre):
    x, mask = t(REC["layers/x"]), t(REC["layers/mask"])
    ffn = _load(N.FusedFeedForward(8, 16, normalize_before=pre, activation="gelu"),
                f"ffn{int(pre)}")
    np.testing.assert_allclose(ffn(x).numpy(), REC[f"ffn{int(pre)}/out"], **TOL)
    attn = _load(N.FusedMultiHeadAttention(8, 2, normalize_before=pre), f"attn{int(pre)}")
    np.testing.assert_allclose(attn(x, attn_mask=mask).numpy(), REC[f"attn{int(pre)}/out"],
                               **TOL)


def test_encoder_bias_dropout_and_linear_layers():
    x, mask = t(REC["layers/x"]), t(REC["layers/mask"])
    enc = _load(N.FusedTransformerEncoderLayer(8, 2, 16), "enc")
    np.testing.assert_allclose(enc(x, src_mask=mask).numpy(), REC["enc/out"], **TOL)
    bdr = _load(N.FusedBiasDropoutResidualLayerNorm(8), "bdr")
    np.testing.assert_allclose(bdr(x, t(REC["bdr/residual"])).numpy(), REC["bdr/out"], **TOL)
    lin = _load(N.FusedLinear(8, 5, transpose_weight=True), "linear")
    np.testing.assert_allclose(lin(x).numpy(), REC["linear/out"], **TOL)


def test_attention_cache_and_gradients():
    attn = N.FusedMultiHeadAttention(8, 2, dropout_rate=0.0, attn_dropout_rate=0.0)
    x = t(REC["layers/x"], True)
    cache = paddle.zeros([2, 2, 2, 1, 4])
    out, new_cache = attn(x, cache=cache)
    assert out.shape == [2, 3, 8] and new_cache.shape == [2, 2, 2, 4, 4]
    attn(x).sum().backward()
    assert x.grad is not None and attn.qkv_weight.grad is not None
    wide = N.FusedMultiHeadAttention(8, 2, transpose_qkv_wb=True).eval()
    assert wide.qkv_weight.shape == [8, 24] and wide(x).shape == [2, 3, 8]


def test_layer_bad_input():
    with pytest.raises(ValueError, match="embed_dim \\(8\\) must be divisible by num_heads"):
        N.FusedMultiHeadAttention(8, 3)
    with pytest.raises(ValueError, match="nranks/ring_id"):
        N.FusedFeedForward(8, 16, nranks=2)
    with pytest.raises(ValueError, match=r"\[fused_feedforward\] linear1_weight must be \[8"):
        IF.fused_feedforward(t(REC["layers/x"]), paddle.ones([4, 16]), paddle.ones([16, 8]))
    with pytest.raises(ValueError, match=r"qkv_weight must be \[3, num_heads, head_dim, 8\]"):
        IF.fused_multi_head_attention(t(REC["layers/x"]), paddle.ones([3, 2, 8]),
                                      paddle.ones([8, 8]))
