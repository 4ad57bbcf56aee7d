"""A tiny hub repository for tests/python/test_hub.py."""
import paddle

from tiny_models import scale  # a module of the repository itself

dependencies = ["numpy"]


def linear(in_features=2, out_features=1):
    """A paddle.nn.Linear layer."""
    return paddle.nn.Linear(in_features, out_features)


def doubled(value=1.0):
    return scale(value, 2.0)


def _private():
    return None
