// The C++ inference API on the PaddlePaddle-exported MLP, with no Python.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <cmath>
#include <cstring>
#include <thread>

#include "core/base/enforce.h"
#include "core/inference/paddle_inference_api.h"
#include "core/memory/allocator.h"
#include "core/base/math_threads.h"
#include "core/framework/model_io.h"
#include "npz_reader.h"
#include "op_test_util.h"
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

// The convolutions' filters are parameters no op writes, so the predictor lets the conv kernel
// pack them into oneDNN's layout once: each batch size (another primitive) and each clone (its
// own kernel contexts) must still give PaddlePaddle's outputs, run after run.
TEST(Inference, PackedConvFiltersServeEveryBatchSizeAndClone) {
  const std::string dir = test::DataPath("resnet_block");
  std::vector<float> x, want;
  std::vector<int> x_shape;
  int64_t out_cols = 0;
  for (const auto& [key, a] : test::ReadNpz(dir + "/io.npz")) {
    std::vector<float> values(a.numel());
    std::memcpy(values.data(), a.bytes.data(), a.bytes.size());
    if (key == "in:x") x = values, x_shape.assign(a.shape.begin(), a.shape.end());
    if (key.rfind("out:", 0) == 0) want = values, out_cols = a.shape[1];
  }
  ASSERT_EQ(x_shape.size(), 4u);
  ASSERT_EQ(x_shape[0], 2);
  auto predictor = CreatePredictor(Config(dir + "/model.pdmodel", dir + "/model.pdiparams"));
  auto clone = predictor->Clone();
  for (auto* p : {predictor.get(), clone.get(), predictor.get()}) {
    for (int rows : {2, 1, 2}) {
      SCOPED_TRACE("rows " + std::to_string(rows));
      auto in = p->GetInputHandle("x");
      in->Reshape({rows, x_shape[1], x_shape[2], x_shape[3]});
      in->CopyFromCpu(x.data());
      ASSERT_TRUE(p->Run());
      auto out = p->GetOutputHandle(p->GetOutputNames()[0]);
      std::vector<float> y(static_cast<size_t>(rows * out_cols));
      out->CopyToCpu(y.data());
      EXPECT_LE(MaxAbsDiff(y, std::vector<float>(want.begin(), want.begin() + rows * out_cols)), 1e-4f);
    }
  }
}

