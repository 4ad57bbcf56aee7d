"""paddle.incubate against PaddlePaddle 3.3.1 (tests/data/incubate, recorded by
tools/oracle/record_incubate.py): the graph functions, softmax_mask_fuse (value
and gradient), identity_loss, LookAhead and ModelAverage runs; the causal
softmax (GPU-only in 3.3.1) against NumPy; bad input."""
import os
import warnings

import numpy as np
import pytest

import paddle
import paddle.incubate as I

REC = np.load(os.path.join(os.path.dirname(__file__), "..", "data", "incubate",
                           "incubate.npz"))
ROW = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
COLPTR = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
NODES = paddle.to_tensor([0, 8, 1, 2])
EIDS = paddle.to_tensor(np.arange(13, dtype="int64") * 10)


def t(a, grad=False):
    return paddle.to_tensor(a, stop_gradient=not grad)


@pytest.fixture(autouse=True)
def _no_deprecation_noise():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("op", ["sum", "mean", "max", "min"])
def test_segment_and_send_recv(op):
    data = t(REC["segment/data"])
    out = getattr(I, f"segment_{op}")(data, t(REC["segment/ids"]))
    np.testing.assert_allclose(out.numpy(), REC[f"segment/{op}"], rtol=1e-6)
    out = I.graph_send_recv(data, t(REC["send_recv/src"]), t(REC["send_recv/dst"]), op)
    np.testing.assert_allclose(out.numpy(), REC[f"send_recv/{op}"], rtol=1e-6)


def test_deprecated_names_warn():
    with pytest.warns(Warning, match="paddle.geometric.send_u_recv"):
        warnings.simplefilter("always")
        I.graph_send_recv(paddle.ones([2, 1]), t([0]), t([1]))


def test_reindex_sample_khop():
    x, neighbors = t(np.array([0, 1, 2])), t(np.array([8, 9, 0, 4, 7, 6, 7]))
    for i, r in enumerate(I.graph_reindex(x, neighbors, t(np.array([2, 3, 2], "int32")))):
        np.testing.assert_array_equal(r.numpy(), REC[f"reindex/out{i}"])
    out = I.graph_sample_neighbors(ROW, COLPTR, NODES, EIDS, sample_size=5, return_eids=True)
    for i, r in enumerate(out):
        np.testing.assert_array_equal(r.numpy(), REC[f"sample/out{i}"])
    out = I.graph_khop_sampler(ROW, COLPTR, NODES, [3], EIDS, return_eids=True)
    assert len(out) == 5
    for i, r in enumerate(out):
        assert r.shape == list(REC[f"khop/out{i}"].shape)
        np.testing.assert_array_equal(r.numpy(), REC[f"khop/out{i}"])
    assert len(I.graph_khop_sampler(ROW, COLPTR, NODES, [3])) == 4


def test_khop_two_hops_and_draws():
    src, dst, index, new = I.graph_khop_sampler(ROW, COLPTR, NODES, [5, 5])
    # hop 2 samples the nodes hop 1 reached first (3, 7, 9): only 3 has an edge (from 4)
    np.testing.assert_array_equal(index.numpy(), [0, 8, 1, 2, 3, 7, 9, 4])
    assert (src.numpy()[-1, 0], dst.numpy()[-1, 0]) == (7, 4)
    paddle.seed(3)
    src, dst, index, _ = I.graph_khop_sampler(ROW, COLPTR, NODES, [1])
    assert src.shape == [4, 1]
    np.testing.assert_array_equal(dst.numpy().ravel(), [0, 1, 2, 3])
    nodes = index.numpy()
    for s, d in zip(src.numpy().ravel(), dst.numpy().ravel()):
        edges = ROW.numpy()[COLPTR.numpy()[nodes[d]]:COLPTR.numpy()[nodes[d] + 1]]
        assert nodes[s] in edges


def test_khop_bad_input():
    with pytest.raises(ValueError, match=r"\[graph_khop_sampler\] sample_sizes"):
        I.graph_khop_sampler(ROW, COLPTR, NODES, [0])
    with pytest.raises(ValueError, match="sorted_eids must be given"):
        I.graph_khop_sampler(ROW, COLPTR, NODES, [2], return_eids=True)
    with pytest.raises(TypeError, match="colptr must have row's dtype"):
        I.graph_khop_sampler(ROW, COLPTR.astype("int32"), NODES, [2])
    with pytest.raises(TypeError, match="row must be a 1-D int32/int64"):
        I.graph_khop_sampler(ROW.astype("float32"), COLPTR, NODES, [2])


def test_softmax_mask_fuse():
    x = t(REC["mask/x"], True)
    y = I.softmax_mask_fuse(x, t(REC["mask/mask"]))
    np.testing.assert_allclose(y.numpy(), REC["mask/out"], rtol=1e-5, atol=1e-7)
    (y * t(REC["mask/r"])).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), REC["mask/grad"], rtol=1e-4, atol=1e-6)


def test_softmax_mask_fuse_upper_triangle():
    a = np.random.RandomState(0).standard_normal([2, 2, 4, 4])
    x = t(a, True)
    y = I.softmax_mask_fuse_upper_triangle(x)
    masked = np.where(np.triu(np.ones([4, 4]), 1) > 0, -np.inf, a)
    want = np.exp(masked - masked.max(-1, keepdims=True))
    want /= want.sum(-1, keepdims=True)
    np.testing.assert_allclose(y.numpy(), want, rtol=1e-10)
    r = np.random.RandomState(1).uniform(size=a.shape)
    (y * t(r)).sum().backward()
    grad = want * (r - (want * r).sum(-1, keepdims=True))
    np.testing.assert_allclose(x.grad.numpy(), grad, rtol=1e-9, atol=1e-12)


