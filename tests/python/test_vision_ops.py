"""paddle.vision.ops detection operators: values (and gradients) against
PaddlePaddle 3.3.1 (tests/data/vision_ops, recorded by
tools/oracle/record_vision_ops.py), numeric gradients, static mode and bad
inputs."""
import json
import pathlib

import numpy as np
import pytest

import paddle
from paddle.vision import ops

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vision_ops"
CASES = json.loads((DATA / "cases.json").read_text())["cases"]
ARRAYS = np.load(DATA / "arrays.npz")


def _value(a):
    if isinstance(a, dict) and "arr" in a:
        return paddle.to_tensor(ARRAYS[a["arr"]])
    return a


def _call(case):
    args = [_value(a) for a in case["args"]]
    kwargs = {k: _value(v) for k, v in case["kwargs"].items()}
    for name in case["grad"]:
        (kwargs[name] if name in kwargs else args[int(name)]).stop_gradient = False
    return args, kwargs


def _flat(outs):
    """The outputs in order, a list output (one tensor per FPN level) entry by entry."""
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    flat = []
    for o in outs:
        flat.extend(o if isinstance(o, (list, tuple)) else [o])
    return flat


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_matches_paddle(case):
    args, kwargs = _call(case)
    outs = _flat(getattr(ops, case["fn"])(*args, **kwargs))
    assert len(outs) == case["outputs"]
    for i, o in enumerate(outs):
        want = ARRAYS[f"{case['name']}/out{i}"]
        assert o.numpy().dtype == want.dtype, f"out{i} dtype"
        assert list(o.shape) == list(want.shape), f"out{i} shape"
        tol = 1e-5 if want.dtype == np.float32 else 1e-12
        np.testing.assert_allclose(o.numpy(), want, rtol=tol, atol=tol, err_msg=f"out{i}")
    if case["grad"]:
        cot = paddle.to_tensor(ARRAYS[f"{case['name']}/cotangent"])
        (outs[0] * cot).sum().backward()
        for name in case["grad"]:
            t = kwargs[name] if name in kwargs else args[int(name)]
            want = ARRAYS[f"{case['name']}/grad_{name}"]
            np.testing.assert_allclose(t.grad.numpy(), want, rtol=1e-5, atol=1e-5,
                                       err_msg=f"grad of {name}")


# Cases whose Python code reads the inputs' values while building (the categories' members).
VALUE_DEPENDENT = {"nms_category"}


@pytest.mark.parametrize("unknown_dim0", [False, True], ids=["known", "unknown_dim0"])
@pytest.mark.parametrize("case", [c for c in CASES if c["name"] not in VALUE_DEPENDENT],
                         ids=[c["name"] for c in CASES if c["name"] not in VALUE_DEPENDENT])
def test_static_program_matches_paddle(static_programs, case, unknown_dim0):
    """Built with the inputs' shapes, or with their first dim unknown (-1) while the program
    is built, as a batch dimension is."""
    main, startup = static_programs
    feeds, holders = {}, {}

    def value(a):
        if not (isinstance(a, dict) and "arr" in a):
            return a
        if a["arr"] not in holders:
            data = ARRAYS[a["arr"]]
            shape = list(data.shape)
            if unknown_dim0 and shape:
                shape[0] = -1
            v = paddle.static.data(f"in{len(holders)}", shape, str(data.dtype))
            v.stop_gradient = True
            feeds[v.name] = data
            holders[a["arr"]] = v
        return holders[a["arr"]]

    args = [value(a) for a in case["args"]]
    kwargs = {k: value(v) for k, v in case["kwargs"].items()}
    diff = [kwargs[n] if n in kwargs else args[int(n)] for n in case["grad"]]
    for v in diff:
        v.stop_gradient = False
    outs = _flat(getattr(ops, case["fn"])(*args, **kwargs))
    fetch = list(outs)
    if diff:
        cot = paddle.to_tensor(ARRAYS[f"{case['name']}/cotangent"])
        fetch += paddle.static.gradients([paddle.sum(outs[0] * cot)], diff)
    exe = paddle.static.Executor()
    exe.run(startup)
    got = exe.run(main, feed=feeds, fetch_list=fetch)
    for i in range(len(outs)):
        want = ARRAYS[f"{case['name']}/out{i}"]
        np.testing.assert_allclose(got[i], want, rtol=1e-5, atol=1e-5, err_msg=f"out{i}")
    for name, g in zip(case["grad"], got[len(outs):]):
        np.testing.assert_allclose(g, ARRAYS[f"{case['name']}/grad_{name}"], rtol=1e-5,
                                   atol=1e-5, err_msg=f"grad of {name}")
    op_type = {"yolo_loss": "yolov3_loss", "generate_proposals": "generate_proposals_v2",
               "deform_conv2d": "deformable_conv" if "mask" in case["kwargs"]
               else "deformable_conv_v1"}.get(case["fn"], case["fn"])
    assert op_type in [op.type for op in main.global_block().ops]