// A model input is set by the user before each run, so a conv filter fed as an input is never
// frozen, even when its variable is persistable: each run convolves with the filter just fed.
TEST(Inference, AFilterFedAsAPersistableInputIsNotFrozen) {
  ProgramDesc program;
  BlockDesc* block = program.Block(0);
  for (auto [name, kind] : {std::pair{"feed", proto::VarType::FEED_MINIBATCH},
                            std::pair{"fetch", proto::VarType::FETCH_LIST}}) {
    VarDesc* v = block->AddVar(name);
    v->SetKind(kind);
    v->SetPersistable(true);
  }
  const test::Shape x_dims{1, 16, 6, 6}, w_dims{16, 16, 3, 3};
  for (auto [name, dims] : {std::pair{"x", x_dims}, std::pair{"w", w_dims}, std::pair{"y", x_dims}}) {
    VarDesc* v = block->AddVar(name);
    v->SetDataType(DataType::kFloat32);
    v->SetShape(dims);
  }
  block->FindVar("w")->SetPersistable(true);
  auto feed_or_fetch = [&](const char* type, const char* in, const char* out, int col) {
    OpDesc* o = block->AppendOp();
    o->SetType(type);
    o->SetInput("X", {in});
    o->SetOutput("Out", {out});
    o->SetAttr("col", int32_t{col});
  };
  feed_or_fetch("feed", "feed", "x", 0);
  feed_or_fetch("feed", "feed", "w", 1);
  OpDesc* conv = block->AppendOp();
  conv->SetType("conv2d");
  conv->SetInput("Input", {"x"});
  conv->SetInput("Filter", {"w"});
  conv->SetOutput("Output", {"y"});
  conv->SetAttr("paddings", std::vector<int32_t>{1, 1});
  feed_or_fetch("fetch", "y", "fetch", 0);
  const std::string dir = test::TempDir();
  SaveProgram(program, dir + "/m.pdmodel");
  Scope params;
  *params.Var("w")->GetMutable<DenseTensor>() =
      test::MakeTensor<float>(w_dims, test::Cast<float>(test::Random(test::Numel(w_dims), 7)));
  SaveParams(dir + "/m.pdiparams", program, params);

  auto predictor = CreatePredictor(Config(dir + "/m.pdmodel", dir + "/m.pdiparams"));
  ASSERT_EQ(predictor->GetInputNames(), (std::vector<std::string>{"x", "w"}));
  const std::vector<float> x = test::Cast<float>(test::Random(test::Numel(x_dims), 8));
  std::vector<float> last;
  for (unsigned seed : {9u, 10u}) {
    const std::vector<float> w = test::Cast<float>(test::Random(test::Numel(w_dims), seed));
    predictor->GetInputHandle("x")->CopyFromCpu(x.data());
    predictor->GetInputHandle("w")->CopyFromCpu(w.data());
    ASSERT_TRUE(predictor->Run());
    std::vector<float> y(static_cast<size_t>(test::Numel(x_dims)));
    predictor->GetOutputHandle("y")->CopyToCpu(y.data());
    test::OneOp ref("conv2d");
    ref.In("Input", "x", test::MakeTensor<float>(x_dims, x));
    ref.In("Filter", "w", test::MakeTensor<float>(w_dims, w));
    ref.Out("Output", "y");
    ref.Attr("paddings", std::vector<int32_t>{1, 1});
    ref.Run();
    EXPECT_LE(MaxAbsDiff(y, test::Values<float>(ref.Get("y"))), 1e-5f) << "filter seed " << seed;
    EXPECT_NE(y, last);
    last = y;
  }
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

// One predictor used from two threads at once: each call that finds it busy
// throws PreconditionNotMet saying to clone(); nothing crashes, and every run
// that went through computed the right answer.
TEST(InferenceThreads, ConcurrentUseOfOnePredictorIsATypedError) {
  auto predictor = CreatePredictor(MlpConfig());
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  std::atomic<int> busy_errors{0}, good_runs{0}, other_errors{0};
  auto work = [&] {
    for (int i = 0; i < 300; ++i) {
      try {
        auto y = RunMlp(*predictor, x, 4);
        if (MaxAbsDiff(y, expected) <= 1e-5f) ++good_runs;
      } catch (const Error& e) {
        const bool busy = e.kind() == ErrorKind::kPreconditionNotMet && Has(e, "clone()") &&
                          Has(e, "another thread");
        ++(busy ? busy_errors : other_errors);
        if (!busy) ADD_FAILURE() << e.what();
      }
    }
  };
  std::thread t1(work), t2(work);
  t1.join();
  t2.join();
  EXPECT_EQ(other_errors, 0);
  EXPECT_GT(busy_errors, 0) << "two threads never overlapped in 600 runs";
  EXPECT_GT(good_runs, 0);
  // Once the threads are gone the predictor is whole.
  EXPECT_LE(MaxAbsDiff(RunMlp(*predictor, x, 4), expected), 1e-5f);
}

TEST(InferenceThreads, APredictorMayMoveToAnotherThread) {
  auto predictor = CreatePredictor(MlpConfig());
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  for (int i = 0; i < 3; ++i) {
    std::thread t([&] { EXPECT_LE(MaxAbsDiff(RunMlp(*predictor, x, 4), expected), 1e-5f); });
    t.join();
  }
}

// The math-library thread count is per thread (OpenMP): it is applied on the
// thread that runs, not only on the one that made the predictor.
TEST(InferenceThreads, MathThreadsApplyOnTheRunningThread) {
  Config config = MlpConfig();
  config.SetCpuMathLibraryNumThreads(3);
  auto predictor = CreatePredictor(config);
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  int seen = 0;
  std::thread t([&] {
    RunMlp(*predictor, x, 4);
    seen = GetMathLibraryNumThreads();
  });
  t.join();
  EXPECT_EQ(seen, 3);
}

TEST(InferenceConfig, ThreadCountOutOfRangeIsRejectedAndChangesNothing) {
  Config config = MlpConfig();
  config.SetCpuMathLibraryNumThreads(2);
  for (int bad : {0, -1, Config::kMaxCpuMathThreads + 1, 100000}) {
    Error e = CatchError([&] { config.SetCpuMathLibraryNumThreads(bad); });
    EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument);
    EXPECT_TRUE(Has(e, std::to_string(bad)) && Has(e, "1024")) << e.what();
    EXPECT_EQ(config.cpu_math_library_num_threads(), 2);
  }
  config.SetCpuMathLibraryNumThreads(Config::kMaxCpuMathThreads);
  EXPECT_EQ(config.cpu_math_library_num_threads(), Config::kMaxCpuMathThreads);
}

TEST(InferenceConfig, PathsWithANulAreRejected) {
  const std::string bad("model.pdmodel\0.x", 16);
  for (auto set : std::vector<std::function<void()>>{
           [&] { Config c(bad); },
           [&] { Config c(bad, "p.pdiparams"); },
           [&] { Config c("m.pdmodel", bad); },
           [&] { Config().SetProgFile(bad); },
           [&] { Config().SetParamsFile(bad); },
       }) {
    Error e = CatchError(set);
    EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument);
    EXPECT_TRUE(Has(e, "model.pdmodel\\0.x") && Has(e, "NUL")) << e.what();
  }
}

