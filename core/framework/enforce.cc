#include "core/framework/enforce.h"

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

}  // namespace paddle
