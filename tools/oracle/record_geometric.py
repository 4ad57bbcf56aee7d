"""Records PaddlePaddle 3.3.1's paddle.geometric for tests/python/test_geometric.py:
segment_*, send_u_recv, send_ue_recv and send_uv outputs and the gradients of
sum(out * r) for the float inputs; reindex_graph, reindex_heter_graph; and
sample_neighbors / weighted_sample_neighbors where sample_size takes every
neighbor (a result that does not depend on the random draws).

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency):

    python tools/oracle/record_geometric.py tests/data/geometric

Writes cases.json (per case of the first kind its function, its other
arguments and the differentiated inputs) and cases.npz: "<case>/<what>" arrays
(the inputs, "out" or "out<k>", "r", "grad_<input>").
"""
import json
import os
import sys

import numpy as np
import paddle
import paddle.geometric as G

RNG = np.random.RandomState(11)
# rounded so that max/min see ties (each tied value gets the row's whole gradient)
X = np.round(RNG.uniform(-2, 2, [5, 3]), 0).astype("float32")
SRC = np.array([0, 1, 2, 3, 4, 0, 1, 2], "int64")
DST = np.array([1, 1, 0, 3, 3, 3, 0, 1], "int64")
IDS = np.array([0, 0, 1, 3, 3], "int64")
E_SCALAR = RNG.uniform(0.5, 2, [8]).astype("float32")
E_FEAT = RNG.uniform(0.5, 2, [8, 3]).astype("float32")
Y_NODES = RNG.uniform(0.5, 2, [4, 3]).astype("float32")
DST_UV = np.array([1, 1, 0, 3, 2, 3, 0, 1], "int64")

# name: (function, {argument: array or value}, the float arguments to differentiate)
CASES = {}
for op in ("sum", "mean", "max", "min"):
    CASES[f"segment_{op}"] = (f"segment_{op}", {"data": X, "segment_ids": IDS}, ["data"])
    CASES[f"send_u_recv_{op}"] = ("send_u_recv", {"x": X, "src_index": SRC, "dst_index": DST,
                                                  "reduce_op": op}, ["x"])
    CASES[f"send_ue_recv_mul_{op}"] = ("send_ue_recv", {
        "x": X, "y": E_FEAT, "src_index": SRC, "dst_index": DST, "message_op": "mul",
        "reduce_op": op}, ["x", "y"])
for op in ("add", "sub", "mul", "div"):
    CASES[f"send_ue_recv_{op}_scalar_sum"] = ("send_ue_recv", {
        "x": X, "y": E_SCALAR, "src_index": SRC, "dst_index": DST, "message_op": op,
        "reduce_op": "sum"}, ["x", "y"])
    CASES[f"send_uv_{op}"] = ("send_uv", {"x": X, "y": Y_NODES, "src_index": SRC,
                                          "dst_index": DST_UV, "message_op": op}, ["x", "y"])
CASES["send_u_recv_out_size"] = ("send_u_recv", {"x": X, "src_index": SRC, "dst_index": DST,
                                                 "reduce_op": "mean", "out_size": 7}, ["x"])
CASES["send_u_recv_int32_index"] = ("send_u_recv", {
    "x": X, "src_index": SRC.astype("int32"), "dst_index": DST.astype("int32"),
    "reduce_op": "max", "out_size": 4}, ["x"])
CASES["send_ue_recv_out_size"] = ("send_ue_recv", {
    "x": X, "y": E_FEAT, "src_index": SRC, "dst_index": DST, "message_op": "sub",
    "reduce_op": "min", "out_size": 4}, ["x", "y"])
CASES["segment_sum_float64"] = ("segment_sum", {"data": X.astype("float64"),
                                                "segment_ids": IDS.astype("int32")}, ["data"])
CASES["segment_max_int64"] = ("segment_max", {"data": X.astype("int64"), "segment_ids": IDS},
                              [])
CASES["send_u_recv_int32_mean"] = ("send_u_recv", {"x": X.astype("int32") * 3,
                                                   "src_index": SRC, "dst_index": DST,
                                                   "reduce_op": "mean"}, [])
