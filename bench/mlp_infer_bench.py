#!/usr/bin/env python3
"""End-to-end MLP inference latency: this SDK side by side with its peers.

The model is tests/data/mlp (exported by the real PaddlePaddle 3.3.1):
x[N, 784] -> fc 128 + relu -> fc 10 -> softmax.

Run as an orchestrator with any Python 3 (standard library only). For each runtime it
starts a subprocess with that runtime's interpreter, single-threaded, which measures

  * load: creating the predictor / session / module from the files, in ms;
  * steady-state latency of one inference (copy in + run + copy out) at batch 1 and
    batch 64: warm-up, then one timing per iteration; median and p90 in microseconds.

Runtimes:
  ours                this SDK's paddle.inference (--ours-python, default .venv/bin/python)
  ours-cpp            this SDK's C++ paddle_infer API (build/bench/mlp_infer_cpp_bench, if built)
  paddle331           the real PaddlePaddle 3.3.1, paddle.inference, default Config
  paddle331-nomkldnn  the same with Config.disable_mkldnn()
  torch               torch eager nn.Sequential with the same weights, inference_mode
  ort                 ONNX Runtime on an ONNX graph built from the same weights

Peers live in virtual environments made by bench/peers.sh under /opt/paddle-peers.
Ratios are peer time / our time: above 1 means this SDK is faster.
Never run by CI or the tests.
"""

import argparse
import array
import json
import os
import platform
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
MODEL_DIR = os.path.join(REPO, "tests", "data", "mlp")
PEERS_ROOT = os.environ.get("PEERS_ROOT", "/opt/paddle-peers")
RESULT_TAG = "BENCH_RESULT "
ALL_RUNTIMES = ["ours", "ours-cpp", "paddle331", "paddle331-nomkldnn", "torch", "ort"]
PARAM_NAMES = ["fc_0.b_0", "fc_0.w_0", "fc_1.b_0", "fc_1.w_0"]  # sorted, as in .pdiparams
PARAM_SHAPES = {"fc_0.w_0": (784, 128), "fc_0.b_0": (128,), "fc_1.w_0": (128, 10), "fc_1.b_0": (10,)}
FEATURES = 784


# --------------------------------------------------------------------------------------
# Shared helpers (standard library only)
# --------------------------------------------------------------------------------------

def _read_varint(buf, pos):
    value = shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def _parse_tensor_desc(buf):
    """VarType.TensorDesc: data_type = 1 (varint), dims = 2 (repeated int64, packed or not)."""
    pos, dtype, dims = 0, None, []
    while pos < len(buf):
        key, pos = _read_varint(buf, pos)
        field, wire = key >> 3, key & 7
        if field == 1 and wire == 0:
            dtype, pos = _read_varint(buf, pos)
        elif field == 2 and wire == 0:
            v, pos = _read_varint(buf, pos)
            dims.append(v - (1 << 64) if v >= 1 << 63 else v)
        elif field == 2 and wire == 2:
            n, pos = _read_varint(buf, pos)
            end = pos + n
            while pos < end:
                v, pos = _read_varint(buf, pos)
                dims.append(v - (1 << 64) if v >= 1 << 63 else v)
        else:
            raise ValueError("unexpected TensorDesc field %d wire %d" % (field, wire))
    return dtype, dims


def read_pdiparams(path):
    """Reads the .pdiparams tensor stream (see docs/en/model_format.md) into
    {name: (dims, float32 bytes)}. The stream has no names: records are the persistable
    variables sorted by name, so for this MLP they are PARAM_NAMES in order."""
    with open(path, "rb") as f:
        buf = f.read()
    pos, records = 0, []
    while pos < len(buf):
        (version,) = struct.unpack_from("<I", buf, pos)
        pos += 4
        if version != 0:
            raise ValueError("record %d: tensor version %d" % (len(records), version))
        (levels,) = struct.unpack_from("<Q", buf, pos)
        pos += 8
        for _ in range(levels):
            (size,) = struct.unpack_from("<Q", buf, pos)
            pos += 8 + size
        (version,) = struct.unpack_from("<I", buf, pos)
        (desc_size,) = struct.unpack_from("<i", buf, pos + 4)
        pos += 8
        dtype, dims = _parse_tensor_desc(buf[pos:pos + desc_size])
        pos += desc_size
        if dtype != 5:  # FP32
            raise ValueError("record %d: data type %d, expected FP32" % (len(records), dtype))
        numel = 1
        for d in dims:
            numel *= d
        if pos + 4 * numel > len(buf):
            raise ValueError("record %d runs past the end of the file" % len(records))
        records.append((tuple(dims), buf[pos:pos + 4 * numel]))
        pos += 4 * numel
    if len(records) != len(PARAM_NAMES):
        raise ValueError("%d records, expected %d" % (len(records), len(PARAM_NAMES)))
    params = dict(zip(PARAM_NAMES, records))
    for name, (dims, _) in params.items():
        if dims != PARAM_SHAPES[name]:
            raise ValueError("%s has dims %s, expected %s" % (name, dims, PARAM_SHAPES[name]))
    return params


