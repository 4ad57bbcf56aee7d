"""paddle.vision.ops: boxes without gradients (nms, box_coder, prior_box,
yolo_box) and the YOLOv3 loss."""
import numbers

from ..framework import dtypes as _dtype
from ..tensor._helpers import Tensor, check_tensor, op
from ._op_args import _check_boxes, _check_float, _floats

_nms = op("nms", ["Boxes"], ["iou_threshold"], ["KeepBoxesIdxs"])
_box_coder = op("box_coder", ["PriorBox", "PriorBoxVar", "TargetBox"],
                ["code_type", "box_normalized", "axis", "variance"], ["OutputBox"])
_prior_box = op("prior_box", ["Input", "Image"],
                ["min_sizes", "max_sizes", "aspect_ratios", "variances", "flip", "clip", "step_w",
                 "step_h", "offset", "min_max_aspect_ratios_order"], ["Boxes", "Variances"])
_yolo_box = op("yolo_box", ["X", "ImgSize"],
               ["anchors", "class_num", "conf_thresh", "downsample_ratio", "clip_bbox",
                "scale_x_y", "iou_aware", "iou_aware_factor"], ["Boxes", "Scores"])


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
