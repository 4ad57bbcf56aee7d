"""paddle.vision.ops: detection operators (non-maximum suppression, box
coding, prior and YOLO boxes, RoI pooling, deformable convolution,
proposals), image file reading and decoding, and the vision building blocks
shared by the paddle.vision models."""
from .. import nn
from ._box_ops import box_coder, nms, prior_box, yolo_box, yolo_loss
from ._deform_conv import DeformConv2D, deform_conv2d
from ._image_io import decode_jpeg, read_file
from ._proposal_ops import distribute_fpn_proposals, generate_proposals, matrix_nms
from ._roi_ops import PSRoIPool, RoIAlign, RoIPool, psroi_pool, roi_align, roi_pool

__all__ = ["nms", "box_coder", "prior_box", "yolo_box", "yolo_loss", "matrix_nms",
           "generate_proposals", "distribute_fpn_proposals", "roi_align", "RoIAlign", "roi_pool",
           "RoIPool", "psroi_pool", "PSRoIPool", "deform_conv2d", "DeformConv2D",
           "read_file", "decode_jpeg"]


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
