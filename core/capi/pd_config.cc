// PD_Config*: a paddle_infer::Config behind a C handle.
#include "core/capi/capi_internal.h"

using paddle::capi::ConfigOf;
using paddle::capi::Guard;
using paddle::capi::GuardStatus;
using paddle::capi::Need;

extern "C" {

PD_Config* PD_ConfigCreate(void) {
  return Guard("PD_ConfigCreate", static_cast<PD_Config*>(nullptr), [] { return new PD_Config(); });
}

void PD_ConfigDestroy(PD_Config* pd_config) { delete pd_config; }

PD_Bool PD_ConfigSetModel(PD_Config* pd_config, const char* prog_file_path,
                          const char* params_file_path) {
  return GuardStatus("PD_ConfigSetModel", [&] {
    ConfigOf(pd_config).SetModel(Need(prog_file_path, "prog_file_path"),
                                 Need(params_file_path, "params_file_path"));
  });
}

PD_Bool PD_ConfigSetProgFile(PD_Config* pd_config, const char* prog_file_path) {
  return GuardStatus("PD_ConfigSetProgFile", [&] {
    ConfigOf(pd_config).SetProgFile(Need(prog_file_path, "prog_file_path"));
  });
}

PD_Bool PD_ConfigSetParamsFile(PD_Config* pd_config, const char* params_file_path) {
  return GuardStatus("PD_ConfigSetParamsFile", [&] {
    ConfigOf(pd_config).SetParamsFile(Need(params_file_path, "params_file_path"));
  });
}

PD_Bool PD_ConfigSetModelDir(PD_Config* pd_config, const char* model_dir) {
  return GuardStatus("PD_ConfigSetModelDir",
                     [&] { ConfigOf(pd_config).SetModel(Need(model_dir, "model_dir")); });
}

const char* PD_ConfigGetModelDir(PD_Config* pd_config) {
  return Guard("PD_ConfigGetModelDir", static_cast<const char*>(nullptr),
               [&] { return ConfigOf(pd_config).model_dir().c_str(); });
}

const char* PD_ConfigGetProgFile(PD_Config* pd_config) {
  return Guard("PD_ConfigGetProgFile", static_cast<const char*>(nullptr), [&] {
    std::string path = ConfigOf(pd_config).prog_file();
    pd_config->prog_file = std::move(path);
    return pd_config->prog_file.c_str();
  });
}

const char* PD_ConfigGetParamsFile(PD_Config* pd_config) {
  return Guard("PD_ConfigGetParamsFile", static_cast<const char*>(nullptr), [&] {
    std::string path = ConfigOf(pd_config).params_file();
    pd_config->params_file = std::move(path);
    return pd_config->params_file.c_str();
  });
}

PD_Bool PD_ConfigSwitchIrOptim(PD_Config* pd_config, PD_Bool x) {
  return GuardStatus("PD_ConfigSwitchIrOptim", [&] { ConfigOf(pd_config).SwitchIrOptim(x != 0); });
}

PD_Bool PD_ConfigIrOptim(PD_Config* pd_config) {
  return Guard("PD_ConfigIrOptim", PD_Bool{FALSE},
               [&] { return PD_Bool(ConfigOf(pd_config).ir_optim()); });
}

PD_Bool PD_ConfigDeletePass(PD_Config* pd_config, const char* pass) {
  return GuardStatus("PD_ConfigDeletePass",
                     [&] { ConfigOf(pd_config).DeletePass(Need(pass, "pass")); });
}

PD_Bool PD_ConfigEnableMemoryOptim(PD_Config* pd_config, PD_Bool x) {
  return GuardStatus("PD_ConfigEnableMemoryOptim",
                     [&] { ConfigOf(pd_config).EnableMemoryOptim(x != 0); });
}

PD_Bool PD_ConfigMemoryOptimEnabled(PD_Config* pd_config) {
  return Guard("PD_ConfigMemoryOptimEnabled", PD_Bool{FALSE},
               [&] { return PD_Bool(ConfigOf(pd_config).enable_memory_optim()); });
}

PD_Bool PD_ConfigSetCpuMathLibraryNumThreads(PD_Config* pd_config,
                                             int32_t cpu_math_library_num_threads) {
  return GuardStatus("PD_ConfigSetCpuMathLibraryNumThreads", [&] {
    ConfigOf(pd_config).SetCpuMathLibraryNumThreads(cpu_math_library_num_threads);
  });
}

int32_t PD_ConfigGetCpuMathLibraryNumThreads(PD_Config* pd_config) {
  return Guard("PD_ConfigGetCpuMathLibraryNumThreads", int32_t{0},
               [&] { return int32_t(ConfigOf(pd_config).cpu_math_library_num_threads()); });
}

PD_Bool PD_ConfigEnableMKLDNN(PD_Config* pd_config) {
  return GuardStatus("PD_ConfigEnableMKLDNN", [&] { ConfigOf(pd_config).EnableMKLDNN(); });
}

PD_Bool PD_ConfigMkldnnEnabled(PD_Config* pd_config) {
  return Guard("PD_ConfigMkldnnEnabled", PD_Bool{FALSE},
               [&] { return PD_Bool(ConfigOf(pd_config).mkldnn_enabled()); });
}

PD_Bool PD_ConfigDisableGpu(PD_Config* pd_config) {
  return GuardStatus("PD_ConfigDisableGpu", [&] { ConfigOf(pd_config).DisableGpu(); });
}

PD_Bool PD_ConfigUseGpu(PD_Config* pd_config) {
  return Guard("PD_ConfigUseGpu", PD_Bool{FALSE},
               [&] { return PD_Bool(ConfigOf(pd_config).use_gpu()); });
}

PD_Bool PD_ConfigDisableGlogInfo(PD_Config* pd_config) {
  return GuardStatus("PD_ConfigDisableGlogInfo", [&] {
    ConfigOf(pd_config).DisableGlogInfo();
    pd_config->glog_info_disabled = true;
  });
}

PD_Bool PD_ConfigGlogInfoDisabled(PD_Config* pd_config) {
  return Guard("PD_ConfigGlogInfoDisabled", PD_Bool{FALSE}, [&] {
    ConfigOf(pd_config);
    return PD_Bool(pd_config->glog_info_disabled);
  });
}

PD_Cstr* PD_ConfigSummary(PD_Config* pd_config) {
  return Guard("PD_ConfigSummary", static_cast<PD_Cstr*>(nullptr),
               [&] { return paddle::capi::NewCstr(ConfigOf(pd_config).Summary()); });
}

}  // extern "C"
