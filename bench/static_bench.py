"""Static-mode training speed, ours against our eager mode, PyTorch eager and the
real PaddlePaddle 3.3.1's static mode, as ratios: one training step (forward,
cross-entropy, backward, SGD or Adam update, the loss fetched to NumPy) of an
MLP 784-512-512-10 and of LeNet-5 at batch 64, plus the peak memory of a step
with and without our memory plan. Never run by CI or the tests.

    bash bench/peers.sh paddle331 torch      # once: the peers' virtual envs
    .venv/bin/python bench/static_bench.py [--threads 1] [--rounds 3] [--seconds 3]

Each runtime runs in its own process, pinned to the same CPUs (the first
--threads of this process's affinity set) with OMP/MKL/OPENBLAS_NUM_THREADS
and torch.set_num_threads set to --threads. Each case is the median step time
over --seconds after 5 warm-up steps, then the mean process CPU time of a step
over --seconds / 2 (the `_cpu` rows: what a step costs when other jobs share
the cores); runtimes are interleaved round by round and each case's best kept.
Ratio = runtime's time / ours-static's: above 1, our static mode is faster.
The target (issue 8): ours-static at most 0.7x PyTorch's time (a ratio of 1.43
or more in the torch column). Memory (ours only, from the allocator's stats):
a step's peak above what persists between steps, and its allocator calls.
"""
import argparse
import json
import os
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from eager_bench import MODELS_CODE, PEERS, ROOT, run  # noqa: E402  (same folder)

STEP_CODE = MODELS_CODE + r'''
import gc, resource
mode, optimizer = args["mode"], args["optimizer"]

def allocated():
    return paddle.base.core.memory_stats()["allocated"]

# A step's working memory: its peak allocation above what persists between
# steps (parameters, optimizer state, the inputs; for static mode, what the
# startup program made, so buffers the memory plan keeps between runs count),
# and the allocator calls one step makes.
def report_memory(case, step, persistent=None):
    if lib != "paddle" or not hasattr(paddle.base.core, "memory_stats"):
        return
    core = paddle.base.core
    step()
    persistent = allocated() if persistent is None else persistent
    core.reset_peak_memory_stats()
    calls = core.memory_stats()["num_allocs"]
    step()
    stats = core.memory_stats()
    print("BENCH_RESULT " + json.dumps({"case": case + "_peak_mib", "mib":
          (stats["peak_allocated"] - persistent) / 2**20,
          "allocs": stats["num_allocs"] - calls}), flush=True)

# Mean process CPU time of a step: on a machine shared with other jobs, the
# work a step does, where the wall time also counts the waits for a core.
def report_cpu(case, step, seconds):
    n, start, cpu = 0, time.perf_counter(), time.process_time()
    while n < 10 or time.perf_counter() - start < seconds:
        step()
        n += 1
    report(case + "_cpu", (time.process_time() - cpu) / n * 1e6)

def make_opt(params):
    if lib == "torch":
        cls = torch.optim.SGD if optimizer == "sgd" else torch.optim.Adam
        return cls(params, lr=0.01 if optimizer == "sgd" else 1e-3)
    if optimizer == "sgd":
        return paddle.optimizer.SGD(learning_rate=0.01, parameters=params)
    return paddle.optimizer.Adam(learning_rate=1e-3, parameters=params)

def eager_step(model, x, y):
    x, y = tensor(x), (torch.from_numpy(y) if lib == "torch" else paddle.to_tensor(y))
    opt, loss_fn = make_opt(model.parameters()), nn.CrossEntropyLoss()
    if lib == "torch":
        def step():
            opt.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            opt.step()
            return loss.detach().numpy()
    else:
        def step():
            loss = loss_fn(model(x), y)
            loss.backward()
            opt.step()
            opt.clear_grad()
            return loss.numpy()
    return step

def static_step(build, x, y):
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        xv = paddle.static.data("x", list(x.shape), "float32")
        yv = paddle.static.data("y", list(y.shape), "int64")
        loss = nn.CrossEntropyLoss()(build()(xv), yv)
        make_opt(None).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    feed = {"x": x, "y": y}
    gc.collect()
    persistent = allocated() if hasattr(paddle.base.core, "memory_stats") else None
    return (lambda: exe.run(main, feed=feed, fetch_list=[loss])[0]), persistent

if args.get("no_memory_plan"):
    paddle.set_flags({"FLAGS_eager_delete_tensor_gb": -1.0})
labels = rng.integers(0, 10, 64)
for name, build, shape in (("mlp", mlp, (64, 784)), ("lenet", lenet, (64, 1, 28, 28))):
    case, x = f"{name}_{optimizer}_step_b64", arr(*shape)
    if mode == "static":  # each model in a scope of its own, released after
        with paddle.utils.unique_name.guard(), paddle.static.scope_guard(paddle.static.Scope()):
            step, persistent = static_step(build, x, labels)
            report(case, median_us(step, args["seconds"], warmup=5))
            report_cpu(case, step, args["seconds"] / 2)
            report_memory(case, step, persistent)
    else:
        step = eager_step(build(), x, labels)
        report(case, median_us(step, args["seconds"], warmup=5))
        report_cpu(case, step, args["seconds"] / 2)
        report_memory(case, step)
    del step
    gc.collect()
print("BENCH_RESULT " + json.dumps({"case": "rss_mib",
      "mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}), flush=True)
'''