def _boxes(n, seed=0):
    rng = np.random.default_rng(seed)
    xy = rng.uniform(0, 6, (n, 2))
    return paddle.to_tensor(np.concatenate([xy, xy + rng.uniform(1, 5, (n, 2))], 1), "float32")


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.nms(paddle.rand([3, 5])), ValueError, r"\[nms\] boxes must be shaped"),
    (lambda: ops.nms(paddle.ones([3, 4], "int32")), TypeError, r"\[nms\] boxes must be float"),
    (lambda: ops.nms(_boxes(3), 0.5, paddle.rand([4])), ValueError, r"scores must be 1-D"),
    (lambda: ops.nms(_boxes(3), 0.5, paddle.rand([3]), paddle.zeros([3], "int64")), ValueError,
     r"categories"),
    (lambda: ops.nms(_boxes(3), 0.5, paddle.rand([3]), paddle.zeros([3], "int64"), [0], 4),
     ValueError, r"top_k \(4\)"),
    (lambda: ops.box_coder(_boxes(2), [0.1, 0.2, 0.3], _boxes(3)), ValueError,
     r"prior_box_var .* 4 numbers"),
    (lambda: ops.box_coder(_boxes(2), "var", _boxes(3)), TypeError, r"prior_box_var must be"),
    (lambda: ops.box_coder(_boxes(2), None, _boxes(3), "decode"), ValueError, r"code_type"),
    (lambda: ops.box_coder(_boxes(2), None, _boxes(3), "decode_center_size"), ValueError,
     r"\[box_coder\] input 'TargetBox' must be \[N, M, 4\]"),
    (lambda: ops.box_coder(_boxes(2), None, paddle.rand([3, 5, 4]), "decode_center_size"),
     ValueError, r"\[box_coder\] PriorBox \[2, 4\] must have one box per entry"),
    (lambda: ops.box_coder(_boxes(2), paddle.rand([3, 4]), _boxes(3)), ValueError,
     r"\[box_coder\] .*PriorBoxVar"),
    (lambda: ops.prior_box(paddle.rand([1, 1, 2, 2]), paddle.rand([1, 1, 8, 8]), [10.0],
                           max_sizes=[5.0]), ValueError, r"\[prior_box\] max_sizes\[0\] \(5\)"),
    (lambda: ops.prior_box(paddle.rand([1, 1, 2, 2]), paddle.rand([1, 1, 8, 8]), [-1.0]),
     ValueError, r"\[prior_box\] attribute 'min_sizes' must be > 0"),
    (lambda: ops.prior_box(paddle.rand([1, 1, 2, 2]), paddle.rand([1, 1, 8, 8]), [1.0],
                           steps=[1.0, 2.0, 3.0]), ValueError, r"steps must be"),
    (lambda: ops.prior_box(paddle.rand([1, 2, 2]), paddle.rand([1, 1, 8, 8]), [1.0]),
     ValueError, r"4-D"),
    (lambda: ops.yolo_box(paddle.rand([1, 14, 2, 2]), paddle.ones([1, 2]), [10, 13, 16, 30], 2,
                          0.1, 32), TypeError, r"img_size must be int32"),
    (lambda: ops.yolo_box(paddle.rand([1, 13, 2, 2]), paddle.ones([1, 2], "int32"),
                          [10, 13, 16, 30], 2, 0.1, 32), ValueError, r"14 channels"),
    (lambda: ops.yolo_box(paddle.rand([1, 14, 2, 2]), paddle.ones([1, 2], "int32"),
                          [10, 13, 16], 2, 0.1, 32), ValueError, r"'anchors' must hold"),
    (lambda: ops.yolo_box(paddle.rand([2, 14, 2, 2]), paddle.ones([1, 2], "int32"),
                          [10, 13, 16, 30], 2, 0.1, 32), ValueError, r"one row per image"),
])
def test_bad_inputs_raise_typed_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_nms_suppresses_in_order_and_sorts_by_score():
    boxes = paddle.to_tensor([[0., 0., 10., 10.], [1., 1., 11., 11.], [20., 20., 30., 30.],
                              [0., 0., 10., 9.]])
    assert ops.nms(boxes, 0.5).tolist() == [0, 2]
    assert ops.nms(boxes, 0.95).tolist() == [0, 1, 2, 3]
    scores = paddle.to_tensor([0.2, 0.9, 0.5, 0.1])
    assert ops.nms(boxes, 0.5, scores).tolist() == [1, 2]
    cats = paddle.to_tensor([0, 1, 0, 0], "int64")
    assert ops.nms(boxes, 0.5, scores, cats, [0, 1]).tolist() == [1, 2, 0]
    assert ops.nms(boxes, 0.5, scores, cats, [0, 1], top_k=2).tolist() == [1, 2]


