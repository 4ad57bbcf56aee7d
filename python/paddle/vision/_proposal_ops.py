"""paddle.vision.ops: matrix NMS and the two-stage detectors' proposals."""
import numbers

from ..tensor._helpers import check_tensor, op
from ._op_args import _check_boxes, _check_float, _check_number

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