CASES["segment_mean_int64"] = ("segment_mean", {"data": X.astype("int64") * 3 + 1,
                                                "segment_ids": IDS}, [])
CASES["send_u_recv_int32"] = ("send_u_recv", {"x": X.astype("int32"), "src_index": SRC,
                                              "dst_index": DST, "reduce_op": "sum"}, [])


def run_case(fn, args, diff):
    tensors = {k: paddle.to_tensor(v, stop_gradient=k not in diff) if isinstance(v, np.ndarray)
               else v for k, v in args.items()}
    out = getattr(G, fn)(**tensors)
    arrays = {k: v for k, v in args.items() if isinstance(v, np.ndarray)}
    arrays["out"] = out.numpy()
    if diff:
        r = RNG.uniform(-1, 1, out.shape).astype(out.numpy().dtype)
        (out * paddle.to_tensor(r)).sum().backward()
        arrays["r"] = r
        for k in diff:
            arrays[f"grad_{k}"] = tensors[k].grad.numpy()
    return arrays


def graph_cases():
    out = {}
    x = np.array([0, 1, 2], "int64")
    nbrs = np.array([8, 9, 0, 4, 7, 6, 7], "int64")
    count = np.array([2, 3, 2], "int32")
    res = G.reindex_graph(*(paddle.to_tensor(a) for a in (x, nbrs, count)))
    out["reindex_graph"] = {"x": x, "neighbors": nbrs, "count": count,
                            **{f"out{k}": t.numpy() for k, t in enumerate(res)}}
    nbrs2 = np.array([0, 2, 3, 5, 1], "int32")
    count2 = np.array([1, 3, 1], "int32")
    res = G.reindex_heter_graph(paddle.to_tensor(x.astype("int32")),
                                [paddle.to_tensor(nbrs.astype("int32")), paddle.to_tensor(nbrs2)],
                                [paddle.to_tensor(count), paddle.to_tensor(count2)])
    out["reindex_heter_graph"] = {"x": x.astype("int32"), "neighbors0": nbrs.astype("int32"),
                                  "neighbors1": nbrs2, "count0": count, "count1": count2,
                                  **{f"out{k}": t.numpy() for k, t in enumerate(res)}}
    row = np.array([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7], "int64")
    colptr = np.array([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13], "int64")
    nodes = np.array([0, 8, 1, 2, 7], "int64")
    eids = np.arange(13, dtype="int64") * 10
    weight = RNG.uniform(0.1, 1, [13]).astype("float32")
    t = {k: paddle.to_tensor(v) for k, v in
         dict(row=row, colptr=colptr, nodes=nodes, eids=eids, weight=weight).items()}
    # sample_size -1 aborts PaddlePaddle 3.3.1's CPU kernel; 5 takes every neighbor here
    res = G.sample_neighbors(t["row"], t["colptr"], t["nodes"], sample_size=5, eids=t["eids"],
                             return_eids=True)
    base = {"row": row, "colptr": colptr, "input_nodes": nodes, "eids": eids}
    out["sample_neighbors"] = {**base, **{f"out{k}": r.numpy() for k, r in enumerate(res)}}
    res = G.weighted_sample_neighbors(t["row"], t["colptr"], t["weight"], t["nodes"],
                                      sample_size=5, eids=t["eids"], return_eids=True)
    out["weighted_sample_neighbors"] = {**base, "edge_weight": weight,
                                        **{f"out{k}": r.numpy() for k, r in enumerate(res)}}
    return out


def main(out_dir):
    arrays = {}
    results = {case: run_case(*spec) for case, spec in CASES.items()}
    results.update(graph_cases())
    for case, values in results.items():
        for k, v in values.items():
            arrays[f"{case}/{k}"] = v
    os.makedirs(out_dir, exist_ok=True)
    specs = {case: {"fn": fn, "args": {k: v for k, v in args.items()
                                       if not isinstance(v, np.ndarray)}, "diff": diff}
             for case, (fn, args, diff) in CASES.items()}
    with open(os.path.join(out_dir, "cases.json"), "w") as f:
        json.dump(specs, f, indent=1)
    np.savez_compressed(os.path.join(out_dir, "cases.npz"), **arrays)


if __name__ == "__main__":
    main(sys.argv[1])