def _finite_difference(fn, x, eps=1e-6):
    """d sum(fn(x) * w) / dx by central differences, float64, w fixed."""
    w = np.random.default_rng(3).normal(size=fn(x).shape)
    grad = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        hi, lo = x.copy(), x.copy()
        hi[i] += eps
        lo[i] -= eps
        grad[i] = ((fn(hi) - fn(lo)) * w).sum() / (2 * eps)
    return w, grad


ROI_BOXES = np.array([[0.6, 1.3, 7.2, 6.1], [2.2, 0.4, 5.9, 3.3], [1.1, 2.7, 9.4, 11.3]])


@pytest.mark.parametrize("call", [
    lambda x, b, n: ops.roi_align(x, b, n, 2, spatial_scale=0.6),
    lambda x, b, n: ops.roi_align(x, b, n, (3, 2), spatial_scale=0.6, sampling_ratio=2,
                                  aligned=False),
    lambda x, b, n: ops.roi_pool(x, b, n, (2, 3), spatial_scale=0.6),
    lambda x, b, n: ops.psroi_pool(x[:, :4], b, n, 2, spatial_scale=0.6),
], ids=["roi_align", "roi_align_legacy", "roi_pool", "psroi_pool"])
def test_roi_gradients_match_finite_differences(call):
    x = np.random.default_rng(5).normal(size=(2, 4, 6, 6))
    boxes, num = paddle.to_tensor(ROI_BOXES), paddle.to_tensor([1, 2], "int32")
    w, want = _finite_difference(lambda v: call(paddle.to_tensor(v), boxes, num).numpy(), x)
    xt = paddle.to_tensor(x, stop_gradient=False)
    (call(xt, boxes, num) * paddle.to_tensor(w)).sum().backward()
    np.testing.assert_allclose(xt.grad.numpy(), want, rtol=1e-6, atol=1e-7)


def test_roi_layers_call_their_functions():
    x = paddle.to_tensor(np.random.default_rng(2).normal(size=(2, 8, 6, 6)), "float32")
    boxes = paddle.to_tensor(ROI_BOXES, "float32")
    num = paddle.to_tensor([1, 2], "int32")
    np.testing.assert_array_equal(ops.RoIAlign(2, 0.5)(x, boxes, num, aligned=False).numpy(),
                                  ops.roi_align(x, boxes, num, 2, 0.5, aligned=False).numpy())
    np.testing.assert_array_equal(ops.RoIPool((2, 3), 0.5)(x, boxes, num).numpy(),
                                  ops.roi_pool(x, boxes, num, (2, 3), 0.5).numpy())
    np.testing.assert_array_equal(ops.PSRoIPool(2, 0.5)(x, boxes, num).numpy(),
                                  ops.psroi_pool(x, boxes, num, 2, 0.5).numpy())
    assert ops.PSRoIPool(2, 0.5)(x, boxes, num).shape == [3, 2, 2, 2]
    assert "output_size=(2, 3)" in repr(ops.RoIPool((2, 3), 0.5))


