// A named slot in a Scope. It holds one of the kinds of values a program's
// variables can have: a dense tensor, or a list of them (feed/fetch lists).
#pragma once

#include <variant>
#include <vector>

#include "core/framework/dense_tensor.h"

namespace paddle {

using TensorList = std::vector<DenseTensor>;  // FEED_MINIBATCH / FETCH_LIST

template <typename T> struct VarTypeName;
template <> struct VarTypeName<DenseTensor> { static constexpr const char* value = "DenseTensor"; };
template <> struct VarTypeName<TensorList> { static constexpr const char* value = "TensorList"; };

class Variable {
 public:
  bool IsInitialized() const { return value_.index() != 0; }
  template <typename T>
  bool IsType() const {
    return std::holds_alternative<T>(value_);
  }
  // Makes the variable hold a T (default-constructed if it held something else).
  template <typename T>
  T* GetMutable() {
    if (!std::holds_alternative<T>(value_)) value_.template emplace<T>();
    return &std::get<T>(value_);
  }
  template <typename T>
  const T& Get() const {
    PD_CHECK(std::holds_alternative<T>(value_), PreconditionNotMet, "[Variable] holds ",
             TypeName(), ", expected ", VarTypeName<T>::value);
    return std::get<T>(value_);
  }
  const char* TypeName() const;
  void Clear() { value_ = std::monostate{}; }

 private:
  std::variant<std::monostate, DenseTensor, TensorList> value_;
};

inline const char* Variable::TypeName() const {
  switch (value_.index()) {
    case 1: return "DenseTensor";
    case 2: return "TensorList";
    default: return "nothing";
  }
}

}  // namespace paddle
