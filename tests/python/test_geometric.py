"""paddle.geometric against PaddlePaddle 3.3.1 (tests/data/geometric, recorded
by tools/oracle/record_geometric.py): segment reductions and message passing
(values and gradients, ties of max/min included), reindexing, sampling where
every neighbor is taken; sampling's properties when it draws; bad input."""
import json
import os

import numpy as np
import pytest

import paddle
import paddle.geometric as G

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "geometric")
with open(os.path.join(DATA, "cases.json")) as f:
    CASES = json.load(f)
VALUES = np.load(os.path.join(DATA, "cases.npz"))


def arrays(case):
    prefix = case + "/"
    return {k[len(prefix):]: VALUES[k] for k in VALUES.files if k.startswith(prefix)}


RESULTS = {"out", "r"}


@pytest.mark.parametrize("case", sorted(CASES))
def test_matches_paddlepaddle(case):
    spec, recorded = CASES[case], arrays(case)
    tensors = {k: paddle.to_tensor(v, stop_gradient=k not in spec["diff"])
               for k, v in recorded.items() if k not in RESULTS and not k.startswith("grad_")}
    out = getattr(G, spec["fn"])(**tensors, **spec["args"])
    assert out.dtype.name == str(recorded["out"].dtype)
    np.testing.assert_allclose(out.numpy(), recorded["out"], rtol=1e-5, atol=1e-6)
    if spec["diff"]:
        (out * paddle.to_tensor(recorded["r"])).sum().backward()
        for k in spec["diff"]:
            np.testing.assert_allclose(tensors[k].grad.numpy(), recorded[f"grad_{k}"],
                                       rtol=1e-5, atol=1e-6, err_msg=f"{case}: grad of {k}")


def check_outputs(got, recorded):
    for k, t in enumerate(got):
        want = recorded[f"out{k}"]
        assert t.dtype.name == str(want.dtype), k
        np.testing.assert_array_equal(t.numpy(), want)


def test_reindex_graph():
    rec = arrays("reindex_graph")
    got = G.reindex_graph(*(paddle.to_tensor(rec[k]) for k in ("x", "neighbors", "count")))
    check_outputs(got, rec)


def test_reindex_heter_graph():
    rec = arrays("reindex_heter_graph")
    t = {k: paddle.to_tensor(v) for k, v in rec.items()}
    got = G.reindex_heter_graph(t["x"], [t["neighbors0"], t["neighbors1"]],
                                [t["count0"], t["count1"]])
    check_outputs(got, rec)


@pytest.mark.parametrize("weighted", [False, True])
def test_sampling_every_neighbor_matches_paddlepaddle(weighted):
    rec = arrays("weighted_sample_neighbors" if weighted else "sample_neighbors")
    t = {k: paddle.to_tensor(v) for k, v in rec.items()}
    if weighted:
        got = G.weighted_sample_neighbors(t["row"], t["colptr"], t["edge_weight"],
                                          t["input_nodes"], 5, t["eids"], True)
    else:
        got = G.sample_neighbors(t["row"], t["colptr"], t["input_nodes"], 5, t["eids"], True)
    check_outputs(got, rec)
    all_of_them = G.sample_neighbors(t["row"], t["colptr"], t["input_nodes"])
    check_outputs(all_of_them, rec)


@pytest.mark.parametrize("weighted", [False, True])
def test_sampling_draws_distinct_edges_of_each_node(weighted):
    rec = arrays("weighted_sample_neighbors")
    t = {k: paddle.to_tensor(v) for k, v in rec.items()}
    colptr, eids = rec["colptr"], rec["eids"]
    paddle.seed(3)
    for _ in range(20):
        args = (t["row"], t["colptr"]) + ((t["edge_weight"],) if weighted else ()) + \
            (t["input_nodes"],)
        sample = G.weighted_sample_neighbors if weighted else G.sample_neighbors
        nbrs, count, got_eids = sample(*args, sample_size=1, eids=t["eids"], return_eids=True)
        degrees = np.minimum(np.diff(colptr)[rec["input_nodes"]], 1)
        np.testing.assert_array_equal(count.numpy(), degrees)
        start = 0
        for node, c in zip(rec["input_nodes"], count.numpy()):
            edges = got_eids.numpy()[start:start + c] // 10
            assert np.all((colptr[node] <= edges) & (edges < colptr[node + 1]))
            np.testing.assert_array_equal(nbrs.numpy()[start:start + c], rec["row"][edges])
            start += c


def test_weighted_sampling_prefers_heavy_edges():
    row = paddle.to_tensor([0, 1])
    colptr = paddle.to_tensor([0, 2, 2])
    weight = paddle.to_tensor([0.05, 0.95])
    paddle.seed(1)
    picks = [int(G.weighted_sample_neighbors(row, colptr, weight, paddle.to_tensor([0]), 1)[0])
             for _ in range(200)]
    assert 150 < sum(picks) < 200