def percentile(sorted_values, q):
    if not sorted_values:
        return float("nan")
    k = (len(sorted_values) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)


# --------------------------------------------------------------------------------------
# Worker: runs inside one runtime's interpreter, prints one RESULT_TAG line of JSON
# --------------------------------------------------------------------------------------

def _load_weights_numpy(np, weights_dir):
    out = {}
    for name in PARAM_NAMES:
        path = os.path.join(weights_dir, name + ".f32")
        out[name] = np.fromfile(path, dtype="<f4").reshape(PARAM_SHAPES[name])
    return out


def _make_paddle_runner(np, args, disable_mkldnn):
    import paddle.inference as pi

    t0 = time.perf_counter()
    config = pi.Config(os.path.join(args.model_dir, "model.pdmodel"),
                       os.path.join(args.model_dir, "model.pdiparams"))
    if hasattr(config, "disable_gpu"):
        config.disable_gpu()
    config.set_cpu_math_library_num_threads(1)
    if hasattr(config, "disable_glog_info"):
        config.disable_glog_info()
    if disable_mkldnn:
        config.disable_mkldnn()
    predictor = pi.create_predictor(config)
    in_name = predictor.get_input_names()[0]
    out_name = predictor.get_output_names()[0]
    inp = predictor.get_input_handle(in_name)
    out = predictor.get_output_handle(out_name)
    load_ms = (time.perf_counter() - t0) * 1e3

    def run(x):
        inp.copy_from_cpu(x)
        predictor.run()
        return out.copy_to_cpu()

    return run, load_ms


def _make_torch_runner(np, args):
    import torch

    torch.set_num_threads(1)
    if hasattr(torch, "set_num_interop_threads"):
        try:
            torch.set_num_interop_threads(1)
        except RuntimeError:
            pass
    t0 = time.perf_counter()
    w = _load_weights_numpy(np, args.weights_dir)
    model = torch.nn.Sequential(
        torch.nn.Linear(784, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10), torch.nn.Softmax(dim=-1))
    with torch.no_grad():
        model[0].weight.copy_(torch.from_numpy(w["fc_0.w_0"].T.copy()))
        model[0].bias.copy_(torch.from_numpy(w["fc_0.b_0"]))
        model[2].weight.copy_(torch.from_numpy(w["fc_1.w_0"].T.copy()))
        model[2].bias.copy_(torch.from_numpy(w["fc_1.b_0"]))
    model.eval()
    load_ms = (time.perf_counter() - t0) * 1e3

    def run(x):
        with torch.inference_mode():
            return model(torch.from_numpy(x)).numpy()

    return run, load_ms


def _make_ort_runner(np, args):
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    import onnxruntime as ort

    t0 = time.perf_counter()
    w = _load_weights_numpy(np, args.weights_dir)
    nodes = [
        helper.make_node("MatMul", ["x", "W0"], ["h0"]),
        helper.make_node("Add", ["h0", "B0"], ["h1"]),
        helper.make_node("Relu", ["h1"], ["h2"]),
        helper.make_node("MatMul", ["h2", "W1"], ["h3"]),
        helper.make_node("Add", ["h3", "B1"], ["h4"]),
        helper.make_node("Softmax", ["h4"], ["y"], axis=-1),
    ]
    inits = [numpy_helper.from_array(w["fc_0.w_0"], "W0"), numpy_helper.from_array(w["fc_0.b_0"], "B0"),
             numpy_helper.from_array(w["fc_1.w_0"], "W1"), numpy_helper.from_array(w["fc_1.b_0"], "B1")]
    graph = helper.make_graph(
        nodes, "mlp",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 784])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 10])],
        initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    sess = ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])
    load_ms = (time.perf_counter() - t0) * 1e3

    def run(x):
        return sess.run(None, {"x": x})[0]

    return run, load_ms


