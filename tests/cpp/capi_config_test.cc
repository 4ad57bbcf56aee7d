// The C API's PD_Config* functions for the model from memory, the passes,
// the IR debug pictures and the switches without a backend (core/capi
// pd_config_passes.cc, pd_config_backends.cc), called from C++.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "capi_test_util.h"
#include "pd_inference_api.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::DataPath;

using test::Has;
using test::LastError;
using test::Names;

std::string Summary(PD_Config* c) {
  PD_Cstr* s = PD_ConfigSummary(c);
  std::string text = s ? s->data : "";
  PD_CstrDestroy(s);
  return text;
}

PD_Config* MlpConfig() {
  PD_Config* c = PD_ConfigCreate();
  EXPECT_TRUE(PD_ConfigSetModelDir(c, DataPath("mlp").c_str()));
  return c;
}

// Runs the MLP made from `config` (taken) on its recorded input; empty on failure.
std::vector<float> RunMlp(PD_Config* config) {
  PD_Predictor* p = PD_PredictorCreate(config);
  if (!p) return {};
  const auto x = test::ReadFloats(DataPath("mlp/x.f32"));
  PD_Tensor* in = PD_PredictorGetInputHandle(p, "x");
  int32_t shape[2] = {4, 784};
  EXPECT_TRUE(PD_TensorReshape(in, 2, shape));
  EXPECT_TRUE(PD_TensorCopyFromCpuFloat(in, x.data()));
  EXPECT_TRUE(PD_PredictorRun(p)) << LastError();
  PD_Tensor* out = PD_PredictorGetOutputHandle(p, "softmax_0.tmp_0");
  std::vector<float> y(40);
  EXPECT_TRUE(PD_TensorCopyToCpuFloat(out, y.data()));
  PD_TensorDestroy(in);
  PD_TensorDestroy(out);
  PD_PredictorDestroy(p);
  return y;
}

TEST(CapiConfig, ModelBufferEqualsModelFiles) {
  const std::string prog = test::ReadFile(DataPath("mlp/model.pdmodel"));
  const std::string params = test::ReadFile(DataPath("mlp/model.pdiparams"));
  PD_Config* c = PD_ConfigCreate();
  EXPECT_FALSE(PD_ConfigModelFromMemory(c));
  ASSERT_TRUE(PD_ConfigSetModelBuffer(c, prog.data(), prog.size(), params.data(), params.size()))
      << LastError();
  EXPECT_TRUE(PD_ConfigModelFromMemory(c));
  const auto expected = test::ReadFloats(DataPath("mlp/softmax_0.tmp_0.f32"));
  const auto from_memory = RunMlp(c);
  EXPECT_LE(test::MaxAbsDiff(from_memory, expected), 1e-5f);
  EXPECT_EQ(from_memory, RunMlp(MlpConfig()));
}

TEST(CapiConfig, CorruptBuffersAreInvalidModel) {
  const std::string prog = test::ReadFile(DataPath("mlp/model.pdmodel"));
  const std::string params = test::ReadFile(DataPath("mlp/model.pdiparams"));
  PD_Config* c = PD_ConfigCreate();
  ASSERT_TRUE(PD_ConfigSetModelBuffer(c, "garbage", 7, params.data(), params.size()));
  EXPECT_EQ(PD_PredictorCreate(c), nullptr);  // takes c
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_MODEL);
  EXPECT_TRUE(Has(LastError(), "[PD_PredictorCreate]") && Has(LastError(), "program buffer"))
      << LastError();
  c = PD_ConfigCreate();
  ASSERT_TRUE(PD_ConfigSetModelBuffer(c, prog.data(), prog.size(), params.data(), 100));
  EXPECT_EQ(PD_PredictorCreate(c), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_MODEL);
  EXPECT_TRUE(Has(LastError(), "params buffer")) << LastError();
  c = PD_ConfigCreate();
  EXPECT_FALSE(PD_ConfigSetModelBuffer(c, nullptr, 0, nullptr, 0));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  EXPECT_TRUE(Has(LastError(), "[PD_ConfigSetModelBuffer]")) << LastError();
  EXPECT_FALSE(PD_ConfigModelFromMemory(c));
  PD_ConfigDestroy(c);
}