def _roi_inputs(n=3, batch=2):
    x = paddle.rand([batch, 4, 6, 6])
    return x, paddle.to_tensor(ROI_BOXES[:n], "float32"), paddle.to_tensor([1, n - 1], "int32")


@pytest.mark.parametrize("fn", ["roi_align", "roi_pool", "psroi_pool"])
def test_roi_bad_inputs_raise_typed_errors(fn):
    f = getattr(ops, fn)
    x, boxes, num = _roi_inputs()
    with pytest.raises(ValueError, match=rf"\[{fn}\] boxes must be shaped \[num_boxes, 4\]"):
        f(x, paddle.rand([3, 5]), num, 2)
    with pytest.raises(TypeError, match=rf"\[{fn}\] boxes must have x's dtype"):
        f(x, boxes.astype("float64"), num, 2)
    with pytest.raises(TypeError, match=rf"\[{fn}\] boxes_num must be int32 or int64"):
        f(x, boxes, num.astype("float32"), 2)
    with pytest.raises(ValueError, match=rf"\[{fn}\] boxes_num .* is needed"):
        f(x, boxes, None, 2)
    with pytest.raises(ValueError, match=rf"\[{fn}\] output_size must be positive"):
        f(x, boxes, num, (2, -1))
    with pytest.raises(TypeError, match=rf"\[{fn}\] output_size must be an int or a pair"):
        f(x, boxes, num, 2.5)
    with pytest.raises(ValueError, match=rf"\[{fn}\] x must be a 4-D feature map"):
        f(paddle.rand([4, 6, 6]), boxes, num, 2)
    with pytest.raises(TypeError, match=rf"\[{fn}\] x must be float32 or float64"):
        f(x.astype("int32"), boxes, num, 2)
    with pytest.raises(ValueError, match=rf"\[{fn}\] RoisNum adds up to 4 boxes, but ROIs holds 3"):
        f(x, boxes, paddle.to_tensor([2, 2], "int32"), 2)
    with pytest.raises(ValueError, match=rf"\[{fn}\] input 'RoisNum' \[3\] must hold one count"):
        f(x, boxes, paddle.to_tensor([1, 1, 1], "int32"), 2)
    with pytest.raises(ValueError, match=rf"\[{fn}\] RoisNum\[0\] is negative"):
        f(x, boxes, paddle.to_tensor([-1, 4], "int32"), 2)
    with pytest.raises(ValueError, match=rf"\[{fn}\] attribute 'spatial_scale' must be > 0"):
        f(x, boxes, num, 2, -1.0)


def test_psroi_pool_needs_channels_divisible_by_the_bins():
    x, boxes, num = _roi_inputs()
    with pytest.raises(ValueError, match=r"\[psroi_pool\] x's channels \(4\) must be divisible"):
        ops.psroi_pool(x, boxes, num, 3)


@pytest.mark.parametrize("with_mask", [True, False], ids=["v2", "v1"])
def test_deform_conv2d_gradients_match_finite_differences(with_mask):
    rng = np.random.default_rng(8)
    x = rng.normal(size=(1, 2, 5, 5))
    # Offsets away from whole pixels, where the bilinear sample has no kink.
    offset = rng.integers(-2, 3, (1, 2 * 4, 5, 3)) + rng.uniform(0.2, 0.8, (1, 8, 5, 3))
    weight = rng.normal(size=(3, 2, 2, 2))
    mask = rng.uniform(0, 1, (1, 4, 5, 3))
    inputs = [x, offset, weight] + ([mask] if with_mask else [])

    def run(*arrays):
        ts = [paddle.to_tensor(a) for a in arrays]
        return ops.deform_conv2d(ts[0], ts[1], ts[2], mask=ts[3] if with_mask else None,
                                 padding=1, stride=(1, 2), dilation=(2, 1))

    tensors = [paddle.to_tensor(a, stop_gradient=False) for a in inputs]
    out = ops.deform_conv2d(tensors[0], tensors[1], tensors[2],
                            mask=tensors[3] if with_mask else None, padding=1, stride=(1, 2),
                            dilation=(2, 1))
    w = None
    for k, a in enumerate(inputs):
        w, want = _finite_difference(lambda v: run(*inputs[:k], v, *inputs[k + 1:]).numpy(), a)
        got = paddle.grad([(out * paddle.to_tensor(w)).sum()], [tensors[k]],
                          retain_graph=True)[0]
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-6, atol=1e-7,
                                   err_msg=f"input {k}")


