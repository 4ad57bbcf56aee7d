"""LeNet (LeCun et al. 1998) for 1x28x28 images, laid out as PaddlePaddle's."""
from ... import nn
from ...tensor.manipulation import flatten

__all__ = []


class LeNet(nn.Layer):
    """LeNet: two conv/relu/max-pool stages ('features') and three Linear layers
    ('fc') for [N, 1, 28, 28] inputs. num_classes <= 0 leaves out 'fc' and the
    model returns the [N, 16, 5, 5] features.

    Args:
        num_classes (int, optional): The number of output classes; 0 or less leaves out
            the classifier, so the model returns its features. Default 10.

    Returns:
        LeNet: A Layer; called with a float32 [N, 1, 28, 28] Tensor it returns the
            [N, num_classes] logits.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import LeNet
        >>> LeNet()(paddle.rand([2, 1, 28, 28])).shape
        paddle.Size([2, 10])
    """

    def __init__(self, num_classes=10):
        super().__init__()
        self.num_classes = num_classes
        self.features = nn.Sequential(
            nn.Conv2D(1, 6, 3, stride=1, padding=1), nn.ReLU(), nn.MaxPool2D(2, 2),
            nn.Conv2D(6, 16, 5, stride=1, padding=0), nn.ReLU(), nn.MaxPool2D(2, 2))
        if num_classes > 0:
            self.fc = nn.Sequential(nn.Linear(400, 120), nn.Linear(120, 84),
                                    nn.Linear(84, num_classes))

    def forward(self, inputs):
        x = self.features(inputs)
        if self.num_classes > 0:
            x = self.fc(flatten(x, 1))
        return x
