"""FusedDropoutAdd: dropout(x) + y as a layer."""
from ....nn.layer.layers import Layer
from ..functional._checks import check_mode, check_rate
from ..functional.fused_dropout_add import fused_dropout_add

__all__ = []


class FusedDropoutAdd(Layer):
    """``dropout(x) + y``, the dropout applied in training mode only.

    Args:
        p (float, optional): The probability of zeroing an element. Default 0.5.
        mode (str, optional): 'upscale_in_train' (the default) or 'downscale_in_infer'.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        FusedDropoutAdd: The layer, called as ``layer(x, y)``.

    Example:
        >>> from paddle.incubate.nn import FusedDropoutAdd
        >>> layer = FusedDropoutAdd(p=0.5).eval()
        >>> layer(paddle.ones([2]), paddle.ones([2])).numpy()
        array([2., 2.], dtype=float32)
    """

    def __init__(self, p=0.5, mode="upscale_in_train", name=None):
        super().__init__()
        check_rate(p, "p", "FusedDropoutAdd")
        check_mode(mode, "FusedDropoutAdd")
        self.p = p
        self.mode = mode
        self.name = name

    def forward(self, x, y):
        """``fused_dropout_add(x, y, p, self.training, mode)``.

        Args:
            x (Tensor): The input to drop out.
            y (Tensor): The tensor added, of x's shape.

        Returns:
            Tensor: Of x's shape and dtype.
        """
        return fused_dropout_add(x, y, self.p, self.training, self.mode, self.name)

    def extra_repr(self):
        """The layer's settings as text.

        Returns:
            str: ``p=..., mode=...``.
        """
        return f"p={self.p}, mode={self.mode}"
