"""paddle.vision.datasets: MNIST, FashionMNIST, Cifar10, Cifar100, Flowers and
VOC2012 from their standard files, and DatasetFolder / ImageFolder from a
directory of images. Nothing is downloaded: pass the file paths (or have them in PaddlePaddle's
cache, ~/.cache/paddle/dataset)."""
from .cifar import Cifar10, Cifar100
from .flowers import Flowers
from .folder import DatasetFolder, ImageFolder
from .mnist import MNIST, FashionMNIST
from .voc2012 import VOC2012

__all__ = ["DatasetFolder", "ImageFolder", "MNIST", "FashionMNIST", "Flowers", "Cifar10",
           "Cifar100", "VOC2012"]
