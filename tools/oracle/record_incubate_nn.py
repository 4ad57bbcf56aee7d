"""Records PaddlePaddle 3.3.1's paddle.incubate.nn for tests/python/test_incubate_nn.py.

3.3.1 runs fused_dropout_add, fused_rms_norm, fused_layer_norm and swiglu on CPU:
their outputs are recorded from those calls. The other fused functions are GPU
kernels in 3.3.1; for them this records what 3.3.1's own unfused ops give for
the math each docstring states (matmul, layer_norm, softmax, activations), and
for the layers the parameters 3.3.1 creates (names, shapes) with those outputs.

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency):

    python tools/oracle/record_incubate_nn.py tests/data/incubate

Writes incubate_nn.npz: "<case>/<what>" arrays.
"""
import os
import sys
import warnings

import numpy as np
import paddle
import paddle.incubate.nn as N
import paddle.incubate.nn.functional as IF
import paddle.nn.functional as F

warnings.simplefilter("ignore")
RNG = np.random.RandomState(9)


def arr(*shape):
    return RNG.standard_normal(shape).astype("float32")


def t(a, grad=False):
    return paddle.to_tensor(a, stop_gradient=not grad)


def cpu_kernels(out):
    x, r, b = arr(2, 3, 8), arr(2, 3, 8), arr(8)
    w, nb = RNG.uniform(0.5, 1.5, [8]).astype("float32"), arr(8)
    out.update({"norm/x": x, "norm/residual": r, "norm/bias": b, "norm/w": w, "norm/nb": nb})
    for name, kw in (("plain", {}), ("bias", {"bias": t(b)}), ("residual", {"residual": t(r)}),
                     ("both", {"bias": t(b), "residual": t(r)})):
        o = IF.fused_rms_norm(t(x), t(w), t(nb), 1e-6, 2, **kw)
        out[f"rms/{name}/out"] = o[0].numpy()
        if "residual" in kw:
            out[f"rms/{name}/residual_out"] = o[1].numpy()
        o = IF.fused_layer_norm(t(x), t(w), t(nb), 1e-5, residual_alpha=0.7, begin_norm_axis=2,
                                **kw)
        out[f"ln/{name}/out"] = o[0].numpy()
        out[f"ln/{name}/mean"], out[f"ln/{name}/invvar"] = o[2].numpy(), o[3].numpy()
        if "residual" in kw:
            out[f"ln/{name}/residual_out"] = o[1].numpy()
    out["rms/axis1"] = IF.fused_rms_norm(t(x), t(np.tile(w, 3)), None, 1e-6, 1)[0].numpy()
    xs = t(x, True)
    y = IF.swiglu(xs)
    (y * t(r[..., :4])).sum().backward()
    out["swiglu/one"], out["swiglu/one_grad"] = y.numpy(), xs.grad.numpy()
    out["swiglu/two"] = IF.swiglu(t(x), t(r)).numpy()
    out["dropout_add/p0"] = IF.fused_dropout_add(t(x), t(r), p=0.0).numpy()
    out["dropout_add/infer_down"] = IF.fused_dropout_add(t(x), t(r), 0.3, False,
                                                         "downscale_in_infer").numpy()
    out["dropout_add/infer_up"] = IF.fused_dropout_add(t(x), t(r), 0.3, False).numpy()


def matmul_family(out):
    x, w, b = arr(2, 3, 4), arr(4, 5), arr(5)
    out.update({"mm/x": x, "mm/w": w, "mm/b": b})
    out["mm/bias"] = (paddle.matmul(t(x), t(w)) + t(b)).numpy()
    out["mm/ty"] = (paddle.matmul(t(x), t(w.T.copy()), transpose_y=True) + t(b)).numpy()
    h = paddle.matmul(t(x[0]), t(w)) + t(b)
    out["mm/relu"], out["mm/gelu"] = F.relu(h).numpy(), F.gelu(h, approximate=True).numpy()
    act_bias = arr(4)
    out["mm/act_bias"] = act_bias
    for act in ("gelu", "relu", "silu"):
        out[f"mm/bias_act_{act}"] = getattr(F, act)(t(x) + t(act_bias)).numpy()


