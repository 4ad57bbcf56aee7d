"""fleet.DistributedStrategy: the training strategy's switches. Data-parallel
training is what is implemented; the other strategies PaddlePaddle names
(amp, recompute, sharding, pipeline, ...) are accepted as settings and refused
by minimize() when switched on, naming the one."""
from __future__ import annotations

__all__ = ["DistributedStrategy"]

# Name -> default. `None`-free: every switch has a typed default.
_SETTINGS = {
    "fuse_all_reduce_ops": True, "fuse_grad_size_in_MB": 32, "find_unused_parameters": False,
    "nccl_comm_num": 1, "sync_nccl_allreduce": True, "without_graph_optimization": True,
    "last_comm_group_size_MB": 1.0,
    # Strategies not implemented: switching one on makes minimize() raise.
    "amp": False, "recompute": False, "sharding": False, "pipeline": False,
    "tensor_parallel": False, "gradient_merge": False, "lars": False, "lamb": False, "dgc": False,
    "localsgd": False, "adaptive_localsgd": False, "a_sync": False, "asp": False,
    "hybrid_configs": {}, "amp_configs": {}, "recompute_configs": {}, "sharding_configs": {},
    "pipeline_configs": {}, "gradient_merge_configs": {},
}
UNSUPPORTED = ["amp", "recompute", "sharding", "pipeline", "tensor_parallel", "gradient_merge",
               "lars", "lamb", "dgc", "localsgd", "adaptive_localsgd", "a_sync", "asp"]


class DistributedStrategy:
    """The switches of distributed training, set as attributes.

    Examples:
        .. code-block:: python

            >>> from paddle.distributed import fleet
            >>> strategy = fleet.DistributedStrategy()
            >>> strategy.find_unused_parameters = True
            >>> strategy.amp
            False
    """

    def __init__(self):
        object.__setattr__(self, "_values", {k: (dict(v) if isinstance(v, dict) else v)
                                              for k, v in _SETTINGS.items()})

    def __getattr__(self, name):
        values = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        raise AttributeError(f"DistributedStrategy has no setting {name!r}")

    def __setattr__(self, name, value):
        if name not in _SETTINGS:
            raise AttributeError(f"DistributedStrategy has no setting {name!r}; known: "
                                 f"{', '.join(sorted(_SETTINGS))}")
        default = _SETTINGS[name]
        if isinstance(default, bool) and not isinstance(value, bool):
            raise TypeError(f"DistributedStrategy.{name} must be a bool, got {type(value).__name__}")
        if isinstance(default, dict) and not isinstance(value, dict):
            raise TypeError(f"DistributedStrategy.{name} must be a dict, got {type(value).__name__}")
        self._values[name] = value

    def __repr__(self):
        on = [k for k, v in self._values.items() if v is True]
        return f"DistributedStrategy(switched on: {', '.join(on) or 'none'})"
