"""paddle.distributed: data-parallel training over several processes."""
from .launch.main import launch
from .parallel_env import ParallelEnv

__all__ = ["ParallelEnv", "launch"]