def test_deform_conv2d_layer():
    paddle.seed(1)
    layer = ops.DeformConv2D(4, 6, 3, padding=1, groups=2, deformable_groups=2)
    assert layer.weight.shape == [6, 2, 3, 3] and layer.bias.shape == [6]
    assert not layer.bias.numpy().any()
    x = paddle.rand([2, 4, 5, 5])
    offset = paddle.rand([2, 36, 5, 5])
    mask = paddle.rand([2, 18, 5, 5])
    np.testing.assert_allclose(
        layer(x, offset, mask).numpy(),
        ops.deform_conv2d(x, offset, layer.weight, layer.bias, padding=1, groups=2,
                          deformable_groups=2, mask=mask).numpy(), rtol=1e-6)
    assert ops.DeformConv2D(4, 6, 3, bias_attr=False).bias is None
    with pytest.raises(ValueError, match=r"in_channels \(4\) must be divisible by groups \(3\)"):
        ops.DeformConv2D(4, 6, 3, groups=3)


@pytest.mark.parametrize("call, error, match", [
    (lambda x, o, w, m: ops.deform_conv2d(x, o[:, :10], w, mask=m), ValueError,
     r"\[deformable_conv\] Offset has shape \[1, 10, 3, 3\], expected \[1, 18, 3, 3\]"),
    (lambda x, o, w, m: ops.deform_conv2d(x, o, w, mask=m[:, :4]), ValueError,
     r"\[deformable_conv\] Mask has shape \[1, 4, 3, 3\], expected \[1, 9, 3, 3\]"),
    (lambda x, o, w, m: ops.deform_conv2d(x, o, w[:, :1]), ValueError,
     r"\[deformable_conv_v1\] Input has 2 channels, but Filter"),
    (lambda x, o, w, m: ops.deform_conv2d(x, o, w, stride=0), ValueError,
     r"attribute 'strides' must be >= 1"),
    (lambda x, o, w, m: ops.deform_conv2d(x, o, w.astype("float64")), TypeError,
     r"\[deform_conv2d\] weight must have x's dtype"),
    (lambda x, o, w, m: ops.deform_conv2d(x.astype("int32"), o, w), TypeError,
     r"\[deform_conv2d\] x must be float32 or float64"),
    (lambda x, o, w, m: ops.deform_conv2d(x, o, w, bias=paddle.rand([2])), ValueError,
     r"\[deform_conv2d\] bias must be \[3\]"),
    (lambda x, o, w, m: ops.deform_conv2d(x, o, w, deformable_groups=3), ValueError,
     r"channels must be divisible by deformable_groups 3"),
])
def test_deform_conv2d_bad_inputs(call, error, match):
    x, o = paddle.rand([1, 2, 5, 5]), paddle.rand([1, 18, 3, 3])
    w, m = paddle.rand([3, 2, 3, 3]), paddle.rand([1, 9, 3, 3])
    with pytest.raises(error, match=match):
        call(x, o, w, m)


