// Steady-state latency of the MLP (tests/data/mlp) through the C++ inference API,
// single-threaded: load time, then per-iteration timings of one inference
// (Reshape + CopyFromCpu + Run + CopyToCpu) at batch 1 and batch 64.
// Prints one line "BENCH_RESULT {json}" that bench/mlp_infer_bench.py reads.
// Never run by CI or the tests.
//
// Usage: mlp_infer_cpp_bench PDMODEL PDIPARAMS X1_F32 X64_F32 IO_X_F32 IO_Y_F32
//                            [ITERS_B1=2000] [ITERS_B64=500] [WARMUP=200]
//   X1_F32 / X64_F32: raw float32 inputs [1, 784] and [64, 784];
//   IO_X_F32 / IO_Y_F32: the recorded input [4, 784] and PaddlePaddle's output [4, 10].
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/inference/paddle_inference_api.h"

namespace {

constexpr int kFeatures = 784;
using Clock = std::chrono::steady_clock;

std::vector<float> ReadFloats(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<float> v(static_cast<size_t>(in.tellg()) / sizeof(float));
  in.seekg(0);
  in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(float)));
  return v;
}

struct Runner {
  std::shared_ptr<paddle_infer::Predictor> predictor;
  std::unique_ptr<paddle_infer::Tensor> input, output;
  std::vector<float> y;

  // One inference as a user would write it; the output buffer grows only when needed.
  const std::vector<float>& Run(const std::vector<float>& x, int batch) {
    input->Reshape({batch, kFeatures});
    input->CopyFromCpu(x.data());
    predictor->Run();
    std::vector<int> shape = output->shape();
    size_t n = 1;
    for (int d : shape) n *= static_cast<size_t>(d);
    if (y.size() != n) y.resize(n);
    output->CopyToCpu(y.data());
    return y;
  }
};

double Percentile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return NAN;
  double k = static_cast<double>(sorted.size() - 1) * q;
  size_t lo = static_cast<size_t>(k);
  size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (k - static_cast<double>(lo));
}

std::string TimeLoop(Runner& r, const std::vector<float>& x, int batch, int warmup, int iters) {
  for (int i = 0; i < warmup; ++i) r.Run(x, batch);
  std::vector<double> us(static_cast<size_t>(iters));
  for (int i = 0; i < iters; ++i) {
    auto t0 = Clock::now();
    r.Run(x, batch);
    us[static_cast<size_t>(i)] = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
  }
  std::sort(us.begin(), us.end());
  char buf[256];
  std::snprintf(buf, sizeof buf, "{\"median_us\": %.4f, \"p90_us\": %.4f, \"min_us\": %.4f, \"iters\": %d}",
                Percentile(us, 0.5), Percentile(us, 0.9), us.empty() ? NAN : us[0], iters);
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7) {
    std::cerr << "usage: " << argv[0]
              << " PDMODEL PDIPARAMS X1_F32 X64_F32 IO_X_F32 IO_Y_F32 [ITERS_B1] [ITERS_B64] [WARMUP]\n";
    return 2;
  }
  int iters_b1 = argc > 7 ? std::atoi(argv[7]) : 2000;
  int iters_b64 = argc > 8 ? std::atoi(argv[8]) : 500;
  int warmup = argc > 9 ? std::atoi(argv[9]) : 200;
  try {
    std::vector<float> x1 = ReadFloats(argv[3]);
    std::vector<float> x64 = ReadFloats(argv[4]);
    std::vector<float> io_x = ReadFloats(argv[5]);
    std::vector<float> io_y = ReadFloats(argv[6]);
    if (x1.size() != kFeatures || x64.size() != 64u * kFeatures || io_x.size() % kFeatures != 0)
      throw std::runtime_error("input files have the wrong sizes");

    Runner r;
    auto t0 = Clock::now();
    paddle_infer::Config config(argv[1], argv[2]);
    config.DisableGpu();
    config.SetCpuMathLibraryNumThreads(1);
    config.DisableGlogInfo();
    r.predictor = paddle_infer::CreatePredictor(config);
    r.input = r.predictor->GetInputHandle(r.predictor->GetInputNames()[0]);
    r.output = r.predictor->GetOutputHandle(r.predictor->GetOutputNames()[0]);
    double load_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();

    const std::vector<float>& got = r.Run(io_x, static_cast<int>(io_x.size() / kFeatures));
    if (got.size() != io_y.size()) throw std::runtime_error("output size differs from the recorded one");
    double err = 0;
    for (size_t i = 0; i < got.size(); ++i) err = std::max(err, std::fabs(double(got[i]) - double(io_y[i])));

    std::vector<float> y64 = r.Run(x64, 64);
    std::string b1 = TimeLoop(r, x1, 1, warmup, iters_b1);
    std::string b64 = TimeLoop(r, x64, 64, std::max(warmup / 4, 10), iters_b64);

    std::printf("BENCH_RESULT {\"runtime\": \"ours-cpp\", \"load_ms\": %.4f, \"startup_ms\": %.4f, "
                "\"b1\": %s, \"b64\": %s, \"max_abs_err_ref\": %.6g, \"versions\": {\"paddle_infer\": \"%s\"}, "
                "\"y64\": [",
                load_ms, load_ms, b1.c_str(), b64.c_str(), err, paddle_infer::GetVersion().c_str());
    for (size_t i = 0; i < y64.size(); ++i) std::printf(i ? ", %.9g" : "%.9g", double(y64[i]));
    std::printf("]}\n");
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
