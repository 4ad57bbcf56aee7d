// The C API (core/capi/pd_inference_api.h), called from C++: every model of
// tests/data against the outputs PaddlePaddle recorded, each misuse as an error
// code and message, and memory that stays flat over many runs and predictors.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <type_traits>
#include <unistd.h>
#include <vector>

#include "npz_reader.h"
#include "capi_test_util.h"
#include "pd_inference_api.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::DataPath;
using test::NpyArray;

using test::Has;
using test::LastError;
using test::Names;

PD_Predictor* CreateFromDir(const std::string& dir, bool ir_optim = true) {
  PD_Config* config = PD_ConfigCreate();
  EXPECT_TRUE(PD_ConfigSetModelDir(config, dir.c_str()));
  EXPECT_TRUE(PD_ConfigSwitchIrOptim(config, ir_optim));
  return PD_PredictorCreate(config);
}

PD_Predictor* CreateMlp() {
  PD_Predictor* p = CreateFromDir(DataPath("mlp"));
  EXPECT_NE(p, nullptr) << LastError();
  return p;
}

// One run of the MLP on `rows` rows of x; the softmax.
std::vector<float> RunMlp(PD_Predictor* p, const std::vector<float>& x, int rows) {
  PD_Tensor* in = PD_PredictorGetInputHandle(p, "x");
  int32_t shape[2] = {rows, 784};
  EXPECT_TRUE(PD_TensorReshape(in, 2, shape)) << LastError();
  EXPECT_TRUE(PD_TensorCopyFromCpuFloat(in, x.data())) << LastError();
  EXPECT_TRUE(PD_PredictorRun(p)) << LastError();
  PD_Tensor* out = PD_PredictorGetOutputHandle(p, "softmax_0.tmp_0");
  std::vector<float> y(static_cast<size_t>(rows) * 10);
  EXPECT_TRUE(PD_TensorCopyToCpuFloat(out, y.data())) << LastError();
  PD_TensorDestroy(in);
  PD_TensorDestroy(out);
  return y;
}

std::vector<float> MlpInput() { return test::ReadFloats(DataPath("mlp/x.f32")); }
std::vector<float> MlpExpected() { return test::ReadFloats(DataPath("mlp/softmax_0.tmp_0.f32")); }

// ---- every model of tests/data ----

// The C type that copies an .npy dtype in and out.
PD_DataType DataTypeOf(const std::string& descr) {
  if (descr == "<f4") return PD_DATA_FLOAT32;
  if (descr == "<f8") return PD_DATA_FLOAT64;
  if (descr == "<i8") return PD_DATA_INT64;
  if (descr == "<i4") return PD_DATA_INT32;
  if (descr == "|u1") return PD_DATA_UINT8;
  if (descr == "|i1") return PD_DATA_INT8;
  return PD_DATA_UNK;
}

bool CopyIn(PD_Tensor* t, const NpyArray& a) {
  const void* d = a.bytes.data();
  switch (DataTypeOf(a.descr)) {
    case PD_DATA_FLOAT32: return PD_TensorCopyFromCpuFloat(t, static_cast<const float*>(d));
    case PD_DATA_FLOAT64: return PD_TensorCopyFromCpuFloat64(t, static_cast<const double*>(d));
    case PD_DATA_INT64: return PD_TensorCopyFromCpuInt64(t, static_cast<const int64_t*>(d));
    case PD_DATA_INT32: return PD_TensorCopyFromCpuInt32(t, static_cast<const int32_t*>(d));
    case PD_DATA_UINT8: return PD_TensorCopyFromCpuUint8(t, static_cast<const uint8_t*>(d));
    case PD_DATA_INT8: return PD_TensorCopyFromCpuInt8(t, static_cast<const int8_t*>(d));
    default: ADD_FAILURE() << "no C copy for dtype " << a.descr; return false;
  }
}

// The output's values as doubles (floats compared with a tolerance, ints exactly).
std::vector<double> CopyOut(PD_Tensor* t, PD_DataType dtype, int64_t n) {
  std::vector<double> out(static_cast<size_t>(n));
  auto widen = [&](auto* buf, auto copy) {
    std::vector<std::remove_pointer_t<decltype(buf)>> v(static_cast<size_t>(n));
    EXPECT_TRUE(copy(t, v.data())) << LastError();
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<double>(v[i]);
  };
  switch (dtype) {
    case PD_DATA_FLOAT32: widen(static_cast<float*>(nullptr), PD_TensorCopyToCpuFloat); break;
    case PD_DATA_FLOAT64: widen(static_cast<double*>(nullptr), PD_TensorCopyToCpuFloat64); break;
    case PD_DATA_INT64: widen(static_cast<int64_t*>(nullptr), PD_TensorCopyToCpuInt64); break;
    case PD_DATA_INT32: widen(static_cast<int32_t*>(nullptr), PD_TensorCopyToCpuInt32); break;
    case PD_DATA_UINT8: widen(static_cast<uint8_t*>(nullptr), PD_TensorCopyToCpuUint8); break;
    case PD_DATA_INT8: widen(static_cast<int8_t*>(nullptr), PD_TensorCopyToCpuInt8); break;
    default: ADD_FAILURE() << "no C copy for dtype " << dtype;
  }
  return out;
}

