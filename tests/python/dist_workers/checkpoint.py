"""Checkpoints under DataParallel: rank 0 saves, every rank loads, and the
resumed job's losses equal the uninterrupted job's. Args: OUT PHASE
(full: 6 steps; first: 3 steps then save; resume: load, then steps 3..5)."""
import json
import os
import sys

import numpy as np

import paddle
import paddle.distributed as dist

out_dir, phase = sys.argv[1], sys.argv[2]
dist.init_parallel_env()
r, n = dist.get_rank(), dist.get_world_size()
paddle.seed(5 + r)
model = paddle.DataParallel(paddle.nn.Sequential(paddle.nn.Linear(6, 12), paddle.nn.Tanh(),
                                                 paddle.nn.Linear(12, 1)))
opt = paddle.optimizer.Adam(0.05, parameters=model.parameters())
rng = np.random.default_rng(3)
xs = rng.standard_normal((6, 4 * n, 6)).astype("float32")
ys = rng.standard_normal((6, 4 * n, 1)).astype("float32")
ckpt = os.path.join(out_dir, "ckpt")
start, stop = {"full": (0, 6), "first": (0, 3), "resume": (3, 6)}[phase]
if phase == "resume":
    model.set_state_dict(paddle.load(ckpt + ".pdparams"))
    opt.set_state_dict(paddle.load(ckpt + ".pdopt"))
losses = []
for step in range(start, stop):
    x = paddle.to_tensor(xs[step][r * 4:(r + 1) * 4])
    y = paddle.to_tensor(ys[step][r * 4:(r + 1) * 4])
    loss = paddle.nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    opt.clear_grad()
    losses.append(float(loss))
if phase == "first":
    if r == 0:
        paddle.save(model.state_dict(), ckpt + ".pdparams")
        paddle.save(opt.state_dict(), ckpt + ".pdopt")
    dist.barrier()  # the others read it only after it is written
json.dump(losses, open(os.path.join(out_dir, f"{phase}{r}.json"), "w"))
