"""Records PaddlePaddle 3.3.1's exported names and the values of the top-level and Tensor
names added for issue 7, for tests/python/test_top_names.py and
test_tensor_methods_more.py.

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency):

    python tools/oracle/record_top_names.py tests/data/top_names

Writes names.json ({namespace: sorted public names}: paddle.__all__, the public attributes
of paddle.Tensor and of paddle.tensor, paddle.autograd.__all__, paddle.device.__all__,
paddle.sysconfig.__all__) and cases.npz ("<case>/<what>" arrays: the inputs, "out" or
"out<k>", and "grad_<input>", the gradient of sum(out * r) with r = "r"). unfold's
gradients are not recorded: 3.3.1's do not add up the windows an element is in (an
element in two windows gets one window's share; one in none gets 1), so the test checks the
mathematical gradient.
"""
import json
import os
import sys

import numpy as np
import paddle

RNG = np.random.RandomState(7)


def names():
    return {
        "paddle": sorted(paddle.__all__),
        "paddle.Tensor": sorted(n for n in dir(paddle.Tensor) if not n.startswith("_")),
        "paddle.tensor": sorted(n for n in dir(paddle.tensor) if not n.startswith("_")),
        "paddle.autograd": sorted(paddle.autograd.__all__),
        "paddle.device": sorted(paddle.device.__all__),
        "paddle.sysconfig": sorted(paddle.sysconfig.__all__),
    }


X34 = RNG.uniform(-2, 2, [3, 4]).astype("float32")
X8 = RNG.uniform(-2, 2, [8]).astype("float64")
X235 = RNG.uniform(-2, 2, [2, 3, 5]).astype("float32")


def run(out, name, fn, inputs, grads=()):
    """out[name/...]: the inputs, fn's result(s), and the gradients of sum(out0 * r)."""
    tensors = {k: paddle.to_tensor(v, stop_gradient=k not in grads) for k, v in inputs.items()}
    result = fn(**tensors)
    results = list(result) if isinstance(result, (list, tuple)) else [result]
    for k, v in inputs.items():
        out[f"{name}/{k}"] = v
    for i, r in enumerate(results):
        out[f"{name}/out{i}" if len(results) > 1 else f"{name}/out"] = r.numpy()
    if grads:
        r = RNG.uniform(-1, 1, results[0].shape).astype(results[0].numpy().dtype)
        (results[0] * paddle.to_tensor(r)).sum().backward()
        out[f"{name}/r"] = r
        for k in grads:  # (3.3.1 gives some inputs no gradient: nothing recorded then)
            if tensors[k].grad is not None:
                out[f"{name}/grad_{k}"] = tensors[k].grad.numpy()


def cases():
    out = {}
    run(out, "unfold_1d", lambda x: paddle.unfold(x, 0, 3, 2), {"x": X8})
    run(out, "unfold_axis1", lambda x: paddle.unfold(x, 1, 2, 1), {"x": X34})
    run(out, "unfold_3d", lambda x: paddle.unfold(x, -1, 3, 2), {"x": X235})
    run(out, "crop", lambda x: paddle.crop(x, [2, 2], [1, 1]), {"x": X34}, ["x"])
    run(out, "crop_rest", lambda x: paddle.crop(x, [-1, 2]), {"x": X34}, ["x"])
    lab = np.array([[16], [1], [10], [19], [0]], "int64")
    run(out, "shard_index0", lambda x: paddle.shard_index(x, 20, 2, 0), {"x": lab})
    run(out, "shard_index1", lambda x: paddle.shard_index(x, 20, 3, 1, ignore_value=-5),
        {"x": lab.astype("int32")})
    run(out, "repeat", lambda x: x.repeat(2, 1), {"x": X34}, ["x"])
    run(out, "repeat_more_dims", lambda x: paddle.tensor.repeat(x, [2, 1, 2]), {"x": X34}, ["x"])
    run(out, "split_with_sizes", lambda x: x.split_with_sizes([1, 3], dim=1), {"x": X34})
    for shape, off, wrap in [((5, 3), 0, True), ((5, 3), 0, False), ((5, 3), -1, False),
                             ((3, 5), 1, False), ((3, 5), 2, True), ((3, 3, 3), 0, False),
                             ((7, 3), 1, True)]:
        x = paddle.zeros(shape)
        x.fill_diagonal_(2.5, offset=off, wrap=wrap)
        out[f"fill_diagonal_{shape}_{off}_{wrap}/out"] = x.numpy()
    run(out, "fill_diagonal_tensor",
        lambda x, y: x.fill_diagonal_tensor(y, offset=1), {
            "x": X34, "y": RNG.uniform(-1, 1, [3]).astype("float32")}, ["x", "y"])
    run(out, "fill_diagonal_tensor_dims",
        lambda x, y: x.fill_diagonal_tensor(y, offset=0, dim1=1, dim2=2), {
            "x": X235, "y": RNG.uniform(-1, 1, [2, 3]).astype("float32")}, ["x", "y"])
    for shape in ([2, 2], [2], [5]):
        x = paddle.to_tensor([1.0, 2.0, 3.0])
        x.resize_(shape)
        out[f"resize_{shape}/out"] = x.numpy()
    pts = RNG.uniform(0, 3, [20, 2]).astype("float32")
    h, e = paddle.histogramdd(paddle.to_tensor(pts), bins=[3, 4])
    out["histogramdd/x"], out["histogramdd/out0"] = pts, h.numpy()
    out["histogramdd/out1"], out["histogramdd/out2"] = e[0].numpy(), e[1].numpy()
    w = RNG.uniform(0, 1, [20]).astype("float32")
    h, e = paddle.histogramdd(paddle.to_tensor(pts), bins=2, ranges=[0.0, 2.0, 0.5, 3.0],
                              density=True, weights=paddle.to_tensor(w))
    out["histogramdd_density/w"], out["histogramdd_density/out0"] = w, h.numpy()
    out["histogramdd_density/out1"], out["histogramdd_density/out2"] = (e[0].numpy(),
                                                                        e[1].numpy())
    out["range_int/out"] = paddle.range(5).numpy()
    out["range_step/out"] = paddle.range(1, 4, 0.5).numpy()
    out["range_neg/out"] = paddle.range(3, -2, -2, dtype="int64").numpy()
    run(out, "softmax_dim1", lambda x: paddle.softmax(x, 1), {"x": X34}, ["x"])
    run(out, "softmax_default3d", lambda x: paddle.softmax(x), {"x": X235}, ["x"])
    run(out, "softmax_dtype", lambda x: paddle.softmax(x, -1, dtype="float64"), {"x": X34})
    run(out, "ger", lambda x, y: paddle.ger(x, y), {
        "x": X8.astype("float32")[:3], "y": X34[0]}, ["x", "y"])
    run(out, "tensor_concat", lambda x, y: paddle.Tensor.concat([x, y], axis=1),
        {"x": X34, "y": X34 * 2}, ["x", "y"])
    run(out, "cfloat", lambda x: x.cfloat(), {"x": X34})
    return out


def main(folder):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "names.json"), "w") as f:
        json.dump(names(), f, indent=0, sort_keys=True)
        f.write("\n")
    np.savez_compressed(os.path.join(folder, "cases.npz"), **cases())


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/data/top_names")
