// The C++ inference API on the PaddlePaddle-exported MLP, with no Python.
#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include "core/framework/enforce.h"
#include "core/inference/paddle_inference_api.h"
#include "core/memory/allocator.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::CatchError;
using test::MaxAbsDiff;

using paddle_infer::Config;
using paddle_infer::CreatePredictor;

Config MlpConfig() {
  return Config(test::DataPath("mlp/model.pdmodel"), test::DataPath("mlp/model.pdiparams"));
}

std::vector<float> RunMlp(paddle_infer::Predictor& p, const std::vector<float>& x, int rows) {
  auto in = p.GetInputHandle("x");
  in->Reshape({rows, 784});
  in->CopyFromCpu(x.data());
  EXPECT_TRUE(p.Run());
  auto out = p.GetOutputHandle("softmax_0.tmp_0");
  EXPECT_EQ(out->shape(), (std::vector<int>{rows, 10}));
  std::vector<float> y(static_cast<size_t>(rows) * 10);
  out->CopyToCpu(y.data());
  return y;
}

TEST(Inference, OracleMlpMatchesPaddlePaddle) {
  auto predictor = CreatePredictor(MlpConfig());
  EXPECT_EQ(predictor->GetInputNames(), std::vector<std::string>{"x"});
  EXPECT_EQ(predictor->GetOutputNames(), std::vector<std::string>{"softmax_0.tmp_0"});
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  auto y = RunMlp(*predictor, x, 4);
  EXPECT_LE(MaxAbsDiff(y, expected), 1e-5f);
  // Steady state: a second run gives the same answer.
  EXPECT_EQ(RunMlp(*predictor, x, 4), y);
}

TEST(Inference, SteadyStateRunAllocatesNothing) {
  auto predictor = CreatePredictor(MlpConfig());
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  RunMlp(*predictor, x, 4);
  memory::Allocator* alloc = memory::GetAllocator(CPUPlace());
  uint64_t before = alloc->Stats().num_allocs;
  for (int i = 0; i < 10; ++i) EXPECT_LE(MaxAbsDiff(RunMlp(*predictor, x, 4), expected), 1e-5f);
  EXPECT_EQ(alloc->Stats().num_allocs, before);
}

TEST(Inference, BatchSizeCanChangeBetweenRuns) {
  auto predictor = CreatePredictor(MlpConfig());
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  std::vector<float> row1(x.begin() + 784, x.begin() + 2 * 784);
  auto y1 = RunMlp(*predictor, row1, 1);
  EXPECT_LE(MaxAbsDiff(y1, std::vector<float>(expected.begin() + 10, expected.begin() + 20)), 1e-5f);
  auto y4 = RunMlp(*predictor, x, 4);
  EXPECT_LE(MaxAbsDiff(y4, expected), 1e-5f);
}

TEST(Inference, ModelDirIsResolved) {
  Config config(test::DataPath("mlp"));
  EXPECT_EQ(config.prog_file(), test::DataPath("mlp") + "/model.pdmodel");
  EXPECT_EQ(config.params_file(), test::DataPath("mlp") + "/model.pdiparams");
  auto predictor = CreatePredictor(config);
  EXPECT_EQ(predictor->GetInputNames().size(), 1u);
}

TEST(Inference, ClonesShareParametersAndRunInParallel) {
  auto predictor = CreatePredictor(MlpConfig());
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  auto clone = predictor->Clone();
  std::vector<float> a, b;
  std::thread t1([&] { for (int i = 0; i < 20; ++i) a = RunMlp(*predictor, x, 4); });
  std::thread t2([&] { for (int i = 0; i < 20; ++i) b = RunMlp(*clone, x, 4); });
  t1.join();
  t2.join();
  EXPECT_LE(MaxAbsDiff(a, expected), 1e-5f);
  EXPECT_EQ(a, b);
}


bool Has(const Error& e, const std::string& text) {
  return std::string(e.what()).find(text) != std::string::npos;
}

TEST(Inference, BadInputsGiveClearErrors) {
  auto predictor = CreatePredictor(MlpConfig());
  Error e = CatchError([&] { predictor->GetInputHandle("y"); });
  EXPECT_EQ(e.kind(), ErrorKind::kNotFound);
  EXPECT_TRUE(Has(e, "no input named 'y'") && Has(e, "x")) << e.what();

  e = CatchError([&] { predictor->Run(); });
  EXPECT_EQ(e.kind(), ErrorKind::kPreconditionNotMet);
  EXPECT_TRUE(Has(e, "input 'x' was not set")) << e.what();

  auto in = predictor->GetInputHandle("x");
  e = CatchError([&] { in->Reshape({4, 100}); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument);
  EXPECT_TRUE(Has(e, "[-1, 784]") && Has(e, "[4, 100]")) << e.what();

  e = CatchError([&] { in->Reshape({784}); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument);

  in->Reshape({1, 784});
  std::vector<int64_t> wrong(784);
  e = CatchError([&] { in->CopyFromCpu(wrong.data()); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument);
  EXPECT_TRUE(Has(e, "expects float32") && Has(e, "int64")) << e.what();

  auto out = predictor->GetOutputHandle("softmax_0.tmp_0");
  std::vector<float> y(10);
  e = CatchError([&] { out->CopyToCpu(y.data()); });
  EXPECT_EQ(e.kind(), ErrorKind::kPreconditionNotMet);
}

TEST(Inference, MissingModelFilesAreNotFound) {
  Error e = CatchError([] { CreatePredictor(Config("/nonexistent/dir")); });
  EXPECT_EQ(e.kind(), ErrorKind::kNotFound);
  EXPECT_TRUE(Has(e, "/nonexistent/dir")) << e.what();

  e = CatchError([] { CreatePredictor(Config(test::TempDir())); });
  EXPECT_EQ(e.kind(), ErrorKind::kNotFound);
  EXPECT_TRUE(Has(e, "model.pdmodel")) << e.what();

  e = CatchError([] {
    CreatePredictor(Config("/nonexistent/m.pdmodel", test::DataPath("mlp/model.pdiparams")));
  });
  EXPECT_EQ(e.kind(), ErrorKind::kNotFound);
  EXPECT_TRUE(Has(e, "/nonexistent/m.pdmodel")) << e.what();
}

TEST(Inference, CorruptParamsNameTheFileAndVariable) {
  std::string dir = test::TempDir();
  std::string params = test::ReadFile(test::DataPath("mlp/model.pdiparams"));
  test::WriteFile(dir + "/model.pdmodel", test::ReadFile(test::DataPath("mlp/model.pdmodel")));
  test::WriteFile(dir + "/model.pdiparams", params.substr(0, params.size() - 100));
  Error e = CatchError([&] { CreatePredictor(Config(dir)); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidModel);
  EXPECT_TRUE(Has(e, "model.pdiparams") && Has(e, "fc_1.w_0")) << e.what();
}

}  // namespace
}  // namespace paddle