// A handle keeps what it points into alive: reading it after its predictor is
// gone gives the last results (it used to read freed memory).
TEST(InferenceHandles, HandlesOutliveTheirPredictor) {
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  std::unique_ptr<paddle_infer::Tensor> in, out;
  {
    auto predictor = CreatePredictor(MlpConfig());
    RunMlp(*predictor, x, 4);
    in = predictor->GetInputHandle("x");
    out = predictor->GetOutputHandle("softmax_0.tmp_0");
  }
  EXPECT_EQ(out->shape(), (std::vector<int>{4, 10}));
  std::vector<float> y(40);
  out->CopyToCpu(y.data());
  EXPECT_LE(MaxAbsDiff(y, expected), 1e-5f);
  EXPECT_EQ(in->shape(), (std::vector<int>{4, 784}));
}

// The shape belongs to the tensor, not to one handle, and shows at once.
TEST(InferenceHandles, ReshapeIsSeenByEveryHandleOfTheInput) {
  auto predictor = CreatePredictor(MlpConfig());
  auto a = predictor->GetInputHandle("x");
  auto b = predictor->GetInputHandle("x");
  EXPECT_EQ(a->shape(), (std::vector<int>{-1, 784}));  // as declared, before any Reshape
  a->Reshape({2, 784});
  EXPECT_EQ(a->shape(), (std::vector<int>{2, 784}));
  EXPECT_EQ(b->shape(), (std::vector<int>{2, 784}));
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  b->CopyFromCpu(x.data());  // two rows, through the other handle
  ASSERT_TRUE(predictor->Run());
  auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  std::vector<float> y(20);
  predictor->GetOutputHandle("softmax_0.tmp_0")->CopyToCpu(y.data());
  EXPECT_LE(MaxAbsDiff(y, std::vector<float>(expected.begin(), expected.begin() + 20)), 1e-5f);
  a->Reshape({1, 784});
  EXPECT_EQ(b->shape(), (std::vector<int>{1, 784}));
}

TEST(InferenceHandles, ReshapeToMoreRowsThanWereCopiedThenRunIsAnError) {
  auto predictor = CreatePredictor(MlpConfig());
  auto in = predictor->GetInputHandle("x");
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  in->Reshape({1, 784});
  in->CopyFromCpu(x.data());
  in->Reshape({4, 784});
  Error e = CatchError([&] { predictor->Run(); });
  EXPECT_EQ(e.kind(), ErrorKind::kPreconditionNotMet);
  EXPECT_TRUE(Has(e, "'x'") && Has(e, "[4, 784]")) << e.what();
  Error c = CatchError([&] { in->CopyFromCpu(x.data()); in->Reshape({-1, 784}); });
  EXPECT_EQ(c.kind(), ErrorKind::kInvalidArgument);
}

TEST(InferenceHandles, CopyIntoAnOutputSaysItIsAnOutput) {
  auto predictor = CreatePredictor(MlpConfig());
  auto out = predictor->GetOutputHandle("softmax_0.tmp_0");
  std::vector<float> y(40);
  Error e = CatchError([&] { out->CopyFromCpu(y.data()); });
  EXPECT_EQ(e.kind(), ErrorKind::kPreconditionNotMet);
  EXPECT_TRUE(Has(e, "CopyFromCpu") && Has(e, "is an output") && !Has(e, "reshape")) << e.what();
}

