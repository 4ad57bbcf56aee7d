"""Per-op kernel times, ours against PyTorch, the real PaddlePaddle 3.3.1 and
NumPy (GEMM only), reported as ratios. Never run by CI or the tests.

    bash bench/peers.sh                      # once: the peers' virtual envs
    .venv/bin/python bench/ops_bench.py [--threads 1] [--rounds 3] [--only conv]

Ours: build/bench/ops_bench (each case one op, or its grad op, in a one-op
program run by the executor). Peers: the same op on the same shapes in eager
mode; "_bwd" cases time only the backward of that op (torch.autograd.grad /
paddle.grad on the op's output with a random output gradient). Every runtime
runs with the same thread count (torch.set_num_threads, OMP/MKL variables for
Paddle); each is run --rounds times, interleaved, and its best median kept.
Ratio = peer median / ours: above 1, we are faster.
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]

# name: (kind, shapes, params). One definition the peers' code reads.
CASES = {
    "gemm_1024": ("gemm", [[1024, 1024], [1024, 1024]], {}),
    "conv3x3_resnet": ("conv", [[1, 64, 56, 56], [64, 64, 3, 3]], {"padding": 1, "groups": 1}),
    "conv1x1_mobilenet": ("conv", [[1, 32, 112, 112], [64, 32, 1, 1]], {"padding": 0, "groups": 1}),
    "depthwise3x3_mobilenet": ("conv", [[1, 32, 112, 112], [32, 1, 3, 3]], {"padding": 1, "groups": 32}),
    "layer_norm_bert": ("layer_norm", [[8, 128, 768]], {}),
    "softmax_attention": ("softmax", [[8, 12, 128, 128]], {}),
    "gelu_ffn": ("gelu", [[8, 128, 3072]], {}),
    "lstm_t32_n16_h256": ("lstm", [[32, 16, 256]], {"hidden": 256}),
}

# The peers' side: reads CASES and the options as JSON on stdin, prints
# "BENCH_RESULT {json}" per case. `lib` is torch, paddle or numpy.
PEER = r'''
import json, sys, time, statistics
args = json.load(sys.stdin)
lib = args["lib"]
if lib == "torch":
    import torch
    import torch.nn.functional as F
    torch.set_num_threads(args["threads"])
elif lib == "paddle":
    import paddle
    import paddle.nn.functional as F
    paddle.set_device("cpu")
import numpy as np

def median_us(fn):
    for _ in range(2):
        fn()
    times, start = [], time.perf_counter()
    while len(times) < 5 or (len(times) < 200 and time.perf_counter() - start < 2):
        t0 = time.perf_counter_ns()
        fn()
        times.append((time.perf_counter_ns() - t0) / 1e3)
    return statistics.median(times)

rng = np.random.default_rng(0)
def arr(shape):
    return rng.uniform(-1, 1, shape).astype("float32")

def tensor(a, grad):
    if lib == "torch":
        return torch.from_numpy(a).requires_grad_(grad)
    t = paddle.to_tensor(a)
    t.stop_gradient = not grad
    return t

def forward(kind, xs, p):
    if kind == "gemm":
        return xs[0] @ xs[1]
    if kind == "conv":
        return F.conv2d(xs[0], xs[1], padding=p["padding"], groups=p["groups"])
    if kind == "layer_norm":
        return F.layer_norm(xs[0], [xs[0].shape[-1]], xs[1], xs[2])
    if kind == "softmax":
        return F.softmax(xs[0], -1) if lib == "torch" else F.softmax(xs[0], axis=-1)
    if kind == "gelu":
        return F.gelu(xs[0])
    if kind == "lstm":
        return LSTM(xs[0])[0]

for name, (kind, shapes, p) in args["cases"].items():
    if lib == "numpy" and kind != "gemm":
        continue
    try:
        if lib == "numpy":
            a, b = arr(shapes[0]), arr(shapes[1])
            print("BENCH_RESULT " + json.dumps({"case": name, "us": median_us(lambda: a @ b)}), flush=True)
            continue
        arrays = [arr(s) for s in shapes]
        if kind == "layer_norm":
            arrays += [arr([shapes[0][-1]]), arr([shapes[0][-1]])]
        if kind == "lstm":
            T, N, I = shapes[0]
            H = p["hidden"]
            LSTM = torch.nn.LSTM(I, H) if lib == "torch" else paddle.nn.LSTM(I, H, time_major=True)
        bwd = False
        for bwd in (False, True):
            xs = [tensor(a, bwd) for a in arrays]
            if not bwd:
                ctx = torch.no_grad() if lib == "torch" else paddle.no_grad()
                with ctx:
                    us = median_us(lambda: forward(kind, xs, p))
                print("BENCH_RESULT " + json.dumps({"case": name, "us": us}), flush=True)
                continue
            if kind == "gemm":
                continue
            out = forward(kind, xs, p)
            g = tensor(arr(list(out.shape)), False)
            # Every gradient our grad op computes: the LSTM's weights too.
            wrt = xs + (list(LSTM.parameters()) if kind == "lstm" else [])
            if lib == "torch":
                step = lambda: torch.autograd.grad(out, wrt, g, retain_graph=True)
            else:
                step = lambda: paddle.grad(out, wrt, g, retain_graph=True)
            print("BENCH_RESULT " + json.dumps({"case": name + "_bwd", "us": median_us(step)}), flush=True)
    except Exception as e:
        failed = name + ("_bwd" if bwd else "")
        print("BENCH_RESULT " + json.dumps({"case": failed, "error": str(e).splitlines()[0][:200]}),
              flush=True)
'''


def results(lines):
    out = {}
    for line in lines.splitlines():
        if line.startswith("BENCH_RESULT "):
            r = json.loads(line[len("BENCH_RESULT "):])
            out[r["case"]] = r
    return out


def thread_env(threads):
    env = dict(os.environ)
    for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        env[k] = str(threads)
    return env


def run_ours(exe, threads, only):
    proc = subprocess.run([str(exe), str(threads), only], capture_output=True, text=True,
                          env=thread_env(threads), check=False)
    return results(proc.stdout), proc.stderr.strip().splitlines()[-1:] if proc.returncode else None


def run_peer(python, lib, threads, cases):
    if not pathlib.Path(python).exists():
        return {}, f"{python} not found (bash bench/peers.sh)"
    proc = subprocess.run([python, "-c", PEER], input=json.dumps(
        {"lib": lib, "threads": threads, "cases": cases}), capture_output=True, text=True,
        env=thread_env(threads), check=False)
    if proc.returncode:
        return results(proc.stdout), proc.stderr.strip().splitlines()[-1]
    return results(proc.stdout), None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", default="", help="run the cases whose name contains this")
    ap.add_argument("--ours", default=str(ROOT / "build" / "bench" / "ops_bench"))
    ap.add_argument("--peers-root", default=os.environ.get("PEERS_ROOT", "/opt/paddle-peers"))
    ap.add_argument("--json", help="also write the table here")
    args = ap.parse_args()
    cases = {k: v for k, v in CASES.items() if args.only in k}
    runtimes = {
        "ours": lambda: run_ours(args.ours, args.threads, args.only),
        "torch": lambda: run_peer(f"{args.peers_root}/torch/bin/python", "torch", args.threads, cases),
        "paddle331": lambda: run_peer(f"{args.peers_root}/paddle331/bin/python", "paddle",
                                      args.threads, cases),
        "numpy": lambda: run_peer(f"{args.peers_root}/torch/bin/python", "numpy", args.threads, cases),
    }
    best, notes = {}, {}
    for _ in range(args.rounds):
        for name, run in runtimes.items():
            got, why = run()
            if why:
                notes[name] = why
            for case, r in got.items():
                if "error" in r:
                    notes[f"{name} {case}"] = r["error"]
                    continue
                key = (case, name)
                best[key] = min(best.get(key, float("inf")), r["us"])

    names = sorted({c for c, _ in best}, key=lambda c: (c.endswith("_bwd"), list(CASES).index(
        c.removesuffix("_bwd")) if c.removesuffix("_bwd") in CASES else 99, c))
    peers = [r for r in runtimes if r != "ours"]
    print(f"threads={args.threads}, best of {args.rounds} rounds, median us; ratio = peer / ours "
          "(above 1: we are faster)")
    header = f"{'case':28} {'ours us':>10}" + "".join(f" {p + ' us':>14} {'ratio':>6}" for p in peers)
    print(header)
    print("-" * len(header))
    table = []
    for c in names:
        ours = best.get((c, "ours"))
        row = {"case": c, "ours": ours}
        line = f"{c:28} {ours if ours is not None else float('nan'):10.1f}"
        for p in peers:
            v = best.get((c, p))
            row[p] = v
            if v is None:
                line += f" {'-':>14} {'':>6}"
            else:
                ratio = v / ours if ours else float("nan")
                line += f" {v:14.1f} {ratio:6.2f}"
        table.append(row)
        print(line)
    for k, v in notes.items():
        print(f"note: {k}: {v}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps({"threads": args.threads, "rows": table,
                                                       "notes": notes}, indent=1))


if __name__ == "__main__":
    sys.exit(main())