def ffn_reference(x, p, pre, act):
    ln = lambda v, s, b: F.layer_norm(v, [v.shape[-1]], s, b, 1e-5)  # noqa: E731
    h = ln(x, p["_ln1_scale"], p["_ln1_bias"]) if pre else x
    h = F.linear(getattr(F, act)(F.linear(h, p["_linear1_weight"], p["_linear1_bias"])),
                 p["_linear2_weight"], p["_linear2_bias"])
    h = x + h
    return h if pre else ln(h, p["_ln2_scale"], p["_ln2_bias"])


def attn_reference(x, p, pre, mask, heads):
    ln = lambda v, s, b: F.layer_norm(v, [v.shape[-1]], s, b, 1e-5)  # noqa: E731
    bsz, seq, embed = x.shape
    h = ln(x, p["pre_ln_scale"], p["pre_ln_bias"]) if pre else x
    qkv = paddle.matmul(h, p["qkv_weight"].reshape([-1, embed]), transpose_y=True)
    qkv = (qkv + p["qkv_bias"].reshape([-1])).reshape([bsz, seq, 3, heads, -1])
    q, k, v = paddle.transpose(qkv, [2, 0, 3, 1, 4]).unbind(0)
    scores = paddle.matmul(q * (q.shape[-1] ** -0.5), k, transpose_y=True) + mask
    o = paddle.matmul(F.softmax(scores, -1), v).transpose([0, 2, 1, 3]).reshape([bsz, seq, -1])
    o = x + F.linear(o, p["linear_weight"], p["linear_bias"])
    return o if pre else ln(o, p["ln_scale"], p["ln_bias"])


def params(layer, prefix, out):
    named = {}
    for name, value in layer.named_parameters():
        v = RNG.uniform(-0.5, 0.5, value.shape).astype("float32")
        value.set_value(v)
        out[f"{prefix}/param/{name}"] = v
        named[name.split(".")[-1]] = value
    return named


def layers(out):
    x = arr(2, 3, 8)
    mask = np.where(RNG.uniform(size=[2, 1, 3, 3]) < 0.3, -1e4, 0).astype("float32")
    out["layers/x"], out["layers/mask"] = x, mask
    for pre in (False, True):
        ffn = N.FusedFeedForward(8, 16, normalize_before=pre, activation="gelu")
        p = params(ffn, f"ffn{int(pre)}", out)
        out[f"ffn{int(pre)}/out"] = ffn_reference(t(x), p, pre, "gelu").numpy()
        attn = N.FusedMultiHeadAttention(8, 2, normalize_before=pre)
        p = params(attn, f"attn{int(pre)}", out)
        out[f"attn{int(pre)}/out"] = attn_reference(t(x), p, pre, t(mask), 2).numpy()
    enc = N.FusedTransformerEncoderLayer(8, 2, 16)
    params(enc, "enc", out)
    pa = {n.split(".")[-1]: v for n, v in enc.named_parameters() if n.startswith("fused_attn")}
    pf = {n.split(".")[-1]: v for n, v in enc.named_parameters() if n.startswith("ffn")}
    out["enc/out"] = ffn_reference(attn_reference(t(x), pa, False, t(mask), 2), pf, False,
                                   "relu").numpy()
    bdr = N.FusedBiasDropoutResidualLayerNorm(8)
    p = params(bdr, "bdr", out)
    r = arr(2, 3, 8)
    out["bdr/residual"] = r
    out["bdr/out"] = F.layer_norm(t(r) + t(x) + p["linear_bias"], [8], p["ln_scale"],
                                  p["ln_bias"], 1e-5).numpy()
    lin = N.FusedLinear(8, 5, transpose_weight=True)
    p = params(lin, "linear", out)
    out["linear/out"] = (paddle.matmul(t(x), p["weight"], transpose_y=True) + p["bias"]).numpy()


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    out = {}
    cpu_kernels(out)
    matmul_family(out)
    layers(out)
    np.savez(os.path.join(out_dir, "incubate_nn.npz"), **out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/data/incubate")
