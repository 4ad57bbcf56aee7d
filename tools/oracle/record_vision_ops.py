"""Records what PaddlePaddle 3.3.1's paddle.vision.ops detection operators
return on fixed cases, for tests/data/vision_ops/ (cases.json + arrays.npz).

Not run by CI (it needs PaddlePaddle itself). Run it from the repository root
with a Python that has `paddlepaddle==3.3.1`:

    /path/to/venv/bin/python tools/oracle/record_vision_ops.py

Each case is a call paddle.vision.ops.<fn>(*args, **kwargs); an argument
given as {"arr": key} is the array `key` of arrays.npz (as a Tensor of its
dtype). The outputs are stored under "<case>/out<i>"; for cases with "grad",
the gradient of sum(out0 * cotangent) with respect to each named argument is
stored under "<case>/grad_<name>".
"""
import json
import pathlib

import numpy as np
import paddle

REPO = pathlib.Path(__file__).resolve().parents[2]
OUT = REPO / "tests" / "data" / "vision_ops"
RNG = np.random.default_rng(11)
ARRAYS = {}


def arr(key, value):
    ARRAYS[key] = np.asarray(value)
    return {"arr": key}


def boxes(n, lo=0.0, hi=10.0, size=(1.0, 6.0), dtype="float32"):
    xy = RNG.uniform(lo, hi, (n, 2))
    wh = RNG.uniform(size[0], size[1], (n, 2))
    return np.concatenate([xy, xy + wh], 1).astype(dtype)


