// Runs the PaddlePaddle-exported MLP through the C++ inference API (no Python)
// and checks its output against the one PaddlePaddle recorded.
// Usage: mlp_infer MODEL_DIR   (holding model.pdmodel, model.pdiparams, x.f32,
//                               softmax_0.tmp_0.f32)
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <vector>

#include "core/inference/paddle_inference_api.h"

static std::vector<float> ReadFloats(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<float> v(static_cast<size_t>(in.tellg()) / sizeof(float));
  in.seekg(0);
  in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(float)));
  return v;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " MODEL_DIR\n";
    return 2;
  }
  std::string dir = argv[1];
  try {
    paddle_infer::Config config(dir + "/model.pdmodel", dir + "/model.pdiparams");
    auto predictor = paddle_infer::CreatePredictor(config);

    std::vector<float> x = ReadFloats(dir + "/x.f32");
    auto input = predictor->GetInputHandle(predictor->GetInputNames()[0]);
    input->Reshape({4, 784});
    input->CopyFromCpu(x.data());
    predictor->Run();

    auto output = predictor->GetOutputHandle(predictor->GetOutputNames()[0]);
    std::vector<int> shape = output->shape();
    size_t n = 1;
    for (int d : shape) n *= static_cast<size_t>(d);
    std::vector<float> y(n);
    output->CopyToCpu(y.data());

    std::vector<float> expected = ReadFloats(dir + "/softmax_0.tmp_0.f32");
    if (expected.size() != y.size()) {
      std::cerr << "output has " << y.size() << " values, expected " << expected.size() << "\n";
      return 1;
    }
    float max_err = 0;
    for (size_t i = 0; i < n; ++i) max_err = std::max(max_err, std::fabs(y[i] - expected[i]));
    std::printf("output %s [%d, %d], row 0: ", predictor->GetOutputNames()[0].c_str(), shape[0],
                shape[1]);
    for (int j = 0; j < shape[1]; ++j) std::printf("%.4f ", y[j]);
    std::printf("\nmax abs error vs PaddlePaddle 3.3.1: %.3g -> %s\n", max_err,
                max_err <= 1e-5f ? "MATCH" : "MISMATCH");
    return max_err <= 1e-5f ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
