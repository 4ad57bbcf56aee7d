// Serves the digits CNN that examples/digits_train.py trained and exported,
// through the C++ inference API (no Python): classifies the held-out images,
// prints the accuracy, and checks the class probabilities against those the
// Python predictor gave.
// Usage: digits_infer EXPORT_DIR   (holding model.pdmodel, model.pdiparams,
//                                   test_x.f32 [N,1,8,8], test_y.i64, python_probs.f32)
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <vector>

#include "core/inference/paddle_inference_api.h"

template <typename T>
static std::vector<T> ReadRaw(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<T> v(static_cast<size_t>(in.tellg()) / sizeof(T));
  in.seekg(0);
  in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(T)));
  return v;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " EXPORT_DIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  try {
    paddle_infer::Config config(dir + "/model.pdmodel", dir + "/model.pdiparams");
    auto predictor = paddle_infer::CreatePredictor(config);
    const std::vector<float> x = ReadRaw<float>(dir + "/test_x.f32");
    const std::vector<int64_t> labels = ReadRaw<int64_t>(dir + "/test_y.i64");
    const std::vector<float> expected = ReadRaw<float>(dir + "/python_probs.f32");
    const int n = static_cast<int>(labels.size());
    if (x.size() != static_cast<size_t>(n) * 64) throw std::runtime_error("test_x.f32 is not N x 64");

    auto input = predictor->GetInputHandle(predictor->GetInputNames()[0]);
    input->Reshape({n, 1, 8, 8});
    input->CopyFromCpu(x.data());
    predictor->Run();
    auto output = predictor->GetOutputHandle(predictor->GetOutputNames()[0]);
    std::vector<int> shape = output->shape();
    if (shape.size() != 2 || shape[0] != n) throw std::runtime_error("unexpected output shape");
    const int classes = shape[1];
    std::vector<float> probs(static_cast<size_t>(n) * classes);
    output->CopyToCpu(probs.data());
    if (expected.size() != probs.size()) throw std::runtime_error("python_probs.f32 has the wrong size");

    int correct = 0;
    float max_err = 0;
    for (int i = 0; i < n; ++i) {
      const float* row = probs.data() + static_cast<size_t>(i) * classes;
      correct += (std::max_element(row, row + classes) - row) == labels[i];
    }
    for (size_t i = 0; i < probs.size(); ++i) max_err = std::max(max_err, std::fabs(probs[i] - expected[i]));
    std::printf("C++ paddle_infer: %d test images, accuracy %.2f%%, max |C++ - Python| = %.3g -> %s\n",
                n, 100.0 * correct / n, max_err, max_err <= 1e-5f ? "MATCH" : "MISMATCH");
    return max_err <= 1e-5f ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
