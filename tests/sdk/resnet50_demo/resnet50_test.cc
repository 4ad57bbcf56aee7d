// PaddlePaddle's C++ CPU demo (Paddle-Inference-Demo, c++/cpu/resnet50/
// resnet50_test.cc) written again from its API calls, to show that such a
// program builds against this SDK unchanged. What differs from the original,
// and why:
//  - gflags and glog are not installed here: the same flags (--model_file,
//    --params_file, --model_dir, --batch_size, --warmup, --repeats, --use_ort,
//    --quantize_model) are parsed from argv by ParseFlags, LOG(INFO) prints to
//    stdout and CHECK exits on failure.
//  - the model path: tests/data/tiny_resnet224, an ImageNet-shaped classifier
//    of about 60 KB instead of ResNet-50 (same input [N, 3, 224, 224] and
//    1000 classes), passed with --model_file/--params_file or --model_dir.
// The inference calls are the demo's: Config, SetModel, EnableONNXRuntime /
// EnableORTOptimization or EnableMKLDNN / EnableMkldnnInt8,
// EnableMemoryOptim, CreatePredictor, GetInputNames, GetOutputNames,
// GetInputHandle, Reshape, CopyFromCpu, Run, GetOutputHandle, shape,
// CopyToCpu.
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "paddle/include/paddle_inference_api.h"

using paddle_infer::Config;
using paddle_infer::CreatePredictor;
using paddle_infer::Predictor;

static std::string FLAGS_model_file, FLAGS_params_file, FLAGS_model_dir;
static int FLAGS_batch_size = 1, FLAGS_warmup = 0, FLAGS_repeats = 1;
static bool FLAGS_use_ort = false, FLAGS_quantize_model = false;

#define LOG_INFO std::cout
#define CHECK(cond)                                              \
  do {                                                           \
    if (!(cond)) {                                               \
      std::cerr << "Check failed: " #cond << std::endl;          \
      std::exit(1);                                              \
    }                                                            \
  } while (0)

// --name=value flags, as gflags reads them.
static void ParseFlags(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    const size_t eq = arg.find('=');
    const std::string name = arg.substr(0, eq), value = eq == std::string::npos ? "true" : arg.substr(eq + 1);
    if (name == "--model_file") FLAGS_model_file = value;
    else if (name == "--params_file") FLAGS_params_file = value;
    else if (name == "--model_dir") FLAGS_model_dir = value;
    else if (name == "--batch_size") FLAGS_batch_size = std::atoi(value.c_str());
    else if (name == "--warmup") FLAGS_warmup = std::atoi(value.c_str());
    else if (name == "--repeats") FLAGS_repeats = std::atoi(value.c_str());
    else if (name == "--use_ort") FLAGS_use_ort = value == "true";
    else if (name == "--quantize_model") FLAGS_quantize_model = value == "true";
    else {
      std::cerr << "unknown flag " << arg << std::endl;
      std::exit(2);
    }
  }
}

using Clock = std::chrono::high_resolution_clock;

static double ElapsedMs(Clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - since).count() /
         1000.0;
}

static std::shared_ptr<Predictor> InitPredictor() {
  Config config;
  if (!FLAGS_model_dir.empty()) {
    config.SetModel(FLAGS_model_dir);
  } else {
    config.SetModel(FLAGS_model_file, FLAGS_params_file);
  }
  if (FLAGS_use_ort) {
    config.EnableONNXRuntime();
    config.EnableORTOptimization();
  } else {
    config.EnableMKLDNN();
    if (FLAGS_quantize_model) config.EnableMkldnnInt8();
  }
  config.EnableMemoryOptim();
  return CreatePredictor(config);
}

static void RunModel(Predictor* predictor, const std::vector<float>& input,
                     const std::vector<int>& input_shape, std::vector<float>* out_data) {
  auto input_names = predictor->GetInputNames();
  auto output_names = predictor->GetOutputNames();
  auto input_t = predictor->GetInputHandle(input_names[0]);
  input_t->Reshape(input_shape);
  input_t->CopyFromCpu(input.data());

  for (int i = 0; i < FLAGS_warmup; ++i) CHECK(predictor->Run());

  const auto start = Clock::now();
  for (int i = 0; i < FLAGS_repeats; ++i) {
    CHECK(predictor->Run());
    auto output_t = predictor->GetOutputHandle(output_names[0]);
    std::vector<int> output_shape = output_t->shape();
    const int out_num = std::accumulate(output_shape.begin(), output_shape.end(), 1,
                                        std::multiplies<int>());
    out_data->resize(out_num);
    output_t->CopyToCpu(out_data->data());
  }
  LOG_INFO << "run avg time is " << ElapsedMs(start) / FLAGS_repeats << " ms" << std::endl;
}

int main(int argc, char* argv[]) {
  ParseFlags(argc, argv);
  auto predictor = InitPredictor();
  const std::vector<int> input_shape = {FLAGS_batch_size, 3, 224, 224};
  std::vector<float> input_data(FLAGS_batch_size * 3 * 224 * 224);
  for (size_t i = 0; i < input_data.size(); ++i) input_data[i] = i % 255 * 0.1f;
  std::vector<float> out_data;
  RunModel(predictor.get(), input_data, input_shape, &out_data);
  for (size_t i = 0; i < out_data.size(); i += 100) LOG_INFO << i << " : " << out_data[i] << std::endl;
  return 0;
}
