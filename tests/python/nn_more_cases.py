"""Cases of the later paddle.nn layers and losses (fractional max pooling,
hierarchical sigmoid, RNN-T, adaptive softmax, ...) that tools/oracle/record_nn_more.py records with
PaddlePaddle 3.3.1 (tests/data/nn_more/cases.npz) and test_nn_more_losses.py
compares with: each case takes the paddle module and returns named arrays,
its outputs and the gradients of sum(out * cotangent) of its float inputs."""
import numpy as np


def _values(shape, seed, lo=-1.0, hi=1.0, dtype="float32"):
    return np.random.default_rng(seed).uniform(lo, hi, shape).astype(dtype)


def _with_grads(paddle, out, inputs, seed):
    """out's value and the gradients of sum(out * a fixed cotangent) for inputs (name -> Tensor)
    that it uses."""
    result = {"out": out.numpy()}
    cot = paddle.to_tensor(_values(out.shape, seed + 100, dtype=out.numpy().dtype))
    grads = paddle.grad([(out * cot).sum()], list(inputs.values()), allow_unused=True)
    for name, g in zip(inputs, grads):
        if g is not None:  # an unused input (a cluster no label reaches) has none
            result[f"grad_{name}"] = g.numpy()
    return result


def _frac(paddle, rank, shape, output_size, kernel, u, seed):
    x = paddle.to_tensor(_values(shape, seed), stop_gradient=False)
    fn = (paddle.nn.functional.fractional_max_pool2d if rank == 2
          else paddle.nn.functional.fractional_max_pool3d)
    out, mask = fn(x, output_size, kernel_size=kernel, random_u=u, return_mask=True)
    result = _with_grads(paddle, out, {"x": x}, seed)
    result["mask"] = mask.numpy()
    return result


def _frac_seeded(paddle):
    paddle.seed(7)
    x = paddle.to_tensor(_values([1, 2, 9, 10], 3))
    out, mask = paddle.nn.functional.fractional_max_pool2d(x, [4, 6], return_mask=True)
    return {"out": out.numpy(), "mask": mask.numpy()}


def _frac_layer(paddle):
    pool = paddle.nn.FractionalMaxPool3D([2, 3, 4], kernel_size=[2, 2, 2], random_u=0.55)
    return {"out": pool(paddle.to_tensor(_values([1, 3, 5, 6, 7], 4))).numpy()}


def _hsigmoid(paddle, n, dim, classes, seed, custom=False, bias=True, dtype="float32"):
    nodes = classes if custom else classes - 1
    x = paddle.to_tensor(_values([n, dim], seed, dtype=dtype), stop_gradient=False)
    w = paddle.to_tensor(_values([nodes, dim], seed + 1, dtype=dtype), stop_gradient=False)
    inputs = {"x": x, "w": w}
    b = None
    if bias:
        b = paddle.to_tensor(_values([nodes, 1], seed + 2, dtype=dtype), stop_gradient=False)
        inputs["b"] = b
    label = paddle.to_tensor(np.random.default_rng(seed + 3).integers(0, classes, [n]))
    table = code = None
    if custom:
        rng = np.random.default_rng(seed + 4)
        table_np = rng.integers(0, nodes, [n, 4])
        for i, length in enumerate(rng.integers(1, 5, [n])):
            table_np[i, length:] = -1
        table = paddle.to_tensor(table_np)
        code = paddle.to_tensor(rng.integers(0, 2, [n, 4]))
    out = paddle.nn.functional.hsigmoid_loss(x, label, classes, w, b, table, code)
    return _with_grads(paddle, out, inputs, seed)


def _hsigmoid_layer(paddle):
    layer = paddle.nn.HSigmoidLoss(3, 6)
    with paddle.no_grad():
        layer.weight.set_value(_values([5, 3], 8))
        layer.bias.set_value(_values([5, 1], 9))
    x = paddle.to_tensor(_values([4, 3], 10), stop_gradient=False)  # 3.3.1 needs x to want one
    out = layer(x, paddle.to_tensor(np.array([0, 5, 3, 2], "int64")))
    out.sum().backward()
    return {"out": out.numpy(), "grad_weight": layer.weight.grad.numpy(),
            "grad_bias": layer.bias.grad.numpy()}


def _rnnt(paddle, seed, blank=0, lam=0.0, reduction="none", normalize=True, dtype="float64",
          lengths_dtype="int32"):
    rng = np.random.default_rng(seed)
    acts = rng.standard_normal((3, 5, 4, 6)).astype(dtype)
    if normalize:
        acts = acts - np.log(np.exp(acts).sum(-1, keepdims=True))
    classes = [c for c in range(6) if c != blank]
    labels = np.array(rng.choice(classes, (3, 3)), "int32")
    x = paddle.to_tensor(acts, stop_gradient=False)
    loss = paddle.nn.functional.rnnt_loss(
        x, paddle.to_tensor(labels), paddle.to_tensor(np.array([5, 3, 4], lengths_dtype)),
        paddle.to_tensor(np.array([3, 2, 0], lengths_dtype)), blank=blank, fastemit_lambda=lam,
        reduction=reduction)
    return _with_grads(paddle, loss, {"input": x}, seed)


