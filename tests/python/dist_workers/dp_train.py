"""DataParallel training of one of dp_models' models; each rank starts from its
own random init (DataParallel must copy rank 0's). Writes the final
parameters to OUT/rank<r>.npz. Args: OUT KIND [accumulate]."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import dp_models  # noqa: E402

import paddle  # noqa: E402
import paddle.distributed as dist  # noqa: E402

out_dir, kind = sys.argv[1], sys.argv[2]
accumulate = int(sys.argv[3]) if len(sys.argv) > 3 else 1
dist.init_parallel_env()
r, n = dist.get_rank(), dist.get_world_size()
model = dp_models.make_model(kind, seed=1234 + r)
# Small buckets, so there are several and they start during backward.
dp = paddle.DataParallel(model, comm_buffer_size=0.0002, last_comm_buffer_size=0.0001,
                         find_unused_parameters=(kind == "partly"))
dp_models.train(dp, kind, n, rank=r, accumulate=accumulate)
np.savez(f"{out_dir}/rank{r}.npz", buckets=len(dp._reducer.buckets()),
         **{k: v.numpy() for k, v in dp.state_dict().items()})
