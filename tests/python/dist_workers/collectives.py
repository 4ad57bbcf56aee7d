"""Every collective once, on inputs each rank derives from its rank; the
results go to OUT/rank<r>.npz for the test to check against NumPy."""
import sys

import numpy as np

import paddle
import paddle.distributed as dist

out_dir = sys.argv[1]
dist.init_parallel_env()
r, n = dist.get_rank(), dist.get_world_size()
res = {}


def base(rank, dtype="float32"):
    return (np.arange(6).reshape(2, 3) * (rank + 1) + rank).astype(dtype)


for op_name in ["SUM", "MAX", "MIN", "PROD", "AVG"]:
    for dtype in ["float32", "float64", "int32", "int64"]:
        if op_name == "AVG" and dtype.startswith("int"):
            continue
        x = paddle.to_tensor(base(r, dtype))
        dist.all_reduce(x, op=getattr(dist.ReduceOp, op_name))
        res[f"all_reduce_{op_name}_{dtype}"] = x.numpy()
x = paddle.to_tensor(base(r, "float16"))
dist.all_reduce(x)
res["all_reduce_SUM_float16"] = x.numpy()

x = paddle.to_tensor(base(r))
dist.broadcast(x, src=n - 1)
res["broadcast"] = x.numpy()

x = paddle.to_tensor(base(r))
dist.reduce(x, dst=1, op=dist.ReduceOp.SUM)
res["reduce"] = x.numpy()

parts = []
dist.all_gather(parts, paddle.to_tensor(base(r)))
res["all_gather"] = np.stack([p.numpy() for p in parts])
given = [paddle.zeros([2, 3]) for _ in range(n)]
dist.all_gather(given, paddle.to_tensor(base(r)))
res["all_gather_into"] = np.stack([p.numpy() for p in given])

y = paddle.zeros([2, 3])
dist.reduce_scatter(y, [paddle.to_tensor(base(r) + i) for i in range(n)])
res["reduce_scatter"] = y.numpy()
y = paddle.zeros([2, 3], dtype="float64")
dist.reduce_scatter(y, [paddle.to_tensor(base(r, "float64") * i) for i in range(n)], op=dist.ReduceOp.AVG)
res["reduce_scatter_avg"] = y.numpy()

got = []
dist.gather(paddle.to_tensor(base(r)), got if r == 1 else None, dst=1)
res["gather"] = np.stack([p.numpy() for p in got]) if r == 1 else np.zeros(0)

shared = [{"from": r}, [r] * 3] if r == n - 1 else [None, None]
dist.broadcast_object_list(shared, src=n - 1)
res["broadcast_object_list"] = np.array([shared[0]["from"]] + shared[1])
mine = ["stale"]
dist.scatter_object_list(mine, [{"to": i, "pad": "y" * i} for i in range(n)] if r == 0 else None, src=0)
res["scatter_object_list"] = np.array([len(mine), mine[0]["to"], len(mine[0]["pad"])])

objs = []
dist.all_gather_object(objs, {"rank": r, "text": "x" * r})
res["all_gather_object"] = np.array([o["rank"] * 100 + len(o["text"]) for o in objs])

y = paddle.zeros([2, 3])
dist.scatter(y, [paddle.to_tensor(base(i) * 10) for i in range(n)] if r == 0 else None, src=0)
res["scatter"] = y.numpy()

outs = []
dist.alltoall(outs, [paddle.to_tensor(np.full([2], r * 10 + i, "int64")) for i in range(n)])
res["alltoall"] = np.stack([o.numpy() for o in outs])

# Ring: send to the next rank, receive from the previous one, without waiting in between.
nxt, prv = (r + 1) % n, (r - 1) % n
z = paddle.zeros([2, 3])
recv_task = dist.irecv(z, src=prv)
send_task = dist.isend(paddle.to_tensor(base(r)), dst=nxt)
send_task.wait()
recv_task.wait()
res["ring"] = z.numpy()

x = paddle.to_tensor(base(r))
task = dist.all_reduce(x, sync_op=False)
task.wait()
res["async_all_reduce"] = x.numpy()
res["async_done"] = np.array(task.is_completed())

g = dist.new_group([0, n - 1])
x = paddle.to_tensor(base(r))
if r in (0, n - 1):
    dist.all_reduce(x, group=g)
    res["group_rank"] = np.array(g.rank)
res["group_all_reduce"] = x.numpy()

# The GIL is released while a rank waits: a thread keeps counting on rank 0
# while rank 1 arrives late.
import threading  # noqa: E402
import time  # noqa: E402

counter, stop = [0], threading.Event()


def count():
    while not stop.is_set():
        counter[0] += 1


dist.barrier()
if r == 0:
    worker = threading.Thread(target=count)
    worker.start()
    time.sleep(0.05)
    before = counter[0]
    dist.all_reduce(paddle.ones([4]))
    res["counted_while_waiting"] = np.array(counter[0] - before)
    stop.set()
    worker.join()
else:
    time.sleep(0.5 if r == 1 else 0)
    dist.all_reduce(paddle.ones([4]))

dist.barrier()
np.savez(f"{out_dir}/rank{r}.npz", **res)
