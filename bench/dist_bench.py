"""paddle.distributed speed, never run by CI or the tests:

1. all_reduce bandwidth, float32 SUM of 1, 4, 16 and 64 MB on 2 ranks, ours
   (paddle.distributed.all_reduce on a Tensor) against mpi4py's
   Comm.Allreduce on a NumPy array, both on this machine's Open MPI under the
   same mpirun settings. Target (issue 12): ours >= 0.95x mpi4py's bandwidth.
2. Data-parallel scaling: one training step (forward, cross-entropy,
   backward with the gradients all-reduced, SGD) of an MLP 784-512-512-10,
   64 samples per rank, on 1 and 2 processes: samples per second and the
   speed-up of 2 processes over 1 (each process uses one thread).

    python3 -m venv /opt/paddle-peers/mpi4py && \\
        /opt/paddle-peers/mpi4py/bin/pip install --only-binary :all: mpi4py==4.1.2 numpy==2.1.3   # once
    .venv/bin/python bench/dist_bench.py [--rounds 5] [--iters 20]

Each size is timed as the median of --iters all-reduces after 3 warm-ups
(a barrier before each), best of --rounds jobs; ours and mpi4py alternate.
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
MPI4PY = pathlib.Path(os.environ.get("MPI4PY_PYTHON", "/opt/paddle-peers/mpi4py/bin/python"))
SIZES_MB = [1, 4, 16, 64]

TIMING = r'''
import json, statistics, sys, time
def timed(run, barrier, iters):
    for _ in range(3):
        run()
    times = []
    for _ in range(iters):
        barrier()
        t = time.perf_counter()
        run()
        times.append(time.perf_counter() - t)
    return statistics.median(times)
'''

OURS = TIMING + r'''
import numpy as np, paddle, paddle.distributed as dist
dist.init_parallel_env()
iters = int(sys.argv[1])
for mb in [int(s) for s in sys.argv[2].split(",")]:
    x = paddle.to_tensor(np.ones(mb * 2**20 // 4, dtype="float32"))
    t = timed(lambda: dist.all_reduce(x), dist.barrier, iters)
    if dist.get_rank() == 0:
        print("BENCH " + json.dumps({"who": "ours", "mb": mb, "s": t}), flush=True)
'''

PEER = TIMING + r'''
import numpy as np
from mpi4py import MPI
comm = MPI.COMM_WORLD
iters = int(sys.argv[1])
for mb in [int(s) for s in sys.argv[2].split(",")]:
    x = np.ones(mb * 2**20 // 4, dtype="float32")
    t = timed(lambda: comm.Allreduce(MPI.IN_PLACE, x, op=MPI.SUM), comm.Barrier, iters)
    if comm.rank == 0:
        print("BENCH " + json.dumps({"who": "mpi4py", "mb": mb, "s": t}), flush=True)
'''

STEP = TIMING + r'''
import numpy as np, paddle, paddle.distributed as dist
dist.init_parallel_env()
iters = int(sys.argv[1])
paddle.seed(1)
model = paddle.nn.Sequential(paddle.nn.Linear(784, 512), paddle.nn.ReLU(), paddle.nn.Linear(512, 512),
                             paddle.nn.ReLU(), paddle.nn.Linear(512, 10))
if dist.get_world_size() > 1:
    model = paddle.DataParallel(model)
opt = paddle.optimizer.SGD(0.01, parameters=model.parameters())
x = paddle.randn([64, 784]); y = paddle.randint(0, 10, [64])
def step():
    loss = paddle.nn.functional.cross_entropy(model(x), y)
    loss.backward(); opt.step(); opt.clear_grad()
    return float(loss)
t = timed(step, dist.barrier, iters)
if dist.get_rank() == 0:
    print("BENCH " + json.dumps({"who": "step", "ranks": dist.get_world_size(), "s": t}), flush=True)
'''


def job(python, code, nproc, *args):
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(code)
    try:
        out = subprocess.run(["mpirun", "-np", str(nproc), "--bind-to", "core", str(python), f.name,
                              *map(str, args)], env=env, capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(f.name)
    if out.returncode:
        sys.exit(f"job failed:\n{out.stdout}\n{out.stderr}")
    return [json.loads(line[6:]) for line in out.stdout.splitlines() if line.startswith("BENCH ")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--iters", type=int, default=20)
    a = ap.parse_args()
    if not MPI4PY.exists():
        sys.exit(f"mpi4py's python not found at {MPI4PY}: see this file's docstring")
    sizes = ",".join(map(str, SIZES_MB))
    best = {}
    for _ in range(a.rounds):
        for python, code in [(ROOT / ".venv/bin/python", OURS), (MPI4PY, PEER)]:
            for r in job(python, code, 2, a.iters, sizes):
                key = (r["who"], r["mb"])
                best[key] = min(best.get(key, 1e9), r["s"])
    print("all_reduce float32 SUM, 2 ranks: median time, algorithm bandwidth (size / time)")
    print(f"{'size':>6} {'ours ms':>9} {'ours GB/s':>10} {'mpi4py ms':>10} {'mpi4py GB/s':>12} {'ours/mpi4py bw':>15}")
    for mb in SIZES_MB:
        o, p = best[("ours", mb)], best[("mpi4py", mb)]
        gb = mb * 2**20 / 1e9
        print(f"{mb:>4}MB {o*1e3:9.3f} {gb/o:10.2f} {p*1e3:10.3f} {gb/p:12.2f} {p/o:15.3f}")
    steps = {}
    for _ in range(a.rounds):
        for n in (1, 2):
            for r in job(ROOT / ".venv/bin/python", STEP, n, a.iters):
                steps[n] = min(steps.get(n, 1e9), r["s"])
    print("\nData-parallel MLP 784-512-512-10, 64 samples per rank, one thread per rank")
    for n in (1, 2):
        print(f"{n} process(es): {steps[n]*1e3:.2f} ms/step, {64 * n / steps[n]:.0f} samples/s")
    print(f"speed-up of 2 processes over 1: {steps[1] * 2 / steps[2]:.2f}x (ideal 2x)")


if __name__ == "__main__":
    main()
