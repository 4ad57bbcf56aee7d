// What the C API's tests share: the last error as a string, a substring
// test, and a names array read (and freed).
#pragma once

#include <string>
#include <vector>

#include "pd_inference_api.h"

namespace paddle {
namespace test {

inline std::string LastError() { return PD_GetLastErrorMessage(); }

inline bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The strings of `array`, which is destroyed; empty for NULL.
inline std::vector<std::string> Names(PD_OneDimArrayCstr* array) {
  std::vector<std::string> out;
  if (!array) return out;
  for (size_t i = 0; i < array->size; ++i) out.emplace_back(array->data[i]);
  PD_OneDimArrayCstrDestroy(array);
  return out;
}

}  // namespace test
}  // namespace paddle