def test_yolo_loss_gradient_matches_finite_differences():
    rng = np.random.default_rng(4)
    x = rng.normal(size=(2, 14, 4, 4))
    gt = np.concatenate([rng.uniform(0.05, 0.95, (2, 3, 2)), rng.uniform(0.1, 0.5, (2, 3, 2))], 2)
    label = paddle.to_tensor(rng.integers(0, 2, (2, 3)), "int32")
    score = paddle.to_tensor(rng.uniform(0.2, 1, (2, 3)))

    def loss(v):
        return ops.yolo_loss(v, paddle.to_tensor(gt), label, [10, 13, 16, 30, 33, 23], [1, 2], 2,
                             0.4, 16, gt_score=score)

    w, want = _finite_difference(lambda v: loss(paddle.to_tensor(v)).numpy(), x)
    xt = paddle.to_tensor(x, stop_gradient=False)
    (loss(xt) * paddle.to_tensor(w)).sum().backward()
    np.testing.assert_allclose(xt.grad.numpy(), want, rtol=1e-6, atol=1e-7)
    assert np.count_nonzero(xt.grad.numpy().reshape(2, 2, 7, 4, 4)[:, :, :4])


@pytest.mark.parametrize("change, error, match", [
    ({"gt_label": paddle.zeros([2, 3], "int64")}, TypeError, r"gt_label must be int32"),
    ({"x": paddle.rand([2, 13, 4, 4])}, ValueError, r"\[yolov3_loss\] input 'X' .* 14 channels"),
    ({"x": paddle.rand([2, 14, 4, 5])}, ValueError, r"square grid"),
    ({"gt_box": paddle.rand([2, 3, 5])}, ValueError, r"'GTBox' must be \[N, B, 4\]"),
    ({"gt_label": paddle.zeros([2, 4], "int32")}, ValueError, r"GTLabel has shape \[2, 4\]"),
    ({"anchor_mask": [1, 5]}, ValueError, r"anchor_mask entry 5 is not an anchor index"),
    ({"anchors": [10, 13, 16]}, ValueError, r"'anchors' must hold \(width, height\) pairs"),
    ({"gt_label": paddle.full([2, 3], 7, "int32")}, ValueError, r"GTLabel\[0, 0\] is 7"),
])
def test_yolo_loss_bad_inputs(change, error, match):
    args = {"x": paddle.rand([2, 14, 4, 4]), "gt_box": paddle.full([2, 3, 4], 0.3),
            "gt_label": paddle.zeros([2, 3], "int32"), "anchors": [10, 13, 16, 30, 33, 23],
            "anchor_mask": [0, 1], "class_num": 2, "ignore_thresh": 0.5, "downsample_ratio": 8}
    args.update(change)
    with pytest.raises(error, match=match):
        ops.yolo_loss(**args)


def test_proposal_ops_optional_outputs():
    boxes = paddle.to_tensor(ARRAYS["matrix_nms/boxes"])
    scores = paddle.to_tensor(ARRAYS["matrix_nms/scores"])
    out, rois_num, index = ops.matrix_nms(boxes, scores, 0.3, 0.1, 8, 10, return_rois_num=False)
    assert rois_num is None and index is None and out.shape[1] == 6
    args = [paddle.to_tensor(ARRAYS[f"proposals/{k}"])
            for k in ("scores", "deltas", "img_size", "anchors", "variances")]
    rois, probs, num = ops.generate_proposals(*args)
    assert num is None and rois.shape[0] == probs.shape[0]
    rois = paddle.to_tensor(ARRAYS["fpn/rois"])
    multi, restore, per_level = ops.distribute_fpn_proposals(rois, 2, 5, 4, 224)
    assert per_level is None and len(multi) == 4
    # RestoreIndex puts the levels' concatenation back in the boxes' order.
    joined = paddle.concat(multi).numpy()
    np.testing.assert_array_equal(joined[restore.numpy().reshape(-1)], rois.numpy())


