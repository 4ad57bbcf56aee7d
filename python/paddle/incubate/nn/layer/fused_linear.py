"""FusedLinear: a linear layer computed by fused_linear."""
from ....nn.layer.layers import Layer
from ..functional.fused_matmul_bias import fused_linear

__all__ = []


class FusedLinear(Layer):
    """A linear layer ``x @ weight + bias`` computed by
    ``paddle.incubate.nn.functional.fused_linear``.

    Args:
        in_features (int): The input's last dim.
        out_features (int): The output's last dim.
        weight_attr (ParamAttr, optional): The weight's attribute. Default None.
        bias_attr (ParamAttr|bool, optional): The bias's attribute; False: no bias. Default
            None.
        transpose_weight (bool, optional): Store the weight as [out_features, in_features].
            Default False.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        FusedLinear: The layer; ``weight`` is [in_features, out_features] (transposed with
        transpose_weight), ``bias`` [out_features].

    Example:
        >>> from paddle.incubate.nn import FusedLinear
        >>> layer = FusedLinear(3, 4)
        >>> layer(paddle.ones([2, 3])).shape
        paddle.Size([2, 4])
    """

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None,
                 transpose_weight=False, name=None):
        super().__init__()
        shape = [out_features, in_features] if transpose_weight else [in_features, out_features]
        self.weight = self.create_parameter(shape, attr=weight_attr, is_bias=False)
        self.bias = self.create_parameter([out_features], attr=bias_attr, is_bias=True)
        self.transpose_weight = transpose_weight
        self.name = name

    def forward(self, input):  # noqa: A002  (PaddlePaddle's name)
        """``fused_linear(input, weight, bias, transpose_weight)``.

        Args:
            input (Tensor): [..., in_features].

        Returns:
            Tensor: [..., out_features].
        """
        return fused_linear(input, self.weight, self.bias, self.transpose_weight, self.name)
