#!/usr/bin/env python3
"""Batch-1 inference latency of every benchmark model: this SDK's paddle.inference against
PaddlePaddle 3.3.1's (oneDNN on and off), ONNX Runtime and PyTorch, at 1 and 2 threads.

    FLAGS_enable_pir_api=0 /work/venvs/paddle/bin/python bench/latbench_models.py   # once
    .venv/bin/python bench/inference_latency_bench.py [--threads 1,2] [--rounds 2] [--seconds 1]
        [--only resnet18,bert_like] [--runtimes ours,ort] [--json out.json]

The models (ResNet-18, MobileNetV2, a BERT-like encoder and the oracle models of tests/data,
each at batch 1) come from latbench_models.py's cache folder (--models-dir, default
~/.cache/paddle-bench): the PaddlePaddle export for ours and PaddlePaddle, and for ONNX Runtime
and PyTorch the same program and weights rebuilt by latbench_peers.py.

Each (runtime, thread count) runs in its own process (eager_bench.run: the child is bound to the
first THREADS CPUs, OMP/MKL/OPENBLAS_NUM_THREADS = THREADS), which for each model checks its
output against PaddlePaddle's recorded one (a runtime that disagrees beyond --tolerance, relative
to the output's largest magnitude, is reported and not timed), then times one inference as a
user writes it, median over --seconds after a warm-up:

  ours, paddle331[-nomkldnn]  copy_from_cpu per input, run(), copy_to_cpu per output;
  ort                         session.run (all graph optimisations, intra_op_num_threads);
  torch                       the program's ops as torch.nn.functional calls under
                              inference_mode (torch.set_num_threads).

Rounds interleave the runtimes; each model's best median is kept. The table gives each
runtime's median in ms and its ratio to ONNX Runtime's (below 1: faster than ONNX Runtime).
Never run by CI or the tests.
"""
import argparse
import json
import os
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from eager_bench import PEERS, ROOT, run  # noqa: E402  (process per runtime, CPU pinning)

DEFAULT_MODELS_DIR = pathlib.Path(os.path.expanduser("~/.cache/paddle-bench"))
RUNTIMES = {  # name: (interpreter, worker kind)
    "ours": (ROOT / ".venv/bin/python", "paddle"),
    "paddle331": (PEERS / "paddle331/bin/python", "paddle"),
    "paddle331-nomkldnn": (PEERS / "paddle331/bin/python", "paddle-nomkldnn"),
    "ort": (PEERS / "ort/bin/python", "ort"),
    "torch": (PEERS / "torch/bin/python", "torch"),
}
WORKER_CODE = ("import json, sys; sys.path.insert(0, %r); import inference_latency_bench as b; "
               "b.worker(json.loads(sys.argv[1]))" % str(HERE))


# --------------------------------------------------------------------------------------
# Worker: inside one runtime's interpreter
# --------------------------------------------------------------------------------------

def _paddle_runner(model_dir, threads, mkldnn):
    import paddle.inference as pi

    config = pi.Config(os.path.join(model_dir, "model.pdmodel"), os.path.join(model_dir, "model.pdiparams"))
    config.set_cpu_math_library_num_threads(threads)
    config.disable_glog_info()
    if mkldnn:
        config.enable_mkldnn()
    else:
        config.disable_mkldnn()
    p = pi.create_predictor(config)
    ins = [(n, p.get_input_handle(n)) for n in p.get_input_names()]
    outs = [p.get_output_handle(n) for n in p.get_output_names()]

    def once(feeds):
        for name, h in ins:
            h.copy_from_cpu(feeds[name])
        p.run()
        return [o.copy_to_cpu() for o in outs]
    return once, p.get_output_names()


def _ort_runner(model_dir, threads, feeds):
    import onnxruntime as ort
    from latbench_peers import build_onnx, load_graph

    graph, weights = load_graph(model_dir)
    model = build_onnx(graph, weights, {k: str(v.dtype) for k, v in feeds.items()})
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    sess = ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])
    return (lambda f: sess.run(None, f)), graph["fetches"]


def _torch_runner(model_dir, threads):
    import torch
    from latbench_peers import TorchRunner, load_graph

    torch.set_num_threads(threads)
    graph, weights = load_graph(model_dir)
    return TorchRunner(graph, weights), graph["fetches"]


def _median_us(fn, seconds, warmup):
    import statistics
    import time

    for _ in range(warmup):
        fn()
    times, start = [], time.perf_counter()
    while len(times) < 10 or (len(times) < 20000 and time.perf_counter() - start < seconds):
        t0 = time.perf_counter_ns()
        fn()
        times.append((time.perf_counter_ns() - t0) / 1e3)
    return statistics.median(times)


