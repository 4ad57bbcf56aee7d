"""Vision building blocks shared by the paddle.vision models."""
from .. import nn

__all__ = []


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
