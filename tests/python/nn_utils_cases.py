"""The paddle.nn.utils cases that tools/oracle/record_nn_utils.py records with
PaddlePaddle 3.3.1 (tests/data/nn_utils/cases.npz) and test_nn_utils.py
compares with: each case takes the paddle module and returns named arrays."""
import numpy as np


def _values(shape, seed):
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype("float32")


def _set(paddle, param, values):
    with paddle.no_grad():
        param.set_value(values)


def _weight_norm(paddle, make, dim, x_shape, seed):
    layer = make()
    for i, (_, p) in enumerate(sorted(layer.named_parameters())):
        _set(paddle, p, _values(p.shape, seed + i))
    kwargs = {} if dim == "default" else {"dim": dim}
    paddle.nn.utils.weight_norm(layer, **kwargs)
    x = paddle.to_tensor(_values(x_shape, seed + 10))
    out = layer(x)
    (out * out).sum().backward()
    return {"g": layer.weight_g.numpy(), "v": layer.weight_v.numpy(), "out": out.numpy(),
            "g_grad": layer.weight_g.grad.numpy(), "v_grad": layer.weight_v.grad.numpy()}


def _weight_norm_removed(paddle):
    layer = paddle.nn.Linear(3, 4)
    _set(paddle, layer.weight, _values([3, 4], 5))
    paddle.nn.utils.weight_norm(layer, dim=1)
    _set(paddle, layer.weight_g, np.array([1.0, 2.0, 0.5, 3.0], "float32"))
    layer(paddle.ones([1, 3]))
    paddle.nn.utils.remove_weight_norm(layer)
    return {"weight": layer.weight.numpy(),
            "names": np.array(sorted(n for n, _ in layer.named_parameters()))}


def _spectral_norm(paddle, make, dim, iters, seed):
    layer = make()
    _set(paddle, layer.weight, _values(layer.weight.shape, seed))
    kwargs = {"n_power_iterations": iters}
    if dim != "default":
        kwargs["dim"] = dim
    paddle.nn.utils.spectral_norm(layer, **kwargs)
    layer.weight_u.set_value(_values(layer.weight_u.shape, seed + 1))
    layer.weight_v.set_value(_values(layer.weight_v.shape, seed + 2))
    x_shape = [2, layer.weight_orig.shape[0]] if isinstance(layer, paddle.nn.Linear) \
        else [1, layer.weight_orig.shape[1], 5, 5]
    x = paddle.to_tensor(_values(x_shape, seed + 3))
    out = layer(x)
    (out * out).sum().backward()
    first_u = layer.weight_u.numpy().copy()
    layer.eval()
    evaluated = layer(x)
    return {"out": out.numpy(), "weight": layer.weight.numpy(), "u": first_u,
            "v": layer.weight_v.numpy(), "orig_grad": layer.weight_orig.grad.numpy(),
            "eval_out": evaluated.numpy(), "u_after_eval": layer.weight_u.numpy()}


def _clip_norm(paddle, norm_type, max_norm):
    a = paddle.to_tensor(_values([3, 4], 1), stop_gradient=False)
    b = paddle.to_tensor(_values([5], 2), stop_gradient=False)
    c = paddle.to_tensor(_values([2], 3), stop_gradient=False)  # no gradient
    ((a * a).sum() * 3 + (b * 2).sum()).backward()
    total = paddle.nn.utils.clip_grad_norm_([a, b, c], max_norm, norm_type=norm_type)
    return {"total": total.numpy(), "a": a.grad.numpy(), "b": b.grad.numpy()}


def _clip_value(paddle):
    a = paddle.to_tensor(_values([3, 4], 1), stop_gradient=False)
    ((a * a).sum() * 3).backward()
    paddle.nn.utils.clip_grad_value_([a], 2.5)
    return {"a": a.grad.numpy()}


def _vector_round_trip(paddle):
    layer = paddle.nn.Conv2D(2, 3, 2)
    for i, (_, p) in enumerate(sorted(layer.named_parameters())):
        _set(paddle, p, _values(p.shape, i))
    vec = paddle.nn.utils.parameters_to_vector(layer.parameters())
    longer = paddle.to_tensor(np.arange(vec.shape[0] + 4, dtype="float32"))
    paddle.nn.utils.vector_to_parameters(longer, layer.parameters())
    return {"vec": vec.numpy(), "stop_gradient": np.array(vec.stop_gradient),
            "weight": layer.weight.numpy(), "bias": layer.bias.numpy()}


CASES = {
    "weight_norm_linear_dim0": lambda p: _weight_norm(p, lambda: p.nn.Linear(3, 4), "default",
                                                      [2, 3], 0),
    "weight_norm_linear_dim1": lambda p: _weight_norm(p, lambda: p.nn.Linear(3, 4), 1,
                                                      [2, 3], 1),
    "weight_norm_linear_none": lambda p: _weight_norm(p, lambda: p.nn.Linear(3, 4), None,
                                                      [2, 3], 2),
    "weight_norm_conv_dim1": lambda p: _weight_norm(p, lambda: p.nn.Conv2D(2, 3, 2), 1,
                                                    [1, 2, 4, 4], 3),
    "weight_norm_conv_dim3": lambda p: _weight_norm(p, lambda: p.nn.Conv2D(2, 3, 2), -1 + 4,
                                                    [1, 2, 4, 4], 4),
    "weight_norm_removed": _weight_norm_removed,
    "spectral_norm_linear": lambda p: _spectral_norm(p, lambda: p.nn.Linear(3, 4), "default",
                                                     1, 0),
    "spectral_norm_conv": lambda p: _spectral_norm(p, lambda: p.nn.Conv2D(2, 3, 2), "default",
                                                   3, 1),
    "spectral_norm_conv_dim1": lambda p: _spectral_norm(p, lambda: p.nn.Conv2D(2, 3, 2), 1,
                                                        2, 2),
    "clip_norm_2": lambda p: _clip_norm(p, 2.0, 1.0),
    "clip_norm_1": lambda p: _clip_norm(p, 1, 2.0),
    "clip_norm_inf": lambda p: _clip_norm(p, float("inf"), 0.5),
    "clip_norm_0": lambda p: _clip_norm(p, 0, 3.0),
    "clip_norm_large": lambda p: _clip_norm(p, 2.0, 100.0),
    "clip_value": _clip_value,
    "vector_round_trip": _vector_round_trip,
}
