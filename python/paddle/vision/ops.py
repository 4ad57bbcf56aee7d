"""paddle.vision.ops: detection operators (non-maximum suppression, box
coding, prior and YOLO boxes, RoI pooling) and the vision building blocks
shared by the paddle.vision models."""
import numbers

from .. import nn
from ..framework import dtypes as _dtype
from ..nn.functional._window_args import int_tuple
from ..nn.initializer import Normal
from ..tensor._helpers import Tensor, check_tensor, op

__all__ = ["nms", "box_coder", "prior_box", "yolo_box", "yolo_loss", "matrix_nms",
           "generate_proposals", "distribute_fpn_proposals", "roi_align", "RoIAlign", "roi_pool",
           "RoIPool", "psroi_pool", "PSRoIPool", "deform_conv2d", "DeformConv2D",
           "read_file", "decode_jpeg"]

_nms = op("nms", ["Boxes"], ["iou_threshold"], ["KeepBoxesIdxs"])
_box_coder = op("box_coder", ["PriorBox", "PriorBoxVar", "TargetBox"],
                ["code_type", "box_normalized", "axis", "variance"], ["OutputBox"])
_prior_box = op("prior_box", ["Input", "Image"],
                ["min_sizes", "max_sizes", "aspect_ratios", "variances", "flip", "clip", "step_w",
                 "step_h", "offset", "min_max_aspect_ratios_order"], ["Boxes", "Variances"])
_yolo_box = op("yolo_box", ["X", "ImgSize"],
               ["anchors", "class_num", "conf_thresh", "downsample_ratio", "clip_bbox",
                "scale_x_y", "iou_aware", "iou_aware_factor"], ["Boxes", "Scores"])

_FLOATS = ("float32", "float64")


def _check_float(x, name, fn):
    """x: a float32 or float64 Tensor (the dtypes the detection kernels take)."""
    check_tensor(x, name, fn)
    if x.dtype.name not in _FLOATS:
        raise TypeError(f"[{fn}] {name} must be float32 or float64, got {x.dtype.name}")
    return x


def _check_boxes(boxes, name, fn):
    """boxes: a float [num_boxes, 4] Tensor of [x1, y1, x2, y2] rows."""
    _check_float(boxes, name, fn)
    if boxes.ndim != 2 or boxes.shape[1] not in (4, -1):
        raise ValueError(f"[{fn}] {name} must be shaped [num_boxes, 4], got {list(boxes.shape)}")
    return boxes


