// Typed errors. Every error says `[where] what was expected, what was got`.
// The Python module maps each kind to its own exception class (see core/pybind).
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace paddle {

enum class ErrorKind {
  kInvalidArgument,     // bad user input: wrong shape, type, value
  kNotFound,            // a named thing (op, variable, kernel, file) is missing
  kOutOfRange,          // an index past the end
  kUnimplemented,       // valid request we do not support (yet)
  kPreconditionNotMet,  // called in the wrong state (e.g. tensor not initialized)
  kInvalidModel,        // a model or parameter file is corrupt or unsupported
  kResourceExhausted,   // out of memory
  kFatal,               // a bug in paddle itself
};

const char* ErrorKindName(ErrorKind kind);

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message)
      : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

template <typename... Args>
std::string StrCat(Args&&... args) {
  std::ostringstream os;
  (os << ... << std::forward<Args>(args));
  return os.str();
}

// "a, b, c" (for error messages that list what exists).
template <typename Container>
std::string StrJoin(const Container& items, const char* sep = ", ") {
  std::ostringstream os;
  bool first = true;
  for (const auto& item : items) {
    os << (first ? "" : sep) << item;
    first = false;
  }
  return os.str();
}

template <typename... Args>
[[noreturn]] void ThrowError(ErrorKind kind, Args&&... args) {
  throw Error(kind, StrCat(std::forward<Args>(args)...));
}

// Paths and names end up in C and POSIX calls that stop at a NUL byte: one
// inside would silently cut the string short, so it is an InvalidArgument
// (as Python's open() raises ValueError). `where` and `what` name the culprit.
void CheckNoNul(const std::string& s, const char* where, const char* what);

}  // namespace paddle

// PD_THROW(InvalidArgument, "[mul] expected ...", x);
#define PD_THROW(KIND, ...) ::paddle::ThrowError(::paddle::ErrorKind::k##KIND, __VA_ARGS__)

// Rethrow with the same kind and more context: PD_THROW_KIND(e.kind(), e.what(), "\n  in ...");
#define PD_THROW_KIND(KIND, ...) ::paddle::ThrowError(KIND, __VA_ARGS__)

// PD_CHECK(x > 0, InvalidArgument, "[op] x must be positive, got ", x);
#define PD_CHECK(COND, KIND, ...)   \
  do {                              \
    if (!(COND)) PD_THROW(KIND, __VA_ARGS__); \
  } while (0)