TEST(InferenceHandles, ZeroCopyMutableDataAndData) {
  auto predictor = CreatePredictor(MlpConfig());
  auto in = predictor->GetInputHandle("x");
  Error e = CatchError([&] { in->mutable_data<float>(paddle_infer::PlaceType::kCPU); });
  EXPECT_EQ(e.kind(), ErrorKind::kPreconditionNotMet);  // the -1 dim is not known yet
  in->Reshape({4, 784});
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  float* buf = in->mutable_data<float>(paddle_infer::PlaceType::kCPU);
  std::copy(x.begin(), x.end(), buf);
  ASSERT_TRUE(predictor->Run());
  auto out = predictor->GetOutputHandle("softmax_0.tmp_0");
  paddle_infer::PlaceType place = paddle_infer::PlaceType::kUNK;
  int size = 0;
  float* y = out->data<float>(&place, &size);
  EXPECT_EQ(place, paddle_infer::PlaceType::kCPU);
  ASSERT_EQ(size, 40);
  auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  EXPECT_LE(MaxAbsDiff(std::vector<float>(y, y + size), expected), 1e-5f);

  e = CatchError([&] { out->data<int64_t>(&place, &size); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument);
  EXPECT_TRUE(Has(e, "float32") && Has(e, "int64")) << e.what();
  e = CatchError([&] { in->mutable_data<int64_t>(paddle_infer::PlaceType::kCPU); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument);
  e = CatchError([&] { in->mutable_data<float>(paddle_infer::PlaceType::kGPU); });
  EXPECT_EQ(e.kind(), ErrorKind::kUnimplemented);
  e = CatchError([&] { out->mutable_data<float>(paddle_infer::PlaceType::kCPU); });
  EXPECT_EQ(e.kind(), ErrorKind::kPreconditionNotMet);
}

// ClearIntermediateTensor drops the buffers the memory plan keeps between
// runs (so the next run allocates again), and keeps the outputs.
TEST(Inference, ClearIntermediateTensorFreesPlannedBuffers) {
  auto predictor = CreatePredictor(MlpConfig());
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  auto y = RunMlp(*predictor, x, 4);
  memory::Allocator* alloc = memory::GetAllocator(CPUPlace());
  const size_t held = alloc->Stats().allocated;
  predictor->ClearIntermediateTensor();
  EXPECT_LT(alloc->Stats().allocated, held);
  std::vector<float> again(40);
  predictor->GetOutputHandle("softmax_0.tmp_0")->CopyToCpu(again.data());
  EXPECT_EQ(again, y);
  uint64_t before = alloc->Stats().num_allocs;
  EXPECT_EQ(RunMlp(*predictor, x, 4), y);
  EXPECT_GT(alloc->Stats().num_allocs, before);
  // TryShrinkMemory reports what it handed back to the system.
  const size_t reserved = alloc->Stats().reserved;
  const uint64_t released = predictor->TryShrinkMemory();
  EXPECT_EQ(reserved - alloc->Stats().reserved, released);
  EXPECT_EQ(RunMlp(*predictor, x, 4), y);
}

using paddle_infer::services::PredictorPool;

TEST(InferencePool, FourThreadsOnAPoolOfFourMatchOneThread) {
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  auto single = CreatePredictor(MlpConfig());
  const std::vector<float> want = RunMlp(*single, x, 4);

  PredictorPool pool(MlpConfig(), 4);
  std::vector<paddle_infer::Predictor*> preds;
  for (size_t i = 0; i < 4; ++i) preds.push_back(pool.Retrive(i));
  // One predictor per index, the same one on every call.
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(pool.Retrive(i), preds[i]);
    for (size_t j = 0; j < i; ++j) EXPECT_NE(preds[i], preds[j]);
  }
  std::vector<std::vector<float>> got(4);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < 4; ++i)
    threads.emplace_back([&, i] {
      for (int k = 0; k < 20; ++k) got[i] = RunMlp(*pool.Retrive(i), x, 4);
    });
  for (auto& t : threads) t.join();
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(got[i], want) << "thread " << i;
}

TEST(InferencePool, IndexPastTheEndAndEmptyPoolAreTypedErrors) {
  PredictorPool pool(MlpConfig(), 2);
  Error e = CatchError([&] { pool.Retrive(2); });
  EXPECT_EQ(e.kind(), ErrorKind::kOutOfRange);
  EXPECT_TRUE(Has(e, "[PredictorPool] expected a predictor index in [0, 1], got 2")) << e.what();
  EXPECT_NE(pool.Retrive(1), nullptr);  // the pool still serves

  e = CatchError([&] { PredictorPool empty(MlpConfig(), 0); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument);
  EXPECT_TRUE(Has(e, "pool size of at least 1, got 0")) << e.what();

  // A default pool has one predictor, index 0.
  PredictorPool one(MlpConfig());
  EXPECT_NE(one.Retrive(0), nullptr);
  EXPECT_EQ(CatchError([&] { one.Retrive(1); }).kind(), ErrorKind::kOutOfRange);
}

TEST(InferenceConfig, SwitchesThisBuildLacksAreAcceptedAndListedInTheSummary) {
  Config config = MlpConfig();
  EXPECT_EQ(config.Summary().find("ignored"), std::string::npos);
  config.EnableONNXRuntime();
  config.EnableORTOptimization();
  config.EnableMkldnnInt8();
  config.EnableONNXRuntime();  // listed once
  EXPECT_NE(config.Summary().find(
                "ignored (not in this build): EnableONNXRuntime, EnableORTOptimization, "
                "EnableMkldnnInt8\n"),
            std::string::npos)
      << config.Summary();
  auto predictor = CreatePredictor(config);  // and the model still runs
  auto x = test::ReadFloats(test::DataPath("mlp/x.f32"));
  auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  EXPECT_LE(MaxAbsDiff(RunMlp(*predictor, x, 4), expected), 1e-5f);
}

}  // namespace
}  // namespace paddle
