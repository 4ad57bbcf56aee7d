"""Bad input across ranks. Args: OUT MODE. MODE 'raise': rank 1 raises while
the others wait in a collective (the job must end, not hang). MODE 'checks':
each kind of bad argument is caught on every rank; the messages go to
OUT/rank<r>.json."""
import json
import sys

import paddle
import paddle.distributed as dist

out_dir, mode = sys.argv[1], sys.argv[2]
dist.init_parallel_env()
r, n = dist.get_rank(), dist.get_world_size()

if mode == "raise":
    if r == 1:
        raise ValueError("rank one failed on purpose")
    dist.all_reduce(paddle.ones([4]))  # never completes: rank 1 is gone
    sys.exit(0)

caught = {}


def attempt(name, fn):
    try:
        fn()
        caught[name] = None
    except Exception as e:  # noqa: BLE001 (the test checks the type by name)
        caught[name] = [type(e).__name__, str(e)]


attempt("shape", lambda: dist.all_reduce(paddle.ones([2 + r])))
attempt("dtype", lambda: dist.all_reduce(paddle.ones([2], dtype="float32" if r == 0 else "float64")))
attempt("broadcast_root", lambda: dist.broadcast(paddle.ones([2]), src=n))
attempt("reduce_scatter_shape", lambda: dist.reduce_scatter(paddle.zeros([3]), [paddle.ones([2])] * n))
attempt("bad_op", lambda: dist.all_reduce(paddle.ones([2]), op=7))
# Only rank 0's root is wrong (out of range): every rank must still raise.
attempt("one_bad_rank", lambda: dist.reduce(paddle.ones([2]), dst=0) if r else
        paddle._core._dist_reduce(paddle.ones([2]), n + 5, 0, 0, True).wait())
attempt("complex_max", lambda: dist.all_reduce(paddle.to_tensor([1 + 2j]), op=dist.ReduceOp.MAX))
g = dist.new_group([0])
attempt("not_member", lambda: dist.all_reduce(paddle.ones([2]), group=g))
if r == 0:
    dist.send(paddle.ones([3], dtype="int32"), dst=1)  # same bytes, other dtype
    dist.send(paddle.ones([3]), dst=1)
elif r == 1:
    attempt("recv_dtype", lambda: dist.recv(paddle.zeros([3]), src=0))
    attempt("recv_size", lambda: dist.recv(paddle.zeros([2]), src=0))
attempt("self_send", lambda: dist.send(paddle.ones([1]), dst=r))


def unused_without_flag():
    model = paddle.nn.LayerDict({"used": paddle.nn.Linear(2, 2), "unused": paddle.nn.Linear(2, 2)})
    dp = paddle.DataParallel(model)
    model["used"](paddle.ones([1, 2])).sum().backward()


attempt("unused_parameter", unused_without_flag)
# Rank 0's model has a bias, the others' not: refused when wrapped, on every rank.
attempt("model_differs", lambda: paddle.DataParallel(paddle.nn.Linear(2, 2, bias_attr=None if r == 0 else False)))
dist.all_reduce(paddle.ones([2]))  # the group still works after that error
dist.barrier()
json.dump(caught, open(f"{out_dir}/rank{r}.json", "w"))