def _rnnt_layer(paddle):
    acts = np.random.default_rng(40).standard_normal((2, 3, 3, 4))
    x = paddle.to_tensor(acts - np.log(np.exp(acts).sum(-1, keepdims=True)), stop_gradient=False)
    loss = paddle.nn.RNNTLoss(blank=3, reduction="sum")(
        x, paddle.to_tensor(np.array([[1, 2], [0, 0]], "int32")),
        paddle.to_tensor(np.array([3, 2], "int32")), paddle.to_tensor(np.array([2, 1], "int32")))
    loss.backward()
    return {"out": loss.numpy(), "grad_input": x.grad.numpy()}


def _adaptive(paddle, seed, labels, bias=True, unbatched=False):
    cutoffs = [2, 4, 7]
    head = paddle.to_tensor(_values([6, 4], seed), stop_gradient=False)
    tails = [[paddle.to_tensor(_values([6, h], seed + 2 * i + 1), stop_gradient=False),
              paddle.to_tensor(_values([h, n], seed + 2 * i + 2), stop_gradient=False)]
             for i, (h, n) in enumerate([(3, 2), (2, 3)])]
    inputs = {"input": paddle.to_tensor(_values([6] if unbatched else [len(labels), 6], seed + 9),
                                        stop_gradient=False), "head": head}
    head_bias = None
    if bias:
        head_bias = paddle.to_tensor(_values([4], seed + 10), stop_gradient=False)
        inputs["head_bias"] = head_bias
    for i, pair in enumerate(tails):
        inputs[f"tail{i}_0"], inputs[f"tail{i}_1"] = pair
    label = paddle.to_tensor(np.array(labels[0] if unbatched else labels, "int64"))
    out, loss = paddle.nn.functional.adaptive_log_softmax_with_loss(
        inputs["input"], label, head, tails, cutoffs, head_bias)
    result = _with_grads(paddle, out, inputs, seed)
    result["loss"] = loss.numpy()
    return result


def _adaptive_layer(paddle):
    layer = paddle.nn.AdaptiveLogSoftmaxWithLoss(8, 9, [3, 5], div_value=2.0, head_bias=True)
    with paddle.no_grad():
        layer.head_weight.set_value(_values(layer.head_weight.shape, 50))
        layer.head_bias.set_value(_values(layer.head_bias.shape, 51))
        for i in range(2):
            for j in range(2):
                w = layer.tail_weights[i][j]
                w.set_value(_values(w.shape, 52 + 2 * i + j, -2, 2))
    x = paddle.to_tensor(_values([6, 8], 60, -2, 2))
    out, loss = layer(x, paddle.to_tensor(np.array([0, 8, 4, 3, 2, 6], "int64")))
    return {"out": out.numpy(), "loss": loss.numpy(), "log_prob": layer.log_prob(x).numpy(),
            "predict": layer.predict(x).numpy()}


def _decoder_parts(paddle, seed, lstm=False, end_bias=1.5):
    embedding = paddle.nn.Embedding(8, 6)
    cell = paddle.nn.LSTMCell(6, 6) if lstm else paddle.nn.GRUCell(6, 6)
    output = paddle.nn.Linear(6, 8)
    with paddle.no_grad():
        for i, layer in enumerate((embedding, cell, output)):
            for j, (_, p) in enumerate(sorted(layer.named_parameters())):
                p.set_value(_values(p.shape, seed + 10 * i + j, -1.5, 1.5))
        output.bias.set_value(output.bias.numpy() + np.eye(8, dtype="float32")[1] * end_bias)
    h = paddle.to_tensor(_values([3, 6], seed + 99))
    states = (h, h * 0.5) if lstm else h
    return embedding, cell, output, states


def _beam_search(paddle, seed, beam, max_step, time_major=False, lstm=False, end_bias=1.5):
    embedding, cell, output, states = _decoder_parts(paddle, seed, lstm, end_bias)
    decoder = paddle.nn.BeamSearchDecoder(cell, start_token=0, end_token=1, beam_size=beam,
                                          embedding_fn=embedding, output_fn=output)
    ids, final, lengths = paddle.nn.dynamic_decode(decoder, states, max_step_num=max_step,
                                                   output_time_major=time_major,
                                                   return_length=True)
    result = {"ids": ids.numpy(), "log_probs": final.log_probs.numpy(),
              "finished": final.finished.numpy(), "lengths": lengths.numpy()}
    for i, s in enumerate(paddle.utils.flatten(final.cell_states)):
        result[f"cell_state{i}"] = s.numpy()
    return result