// The recorded values as doubles.
std::vector<double> Widen(const NpyArray& a) {
  std::vector<double> out(static_cast<size_t>(a.numel()));
  auto widen = [&](auto* typed) {
    for (size_t k = 0; k < out.size(); ++k) out[k] = static_cast<double>(typed[k]);
  };
  const char* b = a.bytes.data();
  switch (DataTypeOf(a.descr)) {
    case PD_DATA_FLOAT32: widen(reinterpret_cast<const float*>(b)); break;
    case PD_DATA_FLOAT64: widen(reinterpret_cast<const double*>(b)); break;
    case PD_DATA_INT64: widen(reinterpret_cast<const int64_t*>(b)); break;
    case PD_DATA_INT32: widen(reinterpret_cast<const int32_t*>(b)); break;
    case PD_DATA_UINT8: widen(reinterpret_cast<const uint8_t*>(b)); break;
    case PD_DATA_INT8: widen(reinterpret_cast<const int8_t*>(b)); break;
    default: ADD_FAILURE() << "no C copy for dtype " << a.descr;
  }
  return out;
}

std::vector<std::string> ModelDirs() {
  std::vector<std::string> dirs;
  for (const auto& e : std::filesystem::directory_iterator(DataPath("")))
    if (std::filesystem::exists(e.path() / "meta.json") && std::filesystem::exists(e.path() / "io.npz"))
      dirs.push_back(e.path().string());
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

void CheckModel(const std::string& dir, bool ir_optim) {
  SCOPED_TRACE(dir + (ir_optim ? " (ir_optim)" : " (no ir_optim)"));
  std::vector<std::string> in_names, out_names;
  std::vector<const NpyArray*> ins, outs;
  auto io = test::ReadNpz(dir + "/io.npz");
  for (const auto& [key, array] : io) {
    if (key.rfind("in:", 0) == 0) in_names.push_back(key.substr(3)), ins.push_back(&array);
    if (key.rfind("out:", 0) == 0) out_names.push_back(key.substr(4)), outs.push_back(&array);
  }
  PD_Predictor* p = CreateFromDir(dir, ir_optim);
  ASSERT_NE(p, nullptr) << LastError();
  EXPECT_EQ(PD_PredictorGetInputNum(p), in_names.size());
  EXPECT_EQ(PD_PredictorGetOutputNum(p), out_names.size());
  EXPECT_EQ(Names(PD_PredictorGetInputNames(p)), in_names);
  EXPECT_EQ(Names(PD_PredictorGetOutputNames(p)), out_names);
  for (size_t i = 0; i < ins.size(); ++i) {
    PD_Tensor* t = PD_PredictorGetInputHandle(p, in_names[i].c_str());
    ASSERT_NE(t, nullptr) << LastError();
    std::vector<int32_t> shape(ins[i]->shape.begin(), ins[i]->shape.end());
    EXPECT_TRUE(PD_TensorReshape(t, shape.size(), shape.data())) << LastError();
    EXPECT_TRUE(CopyIn(t, *ins[i])) << in_names[i] << ": " << LastError();
    PD_TensorDestroy(t);
  }
  ASSERT_TRUE(PD_PredictorRun(p)) << LastError();
  for (size_t i = 0; i < outs.size(); ++i) {
    SCOPED_TRACE(out_names[i]);
    PD_Tensor* t = PD_PredictorGetOutputHandle(p, out_names[i].c_str());
    ASSERT_NE(t, nullptr) << LastError();
    PD_OneDimArrayInt32* shape = PD_TensorGetShape(t);
    ASSERT_NE(shape, nullptr) << LastError();
    EXPECT_EQ(std::vector<int64_t>(shape->data, shape->data + shape->size), outs[i]->shape);
    PD_OneDimArrayInt32Destroy(shape);
    const PD_DataType dtype = PD_TensorGetDataType(t);
    EXPECT_EQ(dtype, DataTypeOf(outs[i]->descr));
    EXPECT_STREQ(PD_TensorGetName(t), out_names[i].c_str());
    std::vector<double> got = CopyOut(t, dtype, outs[i]->numel());
    std::vector<double> want = Widen(*outs[i]);
    ASSERT_EQ(got.size(), want.size());
    double worst = 0;
    for (size_t k = 0; k < got.size(); ++k) worst = std::max(worst, std::fabs(got[k] - want[k]));
    EXPECT_LE(worst, 1e-5);
    PD_TensorDestroy(t);
  }
  PD_PredictorDestroy(p);
}

TEST(CApiModels, EveryModelMatchesPaddlePaddle) {
  auto dirs = ModelDirs();
  ASSERT_GE(dirs.size(), 10u);
  for (const auto& dir : dirs) CheckModel(dir, true);
}

TEST(CApiModels, EveryModelMatchesWithoutIrOptim) {
  for (const auto& dir : ModelDirs()) CheckModel(dir, false);
}

// ---- the API surface ----

TEST(CApi, MlpMatchesAndRunsAgain) {
  PD_Predictor* p = CreateMlp();
  auto y = RunMlp(p, MlpInput(), 4);
  EXPECT_LE(test::MaxAbsDiff(y, MlpExpected()), 1e-5f);
  EXPECT_EQ(RunMlp(p, MlpInput(), 4), y);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_OK);
  EXPECT_STREQ(PD_GetLastErrorMessage(), "");
  PD_PredictorDestroy(p);
}

