"""paddle.incubate.nn: PaddlePaddle 3.3.1's fused layers, composed on CPU from
the ops they fuse."""