TEST(CapiConfig, AppendInsertAndListPasses) {
  PD_Config* c = MlpConfig();
  auto passes = Names(PD_ConfigAllPasses(c));
  ASSERT_FALSE(passes.empty());
  EXPECT_NE(std::find(passes.begin(), passes.end(), "fc_fuse_pass"), passes.end());
  EXPECT_FALSE(PD_ConfigAppendPass(c, "no_such_pass"));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_NOT_FOUND);
  EXPECT_TRUE(Has(LastError(), "[PD_ConfigAppendPass]") && Has(LastError(), "no_such_pass"))
      << LastError();
  EXPECT_FALSE(PD_ConfigInsertPass(c, passes.size() + 1, "fc_fuse_pass"));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_OUT_OF_RANGE);
  EXPECT_EQ(Names(PD_ConfigAllPasses(c)), passes);
  EXPECT_TRUE(PD_ConfigDeletePass(c, "fc_fuse_pass"));
  EXPECT_TRUE(PD_ConfigInsertPass(c, 0, "fc_fuse_pass")) << LastError();
  EXPECT_TRUE(PD_ConfigAppendPass(c, "delete_scale_op_pass")) << LastError();
  const auto now = Names(PD_ConfigAllPasses(c));
  EXPECT_EQ(now.front(), "fc_fuse_pass");
  EXPECT_EQ(now.back(), "delete_scale_op_pass");
  EXPECT_EQ(now.size(), passes.size() + 1);
  PD_ConfigDestroy(c);
}

TEST(CapiConfig, SwitchIrDebugWritesAPicturePerPass) {
  const std::string dir = test::TempDir();
  PD_Config* c = MlpConfig();
  ASSERT_TRUE(PD_ConfigSetOptimCacheDir(c, dir.c_str()));
  ASSERT_TRUE(PD_ConfigSwitchIrDebug(c, TRUE));
  const auto passes = Names(PD_ConfigAllPasses(c));
  const auto expected = test::ReadFloats(DataPath("mlp/softmax_0.tmp_0.f32"));
  EXPECT_LE(test::MaxAbsDiff(RunMlp(c), expected), 1e-5f);
  size_t pictures = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) pictures += e.path().extension() == ".dot";
  EXPECT_EQ(pictures, passes.size());
  for (size_t k = 0; k < passes.size(); ++k) {
    const std::string text =
        test::ReadFile(dir + "/" + std::to_string(k) + "_ir_" + passes[k] + ".dot");
    EXPECT_EQ(text.rfind("digraph ", 0), 0u) << passes[k];
    EXPECT_EQ(std::count(text.begin(), text.end(), '{'), std::count(text.begin(), text.end(), '}'));
  }
}

TEST(CapiConfig, SwitchesWithoutABackendAreReportedBySummary) {
  PD_Config* c = MlpConfig();
  EXPECT_FALSE(PD_ConfigProfileEnabled(c));
  EXPECT_TRUE(PD_ConfigEnableProfile(c));
  EXPECT_TRUE(PD_ConfigProfileEnabled(c));
  EXPECT_TRUE(PD_ConfigEnableUseGpu(c, 100, 2, PD_PRECISION_HALF));
  EXPECT_FALSE(PD_ConfigUseGpu(c));
  EXPECT_EQ(PD_ConfigGpuDeviceId(c), 2);
  EXPECT_EQ(PD_ConfigMemoryPoolInitSizeMb(c), 100);
  EXPECT_TRUE(PD_ConfigEnableXpu(c, 1 << 20, FALSE, FALSE, nullptr, "int16", FALSE, FALSE));
  EXPECT_FALSE(PD_ConfigUseXpu(c));
  EXPECT_TRUE(PD_ConfigEnableTensorRtEngine(c, 1 << 20, 1, 3, PD_PRECISION_INT8, FALSE, FALSE));
  EXPECT_FALSE(PD_ConfigTensorRtEngineEnabled(c));
  EXPECT_TRUE(PD_ConfigEnableMkldnnBfloat16(c));
  EXPECT_TRUE(PD_ConfigSetMkldnnCacheCapacity(c, 10));
  EXPECT_TRUE(PD_ConfigEnableONNXRuntime(c));
  EXPECT_TRUE(PD_ConfigONNXRuntimeEnabled(c));
  EXPECT_TRUE(PD_ConfigDisableONNXRuntime(c));
  EXPECT_FALSE(PD_ConfigONNXRuntimeEnabled(c));
  EXPECT_TRUE(Has(Summary(c), "ignored (not in this build): EnableProfile, EnableUseGpu, EnableXpu, "
                              "EnableTensorRtEngine, EnableMkldnnBfloat16, "
                              "SetMkldnnCacheCapacity, EnableONNXRuntime\n"))
      << Summary(c);
  EXPECT_FALSE(PD_ConfigEnableUseGpu(c, 100, 0, 7));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  EXPECT_TRUE(Has(LastError(), "[PD_ConfigEnableUseGpu] expected a PD_PrecisionType")) << LastError();
  EXPECT_FALSE(PD_ConfigEnableUseGpu(c, 100, -1, PD_PRECISION_FLOAT32));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  EXPECT_FALSE(PD_ConfigSetMkldnnCacheCapacity(c, -1));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  const auto expected = test::ReadFloats(DataPath("mlp/softmax_0.tmp_0.f32"));
  EXPECT_LE(test::MaxAbsDiff(RunMlp(c), expected), 1e-5f);  // still runs, on the CPU
}