TEST(CApi, ZeroCopyInAndOut) {
  PD_Predictor* p = CreateMlp();
  PD_Tensor* in = PD_PredictorGetInputHandle(p, "x");
  int32_t shape[2] = {4, 784};
  ASSERT_TRUE(PD_TensorReshape(in, 2, shape));
  float* buf = PD_TensorMutableDataFloat(in, PD_PLACE_CPU);
  ASSERT_NE(buf, nullptr) << LastError();
  auto x = MlpInput();
  std::memcpy(buf, x.data(), x.size() * sizeof(float));
  ASSERT_TRUE(PD_PredictorRun(p)) << LastError();
  PD_Tensor* out = PD_PredictorGetOutputHandle(p, "softmax_0.tmp_0");
  PD_PlaceType place = PD_PLACE_UNK;
  int32_t size = 0;
  const float* y = PD_TensorDataFloat(out, &place, &size);
  ASSERT_NE(y, nullptr) << LastError();
  EXPECT_EQ(place, PD_PLACE_CPU);
  ASSERT_EQ(size, 40);
  EXPECT_LE(test::MaxAbsDiff(std::vector<float>(y, y + size), MlpExpected()), 1e-5f);

  // The wrong type or place is an error, not a reinterpretation.
  EXPECT_EQ(PD_TensorDataInt64(out, &place, &size), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  EXPECT_TRUE(Has(LastError(), "float32") && Has(LastError(), "int64")) << LastError();
  EXPECT_EQ(PD_TensorMutableDataInt32(in, PD_PLACE_CPU), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(PD_TensorMutableDataFloat(in, PD_PLACE_GPU), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_UNIMPLEMENTED);
  EXPECT_EQ(PD_TensorMutableDataFloat(out, PD_PLACE_CPU), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_PRECONDITION_NOT_MET);
  EXPECT_TRUE(Has(LastError(), "is an output")) << LastError();
  PD_TensorDestroy(in);
  PD_TensorDestroy(out);
  PD_PredictorDestroy(p);
}

TEST(CApi, MutableDataNeedsAKnownShape) {
  PD_Predictor* p = CreateMlp();
  PD_Tensor* in = PD_PredictorGetInputHandle(p, "x");
  EXPECT_EQ(PD_TensorMutableDataFloat(in, PD_PLACE_CPU), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_PRECONDITION_NOT_MET);
  EXPECT_TRUE(Has(LastError(), "[PD_TensorMutableDataFloat]") && Has(LastError(), "Reshape"))
      << LastError();
  PD_TensorDestroy(in);
  PD_PredictorDestroy(p);
}

TEST(CApi, ConfigSettersAndGetters) {
  PD_Config* c = PD_ConfigCreate();
  EXPECT_STREQ(PD_ConfigGetModelDir(c), "");
  ASSERT_TRUE(PD_ConfigSetModelDir(c, DataPath("mlp").c_str()));
  EXPECT_EQ(PD_ConfigGetModelDir(c), DataPath("mlp"));
  EXPECT_EQ(std::string(PD_ConfigGetProgFile(c)), DataPath("mlp") + "/model.pdmodel");
  EXPECT_EQ(std::string(PD_ConfigGetParamsFile(c)), DataPath("mlp") + "/model.pdiparams");
  EXPECT_TRUE(PD_ConfigIrOptim(c));
  PD_ConfigSwitchIrOptim(c, FALSE);
  EXPECT_FALSE(PD_ConfigIrOptim(c));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_OK);  // FALSE here is the answer, not an error
  EXPECT_FALSE(PD_ConfigMemoryOptimEnabled(c));
  PD_ConfigEnableMemoryOptim(c, TRUE);
  EXPECT_TRUE(PD_ConfigMemoryOptimEnabled(c));
  EXPECT_EQ(PD_ConfigGetCpuMathLibraryNumThreads(c), 1);
  EXPECT_TRUE(PD_ConfigSetCpuMathLibraryNumThreads(c, 2));
  EXPECT_EQ(PD_ConfigGetCpuMathLibraryNumThreads(c), 2);
  EXPECT_FALSE(PD_ConfigMkldnnEnabled(c));
  PD_ConfigEnableMKLDNN(c);
  EXPECT_TRUE(PD_ConfigMkldnnEnabled(c));
  EXPECT_FALSE(PD_ConfigGlogInfoDisabled(c));
  PD_ConfigDisableGlogInfo(c);
  EXPECT_TRUE(PD_ConfigGlogInfoDisabled(c));
  EXPECT_TRUE(PD_ConfigDisableGpu(c));
  EXPECT_FALSE(PD_ConfigUseGpu(c));
  EXPECT_TRUE(PD_ConfigDeletePass(c, "fc_fuse_pass"));
  PD_Cstr* summary = PD_ConfigSummary(c);
  ASSERT_NE(summary, nullptr);
  EXPECT_EQ(summary->size, std::strlen(summary->data) + 1);
  EXPECT_TRUE(Has(summary->data, "cpu_math_library_num_threads: 2")) << summary->data;
  EXPECT_TRUE(Has(summary->data, "deleted_passes: fc_fuse_pass")) << summary->data;
  PD_CstrDestroy(summary);

  PD_Config* files = PD_ConfigCreate();
  ASSERT_TRUE(PD_ConfigSetProgFile(files, DataPath("mlp/model.pdmodel").c_str()));
  ASSERT_TRUE(PD_ConfigSetParamsFile(files, DataPath("mlp/model.pdiparams").c_str()));
  EXPECT_EQ(std::string(PD_ConfigGetProgFile(files)), DataPath("mlp/model.pdmodel"));
  PD_Predictor* p = PD_PredictorCreate(files);  // takes `files`
  ASSERT_NE(p, nullptr) << LastError();
  EXPECT_LE(test::MaxAbsDiff(RunMlp(p, MlpInput(), 4), MlpExpected()), 1e-5f);
  PD_PredictorDestroy(p);
  PD_ConfigDestroy(c);
}

TEST(CApi, VersionNamesThisSdk) {
  EXPECT_TRUE(Has(PD_GetVersion(), "paddle")) << PD_GetVersion();
  EXPECT_EQ(PD_GetVersion(), PD_GetVersion());  // static storage
}

TEST(CApi, ClonesGiveTheSameAnswerOnTheirOwnThreads) {
  PD_Predictor* p = CreateMlp();
  PD_Predictor* clone = PD_PredictorClone(p);
  ASSERT_NE(clone, nullptr) << LastError();
  auto x = MlpInput();
  std::vector<float> a, b;
  std::thread t1([&] { for (int i = 0; i < 20; ++i) a = RunMlp(p, x, 4); });
  std::thread t2([&] { for (int i = 0; i < 20; ++i) b = RunMlp(clone, x, 4); });
  t1.join();
  t2.join();
  EXPECT_LE(test::MaxAbsDiff(a, MlpExpected()), 1e-5f);
  EXPECT_EQ(a, b);
  PD_PredictorDestroy(p);  // the clone keeps the shared weights alive
  EXPECT_EQ(RunMlp(clone, x, 4), b);
  PD_PredictorDestroy(clone);
}

TEST(CApi, HandlesOutliveTheirPredictor) {
  PD_Predictor* p = CreateMlp();
  RunMlp(p, MlpInput(), 4);
  PD_Tensor* out = PD_PredictorGetOutputHandle(p, "softmax_0.tmp_0");
  PD_PredictorDestroy(p);
  std::vector<float> y(40);
  ASSERT_TRUE(PD_TensorCopyToCpuFloat(out, y.data())) << LastError();
  EXPECT_LE(test::MaxAbsDiff(y, MlpExpected()), 1e-5f);
  PD_TensorDestroy(out);
}

TEST(CApi, LodRoundTrips) {
  PD_Predictor* p = CreateMlp();
  PD_Tensor* in = PD_PredictorGetInputHandle(p, "x");
  size_t offsets[3] = {0, 1, 4};
  PD_OneDimArraySize level{3, offsets};
  PD_OneDimArraySize* levels[1] = {&level};
  PD_TwoDimArraySize lod{1, levels};
  ASSERT_TRUE(PD_TensorSetLod(in, &lod)) << LastError();
  PD_TwoDimArraySize* got = PD_TensorGetLod(in);
  ASSERT_NE(got, nullptr);
  ASSERT_EQ(got->size, 1u);
  ASSERT_EQ(got->data[0]->size, 3u);
  EXPECT_EQ(got->data[0]->data[2], 4u);
  PD_TwoDimArraySizeDestroy(got);
  PD_TensorDestroy(in);
  PD_PredictorDestroy(p);
}

TEST(CApi, ClearIntermediateTensorAndShrinkKeepResults) {
  PD_Predictor* p = CreateMlp();
  auto x = MlpInput();
  auto y = RunMlp(p, x, 4);
  ASSERT_TRUE(PD_PredictorClearIntermediateTensor(p)) << LastError();
  // The outputs of the last run are still there.
  PD_Tensor* out = PD_PredictorGetOutputHandle(p, "softmax_0.tmp_0");
  std::vector<float> again(40);
  ASSERT_TRUE(PD_TensorCopyToCpuFloat(out, again.data())) << LastError();
  EXPECT_EQ(again, y);
  PD_TensorDestroy(out);
  PD_PredictorTryShrinkMemory(p);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_OK) << LastError();
  EXPECT_EQ(RunMlp(p, x, 4), y);
  PD_PredictorDestroy(p);
}

