// What the C API's sources share: the handle structs behind the opaque C
// types, and the guard that turns every exception into a status plus this
// thread's last error.
#pragma once

#include <memory>
#include <new>
#include <string>
#include <vector>

#include "core/base/enforce.h"
#include "core/capi/pd_inference_api.h"
#include "core/inference/paddle_inference_api.h"

struct PD_Config {
  paddle_infer::Config config;
  bool glog_info_disabled = false;
  // What PD_ConfigGetProgFile/GetParamsFile last returned (borrowed by the caller).
  std::string prog_file, params_file;
};

struct PD_Predictor {
  std::shared_ptr<paddle_infer::Predictor> predictor;
};

struct PD_Tensor {
  std::unique_ptr<paddle_infer::Tensor> tensor;
};

namespace paddle {
namespace capi {

void ClearLastError();
PD_ErrorCode CodeOf(ErrorKind kind);
void SetLastError(PD_ErrorCode code, const char* function, const char* message);

// Runs `body` for the C function `function`: clears the last error, and on
// any exception records it and returns `on_error` instead.
template <typename R, typename F>
R Guard(const char* function, R on_error, F&& body) noexcept {
  ClearLastError();
  try {
    return body();
  } catch (const Error& e) {
    SetLastError(CodeOf(e.kind()), function, e.what());
  } catch (const std::bad_alloc&) {
    SetLastError(PD_ERR_RESOURCE_EXHAUSTED, function, "out of memory");
  } catch (const std::exception& e) {
    SetLastError(PD_ERR_INTERNAL, function, e.what());
  } catch (...) {
    SetLastError(PD_ERR_INTERNAL, function, "an unknown exception");
  }
  return on_error;
}

// For functions returning PD_Bool: `body` returns nothing; TRUE unless it threw.
template <typename F>
PD_Bool GuardStatus(const char* function, F&& body) noexcept {
  return Guard(function, PD_Bool{FALSE}, [&] {
    body();
    return PD_Bool{TRUE};
  });
}

// Throws InvalidArgument naming `what` when `p` is NULL.
template <typename T>
T* Need(T* p, const char* what) {
  PD_CHECK(p != nullptr, InvalidArgument, what, " is NULL");
  return p;
}

// The config behind a handle; InvalidArgument for a NULL one. (The PD_Config*
// functions live in three files: model and threads, passes, backends.)
inline paddle_infer::Config& ConfigOf(PD_Config* c) { return Need(c, "pd_config")->config; }

// A new PD_OneDimArrayCstr / PD_Cstr holding copies of the strings.
PD_OneDimArrayCstr* NewCstrArray(const std::vector<std::string>& items);
PD_Cstr* NewCstr(const std::string& s);

}  // namespace capi
}  // namespace paddle
