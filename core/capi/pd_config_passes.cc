// PD_Config* functions for the passes run at load, their debug pictures, and
// the model from memory.
#include "core/capi/capi_internal.h"

using paddle::capi::ConfigOf;
using paddle::capi::Guard;
using paddle::capi::GuardStatus;
using paddle::capi::Need;

extern "C" {

PD_Bool PD_ConfigAppendPass(PD_Config* pd_config, const char* pass) {
  return GuardStatus("PD_ConfigAppendPass",
                     [&] { ConfigOf(pd_config).pass_builder()->AppendPass(Need(pass, "pass")); });
}

PD_Bool PD_ConfigInsertPass(PD_Config* pd_config, size_t idx, const char* pass) {
  return GuardStatus("PD_ConfigInsertPass", [&] {
    ConfigOf(pd_config).pass_builder()->InsertPass(idx, Need(pass, "pass"));
  });
}

PD_OneDimArrayCstr* PD_ConfigAllPasses(PD_Config* pd_config) {
  return Guard("PD_ConfigAllPasses", static_cast<PD_OneDimArrayCstr*>(nullptr), [&] {
    return paddle::capi::NewCstrArray(ConfigOf(pd_config).pass_builder()->AllPasses());
  });
}

PD_Bool PD_ConfigSwitchIrDebug(PD_Config* pd_config, PD_Bool x) {
  return GuardStatus("PD_ConfigSwitchIrDebug", [&] { ConfigOf(pd_config).SwitchIrDebug(x != 0); });
}

PD_Bool PD_ConfigSetOptimCacheDir(PD_Config* pd_config, const char* opt_cache_dir) {
  return GuardStatus("PD_ConfigSetOptimCacheDir", [&] {
    ConfigOf(pd_config).SetOptimCacheDir(Need(opt_cache_dir, "opt_cache_dir"));
  });
}

PD_Bool PD_ConfigSetModelBuffer(PD_Config* pd_config, const char* prog_buffer,
                                size_t prog_buffer_size, const char* params_buffer,
                                size_t params_buffer_size) {
  return GuardStatus("PD_ConfigSetModelBuffer", [&] {
    ConfigOf(pd_config).SetModelBuffer(prog_buffer, prog_buffer_size, params_buffer,
                                       params_buffer_size);
  });
}

PD_Bool PD_ConfigModelFromMemory(PD_Config* pd_config) {
  return Guard("PD_ConfigModelFromMemory", PD_Bool{FALSE},
               [&] { return PD_Bool(ConfigOf(pd_config).model_from_memory()); });
}

}  // extern "C"