// ---- misuse: an error code and a message, and the process goes on ----

TEST(CApiErrors, NullHandlesAreInvalidArguments) {
  struct Case {
    const char* function;
    std::function<bool()> call;  // true when the call reported failure
  };
  int32_t shape[1] = {1};
  float f = 0;
  std::vector<Case> cases = {
      {"PD_ConfigSetModel", [] { return !PD_ConfigSetModel(nullptr, "a", "b"); }},
      {"PD_ConfigSetModelDir", [] { return !PD_ConfigSetModelDir(nullptr, "a"); }},
      {"PD_ConfigGetModelDir", [] { return !PD_ConfigGetModelDir(nullptr); }},
      {"PD_ConfigGetProgFile", [] { return !PD_ConfigGetProgFile(nullptr); }},
      {"PD_ConfigSwitchIrOptim", [] { return !PD_ConfigSwitchIrOptim(nullptr, TRUE); }},
      {"PD_ConfigIrOptim", [] { return !PD_ConfigIrOptim(nullptr); }},
      {"PD_ConfigSetCpuMathLibraryNumThreads",
       [] { return !PD_ConfigSetCpuMathLibraryNumThreads(nullptr, 1); }},
      {"PD_ConfigGetCpuMathLibraryNumThreads",
       [] { return PD_ConfigGetCpuMathLibraryNumThreads(nullptr) == 0; }},
      {"PD_ConfigSummary", [] { return !PD_ConfigSummary(nullptr); }},
      {"PD_ConfigDeletePass", [] { return !PD_ConfigDeletePass(nullptr, "x"); }},
      {"PD_PredictorCreate", [] { return !PD_PredictorCreate(nullptr); }},
      {"PD_PredictorClone", [] { return !PD_PredictorClone(nullptr); }},
      {"PD_PredictorGetInputNames", [] { return !PD_PredictorGetInputNames(nullptr); }},
      {"PD_PredictorGetInputNum", [] { return PD_PredictorGetInputNum(nullptr) == 0; }},
      {"PD_PredictorGetInputHandle", [] { return !PD_PredictorGetInputHandle(nullptr, "x"); }},
      {"PD_PredictorGetOutputHandle", [] { return !PD_PredictorGetOutputHandle(nullptr, "x"); }},
      {"PD_PredictorRun", [] { return !PD_PredictorRun(nullptr); }},
      {"PD_PredictorClearIntermediateTensor",
       [] { return !PD_PredictorClearIntermediateTensor(nullptr); }},
      {"PD_PredictorTryShrinkMemory", [] { return PD_PredictorTryShrinkMemory(nullptr) == 0; }},
      {"PD_TensorReshape", [&] { return !PD_TensorReshape(nullptr, 1, shape); }},
      {"PD_TensorCopyFromCpuFloat", [&] { return !PD_TensorCopyFromCpuFloat(nullptr, &f); }},
      {"PD_TensorCopyToCpuFloat", [&] { return !PD_TensorCopyToCpuFloat(nullptr, &f); }},
      {"PD_TensorMutableDataFloat", [] { return !PD_TensorMutableDataFloat(nullptr, PD_PLACE_CPU); }},
      {"PD_TensorDataFloat", [] { return !PD_TensorDataFloat(nullptr, nullptr, nullptr); }},
      {"PD_TensorGetShape", [] { return !PD_TensorGetShape(nullptr); }},
      {"PD_TensorGetDataType", [] { return PD_TensorGetDataType(nullptr) == PD_DATA_UNK; }},
      {"PD_TensorGetName", [] { return !PD_TensorGetName(nullptr); }},
      {"PD_TensorSetLod", [] { return !PD_TensorSetLod(nullptr, nullptr); }},
      {"PD_TensorGetLod", [] { return !PD_TensorGetLod(nullptr); }},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.function);
    EXPECT_TRUE(c.call());
    EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
    EXPECT_TRUE(Has(LastError(), std::string("[") + c.function + "]") && Has(LastError(), "NULL"))
        << LastError();
  }
  // Destroying NULL is a no-op.
  PD_ConfigDestroy(nullptr);
  PD_PredictorDestroy(nullptr);
  PD_TensorDestroy(nullptr);
  PD_OneDimArrayCstrDestroy(nullptr);
  PD_OneDimArrayInt32Destroy(nullptr);
  PD_TwoDimArraySizeDestroy(nullptr);
  PD_CstrDestroy(nullptr);
}