def cases():
    out = []

    def case(name, fn, args, kwargs=None, grad=()):
        out.append({"name": name, "fn": fn, "args": args, "kwargs": kwargs or {},
                    "grad": list(grad)})

    b = boxes(24, 0.0, 6.0, (2.0, 8.0))
    case("nms_plain", "nms", [arr("nms_plain/boxes", b), 0.3])
    case("nms_high", "nms", [arr("nms_high/boxes", boxes(30, dtype="float64")), 0.6])
    case("nms_scores", "nms", [arr("nms_scores/boxes", b), 0.4],
         {"scores": arr("nms_scores/scores", RNG.uniform(0, 1, 24).astype("float32"))})
    case("nms_category", "nms", [arr("nms_category/boxes", b), 0.3],
         {"scores": arr("nms_category/scores", RNG.uniform(0, 1, 24).astype("float32")),
          "category_idxs": arr("nms_category/cats", RNG.integers(0, 3, 24).astype("int64")),
          "categories": [0, 1, 2], "top_k": 7})
    prior = boxes(5)
    case("coder_encode_var", "box_coder",
         [arr("coder_encode_var/prior", prior),
          arr("coder_encode_var/var", RNG.uniform(0.1, 0.3, (5, 4)).astype("float32")),
          arr("coder_encode_var/target", boxes(3))])
    case("coder_encode_pixels", "box_coder",
         [arr("coder_encode_pixels/prior", prior.astype("float64")), [0.1, 0.1, 0.2, 0.2],
          arr("coder_encode_pixels/target", boxes(4, dtype="float64"))],
         {"box_normalized": False})
    case("coder_decode_axis0", "box_coder",
         [arr("coder_decode_axis0/prior", prior),
          arr("coder_decode_axis0/var", RNG.uniform(0.1, 0.3, (5, 4)).astype("float32")),
          arr("coder_decode_axis0/target", RNG.normal(0, 0.5, (3, 5, 4)).astype("float32"))],
         {"code_type": "decode_center_size"})
    case("coder_decode_axis1", "box_coder",
         [arr("coder_decode_axis1/prior", boxes(3)), [0.1, 0.1, 0.2, 0.2],
          arr("coder_decode_axis1/target", RNG.normal(0, 0.5, (3, 5, 4)).astype("float32"))],
         {"code_type": "decode_center_size", "axis": 1, "box_normalized": False})
    feat = arr("prior/feature", RNG.uniform(0, 1, (1, 2, 4, 6)).astype("float32"))
    image = arr("prior/image", np.zeros((1, 3, 32, 40), "float32"))
    case("prior_basic", "prior_box", [feat, image, [8.0]])
    case("prior_full", "prior_box", [feat, image, [8.0, 16.0]],
         {"max_sizes": [12.0, 24.0], "aspect_ratios": [2.0, 3.0], "flip": True, "clip": True,
          "variance": [0.1, 0.2, 0.3, 0.4]})
    case("prior_caffe_order", "prior_box", [feat, image, [8.0]],
         {"max_sizes": [20.0], "aspect_ratios": [1.0, 2.0], "flip": True,
          "min_max_aspect_ratios_order": True, "steps": [7.0, 9.0], "offset": 0.25})
    case("prior_float64", "prior_box",
         [arr("prior/feature64", RNG.uniform(0, 1, (2, 1, 3, 3)).astype("float64")),
          arr("prior/image64", np.zeros((2, 3, 30, 30), "float64")), 10.0],
         {"aspect_ratios": 0.5, "flip": True})
    img_size = arr("yolo/img_size", np.array([[416, 416], [320, 480]], "int32"))
    case("yolo_basic", "yolo_box",
         [arr("yolo_basic/x", RNG.normal(0, 1, (2, 14, 4, 4)).astype("float32")), img_size,
          [10, 13, 16, 30], 2, 0.5, 32])
    case("yolo_noclip_scale", "yolo_box",
         [arr("yolo_noclip_scale/x", RNG.normal(0, 2, (2, 21, 3, 5)).astype("float64")), img_size,
          [10, 13, 16, 30, 33, 23], 2, 0.3, 16],
         {"clip_bbox": False, "scale_x_y": 1.05})
    case("yolo_iou_aware", "yolo_box",
         [arr("yolo_iou_aware/x", RNG.normal(0, 1, (2, 16, 3, 3)).astype("float32")), img_size,
          [10, 13, 16, 30], 2, 0.2, 8],
         {"iou_aware": True, "iou_aware_factor": 0.4})
    feat = RNG.normal(0, 1, (2, 3, 8, 8)).astype("float32")
    rois = boxes(5, 0.0, 10.0, (2.0, 8.0))
    rois[3] = [3.0, 4.0, 3.5, 4.2]  # smaller than a pixel
    rois[4] = [-2.0, -1.0, 18.0, 17.0]  # past the edges
    x = arr("roi/x", feat)
    r = arr("roi/boxes", rois)
    num = arr("roi/boxes_num", np.array([2, 3], "int32"))
    case("roi_align_default", "roi_align", [x, r, num, 2], {"spatial_scale": 0.5}, grad=["0"])
    case("roi_align_legacy", "roi_align", [x, r, num, (3, 2)],
         {"spatial_scale": 0.5, "sampling_ratio": 2, "aligned": False}, grad=["0"])
    case("roi_align_float64", "roi_align",
         [arr("roi/x64", feat.astype("float64")), arr("roi/boxes64", rois.astype("float64")),
          arr("roi/boxes_num64", np.array([4, 1], "int64")), (2, 3)],
         {"spatial_scale": 0.7, "sampling_ratio": 3}, grad=["0"])
    case("roi_pool", "roi_pool", [x, r, num, (2, 3)], {"spatial_scale": 0.5}, grad=["0"])
    case("roi_pool_float64", "roi_pool",
         [arr("roi/x64", feat.astype("float64")), arr("roi/boxes64", rois.astype("float64")),
          arr("roi/boxes_num41", np.array([4, 1], "int32")), 3], grad=["0"])
    ps = arr("psroi/x", RNG.normal(0, 1, (2, 8, 6, 6)).astype("float32"))
    case("psroi_pool", "psroi_pool", [ps, r, num, 2], {"spatial_scale": 0.5}, grad=["0"])
    case("psroi_pool_rect", "psroi_pool",
         [arr("psroi/x2", RNG.normal(0, 1, (2, 12, 7, 5)).astype("float64")),
          arr("roi/boxes64", rois.astype("float64")), num, (2, 3)], grad=["0"])
    case("deform_v2", "deform_conv2d",
         [arr("deform_v2/x", RNG.normal(0, 1, (2, 4, 6, 6)).astype("float32")),
          arr("deform_v2/offset", RNG.normal(0, 1.5, (2, 36, 4, 4)).astype("float32")),
          arr("deform_v2/weight", RNG.normal(0, 0.5, (6, 2, 3, 3)).astype("float32"))],
         {"bias": arr("deform_v2/bias", RNG.normal(0, 1, 6).astype("float32")),
          "mask": arr("deform_v2/mask", RNG.uniform(0, 1, (2, 18, 4, 4)).astype("float32")),
          "deformable_groups": 2, "groups": 2},
         grad=["0", "1", "2", "bias", "mask"])
    case("deform_v1", "deform_conv2d",
         [arr("deform_v1/x", RNG.normal(0, 1, (1, 3, 7, 8)).astype("float64")),
          arr("deform_v1/offset", RNG.normal(0, 1.5, (1, 12, 4, 3)).astype("float64")),
          arr("deform_v1/weight", RNG.normal(0, 0.5, (4, 3, 2, 3)).astype("float64"))],
         {"stride": 2, "padding": 1, "dilation": (1, 2)}, grad=["0", "1", "2"])
    yolo_gt = np.concatenate([RNG.uniform(0.05, 0.95, (2, 5, 2)),
                              RNG.uniform(0.05, 0.6, (2, 5, 2))], 2).astype("float32")
    yolo_gt[1, 4] = 0.0  # padding
    case("yolo_loss", "yolo_loss",
         [arr("yolo_loss/x", RNG.normal(0, 1, (2, 14, 5, 5)).astype("float32")),
          arr("yolo_loss/gt_box", yolo_gt),
          arr("yolo_loss/gt_label", RNG.integers(0, 2, (2, 5)).astype("int32")),
          [10, 13, 16, 30, 33, 23, 30, 61], [2, 3], 2, 0.5, 32], grad=["0"])
    case("yolo_loss_score", "yolo_loss",
         [arr("yolo_loss_score/x", RNG.normal(0, 1, (2, 24, 4, 4)).astype("float64")),
          arr("yolo_loss_score/gt_box", yolo_gt.astype("float64")),
          arr("yolo_loss_score/gt_label", RNG.integers(0, 3, (2, 5)).astype("int32")),
          [10, 13, 16, 30, 33, 23, 30, 61], [0, 1, 3], 3, 0.3, 16],
         {"gt_score": arr("yolo_loss_score/gt_score", RNG.uniform(0, 1, (2, 5)).astype("float64")),
          "use_label_smooth": False, "scale_x_y": 1.1}, grad=["0"])
    mboxes = np.stack([boxes(12, 0.0, 0.6, (0.1, 0.4)) for _ in range(2)])
    mscores = RNG.uniform(0, 1, (2, 3, 12)).astype("float32")
    case("matrix_nms_linear", "matrix_nms",
         [arr("matrix_nms/boxes", mboxes), arr("matrix_nms/scores", mscores), 0.3, 0.1, 8, 10],
         {"return_index": True})
    case("matrix_nms_gaussian", "matrix_nms",
         [arr("matrix_nms64/boxes", (mboxes * 20).astype("float64")),
          arr("matrix_nms64/scores", mscores.astype("float64")), 0.2, 0.05, -1, -1],
         {"use_gaussian": True, "gaussian_sigma": 3.0, "background_label": -1,
          "normalized": False, "return_index": True})
    h, w, a = 4, 5, 3
    centres = np.stack(np.meshgrid(np.arange(w) * 8 + 4, np.arange(h) * 8 + 4), -1)
    sizes = np.array([[8, 8], [16, 8], [8, 16]], "float64")
    anchors = np.concatenate([centres[:, :, None] - sizes / 2, centres[:, :, None] + sizes / 2],
                             -1).astype("float32")
    gp_args = [arr("proposals/scores", RNG.uniform(0, 1, (2, a, h, w)).astype("float32")),
               arr("proposals/deltas", RNG.normal(0, 0.3, (2, 4 * a, h, w)).astype("float32")),
               arr("proposals/img_size", np.array([[32, 40], [28, 30]], "float32")),
               arr("proposals/anchors", anchors),
               arr("proposals/variances", np.full((h, w, a, 4), 0.5, "float32"))]
    case("proposals_default", "generate_proposals", gp_args, {"return_rois_num": True})
    case("proposals_pixel_eta", "generate_proposals", gp_args,
         {"pre_nms_top_n": 30, "post_nms_top_n": 9, "nms_thresh": 0.6, "min_size": 3.0,
          "eta": 0.9, "pixel_offset": True, "return_rois_num": True})
    fpn = np.concatenate([boxes(9, 0.0, 100.0, (5.0, 300.0)),
                          np.array([[0, 0, 447.9998, 447.9998], [0, 0, 224, 224]])])
    fpn = fpn.astype("float64")
    case("fpn_levels", "distribute_fpn_proposals",
         [arr("fpn/rois", fpn), 2, 5, 4, 224],
         {"rois_num": arr("fpn/rois_num", np.array([4, 7], "int32"))})
    case("fpn_pixel", "distribute_fpn_proposals",
         [arr("fpn/rois32", fpn.astype("float32")), 3, 6, 4, 100],
         {"rois_num": arr("fpn/rois_num1", np.array([11], "int32")), "pixel_offset": True})
    return out


