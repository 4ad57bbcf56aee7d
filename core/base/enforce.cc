#include "core/base/enforce.h"

namespace paddle {

const char* ErrorKindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kInvalidArgument: return "InvalidArgument";
    case ErrorKind::kNotFound: return "NotFound";
    case ErrorKind::kOutOfRange: return "OutOfRange";
    case ErrorKind::kUnimplemented: return "Unimplemented";
    case ErrorKind::kPreconditionNotMet: return "PreconditionNotMet";
    case ErrorKind::kInvalidModel: return "InvalidModel";
    case ErrorKind::kResourceExhausted: return "ResourceExhausted";
    case ErrorKind::kFatal: return "Fatal";
  }
  return "Unknown";
}

void CheckNoNul(const std::string& s, const char* where, const char* what) {
  const size_t at = s.find('\0');
  if (at == std::string::npos) return;
  std::string shown;
  for (char c : s) shown += c == '\0' ? std::string("\\0") : std::string(1, c);
  PD_THROW(InvalidArgument, "[", where, "] ", what, " '", shown, "' holds a NUL character (at ",
           at, "): it would be cut short there");
}

}  // namespace paddle