TEST(CApiErrors, NullArgumentsAreInvalidArguments) {
  PD_Config* c = PD_ConfigCreate();
  EXPECT_FALSE(PD_ConfigSetModel(c, nullptr, "p"));
  EXPECT_TRUE(Has(LastError(), "prog_file_path is NULL")) << LastError();
  EXPECT_FALSE(PD_ConfigSetModelDir(c, nullptr));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  PD_ConfigDestroy(c);

  PD_Predictor* p = CreateMlp();
  EXPECT_EQ(PD_PredictorGetInputHandle(p, nullptr), nullptr);
  EXPECT_TRUE(Has(LastError(), "name is NULL")) << LastError();
  PD_Tensor* in = PD_PredictorGetInputHandle(p, "x");
  int32_t shape[2] = {1, 784};
  EXPECT_FALSE(PD_TensorReshape(in, 2, nullptr));
  EXPECT_TRUE(Has(LastError(), "shape is NULL")) << LastError();
  ASSERT_TRUE(PD_TensorReshape(in, 2, shape));
  EXPECT_FALSE(PD_TensorCopyFromCpuFloat(in, nullptr));
  EXPECT_TRUE(Has(LastError(), "data is NULL")) << LastError();
  EXPECT_FALSE(PD_TensorSetLod(in, nullptr));
  EXPECT_TRUE(Has(LastError(), "lod is NULL")) << LastError();
  PD_TensorDestroy(in);
  PD_PredictorDestroy(p);
}

