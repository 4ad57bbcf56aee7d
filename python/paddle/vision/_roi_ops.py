"""paddle.vision.ops: region-of-interest pooling and its layers."""
import numbers

from .. import nn
from ..framework import dtypes as _dtype
from ..tensor._helpers import check_tensor, op
from ._op_args import _check_boxes, _check_float

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
