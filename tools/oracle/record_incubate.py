"""Records PaddlePaddle 3.3.1's paddle.incubate for tests/python/test_incubate.py:
the graph functions (segment_*, graph_send_recv, graph_reindex,
graph_sample_neighbors (3.3.1 aborts on its default sample_size -1) and single-hop
graph_khop_sampler with sample sizes above every degree,
so the draws do not matter; 3.3.1's multi-hop sampler corrupts its memory),
softmax_mask_fuse (value and gradient), identity_loss, and the parameters along
LookAhead and ModelAverage runs.

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency):

    python tools/oracle/record_incubate.py tests/data/incubate

Writes incubate.npz: "<case>/<what>" arrays.
"""
import os
import sys
import warnings

import numpy as np
import paddle
import paddle.incubate as I

warnings.simplefilter("ignore")
RNG = np.random.RandomState(5)
ROW = np.array([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7], "int64")
COLPTR = np.array([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13], "int64")
NODES = np.array([0, 8, 1, 2], "int64")


def t(a, grad=False):
    return paddle.to_tensor(a, stop_gradient=not grad)


def graph(out):
    data = RNG.uniform(-2, 2, [5, 3]).astype("float32")
    ids = np.array([0, 0, 1, 3, 3], "int64")
    out["segment/data"], out["segment/ids"] = data, ids
    for op in ("sum", "mean", "max", "min"):
        out[f"segment/{op}"] = getattr(I, f"segment_{op}")(t(data), t(ids)).numpy()
        src = np.array([0, 1, 2, 3, 4, 0], "int64")
        dst = np.array([1, 1, 0, 3, 3, 2], "int64")
        out["send_recv/src"], out["send_recv/dst"] = src, dst
        out[f"send_recv/{op}"] = I.graph_send_recv(t(data), t(src), t(dst), op).numpy()
    x = np.array([0, 1, 2], "int64")
    neighbors = np.array([8, 9, 0, 4, 7, 6, 7], "int64")
    count = np.array([2, 3, 2], "int32")
    for i, r in enumerate(I.graph_reindex(t(x), t(neighbors), t(count))):
        out[f"reindex/out{i}"] = r.numpy()
    eids = np.arange(13, dtype="int64") * 10
    for i, r in enumerate(I.graph_sample_neighbors(t(ROW), t(COLPTR), t(NODES), t(eids),
                                                   sample_size=5, return_eids=True)):
        out[f"sample/out{i}"] = r.numpy()
    for i, r in enumerate(I.graph_khop_sampler(t(ROW), t(COLPTR), t(NODES), [3], t(eids),
                                               return_eids=True)):
        out[f"khop/out{i}"] = r.numpy()


def softmax_mask(out):
    x = RNG.standard_normal([2, 3, 4, 5]).astype("float32")
    mask = np.where(RNG.uniform(size=[2, 1, 4, 5]) < 0.3, -1e4, 0).astype("float32")
    r = RNG.uniform(size=[2, 3, 4, 5]).astype("float32")
    xt = t(x, True)
    y = I.softmax_mask_fuse(xt, t(mask))
    (y * t(r)).sum().backward()
    out.update({"mask/x": x, "mask/mask": mask, "mask/r": r, "mask/out": y.numpy(),
                "mask/grad": xt.grad.numpy()})
    for red in ("sum", "mean", "none"):
        out[f"identity/{red}"] = I.identity_loss(t(x), red).numpy()


def lookahead(out):
    w0 = RNG.uniform(-1, 1, [4]).astype("float32")
    c = RNG.uniform(0.5, 2, [4]).astype("float32")
    out["lookahead/w0"], out["lookahead/c"] = w0, c
    w = paddle.create_parameter([4], "float32",
                                default_initializer=paddle.nn.initializer.Assign(w0))
    opt = I.LookAhead(paddle.optimizer.SGD(0.1, parameters=[w]), alpha=0.3, k=3)
    traj = []
    for _ in range(7):
        (w * w * t(c)).sum().backward()
        opt.step()
        opt.clear_grad()
        traj.append(w.numpy().copy())
    out["lookahead/trajectory"] = np.stack(traj)


def model_average(out):
    w0 = RNG.uniform(-1, 1, [4]).astype("float32")
    out["average/w0"] = w0
    w = paddle.create_parameter([4], "float32",
                                default_initializer=paddle.nn.initializer.Assign(w0))
    sgd = paddle.optimizer.SGD(0.2, parameters=[w])
    avg = I.ModelAverage(0.5, parameters=[w], min_average_window=2, max_average_window=3)
    applied, after = [], []
    for _ in range(7):
        (w * w).sum().backward()
        sgd.step()
        avg.step()
        sgd.clear_grad()
        with avg.apply():
            applied.append(w.numpy().copy())
        after.append(w.numpy().copy())
    out["average/applied"], out["average/after"] = np.stack(applied), np.stack(after)


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    out = {}
    graph(out)
    softmax_mask(out)
    lookahead(out)
    model_average(out)
    np.savez(os.path.join(out_dir, "incubate.npz"), **out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/data/incubate")
