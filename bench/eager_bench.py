"""Eager-mode speed, ours against PyTorch and the real PaddlePaddle 3.3.1, as
ratios: a + b on 2x2 tensors, a 64x64 matmul, one SGD training step of an MLP
784-512-512-10 and of LeNet-5 at batch 64, and `import paddle` (time and
resident memory). Never run by CI or the tests.

    bash bench/peers.sh paddle331 torch      # once: the peers' virtual envs
    .venv/bin/python bench/eager_bench.py [--threads 2] [--rounds 3]

Each runtime runs the same cases in its own process (paddle's code serves
both us and PaddlePaddle: the API is the same); each case is run --rounds
times, interleaved across runtimes, and its best median kept. Ratio = peer
median / ours: above 1, we are faster.
"""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
PEERS = pathlib.Path(os.environ.get("PEERS_ROOT", "/opt/paddle-peers"))

# The runtime's imports and the models, in torch's or paddle's nn (the same code serves
# ours and PaddlePaddle); bench/static_bench.py runs them too.
MODELS_CODE = r'''
import json, statistics, sys, time
args = json.loads(sys.argv[1])
lib, threads = args["lib"], args["threads"]
import numpy as np
if lib == "torch":
    import torch
    torch.set_num_threads(threads)
    nn, F = torch.nn, torch.nn.functional
else:
    import paddle
    nn, F = paddle.nn, paddle.nn.functional
    if hasattr(paddle, "set_device"):
        paddle.set_device("cpu")

def median_us(fn, seconds=1.5, warmup=3):
    for _ in range(warmup):
        fn()
    times, start = [], time.perf_counter()
    while len(times) < 10 or (len(times) < 100000 and time.perf_counter() - start < seconds):
        t0 = time.perf_counter_ns()
        fn()
        times.append((time.perf_counter_ns() - t0) / 1e3)
    return statistics.median(times)

def tensor(a):
    return torch.from_numpy(a) if lib == "torch" else paddle.to_tensor(a)

rng = np.random.default_rng(0)
def arr(*shape):
    return rng.uniform(-1, 1, shape).astype("float32")

def report(case, us):
    print("BENCH_RESULT " + json.dumps({"case": case, "us": us}), flush=True)

def lenet():
    if lib == "torch":
        return nn.Sequential(nn.Conv2d(1, 6, 5, padding=2), nn.ReLU(), nn.MaxPool2d(2),
                             nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                             nn.Linear(400, 120), nn.ReLU(), nn.Linear(120, 84), nn.ReLU(),
                             nn.Linear(84, 10))
    return nn.Sequential(nn.Conv2D(1, 6, 5, padding=2), nn.ReLU(), nn.MaxPool2D(2),
                         nn.Conv2D(6, 16, 5), nn.ReLU(), nn.MaxPool2D(2), nn.Flatten(),
                         nn.Linear(400, 120), nn.ReLU(), nn.Linear(120, 84), nn.ReLU(),
                         nn.Linear(84, 10))

def mlp():
    return nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(),
                         nn.Linear(512, 10))
'''

CASE_CODE = MODELS_CODE + r'''
def step_fn(model, x, y):
    if lib == "torch":
        opt = torch.optim.SGD(model.parameters(), lr=0.01)
        loss_fn = nn.CrossEntropyLoss()
        def step():
            opt.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            opt.step()
    else:
        opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=model.parameters())
        loss_fn = nn.CrossEntropyLoss()
        def step():
            loss = loss_fn(model(x), y)
            loss.backward()
            opt.step()
            opt.clear_grad()
    return step

a, b = tensor(arr(2, 2)), tensor(arr(2, 2))
report("add_2x2", median_us(lambda: a + b))
m = tensor(arr(64, 64))
report("matmul_64", median_us(lambda: m @ m))
labels = rng.integers(0, 10, 64)
y = torch.from_numpy(labels) if lib == "torch" else paddle.to_tensor(labels)
report("mlp_sgd_step_b64", median_us(step_fn(mlp(), tensor(arr(64, 784)), y), 4))
report("lenet_sgd_step_b64", median_us(step_fn(lenet(), tensor(arr(64, 1, 28, 28)), y), 4))
'''

IMPORT_CODE = r'''
import resource, sys, time
t0 = time.perf_counter()
import {module}
dt = time.perf_counter() - t0
rss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print("BENCH_RESULT {{\"case\": \"import\", \"s\": %f, \"rss_mib\": %f}}" % (dt, rss_mib))
'''


def runtimes():
    ours = [str(ROOT / ".venv/bin/python")]
    found = {"ours": ours}
    for name, module in (("paddle331", "paddle"), ("torch", "torch")):
        py = PEERS / name / "bin/python"
        if py.exists():
            found[name] = [str(py)]
    return found


def run(python, code, env, cpus=None):
    """Runs code (or (code, argv1)) in python; its BENCH_RESULT lines by case. With
    cpus, the child is bound to those CPUs."""
    out = subprocess.run(python + ["-c", code[0], code[1]] if isinstance(code, tuple) else
                         python + ["-c", code], capture_output=True, text=True, env=env,
                         cwd="/tmp", timeout=900,
                         preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None)
    results = {}
    for line in out.stdout.splitlines():
        if line.startswith("BENCH_RESULT "):
            r = json.loads(line[len("BENCH_RESULT "):])
            results[r["case"]] = r
    if out.returncode != 0:
        results["_error"] = out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    env = dict(os.environ)
    for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        env[k] = str(args.threads)
    best = {}
    for _ in range(args.rounds):
        for name, python in runtimes().items():
            lib = "torch" if name == "torch" else "paddle"
            res = run(python, (CASE_CODE, json.dumps({"lib": lib, "threads": args.threads})), env)
            res.update(run(python, IMPORT_CODE.format(module=lib), env))
            for case, r in res.items():
                if case == "_error":
                    print(f"{name}: {r}", file=sys.stderr)
                    continue
                key = (name, case)
                value = r.get("us", r.get("s"))
                if key not in best or value < best[key][0]:
                    best[key] = (value, r)
    cases = sorted({c for _, c in best})
    names = list(runtimes())
    print(f"{'case':22}" + "".join(f"{n:>14}" for n in names) +
          "".join(f"{n + '/ours':>16}" for n in names[1:]))
    for case in cases:
        row = f"{case:22}"
        unit = "s" if case == "import" else "us"
        for n in names:
            v = best.get((n, case))
            row += f"{(f'{v[0]:.3g} {unit}' if v else '-'):>14}"
        ours = best.get(("ours", case))
        for n in names[1:]:
            v = best.get((n, case))
            row += f"{(f'{v[0] / ours[0]:.2f}' if v and ours else '-'):>16}"
        print(row)
        if case == "import":
            print(f"{'import_rss_mib':22}" + "".join(
                f"{best[(n, case)][1]['rss_mib']:>14.0f}" if (n, case) in best else f"{'-':>14}"
                for n in names))


if __name__ == "__main__":
    main()
