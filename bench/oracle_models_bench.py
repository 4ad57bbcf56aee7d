#!/usr/bin/env python3
"""Inference latency of every oracle model (tests/data/*/ with io.npz): this SDK's
paddle.inference against the real PaddlePaddle 3.3.1's, both single-threaded, on
the recorded inputs.

Each runtime runs in its own subprocess with its own interpreter (ours: .venv;
PaddlePaddle: /opt/paddle-peers/paddle331, made by bench/peers.sh). The measured
unit is what a user times: copy_from_cpu + run + copy_to_cpu, after a warm-up;
the median over --iters runs, best of --rounds processes (on this VM a process's
speed varies by up to 40% from the next one's, both ours and the peers').
Ratio = peer time / our time (> 1: we are faster).
Never run by CI or the tests.

    .venv/bin/python bench/oracle_models_bench.py [--iters 500]
"""
import argparse
import json
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS_ROOT = os.environ.get("PEERS_ROOT", "/opt/paddle-peers")
RUNTIMES = {
    "ours": (os.path.join(REPO, ".venv", "bin", "python"), None),
    "paddle331": (os.path.join(PEERS_ROOT, "paddle331", "bin", "python"), True),
    "paddle331-nomkldnn": (os.path.join(PEERS_ROOT, "paddle331", "bin", "python"), False),
}

# Runs inside the runtime's interpreter: prints {model: [median_us, max_abs_err]} as JSON.
MEASURE = r"""
import glob, json, os, sys, time
import numpy as np
import paddle.inference as pi
mkldnn, iters = json.loads(sys.argv[1]), int(sys.argv[2])
out = {}
for d in sorted(glob.glob(os.path.join(sys.argv[3], "*", "io.npz"))):
    d = os.path.dirname(d)
    io = np.load(os.path.join(d, "io.npz"))
    config = pi.Config(os.path.join(d, "model.pdmodel"), os.path.join(d, "model.pdiparams"))
    config.set_cpu_math_library_num_threads(1)
    config.disable_glog_info()
    if mkldnn is False:
        config.disable_mkldnn()
    p = pi.create_predictor(config)
    ins = [(p.get_input_handle(n), io["in:" + n]) for n in p.get_input_names()]
    name = p.get_output_names()[0]
    o = p.get_output_handle(name)
    def once():
        for h, x in ins:
            h.copy_from_cpu(x)
        p.run()
        return o.copy_to_cpu()
    for _ in range(50):
        once()
    t = []
    for _ in range(iters):
        s = time.perf_counter_ns()
        y = once()
        t.append(time.perf_counter_ns() - s)
    t.sort()
    out[os.path.basename(d)] = [t[len(t) // 2] / 1e3, float(np.abs(y - io["out:" + name]).max())]
print(json.dumps(out))
"""


def measure(python, mkldnn, iters):
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1",
               GLOG_minloglevel="3")
    res = subprocess.run([python, "-c", MEASURE, json.dumps(mkldnn), str(iters),
                          os.path.join(REPO, "tests", "data")],
                         env=env, capture_output=True, text=True, check=True)
    return json.loads(res.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    results = {}
    for _ in range(args.rounds):  # rounds interleave the runtimes
        for name, (python, mkldnn) in RUNTIMES.items():
            if not os.path.exists(python):
                continue
            got = measure(python, mkldnn, args.iters)
            best = results.setdefault(name, got)
            for model, (us, err) in got.items():
                if us < best[model][0]:
                    best[model] = [us, err]
    for name, (python, _) in RUNTIMES.items():
        if name not in results:
            print(f"[bench] {name}: skipped, {python} not found (bash bench/peers.sh)")
    ours = results.get("ours", {})
    print(f"{'model':<12} {'runtime':<20} {'median us':>10} {'ratio':>7} {'max err vs io.npz':>18}")
    for model in sorted(ours):
        for name, per_model in results.items():
            us, err = per_model[model]
            print(f"{model:<12} {name:<20} {us:>10.1f} {us / ours[model][0]:>7.2f} {err:>18.1e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