TEST(CApiErrors, MissingModelFilesAreNotFound) {
  PD_Config* c = PD_ConfigCreate();
  PD_ConfigSetModelDir(c, "/nonexistent/dir");
  EXPECT_EQ(PD_ConfigGetProgFile(c), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_NOT_FOUND);
  EXPECT_EQ(PD_PredictorCreate(c), nullptr);  // and c is gone
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_NOT_FOUND);
  EXPECT_TRUE(Has(LastError(), "[PD_PredictorCreate]") && Has(LastError(), "/nonexistent/dir"))
      << LastError();

  c = PD_ConfigCreate();
  PD_ConfigSetModel(c, "/nonexistent/m.pdmodel", DataPath("mlp/model.pdiparams").c_str());
  EXPECT_EQ(PD_PredictorCreate(c), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_NOT_FOUND);
  EXPECT_TRUE(Has(LastError(), "/nonexistent/m.pdmodel")) << LastError();

  EXPECT_EQ(PD_PredictorCreate(PD_ConfigCreate()), nullptr);  // names no model
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
}

TEST(CApiErrors, CorruptModelIsInvalidModel) {
  std::string dir = test::TempDir();
  std::string params = test::ReadFile(DataPath("mlp/model.pdiparams"));
  test::WriteFile(dir + "/model.pdmodel", test::ReadFile(DataPath("mlp/model.pdmodel")));
  test::WriteFile(dir + "/model.pdiparams", params.substr(0, params.size() - 100));
  EXPECT_EQ(CreateFromDir(dir), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_MODEL);
  EXPECT_TRUE(Has(LastError(), "model.pdiparams") && Has(LastError(), "fc_1.w_0")) << LastError();

  test::WriteFile(dir + "/model.pdmodel", "not a program");
  EXPECT_EQ(CreateFromDir(dir), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_MODEL);
  EXPECT_TRUE(Has(LastError(), "model.pdmodel")) << LastError();
}