def worker(args):
    """Prints one BENCH_RESULT line per model: median_us and err, or skipped and why."""
    import numpy as np
    from latbench_peers import UnsupportedOp

    kind, threads = args["kind"], args["threads"]
    for model in args["models"]:
        model_dir = os.path.join(args["models_dir"], model)
        io = np.load(os.path.join(model_dir, "io.npz"))
        feeds = {k[3:]: np.ascontiguousarray(io[k]) for k in io.files if k.startswith("in:")}
        result = {"case": model}
        try:
            if kind in ("paddle", "paddle-nomkldnn"):
                fn, fetches = _paddle_runner(model_dir, threads, kind == "paddle")
            elif kind == "ort":
                fn, fetches = _ort_runner(model_dir, threads, feeds)
            else:
                fn, fetches = _torch_runner(model_dir, threads)
        except UnsupportedOp as e:
            result["skipped"] = f"op not converted: {e}"
            print("BENCH_RESULT " + json.dumps(result), flush=True)
            continue
        got = fn(feeds)
        err = 0.0
        for name, y in zip(fetches, got):
            want = io["out:" + name]
            err = max(err, float(np.abs(np.asarray(y) - want).max() / max(np.abs(want).max(), 1e-6)))
        result["rel_err"] = err
        if err > args["tolerance"]:
            result["skipped"] = f"output differs from PaddlePaddle's by {err:.1e} (relative)"
        else:
            result["median_us"] = _median_us(lambda: fn(feeds), args["seconds"], args["warmup"])
        print("BENCH_RESULT " + json.dumps(result), flush=True)


# --------------------------------------------------------------------------------------
# Orchestrator
# --------------------------------------------------------------------------------------

def measure_all(args, models, runtimes, threads_list):
    best = {}  # (runtime, threads, model) -> result
    for _ in range(args.rounds):
        for threads in threads_list:
            cpus = sorted(os.sched_getaffinity(0))[:threads]
            env = dict(os.environ, GLOG_minloglevel="3", FLAGS_enable_pir_api="0")
            for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
                env[k] = str(threads)
            for name in runtimes:
                python, kind = RUNTIMES[name]
                work = {"kind": kind, "threads": threads, "models": models, "models_dir": str(args.models_dir),
                        "seconds": args.seconds, "warmup": args.warmup, "tolerance": args.tolerance}
                res = run([str(python)], (WORKER_CODE, json.dumps(work)),
                          dict(env) if name == "ours" else {k: v for k, v in env.items() if k != "PYTHONPATH"},
                          cpus)
                if "_error" in res:
                    print(f"[bench] {name} at {threads} thread(s): {res.pop('_error')}", file=sys.stderr)
                for model, r in res.items():
                    key = (name, threads, model)
                    old = best.get(key)
                    if old is None or r.get("median_us", float("inf")) < old.get("median_us", float("inf")):
                        best[key] = r
    return best


def print_table(best, models, runtimes, threads_list):
    cols = [n for n in runtimes if n != "ort"]
    head = f"{'model':<20} {'thr':>3} {'ort ms':>8}" + "".join(f" {n + ' ms':>22}" for n in cols)
    print(head)
    print("-" * len(head))
    notes = []
    for model in models:
        for threads in threads_list:
            ort = best.get(("ort", threads, model), {}).get("median_us") if "ort" in runtimes else None
            row = f"{model:<20} {threads:>3} {(f'{ort / 1e3:.3f}' if ort else '-'):>8}"
            for n in cols:
                r = best.get((n, threads, model), {})
                us = r.get("median_us")
                if us is None:
                    cell = "-"
                    if r.get("skipped"):
                        notes.append(f"{model} {n}: {r['skipped']}")
                else:
                    cell = f"{us / 1e3:.3f}" + (f" ({us / ort:.2f}x)" if ort else "")
                row += f" {cell:>22}"
            print(row)
    for note in dict.fromkeys(notes):
        print("skipped: " + note)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models-dir", type=pathlib.Path, default=DEFAULT_MODELS_DIR)
    ap.add_argument("--only", help="comma-separated models (default: every folder in --models-dir)")
    ap.add_argument("--runtimes", default=",".join(RUNTIMES))
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=1.0, help="timing per model and process")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--tolerance", type=float, default=1e-3, help="largest relative output difference")
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args()
    if not args.models_dir.is_dir():
        sys.exit(f"{args.models_dir} not found: run bench/latbench_models.py first (see --help)")
    models = args.only.split(",") if args.only else sorted(
        p.name for p in args.models_dir.iterdir() if (p / "graph.json").exists())
    runtimes = []
    for name in args.runtimes.split(","):
        if name not in RUNTIMES:
            sys.exit(f"unknown runtime {name!r}; known: {', '.join(RUNTIMES)}")
        if not RUNTIMES[name][0].exists():
            print(f"[bench] {name}: skipped, {RUNTIMES[name][0]} not found (bash bench/peers.sh)")
            continue
        runtimes.append(name)
    threads_list = [int(t) for t in args.threads.split(",")]
    best = measure_all(args, models, runtimes, threads_list)
    print_table(best, models, runtimes, threads_list)
    if args.json:
        with open(args.json, "w") as f:
            json.dump([{"runtime": k[0], "threads": k[1], "model": k[2], **v} for k, v in best.items()], f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
