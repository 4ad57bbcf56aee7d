"""paddle.vision.datasets: MNIST, FashionMNIST, Cifar10, Cifar100 from their
standard files, and DatasetFolder / ImageFolder from a directory of images.
Nothing is downloaded: pass the file paths (or have them in PaddlePaddle's
cache, ~/.cache/paddle/dataset)."""
from .cifar import Cifar10, Cifar100
from .folder import DatasetFolder, ImageFolder
from .mnist import MNIST, FashionMNIST

__all__ = ["DatasetFolder", "ImageFolder", "MNIST", "FashionMNIST", "Cifar10", "Cifar100"]