def test_segment_functions_accept_int32_ids_and_float64():
    data = paddle.to_tensor([[1.0, 2.0], [3.0, 5.0], [4.0, 1.0]], "float64")
    got = G.segment_min(data, paddle.to_tensor([1, 1, 1], "int32"))
    np.testing.assert_array_equal(got.numpy(), [[0.0, 0.0], [1.0, 1.0]])


X = paddle.ones([3, 2])
IDX = paddle.to_tensor([0, 1])


@pytest.mark.parametrize("call, error, words", [
    (lambda: G.segment_sum(X, paddle.to_tensor([1, 0, 2])), ValueError, "sorted"),
    (lambda: G.segment_mean(X, paddle.to_tensor([0, 1])), ValueError, "segment_ids must have 3"),
    (lambda: G.segment_max(X, paddle.to_tensor([-1, 0, 0])), ValueError, "non-negative"),
    (lambda: G.segment_min(X, paddle.to_tensor([0.0, 0.0, 1.0])), TypeError, "segment_ids"),
    (lambda: G.segment_sum([1.0], IDX), TypeError, "data"),
    (lambda: G.send_u_recv(X, IDX, paddle.to_tensor([0, 1, 2])), ValueError, "dst_index"),
    (lambda: G.send_u_recv(X, paddle.to_tensor([0, 3]), IDX), IndexError, "src_index"),
    (lambda: G.send_u_recv(X, IDX, paddle.to_tensor([0, 5])), IndexError, "dst_index"),
    (lambda: G.send_u_recv(X, IDX, paddle.to_tensor([0, 2]), out_size=2), IndexError,
     "dst_index"),
    (lambda: G.send_u_recv(X, IDX, IDX, reduce_op="prod"), ValueError, "reduce_op"),
    (lambda: G.send_u_recv(X, paddle.to_tensor([[0, 1]]), IDX), TypeError, "src_index"),
    (lambda: G.send_u_recv(X, IDX, IDX, out_size=1.5), TypeError, "out_size"),
    (lambda: G.send_ue_recv(X, paddle.ones([3]), IDX, IDX), ValueError, "y must have"),
    (lambda: G.send_ue_recv(X, paddle.ones([2]), IDX, IDX, message_op="pow"), ValueError,
     "message_op"),
    (lambda: G.send_uv(X, paddle.ones([1, 2]), IDX, IDX), IndexError, "dst_index"),
    (lambda: G.send_uv(X, paddle.ones([3, 2], "float64"), IDX, IDX), TypeError, "dtype"),
    (lambda: G.reindex_graph(IDX, IDX, paddle.to_tensor([1, 2])), ValueError, "count"),
    (lambda: G.reindex_graph(paddle.to_tensor([1, 1]), IDX, paddle.to_tensor([1, 1])),
     ValueError, "distinct"),
    (lambda: G.reindex_heter_graph(IDX, IDX, [IDX]), TypeError, "neighbors"),
    (lambda: G.sample_neighbors(IDX, paddle.to_tensor([0, 2]), IDX), IndexError,
     "input_nodes"),
    (lambda: G.sample_neighbors(IDX, paddle.to_tensor([0, 2]), IDX[:1], sample_size=0),
     ValueError, "sample_size"),
    (lambda: G.sample_neighbors(IDX, paddle.to_tensor([0, 2]), IDX[:1], return_eids=True),
     ValueError, "eids"),
    (lambda: G.weighted_sample_neighbors(IDX, paddle.to_tensor([0, 2]), paddle.ones([3]),
                                         IDX[:1]), ValueError, "edge_weight"),
])
def test_bad_input_raises_naming_it(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_segment_functions_need_eager_mode(static_programs):
    data = paddle.static.data("d", [3, 2])
    ids = paddle.static.data("i", [3], "int64")
    with pytest.raises(RuntimeError, match="eager"):
        G.segment_sum(data, ids)


def test_send_u_recv_builds_a_static_program(static_programs):
    main, startup = static_programs
    x = paddle.static.data("x", [3, 2])
    out = G.send_u_recv(x, paddle.to_tensor([0, 1, 2, 0]), paddle.to_tensor([1, 1, 0, 0]),
                        "max")
    value = np.array([[1.0, 2.0], [1.0, 3.0], [0.0, 5.0]], "float32")
    (got,) = paddle.static.Executor().run(main, feed={"x": value}, fetch_list=[out])
    np.testing.assert_array_equal(got, [[1.0, 5.0], [1.0, 3.0], [0.0, 0.0]])


def test_out_size_as_a_tensor(static_programs):
    x = paddle.static.data("x", [3, 2])
    with pytest.raises(TypeError, match="out_size must be an int"):
        G.send_u_recv(x, IDX, IDX, out_size=paddle.to_tensor([4]))


def test_out_size_as_a_tensor_in_eager_mode():
    out = G.send_u_recv(X, IDX, IDX, out_size=paddle.to_tensor([4]))
    assert out.shape == [4, 2]
