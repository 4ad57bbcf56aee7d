"""paddle.distributed.fleet: collective (data-parallel) training in eager and
static mode; see fleet.py."""
from .distributed_strategy import DistributedStrategy
from .fleet import Fleet

_fleet = Fleet()
init = _fleet.init
worker_index = _fleet.worker_index
worker_num = _fleet.worker_num
is_first_worker = _fleet.is_first_worker
barrier_worker = _fleet.barrier_worker
distributed_model = _fleet.distributed_model
distributed_optimizer = _fleet.distributed_optimizer

__all__ = ["DistributedStrategy", "Fleet", "init", "worker_index", "worker_num", "is_first_worker",
           "barrier_worker", "distributed_model", "distributed_optimizer"]