def _time_loop(run, x, warmup, iters):
    clock = time.perf_counter_ns
    for _ in range(warmup):
        run(x)
    samples = [0] * iters
    for i in range(iters):
        t = clock()
        run(x)
        samples[i] = clock() - t
    samples.sort()
    return {"median_us": percentile(samples, 0.5) / 1e3, "p90_us": percentile(samples, 0.9) / 1e3,
            "min_us": samples[0] / 1e3, "iters": iters}


def worker_main(args):
    t_import = time.perf_counter()
    import numpy as np

    rt = args.worker
    if rt == "ours" or rt == "paddle331":
        run, load_ms = _make_paddle_runner(np, args, disable_mkldnn=False)
    elif rt == "paddle331-nomkldnn":
        run, load_ms = _make_paddle_runner(np, args, disable_mkldnn=True)
    elif rt == "torch":
        run, load_ms = _make_torch_runner(np, args)
    elif rt == "ort":
        run, load_ms = _make_ort_runner(np, args)
    else:
        raise SystemExit("unknown runtime " + rt)
    startup_ms = (time.perf_counter() - t_import) * 1e3

    io = np.load(os.path.join(args.model_dir, "io.npz"))
    ref_x = np.ascontiguousarray(io["in:x"], dtype=np.float32)
    ref_y = io["out:softmax_0.tmp_0"]
    got = np.asarray(run(ref_x))
    err_ref = float(np.max(np.abs(got.astype(np.float64) - ref_y)))

    x1 = np.fromfile(os.path.join(args.weights_dir, "x1.f32"), dtype="<f4").reshape(1, FEATURES)
    x64 = np.fromfile(os.path.join(args.weights_dir, "x64.f32"), dtype="<f4").reshape(64, FEATURES)
    y64 = np.asarray(run(x64))
    b1 = _time_loop(run, x1, args.warmup, args.iters_b1)
    b64 = _time_loop(run, x64, max(args.warmup // 4, 10), args.iters_b64)
    versions = {"numpy": np.__version__}
    for mod in ("paddle", "torch", "onnxruntime", "onnx"):
        m = sys.modules.get(mod)
        if m is not None:
            versions[mod] = getattr(m, "__version__", "?")
    result = {"runtime": rt, "load_ms": load_ms, "startup_ms": startup_ms, "b1": b1, "b64": b64,
              "max_abs_err_ref": err_ref, "y64": [float(v) for v in y64.reshape(-1)],
              "versions": versions, "python": sys.version.split()[0]}
    sys.stdout.write(RESULT_TAG + json.dumps(result) + "\n")
    sys.stdout.flush()


# --------------------------------------------------------------------------------------
# Orchestrator
# --------------------------------------------------------------------------------------

def _interpreter(rt, args):
    if rt == "ours":
        return args.ours_python
    env_name = {"paddle331": "paddle331", "paddle331-nomkldnn": "paddle331", "torch": "torch", "ort": "ort"}[rt]
    return os.path.join(args.peers_root, env_name, "bin", "python")


def _child_env(rt):
    env = dict(os.environ)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "VECLIB_MAXIMUM_THREADS",
                "NUMEXPR_NUM_THREADS", "ORT_NUM_THREADS"):
        env[var] = "1"
    env.setdefault("GLOG_minloglevel", "2")
    env.setdefault("GLOG_v", "0")
    # Peers' sys.path must not see the repo's python/ folder.
    env.pop("PYTHONPATH", None) if rt != "ours" else None
    return env


def _parse_result(stdout):
    for line in reversed(stdout.splitlines()):
        if line.startswith(RESULT_TAG):
            return json.loads(line[len(RESULT_TAG):])
    return None


def _run_python_worker(rt, args, weights_dir, workdir):
    py = _interpreter(rt, args)
    if not py or not os.path.exists(py):
        return None, "interpreter not found: %s" % py
    if rt == "ours":
        probe = subprocess.run([py, "-c", "import paddle.inference"], cwd=workdir, env=_child_env(rt),
                               capture_output=True, text=True)
        if probe.returncode != 0:
            tail = (probe.stderr.strip().splitlines() or ["?"])[-1]
            return None, "%s cannot import paddle.inference (%s)" % (py, tail)
    cmd = [py, os.path.abspath(__file__), "--worker", rt, "--model-dir", args.model_dir,
           "--weights-dir", weights_dir, "--iters-b1", str(args.iters_b1), "--iters-b64",
           str(args.iters_b64), "--warmup", str(args.warmup)]
    return _run_measurement(cmd, workdir, _child_env(rt), args.timeout, "worker")


def _run_cpp_worker(args, weights_dir, workdir):
    exe = args.cpp_bench
    if not exe or not os.path.exists(exe):
        return None, "binary not found: %s (build with CMake)" % exe
    cmd = [exe, os.path.join(args.model_dir, "model.pdmodel"), os.path.join(args.model_dir, "model.pdiparams"),
           os.path.join(weights_dir, "x1.f32"), os.path.join(weights_dir, "x64.f32"),
           os.path.join(args.model_dir, "x.f32"), os.path.join(args.model_dir, "softmax_0.tmp_0.f32"),
           str(args.iters_b1), str(args.iters_b64), str(args.warmup)]
    res, err = _run_measurement(cmd, workdir, _child_env("ours"), args.timeout, "binary")
    if res is not None:
        res["runtime"] = "ours-cpp"
    return res, err


def _run_measurement(cmd, workdir, env, timeout, what):
    """Runs one measuring process; returns (result dict, None) or (None, why it failed)."""
    try:
        p = subprocess.run(cmd, cwd=workdir, env=env, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timed out after %ss" % timeout
    res = _parse_result(p.stdout)
    if res is None:
        tail = "\n".join((p.stdout + p.stderr).strip().splitlines()[-8:])
        return None, "%s failed (rc %d):\n%s" % (what, p.returncode, tail)
    return res, None


def _write_weights(weights_dir, model_dir, seed):
    """The weights as raw float32 files (for the peers that do not read Paddle's format), and
    the batch-1 and batch-64 inputs every runtime gets (uniform in [0, 1), from `seed`)."""
    params = read_pdiparams(os.path.join(model_dir, "model.pdiparams"))
    for name, (_, data) in params.items():
        with open(os.path.join(weights_dir, name + ".f32"), "wb") as f:
            f.write(data)
    rng = random.Random(seed)
    for n in (1, 64):
        values = array.array("f", (rng.random() for _ in range(n * FEATURES)))
        if sys.byteorder != "little":
            values.byteswap()
        with open(os.path.join(weights_dir, "x%d.f32" % n), "wb") as f:
            values.tofile(f)


def _cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def _fmt(v, spec):
    return "-" if v is None or v != v else format(v, spec)


def _ratio(peer, ours):
    if peer is None or ours is None or not ours:
        return None
    return peer / ours


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runtimes", default=",".join(ALL_RUNTIMES),
                    help="comma-separated subset of: " + ", ".join(ALL_RUNTIMES))
    ap.add_argument("--ours-python", default=os.path.join(REPO, ".venv", "bin", "python"),
                    help="interpreter that imports this SDK's paddle (default: %(default)s)")
    ap.add_argument("--cpp-bench", default=os.path.join(REPO, "build", "bench", "mlp_infer_cpp_bench"),
                    help="C++ bench binary (default: %(default)s)")
    ap.add_argument("--peers-root", default=PEERS_ROOT, help="where bench/peers.sh made the peers")
    ap.add_argument("--model-dir", default=MODEL_DIR)
    ap.add_argument("--iters-b1", type=int, default=2000)
    ap.add_argument("--iters-b64", type=int, default=500)
    ap.add_argument("--warmup", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3,
                    help="runs of every runtime, interleaved; the round with the lowest batch-1 "
                         "median is kept (default: %(default)s)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--json", help="also write the results as JSON to this path")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--weights-dir", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.worker:
        return worker_main(args)

    args.model_dir = os.path.abspath(args.model_dir)
    runtimes = [r.strip() for r in args.runtimes.split(",") if r.strip()]
    for r in runtimes:
        if r not in ALL_RUNTIMES:
            ap.error("unknown runtime %r" % r)

    workdir = tempfile.mkdtemp(prefix="mlp_bench_")
    try:
        weights_dir = os.path.join(workdir, "weights")
        os.mkdir(weights_dir)
        _write_weights(weights_dir, args.model_dir, args.seed)
        best, skipped = {}, {}
        for rnd in range(args.rounds):
            for rt in runtimes:
                if rt in skipped:
                    continue
                t0 = time.time()
                if rt == "ours-cpp":
                    res, why = _run_cpp_worker(args, weights_dir, workdir)
                else:
                    res, why = _run_python_worker(rt, args, weights_dir, workdir)
                if res is None:
                    skipped[rt] = why
                    print("[bench] %-19s skipped: %s" % (rt, why), file=sys.stderr)
                    continue
                print("[bench] round %d %-19s b1 %8.1f us  b64 %8.1f us  (%.1fs)"
                      % (rnd + 1, rt, res["b1"]["median_us"], res["b64"]["median_us"], time.time() - t0),
                      file=sys.stderr)
                prev = best.get(rt)
                if prev is None:
                    res["load_ms_min"] = res["load_ms"]
                    best[rt] = res
                else:
                    load_min = min(prev["load_ms_min"], res["load_ms"])
                    if res["b1"]["median_us"] < prev["b1"]["median_us"]:
                        b64 = prev["b64"] if prev["b64"]["median_us"] < res["b64"]["median_us"] else res["b64"]
                        res["b64"] = b64
                        best[rt] = res
                    elif res["b64"]["median_us"] < prev["b64"]["median_us"]:
                        prev["b64"] = res["b64"]
                    best[rt]["load_ms_min"] = load_min
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    # Ratios are against our Python API; against the C++ API when only that one ran.
    baseline = "ours" if "ours" in best else ("ours-cpp" if "ours-cpp" in best else None)
    ours = best.get(baseline) if baseline else None
    ours_y64 = ours.get("y64") if ours else None
    rows = []
    for rt in runtimes:
        r = best.get(rt)
        if r is None:
            rows.append({"runtime": rt, "skipped": skipped.get(rt, "?")})
            continue
        y64 = r.get("y64")
        err_ours = None
        if ours_y64 is not None and y64 is not None and len(y64) == len(ours_y64):
            err_ours = max(abs(a - b) for a, b in zip(y64, ours_y64))
        rows.append({
            "runtime": rt, "load_ms": r["load_ms_min"], "b1_median_us": r["b1"]["median_us"],
            "b1_p90_us": r["b1"]["p90_us"], "b64_median_us": r["b64"]["median_us"],
            "b64_p90_us": r["b64"]["p90_us"],
            "ratio_b1": _ratio(r["b1"]["median_us"], ours and ours["b1"]["median_us"]),
            "ratio_b64": _ratio(r["b64"]["median_us"], ours and ours["b64"]["median_us"]),
            "ratio_load": _ratio(r["load_ms_min"], ours and ours["load_ms_min"]),
            "max_abs_err_ref": r["max_abs_err_ref"], "max_abs_err_vs_ours_b64": err_ours,
            "versions": r.get("versions", {}),
        })

    header = ("runtime", "load ms", "b1 med us", "b1 p90 us", "b64 med us", "b64 p90 us",
              "ratio b1", "ratio b64", "err vs io.npz", "err vs ours")
    table = [header]
    for row in rows:
        if "skipped" in row:
            table.append((row["runtime"], "skipped") + ("",) * (len(header) - 2))
            continue
        table.append((row["runtime"], _fmt(row["load_ms"], ".1f"), _fmt(row["b1_median_us"], ".1f"),
                      _fmt(row["b1_p90_us"], ".1f"), _fmt(row["b64_median_us"], ".1f"),
                      _fmt(row["b64_p90_us"], ".1f"), _fmt(row["ratio_b1"], ".2f"),
                      _fmt(row["ratio_b64"], ".2f"), _fmt(row["max_abs_err_ref"], ".1e"),
                      _fmt(row["max_abs_err_vs_ours_b64"], ".1e")))
    widths = [max(len(str(t[i])) for t in table) for i in range(len(header))]
    blas_env = " ".join("%s=%s" % (k, os.environ[k]) for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
                        if k in os.environ) or "OPENBLAS_CORETYPE unset"
    print("MLP 784-128-10 inference, single thread; ratio = peer time / time of %s (>1: we are faster); %s"
          % (baseline or "ours (not measured)", blas_env))
    for i, t in enumerate(table):
        print("  ".join(str(c).ljust(w) if j == 0 else str(c).rjust(w) for j, (c, w) in enumerate(zip(t, widths))))
        if i == 0:
            print("  ".join("-" * w for w in widths))
    for rt, why in skipped.items():
        print("skipped %s: %s" % (rt, why.splitlines()[0] if why else "?"))

    if args.json:
        doc = {"benchmark": "mlp_infer", "date": time.strftime("%Y-%m-%d %H:%M:%S %z"),
               "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "processor": _cpu_model()},
               "env": {k: os.environ[k] for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE") if k in os.environ},
               "baseline": baseline, "iters": {"b1": args.iters_b1, "b64": args.iters_b64, "warmup": args.warmup, "rounds": args.rounds},
               "results": rows, "skipped": skipped}
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=1)
        print("wrote " + args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
