"""paddle.hapi: the high-level API: paddle.Model, its callbacks and progress
bar, paddle.summary and paddle.flops."""
from . import callbacks, progressbar  # noqa: F401
from .dynamic_flops import flops
from .model import Model
from .model_summary import summary

__all__ = []
