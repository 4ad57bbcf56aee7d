// paddle_infer::Config beyond paths and threads: the model from memory, the
// pass builder, SwitchIrDebug's pictures, and the switches this build accepts
// and reports.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/base/enforce.h"
#include "core/inference/paddle_inference_api.h"
#include "core/ir/pass.h"
#include "test_util.h"

namespace paddle {
namespace {

using paddle_infer::Config;
using paddle_infer::CreatePredictor;
using test::CatchError;
using test::MaxAbsDiff;

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The MLP's softmax for its recorded input.
std::vector<float> RunMlp(paddle_infer::Predictor& predictor) {
  auto in = predictor.GetInputHandle("x");
  in->Reshape({4, 784});
  in->CopyFromCpu(test::ReadFloats(test::DataPath("mlp/x.f32")).data());
  predictor.Run();
  std::vector<float> y(40);
  predictor.GetOutputHandle("softmax_0.tmp_0")->CopyToCpu(y.data());
  return y;
}

std::vector<float> RunMlp(const Config& config) { return RunMlp(*CreatePredictor(config)); }

Config BufferConfig(const std::string& prog, const std::string& params) {
  Config config;
  config.SetModelBuffer(prog.data(), prog.size(), params.data(), params.size());
  return config;
}

TEST(InferenceModelBuffer, ModelFromMemoryEqualsModelFromFiles) {
  const std::string prog = test::ReadFile(test::DataPath("mlp/model.pdmodel"));
  const std::string params = test::ReadFile(test::DataPath("mlp/model.pdiparams"));
  Config config = BufferConfig(prog, params);
  EXPECT_TRUE(config.model_from_memory());
  EXPECT_TRUE(Has(config.Summary(), "model_from_memory: " + std::to_string(prog.size())));
  Config files(test::DataPath("mlp/model.pdmodel"), test::DataPath("mlp/model.pdiparams"));
  EXPECT_FALSE(files.model_from_memory());
  const auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  EXPECT_LE(MaxAbsDiff(RunMlp(config), expected), 1e-5f);
  EXPECT_EQ(RunMlp(config), RunMlp(files));
  // Clones share the loaded program: they need the bytes no more than the predictor does.
  auto predictor = CreatePredictor(config);
  EXPECT_LE(MaxAbsDiff(RunMlp(*predictor->Clone()), expected), 1e-5f);
  EXPECT_TRUE(config.model_from_memory());  // the caller's config keeps its bytes
  EXPECT_EQ(RunMlp(config), RunMlp(files));
  // Files named afterwards replace the bytes.
  Config replaced = BufferConfig("not a program", "");
  replaced.SetModel(test::DataPath("mlp/model.pdmodel"), test::DataPath("mlp/model.pdiparams"));
  EXPECT_FALSE(replaced.model_from_memory());
  EXPECT_LE(MaxAbsDiff(RunMlp(replaced), expected), 1e-5f);
  paddle_infer::Config::Precision half = paddle_infer::PrecisionType::kHalf;  // PaddlePaddle's spelling
  EXPECT_EQ(static_cast<int>(half), 2);
}

TEST(InferenceModelBuffer, CorruptBytesAreInvalidModelAsCorruptFilesAre) {
  const std::string prog = test::ReadFile(test::DataPath("mlp/model.pdmodel"));
  const std::string params = test::ReadFile(test::DataPath("mlp/model.pdiparams"));
  auto e = CatchError([&] { CreatePredictor(BufferConfig("not a program", params)); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidModel) << e.what();
  EXPECT_TRUE(Has(e.what(), "program buffer")) << e.what();
  e = CatchError([&] { CreatePredictor(BufferConfig(prog, params.substr(0, params.size() / 2))); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidModel) << e.what();
  EXPECT_TRUE(Has(e.what(), "params buffer")) << e.what();
  e = CatchError([&] { CreatePredictor(BufferConfig(prog, "")); });  // parameters missing
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidModel) << e.what();
  Config config;
  e = CatchError([&] { config.SetModelBuffer(nullptr, 0, nullptr, 0); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument) << e.what();
  e = CatchError([&] { config.SetModelBuffer(prog.data(), prog.size(), nullptr, 8); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument) << e.what();
  EXPECT_FALSE(config.model_from_memory());
}

TEST(InferencePassBuilder, StartsAsTheInferencePipelineAndChecksNames) {
  Config config;
  auto* builder = config.pass_builder();
  EXPECT_EQ(builder->AllPasses(), ir::InferencePassNames());
  auto e = CatchError([&] { builder->AppendPass("no_such_pass"); });
  EXPECT_EQ(e.kind(), ErrorKind::kNotFound);
  EXPECT_TRUE(Has(e.what(), "no_such_pass") && Has(e.what(), "fc_fuse_pass")) << e.what();
  e = CatchError([&] { builder->InsertPass(builder->AllPasses().size() + 1, "fc_fuse_pass"); });
  EXPECT_EQ(e.kind(), ErrorKind::kOutOfRange) << e.what();
  e = CatchError([&] { builder->DeletePass(size_t{100}); });
  EXPECT_EQ(e.kind(), ErrorKind::kOutOfRange) << e.what();
  EXPECT_EQ(builder->AllPasses(), ir::InferencePassNames());  // failed calls change nothing

  builder->ClearPasses();
  builder->AppendPass("fc_fuse_pass");
  builder->InsertPass(0, "delete_dropout_op_pass");
  EXPECT_EQ(builder->AllPasses(),
            (std::vector<std::string>{"delete_dropout_op_pass", "fc_fuse_pass"}));
  builder->DeletePass(size_t{0});
  EXPECT_EQ(builder->AllPasses(), std::vector<std::string>{"fc_fuse_pass"});
  EXPECT_EQ(builder->DebugString(), "  - fc_fuse_pass\n");
  EXPECT_TRUE(Has(config.Summary(), "passes: fc_fuse_pass\n")) << config.Summary();
  // A copy of the config has its own builder.
  Config copy = config;
  copy.pass_builder()->DeletePass("fc_fuse_pass");
  EXPECT_EQ(config.pass_builder()->AllPasses(), std::vector<std::string>{"fc_fuse_pass"});
  EXPECT_TRUE(copy.pass_builder()->AllPasses().empty());
}

// The pictures SwitchIrDebug wrote into `dir`, by name.
std::vector<std::string> DotFiles(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".dot") names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// What a Graphviz parser needs of the files graph_viz_pass writes: one
// digraph, balanced braces and brackets, and quotes closed on each line.
void ExpectDigraph(const std::string& text, const std::string& file) {
  ASSERT_EQ(text.rfind("digraph ", 0), 0u) << file;
  int braces = 0, brackets = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\') ++i;
      ASSERT_LT(i, text.size()) << file << ": an unclosed quote";
      continue;
    }
    braces += text[i] == '{' ? 1 : text[i] == '}' ? -1 : 0;
    brackets += text[i] == '[' ? 1 : text[i] == ']' ? -1 : 0;
    ASSERT_GE(braces, 0) << file;
  }
  EXPECT_EQ(braces, 0) << file;
  EXPECT_EQ(brackets, 0) << file;
}

TEST(InferenceIrDebug, WritesOnePicturePerPassNamedAsPaddlePaddle) {
  const std::string dir = test::TempDir();
  Config config(test::DataPath("mlp/model.pdmodel"), test::DataPath("mlp/model.pdiparams"));
  config.SetOptimCacheDir(dir);
  config.SwitchIrDebug();
  EXPECT_TRUE(config.ir_debug());
  const auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  EXPECT_LE(MaxAbsDiff(RunMlp(config), expected), 1e-5f);
  const auto passes = config.pass_builder()->AllPasses();
  std::vector<std::string> wanted;
  for (size_t k = 0; k < passes.size(); ++k)
    wanted.push_back(std::to_string(k) + "_ir_" + passes[k] + ".dot");
  std::sort(wanted.begin(), wanted.end());
  ASSERT_EQ(DotFiles(dir), wanted);
  for (const auto& name : wanted) ExpectDigraph(test::ReadFile(dir + "/" + name), name);
  // The MLP's matmul + add become one fc op at fc_fuse_pass, not before.
  size_t fc = 0;
  while (passes[fc] != "fc_fuse_pass") ++fc;
  const auto before = test::ReadFile(dir + "/" + std::to_string(fc - 1) + "_ir_" + passes[fc - 1] + ".dot");
  const auto after = test::ReadFile(dir + "/" + std::to_string(fc) + "_ir_fc_fuse_pass.dot");
  EXPECT_FALSE(Has(before, "label=\"fc\"")) << before;
  EXPECT_TRUE(Has(after, "label=\"fc\"")) << after;
  EXPECT_TRUE(Has(config.Summary(), "ir_debug: " + dir + "/<k>_ir_<pass>.dot")) << config.Summary();
}

TEST(InferenceIrDebug, NamedPassesOnlyAndDeletedPassesDoNotRun) {
  const std::string dir = test::TempDir();
  Config config(test::DataPath("mlp/model.pdmodel"), test::DataPath("mlp/model.pdiparams"));
  config.SetOptimCacheDir(dir);
  config.SwitchIrDebug(true, {"dead_code_elimination_pass"});
  config.pass_builder()->DeletePass("fc_fuse_pass");
  const auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  EXPECT_LE(MaxAbsDiff(RunMlp(config), expected), 1e-5f);
  ASSERT_EQ(DotFiles(dir), std::vector<std::string>{"0_ir_dead_code_elimination_pass.dot"});
  const auto last = test::ReadFile(dir + "/0_ir_dead_code_elimination_pass.dot");
  EXPECT_FALSE(Has(last, "label=\"fc\"")) << last;  // fc_fuse_pass did not run
  EXPECT_TRUE(Has(last, "label=\"matmul_v2\"") || Has(last, "label=\"mul\"")) << last;

  // Appended back, it runs again.
  config.pass_builder()->AppendPass("fc_fuse_pass");
  config.SwitchIrDebug(true, {"fc_fuse_pass"});
  RunMlp(config);
  EXPECT_TRUE(Has(test::ReadFile(dir + "/0_ir_fc_fuse_pass.dot"), "label=\"fc\""));

  auto e = CatchError([&] { config.SwitchIrDebug(true, {"no_such_pass"}); });
  EXPECT_EQ(e.kind(), ErrorKind::kNotFound) << e.what();
}

TEST(InferenceConfig, SwitchesWithoutABackendAreReportedByTheSummary) {
  Config config(test::DataPath("mlp/model.pdmodel"), test::DataPath("mlp/model.pdiparams"));
  config.EnableProfile();
  config.EnableUseGpu(100, 1, paddle_infer::PrecisionType::kHalf);
  config.EnableXpu();
  config.EnableTensorRtEngine(1 << 20, 2, 3, paddle_infer::PrecisionType::kInt8);
  config.EnableMkldnnBfloat16();
  config.SetMkldnnCacheCapacity(10);
  EXPECT_TRUE(config.profile_enabled());
  EXPECT_FALSE(config.use_gpu());
  EXPECT_EQ(config.gpu_device_id(), 1);
  EXPECT_EQ(config.memory_pool_init_size_mb(), 100);
  EXPECT_FALSE(config.use_xpu());
  EXPECT_FALSE(config.tensorrt_engine_enabled());
  EXPECT_TRUE(Has(config.Summary(),
                  "ignored (not in this build): EnableProfile, EnableUseGpu, EnableXpu, "
                  "EnableTensorRtEngine, EnableMkldnnBfloat16, SetMkldnnCacheCapacity\n"))
      << config.Summary();
  auto e = CatchError([&] { config.SetMkldnnCacheCapacity(-1); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument) << e.what();
  e = CatchError([&] { config.EnableUseGpu(100, -1); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument) << e.what();
  const auto expected = test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"));
  EXPECT_LE(MaxAbsDiff(RunMlp(config), expected), 1e-5f);  // the model still runs on the CPU
}

}  // namespace
}  // namespace paddle
