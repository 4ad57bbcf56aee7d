"""paddle.incubate: PaddlePaddle 3.3.1's incubating APIs that mean something on
CPU: the deprecated graph names of paddle.geometric, graph_khop_sampler, the
fused softmax masks, identity_loss, LookAhead and ModelAverage, and
paddle.incubate.nn's fused layers."""
from . import nn, optimizer  # noqa: F401
from .graph import (
    graph_khop_sampler, graph_reindex, graph_sample_neighbors, graph_send_recv, segment_max,
    segment_mean, segment_min, segment_sum,
)
from .nn.loss import identity_loss
from .optimizer import LookAhead, ModelAverage
from .softmax_mask import softmax_mask_fuse, softmax_mask_fuse_upper_triangle

__all__ = ["LookAhead", "ModelAverage", "softmax_mask_fuse_upper_triangle", "softmax_mask_fuse",
           "graph_send_recv", "graph_khop_sampler", "graph_sample_neighbors", "graph_reindex",
           "segment_sum", "segment_mean", "segment_max", "segment_min", "identity_loss"]