def run(case):
    def value(a, grads):
        if isinstance(a, dict) and "arr" in a:
            t = paddle.to_tensor(ARRAYS[a["arr"]])
            return t
        return a

    args = [value(a, None) for a in case["args"]]
    kwargs = {k: value(v, None) for k, v in case["kwargs"].items()}
    for name in case["grad"]:
        t = kwargs[name] if name in kwargs else args[int(name)]
        t.stop_gradient = False
    outs = getattr(paddle.vision.ops, case["fn"])(*args, **kwargs)
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    # A list output (one tensor per FPN level) is stored entry by entry.
    flat = []
    for o in outs:
        flat.extend(o if isinstance(o, (list, tuple)) else [o])
    case["list_outputs"] = [len(o) for o in outs if isinstance(o, (list, tuple))]
    outs = flat
    for i, o in enumerate(outs):
        ARRAYS[f"{case['name']}/out{i}"] = o.numpy()
    if case["grad"]:
        cot = RNG.normal(0, 1, outs[0].shape).astype(outs[0].numpy().dtype)
        ARRAYS[f"{case['name']}/cotangent"] = cot
        (outs[0] * paddle.to_tensor(cot)).sum().backward()
        for name in case["grad"]:
            t = kwargs[name] if name in kwargs else args[int(name)]
            ARRAYS[f"{case['name']}/grad_{name}"] = t.grad.numpy()
    case["outputs"] = len(outs)


def main():
    all_cases = cases()
    for c in all_cases:
        run(c)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "cases.json").write_text(json.dumps({"paddle": paddle.__version__,
                                                "cases": all_cases}, indent=1) + "\n")
    np.savez_compressed(OUT / "arrays.npz", **ARRAYS)
    print(f"{len(all_cases)} cases, {len(ARRAYS)} arrays -> {OUT}")


if __name__ == "__main__":
    main()
