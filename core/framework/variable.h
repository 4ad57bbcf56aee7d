// A named slot in a Scope. It holds one of the kinds of values a program's
// variables can have: a dense tensor, a list of them (feed/fetch lists), or
// the child scopes a control-flow op ran its sub-block in (STEP_SCOPES).
#pragma once

#include <variant>
#include <vector>

#include "core/framework/dense_tensor.h"

namespace paddle {

class Scope;

using TensorList = std::vector<DenseTensor>;  // FEED_MINIBATCH / FETCH_LIST

// STEP_SCOPES: the scopes a conditional_block or while ran its sub-block in
// (owned by the scope holding this variable), read again by its grad op.
// A scope is kept for the next run (its sub-block stays prepared); `used`
// says how many this run ran in (while: its steps; conditional_block: 0 or 1).
struct StepScopes {
  std::vector<Scope*> scopes;
  size_t used = 0;
};

template <typename T> struct VarTypeName;
template <> struct VarTypeName<DenseTensor> { static constexpr const char* value = "DenseTensor"; };
template <> struct VarTypeName<TensorList> { static constexpr const char* value = "TensorList"; };
template <> struct VarTypeName<StepScopes> { static constexpr const char* value = "StepScopes"; };

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
  std::variant<std::monostate, DenseTensor, TensorList, StepScopes> value_;
};

inline const char* Variable::TypeName() const {
  switch (value_.index()) {
    case 1: return "DenseTensor";
    case 2: return "TensorList";
    case 3: return "StepScopes";
    default: return "nothing";
  }
}

}  // namespace paddle