def test_softmax_masks_and_identity_loss_in_a_static_program():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [-1, 3, 4, 5], "float32")
            mask = paddle.static.data("mask", [-1, 1, 4, 5], "float32")
            outs = [I.softmax_mask_fuse(x, mask), I.softmax_mask_fuse_upper_triangle(x),
                    I.identity_loss(x, "sum")]
        types = [op.type for op in main.global_block().ops]
        assert types == ["fused_softmax_mask", "fused_softmax_mask_upper_triangle",
                         "identity_loss"]
        got = paddle.static.Executor(paddle.CPUPlace()).run(
            main, feed={"x": REC["mask/x"], "mask": REC["mask/mask"]}, fetch_list=outs)
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got[0], REC["mask/out"], rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(got[1].sum(-1), np.ones([2, 3, 4]), rtol=1e-5)
    assert np.all(np.triu(got[1][0, 0], 1) == 0)
    np.testing.assert_allclose(got[2], REC["identity/sum"], rtol=1e-5)


def test_identity_loss_gradient():
    x = t(REC["mask/x"], True)
    I.identity_loss(x, "mean").backward()
    np.testing.assert_allclose(x.grad.numpy(), np.full(x.shape, 1.0 / x.size), rtol=1e-6)


def test_softmax_mask_bad_input():
    x = paddle.rand([2, 3, 4, 5])
    with pytest.raises(ValueError, match=r"mask must be \[2, 1, 4, 5\]"):
        I.softmax_mask_fuse(x, paddle.rand([2, 3, 4, 5]))
    with pytest.raises(TypeError, match="mask must have x's dtype"):
        I.softmax_mask_fuse(x, paddle.rand([2, 1, 4, 5], "float64"))
    with pytest.raises(ValueError, match=r"\[softmax_mask_fuse_upper_triangle\] x must be 4-D"):
        I.softmax_mask_fuse_upper_triangle(paddle.rand([4, 5]))
    with pytest.raises(TypeError, match="x must be float32 or float64"):
        I.softmax_mask_fuse_upper_triangle(paddle.ones([1, 1, 2, 2], "int32"))


@pytest.mark.parametrize("reduction,code", [("sum", 0), ("mean", 1), ("none", 2)])
def test_identity_loss(reduction, code):
    x = t(REC["mask/x"])
    for r in (reduction, code):
        np.testing.assert_allclose(I.identity_loss(x, r).numpy(), REC[f"identity/{reduction}"],
                                   rtol=1e-5)
    with pytest.raises(TypeError, match="Unsupported reduction"):
        I.identity_loss(x, "max")
    with pytest.raises(ValueError, match="reduction should be 0, 1 and 2"):
        I.identity_loss(x, 5)


def _param(values):
    return paddle.create_parameter(list(values.shape), "float32",
                                   default_initializer=paddle.nn.initializer.Assign(values))


def test_lookahead_matches_paddlepaddle():
    w, c = _param(REC["lookahead/w0"]), t(REC["lookahead/c"])
    opt = I.LookAhead(paddle.optimizer.SGD(0.1, parameters=[w]), alpha=0.3, k=3)
    for want in REC["lookahead/trajectory"]:
        (w * w * c).sum().backward()
        opt.step()
        opt.clear_grad()
        np.testing.assert_allclose(w.numpy(), want, rtol=1e-6)


def test_lookahead_bad_input():
    w = _param(np.ones([2], "float32"))
    sgd = paddle.optimizer.SGD(0.1, parameters=[w])
    with pytest.raises(ValueError, match=r"\[LookAhead\] alpha must be in \[0, 1\]"):
        I.LookAhead(sgd, alpha=1.5)
    with pytest.raises(ValueError, match="k must be a positive int"):
        I.LookAhead(sgd, k=0)
    with pytest.raises(TypeError, match="inner_optimizer must be an Optimizer"):
        I.LookAhead(None)


def test_model_average_matches_paddlepaddle():
    w = _param(REC["average/w0"])
    sgd = paddle.optimizer.SGD(0.2, parameters=[w])
    avg = I.ModelAverage(0.5, parameters=[w], min_average_window=2, max_average_window=3)
    for applied, after in zip(REC["average/applied"], REC["average/after"]):
        (w * w).sum().backward()
        sgd.step()
        avg.step()
        sgd.clear_grad()
        with avg.apply():
            np.testing.assert_allclose(w.numpy(), applied, rtol=1e-6)
        np.testing.assert_allclose(w.numpy(), after, rtol=1e-6)
    with avg.apply(need_restore=False):
        pass
    np.testing.assert_allclose(w.numpy(), REC["average/applied"][-1], rtol=1e-6)
    avg.restore()
    np.testing.assert_allclose(w.numpy(), REC["average/after"][-1], rtol=1e-6)


def test_model_average_bad_input():
    w = _param(np.ones([2], "float32"))
    with pytest.raises(ValueError, match="min_average_window .* must not exceed"):
        I.ModelAverage(0.5, parameters=[w], min_average_window=5, max_average_window=2)
    with pytest.raises(ValueError, match="average_window_rate must be a non-negative"):
        I.ModelAverage(-1.0, parameters=[w])
