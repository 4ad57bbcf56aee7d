// PD_Config* switches for backends this CPU build lacks (GPU, XPU, TensorRT,
// ONNX Runtime, bfloat16, the profiler): accepted so PaddlePaddle deployment
// code runs unchanged, and listed by PD_ConfigSummary as ignored.
#include "core/base/enforce.h"
#include "core/capi/capi_internal.h"

using paddle::capi::ConfigOf;
using paddle::capi::Guard;
using paddle::capi::GuardStatus;

namespace {

paddle_infer::PrecisionType PrecisionOf(PD_PrecisionType p, const char* function) {
  PD_CHECK(p >= PD_PRECISION_FLOAT32 && p <= PD_PRECISION_HALF, InvalidArgument, "[", function,
           "] expected a PD_PrecisionType (PD_PRECISION_FLOAT32, PD_PRECISION_INT8 or "
           "PD_PRECISION_HALF), got ",
           p);
  return static_cast<paddle_infer::PrecisionType>(p);
}
}  // namespace

extern "C" {

PD_Bool PD_ConfigEnableProfile(PD_Config* pd_config) {
  return GuardStatus("PD_ConfigEnableProfile", [&] { ConfigOf(pd_config).EnableProfile(); });
}

PD_Bool PD_ConfigProfileEnabled(PD_Config* pd_config) {
  return Guard("PD_ConfigProfileEnabled", PD_Bool{FALSE},
               [&] { return PD_Bool(ConfigOf(pd_config).profile_enabled()); });
}

PD_Bool PD_ConfigEnableUseGpu(PD_Config* pd_config, uint64_t memory_pool_init_size_mb,
                              int32_t device_id, PD_PrecisionType precision_mode) {
  return GuardStatus("PD_ConfigEnableUseGpu", [&] {
    auto& config = ConfigOf(pd_config);
    config.EnableUseGpu(memory_pool_init_size_mb, device_id,
                        PrecisionOf(precision_mode, "PD_ConfigEnableUseGpu"));
  });
}

int32_t PD_ConfigGpuDeviceId(PD_Config* pd_config) {
  return Guard("PD_ConfigGpuDeviceId", int32_t{0},
               [&] { return int32_t(ConfigOf(pd_config).gpu_device_id()); });
}

int32_t PD_ConfigMemoryPoolInitSizeMb(PD_Config* pd_config) {
  return Guard("PD_ConfigMemoryPoolInitSizeMb", int32_t{0},
               [&] { return int32_t(ConfigOf(pd_config).memory_pool_init_size_mb()); });
}

PD_Bool PD_ConfigEnableXpu(PD_Config* pd_config, int32_t l3_workspace_size, PD_Bool locked,
                           PD_Bool autotune, const char* autotune_file, const char* precision,
                           PD_Bool adaptive_seqlen, PD_Bool enable_multi_stream) {
  return GuardStatus("PD_ConfigEnableXpu", [&] {
    ConfigOf(pd_config).EnableXpu(l3_workspace_size, locked != 0, autotune != 0,
                                  autotune_file ? autotune_file : "",
                                  precision ? precision : "", adaptive_seqlen != 0,
                                  enable_multi_stream != 0);
  });
}

PD_Bool PD_ConfigUseXpu(PD_Config* pd_config) {
  return Guard("PD_ConfigUseXpu", PD_Bool{FALSE},
               [&] { return PD_Bool(ConfigOf(pd_config).use_xpu()); });
}

PD_Bool PD_ConfigEnableTensorRtEngine(PD_Config* pd_config, int64_t workspace_size,
                                      int32_t max_batch_size, int32_t min_subgraph_size,
                                      PD_PrecisionType precision, PD_Bool use_static,
                                      PD_Bool use_calib_mode) {
  return GuardStatus("PD_ConfigEnableTensorRtEngine", [&] {
    auto& config = ConfigOf(pd_config);
    config.EnableTensorRtEngine(workspace_size, max_batch_size, min_subgraph_size,
                                PrecisionOf(precision, "PD_ConfigEnableTensorRtEngine"),
                                use_static != 0, use_calib_mode != 0);
  });
}

PD_Bool PD_ConfigTensorRtEngineEnabled(PD_Config* pd_config) {
  return Guard("PD_ConfigTensorRtEngineEnabled", PD_Bool{FALSE},
               [&] { return PD_Bool(ConfigOf(pd_config).tensorrt_engine_enabled()); });
}

PD_Bool PD_ConfigEnableMkldnnBfloat16(PD_Config* pd_config) {
  return GuardStatus("PD_ConfigEnableMkldnnBfloat16",
                     [&] { ConfigOf(pd_config).EnableMkldnnBfloat16(); });
}

PD_Bool PD_ConfigSetMkldnnCacheCapacity(PD_Config* pd_config, int32_t capacity) {
  return GuardStatus("PD_ConfigSetMkldnnCacheCapacity",
                     [&] { ConfigOf(pd_config).SetMkldnnCacheCapacity(capacity); });
}

PD_Bool PD_ConfigEnableONNXRuntime(PD_Config* pd_config) {
  return GuardStatus("PD_ConfigEnableONNXRuntime", [&] { ConfigOf(pd_config).EnableONNXRuntime(); });
}

PD_Bool PD_ConfigDisableONNXRuntime(PD_Config* pd_config) {
  return GuardStatus("PD_ConfigDisableONNXRuntime",
                     [&] { ConfigOf(pd_config).DisableONNXRuntime(); });
}

PD_Bool PD_ConfigONNXRuntimeEnabled(PD_Config* pd_config) {
  return Guard("PD_ConfigONNXRuntimeEnabled", PD_Bool{FALSE},
               [&] { return PD_Bool(ConfigOf(pd_config).use_onnxruntime()); });
}

}  // extern "C"