def _floats(value, name, fn):
    """A number or a list/tuple of numbers as a list of floats."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return [float(value)]
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"[{fn}] {name} must be a number or a list/tuple of numbers, got "
                        f"{type(value).__name__}")
    for v in value:
        if not isinstance(v, numbers.Real) or isinstance(v, bool):
            raise TypeError(f"[{fn}] {name} must hold numbers, got {v!r}")
    return [float(v) for v in value]


def nms(boxes, iou_threshold=0.3, scores=None, category_idxs=None, categories=None, top_k=None):
    """Non-maximum suppression: keeps one box out of each group of boxes that
    overlap with IoU > iou_threshold.

    Without scores the boxes are taken in their order and the kept indices
    come ascending. With scores they are first sorted by score (highest
    first) and the kept indices come in that order. With category_idxs and
    categories, suppression runs within each category, and the kept boxes of
    all categories come sorted by score; top_k then keeps the first top_k.

    Args:
        boxes (Tensor): The boxes [num_boxes, 4] as [x1, y1, x2, y2], float32 or float64.
        iou_threshold (float, optional): Boxes overlapping a kept box with IoU above this are
            dropped. Default 0.3.
        scores (Tensor, optional): The boxes' scores [num_boxes], of boxes' dtype. Default None.
        category_idxs (Tensor, optional): The boxes' categories [num_boxes], int64 (needs scores
            and categories). Default None.
        categories (list|tuple, optional): The category ids to run over. Default None.
        top_k (int, optional): How many kept boxes to return at most, <= num_boxes (with
            category_idxs). Default None: all.

    Returns:
        Tensor: The indices of the kept boxes, int64, 1-D.

    Example:
        >>> import paddle
        >>> boxes = paddle.to_tensor([[0., 0., 10., 10.], [1., 1., 11., 11.], [20., 20., 30., 30.]])
        >>> paddle.vision.ops.nms(boxes, 0.5).tolist()
        [0, 2]
        >>> scores = paddle.to_tensor([0.2, 0.9, 0.5])
        >>> paddle.vision.ops.nms(boxes, 0.5, scores).tolist()
        [1, 2]
    """
    import paddle

    fn = "nms"
    _check_boxes(boxes, "boxes", fn)
    if not isinstance(iou_threshold, numbers.Real) or isinstance(iou_threshold, bool):
        raise TypeError(f"[{fn}] iou_threshold must be a number, got "
                        f"{type(iou_threshold).__name__}")
    if scores is None:
        return _nms(boxes, float(iou_threshold))
    _check_float(scores, "scores", fn)
    if scores.ndim != 1 or scores.shape[0] != boxes.shape[0]:
        raise ValueError(f"[{fn}] scores must be 1-D with one score per box ({boxes.shape[0]}), "
                         f"got shape {list(scores.shape)}")
    gather = paddle.gather
    if category_idxs is None:
        order = paddle.argsort(scores, descending=True)
        return gather(order, _nms(gather(boxes, order), float(iou_threshold)))
    check_tensor(category_idxs, "category_idxs", fn)
    if category_idxs.shape != scores.shape:
        raise ValueError(f"[{fn}] category_idxs must have one category per box "
                         f"({boxes.shape[0]}), got shape {list(category_idxs.shape)}")
    if categories is None:
        raise ValueError(f"[{fn}] categories (the list of category ids) is needed with "
                         "category_idxs")
    if top_k is not None and top_k > scores.shape[0]:
        raise ValueError(f"[{fn}] top_k ({top_k}) must be <= the number of boxes "
                         f"({scores.shape[0]})")
    kept = []
    for category in categories:
        members = paddle.nonzero(paddle.equal(category_idxs, paddle.full([], category,
                                                                         category_idxs.dtype)))
        members = members.reshape([-1])
        if members.shape[0] == 0:
            continue
        order = gather(members, paddle.argsort(gather(scores, members), descending=True))
        kept.append(gather(order, _nms(gather(boxes, order), float(iou_threshold))))
    if not kept:
        return paddle.zeros([0], "int64")
    # As PaddlePaddle: the kept boxes in index order, then sorted by score.
    keep = paddle.sort(paddle.concat(kept))
    keep = gather(keep, paddle.argsort(gather(scores, keep), descending=True))
    return keep if top_k is None else keep[:top_k]


def box_coder(prior_box, prior_box_var, target_box, code_type="encode_center_size",
              box_normalized=True, axis=0, name=None):
    """Encodes target boxes as center-size offsets from prior boxes, or decodes
    such offsets back to boxes.

    encode_center_size: for target box t and prior box p (centres, widths and
    heights; with box_normalized False widths and heights count both end
    pixels) the code is ((tx - px) / pw, (ty - py) / ph, log(tw / pw),
    log(th / ph)), divided by the variances. decode_center_size inverts it,
    with the variances multiplied in.

    Args:
        prior_box (Tensor): The prior boxes [M, 4] as [x1, y1, x2, y2], float32 or float64.
        prior_box_var (Tensor|list|tuple|None): The variances: a Tensor [M, 4], 4 numbers shared
            by all boxes, or None for none.
        target_box (Tensor): The boxes to encode [N, 4], or the codes to decode [N, M, 4].
        code_type (str, optional): 'encode_center_size' (the default) or 'decode_center_size'.
        box_normalized (bool, optional): Whether the boxes are normalized. Default True.
        axis (int, optional): Decoding: 0 (the default) pairs prior box j with target_box[:, j],
            1 pairs prior box i with target_box[i].
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The codes [N, M, 4] (encoding) or the decoded boxes, target_box's shape.

    Example:
        >>> import paddle
        >>> prior = paddle.to_tensor([[0., 0., 2., 2.]])
        >>> target = paddle.to_tensor([[1., 1., 3., 3.]])
        >>> paddle.vision.ops.box_coder(prior, [1., 1., 1., 1.], target).tolist()
        [[[0.5, 0.5, 0.0, 0.0]]]
    """
    fn = "box_coder"
    _check_boxes(prior_box, "prior_box", fn)
    _check_float(target_box, "target_box", fn)
    if code_type not in ("encode_center_size", "decode_center_size"):
        raise ValueError(f"[{fn}] code_type must be 'encode_center_size' or "
                         f"'decode_center_size', got {code_type!r}")
    if axis not in (0, 1):
        raise ValueError(f"[{fn}] axis must be 0 or 1, got {axis!r}")
    variance = []
    if isinstance(prior_box_var, Tensor):
        _check_float(prior_box_var, "prior_box_var", fn)
    elif isinstance(prior_box_var, (list, tuple)):
        variance = _floats(prior_box_var, "prior_box_var", fn)
        if len(variance) != 4:
            raise ValueError(f"[{fn}] prior_box_var given as a list must hold 4 numbers, got "
                             f"{len(variance)}")
        prior_box_var = None
    elif prior_box_var is not None:
        raise TypeError(f"[{fn}] prior_box_var must be a Tensor, a list/tuple of 4 numbers or "
                        f"None, got {type(prior_box_var).__name__}")
    return _box_coder(prior_box, prior_box_var, target_box, code_type, bool(box_normalized),
                      int(axis), variance)


def prior_box(input, image, min_sizes, max_sizes=None, aspect_ratios=[1.0],  # noqa: A002,B006
              variance=[0.1, 0.1, 0.2, 0.2], flip=False, clip=False, steps=[0.0, 0.0],  # noqa: B006
              offset=0.5, min_max_aspect_ratios_order=False, name=None):
    """SSD prior boxes: boxes of several sizes and aspect ratios centred on
    every cell of a feature map, normalized by the image size.

    Each cell gets one box per min size and aspect ratio (1, then each other
    ratio and, with flip, its reciprocal), and one sqrt(min * max) square per
    max size.

    Args:
        input (Tensor): The feature map [N, C, H, W], float32 or float64.
        image (Tensor): The input image [N, C, H_img, W_img]; only its size is read.
        min_sizes (list|tuple|float): The minimum box sizes, > 0.
        max_sizes (list|tuple|float, optional): The maximum box sizes, one per min size. Default
            None: none.
        aspect_ratios (list|tuple|float, optional): The aspect ratios. Default [1.0].
        variance (list|tuple, optional): The 4 variances of every box. Default
            [0.1, 0.1, 0.2, 0.2].
        flip (bool, optional): Adds the reciprocal of every aspect ratio. Default False.
        clip (bool, optional): Clips the boxes to [0, 1]. Default False.
        steps (list|tuple|float, optional): The (step_w, step_h) distances of cell centres; 0 means
            the image size over the feature map size. Default [0.0, 0.0].
        offset (float, optional): Where in its cell a box centre lies. Default 0.5.
        min_max_aspect_ratios_order (bool, optional): Orders each min size's boxes as Caffe (min
            square, max square, other ratios). Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: The boxes [H, W, num_priors, 4] and their variances, of the same shape.

    Example:
        >>> import paddle
        >>> feature = paddle.rand([1, 3, 6, 9])
        >>> image = paddle.rand([1, 3, 9, 12])
        >>> boxes, variances = paddle.vision.ops.prior_box(feature, image, min_sizes=[100.0],
        ...                                                 clip=True, flip=True)
        >>> boxes.shape
        paddle.Size([6, 9, 1, 4])
    """
    fn = "prior_box"
    _check_float(input, "input", fn)
    check_tensor(image, "image", fn)
    if input.ndim != 4 or image.ndim != 4:
        raise ValueError(f"[{fn}] input and image must be 4-D [N, C, H, W], got "
                         f"{list(input.shape)} and {list(image.shape)}")
    min_sizes = _floats(min_sizes, "min_sizes", fn)
    aspect_ratios = _floats(aspect_ratios, "aspect_ratios", fn)
    steps = _floats(steps, "steps", fn)
    if len(steps) != 2:
        raise ValueError(f"[{fn}] steps must be (step_w, step_h), got {steps}")
    variance = _floats(variance, "variance", fn)
    max_sizes = [] if max_sizes is None else _floats(max_sizes, "max_sizes", fn)
    if max_sizes and max_sizes[0] <= 0:
        max_sizes = []  # as PaddlePaddle: a non-positive first max size means none
    boxes, variances = _prior_box(input, image, min_sizes, max_sizes, aspect_ratios, variance,
                                  bool(flip), bool(clip), steps[0], steps[1], float(offset),
                                  bool(min_max_aspect_ratios_order))
    boxes.stop_gradient = True
    variances.stop_gradient = True
    return boxes, variances


def yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True,
             name=None, scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    """Decodes a YOLOv3 head's output into boxes and class scores.

    For each anchor at each grid cell, the box centre is the cell plus
    sigmoid of the predicted offsets, its size the anchor scaled by exp of the
    predicted log sizes, both in the image's pixels; the confidence is sigmoid
    of the objectness logit, and each class score is confidence times sigmoid
    of the class logit. Boxes with confidence below conf_thresh stay zero.

    Args:
        x (Tensor): The head output [N, C, H, W], C = anchors * (5 + class_num) (6 with
            iou_aware), float32 or float64.
        img_size (Tensor): The image sizes [N, 2] as (height, width), int32.
        anchors (list|tuple): The anchors' widths and heights, pair by pair.
        class_num (int): The number of classes.
        conf_thresh (float): Boxes whose confidence is below this are left zero.
        downsample_ratio (int): The input image size over the grid size (32, 16 or 8).
        clip_bbox (bool, optional): Clips the boxes to the image. Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        scale_x_y (float, optional): Scales the decoded centre offsets. Default 1.0.
        iou_aware (bool, optional): x carries one IoU channel per anchor first. Default False.
        iou_aware_factor (float, optional): The IoU's weight f in the confidence
            conf^(1 - f) * iou^f. Default 0.5.

    Returns:
        tuple: The boxes [N, anchors * H * W, 4] as [x1, y1, x2, y2] and the scores
        [N, anchors * H * W, class_num].

    Example:
        >>> import paddle
        >>> x = paddle.rand([2, 14, 8, 8])
        >>> img_size = paddle.ones([2, 2], dtype="int32")
        >>> boxes, scores = paddle.vision.ops.yolo_box(x, img_size, anchors=[10, 13, 16, 30],
        ...                                             class_num=2, conf_thresh=0.01,
        ...                                             downsample_ratio=8)
        >>> boxes.shape, scores.shape
        (paddle.Size([2, 128, 4]), paddle.Size([2, 128, 2]))
    """
    fn = "yolo_box"
    _check_float(x, "x", fn)
    check_tensor(img_size, "img_size", fn)
    if img_size.dtype != _dtype.int32:
        raise TypeError(f"[{fn}] img_size must be int32, got {img_size.dtype.name}")
    if not isinstance(anchors, (list, tuple)):
        raise TypeError(f"[{fn}] anchors must be a list or tuple, got {type(anchors).__name__}")
    if not isinstance(conf_thresh, numbers.Real) or isinstance(conf_thresh, bool):
        raise TypeError(f"[{fn}] conf_thresh must be a float, got {type(conf_thresh).__name__}")
    return _yolo_box(x, img_size, [int(a) for a in anchors], int(class_num), float(conf_thresh),
                     int(downsample_ratio), bool(clip_bbox), float(scale_x_y), bool(iou_aware),
                     float(iou_aware_factor))


_yolov3_loss = op("yolov3_loss", ["X", "GTBox", "GTLabel", "GTScore"],
                  ["anchors", "anchor_mask", "class_num", "ignore_thresh", "downsample_ratio",
                   "use_label_smooth", "scale_x_y"], ["Loss"])


def yolo_loss(x, gt_box, gt_label, anchors, anchor_mask, class_num, ignore_thresh,
              downsample_ratio, gt_score=None, use_label_smooth=True, name=None, scale_x_y=1.0):
    """The YOLOv3 training loss of one detection head, per image.

    Each ground-truth box is matched to the anchor (of all anchors) whose
    shape fits it best; if that anchor is one of this head's (anchor_mask),
    the grid cell holding the box's centre gets location losses (sigmoid cross
    entropy on the centre offsets, L1 on the log sizes, weighted by
    2 - w * h), class losses (sigmoid cross entropy, optionally smoothed) and
    a positive objectness loss, all weighted by the box's gt_score. Every
    other prediction gets a negative objectness loss unless it overlaps a
    ground truth by more than ignore_thresh.

    Args:
        x (Tensor): The head output [N, len(anchor_mask) * (5 + class_num), H, H], float32 or
            float64.
        gt_box (Tensor): The ground-truth boxes [N, B, 4] as (centre x, centre y, w, h),
            normalized to the image; boxes with w or h <= 0 are padding.
        gt_label (Tensor): The boxes' classes [N, B], int32.
        anchors (list|tuple): All anchors' widths and heights, pair by pair, in input pixels.
        anchor_mask (list|tuple): The indices of this head's anchors in anchors.
        class_num (int): The number of classes.
        ignore_thresh (float): Predictions overlapping a ground truth above this get no
            objectness loss.
        downsample_ratio (int): The input image size over the grid size (32, 16 or 8).
        gt_score (Tensor, optional): The boxes' weights [N, B] (mixup scores). Default None: 1.
        use_label_smooth (bool, optional): Smooths the class targets. Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.
        scale_x_y (float, optional): Scales the decoded centre offsets. Default 1.0.

    Returns:
        Tensor: The loss of each image [N].

    Example:
        >>> import paddle
        >>> x = paddle.rand([2, 14, 8, 8])
        >>> gt_box = paddle.to_tensor([[[0.5, 0.5, 0.2, 0.3]], [[0.3, 0.6, 0.4, 0.1]]])
        >>> gt_label = paddle.to_tensor([[0], [1]], dtype="int32")
        >>> loss = paddle.vision.ops.yolo_loss(x, gt_box, gt_label, anchors=[10, 13, 16, 30],
        ...                                    anchor_mask=[0, 1], class_num=2,
        ...                                    ignore_thresh=0.7, downsample_ratio=8)
        >>> loss.shape
        paddle.Size([2])
    """
    fn = "yolo_loss"
    _check_float(x, "x", fn)
    _check_float(gt_box, "gt_box", fn)
    check_tensor(gt_label, "gt_label", fn)
    if gt_label.dtype != _dtype.int32:
        raise TypeError(f"[{fn}] gt_label must be int32, got {gt_label.dtype.name}")
    if gt_score is not None:
        _check_float(gt_score, "gt_score", fn)
    for value, what in ((anchors, "anchors"), (anchor_mask, "anchor_mask")):
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"[{fn}] {what} must be a list or tuple, got {type(value).__name__}")
    if not isinstance(class_num, numbers.Integral) or isinstance(class_num, bool):
        raise TypeError(f"[{fn}] class_num must be an int, got {type(class_num).__name__}")
    if not isinstance(ignore_thresh, numbers.Real) or isinstance(ignore_thresh, bool):
        raise TypeError(f"[{fn}] ignore_thresh must be a float, got "
                        f"{type(ignore_thresh).__name__}")
    return _yolov3_loss(x, gt_box, gt_label, gt_score, [int(a) for a in anchors],
                        [int(m) for m in anchor_mask], int(class_num), float(ignore_thresh),
                        int(downsample_ratio), bool(use_label_smooth), float(scale_x_y))


_matrix_nms = op("matrix_nms", ["BBoxes", "Scores"],
                 ["score_threshold", "nms_top_k", "keep_top_k", "post_threshold", "use_gaussian",
                  "gaussian_sigma", "background_label", "normalized"],
                 ["Out", "Index", "RoisNum"])
_generate_proposals = op("generate_proposals_v2",
                         ["Scores", "BboxDeltas", "ImShape", "Anchors", "Variances"],
                         ["pre_nms_topN", "post_nms_topN", "nms_thresh", "min_size", "eta",
                          "pixel_offset"], ["RpnRois", "RpnRoiProbs", "RpnRoisNum"])
_distribute_fpn = op("distribute_fpn_proposals", ["FpnRois", "RoisNum"],
                     ["min_level", "max_level", "refer_level", "refer_scale", "pixel_offset"],
                     ["MultiFpnRois", "RestoreIndex", "MultiLevelRoIsNum"])


def _check_number(value, name, fn, kind=numbers.Real):
    if not isinstance(value, kind) or isinstance(value, bool):
        what = "an int" if kind is numbers.Integral else "a number"
        raise TypeError(f"[{fn}] {name} must be {what}, got {type(value).__name__}")
    return value


def matrix_nms(bboxes, scores, score_threshold, post_threshold, nms_top_k, keep_top_k,
               use_gaussian=False, gaussian_sigma=2.0, background_label=0, normalized=True,
               return_index=False, return_rois_num=True, name=None):
    """Matrix NMS (SOLOv2): soft, parallel non-maximum suppression per class.

    For each image and class (but background_label), the boxes scoring above
    score_threshold (the nms_top_k best) are sorted by score, and each score
    is decayed by its IoUs with the higher-scored boxes: the minimum over j of
    (1 - iou_ij) / (1 - max_iou_j), or exp((max_iou_j^2 - iou_ij^2) * sigma)
    with use_gaussian. Boxes whose decayed score exceeds post_threshold are
    kept, the keep_top_k best of all classes per image.

    Args:
        bboxes (Tensor): The boxes [N, M, 4] as [x1, y1, x2, y2], float32 or float64.
        scores (Tensor): The class scores [N, C, M], of bboxes' dtype.
        score_threshold (float): Boxes scoring at or below this are dropped first.
        post_threshold (float): Boxes whose decayed score is at or below this are dropped.
        nms_top_k (int): The boxes per class considered, best first; -1 means all.
        keep_top_k (int): The boxes kept per image, best first; -1 means all.
        use_gaussian (bool, optional): Decays with the Gaussian kernel. Default False.
        gaussian_sigma (float, optional): The Gaussian kernel's sigma. Default 2.0.
        background_label (int, optional): The class skipped; -1 means none. Default 0.
        normalized (bool, optional): Whether the boxes are normalized. Default True.
        return_index (bool, optional): Also returns each kept box's index. Default False.
        return_rois_num (bool, optional): Also returns the kept boxes per image. Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (out, rois_num, index): the detections [num_kept, 6] as [label, score, x1, y1,
        x2, y2]; the number kept per image [N], int32 (None unless return_rois_num); each kept
        box's index among the N * M boxes [num_kept, 1], int32 (None unless return_index).

    Example:
        >>> import paddle
        >>> boxes = paddle.to_tensor([[[0., 0., 1., 1.], [0., 0.1, 1., 1.1], [0., 2., 1., 3.]]])
        >>> scores = paddle.to_tensor([[[0.1, 0.1, 0.1], [0.9, 0.8, 0.7]]])
        >>> out, rois_num, index = paddle.vision.ops.matrix_nms(
        ...     boxes, scores, score_threshold=0.5, post_threshold=0.3, nms_top_k=10,
        ...     keep_top_k=10, return_index=True)
        >>> out[:, :2].tolist(), rois_num.tolist(), index.reshape([-1]).tolist()
        ([[1.0, 0.8999999761581421], [1.0, 0.699999988079071]], [2], [0, 2])
    """
    fn = "matrix_nms"
    _check_float(bboxes, "bboxes", fn)
    _check_float(scores, "scores", fn)
    if scores.dtype != bboxes.dtype:
        raise TypeError(f"[{fn}] scores must have bboxes' dtype {bboxes.dtype.name}, got "
                        f"{scores.dtype.name}")
    for value, what in ((score_threshold, "score_threshold"), (post_threshold, "post_threshold"),
                        (gaussian_sigma, "gaussian_sigma")):
        _check_number(value, what, fn)
    for value, what in ((nms_top_k, "nms_top_k"), (keep_top_k, "keep_top_k"),
                        (background_label, "background_label")):
        _check_number(value, what, fn, numbers.Integral)
    out, index, rois_num = _matrix_nms(bboxes, scores, float(score_threshold), int(nms_top_k),
                                       int(keep_top_k), float(post_threshold), bool(use_gaussian),
                                       float(gaussian_sigma), int(background_label),
                                       bool(normalized))
    out.stop_gradient = True
    return out, rois_num if return_rois_num else None, index if return_index else None


def generate_proposals(scores, bbox_deltas, img_size, anchors, variances, pre_nms_top_n=6000,
                       post_nms_top_n=1000, nms_thresh=0.5, min_size=0.1, eta=1.0,
                       pixel_offset=False, return_rois_num=False, name=None):
    """RPN proposals: decodes the best-scored anchors of each image with the
    predicted deltas, clips them to the image, drops small ones, and
    suppresses overlaps.

    Per image, the pre_nms_top_n best anchors are decoded (center-size, with
    the variances), clipped to img_size, filtered by min_size (and, with
    pixel_offset, by their centre lying in the image), then suppressed by NMS
    at nms_thresh (adaptive with eta < 1); the post_nms_top_n best are kept.

    Args:
        scores (Tensor): The objectness scores [N, A, H, W], float32 or float64.
        bbox_deltas (Tensor): The box deltas [N, 4 * A, H, W].
        img_size (Tensor): The image sizes [N, 2] as (height, width), of scores' dtype.
        anchors (Tensor): The anchors [H, W, A, 4] as [x1, y1, x2, y2].
        variances (Tensor): The anchors' variances [H, W, A, 4].
        pre_nms_top_n (int, optional): The anchors decoded per image. Default 6000.
        post_nms_top_n (int, optional): The proposals kept per image. Default 1000.
        nms_thresh (float, optional): The NMS IoU threshold. Default 0.5.
        min_size (float, optional): Proposals narrower or shorter than this are dropped.
            Default 0.1.
        eta (float, optional): The adaptive NMS factor. Default 1.0.
        pixel_offset (bool, optional): Pixel boxes (widths count both end pixels). Default False.
        return_rois_num (bool, optional): Also returns the proposals per image. Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (rpn_rois, rpn_roi_probs, rpn_rois_num): the proposals [num, 4], their scores
        [num, 1] and the proposals per image [N], int32 (None unless return_rois_num).

    Example:
        >>> import paddle
        >>> scores = paddle.rand([2, 4, 5, 5])
        >>> deltas = paddle.rand([2, 16, 5, 5])
        >>> img_size = paddle.to_tensor([[6., 8.], [5., 5.]])
        >>> anchors = paddle.rand([5, 5, 4, 4]) * 4
        >>> anchors = paddle.concat([anchors[..., :2], anchors[..., :2] + anchors[..., 2:]], -1)
        >>> variances = paddle.ones([5, 5, 4, 4])
        >>> rois, probs, num = paddle.vision.ops.generate_proposals(
        ...     scores, deltas, img_size, anchors, variances, return_rois_num=True)
        >>> rois.shape[0] == int(num.sum())
        True
    """
    fn = "generate_proposals"
    _check_float(scores, "scores", fn)
    for t, what in ((bbox_deltas, "bbox_deltas"), (img_size, "img_size"), (anchors, "anchors"),
                    (variances, "variances")):
        check_tensor(t, what, fn)
        if t.dtype != scores.dtype:
            raise TypeError(f"[{fn}] {what} must have scores' dtype {scores.dtype.name}, got "
                            f"{t.dtype.name}")
    rois, probs, num = _generate_proposals(scores, bbox_deltas, img_size, anchors, variances,
                                           int(pre_nms_top_n), int(post_nms_top_n),
                                           float(nms_thresh), float(min_size), float(eta),
                                           bool(pixel_offset))
    rois.stop_gradient = probs.stop_gradient = True
    return rois, probs, num if return_rois_num else None


def distribute_fpn_proposals(fpn_rois, min_level, max_level, refer_level, refer_scale,
                             pixel_offset=False, rois_num=None, name=None):
    """Distributes boxes over FPN levels by their scale.

    Box i goes to level floor(log2(sqrt(area_i) / refer_scale + 1e-6) +
    refer_level), clipped to [min_level, max_level]; each level keeps its
    boxes image by image in their order.

    Args:
        fpn_rois (Tensor): The boxes [num_rois, 4] as [x1, y1, x2, y2], float32 or float64.
        min_level (int): The lowest level.
        max_level (int): The highest level, > min_level.
        refer_level (int): The level of boxes of refer_scale.
        refer_scale (int): The scale of refer_level's boxes.
        pixel_offset (bool, optional): Pixel boxes (areas count both end pixels). Default False.
        rois_num (Tensor, optional): The number of boxes of each image [N], int32. Default None:
            one image.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: (multi_rois, restore_ind, rois_num_per_level): each level's boxes (a list), each
        box's position in their concatenation [num_rois, 1] int32, and each level's boxes per
        image (a list of [N] int32 tensors; None without rois_num).

    Example:
        >>> import paddle
        >>> rois = paddle.to_tensor([[0., 0., 10., 10.], [0., 0., 100., 100.],
        ...                          [0., 0., 500., 500.]])
        >>> multi_rois, restore, per_level = paddle.vision.ops.distribute_fpn_proposals(
        ...     rois, 2, 5, 4, 224, rois_num=paddle.to_tensor([3], dtype="int32"))
        >>> [r.shape[0] for r in multi_rois], restore.reshape([-1]).tolist()
        ([2, 0, 0, 1], [0, 1, 2])
    """
    fn = "distribute_fpn_proposals"
    _check_boxes(fpn_rois, "fpn_rois", fn)
    for value, what in ((min_level, "min_level"), (max_level, "max_level"),
                        (refer_level, "refer_level"), (refer_scale, "refer_scale")):
        _check_number(value, what, fn, numbers.Integral)
    num_lvl = max_level - min_level + 1
    if num_lvl <= 1:
        raise ValueError(f"[{fn}] max_level ({max_level}) must be greater than min_level "
                         f"({min_level})")
    if num_lvl >= 100:
        raise ValueError(f"[{fn}] at most 99 levels are supported, got {num_lvl}")
    if rois_num is not None:
        check_tensor(rois_num, "rois_num", fn)
    multi_rois, restore, per_level = _distribute_fpn(
        fpn_rois, rois_num, int(min_level), int(max_level), int(refer_level), int(refer_scale),
        bool(pixel_offset), num_lvl, num_lvl if rois_num is not None else 0)
    return multi_rois, restore, per_level if rois_num is not None else None


_roi_align = op("roi_align", ["X", "ROIs", "RoisNum"],
                ["pooled_height", "pooled_width", "spatial_scale", "sampling_ratio", "aligned"])
_roi_pool = op("roi_pool", ["X", "ROIs", "RoisNum"],
               ["pooled_height", "pooled_width", "spatial_scale"])
_psroi_pool = op("psroi_pool", ["X", "ROIs", "RoisNum"],
                 ["pooled_height", "pooled_width", "output_channels", "spatial_scale"])


def _roi_args(x, boxes, boxes_num, output_size, fn):
    """Checks the inputs every RoI pooling takes; returns (pooled_h, pooled_w)."""
    _check_float(x, "x", fn)
    if x.ndim != 4:
        raise ValueError(f"[{fn}] x must be a 4-D feature map [N, C, H, W], got "
                         f"{list(x.shape)}")
    _check_boxes(boxes, "boxes", fn)
    if boxes.dtype != x.dtype:
        raise TypeError(f"[{fn}] boxes must have x's dtype {x.dtype.name}, got "
                        f"{boxes.dtype.name}")
    if boxes_num is None:
        raise ValueError(f"[{fn}] boxes_num (the number of boxes of each image) is needed")
    check_tensor(boxes_num, "boxes_num", fn)
    if boxes_num.dtype not in (_dtype.int32, _dtype.int64):
        raise TypeError(f"[{fn}] boxes_num must be int32 or int64, got {boxes_num.dtype.name}")
    if isinstance(output_size, numbers.Integral) and not isinstance(output_size, bool):
        output_size = (output_size, output_size)
    if not isinstance(output_size, (list, tuple)) or len(output_size) != 2 or not all(
            isinstance(s, numbers.Integral) and not isinstance(s, bool) for s in output_size):
        raise TypeError(f"[{fn}] output_size must be an int or a pair of ints, got "
                        f"{output_size!r}")
    if output_size[0] <= 0 or output_size[1] <= 0:
        raise ValueError(f"[{fn}] output_size must be positive, got {list(output_size)}")
    return int(output_size[0]), int(output_size[1])


def roi_align(x, boxes, boxes_num, output_size, spatial_scale=1.0, sampling_ratio=-1,
              aligned=True, name=None):
    """RoI Align (Mask R-CNN): pools each box of a feature map into a fixed
    grid of bins, each the average of bilinear samples.

    Each box, scaled by spatial_scale onto x, is split into output_size bins;
    each bin averages sampling_ratio x sampling_ratio bilinear samples (with
    sampling_ratio <= 0, ceil(box size / bins) per side). aligned shifts the
    boxes by -0.5 pixel, so that box corners fall between pixels.

    Args:
        x (Tensor): The feature map [N, C, H, W], float32 or float64.
        boxes (Tensor): The boxes [num_boxes, 4] as [x1, y1, x2, y2], of x's dtype.
        boxes_num (Tensor): The number of boxes of each image [N], int32 or int64; the boxes
            come image by image.
        output_size (int|tuple): The output (height, width) per box; one int for both.
        spatial_scale (float, optional): Multiplies the box coordinates onto x's scale.
            Default 1.0.
        sampling_ratio (int, optional): Samples per bin side; <= 0 means adaptive. Default -1.
        aligned (bool, optional): Shifts the boxes by -0.5 pixel. Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The pooled features [num_boxes, C, output_size[0], output_size[1]].

    Example:
        >>> import paddle
        >>> x = paddle.rand([1, 256, 32, 32])
        >>> boxes = paddle.to_tensor([[4., 4., 16., 16.], [2., 8., 20., 24.]])
        >>> boxes_num = paddle.to_tensor([2], dtype="int32")
        >>> paddle.vision.ops.roi_align(x, boxes, boxes_num, output_size=3).shape
        paddle.Size([2, 256, 3, 3])
    """
    pooled_h, pooled_w = _roi_args(x, boxes, boxes_num, output_size, "roi_align")
    return _roi_align(x, boxes, boxes_num, pooled_h, pooled_w, float(spatial_scale),
                      int(sampling_ratio), bool(aligned))


def roi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    """RoI max pooling (Fast R-CNN): pools each box of a feature map into a
    fixed grid of bins, each the maximum of the pixels it covers.

    Each box is scaled by spatial_scale and rounded onto x's grid (at least
    one pixel each way), then split into output_size bins; an empty bin is 0.

    Args:
        x (Tensor): The feature map [N, C, H, W], float32 or float64.
        boxes (Tensor): The boxes [num_boxes, 4] as [x1, y1, x2, y2], of x's dtype.
        boxes_num (Tensor): The number of boxes of each image [N], int32 or int64.
        output_size (int|tuple): The output (height, width) per box; one int for both.
        spatial_scale (float, optional): Multiplies the box coordinates onto x's scale.
            Default 1.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The pooled features [num_boxes, C, output_size[0], output_size[1]].

    Example:
        >>> import paddle
        >>> x = paddle.arange(16, dtype="float32").reshape([1, 1, 4, 4])
        >>> boxes = paddle.to_tensor([[0., 0., 3., 3.]])
        >>> boxes_num = paddle.to_tensor([1], dtype="int32")
        >>> paddle.vision.ops.roi_pool(x, boxes, boxes_num, output_size=2).tolist()
        [[[[5.0, 7.0], [13.0, 15.0]]]]
    """
    pooled_h, pooled_w = _roi_args(x, boxes, boxes_num, output_size, "roi_pool")
    return _roi_pool(x, boxes, boxes_num, pooled_h, pooled_w, float(spatial_scale))


def psroi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    """Position-sensitive RoI average pooling (R-FCN): each bin of each box
    averages its own group of x's channels.

    x has output_channels * output_size[0] * output_size[1] channels; output
    channel c of bin (i, j) averages x's channel
    (c * output_size[0] + i) * output_size[1] + j over the bin.

    Args:
        x (Tensor): The feature map [N, C, H, W], float32 or float64, C divisible by
            output_size[0] * output_size[1].
        boxes (Tensor): The boxes [num_boxes, 4] as [x1, y1, x2, y2], of x's dtype.
        boxes_num (Tensor): The number of boxes of each image [N], int32 or int64.
        output_size (int|tuple): The output (height, width) per box; one int for both.
        spatial_scale (float, optional): Multiplies the box coordinates onto x's scale.
            Default 1.0.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The pooled features [num_boxes, C / (output_size[0] * output_size[1]),
        output_size[0], output_size[1]].

    Example:
        >>> import paddle
        >>> x = paddle.rand([2, 490, 28, 28])
        >>> boxes = paddle.to_tensor([[1., 5., 8., 10.], [4., 2., 13., 15.], [3., 8., 7., 14.]])
        >>> boxes_num = paddle.to_tensor([1, 2], dtype="int32")
        >>> paddle.vision.ops.psroi_pool(x, boxes, boxes_num, 7, 1.0).shape
        paddle.Size([3, 10, 7, 7])
    """
    fn = "psroi_pool"
    pooled_h, pooled_w = _roi_args(x, boxes, boxes_num, output_size, fn)
    if x.shape[1] % (pooled_h * pooled_w):
        raise ValueError(f"[{fn}] x's channels ({x.shape[1]}) must be divisible by "
                         f"output_size[0] * output_size[1] ({pooled_h * pooled_w})")
    return _psroi_pool(x, boxes, boxes_num, pooled_h, pooled_w,
                       x.shape[1] // (pooled_h * pooled_w), float(spatial_scale))


class _RoILayer(nn.Layer):
    """What the RoI pooling layers share: their output size and scale."""

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self._output_size = output_size
        self._spatial_scale = spatial_scale

    def extra_repr(self):
        return f"output_size={self._output_size}, spatial_scale={self._spatial_scale}"


class RoIAlign(_RoILayer):
    """The roi_align layer: RoI Align with a fixed output size and scale.

    Args:
        output_size (int|tuple): The output (height, width) per box; one int for both.
        spatial_scale (float, optional): Multiplies the box coordinates onto x's scale.
            Default 1.0.

    Example:
        >>> import paddle
        >>> layer = paddle.vision.ops.RoIAlign(output_size=(4, 3))
        >>> x = paddle.rand([1, 256, 32, 32])
        >>> boxes = paddle.to_tensor([[4., 4., 16., 16.]])
        >>> layer(x, boxes, paddle.to_tensor([1], dtype="int32")).shape
        paddle.Size([1, 256, 4, 3])
    """

    def forward(self, x, boxes, boxes_num, aligned=True):
        """Pools the boxes of x (see paddle.vision.ops.roi_align); aligned shifts them by
        -0.5 pixel."""
        return roi_align(x, boxes, boxes_num, self._output_size, self._spatial_scale,
                         aligned=aligned)


class RoIPool(_RoILayer):
    """The roi_pool layer: RoI max pooling with a fixed output size and scale.

    Args:
        output_size (int|tuple): The output (height, width) per box; one int for both.
        spatial_scale (float, optional): Multiplies the box coordinates onto x's scale.
            Default 1.0.

    Example:
        >>> import paddle
        >>> layer = paddle.vision.ops.RoIPool(output_size=(4, 3))
        >>> x = paddle.rand([1, 256, 32, 32])
        >>> boxes = paddle.to_tensor([[4., 4., 16., 16.]])
        >>> layer(x, boxes, paddle.to_tensor([1], dtype="int32")).shape
        paddle.Size([1, 256, 4, 3])
    """

    def forward(self, x, boxes, boxes_num):
        """Pools the boxes of x (see paddle.vision.ops.roi_pool)."""
        return roi_pool(x, boxes, boxes_num, self._output_size, self._spatial_scale)


class PSRoIPool(_RoILayer):
    """The psroi_pool layer: position-sensitive RoI average pooling with a
    fixed output size and scale.

    Args:
        output_size (int|tuple): The output (height, width) per box; one int for both.
        spatial_scale (float, optional): Multiplies the box coordinates onto x's scale.
            Default 1.0.

    Example:
        >>> import paddle
        >>> layer = paddle.vision.ops.PSRoIPool(7, 1.0)
        >>> x = paddle.rand([1, 490, 28, 28])
        >>> boxes = paddle.to_tensor([[1., 5., 8., 10.]])
        >>> layer(x, boxes, paddle.to_tensor([1], dtype="int32")).shape
        paddle.Size([1, 10, 7, 7])
    """

    def forward(self, x, boxes, boxes_num):
        """Pools the boxes of x (see paddle.vision.ops.psroi_pool)."""
        return psroi_pool(x, boxes, boxes_num, self._output_size, self._spatial_scale)


_deformable_conv = op("deformable_conv", ["Input", "Offset", "Filter", "Mask"],
                      ["strides", "paddings", "dilations", "deformable_groups", "groups",
                       "im2col_step"], ["Output"])
_deformable_conv_v1 = op("deformable_conv_v1", ["Input", "Offset", "Filter"],
                         ["strides", "paddings", "dilations", "deformable_groups", "groups",
                          "im2col_step"], ["Output"])


def deform_conv2d(x, offset, weight, bias=None, stride=1, padding=0, dilation=1,
                  deformable_groups=1, groups=1, mask=None, name=None):
    """Deformable convolution: a 2-D convolution whose kernel taps sample x at
    learned fractional offsets (v1), each tap optionally weighted by a mask
    (v2).

    Tap k of the kernel at output position p reads x bilinearly at p's usual
    tap position plus (offset[2k], offset[2k + 1]) (zeros outside x), times
    mask[k] when a mask is given; deformable_groups channel groups each have
    their own offsets and masks.

    Args:
        x (Tensor): The images [N, C, H, W], float32 or float64.
        offset (Tensor): The (dy, dx) offsets [N, 2 * deformable_groups * kH * kW, H_out,
            W_out], of x's dtype.
        weight (Tensor): The filters [M, C / groups, kH, kW].
        bias (Tensor, optional): The bias [M]. Default None.
        stride (int|list|tuple, optional): The strides (height, width); one int for both.
            Default 1.
        padding (int|list|tuple, optional): The zero padding (height, width); one int for both.
            Default 0.
        dilation (int|list|tuple, optional): The dilations (height, width); one int for both.
            Default 1.
        deformable_groups (int, optional): Channel groups with their own offsets. Default 1.
        groups (int, optional): Convolution channel groups. Default 1.
        mask (Tensor, optional): The tap weights [N, deformable_groups * kH * kW, H_out, W_out]
            (v2); None (the default) means v1.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The convolution [N, M, H_out, W_out].

    Example:
        >>> import paddle
        >>> x = paddle.rand([8, 1, 28, 28])
        >>> kh, kw = 3, 3
        >>> offset = paddle.rand([8, 2 * kh * kw, 26, 26])
        >>> mask = paddle.rand([8, kh * kw, 26, 26])
        >>> weight = paddle.rand([16, 1, kh, kw])
        >>> paddle.vision.ops.deform_conv2d(x, offset, weight, mask=mask).shape
        paddle.Size([8, 16, 26, 26])
    """
    fn = "deform_conv2d"
    _check_float(x, "x", fn)
    for t, what in ((offset, "offset"), (weight, "weight")):
        _check_float(t, what, fn)
        if t.dtype != x.dtype:
            raise TypeError(f"[{fn}] {what} must have x's dtype {x.dtype.name}, got "
                            f"{t.dtype.name}")
    stride = int_tuple(stride, 2, "stride", fn)
    padding = int_tuple(padding, 2, "padding", fn)
    dilation = int_tuple(dilation, 2, "dilation", fn)
    if mask is None:
        out = _deformable_conv_v1(x, offset, weight, stride, padding, dilation,
                                  int(deformable_groups), int(groups), 1)
    else:
        _check_float(mask, "mask", fn)
        out = _deformable_conv(x, offset, weight, mask, stride, padding, dilation,
                               int(deformable_groups), int(groups), 1)
    if bias is None:
        return out
    check_tensor(bias, "bias", fn)
    if bias.ndim != 1 or bias.shape[0] != weight.shape[0]:
        raise ValueError(f"[{fn}] bias must be [{weight.shape[0]}] (one per filter), got "
                         f"{list(bias.shape)}")
    return out + bias.reshape([1, -1, 1, 1])


class DeformConv2D(nn.Layer):
    """A deformable convolution layer (see paddle.vision.ops.deform_conv2d)
    with its filters and bias as parameters.

    The filters start from Normal(0, sqrt(2 / (kH * kW * in_channels))), the
    bias from zeros, as in PaddlePaddle.

    Args:
        in_channels (int): The input channels.
        out_channels (int): The output channels (filters).
        kernel_size (int|list|tuple): The kernel (height, width); one int for both.
        stride (int|list|tuple, optional): The strides. Default 1.
        padding (int|list|tuple, optional): The zero padding. Default 0.
        dilation (int|list|tuple, optional): The dilations. Default 1.
        deformable_groups (int, optional): Channel groups with their own offsets. Default 1.
        groups (int, optional): Convolution channel groups; must divide in_channels. Default 1.
        weight_attr (ParamAttr, optional): The filters' attributes. Default None.
        bias_attr (ParamAttr|bool, optional): The bias' attributes; False for no bias. Default
            None.

    Example:
        >>> import paddle
        >>> layer = paddle.vision.ops.DeformConv2D(1, 16, 3)
        >>> x = paddle.rand([8, 1, 28, 28])
        >>> offset = paddle.rand([8, 18, 26, 26])
        >>> layer(x, offset).shape
        paddle.Size([8, 16, 26, 26])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 deformable_groups=1, groups=1, weight_attr=None, bias_attr=None):
        super().__init__()
        fn = "DeformConv2D"
        if weight_attr is False:
            raise ValueError(f"[{fn}] weight_attr should not be False in Conv.")
        if in_channels % groups != 0:
            raise ValueError(f"[{fn}] in_channels ({in_channels}) must be divisible by groups "
                             f"({groups})")
        self._deformable_groups = deformable_groups
        self._groups = groups
        self._in_channels = in_channels
        self._out_channels = out_channels
        self._stride = int_tuple(stride, 2, "stride", fn)
        self._padding = int_tuple(padding, 2, "padding", fn)
        self._dilation = int_tuple(dilation, 2, "dilation", fn)
        self._kernel_size = int_tuple(kernel_size, 2, "kernel_size", fn)
        std = (2.0 / (self._kernel_size[0] * self._kernel_size[1] * in_channels)) ** 0.5
        self.weight = self.create_parameter(
            [out_channels, in_channels // groups, *self._kernel_size], weight_attr,
            default_initializer=Normal(0.0, std))
        self.bias = self.create_parameter([out_channels], bias_attr, is_bias=True)

    def forward(self, x, offset, mask=None):
        """The deformable convolution of x with this layer's filters and bias."""
        return deform_conv2d(x, offset, self.weight, self.bias, self._stride, self._padding,
                             self._dilation, self._deformable_groups, self._groups, mask)


_read_file = op("read_file", [], ["filename"])


def read_file(filename, name=None):
    """Reads a file's bytes into a 1-D uint8 Tensor.

    Args:
        filename (str): The path of the file to read.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The file's bytes, uint8, 1-D.

    Example:
        >>> import os, tempfile
        >>> import paddle
        >>> path = os.path.join(tempfile.mkdtemp(), "data.bin")
        >>> with open(path, "wb") as f:
        ...     _ = f.write(bytes([1, 2, 255]))
        >>> paddle.vision.ops.read_file(path).tolist()
        [1, 2, 255]
    """
    if not isinstance(filename, str):
        raise TypeError(f"[read_file] filename must be a str, got {type(filename).__name__}")
    out = _read_file(filename)
    out.stop_gradient = True
    return out


_decode_jpeg = op("decode_jpeg", ["X"], ["mode"])


def decode_jpeg(x, mode="unchanged", name=None):
    """Decodes the bytes of a JPEG file into a [C, H, W] uint8 image.

    mode 'unchanged' keeps a grayscale image's one channel and gives color
    images as RGB; 'gray' gives one channel, 'rgb' three. Decoding runs on
    the CPU through the system's libjpeg (PaddlePaddle 3.3.1 decodes on GPUs
    only).

    Args:
        x (Tensor): The JPEG file's bytes, 1-D uint8 (as read_file gives them).
        mode (str, optional): 'unchanged' (the default), 'gray' or 'rgb'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        Tensor: The image [C, H, W], uint8.

    Example:
        >>> import io
        >>> import numpy as np
        >>> import paddle
        >>> from PIL import Image
        >>> buffer = io.BytesIO()
        >>> Image.fromarray(np.full((4, 6, 3), 200, "uint8")).save(buffer, format="JPEG")
        >>> data = paddle.to_tensor(np.frombuffer(buffer.getvalue(), "uint8"))
        >>> paddle.vision.ops.decode_jpeg(data).shape
        paddle.Size([3, 4, 6])
        >>> paddle.vision.ops.decode_jpeg(data, mode="gray").shape
        paddle.Size([1, 4, 6])
    """
    fn = "decode_jpeg"
    check_tensor(x, "x", fn)
    if x.dtype != _dtype.uint8 or x.ndim != 1:
        raise TypeError(f"[{fn}] x must be the 1-D uint8 bytes of a JPEG file, got "
                        f"{x.dtype.name} {list(x.shape)}")
    if mode not in ("unchanged", "gray", "rgb"):
        raise ValueError(f"[{fn}] mode must be 'unchanged', 'gray' or 'rgb', got {mode!r}")
    out = _decode_jpeg(x, mode)
    out.stop_gradient = True
    return out


class ConvNormActivation(nn.Sequential):
    """Conv2D, then a norm layer, then an activation, as one Sequential (sublayers
    '0', '1', '2', so state_dict keys match PaddlePaddle's: 'conv1.0.weight', ...).

    padding None means 'same' for odd kernels: (kernel_size - 1) // 2 * dilation.
    bias None means a conv bias only when there is no norm layer; norm_layer or
    activation_layer None leaves that layer out.

    Example:
        >>> import paddle
        >>> from paddle.vision.ops import ConvNormActivation
        >>> block = ConvNormActivation(3, 8, kernel_size=3, stride=2)
        >>> block(paddle.rand([1, 3, 16, 16])).shape
        paddle.Size([1, 8, 8, 8])
    """

    def __init__(self, in_channels, out_channels, kernel_size=3, stride=1, padding=None,
                 groups=1, norm_layer=nn.BatchNorm2D, activation_layer=nn.ReLU, dilation=1,
                 bias=None):
        if padding is None:
            padding = (kernel_size - 1) // 2 * dilation
        if bias is None:
            bias = norm_layer is None
        layers = [nn.Conv2D(in_channels, out_channels, kernel_size, stride, padding,
                            dilation=dilation, groups=groups, bias_attr=None if bias else False)]
        if norm_layer is not None:
            layers.append(norm_layer(out_channels))
        if activation_layer is not None:
            layers.append(activation_layer())
        super().__init__(*layers)
