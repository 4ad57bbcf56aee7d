"""``python -m paddle.distributed.launch``: starts a training script in
several processes through Open MPI's mpirun (main.py), each through the
worker (_worker.py) that sets its rank environment and its log."""
from .main import launch

__all__ = []