def test_generate_proposals_image_without_boxes_gives_one_zero_box():
    args = [paddle.to_tensor(ARRAYS[f"proposals/{k}"])
            for k in ("scores", "deltas", "img_size", "anchors", "variances")]
    rois, probs, num = ops.generate_proposals(*args, min_size=1000.0, return_rois_num=True)
    assert num.tolist() == [1, 1]
    assert not rois.numpy().any() and not probs.numpy().any()


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.matrix_nms(paddle.rand([1, 3, 5]), paddle.rand([1, 2, 3]), 0.1, 0.1, 5, 5),
     ValueError, r"\[matrix_nms\] input 'BBoxes' must be \[N, M, 4\]"),
    (lambda: ops.matrix_nms(paddle.rand([1, 3, 4]), paddle.rand([1, 2, 4]), 0.1, 0.1, 5, 5),
     ValueError, r"\[matrix_nms\] Scores \[1, 2, 4\] must score the 3 boxes"),
    (lambda: ops.matrix_nms(paddle.rand([1, 3, 4]), paddle.rand([1, 2, 3], "float64"), 0.1, 0.1,
                            5, 5), TypeError, r"scores must have bboxes' dtype"),
    (lambda: ops.matrix_nms(paddle.rand([1, 3, 4]), paddle.rand([1, 2, 3]), 0.1, 0.1, 5.5, 5),
     TypeError, r"nms_top_k must be an int"),
    (lambda: ops.generate_proposals(paddle.rand([1, 3, 4, 5]), paddle.rand([1, 11, 4, 5]),
                                    paddle.ones([1, 2]), paddle.rand([4, 5, 3, 4]),
                                    paddle.rand([4, 5, 3, 4])), ValueError,
     r"\[generate_proposals_v2\] BboxDeltas has shape \[1, 11, 4, 5\], expected \[1, 12, 4, 5\]"),
    (lambda: ops.generate_proposals(paddle.rand([1, 3, 4, 5]), paddle.rand([1, 12, 4, 5]),
                                    paddle.ones([1, 2]), paddle.rand([4, 5, 2, 4]),
                                    paddle.rand([4, 5, 2, 4])), ValueError,
     r"Anchors has shape \[4, 5, 2, 4\], expected \[4, 5, 3, 4\]"),
    (lambda: ops.generate_proposals(paddle.rand([1, 3, 4, 5]), paddle.rand([1, 12, 4, 5]),
                                    paddle.ones([1, 2], "int32"), paddle.rand([4, 5, 3, 4]),
                                    paddle.rand([4, 5, 3, 4])), TypeError,
     r"img_size must have scores' dtype"),
    (lambda: ops.distribute_fpn_proposals(paddle.rand([3, 4]), 3, 3, 3, 224), ValueError,
     r"max_level \(3\) must be greater than min_level \(3\)"),
    (lambda: ops.distribute_fpn_proposals(paddle.rand([3, 5]), 2, 5, 4, 224), ValueError,
     r"fpn_rois must be shaped \[num_boxes, 4\]"),
    (lambda: ops.distribute_fpn_proposals(paddle.rand([3, 4]), 2, 5, 4, 224,
                                          rois_num=paddle.to_tensor([1, 1], "int32")),
     ValueError, r"RoisNum adds up to 2 boxes, but FpnRois holds 3"),
])
def test_proposal_ops_bad_inputs(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_read_file_returns_the_bytes(tmp_path):
    path = tmp_path / "blob.bin"
    payload = bytes(range(256)) * 3 + b"\x00end"
    path.write_bytes(payload)
    out = ops.read_file(str(path))
    assert out.dtype == paddle.uint8 and out.shape == [len(payload)] and out.stop_gradient
    assert bytes(out.numpy().tolist()) == payload
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    assert ops.read_file(str(empty)).shape == [0]


def test_read_file_in_a_static_program(static_programs, tmp_path):
    main, startup = static_programs
    path = tmp_path / "blob.bin"
    path.write_bytes(b"\x01\x02\xff")
    out = ops.read_file(str(path))
    assert [op.type for op in main.global_block().ops] == ["read_file"]
    exe = paddle.static.Executor()
    exe.run(startup)
    np.testing.assert_array_equal(exe.run(main, fetch_list=[out])[0], [1, 2, 255])


def test_read_file_bad_inputs(tmp_path):
    with pytest.raises(paddle.base.core.NotFoundError, match=r"\[read_file\] cannot open file"):
        ops.read_file(str(tmp_path / "missing.bin"))
    with pytest.raises(ValueError, match=r"\[read_file\] .*not a regular file"):
        ops.read_file(str(tmp_path))
    with pytest.raises(TypeError, match=r"\[read_file\] filename must be a str"):
        ops.read_file(3)


def _jpeg_bytes(array, **save):
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(array).save(buffer, format="JPEG", **save)
    return buffer.getvalue()


@pytest.mark.parametrize("mode", ["unchanged", "gray", "rgb"])
@pytest.mark.parametrize("color", [True, False], ids=["color", "gray_file"])
def test_decode_jpeg_matches_pillow(mode, color, tmp_path):
    import io

    from PIL import Image

    rng = np.random.default_rng(6)
    shape = (13, 21, 3) if color else (13, 21)
    ramp = (np.arange(21) * 8).reshape((1, 21, 1) if color else (1, 21))
    array = (rng.uniform(0, 255, shape) * 0.3 + ramp).astype("uint8")
    data = _jpeg_bytes(array, quality=90)
    path = tmp_path / "image.jpg"
    path.write_bytes(data)
    out = ops.decode_jpeg(ops.read_file(str(path)), mode=mode)
    image = Image.open(io.BytesIO(data))
    pil_mode = {"gray": "L", "rgb": "RGB"}.get(mode, "RGB" if color else "L")
    want = np.asarray(image.convert(pil_mode) if image.mode != pil_mode else image)
    want = want[None] if want.ndim == 2 else want.transpose(2, 0, 1)
    assert out.dtype == paddle.uint8 and out.stop_gradient
    if pil_mode == "L" and color:
        # libjpeg decodes the luma channel directly; Pillow converts RGB to L: within rounding.
        np.testing.assert_allclose(out.numpy().astype(int), want.astype(int), atol=2)
    else:
        np.testing.assert_array_equal(out.numpy(), want)


def test_decode_jpeg_in_a_static_program(static_programs):
    main, startup = static_programs
    data = np.frombuffer(_jpeg_bytes(np.full((5, 7, 3), 90, "uint8")), "uint8")
    x = paddle.static.data("x", [len(data)], "uint8")
    out = ops.decode_jpeg(x, "rgb")
    assert out.shape[0] == 3
    exe = paddle.static.Executor()
    exe.run(startup)
    got = exe.run(main, feed={"x": data}, fetch_list=[out])[0]
    assert got.shape == (3, 5, 7) and abs(int(got.astype(int).mean()) - 90) <= 2


def test_decode_jpeg_bad_inputs():
    with pytest.raises(ValueError, match=r"\[decode_jpeg\] cannot decode X \(4 bytes\) as a JPEG"):
        ops.decode_jpeg(paddle.to_tensor([1, 2, 3, 4], "uint8"))
    with pytest.raises(TypeError, match=r"\[decode_jpeg\] x must be the 1-D uint8 bytes"):
        ops.decode_jpeg(paddle.to_tensor([1, 2, 3, 4], "int32"))
    with pytest.raises(ValueError, match=r"\[decode_jpeg\] mode must be"):
        ops.decode_jpeg(paddle.to_tensor([1, 2], "uint8"), mode="bgr")
    truncated = _jpeg_bytes(np.zeros((8, 8, 3), "uint8"))[:40]
    with pytest.raises(ValueError, match=r"\[decode_jpeg\] cannot decode"):
        ops.decode_jpeg(paddle.to_tensor(np.frombuffer(truncated, "uint8")))


def test_a_program_paddlepaddle_saved_runs_here(static_programs):
    """roi_align, roi_pool, prior_box, yolo_box, box_coder and deformable_conv (v1, v2) in a
    ProgramDesc PaddlePaddle 3.3.1 saved, with the attributes it writes
    (tools/oracle/record_vision_ops_program.py)."""
    folder = DATA / "program"
    meta = json.loads((folder / "meta.json").read_text())
    io = np.load(folder / "io.npz")
    exe = paddle.static.Executor()
    program, feeds, fetches = paddle.static.load_inference_model(str(folder / "model"), exe)
    assert feeds == meta["feeds"]
    assert meta["op_types"] == sorted({op.type for op in program.global_block().ops} - {
        "feed", "fetch"})
    got = exe.run(program, feed={k: io[f"in:{k}"] for k in feeds}, fetch_list=fetches)
    for name, value in zip(meta["fetches"], got):
        np.testing.assert_allclose(value, io[f"out:{name}"], rtol=1e-5, atol=1e-5, err_msg=name)
