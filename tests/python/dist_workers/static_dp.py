"""Static-mode data-parallel training through fleet: every rank starts from
its own random init (the startup program's c_broadcast must copy rank 0's),
and the gradients are all-reduced by c_allreduce_sum. Writes the parameters
and the programs' op types to OUT/rank<r>.npz. Args: OUT."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import static_models  # noqa: E402

import paddle  # noqa: E402
from paddle.distributed import fleet  # noqa: E402

paddle.enable_static()
fleet.init(is_collective=True)
r, n = fleet.worker_index(), fleet.worker_num()
main, startup, loss = static_models.build(seed=100 + r, data_parallel=True)
params = static_models.train(main, startup, loss, n, rank=r)
np.savez(f"{sys.argv[1]}/rank{r}.npz",
         main_ops=np.array([op.type for op in main.global_block().ops]),
         startup_ops=np.array([op.type for op in startup.global_block().ops]), **params)