def _greedy_decode(paddle, impute):
    embedding, cell, output, states = _decoder_parts(paddle, 5)

    class Greedy(paddle.nn.decode.Decoder):
        def initialize(self, inits):
            ids = paddle.zeros([3], "int64")
            return embedding(ids), inits, paddle.zeros([3], "bool")

        def step(self, time, inputs, states):
            out, new_states = cell(inputs, states)
            logits = output(out)
            ids = paddle.argmax(logits, axis=-1)
            return logits, new_states, embedding(ids), ids == 1

    logits, final, lengths = paddle.nn.dynamic_decode(Greedy(), states, max_step_num=6,
                                                      impute_finished=impute, return_length=True)
    return {"logits": logits.numpy(), "state": final.numpy(), "lengths": lengths.numpy()}


def _class_centers(paddle, labels, classes, samples, dtype):
    """Only positives are sampled (samples <= distinct labels): no random draws."""
    remapped, centers = paddle.nn.functional.class_center_sample(
        paddle.to_tensor(np.array(labels, dtype)), classes, samples)
    return {"remapped": remapped.numpy(), "centers": centers.numpy()}


CASES = {
    "frac2d": lambda p: _frac(p, 2, [2, 3, 9, 8], [4, 5], None, 0.37, 0),
    "frac2d_kernel": lambda p: _frac(p, 2, [1, 2, 9, 9], [3, 4], 3, 0.71, 1),
    "frac2d_none_size": lambda p: _frac(p, 2, [1, 2, 6, 9], [None, 4], None, 0.5, 2),
    "frac2d_same_size": lambda p: _frac(p, 2, [1, 1, 5, 5], 5, None, 0.25, 3),
    "frac3d": lambda p: _frac(p, 3, [1, 2, 6, 7, 8], [3, 4, 5], None, 0.2, 4),
    "frac3d_kernel": lambda p: _frac(p, 3, [1, 2, 6, 7, 8], [3, 3, 3], 2, 0.9, 5),
    "frac2d_seeded": _frac_seeded,
    "frac3d_layer": _frac_layer,
    "hsigmoid": lambda p: _hsigmoid(p, 6, 4, 7, 20),
    "hsigmoid_no_bias": lambda p: _hsigmoid(p, 5, 3, 2, 21, bias=False),
    "hsigmoid_many_classes": lambda p: _hsigmoid(p, 8, 5, 19, 22),
    "hsigmoid_custom": lambda p: _hsigmoid(p, 6, 4, 5, 23, custom=True),
    "hsigmoid_custom_no_bias": lambda p: _hsigmoid(p, 6, 4, 5, 24, custom=True, bias=False),
    "hsigmoid_float64": lambda p: _hsigmoid(p, 4, 3, 6, 25, dtype="float64"),
    "hsigmoid_layer": _hsigmoid_layer,
    "rnnt": lambda p: _rnnt(p, 30),
    "rnnt_fastemit_mean": lambda p: _rnnt(p, 31, lam=0.3, reduction="mean"),
    "rnnt_blank_sum": lambda p: _rnnt(p, 32, blank=4, reduction="sum"),
    "rnnt_raw_float32": lambda p: _rnnt(p, 33, lam=0.001, normalize=False, dtype="float32"),
    "rnnt_layer": _rnnt_layer,
    "adaptive": lambda p: _adaptive(p, 70, [0, 6, 1, 2, 5, 3, 4]),
    "adaptive_no_bias_head_only": lambda p: _adaptive(p, 71, [1, 0, 1], bias=False),
    "adaptive_unbatched": lambda p: _adaptive(p, 72, [5], unbatched=True),
    "adaptive_layer": _adaptive_layer,
    "beam_search": lambda p: _beam_search(p, 80, 3, 9),
    "beam_search_until_finished": lambda p: _beam_search(p, 83, 3, None, end_bias=6.0),
    "beam_search_max_step": lambda p: _beam_search(p, 81, 4, 2, time_major=True),
    "beam_search_lstm": lambda p: _beam_search(p, 82, 2, 6, lstm=True),
    "greedy_decode": lambda p: _greedy_decode(p, False),
    "greedy_decode_imputed": lambda p: _greedy_decode(p, True),
    "class_centers": lambda p: _class_centers(p, [17, 10, 5, 18, 8, 8, 19, 14, 10, 14], 20, 6,
                                              "int64"),
    "class_centers_int32": lambda p: _class_centers(p, [3, 1, 3, 0], 5, 3, "int32"),
}