TEST(CApiErrors, WrongNameShapeDtypeAndOrder) {
  PD_Predictor* p = CreateMlp();
  EXPECT_EQ(PD_PredictorGetInputHandle(p, "y"), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_NOT_FOUND);
  EXPECT_TRUE(Has(LastError(), "no input named 'y'") && Has(LastError(), "x")) << LastError();
  EXPECT_EQ(PD_PredictorGetOutputHandle(p, "x"), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_NOT_FOUND);

  // Run before the input is set.
  EXPECT_FALSE(PD_PredictorRun(p));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_PRECONDITION_NOT_MET);
  EXPECT_TRUE(Has(LastError(), "input 'x' was not set")) << LastError();

  PD_Tensor* in = PD_PredictorGetInputHandle(p, "x");
  int32_t bad[2] = {4, 100};
  EXPECT_FALSE(PD_TensorReshape(in, 2, bad));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  EXPECT_TRUE(Has(LastError(), "[-1, 784]") && Has(LastError(), "[4, 100]")) << LastError();
  int32_t negative[2] = {-3, 784};
  EXPECT_FALSE(PD_TensorReshape(in, 2, negative));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);

  int32_t shape[2] = {1, 784};
  ASSERT_TRUE(PD_TensorReshape(in, 2, shape));
  std::vector<int64_t> ints(784);
  EXPECT_FALSE(PD_TensorCopyFromCpuInt64(in, ints.data()));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  EXPECT_TRUE(Has(LastError(), "expects float32") && Has(LastError(), "int64")) << LastError();

  // Reading an output before any run.
  PD_Tensor* out = PD_PredictorGetOutputHandle(p, "softmax_0.tmp_0");
  std::vector<float> y(40);
  EXPECT_FALSE(PD_TensorCopyToCpuFloat(out, y.data()));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_PRECONDITION_NOT_MET);
  EXPECT_EQ(PD_TensorGetShape(out), nullptr);
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_PRECONDITION_NOT_MET);
  // Copying into an output.
  EXPECT_FALSE(PD_TensorCopyFromCpuFloat(out, y.data()));
  EXPECT_TRUE(Has(LastError(), "is an output")) << LastError();

  // The predictor is whole after all of that.
  EXPECT_LE(test::MaxAbsDiff(RunMlp(p, MlpInput(), 4), MlpExpected()), 1e-5f);
  std::vector<int64_t> wrong(40);
  EXPECT_FALSE(PD_TensorCopyToCpuInt64(out, wrong.data()));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  PD_TensorDestroy(in);
  PD_TensorDestroy(out);
  PD_PredictorDestroy(p);
}

TEST(CApiErrors, BadThreadCountChangesNothing) {
  PD_Config* c = PD_ConfigCreate();
  PD_ConfigSetCpuMathLibraryNumThreads(c, 3);
  for (int32_t bad : {0, -1, 1025}) {
    EXPECT_FALSE(PD_ConfigSetCpuMathLibraryNumThreads(c, bad));
    EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
    EXPECT_TRUE(Has(LastError(), std::to_string(bad))) << LastError();
    EXPECT_EQ(PD_ConfigGetCpuMathLibraryNumThreads(c), 3);
  }
  PD_ConfigDestroy(c);
}

TEST(CApiErrors, LastErrorIsPerThreadAndClearedBySuccess) {
  EXPECT_FALSE(PD_PredictorRun(nullptr));
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_INVALID_ARGUMENT);
  std::string other;
  PD_ErrorCode other_code = -1;
  std::thread t([&] {
    other = PD_GetLastErrorMessage();
    other_code = PD_GetLastErrorCode();
  });
  t.join();
  EXPECT_EQ(other, "");
  EXPECT_EQ(other_code, PD_ERR_OK);
  EXPECT_NE(LastError(), "");  // still this thread's
  PD_Config* c = PD_ConfigCreate();
  EXPECT_EQ(PD_GetLastErrorCode(), PD_ERR_OK);
  EXPECT_STREQ(PD_GetLastErrorMessage(), "");
  PD_ConfigDestroy(c);
}