TEST(CapiConfig, NullConfigIsInvalidArgumentEverywhere) {
  std::vector<std::pair<const char*, std::function<bool()>>> cases = {
      {"PD_ConfigAppendPass", [] { return !PD_ConfigAppendPass(nullptr, "fc_fuse_pass"); }},
      {"PD_ConfigInsertPass", [] { return !PD_ConfigInsertPass(nullptr, 0, "fc_fuse_pass"); }},
      {"PD_ConfigAllPasses", [] { return !PD_ConfigAllPasses(nullptr); }},
      {"PD_ConfigSwitchIrDebug", [] { return !PD_ConfigSwitchIrDebug(nullptr, TRUE); }},
      {"PD_ConfigSetOptimCacheDir", [] { return !PD_ConfigSetOptimCacheDir(nullptr, "."); }},
      {"PD_ConfigSetModelBuffer", [] { return !PD_ConfigSetModelBuffer(nullptr, "a", 1, "", 0); }},
      {"PD_ConfigModelFromMemory", [] { return !PD_ConfigModelFromMemory(nullptr); }},
      {"PD_ConfigEnableProfile", [] { return !PD_ConfigEnableProfile(nullptr); }},
      {"PD_ConfigProfileEnabled", [] { return !PD_ConfigProfileEnabled(nullptr); }},
      {"PD_ConfigEnableUseGpu", [] { return !PD_ConfigEnableUseGpu(nullptr, 1, 0, 0); }},
      {"PD_ConfigGpuDeviceId", [] { return PD_ConfigGpuDeviceId(nullptr) == 0; }},
      {"PD_ConfigMemoryPoolInitSizeMb", [] { return PD_ConfigMemoryPoolInitSizeMb(nullptr) == 0; }},
      {"PD_ConfigEnableXpu",
       [] { return !PD_ConfigEnableXpu(nullptr, 0, FALSE, FALSE, "", "", FALSE, FALSE); }},
      {"PD_ConfigUseXpu", [] { return !PD_ConfigUseXpu(nullptr); }},
      {"PD_ConfigEnableTensorRtEngine",
       [] { return !PD_ConfigEnableTensorRtEngine(nullptr, 1, 1, 3, 0, FALSE, FALSE); }},
      {"PD_ConfigTensorRtEngineEnabled", [] { return !PD_ConfigTensorRtEngineEnabled(nullptr); }},
      {"PD_ConfigEnableMkldnnBfloat16", [] { return !PD_ConfigEnableMkldnnBfloat16(nullptr); }},
      {"PD_ConfigSetMkldnnCacheCapacity", [] { return !PD_ConfigSetMkldnnCacheCapacity(nullptr, 1); }},
      {"PD_ConfigEnableONNXRuntime", [] { return !PD_ConfigEnableONNXRuntime(nullptr); }},
      {"PD_ConfigDisableONNXRuntime", [] { return !PD_ConfigDisableONNXRuntime(nullptr); }},
      {"PD_ConfigONNXRuntimeEnabled", [] { return !PD_ConfigONNXRuntimeEnabled(nullptr); }},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.first);
    EXPECT_TRUE(c.second());
    EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
    EXPECT_TRUE(Has(LastError(), std::string("[") + c.first + "]")) << LastError();
  }
  PD_Config* c = PD_ConfigCreate();
  EXPECT_FALSE(PD_ConfigAppendPass(c, nullptr));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  EXPECT_FALSE(PD_ConfigSetOptimCacheDir(c, nullptr));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  PD_ConfigDestroy(c);
}

}  // namespace
}  // namespace paddle