def runtimes():
    """name -> (python, lib, mode, extra environment, extra args)."""
    ours = str(ROOT / ".venv/bin/python")
    found = {
        "ours-static": (ours, "paddle", "static", {}, {}),
        "ours-static-noplan": (ours, "paddle", "static", {}, {"no_memory_plan": True}),
        "ours-eager": (ours, "paddle", "eager", {}, {}),
    }
    torch_py, paddle_py = PEERS / "torch/bin/python", PEERS / "paddle331/bin/python"
    if torch_py.exists():
        found["torch"] = (str(torch_py), "torch", "eager", {}, {})
    if paddle_py.exists():
        found["paddle331-static"] = (str(paddle_py), "paddle", "static",
                                     {"FLAGS_enable_pir_api": "0"}, {})
        found["paddle331-pir"] = (str(paddle_py), "paddle", "static",
                                  {"FLAGS_enable_pir_api": "1"}, {})
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--optimizers", default="sgd,adam")
    parser.add_argument("--only", default="", help="comma-separated runtime names")
    parser.add_argument("--json", help="write the best results here")
    args = parser.parse_args()
    cpus = sorted(os.sched_getaffinity(0))[:args.threads]
    env = dict(os.environ)
    for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        env[k] = str(args.threads)
    names = [n for n in runtimes() if not args.only or n in args.only.split(",")]
    best = {}
    for _ in range(args.rounds):
        for name in names:
            python, lib, mode, extra_env, extra = runtimes()[name]
            for opt in args.optimizers.split(","):
                res = run([python], (STEP_CODE, json.dumps(
                    {"lib": lib, "threads": args.threads, "mode": mode, "optimizer": opt,
                     "seconds": args.seconds, **extra})), {**env, **extra_env}, cpus)
                for case, r in res.items():
                    if case == "_error":
                        print(f"{name} ({opt}): {r}", file=sys.stderr)
                        continue
                    value = r.get("us", r.get("mib"))
                    if (name, case) not in best or value < best[(name, case)]["value"]:
                        best[(name, case)] = {**r, "value": value}
    print_table(best, names, args.threads, cpus)
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(
            [{"runtime": n, **r} for (n, _), r in sorted(best.items())], indent=1))


def print_table(best, names, threads, cpus):
    print(f"threads {threads}, cpus {cpus}; step times in us (wall: median; cpu: mean process "
          "CPU time), best of the rounds; (ratio to ours-static)")
    times = sorted({c for _, c in best if c.endswith(("_b64", "_b64_cpu"))})
    print(f"{'case':24}" + "".join(f"{n:>20}" for n in names))
    for case in times:
        ours = best.get(("ours-static", case))
        row = f"{case:24}"
        for n in names:
            v = best.get((n, case))
            text = f"{v['value']:.0f}" if v else "-"
            if v and ours and n != "ours-static":
                text += f" ({v['value'] / ours['value']:.2f})"
            row += f"{text:>20}"
        print(row)
    print("a step's working memory: peak MiB above the persistent state / allocator calls "
          "per step (ours only)")
    for case in sorted({c for _, c in best if c.endswith("_peak_mib")}):
        row = f"{case[:-len('_peak_mib')]:24}"
        for n in names:
            v = best.get((n, case))
            text = f"{v['mib']:.2f} / {v['allocs']}" if v else "-"
            row += f"{text:>20}"
        print(row)
    row = f"{'process peak RSS MiB':24}"
    for n in names:
        v = best.get((n, "rss_mib"))
        text = f"{v['mib']:.0f}" if v else "-"
        row += f"{text:>20}"
    print(row)


if __name__ == "__main__":
    main()