TEST(CApiErrors, ConcurrentUseOfOnePredictorIsAnErrorNotACrash) {
  PD_Predictor* p = CreateMlp();
  auto x = MlpInput();
  std::atomic<int> busy{0}, other{0};
  auto work = [&] {
    int32_t shape[2] = {4, 784};
    PD_Tensor* in = PD_PredictorGetInputHandle(p, "x");
    for (int i = 0; i < 300; ++i) {
      if (PD_TensorReshape(in, 2, shape) && PD_TensorCopyFromCpuFloat(in, x.data()) &&
          PD_PredictorRun(p))
        continue;
      ++(PD_GetLastErrorCode() == PD_ERR_PRECONDITION_NOT_MET && Has(LastError(), "clone")
             ? busy
             : other);
    }
    PD_TensorDestroy(in);
  };
  std::thread t1(work), t2(work);
  t1.join();
  t2.join();
  EXPECT_EQ(other, 0);
  EXPECT_LE(test::MaxAbsDiff(RunMlp(p, x, 4), MlpExpected()), 1e-5f);
  PD_PredictorDestroy(p);
}

// ---- memory stays flat ----

// Under AddressSanitizer freed memory sits in a quarantine, so RSS grows by
// design; there LeakSanitizer checks for leaks at exit instead.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kUnderAsan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kUnderAsan = true;
#else
constexpr bool kUnderAsan = false;
#endif
#else
constexpr bool kUnderAsan = false;
#endif

// Resident memory of this process, in bytes.
size_t Rss() {
  std::ifstream statm("/proc/self/statm");
  size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

TEST(CApiMemory, TenThousandRunsKeepMemoryFlat) {
  PD_Predictor* p = CreateMlp();
  PD_Tensor* in = PD_PredictorGetInputHandle(p, "x");
  PD_Tensor* out = PD_PredictorGetOutputHandle(p, "softmax_0.tmp_0");
  auto x = MlpInput();
  std::vector<float> y(40);
  int32_t shape[2] = {4, 784};
  auto run = [&] {
    return PD_TensorReshape(in, 2, shape) && PD_TensorCopyFromCpuFloat(in, x.data()) &&
           PD_PredictorRun(p) && PD_TensorCopyToCpuFloat(out, y.data());
  };
  for (int i = 0; i < 100; ++i) ASSERT_TRUE(run()) << LastError();
  const size_t before = Rss();
  for (int i = 0; i < 10000; ++i) ASSERT_TRUE(run()) << LastError();
  const size_t after = Rss();
  EXPECT_LE(test::MaxAbsDiff(y, MlpExpected()), 1e-5f);
  PD_TensorDestroy(in);
  PD_TensorDestroy(out);
  PD_PredictorDestroy(p);
  if (kUnderAsan) GTEST_SKIP() << "RSS under ASan; LeakSanitizer checks at exit";
  // A leak of even 64 bytes a run would show as 640 KB.
  EXPECT_LT(after, before + 512 * 1024) << "RSS " << before << " -> " << after;
}

TEST(CApiMemory, CreateDestroyCyclesKeepMemoryFlat) {
  auto x = MlpInput();
  auto cycle = [&] {
    PD_Predictor* p = CreateMlp();
    ASSERT_NE(p, nullptr);
    PD_Predictor* clone = PD_PredictorClone(p);
    RunMlp(clone, x, 4);
    PD_OneDimArrayCstrDestroy(PD_PredictorGetInputNames(p));
    PD_Tensor* out = PD_PredictorGetOutputHandle(p, "softmax_0.tmp_0");
    PD_OneDimArrayInt32Destroy(PD_TensorGetShape(out));  // an error: p never ran
    PD_TensorDestroy(out);
    PD_PredictorDestroy(clone);
    PD_PredictorDestroy(p);
    PD_PredictorCreate(nullptr);  // and an error path
  };
  for (int i = 0; i < 20; ++i) cycle();
  const size_t before = Rss();
  for (int i = 0; i < 200; ++i) cycle();
  const size_t after = Rss();
  if (kUnderAsan) GTEST_SKIP() << "RSS under ASan; LeakSanitizer checks at exit";
  // Each predictor holds ~400 KB of weights: a leaked one per cycle would be 80 MB.
  EXPECT_LT(after, before + 4 * 1024 * 1024) << "RSS " << before << " -> " << after;
}

}  // namespace
}  // namespace paddle
