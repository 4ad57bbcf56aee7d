// The last error, the version, and the arrays and strings the API returns.
#include <cstring>

#include "core/capi/capi_internal.h"
#include "core/inference/paddle_inference_api.h"

namespace paddle {
namespace capi {

namespace {
thread_local PD_ErrorCode last_code = PD_ERR_OK;
thread_local std::string last_message;

char* CopyString(const std::string& s) {
  char* out = new char[s.size() + 1];
  std::memcpy(out, s.c_str(), s.size() + 1);
  return out;
}
}  // namespace

void ClearLastError() {
  last_code = PD_ERR_OK;
  last_message.clear();  // keeps its capacity: no allocation
}

void SetLastError(PD_ErrorCode code, const char* function, const char* message) {
  last_code = code;
  try {
    last_message = StrCat("[", function, "] ", message);
  } catch (...) {  // out of memory for the message itself: the code still tells
    last_message.clear();
  }
}

PD_ErrorCode CodeOf(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kInvalidArgument: return PD_ERR_INVALID_ARGUMENT;
    case ErrorKind::kNotFound: return PD_ERR_NOT_FOUND;
    case ErrorKind::kOutOfRange: return PD_ERR_OUT_OF_RANGE;
    case ErrorKind::kUnimplemented: return PD_ERR_UNIMPLEMENTED;
    case ErrorKind::kPreconditionNotMet: return PD_ERR_PRECONDITION_NOT_MET;
    case ErrorKind::kInvalidModel: return PD_ERR_INVALID_MODEL;
    case ErrorKind::kResourceExhausted: return PD_ERR_RESOURCE_EXHAUSTED;
    case ErrorKind::kFatal: return PD_ERR_INTERNAL;
  }
  return PD_ERR_INTERNAL;
}

PD_OneDimArrayCstr* NewCstrArray(const std::vector<std::string>& items) {
  auto array = std::make_unique<PD_OneDimArrayCstr>();
  array->size = 0;
  array->data = items.empty() ? nullptr : new char*[items.size()]();
  try {
    for (const auto& s : items) array->data[array->size++] = CopyString(s);
  } catch (...) {
    PD_OneDimArrayCstrDestroy(array.release());
    throw;
  }
  return array.release();
}

PD_Cstr* NewCstr(const std::string& s) {
  auto cstr = std::make_unique<PD_Cstr>();
  cstr->size = s.empty() ? 0 : s.size() + 1;
  cstr->data = s.empty() ? nullptr : CopyString(s);
  return cstr.release();
}

}  // namespace capi
}  // namespace paddle

namespace {
// Frees a {size, data} struct whose data is one new[] array (or NULL).
template <typename Flat>
void DestroyFlat(Flat* flat) {
  if (!flat) return;
  delete[] flat->data;
  delete flat;
}
}  // namespace

extern "C" {

const char* PD_GetLastErrorMessage(void) { return paddle::capi::last_message.c_str(); }

PD_ErrorCode PD_GetLastErrorCode(void) { return paddle::capi::last_code; }

const char* PD_GetVersion(void) {
  // Built once (thread-safe static); a failure leaves a fixed string.
  static const std::string version = [] {
    try {
      return paddle_infer::GetVersion();
    } catch (...) {
      return std::string("paddle");
    }
  }();
  return version.c_str();
}

void PD_OneDimArrayInt32Destroy(PD_OneDimArrayInt32* array) { DestroyFlat(array); }
void PD_OneDimArrayInt64Destroy(PD_OneDimArrayInt64* array) { DestroyFlat(array); }
void PD_OneDimArraySizeDestroy(PD_OneDimArraySize* array) { DestroyFlat(array); }

void PD_OneDimArrayCstrDestroy(PD_OneDimArrayCstr* array) {
  if (!array) return;
  for (size_t i = 0; i < array->size; ++i) delete[] array->data[i];
  delete[] array->data;
  delete array;
}

void PD_TwoDimArraySizeDestroy(PD_TwoDimArraySize* array) {
  if (!array) return;
  for (size_t i = 0; i < array->size; ++i) PD_OneDimArraySizeDestroy(array->data[i]);
  delete[] array->data;
  delete array;
}

void PD_CstrDestroy(PD_Cstr* cstr) { DestroyFlat(cstr); }

}  // extern "C"
